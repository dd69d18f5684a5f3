"""Feeds of stories and videos: filters, search, sorts and pagination in a constant number of queries."""
import datetime as dt
import re

from peewee import JOIN

from core import choices, search_walk, story_search
from core.errors import abort
from core.models import Like, Story, User, Video
from core.pagination import Page, page_args
from core.schemas.common import CURSOR_PATTERN
from core.search import contains
from core.services import tags

CURSOR = re.compile(CURSOR_PATTERN)

SORT_COLUMNS = {
    "newest": ("created_at", True),
    "oldest": ("created_at", False),
    "most_liked": ("likes_count", True),
    "most_viewed": ("views", True),
    "most_commented": ("comments_count", True),
}


def check_filters(genre, mood, sort):
    """400 naming the value for an unknown genre, mood or sort; returns (genre, mood) or None."""
    if genre != choices.ALL_GENRES and genre not in choices.GENRES:
        abort(400, message=f"Unknown genre '{genre}'")
    if mood != choices.ALL_MOODS and mood not in choices.MOODS:
        abort(400, message=f"Unknown mood '{mood}'")
    if sort not in SORT_COLUMNS:
        abort(400, message=f"Unknown sort '{sort}' (use {', '.join(choices.SORTS)})")
    return (None if genre == choices.ALL_GENRES else genre,
            None if mood == choices.ALL_MOODS else mood)


def search(query, model, text):
    """``(query, walk)``: the query with the search's condition, or, when the search's words are
    common (``core.search_walk``), the query as it was and the search to page it with."""
    text = (text or "").strip()
    if not text:
        return query, None
    if model is Story:  # title, characters, setting and text, through indexes (core.story_search)
        found = story_search.StorySearch(model, text)
        return (query, found) if found.common else (query.where(found.condition()), None)
    # % and _ are plain characters (escaped), the same on SQLite and PostgreSQL
    return query.where(contains(model.title, text) | contains(model.content, text)
                       | contains(model.characters, text) | contains(model.setting, text)), None


EPOCH = dt.datetime(1970, 1, 1)
MICROSECOND = dt.timedelta(microseconds=1)
LATEST = (dt.datetime.max - EPOCH) // MICROSECOND


def encode_cursor(value, row_id):
    """``"<value>.<id>"``: the last row's sort value (a count, or a time in microseconds since
    1970) and id; ``core.schemas.common.CURSOR_PATTERN`` documents it."""
    if isinstance(value, dt.datetime):
        value = (value - EPOCH) // MICROSECOND
    return f"{value}.{row_id}"


def decode_cursor(cursor, column_name):
    """``(value, id)`` of a cursor for a feed sorted by ``column_name`` (the value a datetime for
    ``created_at``); 400 for anything but ``CURSOR_PATTERN``. Any such cursor names a place in
    the order, so it answers a page (perhaps an empty one)."""
    if not isinstance(cursor, str) or not cursor or not CURSOR.match(cursor):
        abort(400, message="Invalid cursor")
    value, row_id = (int(part) for part in cursor.split("."))
    if column_name == "created_at":
        value = EPOCH + min(value, LATEST) * MICROSECOND
    return value, row_id


def paginate(query, model, sort, args, walk=None, unjoined=None):
    """Apply ``?limit=&page=`` (with a total) or ``?limit=&cursor=`` (keyset) to a sorted query;
    ``walk``: a search with common words, not applied to ``query`` yet (``feeds.search``), paged
    through ``unjoined`` (``query``'s rows without its joins; ``core.search_walk``)."""
    column_name, descending = SORT_COLUMNS[sort]
    column = getattr(model, column_name)
    page, limit = page_args(args, default_page=None)
    if walk is not None and page is not None:
        query, walk = query.where(walk.condition()), None
    order = (column.desc() if descending else column.asc(),
             model.id.desc() if descending else model.id.asc())
    ordered = query.order_by(*order)
    if page is not None:
        total = query.count()
        rows = list(ordered.paginate(page, limit))
        return Page(rows, total=total, page=page, per_page=limit)
    cursor = args.get("cursor")
    if cursor:
        value, row_id = decode_cursor(cursor, column_name)
        ordered = ordered.where(search_walk.after(column, model, value, row_id, descending))
        if unjoined is not None:
            unjoined = unjoined.where(search_walk.after(column, model, value, row_id, descending))
    if walk is not None:
        rows = search_walk.page(ordered, unjoined.order_by(*order), model, column, descending,
                                walk, limit + 1)
    else:
        rows = list(ordered.limit(limit + 1))
    next_cursor = None
    if len(rows) > limit:
        rows = rows[:limit]
        last = rows[-1]
        next_cursor = encode_cursor(getattr(last, column_name), last.id)
    return Page(rows, next_cursor=next_cursor)


def with_authors(model, query_base=None):
    """A select of ``model`` joined to its author in the same statement."""
    return (query_base or model.select(model, User)).join(User, JOIN.INNER,
                                                          on=(model.user == User.id))


def mark_liked(rows, user, fk):
    """Set ``is_liked_by_user`` on each row with one query."""
    ids = [row.id for row in rows]
    liked = set()
    if user is not None and ids:
        liked = {row_id for (row_id,) in (Like.select(fk)
                                          .where((Like.user == user.id) & fk.in_(ids))
                                          .tuples())}
    for row in rows:
        row.is_liked_by_user = row.id in liked
    return rows


def content_feed(model, like_fk, genre, mood, sort, args, user, where=()):
    """The public feed of ``model`` (Story or Video): genre and mood filters, ``?q=`` search, sort
    and pagination, authors joined and ``is_liked_by_user`` set; ``where`` adds conditions."""
    genre, mood = check_filters(genre, mood, sort)
    conditions = [model.is_public == True]  # noqa: E712
    if genre:
        conditions.append(model.genre.in_(choices.genre_values(genre)))
    if mood:
        conditions.append(model.mood == mood)
    conditions += [*where, *tags.conditions(model, args)]
    query, walk = search(with_authors(model).where(*conditions), model, args.get("q"))
    unjoined = model.select().where(*conditions) if walk is not None else None
    page = paginate(query, model, sort, args, walk, unjoined)
    mark_liked(page.items, user, like_fk)
    return page


def user_feed(model, like_fk, user_id, user, args):
    """A user's items, newest first; private ones only for that user and admins."""
    query = with_authors(model).where(model.user == user_id, *tags.conditions(model, args))
    if user is None or (user.id != user_id and not user.is_admin):
        query = query.where(model.is_public == True)  # noqa: E712
    page = paginate(query, model, "newest", args)
    mark_liked(page.items, user, like_fk)
    return page


def story_feed(genre, mood, sort, args, user):
    return content_feed(Story, Like.story, genre, mood, sort, args, user)


def video_feed(genre, mood, sort, args, user, status=None):
    """The public video feed; ``status`` (pending, processing, completed, failed) filters."""
    where = ()
    if status:
        if status not in choices.VIDEO_STATUSES:
            allowed = ", ".join(choices.VIDEO_STATUSES)
            abort(400, message=f"Unknown status '{status}' (use {allowed})")
        where = (Video.status == status,)
    return content_feed(Video, Like.video, genre, mood, sort, args, user, where)
