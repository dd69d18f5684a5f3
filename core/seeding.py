"""Realistic demo content in bulk (`dreadforge seed`): users, stories, videos, likes.

Stories are written by the active story provider (the offline engine by default) from forms filled
with the spec's choice lists: a pool of a few hundred distinct stories, drawn from for the rest.
"""
import datetime as dt
import logging
import random
import time

from flask import current_app

from core import bulk, choices, content_search, db
from core.models import Story, User, Video
from core.plugins import plugin_host
from core.providers import StoryRequest
from core.security import hash_password

log = logging.getLogger(__name__)

DEMO_PASSWORD = "nightmare-demo"
#: from this many stories on, the seed builds the stories' and likes' indexes after the rows
BULK = 50_000

FIRST = ["Mara", "Elias", "Ivy", "Silas", "Nora", "Dorian", "Edith", "Victor", "Lenore", "Caleb",
         "Ada", "Ezra", "Wren", "Jonah", "Clara", "Ansel", "Hazel", "Lucian", "Opal", "Rhys"]
LAST = ["Blackwood", "Ashgrove", "Crane", "Vale", "Harrow", "Moss", "Thorne", "Graves", "Holloway",
        "Wick", "Marsh", "Grimm", "Sable", "Rook", "Fenwick"]
PLACES = ["the abandoned lighthouse", "Hollow Creek asylum", "a flooded chapel",
          "the Ravensworth estate", "an empty motel off Route 9", "the salt mines under Vell",
          "a fog-bound fishing village", "the night train to Carrow", "the old observatory",
          "a boarded-up school", "the orchard behind the church", "a research station in the ice"]
THINGS = ["a cracked mirror", "a music box that plays on its own", "a locked cellar door",
          "a child's drawing", "a wax doll", "a radio tuned to dead air", "an unsigned letter",
          "footprints in the ash", "a portrait with no face", "a bell that tolls at three"]
#: distinct stories written by the active story provider, then drawn from for bulk seeding
POOL = 200
POOL_LENGTHS = (300, 450, 600)
TWISTS = ["", "", "the caretaker had been dead for years", "the letters were written by the narrator",
          "the house had been built around a grave", "nobody else had ever seen the visitor"]


def _story_request(rng, i):
    """A creation form filled from the spec's choice lists (SPEC §5) and the demo vocabulary."""
    hero, friend = rng.sample(FIRST, 2)
    return StoryRequest(
        genre=rng.choice(choices.CREATION_GENRES), mood=rng.choice(choices.CREATION_MOODS),
        setting=rng.choice(PLACES), characters=f"{hero}, {friend}", protagonist=hero,
        key_elements=", ".join(rng.sample(THINGS, rng.choice((1, 2)))), plot_twist=rng.choice(TWISTS),
        time_of_day=rng.choice(choices.TIMES_OF_DAY), weather=rng.choice(choices.WEATHER),
        narrative_perspective=rng.choice(choices.PERSPECTIVES), pacing=rng.choice(choices.PACINGS),
        intensity=rng.randint(1, 10), length_words=rng.choice(POOL_LENGTHS), seed=i)


def story_pool(rng, size):
    """``size`` stories written by the active story provider (the offline engine by default)."""
    provider = plugin_host(current_app).story_provider()
    pool = []
    for i in range(size):
        request = _story_request(rng, i)
        result = provider.generate(request)
        pool.append((request, result.title, result.content))
    return pool


STORY_FORM = ("title", "content", "genre", "mood", "characters", "setting", "intensity",
              "story_length", "time_of_day", "weather_condition", "protagonist", "key_elements",
              "plot_twist", "narrative_perspective", "pacing")
STORY_ROW = ("user_id", "is_public", "views", "likes_count", "created_at", "updated_at")


def _insert(model, rows):
    """Insert dicts of field values (defaults filled in) in bulk: for the few users and videos."""
    fields = [field for field in model._meta.sorted_fields if field is not model._meta.primary_key]
    defaults = {field.name: field.default() if callable(field.default) else field.default
                for field in fields}
    bulk.insert(model._meta.table_name, [field.column_name for field in fields],
                (tuple(field.db_value(row.get(field.name, defaults[field.name]))
                       for field in fields) for row in rows))


def _defaults(model, skip):
    """``(columns, values)`` of the fields of ``model`` not in ``skip``, at their defaults."""
    fields = [field for field in model._meta.sorted_fields
              if field is not model._meta.primary_key and field.column_name not in skip]
    return ([field.column_name for field in fields],
            tuple(field.db_value(field.default() if callable(field.default) else field.default)
                  for field in fields))


def _stamp(moment):
    """A time as the text both databases read (SQLite stores it as is)."""
    return moment.isoformat(" ")


def story_rows(rng, pool, n_stories, user_ids, like_plan, now):
    """``(shared columns, shared, columns, picks)`` for ``bulk.insert_drawn``: ``n_stories``
    stories drawn from ``pool`` (each pool entry's form columns one shared tuple), ids in time
    order (older stories first, as a real site grows)."""
    extra_columns, extra = _defaults(Story, set(STORY_FORM) | set(STORY_ROW))
    forms = [(title, content, request.genre, request.mood, request.characters, request.setting,
              request.intensity, request.length_words, request.time_of_day, request.weather,
              request.protagonist, request.key_elements, request.plot_twist,
              request.narrative_perspective, request.pacing) + extra
             for request, title, content in pool]
    minutes = sorted((rng.randint(1, 60 * 24 * 365) for _ in range(n_stories)), reverse=True)
    n_users, n_pool = len(user_ids), len(forms)
    stamps = {}  # minutes ago -> the time as text: a year has fewer minutes than a million rows

    def picks():
        random = rng.random
        for i, age in enumerate(minutes):
            created = stamps.get(age)
            if created is None:
                created = stamps[age] = _stamp(now - dt.timedelta(minutes=age))
            yield (i if i < n_pool else int(random() * n_pool),
                   user_ids[int(random() * n_users)], random() > 0.05,
                   int(random() * 5001), len(like_plan[i]), created, created)
    columns = list(STORY_FORM) + extra_columns
    if not db.is_sqlite():  # the text's stored words (and keywords), once per pool story
        vectors = content_search.postgres_vectors(Story, [content for _r, _t, content in pool])
        if vectors is not None:
            columns += vectors[0]
            forms = [form + words for form, words in zip(forms, vectors[1])]
    return columns, forms, list(STORY_ROW), picks()


def _new_ids(model, after):
    return [row_id for (row_id,) in model.select(model.id).where(model.id > after)
            .order_by(model.id).tuples()]


def seed(n_users=20, n_stories=200, n_videos=20, n_likes=0, rng_seed=666):
    rng = random.Random(rng_seed)
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    password_hash = hash_password(DEMO_PASSWORD)  # one hash for every demo account
    max_user = User.select(User.id).order_by(User.id.desc()).scalar() or 0
    tag = rng.randrange(16**6)
    started = time.perf_counter()
    pool = story_pool(rng, min(POOL, n_stories))  # written before the write lock is taken
    log.info("story pool: %d stories written in %.1f s", len(pool), time.perf_counter() - started)
    # the text's word index is built on the other core while the rows load; the others after
    with bulk.loading(["stories", "likes"] if n_stories >= BULK else [],
                      beside=[content_search.FTS]):
        users = [{"email": f"{FIRST[i % len(FIRST)].lower()}.{i}.{tag:06x}@demo.dreadforge",
                  "password_hash": password_hash, "first_name": FIRST[i % len(FIRST)],
                  "last_name": LAST[i % len(LAST)],
                  "created_at": now - dt.timedelta(days=rng.randint(1, 720))}
                 for i in range(n_users)]
        _insert(User, users)
        user_ids = _new_ids(User, max_user) or [u for (u,) in User.select(User.id).tuples()]

        max_story = Story.select(Story.id).order_by(Story.id.desc()).scalar() or 0
        like_plan = _like_plan(rng, n_stories, n_likes, len(user_ids))
        bulk.insert_drawn("stories", *story_rows(rng, pool, n_stories, user_ids, like_plan, now))
        story_ids = _new_ids(Story, max_story) if (n_likes or n_videos) else []

        stamp = _stamp(now)
        n_likes = bulk.insert("likes", ["user_id", "story_id", "created_at"],
                              ((user_ids[u], story_ids[i], stamp)
                               for i, likers in enumerate(like_plan) for u in likers))

        videos = []
        for _ in range(n_videos):
            story_index = rng.randrange(len(story_ids)) if story_ids else None
            source = (Story.get_by_id(story_ids[story_index]) if story_index is not None
                      else None)
            videos.append({
                "user": source.user_id if source else user_ids[rng.randrange(len(user_ids))],
                "story": source.id if source else None,
                "title": source.title if source else "Untitled Nightmare",
                "description": "Horror video created with AI",
                "content": source.content if source else "",
                "genre": source.genre if source else rng.choice(choices.CREATION_GENRES),
                "mood": source.mood if source else rng.choice(choices.CREATION_MOODS),
                "status": choices.VideoStatus.PENDING, "views": rng.randint(0, 2000),
                "created_at": now - dt.timedelta(minutes=rng.randint(1, 60 * 24 * 180))})
        _insert(Video, videos)
    if n_stories >= BULK:  # the load skipped the triggers that list the text's words
        content_search.add_words(content for _request, _title, content in pool)
    return {"users": len(users), "stories": n_stories, "videos": len(videos), "likes": n_likes}


def _like_plan(rng, n_stories, n_likes, n_users):
    """For each story, a tuple of distinct liker indexes; ``n_likes`` in all (capped by users)."""
    if not n_stories or not n_likes or not n_users:
        return [()] * n_stories
    plan = []
    per_story = n_likes // n_stories
    extra = n_likes - per_story * n_stories
    for i in range(n_stories):
        want = min(n_users, per_story + (1 if i < extra else 0))
        plan.append(tuple(rng.sample(range(n_users), want)) if want else ())
    return plan
