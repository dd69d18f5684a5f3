"""A mature (18+) story to a reader who may not read it: the page shows the notice and no
comments (the API refuses them too), and its card's Review Activity says why its comments are not
shown, without asking for them."""
from playwright.sync_api import expect

from tests.e2e.helpers import T, assert_clean_console, new_member, new_page
from tests.e2e.test_journey import api_call


def test_a_mature_storys_comments_stay_behind_its_notice(browser, site):
    author = new_member(browser, site, "Wren", "Sable", "mature", "nightmare-123")
    visitor = new_page(browser, site)
    try:
        story = api_call(author, "POST", "/api/stories", {
            "title": "The Red Room", "content": "The walls were wet with it.", "isMature": True,
            "genre": "Gothic Horror", "mood": ["Eerie"], "isPublic": True})
        api_call(author, "POST", f"/api/stories/{story['id']}/comments",
                 {"content": "The wet walls are the point."})

        page = visitor
        page.goto(f"/story/{story['id']}")
        expect(page.get_by_role("note").filter(has_text="Mature content (18+)")).to_be_visible(timeout=T)
        expect(page.get_by_role("heading", name="The Red Room")).to_be_visible()
        expect(page.locator("#comments")).to_have_count(0)
        expect(page.get_by_text("The wet walls are the point.")).to_have_count(0)

        page.goto("/explore")
        card = page.locator("article.story-card").filter(has_text="Mature (18+).")
        card.get_by_role("button", name="Comments (1): review activity").click()
        dialog = page.get_by_role("dialog", name="Review Activity")
        dialog.get_by_role("tab", name="Comments (1)").click()
        expect(dialog).to_contain_text("its comments are for signed-in readers", timeout=T)
        expect(dialog.get_by_text("The wet walls are the point.")).to_have_count(0)
        assert_clean_console(page)  # no refused request either

        author.goto(f"/story/{story['id']}")  # its author reads them
        expect(author.get_by_text("The wet walls are the point.")).to_be_visible(timeout=T)
    finally:
        author.context.close()
        visitor.context.close()
