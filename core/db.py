"""The database: one peewee proxy, SQLite by default or PostgreSQL by ``DATABASE_URL``.

Connections are reused between requests: PostgreSQL through a pool (``core.pg_pool``, at most
``DREADFORGE_DB_POOL`` connections per process, 20 by default; its hot reads prepared once per
connection, ``core.prepared``), SQLite with one connection per thread kept open (peewee's
connection state is per thread).
"""
import os
from contextlib import contextmanager

import peewee
from playhouse import db_url

from core import prepared
from core.config import setting
from core.pg_pool import PostgresPool
from core.text_words import holds_words
from core.turns import away

database = peewee.DatabaseProxy()

SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "foreign_keys": 1,
    "busy_timeout": 10000,
    "synchronous": "normal",
    "cache_size": -32000,
}


class BaseModel(peewee.Model):
    class Meta:
        database = database
        legacy_table_names = False


def open_database(url):
    """A peewee Database for a URL: ``sqlite:///path`` or ``postgresql://…``."""
    if url.startswith("sqlite"):
        db = db_url.connect(url, pragmas=SQLITE_PRAGMAS, check_same_thread=False)
        db.register_function(holds_words, "holds_words", 2, deterministic=True)
        # taking the file's write lock waits (up to busy_timeout) while another process holds it
        _away_from_turn_during(db, "begin", lambda lock_type=None, *_: (lock_type or "").upper()
                               in ("IMMEDIATE", "EXCLUSIVE"))
    elif url.split("://", 1)[0].split("+", 1)[0] in ("postgresql", "postgres"):
        db = PostgresPool(**db_url.parse(url), max_connections=setting("DREADFORGE_DB_POOL"),
                          stale_timeout=300, timeout=30)
        if setting("DREADFORGE_DB_PREPARE"):
            prepared.install(db)
        # the query runs in the server's process; a hot read (``core.prepared``: a story by id,
        # a feed page by its index) on a connection at hand is over before another request
        # could take the turn and hand it back: it keeps the turn (measured, 10k stories, 16
        # clients: story page 1,461 -> 1,692 req/s, p99 21 -> 16 ms)
        _away_from_turn_during(db, "execute_sql", lambda sql, *_args, **_kwargs: not (
            prepared.is_hot(sql) and db.connection_at_hand()))
    else:
        raise ValueError(f"DATABASE_URL must be sqlite:///… or postgresql://…, not {url!r}")
    return db


def _away_from_turn_during(db, method, waits=lambda *args: True):
    """``db.<method>`` waits for another process (the server running a query, SQLite's write lock
    held elsewhere) when ``waits(*args)``: meanwhile this web process serves its other requests
    (``core.turns``), and the waiting one resumes first."""
    call = getattr(db, method)

    def away_while_waiting(*args, **kwargs):
        if not waits(*args):
            return call(*args, **kwargs)
        with away(first=True):
            return call(*args, **kwargs)
    setattr(db, method, away_while_waiting)


def release_connections():
    """Close every connection this process holds (before a fork: children must not share them)."""
    db = database.obj
    if db is None:
        return
    if not db.is_closed():
        db.close()
    if hasattr(db, "close_all"):
        db.close_all()


#: connections a forked child inherited: kept referenced, never closed (closing a PostgreSQL
#: connection would end the parent's session on the shared socket)
_inherited = []


def _forget_inherited_connections():
    """In a forked child (an RQ work horse, a web process): open its own connections."""
    db = database.obj
    if db is None:
        return
    if db._state.conn is not None:
        _inherited.append(db._state.conn)
    db._state.reset()
    if hasattr(db, "_in_use"):
        _inherited.extend(db._connections)
        _inherited.extend(db._in_use.values())
        db._connections, db._in_use = [], {}


os.register_at_fork(after_in_child=_forget_inherited_connections)


def bind(url):
    release_connections()
    db = open_database(url)
    database.initialize(db)
    return db


def is_sqlite():
    return isinstance(database.obj, peewee.SqliteDatabase)


@contextmanager
def write_transaction():
    """A transaction that takes the write lock up front on SQLite (no lock-upgrade deadlocks)."""
    if is_sqlite():
        with database.atomic("IMMEDIATE") as txn:
            yield txn
    else:
        with database.atomic() as txn:
            yield txn


@contextmanager
def without_plans(*plans):
    """PostgreSQL: a savepoint in which the planner may not use ``plans`` (``seqscan``,
    ``indexscan`` …), so that a query takes the index or bitmaps it is written for; the settings
    end with the savepoint's rollback (``SET LOCAL``)."""
    with database.atomic() as transaction:
        for plan in plans:
            database.execute_sql(f"SET LOCAL enable_{plan} = off")
        yield
        transaction.rollback()


def init_app(app):
    """A request takes a connection when it first asks the database something (this thread's,
    SQLite; one from the pool, PostgreSQL), not before: a feed page served from the cache takes
    none. PostgreSQL's goes back to the pool when the request ends."""
    bind(app.config["DATABASE_URL"])

    @app.teardown_appcontext
    def _close(exc):
        if database.is_closed():
            return
        if not is_sqlite():
            database.close()
