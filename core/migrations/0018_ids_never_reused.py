"""Story, video, comment and user ids are never given twice, even after the newest row is deleted.

On SQLite a plain ``INTEGER PRIMARY KEY`` gives the largest id again once its row is gone, so an
old link (a bookmark, a notification, a shared URL) to a deleted story opened the next story
made. ``AUTOINCREMENT`` never repeats an id; SQLite cannot add it to a table, so each of the four
tables is rebuilt the way SQLite's documentation says (https://sqlite.org/lang_altertable.html,
"Making Other Kinds Of Table Schema Changes"), with foreign key enforcement off
(``FOREIGN_KEYS_OFF``: ``core.migrations.upgrade`` turns it off around this migration and checks
every foreign key before committing):

1. the table's own ``CREATE TABLE`` (as the database has it, with every column earlier
   migrations added) made again under a new name with ``AUTOINCREMENT`` on its id;
2. every row copied, ids kept (``sqlite_sequence`` then starts after the largest);
3. the old table dropped and the new one renamed to its name: the other tables' foreign keys name
   the table, so they point at the new one;
4. the table's indexes and triggers (the search tables' triggers of 0007-0009) made again from
   their own SQL.

The search tables (FTS5, keyed by the same ids) are untouched: the ids do not change.

PostgreSQL: nothing to do, ``SERIAL`` ids come from a sequence that only moves forward.

Self-contained SQL: it names its tables and reads no model.
"""
import re

import peewee

TABLES = ("users", "stories", "videos", "comments")
FOREIGN_KEYS_OFF = True
_ID = re.compile(r'("id"\s+INTEGER\s+NOT\s+NULL\s+PRIMARY\s+KEY)(?!\s+AUTOINCREMENT)', re.I)


def upgrade(db, migrator):
    if not isinstance(db, peewee.SqliteDatabase):
        return
    for table in TABLES:
        rebuild(db, table)


def rebuild(db, table):
    (create,), = db.execute_sql("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                                (table,)).fetchall()
    if "AUTOINCREMENT" in create.upper():
        return
    new = f"{table}__autoincrement"
    head = re.compile(rf'^CREATE TABLE\s+"?{table}"?', re.I)
    create_new, found = head.subn(f'CREATE TABLE "{new}"', create, count=1)
    create_new, ids = _ID.subn(r"\1 AUTOINCREMENT", create_new, count=1)
    if not (found and ids):
        raise RuntimeError(f"{table}: unexpected schema {create!r}")
    extras = [sql for sql, in db.execute_sql(
        "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') "
        "AND sql IS NOT NULL ORDER BY type, name", (table,)).fetchall()]
    columns = ", ".join(f'"{column.name}"' for column in db.get_columns(table))
    db.execute_sql(create_new)
    db.execute_sql(f'INSERT INTO "{new}" ({columns}) SELECT {columns} FROM "{table}"')
    db.execute_sql(f'DROP TABLE "{table}"')
    db.execute_sql(f'ALTER TABLE "{new}" RENAME TO "{table}"')
    for sql in extras:
        db.execute_sql(sql)
