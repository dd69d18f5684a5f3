"""The community search in a story's text: a story matches when its text holds every word of the
query, the last one as a prefix ("lighth" finds "lighthouse"), in any case and any order.

Words are the runs of letters and digits of the query; everything else (quotes, ``*``, ``:``,
``&``, ``|``, ``!``, brackets, ``-``) separates them and never reaches the database as an
operator. A query without a word matches no text.

* SQLite: migration 0008's FTS5 table ``stories_content_search`` (``unicode61``, case and accents
  folded) lists the matching ids, at most ``FEW`` of them. Fewer: the feed reads those rows
  (``id IN (…)``). As many (a common word): each row the feed walks in its sort order is looked up
  in the index by id, until a page is found. Without the table (an SQLite without FTS5): every
  word in the text as ``LIKE '%word%'`` (a scan; a word found inside a longer one matches too).
* PostgreSQL: ``to_tsvector('simple', content) @@ to_tsquery('simple', 'w1 & w2:*')``, which
  migration 0008's GIN index serves (without it, the same query scans). The same two ways as
  SQLite: the index lists at most ``FEW`` ids (asked with ``enable_seqscan`` off: the planner
  takes ``to_tsvector`` for cheap, when it costs about half a millisecond a story), else each
  walked row is tested.
"""
import re

import peewee
from peewee import SQL, NodeList, fn

from core import db
from core.search import all_of, contains

FTS = "stories_content_search"
#: up to this many matches the feed reads the rows by id; from it on it looks each walked row up
FEW = 1500
WORD = re.compile(r"[^\W_]+")


def words(text):
    """The query's words (letters and digits), in order."""
    return WORD.findall(text)


def fts_query(found):
    """An FTS5 query: every word a quoted string, the last one a prefix."""
    return " ".join(f'"{word}"' for word in found) + "*"


def tsquery(found):
    """A to_tsquery text: the words joined by ``&``, the last one a prefix."""
    return " & ".join(found) + ":*"


def indexed_ids(query, limit):
    """Ids of the stories whose text matches ``query`` (at most ``limit``); None without the
    index (an older revision, an SQLite without FTS5)."""
    try:
        with db.database.atomic():  # a savepoint: a missing table does not end the transaction
            cursor = db.database.execute_sql(
                f'SELECT rowid FROM "{FTS}" WHERE "{FTS}" MATCH ? LIMIT ?', (query, limit))
            return [row_id for (row_id,) in cursor]
    except peewee.OperationalError:
        return None


def postgres_ids(model, query, limit):
    """Ids of the stories whose text matches the tsquery ``query`` (at most ``limit``), read
    from the GIN index (never a scan that tokenizes every story)."""
    table = model._meta.table_name
    with db.database.atomic() as transaction:  # SET LOCAL ends with the savepoint's rollback
        db.database.execute_sql("SET LOCAL enable_seqscan = off")
        cursor = db.database.execute_sql(
            f'SELECT "id" FROM "{table}" WHERE to_tsvector(\'simple\', "content") '
            "@@ to_tsquery('simple', %s) LIMIT %s", (query, limit))
        ids = [row_id for (row_id,) in cursor]
        transaction.rollback()
    return ids


def looked_up(model, query):
    """The row's id is in the index's matches, asked per row (FTS5 seeks the id)."""
    return NodeList((SQL(f'EXISTS (SELECT 1 FROM "{FTS}" WHERE "{FTS}" MATCH ? AND '
                         f'"{FTS}".rowid =', [query]), model.id, SQL(")")))


def condition(model, text):
    """The text search as a condition on ``model`` (Story); None when ``text`` has no word."""
    found = words(text)
    if not found:
        return None
    if not db.is_sqlite():
        query = tsquery(found)
        ids = postgres_ids(model, query, FEW)
        if len(ids) < FEW:
            return model.id.in_(ids) if ids else None
        vector = fn.to_tsvector(SQL("'simple'"), model.content)
        return NodeList((vector, SQL("@@"), fn.to_tsquery(SQL("'simple'"), query)))
    query = fts_query(found)
    ids = indexed_ids(query, FEW)
    if ids is None:
        return all_of(contains(model.content, word) for word in found)
    if len(ids) < FEW:
        return model.id.in_(ids) if ids else None
    return looked_up(model, query)
