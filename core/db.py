"""The database: one peewee proxy, SQLite by default or PostgreSQL by ``DATABASE_URL``."""
from contextlib import contextmanager

import peewee
from playhouse.db_url import connect as connect_url

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
        db = connect_url(url, pragmas=SQLITE_PRAGMAS, check_same_thread=False)
    else:
        url = url.replace("postgresql+psycopg2://", "postgresql://", 1)
        db = connect_url(url)
    return db


def bind(url):
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


def init_app(app):
    """Open a connection per request and close it after."""
    bind(app.config["DATABASE_URL"])

    @app.before_request
    def _connect():
        database.connect(reuse_if_open=True)

    @app.teardown_appcontext
    def _close(exc):
        if not database.is_closed():
            database.close()
