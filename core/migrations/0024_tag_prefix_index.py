"""The tag suggestions as you type (``GET /api/tags?prefix=``) find their tags through an index.

They ask ``tag LIKE 'gho%'`` of ``story_tags`` and ``video_tags``. PostgreSQL uses a b-tree index
for a prefix ``LIKE`` only when the index compares bytes (the ``C`` collation, or the
``text_pattern_ops`` operator class): 0020's ``(tag, story)`` index follows the database's
collation (``C.UTF-8``, ``en_US.UTF-8`` …), so the suggestions read every tag row. SQLite uses an
index for a prefix ``LIKE`` (case-insensitive there) only on a ``NOCASE`` column or index.

Self-contained SQL: it names its tables and columns and reads no model.
"""
import peewee

#: (index, table): one per tag table, on ``tag`` alone
INDEXES = (("story_tags_tag_prefix", "story_tags"), ("video_tags_tag_prefix", "video_tags"))
NOT_IN_MODELS = tuple(name for name, _table in INDEXES)


def upgrade(db, migrator):
    sqlite = isinstance(db, peewee.SqliteDatabase)
    for name, table in INDEXES:
        column = '"tag" COLLATE NOCASE' if sqlite else '"tag" text_pattern_ops'
        db.execute_sql(f'CREATE INDEX IF NOT EXISTS "{name}" ON "{table}" ({column})')
