"""A 360x740 phone: the navigation drawer and no horizontal scrolling."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS, shot
from tests.e2e.helpers import T, assert_clean_console, new_page
from tests.e2e.test_journey import api_call

WIDTH = 360


@pytest.fixture
def phone(browser, seeded):
    page = new_page(browser, seeded, width=WIDTH, height=740, is_mobile=True, has_touch=True)
    yield page
    page.context.close()


def scroll_width(page):
    return page.evaluate("() => document.documentElement.scrollWidth")


def test_drawer_and_no_horizontal_scroll(phone):
    page = phone
    page.goto("/")
    expect(page.get_by_role("heading", name="Dreadforge", level=1)).to_be_visible(timeout=T)
    expect(page.locator("article.featured")).to_have_count(6, timeout=T)
    page.wait_for_load_state("networkidle")
    assert scroll_width(page) <= WIDTH, f"landing scrolls sideways: {scroll_width(page)}px"
    shot(page, "mobile-landing")

    page.get_by_role("button", name="Open menu").click()
    drawer = page.get_by_role("dialog", name="Menu")
    expect(drawer).to_be_visible(timeout=T)
    for name in ("Home", "Explore", "Sign In"):
        expect(drawer.get_by_role("link", name=name, exact=True)).to_be_visible()
    shot(page, "mobile-drawer")
    # The drawer is position: fixed: a viewport shot shows it as the user sees it.
    page.screenshot(path=str(SCREENSHOTS / "mobile-drawer-viewport.png"))
    drawer.get_by_role("link", name="Explore", exact=True).click()
    expect(drawer).to_be_hidden(timeout=T)
    expect(page).to_have_url(re.compile(r"/explore$"), timeout=T)
    expect(page.get_by_role("heading", name="Explore Horror Content")).to_be_visible(timeout=T)
    expect(page.locator("article.story-card").first).to_be_visible(timeout=T)
    page.wait_for_load_state("networkidle")
    assert scroll_width(page) <= WIDTH, f"explore scrolls sideways: {scroll_width(page)}px"
    expect(page.get_by_role("button", name="Filters")).to_be_visible()
    shot(page, "mobile-explore")
    assert_clean_console(page)


def heading_gap(page):
    """Pixels between the bottom of the sticky navbar and the top of the page's <h1>."""
    return page.evaluate("""() => {
        window.scrollTo(0, 0);
        const nav = document.querySelector('header.navbar').getBoundingClientRect();
        const h1 = document.querySelector('main h1').getBoundingClientRect();
        return Math.round(h1.top - nav.bottom);
    }""")


def test_desktop_page_heading_has_breathing_room(browser, seeded):
    page = new_page(browser, seeded)
    try:
        page.goto("/explore")
        expect(page.get_by_role("heading", name="Explore Horror Content")).to_be_visible(timeout=T)
        assert heading_gap(page) >= 20
        assert_clean_console(page)
    finally:
        page.context.close()


def test_phone_page_heading_has_breathing_room(phone):
    page = phone
    page.goto("/explore")
    expect(page.get_by_role("heading", name="Explore Horror Content")).to_be_visible(timeout=T)
    gap = heading_gap(page)
    assert gap >= 20, f"the <h1> is {gap}px below the navbar on a 360px phone"


def test_a_story_with_long_characters_and_setting_fits_a_phone(member):
    page = member
    characters = "Edith, a widowed lighthouse keeper; her silent son Tom, who counts the waves"
    setting = "a crumbling lighthouse on the Cornish coast, where the fog never lifts"
    story = api_call(page, "POST", "/api/stories", {
        "title": "The Keeper", "content": "The lamp went out at three.", "genre": "Gothic Horror",
        "mood": ["Eerie"], "characters": characters, "setting": setting, "isPublic": False,
        "allowComments": True})
    try:
        page.set_viewport_size({"width": WIDTH, "height": 740})
        page.goto(f"/story/{story['id']}")
        expect(page.get_by_role("heading", name="The Keeper", level=1)).to_be_visible(timeout=T)
        for text in (f"Characters: {characters}", f"Setting: {setting}"):  # all of it, wrapped
            expect(page.locator(".story-header .badge", has_text=text)).to_be_visible()
        assert scroll_width(page) <= WIDTH, f"the story scrolls sideways: {scroll_width(page)}px"
        shot(page, "mobile-story-long-badges")
    finally:
        api_call(page, "DELETE", f"/api/stories/{story['id']}")
