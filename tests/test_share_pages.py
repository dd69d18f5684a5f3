"""Shared links look like something (Open Graph and Twitter card tags, a cover card), crawlers get
a real robots.txt and sitemap, feed cards carry an excerpt, and JSON answers are compressed."""
import gzip
import html
import io
import json
import re

import pytest
from PIL import Image

from tests.test_videos_api import DIRECT

TEXT = ("The lighthouse keeper counted the steps every night, and every night there was one more. "
        "By the winter there were so many that he never reached the lamp, and the ships went on "
        "the rocks. " * 20)
STORY = {"title": "The Keeper's Stair", "content": TEXT, "genre": "Gothic Horror",
         "mood": ["Eerie"], "isPublic": True, "allowComments": True}
# as Parcel minifies it: no </head>, no </body>
INDEX = ('<!DOCTYPE html><html lang=en><meta charset=utf-8><meta name=description content="Site">'
         '<title>Dreadforge — Craft Your Nightmare</title><body><div id=root></div>'
         '<script type=module src=/webapp.1a2b3c4d.js></script>')


@pytest.fixture
def dist(webapp_dist):
    return webapp_dist(INDEX)


@pytest.fixture
def author(users):
    return users.signed_in(first_name="Wren", last_name="Sable")


def make(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def tags(page):
    """``{property or name: content}`` of the page's meta tags."""
    return {name: html.unescape(content) for name, content in re.findall(
        r'<meta (?:property|name)="([^"]+)" content="([^"]*)">', page)}


def page_of(make_client, path):
    response = make_client().get(path, headers={"Accept": "text/html"})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_public_storys_page_has_its_share_tags_and_its_data(dist, author, make_client):
    story = make(author[0], "/api/stories", STORY)
    page = page_of(make_client, f"/story/{story['id']}")
    found = tags(page)
    url = f"http://localhost/story/{story['id']}"
    assert found["og:title"] == found["twitter:title"] == "The Keeper's Stair"
    assert found["og:description"].startswith("The lighthouse keeper counted the steps")
    assert len(found["og:description"]) <= 203 and found["og:description"].endswith("...")
    assert found["og:url"] == url and f'<link rel="canonical" href="{url}">' in page
    assert found["og:image"] == found["twitter:image"] == (
        f"http://localhost/covers/story/{story['id']}.png")
    assert found["twitter:card"] == "summary_large_image" and found["og:type"] == "article"
    assert "<title>The Keeper&#x27;s Stair — Dreadforge</title>" in page
    assert found["description"] == found["og:description"]
    # the story itself, for the first paint (React Query entries)
    data = json.loads(re.search(r'<script type="application/json" id="initial-data">(.*?)'
                                r"</script>", page).group(1))
    assert data[0]["key"] == ["stories", "detail", story["id"]]
    assert data[0]["data"]["content"] == TEXT.strip() and data[0]["data"]["views"] == 1
    assert {"key": ["auth", "user"], "data": None} in data


@pytest.mark.parametrize("crawler", [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"])
def test_a_crawlers_fetch_is_not_a_view(dist, author, make_client, crawler):
    story = make(author[0], "/api/stories", STORY)
    for path in (f"/story/{story['id']}", f"/api/stories/{story['id']}"):
        make_client().get(path, headers={"Accept": "text/html", "User-Agent": crawler})
    reader = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0"
    assert make_client().get(f"/api/stories/{story['id']}", headers={"User-Agent": reader}
                             ).get_json()["views"] == 1  # the reader's own view, and only it


def test_a_private_story_leaks_nothing(dist, author, make_client):
    story = make(author[0], "/api/stories", {**STORY, "isPublic": False,
                                             "title": "Secret Diary"})
    for client in (make_client(), author[0]):  # not even to its author (a link is for others)
        page = client.get(f"/story/{story['id']}", headers={"Accept": "text/html"}).get_data(
            as_text=True)
        assert "Secret Diary" not in html.unescape(page.split('id="initial-data"')[0])
        assert "og:title" not in page and "twitter:card" not in page
    assert make_client().get(f"/covers/story/{story['id']}.png").status_code == 404
    assert "initial-data" not in page_of(make_client, "/story/999999")


def test_the_cover_card_is_a_png_of_1200_by_630(author, make_client):
    story = make(author[0], "/api/stories", STORY)
    response = make_client().get(f"/covers/story/{story['id']}.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.get_data()))
    assert image.format == "PNG" and image.size == (1200, 630)
    red, green, blue = image.convert("RGB").getpixel((600, 625))  # the site's red rule
    assert red > 150 and green < 40 and blue < 50
    again = make_client().get(f"/covers/story/{story['id']}.png")
    assert again.get_data() == response.get_data()  # made once, kept


def test_a_videos_page_shows_its_poster_or_a_cover(dist, author, make_client, app):
    from core.db import database
    from core.models import Video
    video = make(author[0], "/api/videos", {**DIRECT, "title": "Signal from the Deep",
                                            "description": "A keeper hears the sea answer."})
    found = tags(page_of(make_client, f"/video/{video['id']}"))
    assert found["og:title"] == "Signal from the Deep" and found["og:type"] == "video.other"
    assert found["og:description"] == "A keeper hears the sea answer."
    assert found["og:image"].endswith(f"/covers/video/{video['id']}.png")
    database.connect(reuse_if_open=True)
    Video.update(poster_file=f"videos/{video['id']}/job1234567890ab/poster.jpg").where(
        Video.id == video["id"]).execute()
    found = tags(page_of(make_client, f"/video/{video['id']}"))
    assert "poster.jpg" in found["og:image"] and found["og:image"].startswith("http://localhost/")
    Video.update(is_public=False).where(Video.id == video["id"]).execute()
    assert "og:title" not in page_of(make_client, f"/video/{video['id']}")


def test_robots_txt_and_the_sitemap(author, make_client, app):
    public = make(author[0], "/api/stories", STORY)
    private = make(author[0], "/api/stories", {**STORY, "isPublic": False})
    video = make(author[0], "/api/videos", {**DIRECT, "title": "Signal", "isPublic": True})
    robots = make_client().get("/robots.txt", headers={"Accept": "text/html"})
    assert robots.status_code == 200 and robots.mimetype == "text/plain"
    lines = robots.get_data(as_text=True).splitlines()
    assert "User-agent: *" in lines and "Disallow: /api/" in lines and "Disallow: /admin" in lines
    assert "Disallow: /profile" in lines and "Disallow: /create" in lines
    assert "Sitemap: http://localhost/sitemap.xml" in lines

    sitemap = make_client().get("/sitemap.xml", headers={"Accept": "text/html"})
    assert sitemap.status_code == 200 and sitemap.mimetype == "application/xml"
    text = sitemap.get_data(as_text=True)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert f"<loc>http://localhost/story/{public['id']}</loc><lastmod>" in text
    assert f"<loc>http://localhost/video/{video['id']}</loc>" in text
    assert f"/story/{private['id']}<" not in text

    app.config["SITEMAP_PAGE_SIZE"] = 1  # a large site: an index of parts
    try:
        index = make_client().get("/sitemap.xml").get_data(as_text=True)
        assert "<sitemapindex" in index and "<loc>http://localhost/sitemap-stories-1.xml</loc>" in index
        assert "sitemap-stories-2.xml" not in index  # the private one is not counted
        part = make_client().get("/sitemap-stories-1.xml")
        assert part.mimetype == "application/xml"
        assert f"/story/{public['id']}</loc>" in part.get_data(as_text=True)
        assert make_client().get("/sitemap-stories-2.xml").status_code == 404
    finally:
        del app.config["SITEMAP_PAGE_SIZE"]


def test_feed_cards_carry_an_excerpt_not_the_text(author, make_client):
    story = make(author[0], "/api/stories", STORY)
    make(author[0], "/api/videos", {**DIRECT, "title": "Signal", "description": ""})
    for path in ("/api/stories?limit=6", "/api/stories/community/All%20Genres/All%20Moods/newest",
                 "/api/stories/community/All%20Genres/All%20Moods/newest?q=lighthouse",
                 "/api/stories/community/All%20Genres/All%20Moods/newest?page=1"):
        for client in (make_client(), author[0]):
            card, = client.get(path).get_json()
            assert "content" not in card, path
            assert card["excerpt"].startswith("The lighthouse keeper counted") and len(
                card["excerpt"]) <= 153 and card["excerpt"].endswith("...")
            assert card["title"] == "The Keeper's Stair" and card["user"]["firstName"] == "Wren"
    assert make_client().get(f"/api/stories/{story['id']}").get_json()["content"] == TEXT.strip()
    video, = make_client().get("/api/videos/community/All%20Genres/All%20Moods/newest").get_json()
    assert {"content", "script", "scenes"}.isdisjoint(video) and "excerpt" in video


def test_json_is_compressed_when_the_client_takes_it(author, make_client):
    for _ in range(6):
        make(author[0], "/api/stories", STORY)
    path = "/api/stories/community/All%20Genres/All%20Moods/newest"
    plain = make_client().get(path, headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers
    zipped = make_client().get(path, headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert json.loads(gzip.decompress(zipped.get_data())) == plain.get_json()
    assert len(zipped.get_data()) < len(plain.get_data()) / 3
    best = make_client().get(path, headers={"Accept-Encoding": "gzip, br"})
    assert best.headers["Content-Encoding"] == "br"
    small = make_client().get("/api/auth/user", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in small.headers  # too small to gain
