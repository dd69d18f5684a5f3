"""Bulk writes for `dreadforge seed`: many rows in few statements, no per-row query objects.

* ``insert(table, columns, rows)``: SQLite runs one prepared ``INSERT`` ``executemany``; PostgreSQL
  streams the rows through ``COPY … FROM STDIN`` (text format, built in chunks).
* ``insert_drawn(table, shared_columns, shared, columns, picks)``: rows that share most of their
  values (each draws one of ``shared``): on SQLite the shared values go in once, and each chunk
  of rows as one JSON text of the draws that SQLite joins to them, in C; on PostgreSQL the
  shared values and each chunk of draws go into temporary tables that one ``INSERT … SELECT``
  joins (each row's long values copied as the database keeps them).
* ``loading(tables, beside)``: a write transaction set up for a big load. SQLite: no fsync, a
  large page cache, a rollback journal instead of the WAL (the rows are not written twice), the
  file read through mmap and index sorts on two threads, back to the usual settings after.
  Both: the tables' secondary indexes and their triggers (on PostgreSQL also their foreign
  keys) are dropped and made again once at the end, the FTS5 indexes whose content is one of
  the tables rebuilt in one pass (the primary keys and unique constraints stay); those named in
  ``beside``, of a table empty at the start, are built on another core while the rows go in
  (``core.side_index``). PostgreSQL:
  asynchronous commit, lz4 for long text; the indexes other than unique ones built after the
  commit, on one connection per core at once (``build_pending``: PostgreSQL 15 builds each index
  on one core, and other connections see the rows only once they are committed), their
  definitions kept in ``PENDING`` by the load's transaction until each is made (a load cut short
  there leaves them to the next ``migrations.upgrade()``); then a ``VACUUM (ANALYZE)`` of the
  tables (their pages marked all-visible). That side is ``core.bulk_postgres``.

``rows`` are tuples of Python values already in database form (``int``, ``str``, ``bool``,
``datetime`` or ``None``), in the order of ``columns``.
"""
import datetime as dt
import io
import json
import logging
import re
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import peewee

from core import bulk_postgres, db
from core.side_index import SideIndex

log = logging.getLogger(__name__)

CHUNK = 20_000  # rows per executemany / COPY call
#: memory an FTS5 index fills before it writes a segment (SQLite's default: 1 MB). A rebuild of a
#: million stories' text then writes 4x fewer segments to merge: 27 -> 20 s, the trigram index
#: of their titles 8.7 -> 4.7 s. A transaction writing one story uses a few KB of it.
FTS_HASH_BYTES = 64 << 20
#: SQLite, during a load: the file mapped in memory up to this size (the index builds read the
#: table's pages there instead of copying them into the page cache)
MMAP_BYTES = 2 << 30
#: SQLite, during a load: the FTS5 indexes being built on the other core (``core.side_index``)
_sides = []


def insert(table, columns, rows):
    """Insert ``rows`` (an iterable of tuples) into ``table``; returns how many."""
    if db.is_sqlite():
        return _insert_sqlite(table, columns, rows)
    return _copy_postgres(table, columns, rows)


def insert_drawn(table, shared_columns, shared, columns, picks):
    """Insert rows that each take one of ``shared`` (tuples of values for ``shared_columns``, the
    same on many rows: the seed's story pool) and values of their own for ``columns``: ``picks``
    yields ``(index into shared, *values)``; returns how many. SQLite: the shared values go in
    once, then each chunk of picks as one JSON text that SQLite joins to them (no row bound one by
    one in Python); PostgreSQL: the same through temporary tables joined by ``INSERT … SELECT``;
    an SQLite without JSON: the rows made whole, through ``insert``."""
    if not db.is_sqlite():
        return _insert_drawn_postgres(table, shared_columns, shared, columns, picks)
    if not _sqlite_json():
        return insert(table, [*shared_columns, *columns],
                      (shared[pick[0]] + pick[1:] for pick in picks))
    return _insert_drawn_sqlite(table, shared_columns, shared, columns, picks)


def _sqlite_json():
    """Whether this SQLite has its JSON functions (built in since 3.38; an option before)."""
    try:
        with db.database.atomic():
            db.database.execute_sql("SELECT value FROM json_each('[1]')").fetchall()
        return True
    except peewee.OperationalError:
        return False


def _chunks(rows):
    chunk = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _insert_sqlite(table, columns, rows):
    sql = 'INSERT INTO "{}" ({}) VALUES ({})'.format(
        table, ", ".join(f'"{column}"' for column in columns), ", ".join("?" * len(columns)))
    cursor = db.database.cursor()
    count = 0
    started = time.perf_counter()
    sides = [side for side in _sides if side.table == table]
    next_id = _next_id(cursor, table) if sides else None
    for chunk in _chunks(rows):
        cursor.executemany(sql, chunk)
        for side in sides:
            side.feed(columns, next_id, chunk)
        next_id = next_id + len(chunk) if sides else None
        count += len(chunk)
    log.info("%s: %d rows in %.1f s", table, count, time.perf_counter() - started)
    return count


def _insert_drawn_sqlite(table, shared_columns, shared, columns, picks):
    temp = f"bulk_shared_{table}"
    own = [f"c{i}" for i in range(len(shared_columns))]
    db.database.execute_sql(f'DROP TABLE IF EXISTS temp."{temp}"')
    db.database.execute_sql(f'CREATE TEMP TABLE "{temp}" (k INTEGER PRIMARY KEY, {", ".join(own)})')
    cursor = db.database.cursor()
    cursor.executemany(f'INSERT INTO temp."{temp}" VALUES (?{", ?" * len(own)})',
                       ((k, *row) for k, row in enumerate(shared)))
    names = ", ".join(f'"{column}"' for column in [*shared_columns, *columns])
    picked = [f"json_extract(j.value, '$[{i + 1}]')" for i in range(len(columns))]
    # CROSS JOIN: the picks are the outer loop, in their order (the ids follow it)
    values = ", ".join([f"s.{c}" for c in own] + picked)
    sql = (f'INSERT INTO "{table}" ({names}) SELECT {values} FROM json_each(?) AS j '
           f'CROSS JOIN temp."{temp}" AS s ON s.k = json_extract(j.value, \'$[0]\')')
    sides = [side for side in _sides if side.table == table]
    next_id = _next_id(cursor, table) if sides else None
    for side in sides:
        side.share(shared_columns, shared)
    count = 0
    started = time.perf_counter()
    for chunk in _chunks(picks):
        text = json.dumps(chunk)
        cursor.execute(sql, (text,))
        for side in sides:
            side.feed_drawn(next_id, text)
        next_id = next_id + len(chunk) if sides else None
        count += len(chunk)
    db.database.execute_sql(f'DROP TABLE temp."{temp}"')
    log.info("%s: %d rows in %.1f s", table, count, time.perf_counter() - started)
    return count


def _insert_drawn_postgres(table, shared_columns, shared, columns, picks):
    """The shared values go into a temporary table once, each chunk of picks into another, and
    one ``INSERT … SELECT`` joins them: each row's shared values are copied as PostgreSQL keeps
    them (compressed once), not parsed and compressed again row after row as ``COPY`` would
    (100k stories: 6.6 → 2.5 s of the server's time)."""
    pool, draws = f"bulk_shared_{table}", f"bulk_draws_{table}"
    _temp_like(pool, table, ["k"], shared_columns)
    _temp_like(draws, table, ["n", "k"], columns)
    _copy_postgres(pool, ["k", *shared_columns], ((k, *row) for k, row in enumerate(shared)),
                   quiet=True)
    picked = [*(f'p."{name}"' for name in shared_columns), *(f'd."{name}"' for name in columns)]
    sql = (f'INSERT INTO "{table}" ({_names([*shared_columns, *columns])}) '
           f'SELECT {", ".join(picked)} FROM pg_temp."{draws}" d '
           f'JOIN pg_temp."{pool}" p ON p.k = d.k ORDER BY d.n')  # the ids follow the picks
    copy = f'COPY pg_temp."{draws}" ({_names(["n", "k", *columns])}) FROM STDIN'
    cursor = db.database.cursor()
    count = 0
    started = time.perf_counter()
    for size, text in _ahead(_copy_texts((n, *pick) for n, pick in enumerate(picks))):
        cursor.copy_expert(copy, io.StringIO(text))
        db.database.execute_sql(sql)
        db.database.execute_sql(f'TRUNCATE pg_temp."{draws}"')
        count += size
    for temp in (pool, draws):
        db.database.execute_sql(f'DROP TABLE pg_temp."{temp}"')
    log.info("%s: %d rows in %.1f s", table, count, time.perf_counter() - started)
    return count


def _temp_like(temp, table, keys, columns):
    """PostgreSQL: an empty temporary table of integer ``keys`` and ``columns`` of ``table``."""
    db.database.execute_sql(f'DROP TABLE IF EXISTS pg_temp."{temp}"')
    db.database.execute_sql(
        f'CREATE TEMP TABLE "{temp}" AS SELECT {", ".join(f"0 AS {key}" for key in keys)}, '
        f'{_names(columns)} FROM "{table}" WITH NO DATA')


def _names(columns):
    return ", ".join(f'"{column}"' for column in columns)


def _next_id(cursor, table):
    """The id SQLite gives the next row of ``table``: one more than the largest so far."""
    return cursor.execute(f'SELECT coalesce(max(rowid), 0) + 1 FROM "{table}"').fetchone()[0]


def copy_text(value):
    """``value`` as a field of PostgreSQL's COPY text format."""
    if value is None:
        return "\\N"
    if value is True:
        return "t"
    if value is False:
        return "f"
    if isinstance(value, str):
        return (value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
                .replace("\r", "\\r"))
    if isinstance(value, dt.datetime):
        return value.isoformat(" ")
    return str(value)


def _copy_texts(rows):
    """``(rows, text)`` of each chunk of ``rows`` in PostgreSQL's COPY text format."""
    long_texts = {}  # the story pool's texts recur on every row: each escaped once

    def escaped(value):
        if type(value) is str and len(value) > 64:
            if value not in long_texts:
                long_texts[value] = copy_text(value)
            return long_texts[value]
        return copy_text(value)

    for chunk in _chunks(rows):
        yield len(chunk), "".join("\t".join(escaped(value) for value in row) + "\n"
                                  for row in chunk)


_END = object()


def _ahead(items):
    """``items``, the next one made on another thread while the caller has this one (the
    database's work on a chunk and Python's on the next overlap: psycopg2 lets go of the GIL
    while it waits; the rows of 300,000 stories: 8.4–8.9 s before, 7.8–8.2 s)."""
    with ThreadPoolExecutor(1) as maker:
        pending = iter(items)
        upcoming = maker.submit(next, pending, _END)
        while (item := upcoming.result()) is not _END:
            upcoming = maker.submit(next, pending, _END)
            yield item


def _copy_postgres(table, columns, rows, quiet=False):
    sql = f'COPY "{table}" ({_names(columns)}) FROM STDIN'
    cursor = db.database.cursor()
    count = 0
    started = time.perf_counter()
    for size, text in _ahead(_copy_texts(rows)):
        cursor.copy_expert(sql, io.StringIO(text))
        count += size
    if not quiet:
        log.info("%s: %d rows in %.1f s", table, count, time.perf_counter() - started)
    return count


@contextmanager
def loading(tables, beside=()):
    """A write transaction for loading many rows into ``tables`` (see the module's doc); a plain
    one when ``tables`` is empty. SQLite: the FTS5 tables named in ``beside`` are built on
    another core while the rows load, when their table is empty (``core.side_index``)."""
    if not tables:
        with db.write_transaction():
            yield
    elif db.is_sqlite():
        with _sqlite_loading(tables, beside):
            yield
    else:
        with db.write_transaction(), bulk_postgres.postgres_loading(tables):
            yield
        bulk_postgres.build_pending()
        bulk_postgres.postgres_vacuum(tables)


def _pragma(name, value=None):
    if value is None:
        return db.database.execute_sql(f"PRAGMA {name}").fetchone()[0]
    return db.database.execute_sql(f"PRAGMA {name} = {value}").fetchone()


def sqlite_schema(tables):
    """``(kind, name, sql)`` of the indexes and triggers of ``tables``, and the FTS5 tables whose
    external content is one of them (kind ``fts``)."""
    marks = ", ".join("?" * len(tables))
    rows = db.database.execute_sql(
        f"SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN ({marks}) "
        "AND type IN ('index', 'trigger') AND sql IS NOT NULL", list(tables)).fetchall()
    for name, sql in db.database.execute_sql(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' "
            "AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%'").fetchall():
        if any(f"content='{table}'" in sql for table in tables):
            rows.append(("fts", name, sql))
    return rows


@contextmanager
def _sqlite_loading(tables, beside):
    global _sides
    saved = {name: _pragma(name) for name in ("synchronous", "cache_size", "journal_mode",
                                              "mmap_size", "threads")}
    _pragma("synchronous", "OFF")
    _pragma("cache_size", -1_000_000)  # 1 GB: the indexes being built stay in memory
    _pragma("mmap_size", MMAP_BYTES)  # the table read from the file's pages, not copied
    _pragma("threads", 2)  # an index's sort on both cores
    # the WAL would receive every page, then copy it to the database; a rollback journal holds
    # only the few pages that existed before. Refused while another connection is open: fine.
    _journal_mode("TRUNCATE")
    schema = sqlite_schema(tables)
    sides = _sides = _side_indexes([item for item in schema if item[1] in beside])
    try:
        with db.write_transaction():
            for kind, name, _ in schema:
                if kind != "fts":
                    db.database.execute_sql(f'DROP {kind.upper()} "{name}"')
            yield
            _sides = []
            started = time.perf_counter()
            built_beside = {name for side in sides for name in side.names}
            for kind, name, sql in schema:
                step = time.perf_counter()
                if kind != "fts":
                    db.database.execute_sql(sql)
                elif name not in built_beside:
                    _rebuild(name)
                log.debug("%s %s built in %.1f s", kind, name, time.perf_counter() - step)
            for side in sides:
                if not side.finish():  # the thread failed: the usual way
                    for name in side.names:
                        _rebuild(name)
            sides = [side for side in sides if side.error is None]
            log.info("indexes and search index of %s built in %.1f s", ", ".join(tables),
                     time.perf_counter() - started)
        _copy_side_indexes(sides)
    finally:
        _sides = []
        for side in sides:
            side.remove()
        _journal_mode(saved.pop("journal_mode"))
        for name, value in saved.items():
            _pragma(name, value)


def _rebuild(name):
    """Index again every row of the FTS5 table ``name``'s content table."""
    db.database.execute_sql(  # kept as the table's setting: see FTS_HASH_BYTES
        f"INSERT INTO \"{name}\" (\"{name}\", rank) VALUES ('hashsize', ?)", (FTS_HASH_BYTES,))
    db.database.execute_sql(f"INSERT INTO \"{name}\" (\"{name}\") VALUES ('rebuild')")


def _side_indexes(schema):
    """A started ``SideIndex`` for each table whose FTS5 tables are in ``schema``, when it is
    empty (none on a database in memory)."""
    path = db.database.database
    if not path or path == ":memory:" or path.startswith("file:"):
        return []
    by_table = {}
    for kind, name, sql in schema:
        if kind == "fts":
            by_table.setdefault(re.search(r"content='([^']+)'", sql).group(1), []).append(
                (name, sql, [row[1] for row in db.database.execute_sql(
                    f'PRAGMA table_info("{name}")')]))
    sides = []
    for table, indexes in by_table.items():
        if db.database.execute_sql(f'SELECT 1 FROM "{table}" LIMIT 1').fetchone() is None:
            sides.append(SideIndex(table, indexes, FTS_HASH_BYTES))
            sides[-1].start()
    return sides


def _copy_side_indexes(sides):
    """After the load's commit: the indexes built beside it into the database; rebuilt there
    when that fails (another connection writing …)."""
    for side in sides:
        started = time.perf_counter()
        names = ", ".join(side.names)
        try:
            side.copy_into(db.database.database)
        except sqlite3.Error as error:
            log.warning("search indexes %s not copied (%s): rebuilt", names, error)
            with db.write_transaction():
                for name in side.names:
                    _rebuild(name)
        log.info("search indexes %s copied in %.1f s", names, time.perf_counter() - started)


def _journal_mode(mode):
    """Switch SQLite's journal mode if no other connection is busy; else keep the current one
    (the mode only changes how fast a bulk load is, not what it writes)."""
    try:
        _pragma("journal_mode", mode)
    except peewee.OperationalError as error:
        log.info("journal mode stays as it is (%s)", error)
