"""A page of a feed search whose words are common (in thousands of stories), read in windows.

Testing each row of the feed's sort order against the word index costs a lookup a row (~0.07 ms
on SQLite), and a common word in a story's text can take hundreds of rows to fill a page. Instead
the feed's own order (filters, cursor, no search, no join) is read a window of rows at a time:
the database counts the window's rows and gives its lowest and highest id and its last sort key,
from the sort's index. The word index then lists its matches in that window's id range in one
read (``search.within(lo, hi)``; None: nothing in it matches), and the page is the window's rows
that match, in order. Windows grow (``search.first_window(wanted)`` rows: enough for the page at
the matches' density; then four times as many) until the page is full or the feed ends; a search
may stop after a first window without any match (``search.rare_by_id``: rare words, read the
usual way). Stories are written in id order, so on the newest and oldest sorts a window's ids
are close together; on a sort whose ids are scattered (most viewed …) the window's id range spans
too much of the index (``SPARSE``) and the rest of the page is read the usual way
(``search.condition()``, row by row). The rows are exactly those the usual way would give.
"""
import peewee
from peewee import fn

from core import db

GROWTH = 4
#: a window whose ids span more than this many times its rows is not read by id range
SPARSE = 16


def after(column, model, value, row_id, descending):
    """Rows after ``(value, row_id)`` in the sort order."""
    if descending:
        return (column < value) | ((column == value) & (model.id < row_id))
    return (column > value) | ((column == value) & (model.id > row_id))


def later(column, model, value, row_id, descending):
    """``after``, with the range it implies on the sort column, which the sort's index seeks to
    (the row comparison alone is an ``OR``: the index would be read from its start)."""
    bound = (column <= value) if descending else (column >= value)
    return bound & after(column, model, value, row_id, descending)


def window_ids(keys, model, size):
    """``(rows, lowest id, highest id)`` of the window of the first ``size`` rows of ``keys``,
    counted by the database (thousands of keys are not sent here)."""
    window = keys.select(model.id.alias("id")).limit(size).alias("w")
    return db.database.execute(peewee.Select(
        [window], [fn.COUNT(window.c.id), fn.MIN(window.c.id), fn.MAX(window.c.id)])).fetchone()


def last_key(keys, model, column, count):
    """``(sort value, id)`` of row ``count`` of ``keys``, as the database has them."""
    return db.database.execute(keys.select(column, model.id).offset(count - 1).limit(1)).fetchone()


def page(ordered, keys, model, column, descending, search, wanted):
    """Up to ``wanted`` rows of ``ordered`` (the sorted feed without the search, cursor applied)
    that match ``search`` (a ``story_search.StorySearch`` whose words are common). ``keys``: the
    same feed without its joins (the authors: every story has one), sorted and cursor applied,
    from which the windows' sort keys are read (the sort's index alone, no row read for a join)."""
    rows, size, window = [], search.first_window(wanted), ordered
    while len(rows) < wanted:
        count, lo, hi = window_ids(keys, model, size)
        if not count:
            break
        if hi - lo + 1 > SPARSE * count:  # not in id order: the rest row by row
            rows += list(window.where(search.condition()).limit(wanted - len(rows)))
            break
        matches = search.within(lo, hi)  # None: no row of the window matches
        if matches is None and not rows and search.rare_by_id:
            # rare words (none in a first window): the page through the index's matches
            rows += list(window.where(search.condition()).limit(wanted - len(rows)))
            break
        if matches is None and count < size:
            break  # the feed ends in this window
        last_value, last_id = last_key(keys, model, column, count)
        if matches is not None:
            # not after the window's last row; the range on the sort column bounds the index read
            bound = (column >= last_value) if descending else (column <= last_value)
            inside = bound & ~after(column, model, last_value, last_id, descending)
            rows += list(window.where(matches & inside).limit(wanted - len(rows)))
        if count < size:
            break  # the feed ends in this window
        rest = later(column, model, last_value, last_id, descending)
        window, keys = window.where(rest), keys.where(rest)
        size *= GROWTH
    return rows
