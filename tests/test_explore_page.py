"""Explore paints its first cards from its own HTML: the page carries the first page of each
community feed exactly as the API answers this visitor (nothing more), safely escaped."""
import html
import json
import re
from urllib.parse import quote

import pytest

from tests.test_admin_helpers import make_story
from tests.test_videos_api import make_video

INDEX = ('<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Dreadforge</title>'
         '<body><div id=root></div><script type=module src=/webapp.1a2b3c4d.js></script>')
PARAMS = {"genre": "All Genres", "mood": "All Moods", "sort": "newest", "limit": 24}
FEED = "/api/{}/community/All%20Genres/All%20Moods/newest?limit=24"
BLOCK = re.compile(r'<script type="application/json" id="initial-data">(.*?)</script>', re.S)


@pytest.fixture
def dist(webapp_dist):
    return webapp_dist(INDEX)


@pytest.fixture
def house_ads(app, monkeypatch):
    """The site's own ads (the default test provider fills no slot: nothing to compare)."""
    from core.plugins.current import plugin_host
    from plugins.ads import HouseAds
    host = plugin_host(app)
    provider = host._instance(("ads", "house", "test"), HouseAds, {})
    monkeypatch.setattr(host, "ad_provider", lambda: provider)
    return provider


def explore(client, path="/explore"):
    response = client.get(path, headers={"Accept": "text/html", "Accept-Encoding": "identity"})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def entries(page):
    """``{json key: data}`` of the page's initial-data block."""
    found = BLOCK.search(page)
    assert found, page
    return {json.dumps(entry["key"]): entry["data"] for entry in json.loads(found.group(1))}


def feed_key(root):
    return json.dumps([root, "list", "pages", PARAMS])


def api_page(client, root):
    """The first page of a feed as the web app would fetch it: its cards and next cursor."""
    response = client.get(FEED.format(root))
    assert response.status_code == 200
    return {"pages": [{"items": response.get_json(),
                       "nextCursor": response.headers.get("X-Next-Cursor")}],
            "pageParams": [None]}


def test_a_visitors_explore_carries_the_feeds_as_the_api_answers_them(dist, users, make_client):
    author, profile = users.signed_in(first_name="Wren", last_name="Sable")
    for i in range(3):
        make_story(author, title=f"Tide {i}")
    make_story(author, title="Secret Diary", content="Nobody may read this diary.",
               isPublic=False)
    make_story(author, title="Red Water", content="The walls were wet with blood.",
               isMature=True)
    make_video(author, title="Night Signal")
    visitor = make_client()
    page = explore(visitor)
    data = entries(page)
    stories, videos = data[feed_key("stories")], data[feed_key("videos")]
    assert stories == api_page(visitor, "stories") and videos == api_page(visitor, "videos")
    assert [card["title"] for card in stories["pages"][0]["items"]] == [
        "Red Water", "Tide 2", "Tide 1", "Tide 0"]
    assert [card["title"] for card in videos["pages"][0]["items"]] == ["Night Signal"]
    assert data['["auth", "user"]'] is None
    assert data['["tags", "warnings"]'] == visitor.get("/api/tags/warnings").get_json()
    # nothing a visitor may not see: a private story, a mature story's text, the author's e-mail
    text = html.unescape(page)
    assert "Secret Diary" not in text and "diary" not in text
    assert "Red Water" in text and "wet with blood" not in text
    assert profile["email"] not in text
    # the page stays the visitor's: revalidated, never shared between visitors by a cache
    response = visitor.get("/explore", headers={"Accept": "text/html"})
    assert "private" in response.headers["Cache-Control"]
    assert "Cookie" in response.headers["Vary"]


def test_a_signed_in_reader_gets_their_own_feed(dist, users, make_client):
    author, _ = users.signed_in()
    story = make_story(author, title="Red Water", content="The walls were wet with blood.",
                       isMature=True)
    reader, _ = users.signed_in(first_name="Ash")
    liked = make_story(author, title="Tide")
    assert reader.post(f"/api/stories/{liked['id']}/like").status_code in (200, 201)
    data = entries(explore(reader))
    assert data[feed_key("stories")] == api_page(reader, "stories")
    cards = {card["id"]: card for card in data[feed_key("stories")]["pages"][0]["items"]}
    assert cards[liked["id"]]["isLikedByUser"] is True
    assert cards[story["id"]]["matureGate"] is True  # the reader's answer, as the API gives it
    assert '["auth", "user"]' not in data  # the app asks who is signed in itself
    # the author sees their own mature story's excerpt, as their feed shows it
    own = entries(explore(author))[feed_key("stories")]
    assert own == api_page(author, "stories")
    assert "wet with blood" in own["pages"][0]["items"][-1]["excerpt"]


def test_text_cannot_end_the_data_block(dist, users, make_client):
    author, _ = users.signed_in()
    title = "The End </script><script>alert(1)</script> <!-- &amp; \u2028"
    make_story(author, title=title, content="</script><img src=x onerror=alert(1)> " * 5)
    visitor = make_client()
    page = explore(visitor)
    block = BLOCK.search(page).group(1)
    assert "<" not in block and ">" not in block and "\u2028" not in block
    assert page.count("<script") == 2  # the data block and the app's script, nothing more
    card = entries(page)[feed_key("stories")]["pages"][0]["items"][0]
    assert card == api_page(visitor, "stories")["pages"][0]["items"][0]
    assert card["title"].startswith("The End </script><script>alert(1)</script> <!-- &amp;")
    assert card["excerpt"].startswith("</script><img")


@pytest.mark.parametrize("path", ["/explore?tab=videos", "/explore?genre=Gothic%20Horror",
                                  "/explore?filter=my-stories"])
def test_a_chosen_view_asks_for_its_own_data(dist, users, make_client, path):
    author, _ = users.signed_in()
    make_story(author, title="Tide")
    assert "initial-data" not in explore(make_client(), path)


def test_the_feed_keys_are_the_web_apps(dist):
    """The entries land where Explore and its early start look (its feed parameters, the key
    factory of the feeds)."""
    from core.config import ROOT
    source = (ROOT / "webapp" / "src" / "lib" / "constants.ts").read_text()
    assert re.search(r"EXPLORE_PAGE_SIZE = (\d+);", source).group(1) == str(PARAMS["limit"])
    from core.page_data import AD_EVERY_N_STORIES
    assert re.search(r"AD_EVERY_N_STORIES = (\d+);", source).group(1) == str(AD_EVERY_N_STORIES)
    keys = (ROOT / "webapp" / "src" / "lib" / "query-keys.ts").read_text()
    assert "pages: (params: object) => [root, 'list', 'pages', params]" in keys
    preload = (ROOT / "webapp" / "src" / "app" / "preload.ts").read_text()
    asked = (f"{{ genre: '{PARAMS['genre']}', mood: '{PARAMS['mood']}', sort: '{PARAMS['sort']}', "
             "limit: EXPLORE_PAGE_SIZE }")
    assert asked in preload  # what Explore's early start asks the API for
    assert FEED.format("stories").startswith(
        "/api/stories/community/" + "/".join(quote(PARAMS[key]) for key in ("genre", "mood", "sort")))


def test_the_story_page_carries_what_it_asks_for_once_drawn(dist, house_ads, users, make_client):
    author, profile = users.signed_in(first_name="Wren", last_name="Sable")
    story = make_story(author, title="Tide", allowComments=True)
    reader, _ = users.signed_in(first_name="Ash")
    said = "Ash was here </script><script>alert(1)</script>"
    assert reader.post(f"/api/stories/{story['id']}/comments",
                       json={"content": said}).status_code == 201
    visitor = make_client()
    page = visitor.get(f"/story/{story['id']}", headers={"Accept": "text/html"}).get_data(
        as_text=True)
    data = entries(page)
    comments = data[json.dumps(["stories", "comments", story["id"]])]
    assert comments == visitor.get(f"/api/stories/{story['id']}/comments").get_json()
    assert [comment["content"] for comment in comments] == [said]
    assert page.count("<script") == 2
    assert data['["tags", "warnings"]'] == visitor.get("/api/tags/warnings").get_json()
    ad = data[json.dumps(["ads", "sidebar", 0, {"story": story["id"]}])]
    answer = visitor.get(f"/api/ads/sidebar?story={story['id']}")
    assert answer.status_code == 200 and ad == answer.get_json() and ad["kind"] == "house"
    assert profile["email"] not in html.unescape(page)


def test_a_private_storys_comments_stay_out_of_its_page(dist, users, make_client):
    author, _ = users.signed_in()
    story = make_story(author, title="Secret Diary", isPublic=False, allowComments=True)
    assert author.post(f"/api/stories/{story['id']}/comments",
                       json={"content": "A note to myself"}).status_code == 201
    page = make_client().get(f"/story/{story['id']}", headers={"Accept": "text/html"})
    assert "A note to myself" not in page.get_data(as_text=True)
    assert "initial-data" not in page.get_data(as_text=True)


def test_explore_carries_the_ads_between_its_first_cards(dist, house_ads, users, make_client):
    author, _ = users.signed_in()
    for i in range(13):  # two ads: after the 6th and the 12th card
        make_story(author, title=f"Tide {i}")
    visitor = make_client()
    data = entries(explore(visitor))
    ads = {key: value for key, value in data.items() if key.startswith('["ads"')}
    assert list(ads) == ['["ads", "feed", 0, {}]', '["ads", "feed", 1, {}]']
    for index in (0, 1):
        answer = visitor.get(f"/api/ads/feed?index={index}")
        assert answer.status_code == 200
        assert ads[f'["ads", "feed", {index}, {{}}]'] == answer.get_json()


def test_a_failing_ad_leaves_the_rest_of_the_storys_data(dist, users, make_client, monkeypatch):
    from core.api import ads

    def broken(*_args, **_kwargs):
        raise RuntimeError("the ad server is down")
    monkeypatch.setattr(ads, "current_ad", broken)
    author, _ = users.signed_in()
    story = make_story(author, title="Tide")
    page = make_client().get(f"/story/{story['id']}", headers={"Accept": "text/html"})
    data = entries(page.get_data(as_text=True))
    assert data[json.dumps(["stories", "detail", story["id"]])]["title"] == "Tide"
    assert json.dumps(["stories", "comments", story["id"]]) in data
    assert not [key for key in data if key.startswith('["ads"')]  # the app asks for it itself


def test_a_signed_in_readers_pages_are_never_stored(dist, users, make_client):
    """Explore and a story's page carry the reader's own data: never kept by the browser (Back
    after signing out on a shared computer must not show them); a visitor's are revalidated."""
    author, _ = users.signed_in()
    story = make_story(author, title="Tide")
    visitor = make_client()
    for path in ("/explore", f"/story/{story['id']}"):
        for client, caching in ((author, "private, no-store"), (visitor, "private, no-cache")):
            page = client.get(path, headers={"Accept": "text/html"})
            assert page.status_code == 200 and "initial-data" in page.get_data(as_text=True), path
            assert page.headers["Cache-Control"] == caching, path


def test_a_reader_banned_while_signed_in_is_told_why_not_shown_signed_out(dist, users):
    """The page of a browser whose session a ban has just ended must not say "signed out" in its
    data: the web app would never ask ``GET /api/auth/user``, whose 403 says why."""
    author, _ = users.signed_in()
    story = make_story(author, title="Tide")
    admin, _ = users.signed_in(role="admin")
    reader, profile = users.signed_in()
    assert admin.post(f"/api/admin/users/{profile['id']}/ban",
                      json={"reason": "Spam", "durationDays": 7}).status_code == 200
    signed_out = json.dumps(["auth", "user"])
    for path in ("/", "/explore", f"/story/{story['id']}"):
        assert signed_out not in entries(explore(reader, path)), path
    refused = reader.get("/api/auth/user")
    assert refused.status_code == 403 and "Reason: Spam" in refused.get_json()["message"]
    assert "Reason: Spam" in reader.get("/api/login").get_data(as_text=True)
    assert entries(explore(reader, "/"))[signed_out] is None  # told: a visitor from now on
