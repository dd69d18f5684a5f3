"""Admin: deleting a user with everything they made or did, and the files of their videos."""
import logging

from flask import current_app
from peewee import fn

from core import db
from core.models import (
    AuditEntry,
    Comment,
    Job,
    Like,
    Report,
    Series,
    Share,
    Story,
    User,
    Video,
    View,
)
from core.services import audit
from core.services.admin.users import get_user, guard

log = logging.getLogger(__name__)


CHUNK = 500  # ids per IN (...) list


def chunks(ids):
    ids = list(ids)
    for start in range(0, len(ids), CHUNK):
        yield ids[start:start + CHUNK]


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
        Series.delete().where(Series.user == uid).execute()
        User.delete().where(User.id == uid).execute()
        _recount(Story, touched_stories)
        _recount(Video, touched_videos)
        audit.record(actor, "user.delete", "user", uid, audit.user_label(target),
                     details=summary)
    remove_video_files(video_ids)
    return summary
