"""Series: a story can be part N of one of its author's series.

* ``series`` (id never given twice, as in 0013: an old link never opens a newer series);
* ``stories.series_id`` (ON DELETE SET NULL: a deleted series leaves its stories) and
  ``stories.series_part`` (1, 2 …), both NULL for a story on its own, with the index the series
  page reads its parts in order from.

Plain ``ADD COLUMN`` on both backends, as in 0019 (a column with a foreign key and no default
value is one SQLite adds in place)."""
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

    class Series(Frozen):
        id = NeverReusedId()
        user = peewee.ForeignKeyField(Users, on_delete="CASCADE")
        title = peewee.CharField(max_length=200)
        description = peewee.TextField(default="")
        is_public = peewee.BooleanField(default=True)
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)
        updated_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "series"
            indexes = ((("user", "created_at"), False),)

    return [Series]


COLUMNS = (("series_id", 'INTEGER REFERENCES "series" ("id") ON DELETE SET NULL'),
           ("series_part", "INTEGER"))


def upgrade(db, migrator):
    db.create_tables(tables(db), safe=True)
    existing = {column.name for column in db.get_columns("stories")}
    for name, kind in COLUMNS:
        if name not in existing:
            db.execute_sql(f'ALTER TABLE "stories" ADD COLUMN "{name}" {kind}')
    db.execute_sql('CREATE INDEX IF NOT EXISTS "stories_series_id_series_part" '
                   'ON "stories" ("series_id", "series_part")')
