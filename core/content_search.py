"""The community search in a story's text: a story matches when its text holds every word of the
query, the last one as a prefix ("lighth" finds "lighthouse"), in any case and any order.

Words are the runs of letters and digits of the query; everything else (quotes, ``*``, ``:``,
``&``, ``|``, ``!``, brackets, ``-``) separates them and never reaches the database as an
operator. A query without a word matches no text. The words and the index queries they make
(``COMMON``, ``MIN_PREFIX``, ``PREFIX_WORDS``) are ``core.content_query``'s.

* SQLite: migration 0009's FTS5 table ``stories_content_search`` (``unicode61``, case and accents
  folded; which stories hold a word, not where). A last word of ``MIN_PREFIX`` letters or more is
  a prefix: when ASCII it is spelt out as the indexed words it begins (at most ``PREFIX_WORDS``,
  from the word list ``stories_content_words``), since FTS5 seeks a word's stories by id, not a
  prefix's; a shorter one is a whole word. The index is asked for its ``FEW``-th newest match
  (in C, no list of ids): none, and the feed reads the fewer rows that match (``id IN (…)``);
  else how far back from the newest story it lies says how many match (``estimate``: counting
  them cost up to 10 ms for a common word on a million stories). Up to ``MANY``, the feed walks
  its sort order and tests each row against the set of matches, built once; from ``MANY`` on,
  each walked row is looked up in the index by id. From ``WINDOWED`` on (a common word,
  ``TextSearch.common``), a feed in pages (``core.search_walk``) reads its sort order in windows
  sized for a page at the matches' density and asks the index for each window's id range at
  once (``within``); ``?page=`` walks as above. The index is not asked for the words of
  ``COMMON`` when a query has others (nor for a last word that begins one): the rows it gives
  for the others are tested for them (``holds_words``, ``core.text_words``). Without the table (an
  SQLite without FTS5): every word in the text as ``LIKE '%word%'`` (a scan; a word found inside
  a longer one matches too).
* PostgreSQL: ``content_vector @@ to_tsquery('simple', 'w1 & w2:*')`` on migration 0010's
  column (the text's words, stored, with statistics); the GIN index is on migration 0012's
  ``content_keywords``, the same words without the common ones (``stories_common_words()``), so
  it is asked only for the query's other words (``keyword_query``) and each row it gives is
  tested for all of them. Words all common, or among the column's most common ones (``pg_stats``,
  read once a minute): the planner walks the feed's sort order and tests each row's stored words
  (microseconds; tokenizing the text there cost half a millisecond a row); several such words
  may be common alone and rare together, and are walked only when ``PROBE_MATCHES`` of the newest
  ``PROBE`` stories match (``dense``). Others are ``common`` too: the feed is read in windows
  (``core.search_walk``, ``POSTGRES_WINDOW`` rows first), each window's matches listed by the
  GIN index ANDed with the window's id range as two bitmaps, so only matching rows are read
  (testing each row of a window read its stored words from TOAST, ~6 µs a row; listing every
  match of a word in 0.5 % of a million stories read ~5,000 rows: 40–65 ms). A first window
  without any match says the words are rare: the index lists at most ``FEW`` ids (with
  ``enable_seqscan`` off) and the feed reads those rows (``id = ANY(…)``); none, and the text
  matches nothing; as many, the feed's order is walked testing each row (``condition()``, also
  for ``?page=``).
"""
import time
import weakref

import peewee
from peewee import SQL, NodeList, fn

from core import db
from core.content_query import WORDS, asked_and_tested, fts_query, keyword_query, tsquery, words
from core.search import all_of, contains, newest_matches

FTS = "stories_content_search"
#: PostgreSQL: the column of the text's words (migration 0010); only ``stories`` has it
VECTOR = "content_vector"
#: PostgreSQL: the same words without the common ones, which the GIN index holds (migration 0012)
KEYWORDS = "content_keywords"
COMMON_WORDS = "stories_common_words"
#: up to this many matches the feed reads the rows by id; from it on it walks its sort order
FEW = 1500
#: SQLite: from this many matches (``estimate``) on, a feed in pages is read in windows
WINDOWED = 8000
#: rows of the feed ``core.search_walk`` reads in its first window, at least (SQLite: as many
#: as a page needs at the matches' density, ``SLACK`` times), and on PostgreSQL (where the words
#: are not the most common)
WINDOW = 256
SLACK = 1.5
POSTGRES_WINDOW = 4096
#: PostgreSQL: several common words are walked when this many of the ``PROBE`` newest stories
#: match (a page of 20 within ~2,000 rows); else read in windows. Counting them costs ~1 ms;
#: "drowned heart", each word in thousands of stories and together in none, walked a million
#: rows (4.7 s)
PROBE = 512
PROBE_MATCHES = 5
#: PostgreSQL: how long the column's most common words are kept (``most_common_words``)
STATS_SECONDS = 60
_statistics = weakref.WeakKeyDictionary()  # database -> (expires, words)
#: from this many matches (``estimate``) on, each walked row is looked up in the index (no set
#: of matches built). A million stories: the set of a word's 50,000 matches is built in 16-19 ms,
#: while a lookup costs 0.1-0.4 ms and a sort not in id order (most viewed) walks ~400 rows to
#: find a page of them (160 ms); a word in every story: 410 ms, against 21 lookups
MANY = 60_000


def indexed(found, rank, prefix=True):
    """``(query, newest, ids)``: the FTS5 query (the last word a prefix when ``prefix``); the id
    of the ``rank``-th newest story whose text matches it, or None when fewer match; then the ids
    of those fewer (else None). None without the index (an older revision, an SQLite without
    FTS5)."""
    try:
        with db.database.atomic():  # a savepoint: a missing table does not end the transaction
            query = fts_query(found, prefix)
            if query is None:
                return None, None, []
            ids, newest = newest_matches(FTS, query, rank)
            return query, newest, ids
    except peewee.OperationalError:
        return None


def estimate(newest, highest, rows, rank):
    """How many stories match, from the id ``newest`` of the ``rank``-th newest match, the
    table's ``highest`` id and its ``rows`` ids: at the density of the matches among the newest
    ids, over all of them."""
    return rank * rows // (highest - newest + 1)


def id_range(model, including):
    """``(lowest, highest)`` id of ``model``'s table (each read at one end of its B-tree),
    widened to hold the id ``including``."""
    table = model._meta.table_name
    lowest, highest = db.database.execute_sql(
        f'SELECT (SELECT min(rowid) FROM "{table}"), (SELECT max(rowid) FROM "{table}")'
    ).fetchone()
    return min(lowest or including, including), max(highest or including, including)


_MATCH = (f'"{KEYWORDS}" @@ to_tsquery(\'simple\', %s) '
          f'AND "{VECTOR}" @@ to_tsquery(\'simple\', %s)')


def postgres_ids(model, keywords, query, limit):
    """Ids of the stories whose stored words match the tsquery ``query`` (at most ``limit``):
    those the GIN index lists for ``keywords`` (``keyword_query``), each tested for all the words
    (never a scan that tests every story)."""
    table = model._meta.table_name
    with db.without_plans("seqscan"):
        cursor = db.database.execute_sql(
            f'SELECT "id" FROM "{table}" WHERE {_MATCH} LIMIT %s', (keywords, query, limit))
        return [row_id for (row_id,) in cursor]


def postgres_ids_within(model, keywords, query, lo, hi):
    """Ids in ``[lo, hi]`` of the stories whose stored words match the tsquery ``query``: the GIN
    index's matches of ``keywords`` ANDed with the primary key's range as bitmaps (no index walk
    that tests each row), or the range's rows tested when it is small."""
    table = model._meta.table_name
    with db.without_plans("seqscan", "indexscan"):
        cursor = db.database.execute_sql(
            f'SELECT "id" FROM "{table}" WHERE {_MATCH} AND "id" BETWEEN %s AND %s',
            (keywords, query, lo, hi))
        return [row_id for (row_id,) in cursor]


def postgres_vectors(model, texts):
    """``(columns, words)``: PostgreSQL's stored words of each of ``texts`` and the same without
    the common ones (as text, computed once each: a tuple per text) for a bulk load to write in
    ``model``'s two words columns, when they are written (the trigger of migrations 0011 and
    0012); None when they are generated (PostgreSQL before 13) or absent."""
    generated = db.database.execute_sql(
        "SELECT is_generated FROM information_schema.columns WHERE table_schema = "
        "current_schema() AND table_name = %s AND column_name = %s",
        (model._meta.table_name, VECTOR)).fetchone()
    if generated is None or generated[0] != "NEVER":
        return None
    cursor = db.database.execute_sql(
        f"SELECT v::text, ts_delete(v, {COMMON_WORDS}())::text FROM "
        "(SELECT strip(to_tsvector('simple', text)) AS v, n FROM unnest(%s::text[]) "
        "WITH ORDINALITY AS t(text, n)) AS w ORDER BY n", (list(texts),))
    return (VECTOR, KEYWORDS), [tuple(row) for row in cursor]


def dense(model, condition):
    """PostgreSQL: whether ``PROBE_MATCHES`` of the ``PROBE`` newest stories (by id) meet
    ``condition``, tested row by row."""
    newest = model.select(model.id).order_by(model.id.desc()).offset(PROBE - 1).limit(1)
    found = model.select(SQL("1")).where(condition & (model.id >= fn.COALESCE(newest, 0)))
    return found.limit(PROBE_MATCHES).count() >= PROBE_MATCHES


def any_id(model, ids):
    """PostgreSQL: ``id = ANY(ids)``, the ids as one array parameter."""
    return NodeList((model.id, SQL("= ANY(%s)", [ids])))


def postgres_common(found):
    """Whether every word of ``found`` (the last as a prefix) is among the stored words' most
    common ones in the column's statistics (``ANALYZE``): found in so many stories that a walk of
    the feed meets them at once, while reading their matches from the index would cost more."""
    *whole, last = (word.lower() for word in found)
    listed = most_common_words()
    return listed.issuperset(whole) and any(word.startswith(last) for word in listed)


def most_common_words():
    """The stored words' most common ones (``pg_stats``), read again after ``STATS_SECONDS``
    (the view costs a few milliseconds a search; ``ANALYZE`` changes it now and then)."""
    database = getattr(db.database, "obj", db.database)
    expires, listed = _statistics.get(database, (0, None))
    now = time.monotonic()
    if now >= expires:
        row = db.database.execute_sql(
            "SELECT most_common_elems::text::text[] FROM pg_stats WHERE schemaname = "
            "current_schema() AND tablename = 'stories' AND attname = %s", (VECTOR,)).fetchone()
        listed = frozenset(row[0] or ()) if row else frozenset()
        _statistics[database] = (now + STATS_SECONDS, listed)
    return listed


def looked_up(model, query):
    """The row's id is in the index's matches, asked per row (FTS5 seeks the id)."""
    return NodeList((SQL(f'EXISTS (SELECT 1 FROM "{FTS}" WHERE "{FTS}" MATCH ? AND '
                         f'"{FTS}".rowid =', [query]), model.id, SQL(")")))


def add_words(texts):
    """List the words of ``texts`` (stories written without the triggers that list them: a bulk
    load), tokenized as the index does; nothing on PostgreSQL or without the tables."""
    if not db.is_sqlite():
        return
    stage = f"{WORDS}_stage"
    try:
        with db.database.atomic():
            for text in texts:
                db.database.execute_sql(f'INSERT INTO "{stage}" (rowid, "content") VALUES (1, ?)',
                                        (text,))
                db.database.execute_sql(f'INSERT OR IGNORE INTO "{WORDS}" (term) '
                                        f'SELECT term FROM "{stage}_vocab"')
                db.database.execute_sql(f"INSERT INTO \"{stage}\" (\"{stage}\") "
                                        "VALUES ('delete-all')")
    except peewee.OperationalError:
        pass


class TextSearch:
    """The text search of ``text`` on ``model`` (Story). ``condition()``: the search as one
    condition (None when ``text`` has no word); when ``common`` (SQLite: about ``WINDOWED``
    matches or more) ``within(lo, hi)`` is the same search for the rows whose id is in
    ``[lo, hi]``."""

    def __init__(self, model, text):
        self.model = model
        self.found = words(text)
        self.query = self.ids = None
        self.keywords = None  # PostgreSQL: the words the GIN index is asked for
        self.uncertain = False  # PostgreSQL: whether to walk is for the newest rows to say
        self.tested = None  # SQLite: the words each row is tested for (``holds_words``)
        self.scan = False  # no index: LIKE on every word
        self.common = False
        self.matches = 0  # SQLite: how many stories match, estimated from FEW on
        self.rows = 0  # SQLite, from FEW matches on: the table's ids, lowest to highest
        if not self.found:
            return
        if not db.is_sqlite():  # common words walk; others are read in windows (or by id)
            self.query = tsquery(self.found)
            self.keywords = keyword_query(self.found)
            listed = postgres_common(self.found)
            self.common = self.keywords is not None and not listed
            # several words the statistics call common may be in few stories together ("drowned
            # heart": a walk read a million rows): the caller looks at the newest (``dense``)
            self.uncertain = self.keywords is not None and listed and len(self.found) > 1
            return
        asked, prefix, self.tested = asked_and_tested(self.found)
        answer = indexed(asked, FEW, prefix)
        if answer is None:
            self.scan, self.tested = True, None  # every word by LIKE
            return
        self.query, newest, self.ids = answer
        if newest is None:
            self.matches = len(self.ids)
        else:
            lowest, highest = id_range(model, newest)
            self.rows = highest - lowest + 1
            self.matches = estimate(newest, highest, self.rows, FEW)
        self.common = newest is not None and self.matches >= WINDOWED

    def read_by_id(self):
        """PostgreSQL: the index lists the matches (at most ``FEW``): fewer, and the feed reads
        those rows; as many, and it is read in windows."""
        self.ids = postgres_ids(self.model, self.keywords, self.query, FEW)
        self.common = len(self.ids) >= FEW

    def first_window(self, wanted):
        """How many rows of the feed ``core.search_walk`` reads first for ``wanted`` matches:
        on SQLite as many as hold them at the matches' density (``SLACK`` times)."""
        if not db.is_sqlite():
            return POSTGRES_WINDOW
        return max(WINDOW, int(SLACK * wanted * self.rows / max(self.matches, 1)))

    @property
    def rare_by_id(self):
        """Whether a window of the feed without any match says the words are rare, so that the
        page is better read through the index's ids (``condition()``) than window by window:
        on PostgreSQL (fewer than one story in ``POSTGRES_WINDOW`` holds them); not on SQLite,
        where the words are in ``WINDOWED`` stories or more (``common``)."""
        return not db.is_sqlite()

    def _in_matches(self, extra="", params=()):
        """``+id IN (the index's matches …)``: the ``+`` keeps SQLite walking the feed's order."""
        matches = peewee.Table(FTS).select(SQL("rowid")).where(
            SQL(f'"{FTS}" MATCH ?{extra}', [self.query, *params]))
        return NodeList((SQL("+"), self.model.id), glue="").in_(matches)

    def within(self, lo, hi, also=()):
        """The search for the rows whose id is in ``[lo, hi]``; PostgreSQL: the ids ``also``
        match too (the named columns' matches, ``core.story_search``), and None when no row
        of the range can match (nothing to read)."""
        if not db.is_sqlite():
            ids = [*postgres_ids_within(self.model, self.keywords, self.query, lo, hi), *also]
            return any_id(self.model, ids) if ids else None
        return self._holding(self._in_matches(" AND rowid BETWEEN ? AND ?", (lo, hi)))

    def _holding(self, condition):
        """SQLite: ``condition``, and each row holds the words the index was not asked for."""
        if condition is None or self.tested is None:
            return condition
        return condition & (fn.holds_words(self.model.content, self.tested) == 1)

    def condition(self):
        if db.is_sqlite():
            return self._holding(self._condition())
        return self._condition()

    def _condition(self):
        model, found = self.model, self.found
        if not found:
            return None
        if not db.is_sqlite():
            if self.common and self.ids is None:  # not read in windows: ?page=, rare words
                self.ids = postgres_ids(model, self.keywords, self.query, FEW)
            if self.ids is not None and len(self.ids) < FEW:  # rare words: their rows by id
                return any_id(model, self.ids) if self.ids else None
            query = fn.to_tsquery(SQL("'simple'"), self.query)
            return NodeList((SQL(f'"{VECTOR}"'), SQL("@@"), query))
        if self.scan:
            return all_of(contains(model.content, word) for word in found)
        if self.ids is not None:
            return model.id.in_(self.ids) if self.ids else None
        if self.matches < MANY:
            return self._in_matches()
        return looked_up(model, self.query)
