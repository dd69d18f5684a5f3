"""A word index of the stories' text for the community search (``?q=``: ``core.content_search``),
which finds a story whose text holds every word of the query (the last one as a prefix).

* SQLite: ``stories_content_search``, an FTS5 table over ``stories.content`` with the default
  ``unicode61`` tokenizer (``remove_diacritics 2``: case and accents folded), external content
  (the index only, the text stays in ``stories``), with its triggers on insert, delete and an
  update of the text, and filled from the rows already there; ``stories_content_search_vocab``
  (fts5vocab) lists its words, to spell a prefix out as the words it stands for. Without FTS5
  this logs a warning: the search scans.
* PostgreSQL: a GIN index on ``to_tsvector('simple', content)``, which
  ``to_tsvector('simple', content) @@ to_tsquery('simple', …)`` uses.

Self-contained SQL: it names its tables and columns and reads no model.
"""
import logging

log = logging.getLogger(__name__)

FTS = "stories_content_search"
VOCAB = f"{FTS}_vocab"
TSV_INDEX = "stories_content_tsv"
#: what this migration makes besides the models' tables (tests/test_migrations.py leaves it out)
NOT_IN_MODELS = (FTS, VOCAB, TSV_INDEX)


def sqlite_statements():
    delete = (f'INSERT INTO "{FTS}" ("{FTS}", rowid, "content") '
              f"VALUES ('delete', old.\"id\", old.\"content\");")
    insert = f'INSERT INTO "{FTS}" (rowid, "content") VALUES (new."id", new."content");'
    return [
        f'DROP TRIGGER IF EXISTS "{FTS}_insert"',
        f'DROP TRIGGER IF EXISTS "{FTS}_delete"',
        f'DROP TRIGGER IF EXISTS "{FTS}_update"',
        f'DROP TABLE IF EXISTS "{VOCAB}"',
        f'DROP TABLE IF EXISTS "{FTS}"',
        (f'CREATE VIRTUAL TABLE "{FTS}" USING fts5("content", content=\'stories\', '
         "content_rowid='id', tokenize='unicode61 remove_diacritics 2')"),
        f'CREATE TRIGGER "{FTS}_insert" AFTER INSERT ON "stories" BEGIN {insert} END',
        f'CREATE TRIGGER "{FTS}_delete" AFTER DELETE ON "stories" BEGIN {delete} END',
        (f'CREATE TRIGGER "{FTS}_update" AFTER UPDATE OF "id", "content" ON "stories" '
         f"BEGIN {delete} {insert} END"),
        f'CREATE VIRTUAL TABLE "{VOCAB}" USING fts5vocab("{FTS}", row)',
        f"INSERT INTO \"{FTS}\" (\"{FTS}\") VALUES ('rebuild')",
    ]


def upgrade_sqlite(db):
    try:
        with db.atomic():  # a savepoint: a failure leaves nothing half made
            for sql in sqlite_statements():
                db.execute_sql(sql)
    except Exception as error:  # noqa: BLE001 - e.g. SQLite without FTS5
        log.warning("no word index %s (%s): the story text search will scan", FTS, error)


def upgrade_postgres(db):
    try:
        with db.atomic():  # a savepoint: the migration's transaction survives a failure
            db.execute_sql(f'CREATE INDEX IF NOT EXISTS "{TSV_INDEX}" ON "stories" '
                           "USING gin (to_tsvector('simple', \"content\"))")
    except Exception as error:  # noqa: BLE001 - e.g. out of maintenance memory
        log.warning("no word index %s (%s): the story text search will scan", TSV_INDEX, error)


def upgrade(db, migrator):
    import peewee
    if isinstance(db, peewee.SqliteDatabase):
        upgrade_sqlite(db)
    else:
        upgrade_postgres(db)
