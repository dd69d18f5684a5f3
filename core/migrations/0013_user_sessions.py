"""``user_sessions``: one row per signed-in browser, so that signing out ends that browser only.

Ids are never given twice: ``AUTOINCREMENT`` on SQLite (a plain ``INTEGER PRIMARY KEY`` would
give the newest row's id again once it is deleted, and a revoked session's copied cookie would
then point at someone's new session), ``SERIAL`` on PostgreSQL (a sequence only moves forward).

No row is made for the sessions open at the upgrade: their cookies (``"<user id>:<version>"``)
keep working and get a shared row of their account on their next request (``core.sessions``),
so nobody is signed out by the upgrade."""
import datetime as dt

import peewee


def tables(db):
    sqlite = isinstance(db, peewee.SqliteDatabase)

    class NeverReusedId(peewee.AutoField):
        def ddl(self, ctx):
            nodes = super().ddl(ctx)
            return peewee.NodeList((nodes, peewee.SQL("AUTOINCREMENT"))) if sqlite else nodes

    class Frozen(peewee.Model):
        class Meta:
            database = db
            legacy_table_names = False

    class Users(Frozen):
        class Meta:
            table_name = "users"

    class UserSession(Frozen):
        id = NeverReusedId()
        user = peewee.ForeignKeyField(Users, on_delete="CASCADE", index=True)
        version = peewee.IntegerField(default=0)
        user_agent = peewee.CharField(max_length=512, default="")
        legacy = peewee.BooleanField(default=False)
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)
        last_seen_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "user_sessions"

    return [UserSession]


def upgrade(db, migrator):
    db.create_tables(tables(db), safe=True)
