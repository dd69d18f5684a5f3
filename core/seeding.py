"""Realistic demo content in bulk (`dreadforge seed`): users, stories, videos, likes."""
import datetime as dt
import random

from core import choices, db
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
OPENINGS = ["Nobody in {place} spoke of what happened the winter {name} arrived.",
            "{name} found {thing} the night the power failed in {place}.",
            "The first thing {name} noticed about {place} was the silence.",
            "It began, as these things do, with {thing}.",
            "By the time {name} reached {place}, the light had already gone wrong."]
MIDDLES = ["Every night the sound came closer, patient as a tide.",
           "The walls remembered things the living had tried to forget.",
           "{name} counted the doors twice and got a different number each time.",
           "Something under the floorboards had learned to whisper {name}'s name.",
           "The photographs in the hallway had begun to turn their heads.",
           "Frost formed on the inside of the windows, shaped like handprints.",
           "The town's clocks all stopped at the same minute, and no one would say why."]
ENDINGS = ["When the morning came, only {thing} remained where {name} had stood.",
           "{name} finally understood: the house had never been empty at all.",
           "They still leave a candle burning in {place}, just in case.",
           "And somewhere below, something began to climb."]
TITLES = ["The {adj} {noun}", "Whispers in {place_short}", "What {name} Saw", "The {noun} of {place_short}",
          "Beneath the {noun}", "{name}'s Last Night"]
ADJ = ["Hollow", "Crimson", "Silent", "Drowned", "Forgotten", "Pale", "Shivering", "Hungry"]
NOUN = ["Lantern", "Bell", "Choir", "Orchard", "Mirror", "Well", "Doll", "Tide", "Attic"]
PLACE_SHORT = ["Hollow Creek", "Ravensworth", "Carrow", "Vell", "the Fog", "the Ice"]


def _story_text(rng, name):
    place, thing = rng.choice(PLACES), rng.choice(THINGS)
    fill = {"name": name, "place": place, "thing": thing}
    paragraphs = [rng.choice(OPENINGS).format(**fill)]
    for _ in range(rng.randint(2, 4)):
        paragraphs.append(" ".join(s.format(**fill) for s in rng.sample(MIDDLES, 3)))
    paragraphs.append(rng.choice(ENDINGS).format(**fill))
    title = rng.choice(TITLES).format(adj=rng.choice(ADJ), noun=rng.choice(NOUN),
                                      place_short=rng.choice(PLACE_SHORT), name=name)
    return title, "\n\n".join(paragraphs), place


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
        stories = []
        for i in range(n_stories):
            author = rng.randrange(len(user_ids))
            title, content, place = _story_text(rng, FIRST[rng.randrange(len(FIRST))])
            created = now - dt.timedelta(minutes=rng.randint(1, 60 * 24 * 365))
            stories.append({
                "user": user_ids[author], "title": title, "content": content,
                "genre": rng.choice(choices.EXPLORE_GENRES), "mood": rng.choice(choices.MOODS),
                "characters": f"{rng.choice(FIRST)}, {rng.choice(FIRST)}", "setting": place,
                "intensity": rng.randint(1, 10), "story_length": rng.choice((600, 1000, 1500)),
                "time_of_day": rng.choice(choices.TIMES_OF_DAY),
                "weather_condition": rng.choice(choices.WEATHER),
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
                "genre": source["genre"] if source else rng.choice(choices.EXPLORE_GENRES),
                "mood": source["mood"] if source else rng.choice(choices.MOODS),
                "status": "pending", "views": rng.randint(0, 2000),
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
