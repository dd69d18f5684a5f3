"""Following an author and hearing of their new story: the author page's Follow, the header's bell,
the notifications page and marking read."""
import re

from playwright.sync_api import expect

from tests.e2e.helpers import T, assert_clean_console, new_member
from tests.e2e.test_journey import api_call

STORY = {"title": "The Keeper's Last Log", "content": "The lamp had not turned in days.",
         "genre": "Gothic Horror", "mood": ["Eerie"], "isPublic": True}


def test_follow_then_the_authors_new_story_rings_the_bell(browser, seeded, member):
    author = new_member(browser, seeded, "Wren", "Sable", "author", "nightmare-123")
    try:
        author_id = api_call(author, "GET", "/api/auth/user")["id"]
        page = member
        page.goto(f"/u/{author_id}")
        expect(page.get_by_role("heading", name="Wren Sable")).to_be_visible(timeout=T)
        page.get_by_role("button", name="Follow").click()
        expect(page.get_by_role("button", name="Unfollow")).to_be_visible(timeout=T)
        expect(page.get_by_test_id("count-followers")).to_have_text("1 follower")
        bell = page.get_by_role("link", name=re.compile("^Notifications"))
        expect(bell).to_have_attribute("aria-label", "Notifications")  # nothing yet

        story = api_call(author, "POST", "/api/stories", STORY)

        page.goto("/")
        expect(page.get_by_test_id("bell-count")).to_have_text("1", timeout=T)
        bell.click()
        expect(page.get_by_role("heading", name="Notifications")).to_be_visible(timeout=T)
        line = page.get_by_test_id("notification").first
        expect(line).to_contain_text("Wren Sable published a new story: “The Keeper's Last Log”")
        expect(line.get_by_role("link")).to_have_attribute("href", f"/story/{story['id']}")
        line.get_by_role("button", name=re.compile("^Mark read")).click()
        expect(page.get_by_test_id("bell-count")).to_be_hidden(timeout=T)
        expect(line).to_have_class(re.compile(r"\bread\b"))
        assert api_call(page, "GET", "/api/notifications/count") == {"unread": 0}
        assert_clean_console(page)
    finally:
        author.context.close()
