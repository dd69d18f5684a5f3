"""A page of a feed search whose words are common (in thousands of stories), read in windows.

Testing each row of the feed's sort order against the word index costs a lookup a row (~0.07 ms
on SQLite), and a common word in a story's text can take hundreds of rows to fill a page. Instead
the feed's own order (filters, cursor, no search) is read a window of rows at a time: their sort
keys only, from the sort's index. The word index then lists its matches in that window's id
range in one read (``search.within(lo, hi)``), and the page is the window's rows that match, in
order. Windows grow (``FIRST_WINDOW`` rows, then four times as many) until the page is full or
the feed ends. Stories are written in id order, so on the newest and oldest sorts a window's ids
are close together; on a sort whose ids are scattered (most viewed …) the window's id range spans
too much of the index (``SPARSE``) and the rest of the page is read the usual way
(``search.condition()``, row by row). The rows are exactly those the usual way would give.
"""
FIRST_WINDOW = 256
GROWTH = 4
#: a window whose ids span more than this many times its rows is not read by id range
SPARSE = 16


def after(column, model, value, row_id, descending):
    """Rows after ``(value, row_id)`` in the sort order."""
    if descending:
        return (column < value) | ((column == value) & (model.id < row_id))
    return (column > value) | ((column == value) & (model.id > row_id))


def page(ordered, model, column, descending, search, wanted):
    """Up to ``wanted`` rows of ``ordered`` (the sorted feed without the search, cursor applied)
    that match ``search`` (a ``story_search.StorySearch`` whose words are common)."""
    rows, size, window = [], FIRST_WINDOW, ordered
    while len(rows) < wanted:
        keys = list(window.select(column, model.id).limit(size).tuples())
        if not keys:
            break
        ids = [row_id for _value, row_id in keys]
        lo, hi = min(ids), max(ids)
        if hi - lo + 1 > SPARSE * len(keys):  # not in id order: the rest row by row
            rows += list(window.where(search.condition()).limit(wanted - len(rows)))
            break
        last_value, last_id = keys[-1]
        # not after the window's last row; the range on the sort column bounds the index read
        bound = (column >= last_value) if descending else (column <= last_value)
        inside = bound & ~after(column, model, last_value, last_id, descending)
        rows += list(window.where(search.within(lo, hi) & inside).limit(wanted - len(rows)))
        if len(keys) < size:
            break  # the feed ends in this window
        window = window.where(after(column, model, last_value, last_id, descending))
        size *= GROWTH
    return rows
