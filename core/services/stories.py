"""Writing stories: create, update, delete, with moderation and the publish event."""
from core import db
from core.errors import abort
from core.models import Like, Story, User, utcnow
from core.schemas.stories import STORY_FIELDS
from core.services import feeds, mature, series, series_places, tags
from core.services.access import load_owned, load_visible
from core.services.engagement import moderate, save_moderated
from core.story_plan import dump_plan


def default_title(genre, setting):
    setting = (setting or "").strip()
    return f"{genre} Story in {setting}"[:200] if setting else f"{genre} Story"


def owned(story_id, user, message="You can only edit your own stories."):
    """The story if ``user`` owns it: 404 if missing (or private to another), 403 with
    ``message`` if another's."""
    return load_owned(Story, story_id, user, message)


def _apply(story, body):
    for api_name, attribute in STORY_FIELDS.items():
        if api_name in body:
            setattr(story, attribute, body[api_name])
    if "plan" in body:  # a loaded plan (``core.story_plan``), kept as its JSON
        story.plan = dump_plan(body["plan"])


def create(user, body):
    verdict = moderate(f"{body.get('title', '')}\n{body['content']}", "story")
    story = Story(user=user.id)
    _apply(story, body)
    placed = series.prepare(user, story, body)  # checked before anything is written
    if not story.title:
        story.title = default_title(story.genre, story.setting)
    save_moderated(story, "story", verdict, force_insert=True)
    tags.sync(story)
    series.settle(story, placed, was_public=False)
    return story


#: an update that empties the title: only a new story gets one made up ("Gothic Horror Story in …")
TITLE_REQUIRED = "Give your story a title to save your changes."


def update(story, body, user):
    if "title" in body and not (body["title"] or "").strip():
        abort(400, message=TITLE_REQUIRED, errors={"title": [TITLE_REQUIRED]})
    was_public = story.is_public
    placed = series.prepare(user, story, body)
    if "content" in body or "title" in body:
        verdict = moderate(f"{body.get('title', story.title)}\n{body.get('content', story.content)}",
                           "story")
    else:
        verdict = None
    _apply(story, body)
    story.updated_at = utcnow()
    save_moderated(story, "story", verdict, was_public)
    if "tags" in body:
        tags.sync(story)
    series.settle(story, placed, was_public)
    return story


def delete(story):
    """One transaction: the story, and through ON DELETE its likes, shares, comments, views and
    reports; videos made from it keep working with ``storyId`` cleared."""
    with db.write_transaction():
        Story.delete().where(Story.id == story.id).execute()
    series.renumber(story.series_id)  # the parts after it move up


def decorate(story, user):
    """Attach the author and ``is_liked_by_user`` for the response."""
    story.user = User.get_by_id(story.user_id)
    feeds.mark_liked([story], user, Like.story)
    return story


def of_user(user_id, user, args):
    """A user's stories, newest first (``feeds.user_feed``)."""
    page = feeds.user_feed(Story, Like.story, user_id, user, args)
    mature.gate_rows(page.items, user)
    series_places.hide_rows(page.items, user)
    return page


def plan_of(story_id, user):
    """The plan JSON of a story for its owner or an admin: 404 if the story is missing (or
    private to another) or has no plan, 403 for anyone else."""
    story = load_visible(Story, story_id, user)
    if story.user_id != user.id and not user.is_admin:
        abort(403, message="You can only read the plan of your own stories.")
    if story.plan is None:
        abort(404, message="This story has no plan: it was not written from one")
    return story.plan


def set_plan(story, plan):
    """Keep ``plan`` (loaded) as the story's plan; only that column is written."""
    story.plan = dump_plan(plan)
    Story.update(plan=story.plan).where(Story.id == story.id).execute()
    return story.plan
