"""Media files: rendered videos, posters and subtitle tracks, with HTTP Range support.

``/media/videos/{id}/video.mp4``, ``poster.jpg``, ``subtitles.vtt`` and ``scenes/{n}`` (the
thumbnail of scene n, from 1): the files of the video's current render, from the media storage
(``core.storage``). Private videos are served only to their owner and admins (404 for everyone
else, as for the API). When the storage redirects to an object store, HTML pages' Content-Security-
Policy lets images and media load from the store's origin.
"""
import mimetypes

from flask import request
from flask.views import MethodView

from core.auth import viewer
from core.errors import Blueprint, abort
from core.headers import BASE_POLICY, CSP_HEADER
from core.schemas.results import file_response
from core.services import mature, videos
from core.storage import get_storage

blp = Blueprint("media", __name__, url_prefix="/media", description="Media files")

#: file name in the URL -> (Video attribute holding its key, content type)
VIDEO_MEDIA = {
    "video.mp4": ("video_file", "video/mp4"),
    "poster.jpg": ("poster_file", "image/jpeg"),
    "subtitles.vtt": ("subtitles_file", "text/vtt"),
}


@blp.route("/videos/<int:video_id>/<name>")
class VideoMedia(MethodView):
    @blp.response(200, description="The file (206 Partial Content for a Range request)")
    @blp.doc(responses={"200": file_response(
        "The file (206 Partial Content for a Range request)",
        *sorted({mimetype for _, mimetype in VIDEO_MEDIA.values()}))})
    def get(self, video_id, name):
        """A video's MP4, poster or WebVTT subtitles (Range, ETag and Last-Modified supported)."""
        if name not in VIDEO_MEDIA:
            abort(404, message="File not found")
        video = videos.load(video_id, viewer())
        mature.require(video, viewer())
        attribute, mimetype = VIDEO_MEDIA[name]
        key = getattr(video, attribute)
        if not key:
            abort(404, message="File not found")
        return get_storage().serve(key, mimetype, private=not video.is_public or video.is_mature)


@blp.route("/videos/<int:video_id>/scenes/<int:number>")
class SceneThumbnail(MethodView):
    @blp.response(200, description="The image")
    @blp.doc(responses={"200": file_response("The image", "image/jpeg", "image/png")})
    def get(self, video_id, number):
        """The thumbnail of a scene of the video's current render (scenes count from 1); private
        videos as their poster: only for their owner and admins."""
        video = videos.load(video_id, viewer())
        mature.require(video, viewer())
        scenes = video.scenes or []
        key = scenes[number - 1].get("thumbnail") if 0 < number <= len(scenes) else None
        if not key:
            abort(404, message="File not found")
        mimetype = mimetypes.guess_type(key)[0] or "application/octet-stream"
        return get_storage().serve(key, mimetype, private=not video.is_public or video.is_mature)


@blp.after_app_request
def allow_media_origin(response):
    """Let HTML pages show posters and play videos the media routes redirect to."""
    if response.mimetype != "text/html" or request.path.startswith("/api/"):
        return response
    extra = get_storage().csp_sources()
    if not extra:
        return response
    from core.api.ads import format_policy, merge_sources, parse_policy
    current = response.headers.get(CSP_HEADER)
    policy = parse_policy(current) if current else BASE_POLICY
    response.headers[CSP_HEADER] = format_policy(merge_sources(policy, extra))
    return response
