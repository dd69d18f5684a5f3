"""Trigram indexes for the admin panel's substring searches (``core.search``).

* SQLite: FTS5 tables with ``tokenize='trigram'`` and external content (they hold the index only,
  the text stays in the table): ``users_search`` over users (email, first_name, last_name),
  ``stories_search`` and ``videos_search`` over the titles. Triggers on insert, delete and on an
  update of those columns keep them in step; ``'rebuild'`` indexes the rows already there.
* PostgreSQL: ``pg_trgm`` and GIN ``gin_trgm_ops`` indexes on ``lower(email)``,
  ``lower(first_name)``, ``lower(last_name)`` and ``lower(title)``, which ``lower(column) ILIKE
  '%word%'`` uses. The extension goes in schema ``public`` (where one database's schemas share
  it) unless it is already installed elsewhere; the operator class is named with its schema.

Without the rights to create the extension (or an SQLite built without FTS5) this logs a
warning and goes on: the searches then scan, with the same results.
"""
import logging

log = logging.getLogger(__name__)

# FTS5 table -> (content table, columns)
FTS_TABLES = {
    "users_search": ("users", ("email", "first_name", "last_name")),
    "stories_search": ("stories", ("title",)),
    "videos_search": ("videos", ("title",)),
}

# PostgreSQL: (index name, table, column) of each lower(column) gin_trgm_ops index
TRGM_INDEXES = (
    ("users_lower_email_trgm", "users", "email"),
    ("users_lower_first_name_trgm", "users", "first_name"),
    ("users_lower_last_name_trgm", "users", "last_name"),
    ("stories_lower_title_trgm", "stories", "title"),
    ("videos_lower_title_trgm", "videos", "title"),
)

#: what this migration makes besides the models' tables (an FTS5 table's shadow tables start with
#: its name): the schema test (tests/test_migrations.py) leaves them out of the comparison
NOT_IN_MODELS = (*FTS_TABLES, *(name for name, _table, _column in TRGM_INDEXES))


def sqlite_statements(fts, table, columns):
    names = ", ".join(f'"{column}"' for column in columns)
    new = ", ".join(f'new."{column}"' for column in columns)
    old = ", ".join(f'old."{column}"' for column in columns)
    delete = (f'INSERT INTO "{fts}" ("{fts}", rowid, {names}) '
              f"VALUES ('delete', old.\"id\", {old});")
    insert = f'INSERT INTO "{fts}" (rowid, {names}) VALUES (new."id", {new});'
    return [
        (f'CREATE VIRTUAL TABLE IF NOT EXISTS "{fts}" USING fts5({names}, '
         f"content='{table}', content_rowid='id', tokenize='trigram')"),
        (f'CREATE TRIGGER IF NOT EXISTS "{fts}_insert" AFTER INSERT ON "{table}" '
         f"BEGIN {insert} END"),
        (f'CREATE TRIGGER IF NOT EXISTS "{fts}_delete" AFTER DELETE ON "{table}" '
         f"BEGIN {delete} END"),
        (f'CREATE TRIGGER IF NOT EXISTS "{fts}_update" AFTER UPDATE OF "id", {names} '
         f'ON "{table}" BEGIN {delete} {insert} END'),
        f"INSERT INTO \"{fts}\" (\"{fts}\") VALUES ('rebuild')",
    ]


def upgrade_sqlite(db):
    for fts, (table, columns) in FTS_TABLES.items():
        try:
            with db.atomic():  # a savepoint: a failure leaves nothing half made
                for sql in sqlite_statements(fts, table, columns):
                    db.execute_sql(sql)
        except Exception as error:  # noqa: BLE001 - e.g. SQLite without FTS5 / trigram
            log.warning("no trigram index %s (%s): the admin search will scan", fts, error)


def trgm_schema(db):
    row = db.execute_sql(
        "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
        "WHERE e.extname = 'pg_trgm'").fetchone()
    return row[0] if row else None


def upgrade_postgres(db):
    schema = trgm_schema(db)
    if schema is None:
        for sql in ("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public",
                    "CREATE EXTENSION IF NOT EXISTS pg_trgm"):
            try:
                with db.atomic():  # a savepoint: the migration's transaction survives a refusal
                    db.execute_sql(sql)
            except Exception as error:  # noqa: BLE001 - no rights, no public schema, a race
                log.warning("%s failed: %s", sql, error)
            schema = trgm_schema(db)
            if schema is not None:
                break
    if schema is None:
        log.warning("pg_trgm is not installed: the admin search will scan (ask a superuser for "
                    "CREATE EXTENSION pg_trgm, then run this migration's indexes again)")
        return
    opclass = f'"{schema}".gin_trgm_ops'
    for name, table, column in TRGM_INDEXES:
        db.execute_sql(f'CREATE INDEX IF NOT EXISTS "{name}" ON "{table}" '
                       f'USING gin (lower("{column}") {opclass})')


def upgrade(db, migrator):
    import peewee
    if isinstance(db, peewee.SqliteDatabase):
        upgrade_sqlite(db)
    else:
        upgrade_postgres(db)
