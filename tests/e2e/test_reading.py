"""The reading list and reading progress in Chromium: bookmark a story, read half of it, find it
on the Reading List as in progress, come back and Continue reading; the reader settings stay on
this device; the text shows typographic punctuation while the stored text keeps its own."""
import re

from playwright.sync_api import expect

from tests.e2e.helpers import T, assert_clean_console
from tests.e2e.test_journey import api_call

PARAGRAPH = ('"Don\'t open the door," she said... The keeper waited -- then the lamp went out, '
             "and something on the stair began, very slowly, to climb toward the gallery.")
STORY = {"title": "The Stair at Raven Point", "content": "\n\n".join([PARAGRAPH] * 40),
         "genre": "Gothic Horror", "mood": ["Eerie"], "isPublic": True}

WHERE = """() => { const r = document.querySelector('.story-content').getBoundingClientRect();
                  return (innerHeight - r.top) / r.height; }"""
SCROLL_TO_HALF = """() => { const r = document.querySelector('.story-content').getBoundingClientRect();
                           window.scrollTo(0, scrollY + r.top + 0.5 * r.height - innerHeight); }"""
FIRST_LINE = """() => { const node = document.querySelector('.story-content').firstChild;
    const range = document.createRange(); let top = null;
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      if (top === null) top = rect.top; else if (rect.top > top + 2) return i;
    }
    return node.length; }"""


def test_bookmark_read_half_then_continue_from_the_reading_list(member):
    page = member
    story = api_call(page, "POST", "/api/stories", STORY)
    page.goto(f"/story/{story['id']}")
    text = page.locator(".story-content")
    expect(text).to_be_visible(timeout=T)

    # typographic punctuation on screen, the stored text untouched
    shown = text.inner_text()
    assert "“Don’t open the door,” she said…" in shown and "waited—then" in shown
    assert '"' not in shown and "'" not in shown
    assert api_call(page, "GET", f"/api/stories/{story['id']}")["content"] == STORY["content"]
    # about 70 characters a line on a desktop
    assert 60 <= page.evaluate(FIRST_LINE) <= 80

    page.get_by_role("button", name="Bookmark", exact=True).click()
    expect(page.get_by_role("button", name="Bookmarked")).to_have_attribute("aria-pressed", "true",
                                                                           timeout=T)
    # the place is saved once the PUT is answered (not merely sent)
    with page.expect_response(lambda r: r.url.endswith(f"/api/stories/{story['id']}/progress")
                              and r.request.method == "PUT" and r.ok, timeout=T):
        page.evaluate(SCROLL_TO_HALF)
    saved = api_call(page, "GET", f"/api/stories/{story['id']}/community")["readingProgress"]
    assert 0.45 <= saved <= 0.55, saved

    # the account menu's Reading List (inside the app: the story's page data kept from the first
    # visit must hold the new place): the story, in progress
    page.get_by_role("navigation").get_by_role("link", name="Explore", exact=True).first.click()
    page.get_by_role("button", name="Account menu").click()
    page.get_by_role("menuitem", name="Reading List").click()
    listed = page.get_by_role("list", name="Reading list").get_by_role("listitem").first
    expect(listed).to_contain_text(STORY["title"], timeout=T)
    expect(listed).to_contain_text(re.compile(r"In progress · (4[5-9]|5[0-5])%"))

    listed.get_by_role("link", name=STORY["title"]).click()
    resume = page.get_by_role("button", name=re.compile(r"^Continue reading \(\d+%\)"))
    expect(resume).to_be_visible(timeout=T)
    resume.click()
    page.wait_for_function(f"() => Math.abs(({WHERE})() - {saved}) < 0.03", timeout=T)
    expect(resume).to_be_hidden()
    assert_clean_console(page)


def test_reader_settings_are_kept_on_this_device(member):
    page = member
    story = api_call(page, "POST", "/api/stories", {**STORY, "title": "Sepia Stair"})
    page.goto(f"/story/{story['id']}")
    text = page.locator(".story-content")
    expect(text).to_have_attribute("data-theme", "dark", timeout=T)
    page.get_by_text("Reading settings").click()
    page.get_by_role("button", name="Sepia").click()
    page.get_by_role("button", name="XL", exact=True).click()
    page.get_by_role("button", name="Sans").click()
    expect(text).to_have_attribute("data-theme", "sepia")
    size = float(text.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
    page.reload()
    expect(text).to_have_attribute("data-theme", "sepia", timeout=T)
    expect(text).to_have_attribute("data-size", "x-large")
    expect(text).to_have_attribute("data-font", "sans")
    assert text.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(243, 233, 210)"
    assert float(text.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")) == size > 20
    assert_clean_console(page)


def test_a_place_read_just_before_the_tab_closes_is_kept(member):
    """The place waits 1.2 s for the scrolling to stop; the page closed sooner sends it at once
    (a keepalive request, with the session and the CSRF header as any other)."""
    page = member
    story = api_call(page, "POST", "/api/stories", {**STORY, "title": "The Closing Stair"})
    page.goto(f"/story/{story['id']}")
    expect(page.locator(".story-content")).to_be_visible(timeout=T)
    sent = []
    page.on("request", lambda r: sent.append(r.method) if r.url.endswith(
        f"/api/stories/{story['id']}/progress") else None)
    page.evaluate(SCROLL_TO_HALF)
    page.wait_for_timeout(300)  # scrolled, well within the debounce
    assert sent == []
    context = page.context
    page.close()

    again = context.new_page()
    again.goto(f"/story/{story['id']}")
    resume = again.get_by_role("button", name=re.compile(r"^Continue reading \((4[5-9]|5[0-5])%\)"))
    expect(resume).to_be_visible(timeout=T)
    saved = api_call(again, "GET", f"/api/stories/{story['id']}/community")["readingProgress"]
    assert 0.45 <= saved <= 0.55, saved
    again.close()
