"""``users.session_version``: sign-out, ban and deactivation bump it, ending every session."""
import peewee


def upgrade(db, migrator):
    from playhouse.migrate import migrate
    columns = {column.name for column in db.get_columns("users")}
    if "session_version" not in columns:
        migrate(migrator.add_column("users", "session_version",
                                    peewee.IntegerField(default=0)))
