"""The landing page, a story and Explore paint from the data inside their HTML: no API call for
it or for the auth state (core/landing.py, core/share_pages.py, core/page_data.py,
webapp/src/main.tsx)."""
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


# what the page's layout shifts add up to (the Cumulative Layout Shift of Chromium's Layout
# Instability API), recorded from the first paint on
RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
}).observe({ type: 'layout-shift', buffered: true });
"""


def test_story_page_paints_its_story_at_once_without_shifting(browser, seeded):
    """The story comes inside the page (core/share_pages.py): no API call for it, and its layout
    shifts add up to at most 0.1 (it shifted 0.26-0.34 while painting in four steps), on a phone
    and on a desktop."""
    from tests.e2e.helpers import new_page
    # a seeded story (an author with more than one), behind no warning or mature gate: other tests of
    # the session write stories to this site too, so its id is not known in advance
    look = new_page(browser, seeded)
    stories = look.request.get("/api/stories/community/All%20Genres/All%20Moods/newest?limit=50").json()
    look.context.close()
    authors = [story["userId"] for story in stories]
    story_id = next(s["id"] for s in stories if authors.count(s["userId"]) > 1
                    and not s.get("contentWarnings") and not s.get("isMature"))
    for size in ({"width": 412, "height": 823, "is_mobile": True}, {"width": 1280, "height": 900}):
        page = new_page(browser, seeded, **size)
        page.add_init_script(RECORD_SHIFTS)
        asked = []
        page.on("request", lambda r, asked=asked: asked.append(r.url) if "/api/" in r.url else None)
        page.goto(f"/story/{story_id}")
        expect(page.locator(".story-content")).to_be_visible(timeout=T)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        shift = page.evaluate("window.__shifts.reduce((a, b) => a + b, 0)")
        assert shift <= 0.1, (size, shift)
        story_calls = [url for url in asked if url.split("?")[0].endswith(
            (f"/api/stories/{story_id}", f"/api/stories/{story_id}/community", "/api/auth/user"))]
        assert not story_calls, asked
        # nor for what it shows once drawn: the comments, the warnings' labels, the sidebar's ad
        assert not [url for url in asked if "/comments" in url or "/api/tags/warnings" in url
                    or "/api/ads/sidebar" in url], asked
        assert_clean_console(page)
        page.context.close()


def test_explore_paints_its_cards_without_asking_the_api(visitor):
    """Explore's first page of each feed comes inside the page (core/page_data.py); the next page
    is still asked for as the reader scrolls."""
    page = visitor
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    page.goto("/explore")
    cards = page.locator("#explore-panel-all article")
    expect(cards.nth(23)).to_be_attached(timeout=T)
    page.wait_for_load_state("networkidle")
    first_pages = [url for url in asked if "/community/" in url and "cursor=" not in url]
    assert not first_pages and not [url for url in asked if "/api/auth/user" in url
                                    or "/api/tags/warnings" in url
                                    or url.endswith("/api/ads/feed?index=0")], asked
    def next_pages():
        return [url for url in asked if "/api/stories/community/" in url and "cursor=" in url]

    for _ in range(30):  # a reader scrolling to the end of the list, as far as it goes
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        if next_pages():
            break
        page.wait_for_timeout(300)
    assert next_pages(), asked
    expect(cards.nth(24)).to_be_attached(timeout=T)
    assert_clean_console(page)


def test_explore_draws_the_cards_a_few_at_a_time_again_after_a_filter_change(visitor):
    """Another list (the Stories tab after All) starts again from the first screenful: its cards
    are not all drawn in one long commit."""
    page = visitor
    page.goto("/explore")
    expect(page.locator("#explore-panel-all article").nth(23)).to_be_attached(timeout=T)
    page.evaluate("""() => {
        window.__drawn = [];
        new MutationObserver(() => {
            const n = document.querySelectorAll('#explore-panel-stories article').length;
            if (n && window.__drawn[window.__drawn.length - 1] !== n) window.__drawn.push(n);
        }).observe(document.body, { childList: true, subtree: true });
    }""")
    page.get_by_role("tab", name="Stories").click()
    expect(page.locator("#explore-panel-stories article").nth(12)).to_be_attached(timeout=T)
    drawn = page.evaluate("window.__drawn")
    assert drawn[0] == 6 and drawn == sorted(drawn), drawn  # the first screenful, then more
    assert_clean_console(page)
