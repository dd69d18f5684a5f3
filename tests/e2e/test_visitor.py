"""A signed-out visitor: landing, explore (search, empty state), a story, the not-found states."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.helpers import T, assert_clean_console


def test_landing_explore_story(visitor):
    page = visitor
    page.goto("/")
    expect(page.get_by_role("heading", name="Dreadforge", level=1)).to_be_visible(timeout=T)
    expect(page.get_by_text("Craft Your Nightmare. Unleash Your Fear.").first).to_be_visible()
    expect(page.get_by_role("heading", name="Featured Nightmares")).to_be_visible()
    featured = page.locator("article.featured")
    expect(featured).to_have_count(6, timeout=T)
    expect(featured.first.get_by_role("link", name="Read Story")).to_be_visible()
    # The first 150 characters, and an ellipsis only when the text was cut.
    texts = featured.locator(".card-text").all_inner_texts()
    assert any(text.endswith("...") for text in texts), texts  # seeded stories are long
    assert all(len(text) <= 153 if text.endswith("...") else len(text) <= 150 for text in texts)
    expect(page.get_by_role("link", name="Create Your Story")).to_have_attribute("href", "/api/login")
    expect(page.get_by_role("heading", name="Ready to Craft Your Nightmare?")).to_be_visible()
    expect(page.get_by_role("link", name="Sign In", exact=True)).to_be_visible()
    page.wait_for_load_state("networkidle")
    shot(page, "landing")
    assert_clean_console(page)

    page.get_by_role("link", name="Explore Creations").click()
    expect(page).to_have_url(re.compile(r"/explore$"), timeout=T)
    expect(page.get_by_role("heading", name="Explore Horror Content")).to_be_visible(timeout=T)
    cards = page.locator("article.story-card")
    expect(cards.first).to_be_visible(timeout=T)
    assert cards.count() >= 6
    expect(page.get_by_role("tab", name="All")).to_have_attribute("aria-selected", "true")
    shot(page, "explore")

    # The search box is debounced: typing a nonsense word ends in the empty state.
    search = page.get_by_role("searchbox", name="Search")
    expect(search).to_have_attribute("placeholder", re.compile("stories, videos, characters, settings"))
    searches = []
    page.on("request", lambda r: searches.append(r.url) if "/community/" in r.url and "q=" in r.url else None)
    with page.expect_response(lambda r: "/community/" in r.url and "q=zzqxnomatch" in r.url, timeout=T):
        search.press_sequentially("zzqxnomatch", delay=30)
    expect(page.get_by_role("heading", name="No content found")).to_be_visible(timeout=T)
    expect(page.get_by_text("Try adjusting your search or filters")).to_be_visible()
    shot(page, "explore-empty")
    # Debounced (300 ms): typing at 30 ms a key asked only for the whole word, never a prefix.
    assert searches and all("q=zzqxnomatch" in url for url in searches), searches

    # A word of a real title finds that story again.
    search.fill("")
    expect(cards.first).to_be_visible(timeout=T)
    title = cards.first.locator(".card-title").inner_text().strip()
    word = max(re.findall(r"[A-Za-z]{4,}", title), key=len)
    search.fill(word)
    expect(page.locator("article.story-card .card-title", has_text=title).first).to_be_visible(timeout=T)

    page.locator("article.story-card .card-title a", has_text=title).first.click()
    expect(page).to_have_url(re.compile(r"/story/\d+$"), timeout=T)
    expect(page.get_by_role("heading", name=title, level=1)).to_be_visible(timeout=T)
    expect(page.get_by_text(re.compile(r"\d+ min read"))).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Like story"))).to_be_visible()
    expect(page.get_by_role("link", name="Sign In to Comment")).to_be_visible()
    page.get_by_role("button", name=re.compile(r"^Like story")).click()
    expect(page.locator(".toast-title", has_text="Authentication Required")).to_be_visible(timeout=T)
    page.wait_for_load_state("networkidle")
    shot(page, "story-visitor")
    assert_clean_console(page)


@pytest.mark.parametrize("path, title, resource", [
    ("/story/999999", "Story Not Found", "/api/stories/999999"),
    ("/video/999999", "Video Not Found", "/api/videos/999999"),
])
def test_not_found_states(visitor, path, title, resource):
    page = visitor
    page.goto(path)
    expect(page.get_by_role("heading", name=title)).to_be_visible(timeout=T)
    expect(page.get_by_role("button", name="Go Back")).to_be_visible()
    shot(page, "404-" + path.split("/")[1])
    # The only network failure allowed is the 404 of the missing item (no 401: signed out is null).
    assert_clean_console(page, allow=[(404, resource)])


def test_signed_out_protected_page_goes_to_sign_in(visitor):
    page = visitor
    page.goto("/create")
    expect(page).to_have_url(re.compile(r"/api/login\?next=%2Fcreate$"), timeout=T)
    expect(page.get_by_role("button", name="Sign In")).to_be_visible()
    expect(page.get_by_role("link", name="Create Account")).to_be_visible()
    shot(page, "sign-in")
    assert_clean_console(page)


def test_share_menu_shows_each_targets_own_icon(visitor):
    """A share target's `icon` (a plugin's, or a built-in's) is what its menu item shows."""
    page = visitor
    page.goto("/explore")
    page.locator("article.story-card").first.click()
    expect(page).to_have_url(re.compile(r"/story/\d+$"), timeout=T)
    page.get_by_role("button", name=re.compile(r"^Share story")).first.click()
    menu = page.get_by_role("menu")
    expected = {"Copy Link": "link", "Share on X": "twitter", "Share on Facebook": "facebook",
                "Share via Email": "mail", "Share on Reddit": "reddit",
                "Share on WhatsApp": "whatsapp"}
    for label, icon in expected.items():
        item = menu.get_by_role("menuitem", name=label)
        expect(item.locator("svg")).to_have_attribute("data-icon", icon, timeout=T)
