"""The community search (``?q=`` on the story feeds): stories whose title, characters or setting
contain the text, any case (``%``, ``_`` and ``\\`` are plain characters), or whose text holds
every word of it (``core.content_search``).

The condition it returns is the same set of rows whichever way it is computed; only the way the
database gets there differs, chosen for a page of newest (or most liked …) stories to come fast on
a million rows:

* SQLite, 3 characters or more: migration 0007's FTS5 trigram index (``stories_search``) lists
  the matching ids, at most ``FEW`` of them. Fewer: the feed reads just those rows (``id IN
  (…)``). As many (a common text): the feed walks its sort's index and tests each row with
  ``LIKE``, and finds a page of matches within a few thousand rows. A text with letters beyond
  ASCII keeps the index's answer (FTS5 folds every letter's case, ``LIKE`` only A-Z).
* SQLite, 1–2 characters, or no index: ``LIKE`` (such a text is found in most rows).
* PostgreSQL: ``lower(column) ILIKE '%text%'``, which the ``gin_trgm_ops`` indexes of migrations
  0004 and 0007 serve; the planner picks them or the sort's index by how common the text is.
  When the feed is read in windows (``core.search_walk``), those indexes list the matching ids
  once (fewer than ``FEW``), and each window's rows are then picked by id, not tested.
"""
import peewee

from core import content_search, db
from core.search import MIN_WORD, contains, fts_phrase, newest_matches

FTS = "stories_search"
COLUMNS = ("title", "characters", "setting")
#: up to this many matches the feed reads the rows by id; from it on it walks and tests each row
FEW = 1500
MANY_IDS = "many"  # ``indexed_ids``: FEW or more


def any_column(model, text):
    condition = None
    for name in COLUMNS:
        term = contains(getattr(model, name), text)
        condition = term if condition is None else (condition | term)
    return condition


def indexed_ids(text, limit):
    """Ids of the stories whose searched columns contain ``text`` when fewer than ``limit``, else
    ``MANY_IDS``, from the FTS index; None without the index (an older revision, an SQLite
    without FTS5)."""
    query = "{" + " ".join(COLUMNS) + "} : " + fts_phrase(text)
    try:
        with db.database.atomic():  # a savepoint: a missing table does not end the transaction
            ids, _lowest = newest_matches(FTS, query, limit)
            return MANY_IDS if ids is None else ids
    except peewee.OperationalError:
        return None


class StorySearch:
    """The search of ``text`` on ``model`` (Story): ``condition()`` the whole of it; when the
    text's words are ``common`` (``content_search.TextSearch``), ``within(lo, hi)`` the same
    search for the rows whose id is in ``[lo, hi]`` (``core.search_walk`` pages it)."""

    def __init__(self, model, text):
        self.model, self.text = model, text
        self.columns = named_columns(model, text)
        self.words = content_search.TextSearch(model, text)
        self.column_ids = None  # PostgreSQL, read in windows: the named columns' matches
        if self.words.uncertain and not content_search.dense(model, self.condition()):
            self.words.read_by_id()  # walked only if the newest stories say a page comes at once

    @property
    def common(self):
        return self.words.common

    def first_window(self, wanted):
        return self.words.first_window(wanted)

    @property
    def rare_by_id(self):
        return self.words.rare_by_id

    def condition(self):
        words = self.words.condition()
        return self.columns if words is None else (self.columns | words)

    def within(self, lo, hi):
        if db.is_sqlite():
            return self.columns | self.words.within(lo, hi)
        if self.column_ids is None:  # once: the window's rows are then tested by id only
            self.column_ids = postgres_column_ids(self.model, self.text, FEW)
        if len(self.column_ids) < FEW:
            return self.words.within(lo, hi, also=self.column_ids)  # None: no row can match
        words = self.words.within(lo, hi)
        return self.columns if words is None else (self.columns | words)


def postgres_column_ids(model, text, limit):
    """Ids of the stories whose title, characters or setting contain ``text`` (at most
    ``limit``), from the trigram indexes (never a scan that tests every story)."""
    with db.without_plans("seqscan"):
        return [row_id for (row_id,) in model.select(model.id).where(any_column(model, text))
                .limit(limit).tuples()]


def named_columns(model, text):
    """Title, characters or setting contain ``text``."""
    scan = any_column(model, text)
    if not db.is_sqlite() or len(text) < MIN_WORD:
        return scan
    ids = indexed_ids(text, FEW)
    if ids is None:
        return scan
    if ids is not MANY_IDS:
        return model.id.in_(ids) if ids else peewee.SQL("0 = 1")
    if text.isascii():
        return scan
    fts = peewee.Table(FTS)
    query = "{" + " ".join(COLUMNS) + "} : " + fts_phrase(text)
    return model.id.in_(fts.select(peewee.SQL("rowid")).where(
        peewee.SQL(f'"{FTS}" MATCH ?', [query])))
