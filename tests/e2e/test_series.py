"""Reading a series: a part's place ("Part 1 of 2 · the series"), Next to the following part and
Previous back; the series page lists the parts in order."""
import re

from playwright.sync_api import expect

from tests.e2e.helpers import T, assert_clean_console, new_member, new_page
from tests.e2e.test_journey import api_call


def part(title, text):
    return {"title": title, "content": text, "genre": "Gothic Horror", "mood": ["Eerie"],
            "isPublic": True}


def test_series_navigation_from_part_one_to_two_and_back(browser, site):
    author = new_member(browser, site, "Wren", "Sable", "series", "nightmare-123")
    reader = new_page(browser, site)
    try:
        series = api_call(author, "POST", "/api/series",
                          {"title": "The Harrow Tapes", "description": "Found on a dead man's shelf."})
        one = api_call(author, "POST", "/api/stories",
                       {**part("Tape One", "The first tape hissed."), "seriesId": series["id"]})
        two = api_call(author, "POST", "/api/stories",
                       {**part("Tape Two", "The second tape breathed."), "seriesId": series["id"]})

        page = reader  # a signed-out visitor
        page.goto(f"/story/{one['id']}")
        top = page.get_by_role("navigation", name="Series", exact=True)
        expect(top).to_contain_text("Part 1 of 2", timeout=T)
        expect(top.get_by_role("link", name="The Harrow Tapes")).to_have_attribute(
            "href", f"/series/{series['id']}")
        expect(top.get_by_role("link", name=re.compile("^Previous part"))).to_have_count(0)
        top.get_by_role("link", name="Next part: Tape Two").click()

        expect(page).to_have_url(re.compile(rf"/story/{two['id']}$"), timeout=T)
        expect(page.get_by_role("heading", name="Tape Two")).to_be_visible(timeout=T)
        top = page.get_by_role("navigation", name="Series", exact=True)
        expect(top).to_contain_text("Part 2 of 2", timeout=T)
        expect(top.get_by_role("link", name=re.compile("^Next part"))).to_have_count(0)
        end = page.get_by_role("navigation", name="Series, after this part")
        end.get_by_role("link", name="Previous part: Tape One").click()

        expect(page).to_have_url(re.compile(rf"/story/{one['id']}$"), timeout=T)
        expect(page.get_by_role("heading", name="Tape One")).to_be_visible(timeout=T)
        page.get_by_role("navigation", name="Series", exact=True).get_by_role(
            "link", name="The Harrow Tapes").click()
        parts = page.get_by_role("list", name="Parts").get_by_role("listitem")
        expect(parts).to_have_count(2, timeout=T)
        expect(parts.nth(0)).to_contain_text("Tape One")
        expect(parts.nth(1)).to_contain_text("Tape Two")
        assert_clean_console(page)
    finally:
        author.context.close()
        reader.context.close()


def test_explore_cards_say_which_part_a_story_is_unless_its_series_is_private(browser, site):
    author = new_member(browser, site, "Wren", "Sable", "parts", "nightmare-123")
    reader = new_page(browser, site)
    try:
        series = api_call(author, "POST", "/api/series", {"title": "The Marsh Letters"})
        secret = api_call(author, "POST", "/api/series", {"title": "Unsent", "isPublic": False})
        for title, text in (("Letter One", "The ink ran."), ("Letter Two", "The ink crawled.")):
            api_call(author, "POST", "/api/stories", {**part(title, text), "seriesId": series["id"]})
        api_call(author, "POST", "/api/stories",
                 {**part("Letter Never Sent", "It was addressed to me."), "seriesId": secret["id"]})

        def card(page, title):
            return page.locator("article.story-card").filter(
                has=page.get_by_role("link", name=title, exact=True))

        for page in (reader, author):  # a visitor, then the author (who sees the private part)
            page.goto("/explore")
            expect(card(page, "Letter Two").locator(".badge-row")).to_contain_text("Part 2", timeout=T)
            expect(card(page, "Letter One").locator(".badge-row")).to_contain_text("Part 1")
        never_sent = card(reader, "Letter Never Sent")
        expect(never_sent).to_be_visible()
        expect(never_sent).not_to_contain_text("Part 1")
        expect(card(author, "Letter Never Sent").locator(".badge-row")).to_contain_text("Part 1")
        assert_clean_console(reader)
    finally:
        author.context.close()
        reader.context.close()


def test_a_mature_part_on_the_series_page_says_why_its_text_is_not_shown(browser, site):
    author = new_member(browser, site, "Wren", "Sable", "series", "nightmare-123")
    reader = new_page(browser, site)
    try:
        series = api_call(author, "POST", "/api/series", {"title": "The Red Ledger"})
        api_call(author, "POST", "/api/stories",
                 {**part("Entry One", "The ink ran red."), "seriesId": series["id"]})
        api_call(author, "POST", "/api/stories",
                 {**part("Entry Two", "The walls were wet with blood."), "seriesId": series["id"],
                  "isMature": True, "contentWarnings": ["gore"]})

        page = reader  # a signed-out visitor: not shown a mature part's text
        page.goto(f"/series/{series['id']}")
        parts = page.get_by_role("list", name="Parts").get_by_role("listitem")
        expect(parts).to_have_count(2, timeout=T)
        expect(parts.nth(0)).to_contain_text("The ink ran red.")
        expect(parts.nth(0)).not_to_contain_text("18+")
        gated = parts.nth(1)
        expect(gated).to_contain_text("Entry Two")
        expect(gated).to_contain_text("18+")
        expect(gated).to_contain_text("CW: gore")
        expect(gated).to_contain_text("Only readers who turned on mature content see its text.")
        expect(gated).not_to_contain_text("wet with blood")
        # its author reads it, with the badges still there
        author.goto(f"/series/{series['id']}")
        own = author.get_by_role("list", name="Parts").get_by_role("listitem").nth(1)
        expect(own).to_contain_text("The walls were wet with blood.", timeout=T)
        expect(own).to_contain_text("CW: gore")
        assert_clean_console(page)
    finally:
        author.context.close()
        reader.context.close()
