"""Admin work: figures, user management (roles, activation, bans, deletion) and content moderation.

Rules (enforced here, not in the routes):

* Only a ``super_admin`` may change roles (every change grants or removes an admin role) and only a
  ``super_admin`` may deactivate, ban or delete an administrator.
* Nobody can change the role of, deactivate, ban or delete their own account.
* The last usable (active, unbanned) ``super_admin`` can never be demoted, deactivated, banned or
  deleted.
* Every action writes an audit entry in the same transaction as the change.
"""
import datetime as dt
import logging

from flask import current_app
from peewee import JOIN, SQL, Select, fn

from core import db
from core import models as core_models
from core import search as text_search
from core.choices import STORY_FILTERS, VIDEO_FILTERS
from core.errors import abort
from core.models import (
    ADMIN_ROLES,
    AuditEntry,
    Comment,
    Job,
    Like,
    Report,
    Share,
    Story,
    User,
    Video,
    View,
)
from core.services import audit, feeds
from core.services import stories as story_service

log = logging.getLogger(__name__)


def clock():
    """Now, in UTC (naive), read through ``core.models`` so a test's frozen clock applies here."""
    return core_models.utcnow()

BAN_DURATIONS = (1, 7, 30)
MAX_BAN_REASON = 1000
CHUNK = 500  # ids per IN (...) list


# --- helpers -------------------------------------------------------------------------------------


def page_args(args):
    limit = feeds.clamp_limit(args.get("limit"))
    page = args.get("page") or 1
    if page < 1:
        abort(400, message="page must be 1 or more")
    return page, limit


def count_rows(model, condition=None):
    """``SELECT COUNT(*) FROM table [WHERE condition]``: without a condition SQLite counts the
    entries of the smallest index without reading them (peewee's ``.count()`` wraps the query
    in a subquery, ``COUNT(1)`` over every row)."""
    return counting(model, condition).scalar()


def page_of(query, order, args, total):
    """``?limit=&page=`` on a query, with the total for ``X-Total-Count``."""
    page, limit = page_args(args)
    rows = list(query.order_by(*order).paginate(page, limit))
    return feeds.Page(rows, total=total, page=page, per_page=limit)


def two_step_page(model, condition, args, fetch):
    """A page where many rows match: the page's ids from an index in newest-first order (deep
    pages skip index entries, not whole rows with their text), then ``fetch(ids)`` loads those
    rows; the total from a plain count."""
    page, limit = page_args(args)
    ids_query = model.select(model.id)
    if condition is not None:
        ids_query = ids_query.where(condition)
    ids = [row_id for (row_id,) in ids_query.order_by(model.created_at.desc(), model.id.desc())
           .paginate(page, limit).tuples()]
    by_id = {row.id: row for row in fetch(ids)} if ids else {}
    return feeds.Page([by_id[i] for i in ids if i in by_id], total=count_rows(model, condition),
                      page=page, per_page=limit)


def page_of_hits(model, condition, hits, page, limit, fetch):
    """The Page for ``hits`` (``(id, total)`` rows of one windowed query): the rows in hit order
    and the total (counted again only past the last page, where no hit carries it)."""
    if hits:
        total = hits[0][1]
    elif page > 1:
        total = count_rows(model, condition)
    else:
        total = 0
    ids = [row_id for row_id, _total in hits]
    by_id = {row.id: row for row in fetch(ids)} if ids else {}
    return feeds.Page([by_id[i] for i in ids if i in by_id], total=total, page=page,
                      per_page=limit)


def windowed_page(model, condition, args, fetch):
    """A page of a search or a rare filter in one pass: the ids of the page and the number of
    matches (``COUNT(*) OVER ()``) from one scan, which the admin indexes answer without reading
    the table; then ``fetch(ids)`` loads those rows. Newest first.

    Used where few rows match (or a text search must scan anyway): walking the newest-first index
    and skipping non-matching rows would read the whole table for a handful of banned users."""
    page, limit = page_args(args)
    order = (model.created_at.desc(), model.id.desc())
    hits = list(model.select(model.id, fn.COUNT(SQL("*")).over().alias("total"))
                .where(condition).order_by(*order).paginate(page, limit).tuples())
    return page_of_hits(model, condition, hits, page, limit, fetch)


# A search whose index finds more ids than this walks the newest-first index (testing each entry
# against the ids) instead of reading and sorting every match: a page of a common word reads a
# few hundred index entries, not thousands of rows.
SORT_LIMIT = 2000
# ... and when they are more than this share of the table (a word in most e-mail addresses), the
# walk tests each entry with LIKE (from the index) rather than build a set of most of the ids.
SCAN_SHARE = 0.25


def materialized_page(model, condition, args, fetch):
    """``windowed_page`` for PostgreSQL searches: the matches are gathered first (a MATERIALIZED
    CTE, planned without the ORDER BY … LIMIT, so the gin_trgm_ops indexes answer it), then
    counted and sorted. Inline, the planner walks the newest-first index hoping to stop after a
    page, but ``COUNT(*) OVER ()`` reads every row: ``lower(…) ILIKE`` on each of them."""
    page, limit = page_args(args)
    matches = model.select(model.id, model.created_at).where(condition).cte(
        "matches", materialized=True)
    hits = list(Select([matches], [matches.c.id, fn.COUNT(SQL("*")).over()])
                .with_cte(matches)
                .order_by(matches.c.created_at.desc(), matches.c.id.desc())
                .paginate(page, limit).tuples().execute(db.database))
    return page_of_hits(model, condition, hits, page, limit, fetch)


def search_page(model, match, condition, args, fetch):
    """A page of a text search (``match``: ``core.search.Match``) and the other filters
    (``condition``, or None), newest first, with the number of matches.

    PostgreSQL: ``materialized_page``. SQLite, words of 1–2 characters only (or no FTS table):
    ``windowed_page`` (a scan). SQLite with the FTS index, which also counts the ids:

    * few matches (<= SORT_LIMIT ids), or a filter or short word besides (the total then needs
      each match read anyway): ``windowed_page`` reads each match by id and sorts them;
    * many matches and nothing else: the page comes from walking the newest-first index, each
      entry tested against the ids, and the total is the number of ids (no pass over the rows);
    * a word in most rows (> SCAN_SHARE): the walk tests each entry with LIKE instead (no set
      of most ids to build), whatever else filters."""
    if not db.is_sqlite():
        return materialized_page(model, all_of([match.condition(), condition]), args, fetch)
    if match.ids is None:
        return windowed_page(model, all_of([match.condition(), condition]), args, fetch)
    found = match.count_ids()
    if found == 0:
        page, limit = page_args(args)
        return feeds.Page([], total=0, page=page, per_page=limit)
    pure = match.rest is None and condition is None
    dense = (found > SORT_LIMIT and match.scannable
             and found > SCAN_SHARE * count_rows(model))
    if found <= SORT_LIMIT or not (pure or dense):
        return windowed_page(model, all_of([match.condition(), condition]), args, fetch)
    page, limit = page_args(args)
    walk = match.scan_condition() if dense else match.condition(walk=True)
    ids = [row_id for (row_id,) in model.select(model.id).where(all_of([walk, condition]))
           .order_by(model.created_at.desc(), model.id.desc()).paginate(page, limit).tuples()]
    total = found if pure else count_rows(model, all_of([match.condition(), condition]))
    by_id = {row.id: row for row in fetch(ids)} if ids else {}
    return feeds.Page([by_id[i] for i in ids if i in by_id], total=total, page=page,
                      per_page=limit)


def all_of(terms):
    """The terms that are not None, joined by AND (None when there are none)."""
    return text_search.all_of(term for term in terms if term is not None)


def chunks(ids):
    ids = list(ids)
    for start in range(0, len(ids), CHUNK):
        yield ids[start:start + CHUNK]


def banned_now(now=None):
    """SQL condition: a ban in force at ``now`` (an expired ban does not count)."""
    now = now or clock()
    return (User.is_banned == True) & (  # noqa: E712
        User.ban_expires_at.is_null() | (User.ban_expires_at > now))


def active_now(now=None):
    return (User.is_active == True) & ~banned_now(now)  # noqa: E712


def inactive():
    """``is_active`` false, written so that the (is_banned, is_active, …) index answers it: both
    columns are NOT NULL booleans, so ``is_banned IN (false, true)`` is every row and the index
    is read as two ranges."""
    return User.is_banned.in_([False, True]) & (User.is_active == False)  # noqa: E712


def scalars(*queries):
    """The values of single-value queries, from one statement (one snapshot on both backends):
    ``SELECT (q1), (q2), …``."""
    return Select(columns=list(queries)).tuples().execute(db.database)[0]


def counting(model, condition=None):
    query = model.select(fn.COUNT(SQL("*")))
    return query if condition is None else query.where(condition)


def count_active(now):
    """Users active now: every user - the inactive ones - the active ones banned now (is_active
    is a NOT NULL boolean); three index counts instead of testing every user."""
    total, idle, active_banned = scalars(
        counting(User), counting(User, inactive()),
        counting(User, (User.is_active == True) & banned_now(now)))  # noqa: E712
    return total - idle - active_banned


def get_user(user_id):
    user = User.get_or_none(User.id == user_id)
    if user is None:
        abort(404, message="User not found")
    return user


def remove_video_files(video_ids):
    """Delete each video's files (``MEDIA_DIR/videos/{id}/`` with local storage), after the rows
    are committed; a failure is logged, never raised (the rows are already gone)."""
    from core.services.video_render import video_prefix
    from core.storage import get_storage
    storage = get_storage(current_app)
    for video_id in video_ids:
        try:
            storage.delete_prefix(video_prefix(int(video_id)))
        except Exception:  # noqa: BLE001 - a leftover file must not turn the delete into a 500
            log.exception("could not remove the files of video %s", video_id)


# --- figures -------------------------------------------------------------------------------------


def stats():
    """The panel's figures in one statement of index-only counts (one snapshot): ranges of the
    status, role and visibility indexes; SQLite counts a whole table from its smallest index
    without reading the entries; the views are summed over the (is_public, views, id) indexes.
    Active users and public items are the whole less the (few) others: ``is_active`` and
    ``is_public`` are NOT NULL booleans."""
    now = clock()

    def views(model):
        return model.select(fn.COALESCE(fn.SUM(model.views), 0))

    (users, idle, active_banned, banned, admins, stories, private_stories, story_views, videos,
     private_videos, video_views, open_reports) = scalars(
        counting(User), counting(User, inactive()),
        counting(User, (User.is_active == True) & banned_now(now)),  # noqa: E712
        counting(User, banned_now(now)), counting(User, User.role.in_(ADMIN_ROLES)),
        counting(Story), counting(Story, Story.is_public == False),  # noqa: E712
        views(Story),
        counting(Video), counting(Video, Video.is_public == False),  # noqa: E712
        views(Video),
        counting(Report, Report.status == "open"))
    return {"totalUsers": users, "activeUsers": users - idle - active_banned,
            "inactiveUsers": idle, "bannedUsers": banned, "adminUsers": admins,
            "totalStories": stories, "publicStories": stories - private_stories,
            "totalVideos": videos, "publicVideos": videos - private_videos,
            "totalViews": int(story_views) + int(video_views), "openReports": open_reports}


# --- users ---------------------------------------------------------------------------------------

USER_STATUSES = ("all", "active", "inactive", "banned", "admin")
USER_ROLES = ("all", "user", "admin", "super_admin")


def list_users(args):
    """Filters: ``status`` all, active, inactive, banned, admin; ``role`` all, user, admin (both
    admin roles), super_admin; ``search`` by name or e-mail. Newest first. Two more queries count
    the stories and videos of the users on the page (never one per user)."""
    now = clock()
    status = (args.get("status") or "all").strip().lower()
    role = (args.get("role") or "all").strip().lower()
    if status not in USER_STATUSES:
        abort(400, message=f"Unknown status '{status}' (use {', '.join(USER_STATUSES)})")
    if role not in USER_ROLES:
        abort(400, message=f"Unknown role '{role}' (use {', '.join(USER_ROLES)})")
    conditions = []
    if status == "active":
        conditions.append(active_now(now))
    elif status == "inactive":
        conditions.append(inactive())
    elif status == "banned":
        conditions.append(banned_now(now))
    elif status == "admin":
        conditions.append(User.role.in_(ADMIN_ROLES))
    if role == "admin":
        conditions.append(User.role.in_(ADMIN_ROLES))
    elif role in ("user", "super_admin"):
        conditions.append(User.role == role)
    search = (args.get("search") or "").strip()

    def fetch(ids):
        return User.select().where(User.id.in_(ids))

    condition = all_of(conditions)
    if search:
        page = search_page(User, text_search.matching(User, search), condition, args, fetch)
    elif status in ("inactive", "banned", "admin") or role in ("admin", "super_admin"):
        page = windowed_page(User, condition, args, fetch)
    else:
        # every user, or the active ones (nearly all): the page walks the newest-first index
        total = (count_active(now) if status == "active" and role == "all"
                 else count_rows(User, condition))
        query = User.select() if condition is None else User.select().where(condition)
        page = page_of(query, (User.created_at.desc(), User.id.desc()), args, total)
    attach_counts(page.items)
    return page


def attach_counts(users):
    """``stories_count`` and ``videos_count`` on each user: one grouped query per kind."""
    ids = [user.id for user in users]
    counts = {Story: {}, Video: {}}
    if ids:
        for model in counts:
            counts[model] = dict(model.select(model.user, fn.COUNT(model.id))
                                 .where(model.user.in_(ids)).group_by(model.user).tuples())
    for user in users:
        user.stories_count = counts[Story].get(user.id, 0)
        user.videos_count = counts[Video].get(user.id, 0)
    return users


def usable_super_admins(excluding=None):
    query = User.select().where((User.role == "super_admin") & active_now())
    if excluding is not None:
        query = query.where(User.id != excluding)
    return query.count()


def guard(actor, target, verb):
    """Refuse acting on yourself, an admin without being super_admin, or the last super_admin."""
    if target.id == actor.id:
        abort(400, message=f"You cannot {verb} your own account")
    if target.is_admin and actor.role != "super_admin":
        abort(403, message=f"Only a super admin can {verb} an administrator")
    if target.role == "super_admin" and usable_super_admins(excluding=target.id) == 0:
        abort(400, message=f"You cannot {verb} the last super admin")


def update_user(actor, user_id, body):
    """``role`` and/or ``isActive``; returns the user with counts."""
    if "role" not in body and "isActive" not in body:
        abort(400, message="Nothing to update: send role and/or isActive")
    target = get_user(user_id)
    new_role = body.get("role", target.role)
    new_active = body.get("isActive", target.is_active)
    if new_role != target.role:
        if actor.role != "super_admin":
            abort(403, message="Only a super admin can grant or remove admin roles")
        if target.id == actor.id:
            abort(400, message="You cannot change your own role")
        if (target.role == "super_admin"
                and usable_super_admins(excluding=target.id) == 0):
            abort(400, message="You cannot demote the last super admin")
    if new_active != target.is_active and not new_active:
        guard(actor, target, "deactivate")
    elif new_active != target.is_active and target.is_admin and actor.role != "super_admin":
        abort(403, message="Only a super admin can activate an administrator")
    label = audit.user_label(target)
    with db.write_transaction():
        changes = {}
        if new_role != target.role:
            changes[User.role] = new_role
            audit.record(actor, "user.role_change", "user", target.id, label,
                         details={"from": target.role, "to": new_role})
        if new_active != target.is_active:
            changes[User.is_active] = new_active
            if not new_active:  # deactivation ends every session of the account
                changes[User.session_version] = User.session_version + 1
            audit.record(actor, "user.activate" if new_active else "user.deactivate", "user",
                         target.id, label)
        if changes:
            changes[User.updated_at] = clock()
            User.update(changes).where(User.id == target.id).execute()
    return attach_counts([User.get_by_id(target.id)])[0]


def parse_ban(body, now):
    """``(reason, expires_at)`` from ``{reason, expiresAt}`` or ``{reason, durationDays}``."""
    reason = body.get("reason")
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        abort(400, message="Ban reason is required", errors={"reason": ["Ban reason is required"]})
    if len(reason) > MAX_BAN_REASON:
        message = f"Ban reason must be at most {MAX_BAN_REASON:,} characters"
        abort(400, message=message, errors={"reason": [message]})
    expires_raw, days = body.get("expiresAt"), body.get("durationDays")
    if expires_raw in ("", "permanent"):
        expires_raw = None
    if days in ("", "permanent"):
        days = None
    if expires_raw is not None and days is not None:
        abort(400, message="Give either expiresAt or durationDays, not both")
    if days is not None:
        if isinstance(days, str) and days.strip().isdigit():
            days = int(days.strip())
        if isinstance(days, bool) or not isinstance(days, int) or days not in BAN_DURATIONS:
            message = "durationDays must be 1, 7 or 30 (or null for a permanent ban)"
            abort(400, message=message, errors={"durationDays": [message]})
        return reason, now + dt.timedelta(days=days)
    if expires_raw is None:
        return reason, None
    message = "expiresAt must be an ISO date and time in the future (or null for a permanent ban)"
    if not isinstance(expires_raw, str):
        abort(400, message=message, errors={"expiresAt": [message]})
    try:
        expires = dt.datetime.fromisoformat(expires_raw.strip())
    except ValueError:
        abort(400, message=message, errors={"expiresAt": [message]})
    if expires.tzinfo is not None:
        expires = expires.astimezone(dt.UTC).replace(tzinfo=None)
    if expires <= now:
        abort(400, message="The ban must end in the future", errors={"expiresAt": [message]})
    return reason, expires


def ban_user(actor, user_id, body):
    target = get_user(user_id)
    now = clock()
    reason, expires = parse_ban(body, now)
    guard(actor, target, "ban")
    with db.write_transaction():
        User.update({User.is_banned: True, User.ban_reason: reason, User.ban_expires_at: expires,
                     User.banned_at: now, User.updated_at: now,
                     User.session_version: User.session_version + 1}).where(
            User.id == target.id).execute()
        audit.record(actor, "user.ban", "user", target.id, audit.user_label(target), reason,
                     details={"expiresAt": expires.isoformat() + "Z" if expires else None,
                              "permanent": expires is None})
    return attach_counts([User.get_by_id(target.id)])[0]


def unban_user(actor, user_id):
    target = get_user(user_id)
    if target.is_admin and actor.role != "super_admin" and target.id != actor.id:
        abort(403, message="Only a super admin can unban an administrator")
    if target.is_banned:
        with db.write_transaction():
            User.update({User.is_banned: False, User.ban_reason: None, User.ban_expires_at: None,
                         User.banned_at: None, User.updated_at: clock()}).where(
                User.id == target.id).execute()
            audit.record(actor, "user.unban", "user", target.id, audit.user_label(target),
                         details={"previousReason": target.ban_reason})
    return attach_counts([User.get_by_id(target.id)])[0]


def _ids(query):
    return [row_id for (row_id,) in query.tuples()]


def _recount(model, ids):
    """Set likes, comments and shares counters of ``model`` rows from the rows that remain."""
    fk = {Like: None, Comment: None, Share: None}
    for model_fk in fk:
        fk[model_fk] = model_fk.story if model is Story else model_fk.video
    for part in chunks(sorted(ids)):
        model.update({
            model.likes_count: Like.select(fn.COUNT(Like.id)).where(fk[Like] == model.id),
            model.comments_count: Comment.select(fn.COUNT(Comment.id)).where(
                fk[Comment] == model.id),
            model.shares_count: Share.select(fn.COUNT(Share.id)).where(fk[Share] == model.id),
        }).where(model.id.in_(part)).execute()


def delete_user(actor, user_id):
    """The user and everything they made or did, in one transaction; the likes, comments and
    shares counters of other people's content are recounted from the rows that remain. Their
    video files go after the commit. Returns a summary of what was removed."""
    target = get_user(user_id)
    guard(actor, target, "delete")
    uid = target.id
    with db.write_transaction():
        story_ids = _ids(Story.select(Story.id).where(Story.user == uid))
        video_ids = _ids(Video.select(Video.id).where(Video.user == uid))
        own_comments = Comment.select(Comment.id).where(Comment.user == uid)
        # Other people's content whose counters move: what the user liked, shared or commented.
        touched_stories, touched_videos = set(), set()
        for model in (Like, Share, Comment):
            rows = model.select(model.story, model.video).where(model.user == uid).distinct()
            for story_id, video_id in rows.tuples():
                if story_id is not None:
                    touched_stories.add(story_id)
                if video_id is not None:
                    touched_videos.add(video_id)
        touched_stories -= set(story_ids)
        touched_videos -= set(video_ids)

        summary = {"stories": len(story_ids), "videos": len(video_ids),
                   "comments": own_comments.count(),
                   "likes": Like.select().where(Like.user == uid).count(),
                   "shares": Share.select().where(Share.user == uid).count()}

        # Children before parents, so it works the same with or without ON DELETE support.
        comment_ids = _ids(Comment.select(Comment.id).where(
            (Comment.user == uid) | Comment.parent.in_(own_comments)
            | Comment.story.in_(story_ids or [0]) | Comment.video.in_(video_ids or [0])))
        replies_of_others = 0
        for part in chunks(comment_ids):
            Report.delete().where(Report.comment.in_(part)).execute()
        for part in chunks(comment_ids):
            replies_of_others += Comment.delete().where(
                Comment.id.in_(part) & Comment.parent.is_null(False)).execute()
        for part in chunks(comment_ids):
            Comment.delete().where(Comment.id.in_(part)).execute()
        Like.delete().where(Like.user == uid).execute()
        Share.delete().where(Share.user == uid).execute()
        View.delete().where(View.viewer == f"u:{uid}").execute()
        Report.delete().where(Report.reporter == uid).execute()
        Report.update(resolved_by=None).where(Report.resolved_by == uid).execute()
        AuditEntry.update(actor=None).where(AuditEntry.actor == uid).execute()
        Job.delete().where(Job.user == uid).execute()
        for model, ids, fk_name in ((Story, story_ids, "story"), (Video, video_ids, "video")):
            for part in chunks(ids):
                for child in (Like, Share, View, Report):
                    child.delete().where(getattr(child, fk_name).in_(part)).execute()
                if model is Video:
                    Job.delete().where(Job.video.in_(part)).execute()
                else:
                    # Other people's videos made from these stories keep working, unlinked.
                    Video.update(story=None).where(Video.story.in_(part)).execute()
        for part in chunks(video_ids):
            Video.delete().where(Video.id.in_(part)).execute()
        for part in chunks(story_ids):
            Story.delete().where(Story.id.in_(part)).execute()
        User.delete().where(User.id == uid).execute()
        _recount(Story, touched_stories)
        _recount(Video, touched_videos)
        audit.record(actor, "user.delete", "user", uid, audit.user_label(target),
                     details=summary)
    remove_video_files(video_ids)
    return summary


# --- stories and videos --------------------------------------------------------------------------



def list_content(model, args):
    """Every story or video (private ones too), newest first, with the author in the same query.
    ``filter`` all, public, private (videos also a status); ``search`` in the title, or an exact
    author e-mail address; ``userId`` for one author."""
    allowed = STORY_FILTERS if model is Story else VIDEO_FILTERS
    condition = None

    def add(term):
        nonlocal condition
        condition = term if condition is None else (condition & term)

    for value in {args.get("filter") or "all", args.get("status") or "all"}:
        value = value.strip().lower()
        if value not in allowed:
            abort(400, message=f"Unknown filter '{value}' (use {', '.join(allowed)})")
        if value == "public":
            add(model.is_public == True)  # noqa: E712
        elif value == "private":
            add(model.is_public == False)  # noqa: E712
        elif value != "all":
            add(model.status == value)
    if args.get("userId") is not None:
        add(model.user == args["userId"])

    def with_author():
        return model.select(model, User).join(User, JOIN.INNER, on=(model.user == User.id))

    search = (args.get("search") or "").strip()
    if search:
        def fetch(ids):
            return with_author().where(model.id.in_(ids))

        match = text_search.matching(model, search)
        # or the items of the author with exactly that e-mail address (looked up first: an
        # index can serve ``title matches OR user_id = n``, not ``OR user_id IN (SELECT …)``)
        author = (User.select(User.id).where(User.email == search.lower()).scalar()
                  if "@" in search else None)
        if author is None:
            page = search_page(model, match, condition, args, fetch)
        elif match.ids is not None and match.rest is None:
            match.union(model.select(model.id).where(model.user == author))
            page = search_page(model, match, condition, args, fetch)
        else:
            add(match.condition() | (model.user == author))
            page = (windowed_page if db.is_sqlite() else materialized_page)(
                model, condition, args, fetch)
    else:
        page = two_step_page(model, condition, args,
                             lambda ids: with_author().where(model.id.in_(ids)))
    for row in page.items:
        row.is_liked_by_user = False
    return page


def get_content(model, content_id):
    row = (model.select(model, User).join(User, JOIN.INNER, on=(model.user == User.id))
           .where(model.id == content_id).first())
    if row is None:
        abort(404, message=f"{model.__name__} not found")
    return row


def set_visibility(actor, model, content_id, is_public):
    content = get_content(model, content_id)
    kind = model.__name__.lower()
    if content.is_public != is_public:
        with db.write_transaction():
            model.update({model.is_public: is_public, model.updated_at: clock()}).where(
                model.id == content.id).execute()
            audit.record(actor, f"{kind}.visibility", kind, content.id, content.title,
                         details={"isPublic": is_public, "authorId": content.user_id,
                                  "authorEmail": content.user.email})
        content.is_public = is_public
    content.is_liked_by_user = False
    return content


def delete_content(actor, model, content_id):
    content = get_content(model, content_id)
    kind = model.__name__.lower()
    with db.write_transaction():
        if model is Story:
            story_service.delete(content)
        else:
            Video.delete().where(Video.id == content.id).execute()
        audit.record(actor, f"{kind}.delete", kind, content.id, content.title,
                     details={"authorId": content.user_id, "authorEmail": content.user.email})
    if model is Video:
        remove_video_files([content.id])
    return {"message": "Content deleted successfully"}
