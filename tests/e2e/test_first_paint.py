"""The landing page paints its featured stories from the data inside its HTML: no API call for
them or for the auth state (core/landing.py, webapp/src/main.tsx)."""
from playwright.sync_api import expect

from tests.e2e.helpers import T, assert_clean_console


def test_landing_paints_without_asking_the_api(visitor):
    page = visitor
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    page.goto("/")
    expect(page.locator("article.featured")).to_have_count(6, timeout=T)
    expect(page.get_by_role("link", name="Sign In", exact=True)).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert not [url for url in asked if "/api/stories" in url or "/api/auth/user" in url], asked
    assert_clean_console(page)
