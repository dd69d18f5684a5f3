"""Reading the bell: a user's notifications, the unread count, marking read, the per-kind switches.
(They are written by the ``plugins.notifications`` plugin from the event hooks.)"""
from core import db, notification_kinds
from core.models import Comment, Notification, Story, User, Video
from core.pagination import Page, page_args
from core.services import feeds


def unread_count(user):
    """The bell's figure: one count over the (user, is_read, id) index."""
    return (Notification.select()
            .where((Notification.user == user.id) & (Notification.is_read == False))  # noqa: E712
            .count())


def page(user, args):
    """The user's notifications, newest first (``?unread=1``; ``?limit=&cursor=`` or ``&page=``)."""
    query = Notification.select().where(Notification.user == user.id)
    if args.get("unread"):
        query = query.where(Notification.is_read == False)  # noqa: E712
    number, limit = page_args(args, default_page=None)
    ordered = query.order_by(Notification.id.desc())
    if number is not None:
        rows = list(ordered.paginate(number, limit))
        result = Page(rows, total=query.count(), page=number, per_page=limit)
    else:
        cursor = args.get("cursor")
        if cursor:
            _value, last_id = feeds.decode_cursor(cursor, "id")
            ordered = ordered.where(Notification.id < last_id)
        rows = list(ordered.limit(limit + 1))
        next_cursor = None
        if len(rows) > limit:
            rows = rows[:limit]
            next_cursor = feeds.encode_cursor(rows[-1].id, rows[-1].id)
        result = Page(rows, next_cursor=next_cursor)
    result.items = shaped(result.items)
    return result


def _by_id(model, ids, *columns):
    ids = {i for i in ids if i}
    return {row.id: row for row in model.select(*columns).where(model.id.in_(ids))} if ids else {}


def shaped(rows):
    """The API's shape of ``rows``, their actors and items read in four queries."""
    actors = _by_id(User, (r.actor_id for r in rows), User.id, User.first_name, User.last_name,
                    User.profile_image_url)
    stories = _by_id(Story, (r.story_id for r in rows), Story.id, Story.title)
    videos = _by_id(Video, (r.video_id for r in rows), Video.id, Video.title)
    comments = _by_id(Comment, (r.comment_id for r in rows), Comment.id, Comment.story,
                      Comment.video)
    return [_shape(row, actors, stories, videos, comments) for row in rows]


def _shape(row, actors, stories, videos, comments):
    actor = actors.get(row.actor_id)
    name = actor.display_name if actor else "Someone"
    if actor and row.actors_count > 1:
        others = row.actors_count - 1
        name = f"{name} and {others} other{'s' if others > 1 else ''}"
    item, noun, link, detail = None, "", None, row.detail
    if row.video_id:
        item, noun = videos.get(row.video_id), "video"
    if item is None and row.story_id:
        item, noun = stories.get(row.story_id), "story"
    comment = comments.get(row.comment_id)
    if item is None and comment is not None:  # a report on a comment: its story or video
        item, noun = (stories.get(comment.story_id), "story") if comment.story_id else (
            videos.get(comment.video_id), "video")
    if item is not None:
        link = f"/{noun}/{item.id}"
    title = item.title if item else None
    if row.kind == "moderation":
        detail = notification_kinds.moderation(detail, noun, title)
    if row.kind == "video" and row.story_id:
        story = stories.get(row.story_id)
        title = story.title if story else title
    if row.kind == "follow" and actor:
        link = f"/u/{actor.id}"
    return {"id": row.id, "kind": row.kind, "actor": actor, "actorsCount": row.actors_count,
            "text": notification_kinds.line(row.kind, name, title, detail, noun),
            "link": link, "isRead": row.is_read, "createdAt": row.created_at}


def mark_read(user, body):
    """Mark the user's own ``ids`` (others' are left alone), or all of them, read."""
    query = Notification.update(is_read=True).where(
        (Notification.user == user.id) & (Notification.is_read == False))  # noqa: E712
    if not body.get("all"):  # neither ids nor all: nothing to mark
        query = query.where(Notification.id.in_(body.get("ids") or [0]))
    with db.write_transaction():
        marked = query.execute()
    return {"marked": marked, "unread": unread_count(user)}


def settings(user):
    off = set(user.notifications_off or ())
    return {"kinds": [{"kind": kind, "label": entry["label"], "enabled": kind not in off}
                      for kind, entry in notification_kinds.kinds().items()]}


def save_settings(user, off):
    user.notifications_off = sorted(set(off))
    with db.write_transaction():
        User.update(notifications_off=user.notifications_off).where(User.id == user.id).execute()
    return settings(user)
