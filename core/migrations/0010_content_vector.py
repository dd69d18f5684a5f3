"""The words of a story's text kept beside it on PostgreSQL, for the community search
(``core.content_search``); nothing on SQLite (its FTS5 index already answers by id).

``stories.content_vector``: ``strip(to_tsvector('simple', content))``, a generated column
(computed by PostgreSQL on every insert and update of the text), with a GIN index on it in place
of migration 0008's index on the expression. A search for a word found in thousands of stories
walks the feed's sort order and tests each row; with the expression, each test tokenized the
row's text again (about half a millisecond a story: seconds for a page of a common word on a
million stories), while the stored words are tested in microseconds. ``strip`` drops the word
positions the search never uses (it asks for words in any order, never a phrase).

Self-contained SQL: it names its table and columns and reads no model.
"""
import logging

log = logging.getLogger(__name__)

COLUMN = "content_vector"
INDEX = "stories_content_vector"
OLD_INDEX = "stories_content_tsv"  # migration 0008's, on the expression
NOT_IN_MODELS = (COLUMN, INDEX)


def upgrade(db, migrator):
    import peewee
    if isinstance(db, peewee.SqliteDatabase):
        return
    db.execute_sql(f'ALTER TABLE "stories" ADD COLUMN IF NOT EXISTS "{COLUMN}" tsvector '
                   "GENERATED ALWAYS AS (strip(to_tsvector('simple', \"content\"))) STORED")
    try:
        with db.atomic():  # a savepoint: the migration's transaction survives a failure
            db.execute_sql(f'CREATE INDEX IF NOT EXISTS "{INDEX}" ON "stories" '
                           f'USING gin ("{COLUMN}")')
            db.execute_sql(f'DROP INDEX IF EXISTS "{OLD_INDEX}"')
    except Exception as error:  # noqa: BLE001 - e.g. out of maintenance memory
        log.warning("no word index %s (%s): the story text search will scan", INDEX, error)
