"""``users.session_version``: sign-out, ban and deactivation bump it, ending every session.

One ``ADD COLUMN … NOT NULL DEFAULT 0`` on both backends: peewee's ``add_column`` would add the
column nullable and then rebuild the SQLite table to make it NOT NULL, and dropping ``users`` for
the rebuild fails (or, with foreign keys on, would cascade) once stories point at it."""


def upgrade(db, migrator):
    columns = {column.name for column in db.get_columns("users")}
    if "session_version" not in columns:
        db.execute_sql('ALTER TABLE "users" ADD COLUMN "session_version" INTEGER NOT NULL '
                       "DEFAULT 0")
