"""Mature (18+) gating: a mature story or video comes to a visitor, or to a reader who did not
opt in (``users.show_mature``), as its card with ``matureGate`` and no text or files; its owner
and the admins always see it."""
from core.errors import abort
from core.models import Story
from core.schemas.content import excerpt

#: a video's files (model attributes, and their API names)
VIDEO_FILES = ("video_url", "poster_url", "subtitles_url", "download_url")
VIDEO_FILE_KEYS = ("videoUrl", "posterUrl", "subtitlesUrl", "downloadUrl")


def may_see(user, owner_id):
    return user is not None and (bool(user.show_mature) or user.is_admin or user.id == owner_id)


def require(video, user):
    """403 for a mature video's files (media, download) to a reader who may not see it."""
    if video.is_mature and not may_see(user, video.user_id):
        abort(403, message="This video is mature (18+): sign in and turn on mature content in "
                           "your settings to watch it")


def require_comments(content, user):
    """403 for the comments of a mature story or video (reading them, or adding one) to a reader
    who may not see its text: comments quote and discuss it."""
    if content.is_mature and not may_see(user, content.user_id):
        noun = type(content).__name__.lower()
        abort(403, message=f"This {noun} is mature (18+): sign in and turn on mature content in "
                           "your settings to read its comments")


def gate_rows(rows, user):
    """Set ``mature_gate`` on model objects about to be dumped, their text and files cleared."""
    for row in rows:
        row.mature_gate = bool(row.is_mature) and not may_see(user, row.user_id)
        if row.mature_gate:
            row.content = None
            for name in VIDEO_FILES:
                if hasattr(row, name):
                    setattr(row, name, None)
            if hasattr(row, "script_lines"):
                row.script_lines, row.scene_items = [], []
    return rows


def gate_items(items, user):
    """The same on dumped items (dicts; a card's excerpt emptied too)."""
    for item in items:
        gated = bool(item.get("matureGate")) or (
            bool(item.get("isMature")) and not may_see(user, item.get("userId")))
        item["matureGate"] = gated
        if gated:
            for key in ("content", *VIDEO_FILE_KEYS):
                if key in item:
                    item[key] = None
            for key in ("script", "scenes"):
                if key in item:
                    item[key] = []
            if "excerpt" in item:
                item["excerpt"] = ""
    return items


def ungate_story_cards(items, user):
    """The visitors' story cards (every mature one gated) for ``user``: the ones they may see
    get their excerpt back (one query)."""
    ids = [item["id"] for item in items
           if item.get("matureGate") and may_see(user, item.get("userId"))]
    if not ids:
        return items
    texts = dict(Story.select(Story.id, Story.content).where(Story.id.in_(ids)).tuples())
    for item in items:
        if item["id"] in texts:
            item["matureGate"] = False
            item["excerpt"] = excerpt(texts[item["id"]])
    return items
