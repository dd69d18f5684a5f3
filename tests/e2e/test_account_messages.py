"""What a reader is told, in the browser: a ban that came while signed in, a share count read
aloud, a moderator hiding a story (found walking the site as a new user; the editor's emptied
title: test_new_user.py)."""
import re

from playwright.sync_api import expect

from tests.e2e.helpers import T, cli, new_admin, new_page, unique_email
from tests.e2e.test_journey import api_call

PASSWORD = "nightmare-123"


def new_story(page, **fields):
    body = {"title": "The Salt Hymn", "content": "The tide sang under the chapel floor.",
            "genre": "Gothic Horror", "mood": "Eerie", "isPublic": True, **fields}
    return api_call(page, "POST", "/api/stories", body)


def test_a_reader_banned_while_signed_in_is_told_why_on_opening_the_site(browser, site, writer):
    reader = api_call(writer, "GET", "/api/auth/user")
    email = unique_email("warden")
    cli(site, "users", "create", "--email", email, "--password", PASSWORD,
        "--first-name", "Warden", "--role", "admin")
    admin = new_page(browser, site)
    try:
        admin.request.get("/api/auth/user")  # issues the csrf_token cookie
        api_call(admin, "POST", "/api/auth/login", {"email": email, "password": PASSWORD})
        api_call(admin, "POST", f"/api/admin/users/{reader['id']}/ban",
                 {"reason": "Threats in the comments", "durationDays": 7})
    finally:
        admin.context.close()
    writer.goto("/")
    told = writer.locator(".toast[role=alert] .toast-description")
    expect(told).to_contain_text("Your account has been banned until", timeout=T)
    expect(told).to_contain_text("Reason: Threats in the comments")
    expect(writer).to_have_url(re.compile(r"/api/login"), timeout=T)
    expect(writer.get_by_role("alert")).to_contain_text("Reason: Threats in the comments",
                                                        timeout=T)


def test_a_share_button_reads_its_count_with_the_right_noun(writer):
    story = new_story(writer, title="One Share Only")
    api_call(writer, "POST", f"/api/stories/{story['id']}/share",
             {"platform": "clipboard", "shareType": "link"})
    for path in ("/", f"/story/{story['id']}"):  # the home card, the story page
        writer.goto(path)
        expect(writer.get_by_role("button", name="Share story (1 share)").first).to_be_visible(
            timeout=T)


def test_a_moderator_hides_a_story_with_a_reason_its_author_reads(browser, site, writer):
    story = new_story(writer, title="The Lantern Choir")
    admin = new_admin(browser, site, "Keeper", PASSWORD)
    try:
        admin.goto("/admin")
        admin.get_by_role("tab", name="Stories").click()
        admin.get_by_role("searchbox", name="Search stories").fill("Lantern Choir")
        row = admin.get_by_role("row").filter(has_text="The Lantern Choir")
        expect(row).to_have_count(1, timeout=T)
        row.get_by_role("button", name="Make Private").click()
        dialog = admin.get_by_role("dialog", name="Hide story?")
        expect(dialog).to_contain_text("its author keeps it")
        dialog.get_by_role("textbox", name=re.compile("Reason for the author")).fill(
            "The cover shows a real person")
        dialog.get_by_role("button", name="Hide story").click()
        expect(row.get_by_text("Private", exact=True)).to_be_visible(timeout=T)
    finally:
        admin.context.close()
    writer.goto("/notifications")
    line = writer.get_by_test_id("notification").first
    expect(line).to_contain_text("A moderator hid your story “The Lantern Choir” from the "
                                 "community: The cover shows a real person", timeout=T)
    expect(line.get_by_role("link")).to_have_attribute("href", f"/story/{story['id']}")
