"""Story, video, comment and user ids are never given twice after a delete (migration 0018), on
SQLite and PostgreSQL: an old link to a deleted story answers 404, never the next story made."""
import importlib

from core import migrations
from tests.test_videos_api import DIRECT

STORY = {"title": "The Hollow Bell", "content": "The bell rang at midnight.",
         "genre": "Gothic Horror", "mood": ["Eerie"], "isPublic": True, "allowComments": True}


def created(response):
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def test_a_deleted_storys_id_is_not_given_to_the_next_story(users, make_client):
    client, _ = users.signed_in()
    first = created(client.post("/api/stories", json={**STORY, "title": "First"}))
    newest = created(client.post("/api/stories", json={**STORY, "title": "Deleted"}))
    assert client.delete(f"/api/stories/{newest}").status_code == 200

    again = created(client.post("/api/stories", json={**STORY, "title": "Made after"}))

    assert again not in (first, newest) and again > newest
    old_link = make_client().get(f"/api/stories/{newest}")
    assert old_link.status_code == 404
    assert make_client().get(f"/api/stories/{again}").get_json()["title"] == "Made after"


def test_videos_comments_and_users_ids_are_not_given_again(users, make_client):
    client, _ = users.signed_in()
    video = created(client.post("/api/videos", json={**DIRECT, "title": "Gone"}))
    assert client.delete(f"/api/videos/{video}").status_code == 200
    assert created(client.post("/api/videos", json={**DIRECT, "title": "Next"})) > video
    assert make_client().get(f"/api/videos/{video}").status_code == 404

    story = created(client.post("/api/stories", json=STORY))
    base = f"/api/stories/{story}/comments"
    comment = created(client.post(base, json={"content": "Deleted soon"}))
    assert client.delete(f"/api/stories/comments/{comment}").status_code == 200
    assert created(client.post(base, json={"content": "Later"})) > comment

    admin, _ = users.signed_in(role="admin")
    _, gone = users.signed_in(first_name="Gone")
    assert admin.delete(f"/api/admin/users/{gone['id']}").status_code == 200
    _, later = users.signed_in(first_name="Later")
    assert later["id"] > gone["id"]


def test_0018_keeps_every_row_index_trigger_and_foreign_key(blank_database):
    """An older database: rows, their ids, the search tables and cascades survive the rebuild."""
    from core.models import Comment, Story, User
    migrations.upgrade(target="0014_job_queue")
    old_user, old_story, *_ = importlib.import_module("core.migrations.0001_initial").tables(
        blank_database)
    user = old_user.create(email="old@example.com", password_hash="x", first_name="Old")
    kept = old_story.create(user=user, title="Kept", content="The barometer fell.",
                            genre="Slasher", mood="Dark")
    newest = old_story.create(user=user, title="Newest", content="Gone.", genre="Slasher",
                              mood="Dark")
    Comment.create(user=user.id, story=kept.id, content="A comment")
    indexes = {table: sorted(i.name for i in blank_database.get_indexes(table))
               for table in ("users", "stories", "videos", "comments")}

    assert "0018_ids_never_reused" in migrations.upgrade()

    assert [(s.id, s.title) for s in Story.select().order_by(Story.id)] == [
        (kept.id, "Kept"), (newest.id, "Newest")]
    # every index is still there (later migrations may add their own)
    assert {table: sorted(i.name for i in blank_database.get_indexes(table)
                          if i.name in indexes[table])
            for table in indexes} == indexes
    from core import content_search
    assert Story.get_by_id(kept.id).title == "Kept"
    Story.delete().where(Story.id == newest.id).execute()
    again = Story.create(user=User.get(), title="After", content="A barometric howl.",
                         genre="Slasher", mood="Dark")
    assert again.id > newest.id
    search = content_search.TextSearch(Story, "barom")
    assert sorted(Story.select(Story.id).where(search.condition()).tuples()) == [
        (kept.id,), (again.id,)], "the text search's triggers and rows kept"
    User.delete().execute()  # foreign keys still cascade
    assert Story.select().count() == 0 and Comment.select().count() == 0


def test_new_databases_get_ids_that_never_repeat(blank_database):
    """``create_tables`` on the models (a fresh database) declares it too."""
    import peewee

    from core.models import Story
    if not isinstance(blank_database, peewee.SqliteDatabase):
        return
    with blank_database.bind_ctx([Story]):
        sql = Story._schema._create_table().query()[0]
    assert "AUTOINCREMENT" in sql
