"""Pages of a list: ``?limit=&page=`` parsed once, and the ``Page`` whose headers tell the client
what comes next (``X-Total-Count`` and ``X-Pagination``, or ``X-Next-Cursor``)."""
import json

from core.errors import abort

DEFAULT_LIMIT = 20
MAX_LIMIT = 100


class Page:
    """One page of a list: the rows, plus the headers that tell the client what comes next."""

    def __init__(self, items, total=None, next_cursor=None, page=None, per_page=None):
        self.items, self.total, self.next_cursor = items, total, next_cursor
        self.page, self.per_page = page, per_page

    def headers(self):
        headers = {}
        if self.total is not None:
            headers["X-Total-Count"] = str(self.total)
            pages = max(1, -(-self.total // self.per_page)) if self.per_page else 1
            headers["X-Pagination"] = json.dumps({"total": self.total, "total_pages": pages,
                                                  "page": self.page, "per_page": self.per_page})
        if self.next_cursor:
            headers["X-Next-Cursor"] = self.next_cursor
        return headers


def clamp_limit(limit):
    """``?limit=``: 20 when absent, 400 outside 1…100."""
    if limit is None:
        return DEFAULT_LIMIT
    if limit < 1 or limit > MAX_LIMIT:
        abort(400, message=f"limit must be between 1 and {MAX_LIMIT}")
    return limit


def page_args(args, default_page=1):
    """``(page, limit)`` from ``?page=&limit=``; ``page`` is ``default_page`` when absent."""
    limit = clamp_limit(args.get("limit"))
    page = args.get("page")
    if page is None:
        page = default_page
    if page is not None and page < 1:
        abort(400, message="page must be 1 or more")
    return page, limit


def page_of(query, order, args, total=None):
    """``?limit=&page=`` on ``query`` sorted by ``order``, with the total (counted unless given)
    for ``X-Total-Count``."""
    page, limit = page_args(args)
    if total is None:
        total = query.count()
    rows = list(query.order_by(*order).paginate(page, limit))
    return Page(rows, total=total, page=page, per_page=limit)


def page_by_ids(ids, fetch, total, page, limit):
    """The Page of ``ids`` (in that order): ``fetch(ids)`` loads the rows (one query)."""
    by_id = {row.id: row for row in fetch(ids)} if ids else {}
    return Page([by_id[i] for i in ids if i in by_id], total=total, page=page, per_page=limit)


def choice(args, name, allowed, default, label=None):
    """A list filter's value (``?status=``, ``?type=`` …), trimmed and lower-cased, ``default``
    when absent; 400 "Unknown {label} 'x' (use a, b, …)" for a value not in ``allowed``."""
    value = (args.get(name) or default).strip().lower()
    if value not in allowed:
        abort(400, message=f"Unknown {label or name} '{value}' (use {', '.join(allowed)})")
    return value
