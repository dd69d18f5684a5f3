"""Indexes for the admin panel's lists, filters, searches and figures.

* ``stories`` / ``videos`` (created_at, is_public, [status,] title, user_id): every item newest
  first (the feeds' indexes all start with is_public), and a title or author search answered from
  the index alone.
* ``users`` (created_at, email, first_name, last_name): the user search (name or e-mail) reads the
  index, not the table (the rows carry password hashes and more).
* ``users`` (is_banned, is_active, ban_expires_at, role): the status filters and the counts of
  ``/api/admin/stats``.

The names are the ones peewee gives the same indexes declared in the models' ``Meta.indexes``,
and ``IF NOT EXISTS`` keeps this migration harmless on a database created from those models.
"""

INDEXES = (
    ("stories", ("created_at", "is_public", "title", "user_id")),
    ("videos", ("created_at", "is_public", "status", "title", "user_id")),
    ("users", ("created_at", "email", "first_name", "last_name")),
    ("users", ("is_banned", "is_active", "ban_expires_at", "role")),
)


def index_name(table, columns):
    return f"{table}_{'_'.join(columns)}"


def upgrade(db, migrator):
    for table, columns in INDEXES:
        quoted = ", ".join(f'"{column}"' for column in columns)
        db.execute_sql(f'CREATE INDEX IF NOT EXISTS "{index_name(table, columns)}" '
                       f'ON "{table}" ({quoted})')
