"""The word index of the stories' text made smaller and faster to build and read, with a list of
its words (SQLite only; PostgreSQL keeps migration 0008's GIN index).

* ``stories_content_search`` is made again with ``detail=none, columnsize=0``: it records which
  stories hold a word, not where (the search asks for every word in any order, never a phrase,
  and ranks nothing), so it builds in about 60 % of the time and its lists are shorter.
* ``stories_content_words``: every word the index has seen (a ``WITHOUT ROWID`` B-tree), to spell
  a prefix out as the words it begins with a B-tree seek (``core.content_search``). The index's
  own fts5vocab counts each word's stories while listing it: 66–255 ms for "the" on a million.
  A story's words are added by the insert and update triggers through
  ``stories_content_words_stage``, a contentless FTS5 table with the same tokenizer: the text is
  tokenized there, its fts5vocab (one story: cheap) read into the list, the stage emptied. Words
  of deleted or edited stories stay listed; a listed word found in no story only costs the
  search a lookup that finds nothing.

Self-contained SQL: it names its tables and columns and reads no model.
"""
import logging

log = logging.getLogger(__name__)

FTS = "stories_content_search"
VOCAB = f"{FTS}_vocab"
WORDS = "stories_content_words"
STAGE = f"{WORDS}_stage"
STAGE_VOCAB = f"{STAGE}_vocab"
TOKENIZER = "unicode61 remove_diacritics 2"
NOT_IN_MODELS = (FTS, VOCAB, WORDS, STAGE, STAGE_VOCAB)


def sqlite_statements():
    delete = (f'INSERT INTO "{FTS}" ("{FTS}", rowid, "content") '
              f"VALUES ('delete', old.\"id\", old.\"content\");")
    insert = f'INSERT INTO "{FTS}" (rowid, "content") VALUES (new."id", new."content");'
    words = (f'INSERT INTO "{STAGE}" (rowid, "content") VALUES (1, new."content"); '
             f'INSERT OR IGNORE INTO "{WORDS}" (term) SELECT term FROM "{STAGE_VOCAB}"; '
             f"INSERT INTO \"{STAGE}\" (\"{STAGE}\") VALUES ('delete-all');")
    return [
        f'DROP TRIGGER IF EXISTS "{FTS}_insert"',
        f'DROP TRIGGER IF EXISTS "{FTS}_delete"',
        f'DROP TRIGGER IF EXISTS "{FTS}_update"',
        f'DROP TABLE IF EXISTS "{VOCAB}"',
        f'DROP TABLE IF EXISTS "{FTS}"',
        f'DROP TABLE IF EXISTS "{STAGE_VOCAB}"',
        f'DROP TABLE IF EXISTS "{STAGE}"',
        f'DROP TABLE IF EXISTS "{WORDS}"',
        (f'CREATE VIRTUAL TABLE "{FTS}" USING fts5("content", content=\'stories\', '
         f"content_rowid='id', tokenize='{TOKENIZER}', detail=none, columnsize=0)"),
        f'CREATE VIRTUAL TABLE "{VOCAB}" USING fts5vocab("{FTS}", row)',
        f'CREATE TABLE "{WORDS}" (term TEXT PRIMARY KEY) WITHOUT ROWID',
        (f'CREATE VIRTUAL TABLE "{STAGE}" USING fts5("content", content=\'\', '
         f"tokenize='{TOKENIZER}', detail=none, columnsize=0)"),
        f'CREATE VIRTUAL TABLE "{STAGE_VOCAB}" USING fts5vocab("{STAGE}", row)',
        f'CREATE TRIGGER "{FTS}_insert" AFTER INSERT ON "stories" BEGIN {insert} {words} END',
        f'CREATE TRIGGER "{FTS}_delete" AFTER DELETE ON "stories" BEGIN {delete} END',
        (f'CREATE TRIGGER "{FTS}_update" AFTER UPDATE OF "id", "content" ON "stories" '
         f"BEGIN {delete} {insert} {words} END"),
        f"INSERT INTO \"{FTS}\" (\"{FTS}\") VALUES ('rebuild')",
        f'INSERT OR IGNORE INTO "{WORDS}" (term) SELECT term FROM "{VOCAB}"',
    ]


def upgrade(db, migrator):
    import peewee
    if not isinstance(db, peewee.SqliteDatabase):
        return
    try:
        with db.atomic():  # a savepoint: a failure leaves migration 0008's index as it was
            for sql in sqlite_statements():
                db.execute_sql(sql)
    except Exception as error:  # noqa: BLE001 - e.g. SQLite without FTS5
        log.warning("word index %s not rebuilt (%s): the search keeps the older one", FTS, error)
