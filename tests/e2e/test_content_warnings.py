"""A story with content warnings opens behind them; "Show the story" shows the text, and the
reader is not asked again for that story in the same session."""
from playwright.sync_api import expect

from tests.e2e.helpers import T, assert_clean_console, new_member
from tests.e2e.test_journey import api_call

TEXT = "The water in the cellar rose one stair each night."
STORY = {"title": "The Cellar Stairs", "content": TEXT, "genre": "Gothic Horror", "mood": "Eerie",
         "tags": ["Flooded House"], "contentWarnings": ["drowning", "animal-death"]}


def test_a_story_opens_behind_its_warnings_until_the_reader_clicks_through(browser, site):
    page = new_member(browser, site, "Ada", "Crane", "warned", "nightmare-123")
    try:
        story = api_call(page, "POST", "/api/stories", STORY)
        page.goto(f"/story/{story['id']}")
        notice = page.get_by_role("note", name="Content warnings")
        expect(notice).to_be_visible(timeout=T)
        expect(notice).to_contain_text("Drowning")
        expect(notice).to_contain_text("Animal death")
        expect(page.get_by_role("heading", name="The Cellar Stairs")).to_be_visible()
        expect(page.get_by_role("link", name="#flooded house")).to_have_attribute(
            "href", "/tags/flooded%20house")
        expect(page.get_by_text(TEXT)).to_have_count(0)

        page.get_by_role("button", name="Show the story").click()
        expect(page.get_by_text(TEXT)).to_be_visible(timeout=T)
        expect(notice).to_be_hidden()

        page.reload()  # remembered for this story in this session
        expect(page.get_by_text(TEXT)).to_be_visible(timeout=T)
        expect(page.get_by_role("note", name="Content warnings")).to_have_count(0)
        assert_clean_console(page)
    finally:
        page.context.close()


def test_a_feed_card_names_the_warnings_of_its_story(browser, site):
    page = new_member(browser, site, "Ada", "Crane", "carded", "nightmare-123")
    try:
        api_call(page, "POST", "/api/stories", {**STORY, "title": "The Cellar Door"})
        page.goto("/explore")
        card = page.locator("article.story-card").filter(
            has=page.get_by_role("link", name="The Cellar Door", exact=True))
        badge = card.locator(".badge-row .badge-warning")
        expect(badge).to_have_text("CW: drowning, animal death", timeout=T)
        expect(badge).to_have_attribute("title", "Content warnings: drowning, animal death")
        assert_clean_console(page)
    finally:
        page.context.close()
