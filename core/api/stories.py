"""Stories: feeds, reading, writing, and the engagement routes."""
from flask.views import MethodView

from core.api.engagement import add_engagement_routes
from core.auth import require_user, signed_in, viewer
from core.errors import Blueprint
from core.models import Story
from core.schemas.common import ListArgs
from core.schemas.results import MessageSchema
from core.schemas.stories import FeedArgs, StorySchema, StoryWriteSchema
from core.services import engagement, feeds, stories
from core.services.access import load_visible

blp = Blueprint("stories", __name__, url_prefix="/api/stories",
                description="Stories, the community feed and engagement")


@blp.route("")
class Stories(MethodView):
    @blp.arguments(ListArgs, location="query")
    @blp.response(200, StorySchema(many=True))
    def get(self, args):
        """Newest public stories (the landing page's Featured Nightmares)."""
        page = feeds.story_feed("All Genres", "All Moods", "newest", args, viewer())
        return page.items, 200, page.headers()

    @signed_in
    @blp.arguments(StoryWriteSchema)
    @blp.response(201, StorySchema)
    def post(self, body):
        """Create a story (title optional: '{genre} Story in {setting}')."""
        user = require_user()
        return stories.decorate(stories.create(user, body), user)


@blp.route("/community/<genre:genre>/<mood:mood>/<sort:sort>")
class CommunityFeed(MethodView):
    @blp.arguments(FeedArgs, location="query")
    @blp.response(200, StorySchema(many=True))
    def get(self, args, genre, mood, sort):
        """The community feed: genre and mood filters ('All Genres', 'All Moods'), sort, search."""
        page = feeds.story_feed(genre, mood, sort, args, viewer())
        return page.items, 200, page.headers()


@blp.route("/user/<int:user_id>")
class UserStories(MethodView):
    @blp.arguments(ListArgs, location="query")
    @blp.response(200, StorySchema(many=True))
    def get(self, args, user_id):
        """A user's stories, newest first (private ones only for that user and admins)."""
        page = stories.of_user(user_id, viewer(), args)
        return page.items, 200, page.headers()


@blp.route("/<int:story_id>")
class StoryById(MethodView):
    @blp.response(200, StorySchema)
    def get(self, story_id):
        """One story; counts a view (once per viewer per hour)."""
        user = viewer()
        story = load_visible(Story, story_id, user)
        engagement.count_view(story, user)
        return stories.decorate(story, user)

    @signed_in
    @blp.arguments(StoryWriteSchema(partial=True))
    @blp.response(200, StorySchema)
    def put(self, body, story_id):
        """Update your story."""
        user = require_user()
        story = stories.owned(story_id, user)
        return stories.decorate(stories.update(story, body), user)

    @blp.response(200, MessageSchema)
    def delete(self, story_id):
        """Delete your story with its likes, shares, comments and views."""
        user = require_user()
        stories.delete(stories.owned(story_id, user))
        return {"message": "Story deleted successfully"}


@blp.route("/<int:story_id>/community")
class StoryCommunity(MethodView):
    @blp.response(200, StorySchema)
    def get(self, story_id):
        """One story with fresh counts and isLikedByUser (no view counted)."""
        user = viewer()
        return stories.decorate(load_visible(Story, story_id, user), user)


add_engagement_routes(blp, Story, "story")

