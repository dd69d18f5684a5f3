"""Case-insensitive substring search on the admin panel's text columns, on each backend.

``matching(model, text)``: every white-space separated word of ``text`` appears in one of the
model's searched columns (users: e-mail, first and last name; stories and videos: title), in any
case. ``%``, ``_``, ``\\`` and quotes in a word are plain characters.

* SQLite: the FTS5 tables of migration 0004 (``tokenize='trigram'``, external content kept in
  sync by triggers) answer the words of 3 characters or more (``MATCH '"word"'``: a substring,
  any case); shorter words (a trigram index cannot help) and a database without those tables
  (older revision, SQLite without FTS5) scan with ``LIKE '%word%' ESCAPE '\\'``.
* PostgreSQL: ``lower(column) ILIKE '%word%'``, which the ``gin_trgm_ops`` indexes of migration
  0004 serve (pg_trgm); without the extension it is the same query, scanning.

Case folding: FTS5's trigram tokenizer and PostgreSQL fold every Unicode letter; SQLite's
``LIKE`` (words of 1–2 characters) folds ASCII letters only.
"""
from peewee import OP, SQL, Expression, NodeList, Select, Table, fn

from core import db

MIN_WORD = 3  # shortest word a trigram index answers

# table -> (FTS5 table, searched columns); migration 0004 creates the FTS tables and triggers.
SEARCHED = {
    "users": ("users_search", ("email", "first_name", "last_name")),
    "stories": ("stories_search", ("title",)),
    "videos": ("videos_search", ("title",)),
}


def escape_like(word):
    """``word`` as a literal inside a LIKE pattern with ``\\`` as the escape character."""
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def fts_phrase(word):
    """An FTS5 string (a phrase) for ``word``, quotes doubled: every character is literal."""
    return '"' + word.replace('"', '""') + '"'


def contains(column, word):
    """``column`` contains ``word``, any case: a scan (SQLite) or a trigram index (PostgreSQL)."""
    pattern = f"%{escape_like(word)}%"
    if db.is_sqlite():
        if pattern == f"%{word}%":  # nothing to escape (and SQLite has no default escape)
            return NodeList((column, SQL("LIKE"), pattern), parens=True)
        return NodeList((column, SQL("LIKE"), pattern, SQL("ESCAPE '\\'")), parens=True)
    # backslash is PostgreSQL's default LIKE escape; lower() matches the gin_trgm_ops indexes
    return NodeList((fn.lower(column), SQL("ILIKE"), pattern), parens=True)


def newest_matches(table, query, limit):
    """``(ids, lowest)`` of the FTS5 table ``table``'s newest matches of ``query``: when fewer than
    ``limit`` match, their ids (``lowest`` None); else ``ids`` None and ``lowest`` the id of the
    ``limit``-th newest. One pass of the index in C: the ids reach Python as one text, and only
    when they are fewer (listing 1,500 as rows cost 1.3-1.5 ms on a million stories)."""
    count, lowest, listed = db.database.execute_sql(
        f'SELECT count(*), min(rowid), group_concat(rowid) FROM (SELECT rowid FROM "{table}" '
        f'WHERE "{table}" MATCH ? ORDER BY rowid DESC LIMIT ?)', (query, limit)).fetchone()
    if count >= limit:
        return None, lowest
    return ([int(row_id) for row_id in listed.split(",")] if listed else []), None


def fts_table(model):
    """The model's FTS5 table name when this SQLite database has it, else None."""
    if not db.is_sqlite() or model._meta.table_name not in SEARCHED:
        return None
    name = SEARCHED[model._meta.table_name][0]
    cursor = db.database.execute_sql(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    return name if cursor.fetchone() else None


def all_of(terms):
    condition = None
    for term in terms:
        condition = term if condition is None else (condition & term)
    return condition


class Match:
    """A parsed search on one model.

    ``ids``: a query of the matching ids from the FTS index (None when no word can use it);
    ``rest``: the condition the ids do not cover (short words; None when there are none).
    ``condition()`` is the whole search as one SQL condition."""

    def __init__(self, model, text):
        self.model = model
        self.columns = [getattr(model, name) for name in SEARCHED[model._meta.table_name][1]]
        self.words = words = text.split()
        fts = fts_table(model) if any(len(word) >= MIN_WORD for word in words) else None
        indexed = [word for word in words if fts and len(word) >= MIN_WORD]
        scanned = [word for word in words if not (fts and len(word) >= MIN_WORD)]
        self.ids, self.extra = None, False
        if indexed:
            table = Table(fts)
            # the searched columns named: stories_search also holds characters and setting
            # (migration 0007, for the community search)
            only = "{" + " ".join(SEARCHED[model._meta.table_name][1]) + "} : "
            query = " AND ".join(only + fts_phrase(word) for word in indexed)
            self.ids = table.select(SQL("rowid")).where(SQL(f'"{fts}" MATCH ?', [query]))
        self.rest = self.scan(scanned)

    def scan(self, words):
        """Each of ``words`` in one of the columns, by ``contains`` (None without words)."""
        terms = []
        for word in words:
            any_column = None
            for column in self.columns:
                term = contains(column, word)
                any_column = term if any_column is None else (any_column | term)
            terms.append(any_column)
        return all_of(terms)

    def scan_condition(self):
        """The whole search as ``LIKE`` tests, for a walk that stops after a page of a word found
        in most rows (no set of ids to build). Only when ``scannable``."""
        return self.scan(self.words)

    @property
    def scannable(self):
        """``scan_condition()`` finds the same rows as ``condition()``: every word is ASCII (the
        FTS index and LIKE fold A-Z alike; the index folds other letters too), nothing added by
        ``union``."""
        return not self.extra and all(word.isascii() for word in self.words)

    def union(self, ids):
        """Also match the ids of ``ids`` (a select of one id column): only when the index
        covers the whole search (``rest`` is None), else use ``condition() | ...``."""
        assert self.ids is not None and self.rest is None
        self.ids, self.extra = self.ids | ids, True
        return self

    def condition(self, walk=False):
        """The search as an SQL condition. ``walk``: the id test written ``+id IN (...)`` so that
        SQLite does not drive the query by the ids (it walks a newest-first index instead)."""
        terms = []
        if self.ids is not None:
            column = NodeList((SQL("+"), self.model.id), glue="") if walk else self.model.id
            terms.append(Expression(column, OP.IN, self.ids))
        if self.rest is not None:
            terms.append(self.rest)
        return all_of(terms)

    def count_ids(self):
        """How many ids ``ids`` yields (every FTS row is a row of the table: the triggers keep
        them in step)."""
        return Select([self.ids.alias("ids")], [fn.COUNT(SQL("*"))]).scalar(db.database)


def matching(model, text):
    return Match(model, text)
