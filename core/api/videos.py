"""Videos: feeds, reading, creating (from a story or directly), editing, rendering, engagement."""
from flask.views import MethodView

from core import choices, feed_cache, view_counts
from core.api.engagement import add_engagement_routes
from core.api.reading import add_reading_routes
from core.auth import require_user, viewer
from core.errors import Blueprint, abort
from core.limits import enforce
from core.models import Video
from core.plugins import plugin_host
from core.schemas.content import as_card
from core.schemas.reading import VideoCommunitySchema
from core.schemas.results import MessageSchema, file_response
from core.schemas.stories import TagFilterArgs
from core.schemas.videos import (
    VideoCardSchema,
    VideoCreateSchema,
    VideoEditSchema,
    VideoFeedArgs,
    VideoSchema,
    VoiceSchema,
)
from core.services import engagement, mature, reading, videos
from core.services.access import before_the_body
from core.storage import get_storage

VOICE_NAMES = frozenset(choices.NARRATION_VOICES)
blp = Blueprint("videos", __name__, url_prefix="/api/videos",
                description="Videos: creation, rendering (background jobs), feeds and engagement")


@blp.route("")
class Videos(MethodView):
    @blp.arguments(VideoFeedArgs(), location="query")
    @blp.response(200, VideoCardSchema(many=True))
    def get(self, args):
        """Newest public videos (``?status=completed`` for the playable ones)."""
        return feed_response("All Genres", "All Moods", "newest", args)

    @blp.arguments(VideoCreateSchema)
    @blp.response(201, VideoSchema)
    def post(self, body):
        """Create a video (pending): creationMode from_story (storyId, title) or direct (genre,
        mood, setting, characters); animationStyle and narrationVoice in both."""
        user = require_user()
        return videos.decorate(videos.create(user, body), user)


@blp.route("/community/<genre:genre>/<mood:mood>/<sort:sort>")
class CommunityFeed(MethodView):
    @blp.arguments(VideoFeedArgs(), location="query")
    @blp.response(200, VideoCardSchema(many=True))
    def get(self, args, genre, mood, sort):
        """The community feed: genre and mood filters ('All Genres', 'All Moods'), sort, search
        (``?q=``) and ``?status=`` (pending, processing, completed, failed)."""
        return feed_response(genre, mood, sort, args)


FEED_SCHEMA = VideoSchema(many=True)
CARD_DROPS = ("content", "script", "scenes")  # a card's: on GET /api/videos/{id}


def feed_response(genre, mood, sort, args):
    """A feed page, cached for visitors (``core.feed_cache``)."""
    user = viewer()

    def build():
        page = videos.feed(genre, mood, sort, args, user)
        cards = mature.gate_items([as_card(item, drop=CARD_DROPS, source=("description", "content"))
                                   for item in FEED_SCHEMA.dump(page.items)], user)
        return feed_cache.json_page(cards, page.headers())
    return feed_cache.cached_page(build, public=user is None)


@blp.route("/voices")
class Voices(MethodView):
    @blp.response(200, VoiceSchema(many=True))
    def get(self):
        """Each narration voice and the installed voice that speaks it; ``fallback`` when eSpeak
        NG stands in, with the neural voice to pull (``dreadforge voices pull NAME``)."""
        return [v for v in plugin_host().video_provider().voices() if v["name"] in VOICE_NAMES]


@blp.route("/user/<int:user_id>")
class UserVideos(MethodView):
    @blp.arguments(TagFilterArgs, location="query")
    @blp.response(200, VideoSchema(many=True))
    def get(self, args, user_id):
        """A user's videos, newest first (private ones only for that user and admins)."""
        page = videos.of_user(user_id, viewer(), args)
        return page.items, 200, page.headers()


@blp.route("/<int:video_id>")
class VideoById(MethodView):
    @blp.response(200, VideoSchema)
    def get(self, video_id):
        """One video; counts a view (once per viewer per hour). While it renders, a render whose
        worker died or timed out is noticed here and the video marked failed."""
        user = viewer()
        video = videos.refresh(videos.load(video_id, user))
        engagement.count_view(video, user)
        return videos.decorate(video, user)

    @before_the_body(lambda video_id: videos.owned(video_id, require_user()))
    @blp.arguments(VideoEditSchema)
    @blp.response(200, VideoSchema)
    def patch(self, body, video_id):
        """Save the editor fields of your video (only the fields sent change)."""
        user = require_user()
        video = videos.owned(video_id, user)
        return videos.decorate(videos.update(video, body), user)

    @blp.response(200, MessageSchema)
    def delete(self, video_id):
        """Delete your video with its files, likes, shares, comments and views."""
        user = require_user()
        videos.delete(videos.owned(video_id, user, "You can only delete your own videos."))
        return {"message": "Video deleted successfully"}


@blp.route("/<int:video_id>/community")
class VideoCommunity(MethodView):
    @blp.response(200, VideoCommunitySchema)
    def get(self, video_id):
        """One video with fresh counts, isLikedByUser and your isBookmarked (no view counted)."""
        user = viewer()
        video = videos.refresh(videos.load(video_id, user))
        video.views += view_counts.pending_views("video", video.id)
        return reading.mark_video(videos.decorate(video, user), user)


@blp.route("/<int:video_id>/generate")
class Generate(MethodView):
    @blp.response(202, VideoSchema)
    def post(self, video_id):
        """Start rendering (creator only; from pending or failed, else 409) → the video,
        now processing. Poll ``GET /api/videos/{id}`` for progress."""
        user = require_user()
        video = videos.owned(video_id, user, videos.CREATOR_ONLY)
        enforce("generation")
        return videos.decorate(videos.generate(video, user), user)


@blp.route("/<int:video_id>/regenerate")
class Regenerate(MethodView):
    @blp.arguments(VideoEditSchema)
    @blp.response(202, VideoSchema)
    def post(self, body, video_id):
        """Save the editor fields, then render again (from completed or failed; 409 while
        processing). The current file stays playable until the new render succeeds."""
        user = require_user()
        video = videos.owned(video_id, user, videos.CREATOR_ONLY)
        enforce("generation")
        return videos.decorate(videos.regenerate(video, user, body), user)


@blp.route("/<int:video_id>/download")
class Download(MethodView):
    @blp.response(200, description="The MP4 file as an attachment named by the title")
    @blp.doc(responses={"200": file_response("The MP4 file as an attachment named by the title",
                                             "video/mp4")})
    def get(self, video_id):
        """Download the video (when the creator allows downloads; always for the creator)."""
        user = viewer()
        video = videos.load(video_id, user)
        mature.require(video, user)
        if not (video.allow_download or (user is not None and user.id == video.user_id)):
            abort(403, message="The creator does not allow downloading this video")
        if not video.video_file:
            abort(404, message="This video has not been generated yet")
        return get_storage().serve(video.video_file, "video/mp4",
                                   download_name=videos.download_name(video),
                                   private=not video.is_public)


add_engagement_routes(blp, Video, "video")
add_reading_routes(blp, Video)
