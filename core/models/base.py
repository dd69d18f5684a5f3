"""What every model shares: the clock, timestamps, JSON columns, ids never given twice, roles."""
import datetime as dt
import json

import peewee


def utcnow():
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Stamped:
    """Rows with ``created_at`` and ``updated_at``: a new one's are one moment (each default read
    the clock on its own, microseconds apart, and an 'Edited' badge shows when updatedAt is
    later)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not kwargs.get("__no_default__") and "updated_at" not in kwargs:  # not a row read back
            self.__data__["updated_at"] = self.__data__["created_at"]


class JSONField(peewee.TextField):
    """JSON stored as text: portable between SQLite and PostgreSQL."""

    def db_value(self, value):
        return None if value is None else json.dumps(value)

    def python_value(self, value):
        return None if value is None else json.loads(value)


ROLES = ("user", "admin", "super_admin")
ADMIN_ROLES = ("admin", "super_admin")


class NeverReusedId(peewee.AutoField):
    """An id never given twice, even after the newest row is deleted: ``AUTOINCREMENT`` on
    SQLite (a plain ``INTEGER PRIMARY KEY`` gives the largest id again), PostgreSQL's sequence
    only moves forward."""

    def ddl(self, ctx):
        nodes = super().ddl(ctx)
        database = self.model._meta.database
        if isinstance(getattr(database, "obj", database), peewee.SqliteDatabase):
            return peewee.NodeList((nodes, peewee.SQL("AUTOINCREMENT")))
        return nodes
