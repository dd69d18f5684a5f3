"""Series: create, read, rename, delete, the parts' order, and a story's place in a series.

A series' parts are the stories naming it, numbered 1, 2 … with no gap: every change (a story
joins or leaves, a part is moved or deleted, the parts reordered) renumbers them in one
transaction (``_arrange``)."""
from types import SimpleNamespace

from peewee import fn

from core import db
from core.errors import abort
from core.models import Series, Story, User, utcnow
from core.plugins import plugin_host
from core.schemas.content import excerpt
from core.services import mature


def visible(series_id, user):
    """The series if ``user`` may see it; 404 otherwise (another's private series included)."""
    series = Series.get_or_none(Series.id == series_id)
    if series is None or not series.is_visible_to(user):
        abort(404, message="Series not found")
    return series


def owned(series_id, user, message="You can only change your own series."):
    series = visible(series_id, user)
    if series.user_id != user.id:
        abort(403, message=message)
    return series


def create(user, body):
    with db.write_transaction():
        series = Series.create(user=user.id, title=body["title"], description=body["description"],
                               is_public=body["isPublic"])
    return series


def update(series, body):
    for api_name, attribute in (("title", "title"), ("description", "description"),
                                ("isPublic", "is_public")):
        if api_name in body:
            setattr(series, attribute, body[api_name])
    series.updated_at = utcnow()
    with db.write_transaction():
        series.save()
    return series


def delete(series):
    """The series goes; its stories stay, each a story on its own again."""
    with db.write_transaction():
        Story.update(series=None, series_part=None).where(Story.series == series.id).execute()
        Series.delete().where(Series.id == series.id).execute()


# --- reading -------------------------------------------------------------------------------------


def _part_ids(series_id, leaving=None):
    query = Story.select(Story.id).where(Story.series == series_id)
    if leaving is not None:
        query = query.where(Story.id != leaving)
    return [row.id for row in query.order_by(Story.series_part, Story.id)]


def _may_see_all(series, user):
    return user is not None and (user.id == series.user_id or user.is_admin)


def _visible_parts(series_ids, user, owners):
    """``{series id: [stories]}`` in order: the private ones only for their owner and admins; a
    mature part's excerpt only for who may read it (``core.services.mature``)."""
    query = (Story.select(Story.id, Story.title, Story.series, Story.series_part, Story.is_public,
                          Story.genre, Story.mood, Story.content, Story.views, Story.likes_count,
                          Story.created_at, Story.user, Story.is_mature,
                          Story.content_warnings)
             .where(Story.series.in_(list(series_ids)))
             .order_by(Story.series_part, Story.id))
    parts = {series_id: [] for series_id in series_ids}
    for story in query:
        if story.is_public or (user is not None and (user.is_admin
                                                     or owners[story.series_id] == user.id)):
            gated = story.is_mature and not mature.may_see(user, story.user_id)
            story.excerpt = "" if gated else excerpt(story.content)
            story.mature_gate = gated
            story.content_warnings = story.content_warnings or []
            parts[story.series_id].append(story)
    return parts


def _shaped(series, parts, user):
    series.parts = parts
    series.parts_count = len(parts)
    series.first_story_id = parts[0].id if parts else None
    series.is_owner = user is not None and user.id == series.user_id
    return series


def detail(series, user):
    """The series with its author and the parts ``user`` may open, in order."""
    series.user = User.get_by_id(series.user_id)
    parts = _visible_parts([series.id], user, {series.id: series.user_id})[series.id]
    return _shaped(series, parts, user)


def of_user(user_id, user):
    """A user's series, newest first (the private ones only for that user and admins)."""
    author = User.get_or_none(User.id == user_id)
    if author is None:
        abort(404, message="User not found")
    query = Series.select().where(Series.user == user_id)
    if not (user is not None and (user.id == user_id or user.is_admin)):
        query = query.where(Series.is_public == True)  # noqa: E712
    found = list(query.order_by(Series.created_at.desc(), Series.id.desc()))
    parts = _visible_parts([s.id for s in found], user, {s.id: s.user_id for s in found})
    for series in found:
        series.user = author
        _shaped(series, parts[series.id], user)
    return found


def parts_count(series_id):
    return Story.select(fn.COUNT(Story.id)).where(Story.series == series_id).scalar() or 0


# --- the parts' order ----------------------------------------------------------------------------


def _arrange(series_id, ordered_ids):
    """Number ``ordered_ids`` 1, 2 … (only the rows whose number changes are written)."""
    current = dict(Story.select(Story.id, Story.series_part).where(Story.series == series_id)
                   .tuples())
    for number, story_id in enumerate(ordered_ids, start=1):
        if current.get(story_id) != number:
            Story.update(series=series_id, series_part=number).where(Story.id == story_id).execute()


def reorder(series, story_ids):
    """The parts in the order of ``story_ids``: exactly the series' stories, each once (400)."""
    if len(set(story_ids)) != len(story_ids):
        abort(400, message="Each story may appear only once in storyIds",
              errors={"storyIds": ["Each story may appear only once"]})
    with db.write_transaction():
        parts = set(_part_ids(series.id))
        missing, foreign = parts - set(story_ids), set(story_ids) - parts
        if missing or foreign:
            problems = []
            if foreign:
                problems.append("not parts of this series: " + ", ".join(map(str, sorted(foreign))))
            if missing:
                problems.append("missing: " + ", ".join(map(str, sorted(missing))))
            message = "storyIds must list exactly the series' stories (" + "; ".join(problems) + ")"
            abort(400, message=message, errors={"storyIds": [message]})
        _arrange(series.id, story_ids)
        Series.update(updated_at=utcnow()).where(Series.id == series.id).execute()
    return series


def renumber(series_id):
    """After a part left (or was deleted): close the gap."""
    if series_id is None:
        return
    with db.write_transaction():
        _arrange(series_id, _part_ids(series_id))


# --- a story's place in a series (``PUT /api/stories/{id}``, ``POST /api/stories``) --------------


def prepare(user, story, body):
    """Check ``seriesId`` / ``seriesPart`` of a story's body before anything is written (only
    into your own series; a part number past the end: the last) and set them on ``story``; returns
    what ``settle`` finishes after the story is saved (None: the body leaves the place alone)."""
    if "seriesId" not in body and "seriesPart" not in body:
        return None
    old = story.series_id
    series_id = body["seriesId"] if "seriesId" in body else old
    part = body.get("seriesPart")
    if series_id is None:
        if part is not None:
            abort(409, message="seriesPart needs a seriesId: the story is in no series",
                  errors={"seriesPart": ["The story is in no series"]})
        story.series, story.series_part = None, None
        return SimpleNamespace(old=old, new=None, part=None, joined=False)
    series = owned(series_id, user, "You can only add stories to your own series.")
    joined = series.id != old
    count = parts_count(series.id) + (1 if joined or story.id is None else 0)
    # a part number past the end makes it the last part
    part = min(part, count) if part is not None else (count if joined else story.series_part or count)
    story.series, story.series_part = series.id, part
    return SimpleNamespace(old=old, new=series, part=part, joined=joined)


def settle(story, placed, was_public):
    """Number the parts of the series the story left and joined; followers hear of a new part
    (a story made public now is announced by ``on_published`` instead)."""
    if placed is None:
        return
    with db.write_transaction():
        if placed.old is not None and placed.old != story.series_id:
            _arrange(placed.old, _part_ids(placed.old))
        if placed.new is not None:
            ordered = _part_ids(placed.new.id, leaving=story.id)
            ordered.insert(placed.part - 1, story.id)
            _arrange(placed.new.id, ordered)
            Series.update(updated_at=utcnow()).where(Series.id == placed.new.id).execute()
    if placed.joined and was_public and story.is_public:
        plugin_host().fire("on_series_part", story=story, series=placed.new)
