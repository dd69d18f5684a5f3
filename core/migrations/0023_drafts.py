"""Drafts: the story being written on /create, kept on the server until it is saved as a story or
discarded (``drafts``: one per author, the id never given twice, as in 0013)."""
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

    class Draft(Frozen):
        id = NeverReusedId()
        user = peewee.ForeignKeyField(Users, on_delete="CASCADE", unique=True)
        title = peewee.CharField(max_length=200, default="")
        content = peewee.TextField(default="")
        writer = peewee.CharField(max_length=80, default="")
        settings = peewee.TextField(default="{}")
        plan = peewee.TextField(null=True)
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)
        updated_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "drafts"

    return [Draft]


def upgrade(db, migrator):
    db.create_tables(tables(db), safe=True)
