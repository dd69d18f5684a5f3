"""Reports of stories, videos and comments by users, for the moderators' queue."""
from peewee import IntegrityError

from core import db
from core.choices import REPORT_FILTERS
from core.errors import abort
from core.models import Comment, Report, Story, User, Video, utcnow
from core.pagination import choice, page_of
from core.plugins import plugin_host
from core.services import audit

MAX_REASON = 1000


def report(user, reason, **target):
    """File a report on one item (``story=``, ``video=`` or ``comment=`` id); 409 if filed before."""
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        abort(400, message="Please give a reason for the report", errors={
            "reason": ["Please give a reason for the report"]})
    if len(reason) > MAX_REASON:
        abort(400, message=f"Reason must be at most {MAX_REASON:,} characters")
    try:
        with db.write_transaction():
            row = Report.create(reporter=user.id, reason=reason, **target)
    except IntegrityError:
        abort(409, message="You have already reported this")
    return {"id": row.id, "status": row.status, "message": "Thanks, the moderators will take a look."}


# --- the moderators' queue -----------------------------------------------------------------------

EXCERPT = 150
TYPES = ("all", "story", "video", "comment")


def excerpt(text, size=EXCERPT):
    text = " ".join((text or "").split())
    return text if len(text) <= size else text[:size].rstrip() + "..."


def _person(user):
    if user is None:
        return None
    return {"id": user.id, "name": user.display_name, "email": user.email}


def queue(args):
    """Reports newest first (``status`` open by default, ``type``), each with its item's title or
    excerpt, the item's author and the reporter's name, in a fixed number of queries."""
    status = choice(args, "status", REPORT_FILTERS, "open")
    kind = choice(args, "type", TYPES, "all")
    query = Report.select()
    if status != "all":
        query = query.where(Report.status == status)
    if kind != "all":
        query = query.where(getattr(Report, kind).is_null(False))
    page = page_of(query, (Report.created_at.desc(), Report.id.desc()), args)
    rows = page.items

    comments = {c.id: c for c in Comment.select().where(
        Comment.id.in_({r.comment_id for r in rows if r.comment_id} or {0}))}
    story_ids = {r.story_id for r in rows if r.story_id} | {
        c.story_id for c in comments.values() if c.story_id}
    video_ids = {r.video_id for r in rows if r.video_id} | {
        c.video_id for c in comments.values() if c.video_id}
    stories = {s.id: s for s in Story.select(Story.id, Story.title, Story.content,
                                             Story.is_public, Story.user)
               .where(Story.id.in_(story_ids or {0}))}
    videos = {v.id: v for v in Video.select(Video.id, Video.title, Video.description,
                                            Video.content, Video.is_public, Video.user)
              .where(Video.id.in_(video_ids or {0}))}
    user_ids = ({r.reporter_id for r in rows} | {r.resolved_by_id for r in rows}
                | {c.user_id for c in comments.values()} | {s.user_id for s in stories.values()}
                | {v.user_id for v in videos.values()}) - {None}
    users = {u.id: u for u in User.select().where(User.id.in_(user_ids or {0}))}

    page.items = [_shape(row, comments, stories, videos, users) for row in rows]
    return page


def _shape(row, comments, stories, videos, users):
    target = {"type": None, "id": None, "title": None, "excerpt": None, "isPublic": None,
              "storyId": None, "videoId": None, "authorId": None}
    if row.comment_id:
        comment = comments.get(row.comment_id)
        parent = (stories.get(comment.story_id) if comment and comment.story_id
                  else videos.get(comment.video_id) if comment else None)
        target.update(type="comment", id=row.comment_id,
                      excerpt=excerpt(comment.content) if comment else None,
                      title=parent.title if parent else None,
                      isPublic=parent.is_public if parent else None,
                      storyId=comment.story_id if comment else None,
                      videoId=comment.video_id if comment else None,
                      authorId=comment.user_id if comment else None)
    elif row.story_id or row.video_id:
        kind = "story" if row.story_id else "video"
        item_id = row.story_id or row.video_id
        item = (stories if row.story_id else videos).get(item_id)
        text = item and (item.content if row.story_id else item.description or item.content)
        target.update(type=kind, id=item_id, **{f"{kind}Id": item_id},
                      title=item.title if item else None,
                      excerpt=excerpt(text) if item else None,
                      isPublic=item.is_public if item else None,
                      authorId=item.user_id if item else None)
    author = users.get(target["authorId"])
    target["authorName"] = author.display_name if author else None
    target["authorEmail"] = author.email if author else None
    reporter = users.get(row.reporter_id)
    return {"id": row.id, "status": row.status, "reason": row.reason,
            "isSystem": row.reporter_id is None, "reporter": _person(reporter),
            "reporterName": reporter.display_name if reporter else "System (moderation filter)",
            "target": target, "createdAt": row.created_at, "resolvedAt": row.resolved_at,
            "resolvedBy": _person(users.get(row.resolved_by_id)),
            "resolutionNote": row.resolution_note}


def close(actor, report_id, status, note=None):
    """Resolve or dismiss an open report (409 when already closed), with an audit entry."""
    assert status in ("resolved", "dismissed")
    row = Report.get_or_none(Report.id == report_id)
    if row is None:
        abort(404, message="Report not found")
    note = note.strip() if isinstance(note, str) else None
    if note and len(note) > MAX_REASON:
        abort(400, message=f"Note must be at most {MAX_REASON:,} characters")
    if row.status != "open":
        abort(409, message=f"This report has already been {row.status}")
    kind = "comment" if row.comment_id else "story" if row.story_id else "video"
    target_id = row.comment_id or row.story_id or row.video_id
    with db.write_transaction():
        changed = (Report.update({Report.status: status, Report.resolved_by: actor.id,
                                  Report.resolution_note: note or None,
                                  Report.resolved_at: utcnow()})
                   .where((Report.id == row.id) & (Report.status == "open")).execute())
        if not changed:
            abort(409, message="This report has already been closed")
        audit.record(actor, "report.resolve" if status == "resolved" else "report.dismiss",
                     "report", row.id, f"{kind} #{target_id}: {excerpt(row.reason, 200)}",
                     reason=note, details={"targetType": kind, "targetId": target_id,
                                           "reportReason": row.reason})
    row.status = status
    plugin_host().fire("on_report_closed", report=row)
    return row.id
