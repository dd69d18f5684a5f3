"""Stories: feeds, reading, writing, and the engagement routes."""
from flask.views import MethodView

from core import feed_cache, view_counts
from core.api.engagement import add_engagement_routes
from core.api.reading import add_reading_routes
from core.auth import require_user, viewer
from core.errors import Blueprint, abort
from core.models import Story
from core.schemas.reading import StoryCommunitySchema
from core.schemas.results import MessageSchema
from core.schemas.stories import (
    FeedArgs,
    StoryCardSchema,
    StorySchema,
    StoryWriteSchema,
    TagFilterArgs,
)
from core.services import drafts, engagement, fast_feeds, mature, reading, series_places, stories
from core.services.access import before_the_body
from core.story_plan import StoryPlanSchema, load_plan

blp = Blueprint("stories", __name__, url_prefix="/api/stories",
                description="Stories, the community feed and engagement")


@blp.route("")
class Stories(MethodView):
    @blp.arguments(FeedArgs(), location="query")
    @blp.response(200, StoryCardSchema(many=True))
    def get(self, args):
        """Newest public stories (the landing page's Featured Nightmares); ``?tag=`` for a tag's
        page."""
        return feed_response("All Genres", "All Moods", "newest", args)

    @blp.arguments(StoryWriteSchema)
    @blp.response(201, StorySchema)
    def post(self, body):
        """Create a story (title optional: '{genre} Story in {setting}'); the draft it was written
        in (``draftId``, at ``draftRevision``) is removed; a draft saved since is kept."""
        user = require_user()
        story = stories.create(user, body)
        if body.get("draftId") and body.get("draftRevision"):
            drafts.discard_of(user, body["draftId"], body["draftRevision"])
        return stories.decorate(story, user)


@blp.route("/community/<genre:genre>/<mood:mood>/<sort:sort>")
class CommunityFeed(MethodView):
    @blp.arguments(FeedArgs(), location="query")
    @blp.response(200, StoryCardSchema(many=True))
    def get(self, args, genre, mood, sort):
        """The community feed: genre and mood filters ('All Genres', 'All Moods'), sort, search,
        ``?tag=`` and ``?hideWarnings=`` (content warnings left out)."""
        return feed_response(genre, mood, sort, args)


def feed_response(genre, mood, sort, args):
    """A feed page: the visitors' page (cached, ``core.feed_cache``, dumped without marshmallow),
    with a signed-in reader's likes marked."""
    def build():
        page = fast_feeds.story_feed_dicts(genre, mood, sort, args)
        items = series_places.hide_items(mature.gate_items(page.items, None), None)
        return feed_cache.json_page(items, page.headers())

    def personalise(items, user):
        items = series_places.restore_items(fast_feeds.mark_liked(items, user), user)
        return mature.ungate_story_cards(items, user)
    return feed_cache.feed_page(build, viewer(), personalise)


def visible_row(story_id, user):
    row = fast_feeds.story_row(story_id)
    if row is None or not fast_feeds.row_visible_to(row, user):
        abort(404, message="Story not found")
    return row


def visible_story_item(story_id, user, count_view=False):
    """The story as ``GET /api/stories/{id}`` gives it to ``user`` (counting the view when
    ``count_view``), or None when ``user`` may not see it; the story page's HTML carries it too
    (``core.share_pages``)."""
    row = fast_feeds.story_row(story_id)
    if row is None or not fast_feeds.row_visible_to(row, user):
        return None
    story = fast_feeds.row_story(row)
    if count_view:
        engagement.count_view(story, user)
    item = fast_feeds.dump_story_row(row)
    item["views"] = story.views
    fast_feeds.mark_liked([item], user)
    series_places.hide_items([item], user)
    return mature.gate_items([item], user)[0]


@blp.route("/user/<int:user_id>")
class UserStories(MethodView):
    @blp.arguments(TagFilterArgs, location="query")
    @blp.response(200, StorySchema(many=True))
    def get(self, args, user_id):
        """A user's stories, newest first (private ones only for that user and admins);
        ``?tag=``."""
        page = stories.of_user(user_id, viewer(), args)
        return page.items, 200, page.headers()


@blp.route("/<int:story_id>")
class StoryById(MethodView):
    @blp.response(200, StorySchema)
    def get(self, story_id):
        """One story; counts a view (once per viewer per hour)."""
        item = visible_story_item(story_id, viewer(), count_view=True)
        if item is None:
            abort(404, message="Story not found")
        return feed_cache.respond(feed_cache.json_page(item), public=False)

    @before_the_body(lambda story_id: stories.owned(story_id, require_user()))
    @blp.arguments(StoryWriteSchema(partial=True))
    @blp.response(200, StorySchema)
    def put(self, body, story_id):
        """Update your story."""
        user = require_user()
        story = stories.owned(story_id, user)
        return stories.decorate(stories.update(story, body, user), user)

    @blp.response(200, MessageSchema)
    def delete(self, story_id):
        """Delete your story with its likes, shares, comments and views."""
        user = require_user()
        stories.delete(stories.owned(story_id, user, "You can only delete your own stories."))
        return {"message": "Story deleted successfully"}


@blp.route("/<int:story_id>/community")
class StoryCommunity(MethodView):
    @blp.response(200, StoryCommunitySchema)
    def get(self, story_id):
        """One story with fresh counts, isLikedByUser, and your isBookmarked and
        readingProgress (no view counted)."""
        user = viewer()
        item = fast_feeds.dump_story_row(visible_row(story_id, user))
        item["views"] += view_counts.pending_views("story", story_id)
        fast_feeds.mark_liked([item], user)
        mature.gate_items([item], user)
        series_places.hide_items([item], user)
        reading.mark_story(item, user)
        return feed_cache.respond(feed_cache.json_page(item), public=False)


@blp.route("/<int:story_id>/plan")
class StoryPlan(MethodView):
    @blp.response(200, StoryPlanSchema)
    def get(self, story_id):
        """The plan your story was written from (cast, places, key elements, twist, beats); 404
        when it has none. The owner's and the admins' only."""
        return load_plan(stories.plan_of(story_id, require_user()))

    @before_the_body(lambda story_id: stories.owned(story_id, require_user()))
    @blp.arguments(StoryPlanSchema)
    @blp.response(200, StoryPlanSchema)
    def put(self, plan, story_id):
        """Correct your story's plan (the whole plan; the text is not rewritten)."""
        story = stories.owned(story_id, require_user())
        return load_plan(stories.set_plan(story, plan))


add_engagement_routes(blp, Story, "story")
add_reading_routes(blp, Story)

