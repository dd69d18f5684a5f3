"""Ad slots: the none, house and script providers, the CSP for script ads, and failures."""
import json
import logging
import tomllib

import pytest

from core.plugins import PluginConfigError
from plugins import ads
from tests.conftest import ROOT
from tests.plugins import misbehaving

SNIPPET = '<script src="https://ads.example/tag.js"></script><script>render("slot")</script>'
SCRIPT = {"ads": {"provider": "script",
                  "script": {"snippet": SNIPPET, "sources": ["https://ads.example"],
                             "slots": ["banner", "feed"]}}}


def test_hook_register_ad_providers(app_factory):
    assert [cls.name for cls in ads.register_ad_providers()] == ["none", "house", "script"]
    app = app_factory(plugins=[misbehaving], config={"ads": {"provider": "exploding"}})
    assert app.extensions["dreadforge.plugins"].ad_provider().name == "exploding"


def test_none_leaves_every_slot_empty(app_factory):
    client = app_factory().test_client()
    for slot in ("banner", "feed", "sidebar"):
        assert client.get(f"/api/ads/{slot}").status_code == 204
    assert client.get("/api/ads/popup").status_code == 404
    assert client.get("/api/ads").get_json() == {
        "provider": "none", "slots": ["banner", "feed", "sidebar"], "feedEvery": 6}


def test_house_rotates_the_shipped_cards_by_index(app_factory):
    client = app_factory(config={"ads": {"provider": "house"}}).test_client()
    banner = client.get("/api/ads/banner").get_json()
    assert (banner["kind"], banner["width"], banner["height"]) == ("house", 728, 90)
    assert banner["title"] == "Craft Your Nightmare" and banner["href"] == "/create"
    feed = [client.get(f"/api/ads/feed?index={n}").get_json()["title"] for n in range(4)]
    assert feed == ["Craft Your Nightmare", "Watch it move", "Trending tonight",
                    "Craft Your Nightmare"]
    banners = {client.get(f"/api/ads/banner?index={n}").get_json()["title"] for n in range(6)}
    assert "Trending tonight" not in banners  # that card is for the feed only
    assert client.get("/api/ads/feed?index=-1").status_code == 400


STORY = {"content": "The bell rang at midnight. Nobody moved.", "genre": "Gothic Horror",
         "mood": ["Eerie"], "isPublic": True, "allowComments": True}
HOUSE = {"ads": {"provider": "house"}}


def publish(client, title, public=True):
    response = client.post("/api/stories", json={**STORY, "title": title, "isPublic": public})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def sidebar(client, story_id, count=6):
    return [client.get(f"/api/ads/sidebar?story={story_id}&index={n}").get_json()
            for n in range(count)]


def test_house_promotes_the_authors_other_stories_and_trending(app_factory, signed_in_client):
    app = app_factory(config=HOUSE)
    author, _ = signed_in_client(app, first_name="Mara")
    other, _ = signed_in_client(app, first_name="Ivo")
    read = publish(author, "The Hollow Bell")
    more = publish(author, "Salt on the Sill")
    publish(author, "A Private Draft", public=False)
    trending = publish(other, "The Lantern Men")
    visitor = app.test_client()

    ads = sidebar(visitor, read)
    assert ads[0]["title"] == "More from Mara" and ads[0]["href"] == f"/story/{more}"
    assert ads[0]["body"].startswith("Salt on the Sill: The bell rang at midnight.")
    assert {ad["label"] for ad in ads} == {"From Dreadforge"}
    hrefs = [ad["href"] for ad in ads]
    assert f"/story/{trending}" in hrefs and f"/story/{read}" not in hrefs  # never the page's own
    assert not any("Private" in ad["body"] for ad in ads)
    assert not any("from_story" in href for href in hrefs)  # only the author makes videos of it

    mine = sidebar(author, read, 1)[0]
    assert (mine["title"], mine["href"]) == ("Make a video from this story",
                                             f"/create-video?from_story={read}")
    feed = visitor.get("/api/ads/feed?index=0").get_json()
    assert feed["title"] == "Trending tonight" and feed["href"].startswith("/story/")


def test_house_never_shows_a_mature_storys_text_to_who_may_not_read_it(app_factory,
                                                                      signed_in_client):
    app = app_factory(config=HOUSE)
    author, _ = signed_in_client(app, first_name="Mara")
    read = publish(author, "The Hollow Bell")
    response = author.post("/api/stories", json={**STORY, "title": "Red Room",
                                                 "content": "The walls were wet with it.",
                                                 "isMature": True})
    assert response.status_code == 201, response.get_json()
    reader, _ = signed_in_client(app, first_name="Ivo")

    def bodies(client):
        return " ".join(ad["body"] for ad in sidebar(client, read)
                        + [client.get(f"/api/ads/feed?index={n}").get_json() for n in range(6)])

    for client in (app.test_client(), reader):  # a visitor, a reader not opted in
        assert "wet with it" not in bodies(client)
    assert "Red Room: The walls were wet with it." in bodies(author)
    reader.patch("/api/users/me", json={"showMature": True})
    assert "Red Room: The walls were wet with it." in bodies(reader)


def test_house_ad_args_are_checked_and_unknown_stories_ignored(app_factory):
    client = app_factory(config=HOUSE).test_client()
    response = client.get("/api/ads/sidebar?story=abc")
    assert response.status_code == 400 and "story" in str(response.get_json())
    assert client.get("/api/ads/sidebar?story=0").status_code == 400
    ad = client.get("/api/ads/sidebar?story=999").get_json()
    assert ad["title"] == "Craft Your Nightmare" and ad["label"] == "From Dreadforge"


def test_house_promotions_can_be_switched_off(app_factory, signed_in_client):
    app = app_factory(config={"ads": {"provider": "house", "house": {"promote": False}}})
    author, _ = signed_in_client(app)
    read = publish(author, "The Hollow Bell")
    publish(author, "Salt on the Sill")
    titles = {ad["title"] for ad in sidebar(app.test_client(), read)}
    assert titles == {"Craft Your Nightmare", "Watch it move"}


def test_the_default_install_shows_house_ads():
    with (ROOT / "plugins.toml").open("rb") as fh:
        assert tomllib.load(fh)["ads"]["provider"] == "house"


@pytest.mark.parametrize("suffix, text", [
    ("json", json.dumps([{"title": "Candles", "href": "https://shop.test", "image": "/c.png"},
                         {"title": "Masks", "href": "https://shop.test/m", "slots": ["feed"]}])),
    ("toml", '[[cards]]\ntitle = "Candles"\nhref = "https://shop.test"\nimage = "/c.png"\n'
             '[[cards]]\ntitle = "Masks"\nhref = "https://shop.test/m"\nslots = ["feed"]\n'),
])
def test_house_reads_the_operators_file(app_factory, tmp_path, suffix, text):
    (tmp_path / f"cards.{suffix}").write_text(text)
    app = app_factory(config={"ads": {"provider": "house",
                                      "house": {"file": str(tmp_path / f"cards.{suffix}")}}})
    client = app.test_client()
    assert client.get("/api/ads/banner?index=1").get_json()["title"] == "Candles"
    assert client.get("/api/ads/feed?index=1").get_json()["title"] == "Masks"
    assert client.get("/api/ads/banner").get_json()["image"] == "/c.png"
    assert client.get("/api/ads/banner").get_json()["label"] == "Advertisement"  # not the site's


def test_house_file_is_relative_to_plugins_toml_and_checked(app_factory, tmp_path):
    (tmp_path / "bad.json").write_text('[{"title": "No link"}]')
    with pytest.raises(PluginConfigError, match=r"ads\.house\.file: .*bad\.json: card 0: "
                                                r"'title' and 'href' are required"):
        app_factory(config={"ads": {"provider": "house", "house": {"file": "../bad.json"}}})


def test_script_returns_the_snippet_only_in_its_slots(app_factory):
    client = app_factory(config=SCRIPT).test_client()
    assert client.get("/api/ads/banner").get_json() == {
        "kind": "script", "html": SNIPPET, "slot": "banner", "width": 728, "height": 90}
    assert client.get("/api/ads/feed?index=3").get_json()["html"] == SNIPPET
    assert client.get("/api/ads/sidebar").status_code == 204


def test_script_adjusts_the_pages_content_security_policy(app_factory):
    client = app_factory(config=SCRIPT).test_client()
    page = client.get("/explore")
    policy = dict((part.split()[0], part.split()[1:])
                  for part in page.headers["Content-Security-Policy"].split("; "))
    assert "https://ads.example" in policy["script-src"] and "'self'" in policy["script-src"]
    assert any(source.startswith("'sha256-") for source in policy["script-src"])
    assert "https://ads.example" in policy["frame-src"]
    assert "https://ads.example" in policy["img-src"]
    assert policy["object-src"] == ["'none'"]
    assert "https://ads.example" not in client.get("/api/ads/banner").headers[  # JSON
        "Content-Security-Policy"]


def test_script_sources_merge_into_an_existing_policy(app_factory):
    app = app_factory(config=SCRIPT)

    @app.after_request
    def strict(response):  # registered after the ads blueprint's: runs before it
        response.headers["Content-Security-Policy"] = "default-src 'none'; script-src 'self'"
        return response

    header = app.test_client().get("/").headers["Content-Security-Policy"]
    assert header.startswith("default-src 'none'; script-src 'self' https://ads.example 'sha256-")
    assert "frame-src https://ads.example" in header  # from default-src 'none', minus 'none'


def test_no_ads_means_the_base_policy(app_factory):
    policy = app_factory().test_client().get("/").headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "https:" not in policy


def test_script_options_are_validated(app_factory):
    with pytest.raises(PluginConfigError, match=r"ads\.script\.snippet: missing required option"):
        app_factory(config={"ads": {"provider": "script"}})
    with pytest.raises(PluginConfigError, match=r"ads\.script\.sources\.0: not a valid URL"):
        app_factory(config={"ads": {"provider": "script", "script": {
            "snippet": "<ins></ins>", "sources": ["javascript:x"]}}})


def test_a_failing_ad_provider_never_breaks_a_page(app_factory, caplog):
    caplog.set_level(logging.ERROR)
    app = app_factory(plugins=[misbehaving], config={"ads": {"provider": "exploding"}})
    client = app.test_client()
    assert client.get("/api/ads/banner").status_code == 204
    assert client.get("/api/ads/feed?index=2").status_code == 204
    assert client.get("/").status_code == 200
    assert "ad provider failed for slot banner" in caplog.text
    assert "ad provider failed in csp_sources" in caplog.text
