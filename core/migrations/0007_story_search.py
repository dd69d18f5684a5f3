"""Indexes for the community search (``?q=`` on the story feeds: ``core.story_search``), which finds
the text in a story's title, characters or setting.

* SQLite: ``stories_search`` (migration 0004: an FTS5 trigram index of the titles) is made again
  over ``title, characters, setting`` (external content: the index only, the text stays in
  ``stories``), with its triggers on insert, delete and an update of those columns, and filled
  from the rows already there. The admin search asks it about the ``title`` column only.
* PostgreSQL: GIN ``gin_trgm_ops`` indexes on ``lower(characters)`` and ``lower(setting)`` (0004
  made the one on ``lower(title)``), which ``lower(column) ILIKE '%text%'`` uses. Without pg_trgm
  (no rights to create it) this logs a warning: the search scans, with the same results.

Self-contained SQL: it names its tables and columns and reads no model.
"""
import logging

log = logging.getLogger(__name__)

FTS = "stories_search"
COLUMNS = ("title", "characters", "setting")
TRGM_INDEXES = (
    ("stories_lower_characters_trgm", "stories", "characters"),
    ("stories_lower_setting_trgm", "stories", "setting"),
)
NOT_IN_MODELS = (FTS, *(name for name, _table, _column in TRGM_INDEXES))


def sqlite_statements():
    names = ", ".join(f'"{column}"' for column in COLUMNS)
    new = ", ".join(f'new."{column}"' for column in COLUMNS)
    old = ", ".join(f'old."{column}"' for column in COLUMNS)
    delete = (f'INSERT INTO "{FTS}" ("{FTS}", rowid, {names}) '
              f"VALUES ('delete', old.\"id\", {old});")
    insert = f'INSERT INTO "{FTS}" (rowid, {names}) VALUES (new."id", {new});'
    return [
        f'DROP TRIGGER IF EXISTS "{FTS}_insert"',
        f'DROP TRIGGER IF EXISTS "{FTS}_delete"',
        f'DROP TRIGGER IF EXISTS "{FTS}_update"',
        f'DROP TABLE IF EXISTS "{FTS}"',
        (f'CREATE VIRTUAL TABLE "{FTS}" USING fts5({names}, '
         f"content='stories', content_rowid='id', tokenize='trigram')"),
        f'CREATE TRIGGER "{FTS}_insert" AFTER INSERT ON "stories" BEGIN {insert} END',
        f'CREATE TRIGGER "{FTS}_delete" AFTER DELETE ON "stories" BEGIN {delete} END',
        (f'CREATE TRIGGER "{FTS}_update" AFTER UPDATE OF "id", {names} ON "stories" '
         f"BEGIN {delete} {insert} END"),
        f"INSERT INTO \"{FTS}\" (\"{FTS}\") VALUES ('rebuild')",
    ]


def upgrade_sqlite(db):
    try:
        with db.atomic():  # a savepoint: a failure leaves 0004's index as it was
            for sql in sqlite_statements():
                db.execute_sql(sql)
    except Exception as error:  # noqa: BLE001 - e.g. SQLite without FTS5 / trigram
        log.warning("no trigram index %s (%s): the story search will scan", FTS, error)


def trgm_schema(db):
    row = db.execute_sql(
        "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
        "WHERE e.extname = 'pg_trgm'").fetchone()
    return row[0] if row else None


def upgrade_postgres(db):
    if trgm_schema(db) is None:
        try:
            with db.atomic():  # a savepoint: the migration's transaction survives a refusal
                db.execute_sql("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        except Exception as error:  # noqa: BLE001 - no rights
            log.warning("CREATE EXTENSION pg_trgm failed: %s", error)
    schema = trgm_schema(db)
    if schema is None:
        log.warning("pg_trgm is not installed: the story search will scan")
        return
    for name, table, column in TRGM_INDEXES:
        db.execute_sql(f'CREATE INDEX IF NOT EXISTS "{name}" ON "{table}" '
                       f'USING gin (lower("{column}") "{schema}".gin_trgm_ops)')


def upgrade(db, migrator):
    import peewee
    if isinstance(db, peewee.SqliteDatabase):
        upgrade_sqlite(db)
    else:
        upgrade_postgres(db)
