"""Demo content (`dreadforge seed`): spec choice lists only, stories written by the story provider."""
import re
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import story_metrics  # noqa: E402

from core import choices, seeding  # noqa: E402
from core.models import Story  # noqa: E402


def test_seeded_stories_use_the_spec_lists_and_never_repeat_a_sentence(app):
    with app.app_context():
        before = Story.select().count()
        seeding.seed(n_users=3, n_stories=40, n_videos=2, rng_seed=12)
        stories = list(Story.select().order_by(Story.id.desc()).limit(Story.select().count() - before))
    assert len(stories) == 40
    for story in stories:
        assert story.genre in choices.CREATION_GENRES and story.mood in choices.CREATION_MOODS
        assert story.time_of_day in choices.TIMES_OF_DAY and story.weather_condition in choices.WEATHER
        assert story.pacing in choices.PACINGS and story.narrative_perspective in choices.PERSPECTIVES
        assert story_metrics.repeated_sentences(story.content) == 0, story.title
        assert story_metrics.unterminated_paragraphs(story.content) == 0
        assert abs(len(story.content.split()) - story.story_length) <= story.story_length * 0.1
        if story.narrative_perspective == "Third Person":
            assert story.protagonist in story.content
    # forty different stories, not one paragraph pasted forty times
    assert len({s.content for s in stories}) == 40
    first_sentences = Counter(story_metrics.sentences(s.content)[0] for s in stories)
    assert first_sentences.most_common(1)[0][1] <= 3


@pytest.mark.parametrize("stories_before, beside_fails, json", [
    (0, False, True), (2, False, True), (0, True, True),
    (0, False, False),  # an SQLite without its JSON functions: the rows bound one by one
])
def test_a_bulk_seed_rebuilds_indexes_and_search(app, make_client, monkeypatch, stories_before,
                                                 beside_fails, json):
    """From ``BULK`` stories on the indexes and the search index are built after the rows: the
    feed, its search and the admin's title search still find the seeded stories, and the stories
    there before (SQLite: into an empty table the text's index is built on the other core while
    the rows load, else, or when that fails, rebuilt after them; either way what a rebuild
    makes)."""
    monkeypatch.setattr(seeding, "BULK", 10)
    if not json:
        from core import bulk
        monkeypatch.setattr(bulk, "_sqlite_json", lambda: False)
    if beside_fails:
        from core import side_index
        real_init = side_index.SideIndex.__init__

        def failing(self, table, indexes, *args):  # FTS5 tables the other thread cannot make
            real_init(self, table, [(name, sql.replace("fts5(", "fts5(no_such_option=1, "), columns)
                                    for name, sql, columns in indexes], *args)
        monkeypatch.setattr(side_index.SideIndex, "__init__", failing)
    with app.app_context():
        from core import bulk
        from core.db import database, is_sqlite
        database.connect(reuse_if_open=True)
        before = index_names()
        if stories_before:
            seeding.seed(n_users=1, n_stories=stories_before, n_videos=0, rng_seed=3)
        earlier = list(Story.select())
        before_vacuums = {} if is_sqlite() else vacuums(database)
        seeding.seed(n_users=3, n_stories=30, n_videos=2, n_likes=20, rng_seed=5)
        assert index_names() == before
        if is_sqlite():  # each search index holds exactly the stories' text (or this raises)
            for name in ("stories_search", "stories_content_search"):
                database.execute_sql(f"INSERT INTO {name} ({name}, rank) "
                                     "VALUES ('integrity-check', 1)")
                assert database.execute_sql(f"SELECT count(*) FROM {name}").fetchone() == (
                    30 + len(earlier),)
        else:  # the text's stored words as PostgreSQL makes them, and made again on an edit
            stale = ("SELECT count(*) FROM stories WHERE content_vector IS DISTINCT FROM "
                     "strip(to_tsvector('simple', content)) OR content_keywords IS DISTINCT FROM "
                     "ts_delete(strip(to_tsvector('simple', content)), stories_common_words())")
            assert database.execute_sql(stale).fetchone() == (0,)
            # the loaded tables vacuumed (their pages all-visible where no older transaction
            # of another session still runs), so the first searches need not settle each row's
            # visibility first
            assert {table: count > before_vacuums[table] for table, count
                    in vacuums(database).items()} == {"stories": True, "likes": True}
            oldest = Story.select().order_by(Story.id).first()
            Story.update(content="A lamp guttered in the nave.").where(
                Story.id == oldest.id).execute()
            assert database.execute_sql(stale).fetchone() == (0,)
        newest = Story.select().where(Story.is_public == True).order_by(  # noqa: E712
            Story.created_at.desc(), Story.id.desc()).first()
        database.close()
    visitor = make_client()
    feed = visitor.get("/api/stories/community/All Genres/All Moods/newest?limit=3").get_json()
    assert feed[0]["id"] == newest.id
    found = visitor.get("/api/stories/community/All Genres/All Moods/newest",
                        query_string={"q": newest.setting.upper(), "limit": 100}).get_json()
    assert newest.id in [story["id"] for story in found]
    assert all(newest.setting in story["setting"] for story in found)
    # the text's word index too: two of its words, the last one cut short
    first, second = sorted(set(re.findall(r"[^\W_]+", newest.content)), key=len)[-2:]
    found = visitor.get("/api/stories/community/All Genres/All Moods/newest",
                        query_string={"q": f"{second} {first[:-1]}", "limit": 100}).get_json()
    assert newest.id in [story["id"] for story in found]
    for story in earlier:  # the stories there before the load are found as they were
        if story.is_public:
            found = visitor.get("/api/stories/community/All Genres/All Moods/newest",
                                query_string={"q": story.setting, "limit": 100}).get_json()
            assert story.id in [item["id"] for item in found]


def test_a_bulk_seed_into_an_empty_feed_keeps_what_other_tables_hold(app, monkeypatch):
    """No story yet, but a video without one (and its maker): a bulk seed adds to them."""
    from core.models import User, Video
    monkeypatch.setattr(seeding, "BULK", 10)
    with app.app_context():
        from core.db import database
        database.connect(reuse_if_open=True)
        seeding.seed(n_users=1, n_stories=0, n_videos=1, rng_seed=8)
        (video,) = Video.select()
        seeding.seed(n_users=2, n_stories=30, n_videos=2, n_likes=10, rng_seed=9)
        assert Video.get_by_id(video.id).title == video.title
        assert (User.select().count(), Story.select().count(), Video.select().count()) == (3, 30, 3)
        database.close()


def test_a_bulk_seed_cut_short_after_its_commit_leaves_its_indexes_to_the_next_start(
        app, make_client, monkeypatch):
    """PostgreSQL builds the indexes after the load's commit, on both cores: a seed stopped
    there has its stories, and the next start (``migrations.upgrade()``; here two at once, a web
    server and a worker) makes every index it dropped, so the feed and its search are whole
    again."""
    from core import bulk_postgres, migrations
    from core.db import database, is_sqlite
    if is_sqlite():
        pytest.skip("SQLite builds its indexes inside the load's transaction")
    monkeypatch.setattr(seeding, "BULK", 10)
    with app.app_context():
        database.connect(reuse_if_open=True)
        before = index_names()
        with monkeypatch.context() as stopped:
            stopped.setattr(bulk_postgres, "build_pending", lambda: (_ for _ in ()).throw(
                KeyboardInterrupt("stopped after the commit")))
            with pytest.raises(KeyboardInterrupt):
                seeding.seed(n_users=2, n_stories=30, n_videos=0, rng_seed=4)
        assert Story.select().count() == 30  # the rows were committed
        assert index_names() != before  # without the indexes made after the commit

        def start(_):
            try:
                return migrations.upgrade()
            finally:
                database.close()

        with ThreadPoolExecutor(2) as starts:
            assert list(starts.map(start, range(2))) == [[], []]
        assert index_names() == before
        assert bulk_postgres.build_pending() == 0  # nothing left to make
        newest = Story.select().where(Story.is_public == True).order_by(  # noqa: E712
            Story.created_at.desc(), Story.id.desc()).first()
        database.close()
    word = max(re.findall(r"[^\W_]+", newest.content), key=len)
    found = make_client().get("/api/stories/community/All Genres/All Moods/newest",
                              query_string={"q": word, "limit": 100}).get_json()
    assert newest.id in [story["id"] for story in found]


def vacuums(database):
    """PostgreSQL: how many times the stories and likes tables have been vacuumed."""
    return dict(database.execute_sql(
        "SELECT relname, vacuum_count FROM pg_stat_user_tables WHERE schemaname = "
        "current_schema() AND relname IN ('stories', 'likes')").fetchall())


def index_names():
    from core import bulk, bulk_postgres
    from core.db import is_sqlite
    if is_sqlite():
        return sorted(name for _, name, _ in bulk.sqlite_schema(["stories", "likes"]))
    tables = ["stories", "likes"]  # and the triggers and foreign keys the load drops a while
    return (sorted(name for name, _, _ in bulk_postgres.postgres_indexes(tables)),
            bulk_postgres.postgres_triggers(tables), bulk_postgres.postgres_foreign_keys(tables))
