"""`dreadforge db upgrade` brings a database made at an older revision up to date, keeping rows,
and makes the schema the current models describe."""
import importlib

import pytest

from core import migrations
from core.models import Report, Story, User


def test_upgrade_from_first_revision_keeps_data(blank_database):
    assert migrations.upgrade(target="0001_initial") == ["0001_initial"]
    assert not blank_database.table_exists("reports")
    old_user, old_story, *_ = importlib.import_module("core.migrations.0001_initial").tables(
        blank_database)  # the tables as 0001 made them
    user = old_user.create(email="old@example.com", password_hash="x", first_name="Old")
    old_story.create(user=user, title="Before the upgrade", content="Still here.",
                     genre="Slasher", mood="Dark")

    applied = migrations.upgrade()

    assert applied == [name for name in migrations.available() if name != "0001_initial"]
    assert migrations.pending() == []
    assert Story.get().title == "Before the upgrade"
    assert User.get().email == "old@example.com"
    Report.create(reporter=User.get(), story=Story.get(), reason="now possible")
    assert Report.select().count() == 1


def test_upgrade_is_idempotent(blank_database):
    first = migrations.upgrade()
    assert first == migrations.available()
    assert migrations.upgrade() == []


def test_0005_adds_the_script_and_scenes_of_videos_keeping_them(blank_database):
    from core.models import Video
    assert migrations.upgrade(target="0004_search_indexes")[-1] == "0004_search_indexes"
    assert {"script", "scenes"}.isdisjoint(c.name for c in blank_database.get_columns("videos"))
    old_user = importlib.import_module("core.migrations.0001_initial").tables(blank_database)[0]
    user = old_user.create(email="old@example.com", password_hash="x", first_name="Old")
    blank_database.execute_sql(
        "INSERT INTO videos (user_id, title, description, content, genre, mood, creation_mode,"
        " status, progress, progress_message, characters, setting, intensity, time_of_day,"
        " weather_condition, protagonist, antagonist, include_dialogue, include_description,"
        " narrative_perspective, pacing, key_elements, plot_twist, custom_prompt, is_public,"
        " allow_comments, views, likes_count, comments_count, shares_count, created_at,"
        " updated_at, animation_style, narration_voice, music_ambience, duration, aspect_ratio,"
        " resolution, frame_rate, voice_speed, music_volume, narration_volume, color_grading,"
        " transitions, subtitles, watermark, allow_download) VALUES (%s, 'Made before', '', '',"
        " '', '', 'direct', 'pending', 0, '', '', '', 5, '', '', '', '', %s, %s, '', '', '', '',"
        " '', %s, %s, 0, 0, 0, 0, %s, %s, 'Cinematic', 'Deep Male', '', 60, '16:9', '1080p', 30,"
        " 1.0, 50, 80, 'Horror', 'Fade', %s, %s, %s)".replace("%s", blank_database.param),
        (user.id, True, True, True, True, "2026-01-01 00:00:00", "2026-01-01 00:00:00",
         True, False, False))

    assert migrations.upgrade() == ["0005_video_script"] + [
        name for name in migrations.available() if name > "0005_video_script"]

    video = Video.get()
    assert video.title == "Made before" and video.script is None and video.scenes is None
    assert video.captions == "phrase"  # 0017: the videos made before keep their subtitles
    video.script = ["The lamp went out."]
    video.scenes = [{"start": 0, "text": "The lamp went out.", "shows": ["lighthouse"]}]
    video.save()
    assert Video.get().script == ["The lamp went out."]
    assert Video.get().scenes[0]["shows"] == ["lighthouse"]


def test_session_version_is_added_to_an_older_users_table(blank_database):
    """0006: a users table made before sessions had versions gets the column, rows keep 0."""
    migrations.upgrade(target="0004_search_indexes")
    assert "session_version" not in {c.name for c in blank_database.get_columns("users")}
    blank_database.execute_sql(
        "INSERT INTO users (email, password_hash, first_name, last_name, role, is_active, "
        "is_banned, created_at, updated_at) VALUES ('old@example.com', 'x', 'Old', '', 'user', "
        "true, false, '2024-01-01 00:00:00', '2024-01-01 00:00:00')")
    assert "0006_session_version" in migrations.upgrade()
    user = User.get(User.email == "old@example.com")
    assert user.session_version == 0 and user.get_id() == f"{user.id}:0"


# --- the schema the migrations make is the models' schema --------------------------------------


def not_in_models():
    """What the migrations make that no model declares (their ``NOT_IN_MODELS``)."""
    names = set()
    for name in migrations.available():
        names.update(getattr(importlib.import_module(f"core.migrations.{name}"),
                             "NOT_IN_MODELS", ()))
    return names


def schema(db):
    """Tables with their columns (name, type, null, primary key), indexes (name, columns, unique)
    and foreign keys, as the database reports them; the migrations' own extras left out."""
    extras = not_in_models()

    def extra(name):
        return any(name == e or name.startswith(f"{e}_") for e in extras)

    found = {}
    for table in db.get_tables():
        if table == migrations.SchemaMigration._meta.table_name or extra(table):
            continue
        found[table] = {
            "columns": {(c.name, c.data_type.lower(), c.null, c.primary_key)
                        for c in db.get_columns(table) if not extra(c.name)},
            "indexes": {(i.name, tuple(i.columns), i.unique) for i in db.get_indexes(table)
                        if not extra(i.name)},
            "foreign keys": {(f.column, f.dest_table, f.dest_column)
                             for f in db.get_foreign_keys(table)},
        }
    return found


@pytest.fixture(params=["sqlite", "postgres"])
def two_databases(request, tmp_path):
    """Two empty databases on one backend: (the app's, migrated; another for the models)."""
    from playhouse.db_url import connect

    from core.db import bind, database, open_database
    from tests.conftest import PG_URL
    previous, urls, schemas = database.obj, [], []
    for name in ("migrated", "created"):
        if request.param == "sqlite":
            urls.append(f"sqlite:///{tmp_path / name}.db")
            continue
        schemas.append(f"{name}_{tmp_path.name[-16:].replace('-', '_')}".lower())
        admin = connect(PG_URL)
        admin.execute_sql(f'DROP SCHEMA IF EXISTS "{schemas[-1]}" CASCADE')
        admin.execute_sql(f'CREATE SCHEMA "{schemas[-1]}"')
        admin.close()
        urls.append(f"{PG_URL}?options=-csearch_path%3D{schemas[-1]}")
    pair = bind(urls[0]), open_database(urls[1])
    yield pair
    for db in pair:
        if not db.is_closed():
            db.close()
    admin = connect(PG_URL)
    for schema_name in schemas:
        admin.execute_sql(f'DROP SCHEMA IF EXISTS "{schema_name}" CASCADE')
    admin.close()
    database.initialize(previous)


def test_migrating_an_empty_database_makes_the_models_schema(two_databases):
    """0001 → head on an empty database gives the tables, columns (with their types), indexes
    and foreign keys that ``create_tables`` makes from today's models."""
    from core.models import ALL_MODELS
    migrated, created = two_databases
    assert migrations.upgrade() == migrations.available()
    with created.bind_ctx(ALL_MODELS):
        created.create_tables(ALL_MODELS)
    expected, actual = schema(created), schema(migrated)
    assert sorted(actual) == sorted(expected)
    for table in expected:
        for part in ("columns", "indexes", "foreign keys"):
            assert actual[table][part] == expected[table][part], (table, part)


def stories_across(database, revision, migration):
    """``(before, after, found)``: a story written at ``revision``, one written after
    ``migration`` (which must be the next to apply), and the text search's matching ids."""
    from core import content_search
    migrations.upgrade(target=revision)
    old_user, old_story, *_ = importlib.import_module("core.migrations.0001_initial").tables(
        database)
    user = old_user.create(email="old@example.com", password_hash="x", first_name="Old")
    before = old_story.create(user=user, title="Before", content="The barometer fell.",
                              genre="Slasher", mood="Dark")
    assert migration in migrations.upgrade()
    after = Story.create(user=User.get(), title="After", content="A barometric howl.",
                         genre="Slasher", mood="Dark")

    def found(text):
        search = content_search.TextSearch(Story, text)
        return sorted(Story.select(Story.id).where(search.condition()).tuples())

    return before, after, found


def test_0009_lists_the_words_of_stories_written_before_it(blank_database):
    """A story written at 0008 is still found by its text (a word cut short) after 0009 rebuilt
    the word index, and so is one written after it."""
    from core.db import is_sqlite
    if not is_sqlite():
        pytest.skip("0009 changes only SQLite's word index")
    before, after, found = stories_across(blank_database, "0008_story_content_search",
                                          "0009_content_words")
    assert found("barom") == sorted([(before.id,), (after.id,)])
    assert found("fell baromet") == [(before.id,)]


@pytest.mark.parametrize("revision, migration", [
    ("0009_content_words", "0010_content_vector"),  # the words stored, a generated column
    ("0010_content_vector", "0011_content_vector_trigger"),  # kept by a trigger instead
    ("0011_content_vector_trigger", "0012_content_keywords"),  # the index without common words
])
def test_postgres_stored_words_find_stories_written_before_and_after(blank_database, revision,
                                                                     migration):
    """On PostgreSQL a story written before the migration is found by its text after it, so is
    one written after, an edited story by its new words and not its old ones, and a story whose
    other columns change keeps its words."""
    from core.db import is_sqlite
    if is_sqlite():
        pytest.skip("0010 to 0012 change only PostgreSQL's stored words")
    before, after, found = stories_across(blank_database, revision, migration)
    assert found("barom") == sorted([(before.id,), (after.id,)])
    assert found("fell baromet") == [(before.id,)]
    assert found("the baromet") == [(before.id,)]  # "the": in nearly every story
    Story.update(content="The lamp went out.").where(Story.id == before.id).execute()
    Story.update(views=3).where(Story.id == after.id).execute()
    assert found("barom") == [(after.id,)]
    assert found("lamp") == [(before.id,)]


def test_0015_gives_stories_a_plan_keeping_them(blank_database):
    assert migrations.upgrade(target="0014_job_queue")[-1] == "0014_job_queue"
    assert "plan" not in {c.name for c in blank_database.get_columns("stories")}
    old_user, old_story, *_ = importlib.import_module("core.migrations.0001_initial").tables(blank_database)
    user = old_user.create(email="old@example.com", password_hash="x", first_name="Old")
    old_story.create(user=user, title="Written by hand", content="Still here.", genre="Slasher", mood="Dark")

    assert migrations.upgrade()[0] == "0015_story_plan"

    story = Story.get()
    assert (story.title, story.plan) == ("Written by hand", None)
    plan = {"cast": [{"id": "c1", "name": "Elena", "role": "protagonist"}],
            "places": [{"id": "p1", "name": "the lighthouse"}], "beats": [{"id": "b1", "text": "Elena climbs"}]}
    Story.update(plan=plan).where(Story.id == story.id).execute()
    assert Story.get().plan == plan
