"""Realistic demo content in bulk (`dreadforge seed`): users, stories, videos, likes.

Stories are written by the active story provider (the offline engine by default) from forms filled
with the spec's choice lists: a pool of a few hundred distinct stories, drawn from for the rest.
"""
import datetime as dt
import random

from flask import current_app

from core import choices, db
from core.app import plugin_host
from core.providers import StoryRequest
from core.models import Like, Story, User, Video
from core.security import hash_password

DEMO_PASSWORD = "nightmare-demo"
BATCH = 2000

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


def _insert(model, rows):
    """Bulk insert with one prepared statement (peewee builds the SQL, the driver runs it
    ``executemany``): building a query object per row would cost far more than the writes."""
    if not rows:
        return
    fields = [field for field in model._meta.sorted_fields if field is not model._meta.primary_key]
    names = [field.name for field in fields]
    defaults = {field.name: field.default() if callable(field.default) else field.default
                for field in fields}
    database = db.database.obj
    sql = 'INSERT INTO "{}" ({}) VALUES ({})'.format(
        model._meta.table_name, ", ".join(f'"{field.column_name}"' for field in fields),
        ", ".join([database.param] * len(fields)))
    cursor = database.cursor()
    for start in range(0, len(rows), BATCH):
        cursor.executemany(sql, [tuple(field.db_value(row.get(name, defaults[name]))
                                       for name, field in zip(names, fields))
                                 for row in rows[start:start + BATCH]])


def _new_ids(model, after):
    return [row_id for (row_id,) in model.select(model.id).where(model.id > after)
            .order_by(model.id).tuples()]


def seed(n_users=20, n_stories=200, n_videos=20, n_likes=0, rng_seed=666):
    rng = random.Random(rng_seed)
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    password_hash = hash_password(DEMO_PASSWORD)  # one hash for every demo account
    max_user = User.select(User.id).order_by(User.id.desc()).scalar() or 0
    tag = rng.randrange(16**6)
    with db.write_transaction():
        users = [{"email": f"{FIRST[i % len(FIRST)].lower()}.{i}.{tag:06x}@demo.dreadforge",
                  "password_hash": password_hash, "first_name": FIRST[i % len(FIRST)],
                  "last_name": LAST[i % len(LAST)],
                  "created_at": now - dt.timedelta(days=rng.randint(1, 720))}
                 for i in range(n_users)]
        _insert(User, users)
        user_ids = _new_ids(User, max_user) or list(User.select(User.id).tuples())
        user_ids = [u if isinstance(u, int) else u[0] for u in user_ids]

        max_story = Story.select(Story.id).order_by(Story.id.desc()).scalar() or 0
        like_plan = _like_plan(rng, n_stories, n_likes, len(user_ids))
        pool = story_pool(rng, min(POOL, n_stories))
        stories = []
        for i in range(n_stories):
            author = rng.randrange(len(user_ids))
            request, title, content = pool[i] if i < len(pool) else rng.choice(pool)
            created = now - dt.timedelta(minutes=rng.randint(1, 60 * 24 * 365))
            stories.append({
                "user": user_ids[author], "title": title, "content": content,
                "genre": request.genre, "mood": request.mood, "characters": request.characters,
                "setting": request.setting, "intensity": request.intensity,
                "story_length": request.length_words, "time_of_day": request.time_of_day,
                "weather_condition": request.weather, "protagonist": request.protagonist,
                "key_elements": request.key_elements, "plot_twist": request.plot_twist,
                "narrative_perspective": request.narrative_perspective, "pacing": request.pacing,
                "is_public": rng.random() > 0.05, "views": rng.randint(0, 5000),
                "likes_count": len(like_plan[i]), "comments_count": 0,
                "created_at": created, "updated_at": created})
        _insert(Story, stories)
        story_ids = _new_ids(Story, max_story)

        likes = [{"user": user_ids[u], "story": story_ids[i], "created_at": now}
                 for i, likers in enumerate(like_plan) for u in likers]
        _insert(Like, likes)

        videos = []
        for i in range(n_videos):
            story_index = rng.randrange(len(story_ids)) if story_ids else None
            source = stories[story_index] if story_index is not None else None
            videos.append({
                "user": source["user"] if source else user_ids[rng.randrange(len(user_ids))],
                "story": story_ids[story_index] if source else None,
                "title": source["title"] if source else "Untitled Nightmare",
                "description": "Horror video created with AI",
                "content": source["content"] if source else "",
                "genre": source["genre"] if source else rng.choice(choices.CREATION_GENRES),
                "mood": source["mood"] if source else rng.choice(choices.CREATION_MOODS),
                "status": choices.VideoStatus.PENDING, "views": rng.randint(0, 2000),
                "created_at": now - dt.timedelta(minutes=rng.randint(1, 60 * 24 * 180))})
        _insert(Video, videos)
    return {"users": len(users), "stories": len(stories), "videos": len(videos),
            "likes": len(likes)}


def _like_plan(rng, n_stories, n_likes, n_users):
    """For each story, a set of distinct liker indexes; ``n_likes`` in all (capped by users)."""
    plan = [set() for _ in range(n_stories)]
    if not n_stories or not n_likes or not n_users:
        return plan
    per_story = n_likes // n_stories
    extra = n_likes - per_story * n_stories
    for i in range(n_stories):
        want = min(n_users, per_story + (1 if i < extra else 0))
        plan[i] = set(rng.sample(range(n_users), want)) if want else set()
    return plan
