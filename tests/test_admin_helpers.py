"""Helpers shared by the admin, ban, moderation and rate-limit tests (no tests in here).

Direct model access goes through ``models(app)``: a short app context of its own, never held
open around client calls (flask-login caches the signed-in user in ``g``, which lives in the app
context; a request inside an outer context would reuse it).
"""
from contextlib import contextmanager
from pathlib import Path

STORY = {"genre": "Gothic Horror", "mood": "Eerie", "setting": "the old observatory",
         "characters": "Mara", "content": "The bell tolled thirteen times and nobody counted."}


@contextmanager
def models(app):
    from core.db import database
    with app.app_context():
        database.connect(reuse_if_open=True)
        yield database


def make_story(client, **fields):
    response = client.post("/api/stories", json={**STORY, **fields})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def comment(client, kind, content_id, text="So creepy.", parent_id=None):
    body = {"content": text}
    if parent_id is not None:
        body["parentId"] = parent_id
    plural = {"story": "stories", "video": "videos"}[kind]
    response = client.post(f"/api/{plural}/{content_id}/comments", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def make_video(app, user_id, with_file=True, **fields):
    """A video row (the video routes belong to another module), with a file in MEDIA_DIR."""
    from core.models import Video
    with models(app):
        video = Video.create(user=user_id, title=fields.pop("title", "Night Train"), **fields)
    folder = Path(app.config["MEDIA_DIR"]) / "videos" / str(video.id)
    if with_file:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "video.mp4").write_bytes(b"\x00" * 64)
        (folder / "poster.jpg").write_bytes(b"\xff" * 16)
    return video.id


def engage_video(app, video_id, user_id, like=True, share=True, text=None, parent_id=None):
    """Like/share/comment a video as rows with exact counters (no video routes to call yet)."""
    from core.models import Comment, Like, Share, Video
    with models(app) as database, database.atomic():
        comment_id = None
        if like:
            Like.create(user=user_id, video=video_id)
            Video.update(likes_count=Video.likes_count + 1).where(
                Video.id == video_id).execute()
        if share:
            Share.create(user=user_id, video=video_id, platform="clipboard", share_type="link")
            Video.update(shares_count=Video.shares_count + 1).where(
                Video.id == video_id).execute()
        if text:
            comment_id = Comment.create(user=user_id, video=video_id, content=text,
                                        parent=parent_id).id
            Video.update(comments_count=Video.comments_count + 1).where(
                Video.id == video_id).execute()
    return comment_id


def update_user(app, user_id, **fields):
    from core.models import User
    with models(app):
        User.update(**fields).where(User.id == user_id).execute()


def user_row(app, user_id):
    from core.models import User
    with models(app):
        return User.get_or_none(User.id == user_id)


def count(app, model, *where):
    with models(app):
        query = model.select()
        for condition in where:
            query = query.where(condition)
        return query.count()


def orphans(app):
    """Rows whose foreign keys point at nothing, as ``['table.column: n', ...]``."""
    from core.models import ALL_MODELS
    found = []
    with models(app):
        for model in ALL_MODELS:
            for field in model._meta.refs:
                target = field.rel_model
                column = getattr(model, field.name)
                n = (model.select().where(column.is_null(False)
                                          & column.not_in(target.select(target.id))).count())
                if n:
                    found.append(f"{model._meta.table_name}.{field.column_name}: {n}")
    return found


def counter_mismatches(app):
    """Stories and videos whose likes/comments/shares counters differ from their rows."""
    from core.models import Comment, Like, Share, Story, Video
    wrong = []
    with models(app):
        for model, name in ((Story, "story"), (Video, "video")):
            for row in model.select():
                actual = {
                    "likes_count": Like.select().where(getattr(Like, name) == row.id).count(),
                    "comments_count": Comment.select().where(
                        getattr(Comment, name) == row.id).count(),
                    "shares_count": Share.select().where(getattr(Share, name) == row.id).count()}
                for column, value in actual.items():
                    if getattr(row, column) != value:
                        wrong.append(f"{name} {row.id} {column}={getattr(row, column)} "
                                     f"rows={value}")
    return wrong


def audit_actions(app):
    from core.models import AuditEntry
    with models(app):
        return [e.action for e in AuditEntry.select().order_by(AuditEntry.id)]
