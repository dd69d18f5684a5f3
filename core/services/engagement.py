"""Likes, shares, comments and views on stories and videos, with exact counters.

Every counter moves in the same transaction as the row it counts, by the number of rows actually
written or deleted, so concurrent clients can never leave a count different from the rows.
"""
import datetime as dt
import hashlib

from flask import request
from peewee import fn

from core import crawlers, db, view_counts
from core.errors import abort
from core.models import Comment, Like, Share, Story, User, View, utcnow
from core.plugins import plugin_host

VIEW_WINDOW = dt.timedelta(hours=1)
MAX_COMMENT = 5000


def kind_of(content):
    return "story" if isinstance(content, Story) else "video"


def fk(model, content):
    """The foreign key of ``model`` (Like, Share, Comment, View) that points at ``content``."""
    return getattr(model, kind_of(content))


def bump(content, column, delta):
    """Move a counter of ``content`` by ``delta`` in SQL (never below zero)."""
    if not delta:
        return
    model = type(content)
    field = getattr(model, column)
    model.update({field: fn.MAX(field + delta, 0) if db.is_sqlite()
                  else fn.GREATEST(field + delta, 0)}).where(model.id == content.id).execute()


def current_count(content, column):
    model = type(content)
    return (model.select(getattr(model, column)).where(model.id == content.id).scalar()) or 0


# --- likes ---------------------------------------------------------------------------------------


def like(content, user):
    with db.write_transaction():
        query = Like.insert({fk(Like, content): content.id, Like.user: user.id}).on_conflict_ignore()
        inserted = db.database.execute(query).rowcount
        if inserted:
            bump(content, "likes_count", 1)
    if inserted:
        plugin_host().fire("on_liked", content=content, kind=kind_of(content), user=user)
    return {"liked": True, "likesCount": current_count(content, "likes_count")}


def unlike(content, user):
    with db.write_transaction():
        deleted = (Like.delete()
                   .where((fk(Like, content) == content.id) & (Like.user == user.id))
                   .execute())
        bump(content, "likes_count", -deleted)
    return {"liked": False, "likesCount": current_count(content, "likes_count")}


# --- shares --------------------------------------------------------------------------------------


def share(content, user, platform, share_type):
    host = plugin_host()
    targets = {target.id: target for target in host.share_targets()}
    if platform not in targets:
        abort(400, message=f"Unknown share platform '{platform}' "
                           f"(enabled: {', '.join(targets) or 'none'})")
    if share_type != targets[platform].share_type:
        abort(400, message=f"Share type '{share_type}' does not match platform '{platform}' "
                           f"(expected '{targets[platform].share_type}')")
    if user is None:
        return {"recorded": False, "sharesCount": current_count(content, "shares_count")}
    with db.write_transaction():
        Share.create(**{kind_of(content): content.id}, user=user.id, platform=platform,
                     share_type=share_type)
        bump(content, "shares_count", 1)
    host.fire("on_shared", content=content, kind=kind_of(content), platform=platform,
              share_type=share_type, user=user)
    return {"recorded": True, "sharesCount": current_count(content, "shares_count")}


# --- views ---------------------------------------------------------------------------------------


def viewer_key(user):
    if user is not None:
        return f"u:{user.id}"
    raw = f"{request.remote_addr}|{request.headers.get('User-Agent', '')}"
    return "a:" + hashlib.sha256(raw.encode()).hexdigest()[:40]


def count_view(content, user):
    """Count a view unless this viewer already counted one on this content within the hour
    (in Redis, folded into the database in batches, when ``core.view_counts`` is enabled). A
    crawler's fetch (a search engine, a link preview: ``core.crawlers``) is not a view."""
    if crawlers.is_crawler(request.headers.get("User-Agent", "")):
        return False
    key = viewer_key(user)
    if view_counts.enabled():
        counted = view_counts.count(content, kind_of(content), key)
        if counted is not None:
            return counted
    field = fk(View, content)
    since = utcnow() - VIEW_WINDOW
    recent = (View.select(View.id)
              .where((field == content.id) & (View.viewer == key) & (View.created_at > since))
              .exists())
    if recent:
        return False
    with db.write_transaction():
        View.create(**{kind_of(content): content.id}, viewer=key)
        bump(content, "views", 1)
    content.views += 1
    return True


# --- comments ------------------------------------------------------------------------------------


def clean_comment(text, empty_message):
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        abort(400, message=empty_message, errors={"content": [empty_message]})
    if len(text) > MAX_COMMENT:
        message = f"Comment must be at most {MAX_COMMENT:,} characters"
        abort(400, message=message, errors={"content": [message]})
    return text


def moderate(text, kind):
    """Run the moderation filters: a rejection is a 422 with the reason; returns a flag or None."""
    verdict = plugin_host().moderate(text, kind)
    if verdict is not None and verdict.action == "reject":
        abort(422, message=verdict.reason)
    return verdict


def flag_for_review(verdict, **target):
    """A filter's 'flag' verdict becomes an open report from the system (no reporter)."""
    if verdict is None or verdict.action != "flag":
        return
    from core.models import Report
    Report.create(reporter=None, reason=f"Flagged automatically: {verdict.reason}", **target)


def save_moderated(item, kind, verdict, was_public=False, **save_args):
    """Save a story or video (`kind`) with the report its moderation `verdict` flags, in one
    transaction; then fire ``on_published`` if it has just become public."""
    with db.write_transaction():
        item.save(**save_args)
        flag_for_review(verdict, **{kind: item.id})
    if item.is_public and not was_public:
        plugin_host().fire("on_published", content=item, kind=kind)


def add_comment(content, user, text, parent_id=None):
    if not content.allow_comments:
        abort(403, message="Comments are turned off for this " + kind_of(content))
    text = clean_comment(text, "Please enter a reply" if parent_id else "Please enter a comment")
    verdict = moderate(text, "comment")
    parent = None
    if parent_id is not None:
        parent = Comment.get_or_none((Comment.id == parent_id)
                                     & (fk(Comment, content) == content.id))
        if parent is None:
            abort(404, message="The comment you are replying to does not exist")
        # One reply level: a reply to a reply joins the thread of its top-level comment.
        if parent.parent_id is not None:
            parent = Comment.get_by_id(parent.parent_id)
    with db.write_transaction():
        comment = Comment.create(**{kind_of(content): content.id}, user=user.id, content=text,
                                 parent=parent.id if parent else None)
        bump(content, "comments_count", 1)
        flag_for_review(verdict, comment=comment.id)
    comment.user = user
    plugin_host().fire("on_commented", comment=comment, content=content, kind=kind_of(content))
    return comment


def get_comment(comment_id, kind):
    field = Comment.story if kind == "story" else Comment.video
    comment = (Comment.select(Comment, User).join(User, on=(Comment.user == User.id))
               .where((Comment.id == comment_id) & field.is_null(False)).first())
    if comment is None:
        abort(404, message="Comment not found")
    return comment


def edit_comment(comment, user, text):
    if comment.user_id != user.id:
        abort(403, message="You can only edit your own comments")
    text = clean_comment(text, "Please enter comment content")
    verdict = moderate(text, "comment")
    with db.write_transaction():
        comment.content = text
        comment.updated_at = max(utcnow(), comment.created_at + dt.timedelta(microseconds=1))
        comment.save()
        flag_for_review(verdict, comment=comment.id)
    return comment


def delete_comment(comment, user, content_model):
    if comment.user_id != user.id and not user.is_admin:
        abort(403, message="You can only delete your own comments")
    content_id = comment.story_id if content_model is Story else comment.video_id
    content = content_model.get_by_id(content_id)
    with db.write_transaction():
        replies = Comment.delete().where(Comment.parent == comment.id).execute()
        deleted = Comment.delete().where(Comment.id == comment.id).execute()
        bump(content, "comments_count", -(replies + deleted))


def comments_of(content):
    return list(Comment.select(Comment, User)
                .join(User, on=(Comment.user == User.id))
                .where(fk(Comment, content) == content.id)
                .order_by(Comment.created_at.desc(), Comment.id.desc()))


def likes_of(content):
    return list(Like.select(Like, User).join(User, on=(Like.user == User.id))
                .where(fk(Like, content) == content.id)
                .order_by(Like.created_at.desc(), Like.id.desc()))


def shares_of(content):
    return list(Share.select(Share, User).join(User, on=(Share.user == User.id))
                .where(fk(Share, content) == content.id)
                .order_by(Share.created_at.desc(), Share.id.desc()))
