"""Videos: create (from a story or directly), edit, delete, render, and their response shape."""
import re

from flask import current_app

from core import db
from core.choices import VideoStatus
from core.errors import abort
from core.models import Like, Story, User, Video, utcnow
from core.plugins import plugin_host
from core.schemas.videos import CONTENT_DEFAULTS, MAX_TITLE, STORY_COPY, VIDEO_FIELDS
from core.services import feeds, mature, tags, video_corrections, video_render
from core.services.access import load_owned, load_visible
from core.services.engagement import moderate, save_moderated
from core.storage import get_storage

#: the frame height each resolution names
HEIGHTS = {"720p": 720, "1080p": 1080, "1440p": 1440, "4K": 2160, "8K": 4320}
GENERATE_FROM = (VideoStatus.PENDING, VideoStatus.FAILED)
REGENERATE_FROM = (VideoStatus.COMPLETED, VideoStatus.FAILED)
CREATOR_ONLY = "Only the creator can generate this video"
NO_VIDEOS = "The author does not allow videos of this story"
MATURE_STORY = "This story is mature (18+): turn on mature content in your settings to use it"


def default_title(genre, setting):
    setting = (setting or "").strip()
    title = f"{genre} Video in {setting}" if setting else f"{genre or 'Horror'} Video"
    return title[:MAX_TITLE]


def creation_mode(body):
    return body.get("creationMode") or ("from_story" if body.get("storyId") is not None
                                        else "direct")


# --- reading -------------------------------------------------------------------------------------


def load(video_id, user):
    """The video if ``user`` may see it; 404 otherwise (private videos of others included)."""
    return load_visible(Video, video_id, user)


def owned(video_id, user, message="You can only edit your own videos."):
    """The video if ``user`` owns it: 404 if missing or not visible, 403 if someone else's."""
    return load_owned(Video, video_id, user, message)


def render_height(resolution, max_height):
    """The resolution the provider will really render: the frame's short side in pixels
    (1080 for 1080p, in landscape and portrait alike), capped at the provider's maximum."""
    return min(HEIGHTS.get(resolution, 1080), int(max_height))


def media_url(video, key, name):
    """The URL of a file of the video's current render, versioned by the render (its job id)."""
    if not key:
        return None
    parts = key.split("/")  # videos/{id}/{jobId}/… (see video_render.render_prefix)
    folder = parts[2] if len(parts) > 3 else (video_render.folder_of(key) or "").rsplit("/", 1)[-1]
    version = folder[:12]
    return f"/media/videos/{video.id}/{name}" + (f"?v={version}" if version else "")


def scene_items(video):
    """The scenes of the last render for the response, each thumbnail as a media URL."""
    items = []
    for number, scene in enumerate(video.scenes or [], 1):
        thumbnail = scene.get("thumbnail")
        items.append({"start": scene.get("start") or 0, "text": scene.get("text") or "",
                      "shows": list(scene.get("shows") or []), "who": list(scene.get("who") or []),
                      "where": scene.get("where") or "", "edited": bool(scene.get("edited")),
                      "thumbnailUrl": media_url(video, thumbnail, f"scenes/{number}")
                      if thumbnail else None})
    return items


def mark_story_credits(videos, user):
    """``story_author`` (the original story's author) and ``story_title`` (when ``user`` may see
    that story) on each video made from a story, in one query."""
    ids = {video.story_id for video in videos if video.story_id}
    stories = {}
    if ids:
        query = (Story
                 .select(Story.id, Story.title, Story.is_public, Story.user,
                         User.id, User.first_name, User.last_name, User.role)
                 .join(User)
                 .where(Story.id.in_(list(ids))))
        stories = {story.id: story for story in query}
    for video in videos:
        story = stories.get(video.story_id)
        video.story_author = story.user if story else None
        video.story_title = story.title if story and story.is_visible_to(user) else None


def decorate_many(videos, user, max_height=None):
    """Attach the media URLs, ``renderHeight``, the script and scenes, the original story's credit
    and ``is_liked_by_user`` for the response."""
    if max_height is None:
        max_height = plugin_host().video_provider().max_height
    mark_story_credits(videos, user)
    for video in videos:
        video.script_lines = list(video.script or [])
        video.scene_items = scene_items(video)
        video.video_url = media_url(video, video.video_file, "video.mp4")
        video.poster_url = media_url(video, video.poster_file, "poster.jpg")
        video.subtitles_url = media_url(video, video.subtitles_file, "subtitles.vtt")
        may_download = video.allow_download or (user is not None and user.id == video.user_id)
        video.download_url = (f"/api/videos/{video.id}/download"
                              if video.video_file and may_download else None)
        video.render_height = render_height(video.resolution, max_height)
    feeds.mark_liked(videos, user, Like.video)
    mature.gate_rows(videos, user)
    return videos


def decorate(video, user):
    """One video for the response: its author, media URLs and ``is_liked_by_user``."""
    video.user = User.get_by_id(video.user_id)
    decorate_many([video], user)
    return video


def of_user(user_id, user, args):
    page = feeds.user_feed(Video, Like.video, user_id, user, args)
    decorate_many(page.items, user)
    return page


def feed(genre, mood, sort, args, user):
    page = feeds.video_feed(genre, mood, sort, args, user, status=args.get("status") or None)
    decorate_many(page.items, user)
    return page


def refresh(video):
    """While rendering, notice a dead render (killed worker, timeout) and mark it failed."""
    return video_render.reconcile_video(video)


# --- writing -------------------------------------------------------------------------------------


def _apply(video, body, skip_blank=()):
    for api_name, attribute in VIDEO_FIELDS.items():
        if api_name not in body:
            continue
        value = body[api_name]
        if value is None or (attribute in skip_blank and value == ""):
            continue
        setattr(video, attribute, value)


def _moderation_text(video):
    script = "\n".join(video.script or [])
    script += "\n" + "\n".join(name for scene in video.scenes or [] if scene.get("edited")
                                for name in [*(scene.get("shows") or []), *(scene.get("who") or []),
                                             scene.get("where") or ""])
    return f"{video.title}\n{video.description}\n{video.content}\n{script}"


def create(user, body):
    """A pending video. from_story copies the story's text and settings (a field sent non-empty
    wins); direct takes them from the body (title defaults to '{genre} Video in {setting}')."""
    mode = creation_mode(body)
    story = None
    video = Video(user=user.id, creation_mode=mode, status=VideoStatus.PENDING, progress=0,
                  progress_message="")
    for attribute, value in CONTENT_DEFAULTS.items():
        setattr(video, attribute, value)
    if mode == "from_story":
        story = Story.get_or_none(Story.id == body["storyId"])
        if story is None or not story.is_visible_to(user):
            abort(404, message="Story not found", errors={"storyId": ["Story not found"]})
        if story.is_mature and not mature.may_see(user, story.user_id):
            abort(403, message=MATURE_STORY, errors={"storyId": [MATURE_STORY]})
        if story.user_id != user.id and not story.allow_videos:
            abort(403, message=NO_VIDEOS, errors={"storyId": [NO_VIDEOS]})
        video.story = story.id
        for attribute in STORY_COPY:
            setattr(video, attribute, getattr(story, attribute))
    _apply(video, body, skip_blank=STORY_COPY)
    video.title = (body.get("title") or "").strip() or default_title(video.genre, video.setting)
    if not video.description:
        video.description = "Horror video created with AI"
    verdict = moderate(_moderation_text(video), "video")
    now = utcnow()
    video.created_at = video.updated_at = now
    save_moderated(video, "video", verdict, force_insert=True)
    tags.sync(video)
    if story is not None and story.user_id != user.id:
        plugin_host().fire("on_video_made", video=video, story=story)
    return video


def update(video, body):
    """Apply the editor fields that were sent."""
    was_public = video.is_public
    text_before = _moderation_text(video)
    _apply(video, body)
    corrected = body.get("scenes") is not None
    if corrected:
        video_corrections.correct(video, body["scenes"])
    verdict = None
    if _moderation_text(video) != text_before:
        verdict = moderate(_moderation_text(video), "video")
    video.updated_at = utcnow()
    # only the editor's columns: a render running meanwhile owns the status/file columns
    save_moderated(video, "video", verdict, was_public,
                   only=[getattr(Video, attribute) for attribute in VIDEO_FIELDS.values()]
                   + [Video.updated_at] + ([Video.scenes] if corrected else []))
    if "tags" in body:
        tags.sync(video)
    return Video.get_by_id(video.id)


def delete(video):
    """One transaction: the video with its likes, shares, comments, views, reports and jobs (ON
    DELETE); then its files. A render still running finds its video gone and discards its work."""
    with db.write_transaction():
        Video.delete().where(Video.id == video.id).execute()
    try:
        get_storage(current_app).delete_prefix(video_render.video_prefix(video.id))
    except Exception:  # noqa: BLE001 - the row is gone: a leftover file must not make this a 500
        current_app.logger.exception("could not remove the files of video %s", video.id)


# the 409 message of generate / regenerate for a video in each status it cannot start from
CONFLICTS = {
    "generated": {
        VideoStatus.PROCESSING: "This video is already being generated.",
        VideoStatus.COMPLETED: "This video has already been generated; use regenerate to render "
                               "it again.",
    },
    "regenerated": {
        VideoStatus.PROCESSING: "This video is already being generated.",
        VideoStatus.PENDING: "This video has not been generated yet; use generate.",
    },
}


def _conflict(verb):
    def message(status):
        return CONFLICTS[verb].get(status, f"This video cannot be {verb} while {status}.")
    return message


_conflict_generate, _conflict_regenerate = _conflict("generated"), _conflict("regenerated")


def generate(video, user):
    """Start the first render (from pending, or again after a failure) of the creator's
    ``video`` (``owned(video_id, user, CREATOR_ONLY)``)."""
    return video_render.start(video, user, GENERATE_FROM, _conflict_generate)


def regenerate(video, user, body):
    """Save the editor fields, then render again; the current file stays until the new one
    succeeds (see ``core.services.video_render``). ``video``: the creator's, as ``generate``."""
    fresh = Video.get_by_id(video.id)
    if fresh.status not in REGENERATE_FROM:
        abort(409, message=_conflict_regenerate(fresh.status))
    if body:
        video = update(fresh, body)
    return video_render.start(video, user, REGENERATE_FROM, _conflict_regenerate)


def download_name(video):
    title = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', " ", video.title or "")
    title = re.sub(r"\s+", " ", title).strip(" .")
    return f"{title or 'video'}.mp4"
