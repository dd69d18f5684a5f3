"""The hot reads (issue 15): the same JSON as the schema, 304s, caching headers, no cookies for
visitors, and a cached feed that still shows a new story within a second."""
import time
from urllib.parse import quote

import pytest

from core.models import Story
from core.schemas.reading import StoryCommunitySchema
from core.schemas.stories import StorySchema
from core.services import fast_feeds, feeds, stories
from tests.conftest import REDIS_URL
from tests.test_stories_api import STORY, create

SHAPES = [("All Genres", "All Moods", "newest"), ("All Genres", "All Moods", "oldest"),
          ("Gothic Horror", "All Moods", "most_liked"), ("All Genres", "Eerie", "most_viewed"),
          ("Slasher", "Dark", "most_commented")]


def feed_path(genre="All Genres", mood="All Moods", sort="newest", query="limit=2"):
    return f"/api/stories/community/{quote(genre)}/{quote(mood)}/{sort}?{query}"


@pytest.fixture
def shelf(users):
    """Stories of two authors with varied fields, one private, one liked, some viewed."""
    (owner, owner_json), (fan, _fan_json) = users.signed_in(), users.signed_in(first_name="Fan")
    made = [create(owner, title="Bell", characters="Ivy, Silas", intensity=9,
                   timeOfDay="Midnight", includeDialogue=False),
            create(owner, title="Mirror", genre="Slasher", mood="Dark", isPublic=False),
            create(fan, title="Lantern", mood="Eerie", allowComments=False),
            create(fan, title="Cellar", genre="Slasher", mood="Dark", setting="the Ice"),
            create(owner, title="Ash")]
    owner.post(f"/api/stories/{made[2]['id']}/like")
    fan.post(f"/api/stories/{made[0]['id']}/comments", json={"content": "brr"})
    fan.get(f"/api/stories/{made[3]['id']}")
    return owner, owner_json, made


def test_fast_feed_equals_the_schema_dump(app, shelf):
    owner, owner_json, _made = shelf
    from core.models import User
    schema = StorySchema(many=True)
    with app.test_request_context():
        for user in (None, User.get_by_id(owner_json["id"])):
            for genre, mood, sort in SHAPES:
                args = {"limit": 2}
                while True:
                    fast = fast_feeds.story_feed(genre, mood, sort, args)
                    fast_feeds.mark_liked(fast.items, user)
                    slow = feeds.story_feed(genre, mood, sort, args, user)
                    assert fast.items == schema.dump(slow.items), (genre, mood, sort)
                    assert fast.headers() == slow.headers()
                    if not fast.next_cursor:
                        break
                    args = {"limit": 2, "cursor": fast.next_cursor}


def test_a_genre_filter_finds_the_creation_forms_name_for_it(app, client, users):
    """Explore filters "Supernatural Horror"; the creation form saves "Supernatural": one genre."""
    author, _json = users.signed_in()
    made = [create(author, title=f"Veil {n}", genre=genre, mood=mood)
            for n, (genre, mood) in enumerate([("Supernatural", "Eerie"), ("Supernatural Horror", "Eerie"),
                                               ("Supernatural", "Dark"), ("Gothic Horror", "Eerie"),
                                               ("Supernatural Horror", "Eerie")])]
    supernatural = {story["title"] for story in made if story["genre"].startswith("Supernatural")}
    for genre in ("Supernatural Horror", "Supernatural"):
        found = client.get(feed_path(genre, query="limit=10")).get_json()
        assert {story["title"] for story in found} == supernatural, genre
        eerie = client.get(feed_path(genre, "Eerie", "oldest", query="limit=10")).get_json()
        assert [story["title"] for story in eerie] == ["Veil 0", "Veil 1", "Veil 4"]
    with app.test_request_context():  # the merged pages equal the general path's, page by page
        for genre, mood, sort in [("Supernatural Horror", "All Moods", "newest"),
                                  ("Psychological", "All Moods", "oldest"),
                                  ("Supernatural", "Eerie", "most_viewed")]:
            args = {"limit": 1}
            while True:
                fast = fast_feeds.story_feed(genre, mood, sort, args)
                slow = feeds.story_feed(genre, mood, sort, args, None)
                assert fast.items == StorySchema(many=True).dump(slow.items), (genre, mood, sort)
                assert fast.next_cursor == slow.next_cursor
                if not fast.next_cursor:
                    break
                args = {"limit": 1, "cursor": fast.next_cursor}


def test_story_page_equals_the_schema_dump(app, shelf, make_client):
    owner, owner_json, made = shelf
    from core.models import User
    visitor = make_client()
    for story in made:
        for client, user_id in ((owner, owner_json["id"]), (visitor, None)):
            page = client.get(f"/api/stories/{story['id']}/community")
            with app.test_request_context():
                user = User.get_by_id(user_id) if user_id else None
                row = Story.get_by_id(story["id"])
                if not row.is_visible_to(user):
                    assert page.status_code == 404
                    assert page.get_json()["message"] == "Story not found"
                    continue
                # nothing bookmarked or read here: the reader's marks are their defaults
                assert page.get_json() == StoryCommunitySchema().dump(stories.decorate(row, user))


def test_feeds_and_stories_answer_304_to_a_matching_etag(client, shelf):
    _owner, _owner_json, made = shelf
    for path in (feed_path(), "/api/stories?limit=6", f"/api/stories/{made[0]['id']}/community",
                 "/api/videos/community/All%20Genres/All%20Moods/newest"):
        first = client.get(path)
        assert first.status_code == 200 and first.headers["ETag"]
        again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, path
        assert again.get_data() == b""


def test_visitors_feeds_are_public_signed_in_ones_private(client, shelf):
    owner, _owner_json, made = shelf
    visitor = client.get(feed_path())
    assert visitor.headers["Cache-Control"].startswith("public, max-age=")
    assert "Cookie" in visitor.headers["Vary"]
    assert owner.get(feed_path()).headers["Cache-Control"] == "private, no-cache"
    assert client.get(f"/api/stories/{made[0]['id']}").headers["Cache-Control"] == \
        "private, no-cache"


def test_public_gets_set_no_cookie(app, shelf, make_client):
    _owner, _owner_json, made = shelf
    visitor = make_client()
    story = made[0]["id"]
    for path in ("/", "/explore", "/api/stories?limit=6", feed_path(), feed_path(query="q=bell"),
                 f"/api/stories/{story}", f"/api/stories/{story}/community",
                 f"/api/stories/{story}/comments", f"/api/stories/{story}/likes",
                 "/api/videos?limit=6", "/api/videos/community/All%20Genres/All%20Moods/newest"):
        response = visitor.get(path)
        assert response.status_code == 200, path
        assert "Set-Cookie" not in response.headers, path
        assert visitor.get_cookie("session") is None and visitor.get_cookie("csrf_token") is None


@pytest.mark.parametrize("redis_url", [None, REDIS_URL], ids=["in-process", "redis"])
def test_a_published_story_shows_in_the_cached_feed_within_a_second(
        app_factory, signed_in_client, redis_url):
    app = app_factory(FEED_CACHE_SECONDS=60, REDIS_URL=redis_url)
    author, _user = signed_in_client(app)
    visitor = app.test_client()
    create(author, title="First")
    assert [s["title"] for s in visitor.get(feed_path()).get_json()] == ["First"]
    # the page is cached: a change behind the app's back is not seen...
    from core.db import database
    with app.app_context():
        database.connect(reuse_if_open=True)
        Story.update(title="Renamed quietly").execute()
        database.close()
    assert [s["title"] for s in visitor.get(feed_path()).get_json()] == ["First"]
    # ...but a story published through the site is, at once
    published = time.monotonic()
    create(author, title="Second")
    titles = [s["title"] for s in visitor.get(feed_path()).get_json()]
    assert titles == ["Second", "Renamed quietly"]
    assert time.monotonic() - published < 1
    # and so are an edit and a delete
    second = visitor.get(feed_path()).get_json()[0]["id"]
    author.put(f"/api/stories/{second}", json={**STORY, "title": "Second, edited"})
    assert visitor.get(feed_path()).get_json()[0]["title"] == "Second, edited"
    author.delete(f"/api/stories/{second}")
    assert [s["title"] for s in visitor.get(feed_path()).get_json()] == ["Renamed quietly"]


@pytest.mark.parametrize("redis_url", [None, REDIS_URL], ids=["in-process", "redis"])
def test_signed_in_readers_see_their_own_likes_on_the_shared_feed_page(
        app_factory, signed_in_client, redis_url):
    app = app_factory(FEED_CACHE_SECONDS=60, REDIS_URL=redis_url)
    author, _user = signed_in_client(app)
    fan, _fan = signed_in_client(app)
    other, _other = signed_in_client(app)
    visitor = app.test_client()
    made = [create(author, title=title) for title in ("Bell", "Lantern", "Cellar")]
    fan.post(f"/api/stories/{made[1]['id']}/like")

    def liked(client):
        return {s["title"]: s["isLikedByUser"] for s in client.get(feed_path(query="limit=6"))
                .get_json()}
    assert liked(visitor) == {"Bell": False, "Lantern": False, "Cellar": False}
    assert liked(fan) == {"Bell": False, "Lantern": True, "Cellar": False}
    assert liked(visitor) == {"Bell": False, "Lantern": False, "Cellar": False}  # not the fan's
    assert liked(other) == {"Bell": False, "Lantern": False, "Cellar": False}
    assert liked(visitor) == {"Bell": False, "Lantern": False, "Cellar": False}  # nothing leaked
    assert fan.get(feed_path()).headers["Cache-Control"] == "private, no-cache"
    fan.delete(f"/api/stories/{made[1]['id']}/like")
    fan.post(f"/api/stories/{made[0]['id']}/like")
    assert liked(fan) == {"Bell": True, "Lantern": False, "Cellar": False}
    bell = next(s for s in visitor.get(feed_path(query="limit=6")).get_json()
                if s["title"] == "Bell")
    assert bell["likesCount"] == 1


def test_batched_views_count_once_per_viewer_show_at_once_and_reach_the_database(
        app_factory, signed_in_client):
    from tests.helpers import wait_until
    app = app_factory(REDIS_URL=REDIS_URL, VIEW_BATCH_SECONDS=0.2)
    author, _user = signed_in_client(app)
    story = create(author, title="Watched")
    path = f"/api/stories/{story['id']}"
    fan, _fan_user = signed_in_client(app)
    assert fan.get(path).get_json()["views"] == 1  # the viewer's own view, at once
    assert fan.get(path).get_json()["views"] == 1  # once per viewer per hour
    assert author.get(path).get_json()["views"] == 2
    assert fan.get(path + "/community").get_json()["views"] == 2

    def stored():
        from core.db import database
        from core.models import View
        with app.app_context():
            database.connect(reuse_if_open=True)
            return Story.get_by_id(story["id"]).views, View.select().count()
    wait_until(lambda: stored() == (2, 2))
    assert author.get(path + "/community").get_json()["views"] == 2  # folded: not counted twice
    assert [s["views"] for s in fan.get(feed_path()).get_json()] == [2]


def test_writes_that_change_no_card_keep_the_cached_feed(app_factory, signed_in_client):
    """Reading progress (sent as a reader leaves a page) and draft autosaves (every second or so
    while writing) change no feed card: the visitors' cached page stays; a like does empty it."""
    app = app_factory(FEED_CACHE_SECONDS=60)
    author, _user = signed_in_client(app)
    visitor = app.test_client()
    story = create(author, title="First")
    assert [s["title"] for s in visitor.get(feed_path()).get_json()] == ["First"]
    from core.db import database
    with app.app_context():
        database.connect(reuse_if_open=True)
        Story.update(title="Renamed quietly").execute()
        database.close()
    saved = author.put(f"/api/stories/{story['id']}/progress", json={"position": 0.5})
    assert saved.status_code == 200, saved.get_json()
    drafted = author.put("/api/drafts/current", json={"content": "Bells."})
    assert drafted.status_code == 200, drafted.get_json()
    assert author.delete("/api/drafts/current").status_code == 204
    assert [s["title"] for s in visitor.get(feed_path()).get_json()] == ["First"]
    assert author.post(f"/api/stories/{story['id']}/like").status_code < 400
    assert [s["title"] for s in visitor.get(feed_path()).get_json()] == ["Renamed quietly"]


def test_every_write_said_to_change_no_card_is_a_route(app):
    from core.feed_cache import NEUTRAL_WRITES
    routes = {rule.rule: rule.methods for rule in app.url_map.iter_rules()}
    for rule, methods in NEUTRAL_WRITES.items():
        assert rule in routes, rule
        assert set(methods) <= routes[rule], rule
