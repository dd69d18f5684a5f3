"""The PostgreSQL side of a bulk load (``core.bulk.loading``): the tables' indexes, triggers and
foreign keys dropped inside the load's transaction, the triggers, keys and unique indexes made
again before it commits, the other indexes after it (``build_pending``: one connection per
core), then a ``VACUUM (ANALYZE)`` of the tables."""
import logging
import os
import re
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from core import db

log = logging.getLogger(__name__)

#: PostgreSQL: the indexes a load dropped and has not made again yet (``build_pending``)
PENDING = "bulk_pending_indexes"
#: PostgreSQL: the advisory lock held by the one process making the pending indexes
BUILD_LOCK = 0x64726561  # "drea"
#: PostgreSQL: memory each connection building an index after a load may sort in
INDEX_MEMORY = "'512MB'"


def postgres_indexes(tables):
    """``(name, table, definition)`` of the secondary indexes of ``tables`` that no constraint
    owns."""
    return _of_tables("SELECT x.relname, c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i "
                      "JOIN pg_class x ON x.oid = i.indexrelid "
                      "JOIN pg_class c ON c.oid = i.indrelid WHERE NOT EXISTS "
                      "(SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)", tables)


def _set_local(name, value):
    try:
        with db.database.atomic():  # a savepoint: an unknown setting does not end the load
            db.database.execute_sql(f"SET LOCAL {name} = {value}")
    except Exception as error:  # noqa: BLE001 - an older server, a build without lz4
        log.info("bulk load without %s = %s (%s)", name, value, error)


def postgres_triggers(tables):
    """``(name, table, definition)`` of the triggers of ``tables`` made by the schema (not those
    PostgreSQL keeps for the foreign keys)."""
    return _of_tables("SELECT t.tgname, c.relname, pg_get_triggerdef(t.oid) FROM pg_trigger t "
                      "JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal", tables)


def postgres_foreign_keys(tables):
    """``(name, table, definition)`` of the foreign keys of ``tables``."""
    return _of_tables("SELECT k.conname, c.relname, pg_get_constraintdef(k.oid) "
                      "FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid "
                      "WHERE k.contype = 'f'", tables)


def _of_tables(select, tables):
    """The rows of the catalog query ``select`` (``c``: the table's ``pg_class`` row) for the
    tables of the current schema named in ``tables``, by table and name."""
    return db.database.execute_sql(
        f"{select} AND c.relnamespace = current_schema()::regnamespace "
        "AND c.relname = ANY(%s) ORDER BY 2, 1", (list(tables),)).fetchall()


@contextmanager
def postgres_loading(tables):
    """Inside a transaction: indexes, the tables' own triggers and their foreign keys dropped;
    the triggers, the keys and the unique indexes made again before it commits (the rows bring
    what the triggers would compute: the seed, the text's words of migrations 0011 and 0012; a
    disabled row trigger would still make ``COPY`` insert row by row instead of in batches; a
    foreign key checks each row as it goes in, and all of them at once when it is added again),
    the other indexes listed in ``PENDING`` for ``build_pending`` after the commit."""
    indexes = postgres_indexes(tables)
    _set_local("synchronous_commit", "off")
    _set_local("default_toast_compression", "lz4")
    _set_local("maintenance_work_mem", INDEX_MEMORY)
    for name, _, _ in indexes:
        db.database.execute_sql(f'DROP INDEX "{name}"')
    unique = [(name, definition) for name, _, definition in indexes
              if definition.startswith("CREATE UNIQUE")]
    _remember([(name, definition) for name, _, definition in indexes
               if not definition.startswith("CREATE UNIQUE")])
    triggers = postgres_triggers(tables)
    for name, table, _ in triggers:
        db.database.execute_sql(f'DROP TRIGGER "{name}" ON "{table}"')
    keys = postgres_foreign_keys(tables)
    for name, table, _ in keys:
        db.database.execute_sql(f'ALTER TABLE "{table}" DROP CONSTRAINT "{name}"')
    yield
    for _, _, definition in triggers:
        db.database.execute_sql(definition)
    started = time.perf_counter()
    for name, definition in unique:  # a duplicate row fails the load, not a later build
        _build(db.database.execute_sql, name, definition)
    for name, table, definition in keys:  # each checked against every row in one pass
        db.database.execute_sql(f'ALTER TABLE "{table}" ADD CONSTRAINT "{name}" {definition}')
    log.info("unique indexes and keys of %s made in %.1f s", ", ".join(tables),
             time.perf_counter() - started)


def _remember(indexes):
    """In the load's transaction: ``(name, definition)`` of the indexes to make after it."""
    db.database.execute_sql(f'CREATE TABLE IF NOT EXISTS "{PENDING}" '
                            "(name text PRIMARY KEY, definition text NOT NULL)")
    for name, definition in indexes:
        db.database.execute_sql(f'INSERT INTO "{PENDING}" VALUES (%s, %s) '
                                "ON CONFLICT (name) DO UPDATE SET definition = EXCLUDED.definition",
                                (name, definition))


def _build(execute, name, definition):
    step = time.perf_counter()
    execute(re.sub(r"^CREATE (UNIQUE )?INDEX ", r"CREATE \1INDEX IF NOT EXISTS ", definition))
    log.debug("index %s built in %.1f s", name, time.perf_counter() - step)


def build_pending():
    """PostgreSQL: make the indexes listed in ``PENDING`` (dropped by a load that committed),
    each struck off as it is made; on as many connections at once as there are cores, the GIN
    indexes first (the word index of the text takes longest), or on this connection inside a
    transaction (another would not see its rows); one process at a time (a web server and a
    worker starting together: the second finds nothing left). Returns how many; 0 on SQLite."""
    if db.is_sqlite() or not db.database.table_exists(PENDING):
        return 0
    inside = db.database.in_transaction()
    lock = "pg_advisory_xact_lock" if inside else "pg_advisory_lock"
    db.database.execute_sql(f"SELECT {lock}(%s)", (BUILD_LOCK,))
    try:
        pending = db.database.execute_sql(
            f'SELECT name, definition FROM "{PENDING}" '
            "ORDER BY position(' USING gin ' IN definition) = 0, name").fetchall()
        started = time.perf_counter()
        if inside:
            for name, definition in pending:
                _build_pending(db.database.execute_sql, name, definition)
        elif pending:
            with ThreadPoolExecutor(min(len(pending), os.cpu_count() or 1)) as builders:
                list(builders.map(_build_apart, pending))
    finally:
        if not inside:
            db.database.execute_sql("SELECT pg_advisory_unlock(%s)", (BUILD_LOCK,))
    if pending:
        log.info("%d indexes built in %.1f s", len(pending), time.perf_counter() - started)
    return len(pending)


def _build_pending(execute, name, definition):
    """Make the pending index ``name`` and strike it off, by ``execute``."""
    _build(execute, name, definition)
    execute(f'DELETE FROM "{PENDING}" WHERE name = %s', (name,))


def _build_apart(item):
    """Make one pending index on a connection of its own, and strike it off."""
    import psycopg2  # PostgreSQL only
    name, definition = item
    database = getattr(db.database, "obj", db.database)
    connection = psycopg2.connect(dbname=database.database, **database.connect_params)
    try:
        connection.autocommit = True
        with connection.cursor() as cursor:
            cursor.execute(f"SET maintenance_work_mem = {INDEX_MEMORY}")
            _build_pending(cursor.execute, name, definition)
    finally:
        connection.close()


def postgres_vacuum(tables):
    """After the load's commit: ``VACUUM (ANALYZE)`` the loaded tables, which marks their pages
    all-visible (else each row's visibility is settled, and its page written again, on its first
    read, and no index-only scan skips the table: a freshly loaded table is read slowly until
    autovacuum comes); only ``ANALYZE`` inside a transaction. Not their TOAST tables (PostgreSQL
    14 on): a long text's chunks are read without asking whose transaction wrote them, so
    vacuuming them makes no read faster (a million stories: 1.5 s instead of 4.1 s), and
    autovacuum gets to them later."""
    started = time.perf_counter()
    if db.database.in_transaction():
        command = "ANALYZE"
    elif db.database.server_version >= 140000:
        command = "VACUUM (ANALYZE, PROCESS_TOAST FALSE)"
    else:
        command = "VACUUM (ANALYZE)"
    for table in tables:
        db.database.execute_sql(f'{command} "{table}"')
    log.info("%s of %s in %.1f s", command, ", ".join(tables), time.perf_counter() - started)
