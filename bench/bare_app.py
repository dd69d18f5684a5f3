"""The yardstick of bench_http.py: a bare Flask + peewee endpoint, nothing else.

``GET /newest`` returns the 6 newest public stories with their authors, the same query and the same
JSON as Dreadforge's ``GET /api/stories?limit=6`` (every field of the story shape), dumped by hand.
Serve it with gunicorn: ``DATABASE_URL=sqlite:///… gunicorn bench.bare_app:app``.
"""
import datetime as dt
import os

import peewee
from flask import Flask, Response, json
from playhouse.db_url import connect

database = connect(os.environ["DATABASE_URL"], **(
    {"pragmas": {"journal_mode": "wal", "cache_size": -32000}, "check_same_thread": False}
    if os.environ["DATABASE_URL"].startswith("sqlite") else {}))

COLUMNS = ("s.id, s.user_id, s.title, s.content, s.genre, s.mood, s.characters, s.setting, "
           "s.intensity, s.time_of_day, s.weather_condition, s.protagonist, s.antagonist, "
           "s.include_dialogue, s.include_description, s.narrative_perspective, s.pacing, "
           "s.key_elements, s.plot_twist, s.custom_prompt, s.is_public, s.allow_comments, s.views, "
           "s.likes_count, s.comments_count, s.shares_count, s.created_at, s.updated_at, "
           "s.story_length, u.id, u.first_name, u.last_name, u.profile_image_url")
NEWEST = (f"SELECT {COLUMNS} FROM stories s JOIN users u ON u.id = s.user_id "
          "WHERE s.is_public = {true} ORDER BY s.created_at DESC, s.id DESC LIMIT 6")
QUERY = NEWEST.format(true="1" if isinstance(database, peewee.SqliteDatabase) else "TRUE")

app = Flask(__name__)


def when(value):
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    return value.replace(tzinfo=dt.UTC).isoformat()


def story(row):
    return {
        "id": row[0], "userId": row[1], "title": row[2], "content": row[3], "genre": row[4],
        "mood": row[5], "characters": row[6], "setting": row[7], "intensity": row[8],
        "timeOfDay": row[9], "weatherCondition": row[10], "protagonist": row[11],
        "antagonist": row[12], "includeDialogue": bool(row[13]),
        "includeDescription": bool(row[14]), "narrativePerspective": row[15], "pacing": row[16],
        "keyElements": row[17], "plotTwist": row[18], "customPrompt": row[19],
        "isPublic": bool(row[20]), "allowComments": bool(row[21]), "views": row[22],
        "likesCount": row[23], "commentsCount": row[24], "sharesCount": row[25],
        "isLikedByUser": False, "createdAt": when(row[26]), "updatedAt": when(row[27]),
        "user": {"id": row[29], "firstName": row[30], "lastName": row[31],
                 "profileImageUrl": row[32]},
        "storyLength": row[28],
    }


@app.get("/newest")
def newest():
    database.connect(reuse_if_open=True)
    try:
        rows = database.execute_sql(QUERY).fetchall()
    finally:
        database.close()
    return Response(json.dumps([story(row) for row in rows]), mimetype="application/json")
