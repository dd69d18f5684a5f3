"""The hot reads of stories, built once and dumped without marshmallow.

The community feed (no search, cursor pagination: what the landing page and the explore page ask
for) and one story with its author are plain SQL selects of only the columns the story shape
shows, compiled once per shape (filters, sort, cursor) and dumped row by row by
``core.fast_dump``. Anything else (``?q=`` search, ``?page=``) goes through ``core.services.feeds``;
both give the same JSON (tests/test_fast_paths.py).
"""
import datetime as dt
from functools import lru_cache

from core import choices, db, prepared
from core.fast_dump import Dumper
from core.models import Like, Story, User
from core.pagination import Page, clamp_limit
from core.schemas.common import AuthorSchema
from core.schemas.content import as_card
from core.schemas.stories import StorySchema
from core.services import feeds, tags

STORY = Dumper(StorySchema)
AUTHOR_COLUMNS = ("id", "first_name", "last_name", "profile_image_url")


def _story_columns():
    """The stories columns the story shape reads, as (attribute, column name)."""
    by_attribute = {}
    for field in Story._meta.sorted_fields:
        by_attribute[field.name] = field.column_name
        by_attribute[field.column_name] = field.column_name
    return [(attribute, by_attribute[attribute]) for _name, _key, attribute, _c, _d in STORY.fields
            if attribute in by_attribute and attribute != "user"]


STORY_COLUMNS = _story_columns()
dump_story_row = STORY.row_dumper([attribute for attribute, _column in STORY_COLUMNS],
                                  nested={"user": (Dumper(AuthorSchema), AUTHOR_COLUMNS)})
_ID, _USER_ID, _PUBLIC = (next(i for i, (a, _c) in enumerate(STORY_COLUMNS) if a == name)
                          for name in ("id", "user_id", "is_public"))


def _select():
    story, user = Story._meta.table_name, User._meta.table_name
    columns = [f's."{column}"' for _a, column in STORY_COLUMNS]
    columns += [f'u."{column}" AS "author_{column}"' for column in AUTHOR_COLUMNS]  # unique names
    return (f'SELECT {", ".join(columns)} FROM "{story}" AS s '
            f'JOIN "{user}" AS u ON u."id" = s."user_id"')


@lru_cache(maxsize=128)
def feed_sql(param, genres, mood, sort, cursor):
    """The feed's SQL for one shape (how many genres the filter finds, a mood or not, which sort,
    a cursor or not). Two genres ("Supernatural" and "Supernatural Horror"): each one's page
    through its own index, the two pages merged (a plain ``IN`` would sort every story of both)."""
    column_name, descending = feeds.SORT_COLUMNS[sort]
    column = getattr(Story, column_name).column_name
    where = [f's."is_public" = {param}']
    if genres:
        where.append(f's."genre" = {param}')
    if mood:
        where.append(f's."mood" = {param}')
    if cursor:
        op = "<" if descending else ">"
        where.append(f'(s."{column}" {op} {param} '
                     f'OR (s."{column}" = {param} AND s."id" {op} {param}))')
    order = "DESC" if descending else "ASC"
    one = (f'{_select()} WHERE {" AND ".join(where)} '
           f'ORDER BY s."{column}" {order}, s."id" {order} LIMIT {param}')
    if genres < 2:
        return prepared.hot(one)
    pages = " UNION ALL ".join(f"SELECT * FROM ({one}) AS g{n}" for n in range(genres))
    return prepared.hot(f'SELECT * FROM ({pages}) AS merged '
                        f'ORDER BY "{column}" {order}, "id" {order} LIMIT {param}')


@lru_cache(maxsize=4)
def story_sql(param):
    return prepared.hot(f'{_select()} WHERE s."id" = {param}')


def _as_datetime(value):
    return dt.datetime.fromisoformat(value) if isinstance(value, str) else value


def story_feed(genre, mood, sort, args):
    """A feed page of story dicts (the API shape, as a visitor sees it: a reader's likes are
    ``mark_liked``'s), or None when the slow path must answer it."""
    if (args.get("q") or "").strip() or args.get("page") is not None or tags.filtered(args):
        return None
    genre, mood = feeds.check_filters(genre, mood, sort)
    limit = clamp_limit(args.get("limit"))
    column_name, _descending = feeds.SORT_COLUMNS[sort]
    genres = choices.genre_values(genre) if genre else ()
    cursor = args.get("cursor")
    after = []
    if cursor:
        value, row_id = feeds.decode_cursor(cursor, column_name)
        value = getattr(Story, column_name).db_value(value)
        after = [value, value, row_id]
    sql = feed_sql(db.database.param, len(genres), bool(mood), sort, bool(cursor))
    params = []
    for value in genres or (None,):  # each genre's page, then the merged page's limit
        params += [True, *([value] if value else []), *([mood] if mood else []), *after, limit + 1]
    if len(genres) > 1:
        params.append(limit + 1)
    rows = db.database.execute_sql(sql, params).fetchall()
    next_cursor = None
    if len(rows) > limit:
        rows = rows[:limit]
        index = next(i for i, (a, _c) in enumerate(STORY_COLUMNS) if a == column_name)
        last = rows[-1][index]
        next_cursor = feeds.encode_cursor(
            _as_datetime(last) if column_name == "created_at" else last, rows[-1][_ID])
    return Page([dump_story_row(row) for row in rows], next_cursor=next_cursor)


def story_feed_dicts(genre, mood, sort, args):
    """A visitor's feed page of story cards (``StoryCardSchema``: an excerpt, not the text): the
    fast path, else the general one (search, ``?page=``) dumped the same way."""
    page = story_feed(genre, mood, sort, args)
    if page is None:
        page = feeds.story_feed(genre, mood, sort, args, None)
        page.items = [STORY.dump(story) for story in page.items]
    page.items = [as_card(item) for item in page.items]
    return page


@lru_cache(maxsize=64)
def liked_sql(param, count):
    """Which of ``count`` stories a user likes."""
    marks = ", ".join([param] * count)
    return prepared.hot(f'SELECT "{Like.story.column_name}" FROM "{Like._meta.table_name}" '
                        f'WHERE "{Like.user.column_name}" = {param} AND '
                        f'"{Like.story.column_name}" IN ({marks})')


def mark_liked(items, user):
    """Set ``isLikedByUser`` on dumped stories: one query, compiled once per page size."""
    if user is None or not items:
        return items
    ids = [item["id"] for item in items]
    sql = liked_sql(db.database.param, len(ids))
    liked = {row_id for (row_id,) in db.database.execute_sql(sql, [user.id, *ids]).fetchall()}
    for item in items:
        item["isLikedByUser"] = item["id"] in liked
    return items


def story_row(story_id):
    """The story's row with its author (the columns of ``dump_story_row``), or None."""
    return db.database.execute_sql(story_sql(db.database.param), [story_id]).fetchone()


def row_visible_to(row, user):
    return bool(row[_PUBLIC]) or (user is not None and (user.id == row[_USER_ID] or user.is_admin))


def row_story(row):
    """A Story holding the row's own columns (for code that takes a model: counting a view)."""
    return Story(**{attribute: row[i] for i, (attribute, _c) in enumerate(STORY_COLUMNS)
                    if attribute not in ("created_at", "updated_at")})
