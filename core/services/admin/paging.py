"""Pages of the admin lists that stay fast on big tables: each strategy reads the page's ids from
an index (newest first) and then loads those rows, and counts the matches as cheaply as the
filter allows (``core.pagination`` parses the arguments and makes the ``Page``)."""
from peewee import SQL, Select, fn

from core import db
from core import search as text_search
from core.pagination import Page, page_args, page_by_ids


def count_rows(model, condition=None):
    """``SELECT COUNT(*) FROM table [WHERE condition]``: without a condition SQLite counts the
    entries of the smallest index without reading them (peewee's ``.count()`` wraps the query
    in a subquery, ``COUNT(1)`` over every row)."""
    return counting(model, condition).scalar()


def counting(model, condition=None):
    query = model.select(fn.COUNT(SQL("*")))
    return query if condition is None else query.where(condition)


def scalars(*queries):
    """The values of single-value queries, from one statement (one snapshot on both backends):
    ``SELECT (q1), (q2), …``."""
    return Select(columns=list(queries)).tuples().execute(db.database)[0]


def all_of(terms):
    """The terms that are not None, joined by AND (None when there are none)."""
    return text_search.all_of(term for term in terms if term is not None)


def two_step_page(model, condition, args, fetch):
    """A page where many rows match: the page's ids from an index in newest-first order (deep
    pages skip index entries, not whole rows with their text), then ``fetch(ids)`` loads those
    rows; the total from a plain count."""
    page, limit = page_args(args)
    ids_query = model.select(model.id)
    if condition is not None:
        ids_query = ids_query.where(condition)
    ids = [row_id for (row_id,) in ids_query.order_by(model.created_at.desc(), model.id.desc())
           .paginate(page, limit).tuples()]
    return page_by_ids(ids, fetch, count_rows(model, condition), page, limit)


def page_of_hits(model, condition, hits, page, limit, fetch):
    """The Page for ``hits`` (``(id, total)`` rows of one windowed query): the rows in hit order
    and the total (counted again only past the last page, where no hit carries it)."""
    if hits:
        total = hits[0][1]
    elif page > 1:
        total = count_rows(model, condition)
    else:
        total = 0
    return page_by_ids([row_id for row_id, _total in hits], fetch, total, page, limit)


def windowed_page(model, condition, args, fetch):
    """A page of a search or a rare filter in one pass: the ids of the page and the number of
    matches (``COUNT(*) OVER ()``) from one scan, which the admin indexes answer without reading
    the table; then ``fetch(ids)`` loads those rows. Newest first.

    Used where few rows match (or a text search must scan anyway): walking the newest-first index
    and skipping non-matching rows would read the whole table for a handful of banned users."""
    page, limit = page_args(args)
    order = (model.created_at.desc(), model.id.desc())
    hits = list(model.select(model.id, fn.COUNT(SQL("*")).over().alias("total"))
                .where(condition).order_by(*order).paginate(page, limit).tuples())
    return page_of_hits(model, condition, hits, page, limit, fetch)


# A search whose index finds more ids than this walks the newest-first index (testing each entry
# against the ids) instead of reading and sorting every match: a page of a common word reads a
# few hundred index entries, not thousands of rows.
SORT_LIMIT = 2000


# ... and when they are more than this share of the table (a word in most e-mail addresses), the
# walk tests each entry with LIKE (from the index) rather than build a set of most of the ids.
SCAN_SHARE = 0.25


def materialized_page(model, condition, args, fetch):
    """``windowed_page`` for PostgreSQL searches: the matches are gathered first (a MATERIALIZED
    CTE, planned without the ORDER BY … LIMIT, so the gin_trgm_ops indexes answer it), then
    counted and sorted. Inline, the planner walks the newest-first index hoping to stop after a
    page, but ``COUNT(*) OVER ()`` reads every row: ``lower(…) ILIKE`` on each of them."""
    page, limit = page_args(args)
    matches = model.select(model.id, model.created_at).where(condition).cte(
        "matches", materialized=True)
    hits = list(Select([matches], [matches.c.id, fn.COUNT(SQL("*")).over()])
                .with_cte(matches)
                .order_by(matches.c.created_at.desc(), matches.c.id.desc())
                .paginate(page, limit).tuples().execute(db.database))
    return page_of_hits(model, condition, hits, page, limit, fetch)


def search_page(model, match, condition, args, fetch):
    """A page of a text search (``match``: ``core.search.Match``) and the other filters
    (``condition``, or None), newest first, with the number of matches.

    PostgreSQL: ``materialized_page``. SQLite, words of 1–2 characters only (or no FTS table):
    ``windowed_page`` (a scan). SQLite with the FTS index, which also counts the ids:

    * few matches (<= SORT_LIMIT ids), or a filter or short word besides (the total then needs
      each match read anyway): ``windowed_page`` reads each match by id and sorts them;
    * many matches and nothing else: the page comes from walking the newest-first index, each
      entry tested against the ids, and the total is the number of ids (no pass over the rows);
    * a word in most rows (> SCAN_SHARE): the walk tests each entry with LIKE instead (no set
      of most ids to build), whatever else filters."""
    if not db.is_sqlite():
        return materialized_page(model, all_of([match.condition(), condition]), args, fetch)
    if match.ids is None:
        return windowed_page(model, all_of([match.condition(), condition]), args, fetch)
    found = match.count_ids()
    if found == 0:
        page, limit = page_args(args)
        return Page([], total=0, page=page, per_page=limit)
    pure = match.rest is None and condition is None
    dense = (found > SORT_LIMIT and match.scannable
             and found > SCAN_SHARE * count_rows(model))
    if found <= SORT_LIMIT or not (pure or dense):
        return windowed_page(model, all_of([match.condition(), condition]), args, fetch)
    page, limit = page_args(args)
    walk = match.scan_condition() if dense else match.condition(walk=True)
    ids = [row_id for (row_id,) in model.select(model.id).where(all_of([walk, condition]))
           .order_by(model.created_at.desc(), model.id.desc()).paginate(page, limit).tuples()]
    total = found if pure else count_rows(model, all_of([match.condition(), condition]))
    return page_by_ids(ids, fetch, total, page, limit)
