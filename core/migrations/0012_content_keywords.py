"""PostgreSQL: the word index of a story's text leaves out the words found in most stories;
nothing on SQLite (its FTS5 index answers by id, and a bulk load builds it on another core).

``stories.content_keywords``: the stored words of migration 0010 (``content_vector``) without
``stories_common_words()``, kept by the same trigger as they are (migration 0011), and the GIN
index moves to it. A common word's entry in the index listed most of the stories (``the``,
``was``, ``door``: 212 words made 55 % of the index's entries on a million seeded stories, and
building it took 38 s of a 91 s seed, on one core); a word found in so many stories is found
faster by walking the feed and testing each row's stored words (``core.content_search``), which
``content_vector`` still holds whole, and a search whose other words are not common reads their
stories from this index and tests the common ones row by row. A million seeded stories: the index
311 → 170 MB, built in 16–20 s instead of 38 s; the table with its indexes 4.6 → 5.3 GB.

The common words: those in a fifth or more of 1,000 stories written by the offline engine (the
seed's creation forms, ``random.Random(12345)``) that are also among English's 1,000 most
frequent words (wordfreq 3.1.1, ``top_n_list('en', 1000)``; ``bench/common_words.py`` prints
them again): words common in any English story, not only in the engine's (its "caretaker",
"footprints" and "overalls" stay indexed). A word rare on a site but in this list is still found,
by the walk, more slowly.

Self-contained SQL: it names its table and columns and reads no model.
"""
import logging

log = logging.getLogger(__name__)

COLUMN = "content_keywords"
INDEX = "stories_content_keywords"
OLD_INDEX = "stories_content_vector"  # migration 0010's, on every stored word
WORDS_FUNCTION = "stories_common_words"
TRIGGER = FUNCTION = "stories_content_vector"  # migration 0011's
NOT_IN_MODELS = (COLUMN, INDEX)
COMMON_WORDS = """
    a about across after again air all almost alone always an and answer any anything around
    as asked at back be because been before behind box but by came changed child close come
    could cut dark dead did done door down each else end enough even ever every everything
    eyes face far figure film first for found from gave go gone got had half hand hands hard
    has have he head heard held her his hour i if in inside into is it its just knew known
    last late later left let level life light like line little long longer look looked
    looking made me moment more morning music my name near never next night no not nothing
    now of off old on once one only open order other out over own page past place put quite
    read rest room s said same saw see set she should side sleep small so someone something
    sound still story t take than that the their them then there they thing things this
    thought three through time to told too took turn turned two under until up used very
    voice waiting wall was way week went were what whatever when where while who with
    without woman word words would writing written wrong years you your
""".split()


def upgrade(db, migrator):
    import peewee
    if isinstance(db, peewee.SqliteDatabase):
        return
    listed = ",".join(COMMON_WORDS)
    db.execute_sql(f'CREATE OR REPLACE FUNCTION "{WORDS_FUNCTION}"() RETURNS text[] '
                   f"LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT '{{{listed}}}'::text[] $$")
    keywords = f'ts_delete("content_vector", "{WORDS_FUNCTION}"())'
    generated = db.execute_sql(
        "SELECT is_generated FROM information_schema.columns WHERE table_schema = "
        "current_schema() AND table_name = 'stories' AND column_name = 'content_vector'"
    ).fetchone()
    if generated is not None and generated[0] != "NEVER":  # PostgreSQL before 13 (0011)
        db.execute_sql(f'ALTER TABLE "stories" ADD COLUMN IF NOT EXISTS "{COLUMN}" tsvector '
                       "GENERATED ALWAYS AS (ts_delete(strip(to_tsvector('simple', \"content\")), "
                       f'"{WORDS_FUNCTION}"())) STORED')
    else:
        db.execute_sql(f'ALTER TABLE "stories" ADD COLUMN IF NOT EXISTS "{COLUMN}" tsvector')
        db.execute_sql(f'UPDATE "stories" SET "{COLUMN}" = {keywords}')
        db.execute_sql(f'CREATE OR REPLACE FUNCTION "{FUNCTION}"() RETURNS trigger '
                       "LANGUAGE plpgsql AS $$ BEGIN "
                       "NEW.\"content_vector\" := strip(to_tsvector('simple', NEW.\"content\")); "
                       f'NEW."{COLUMN}" := ts_delete(NEW."content_vector", "{WORDS_FUNCTION}"()); '
                       "RETURN NEW; END $$")
    try:
        with db.atomic():  # a savepoint: the migration's transaction survives a failure
            db.execute_sql(f'CREATE INDEX IF NOT EXISTS "{INDEX}" ON "stories" '
                           f'USING gin ("{COLUMN}")')
            db.execute_sql(f'DROP INDEX IF EXISTS "{OLD_INDEX}"')
    except Exception as error:  # noqa: BLE001 - e.g. out of maintenance memory
        log.warning("no word index %s (%s): the story text search will scan", INDEX, error)
