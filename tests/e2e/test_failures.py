"""Failures a user must see as failures (issue 17): a video whose generation could not start is
not reported as a success, and an admin table whose read failed says so instead of showing an
empty table. The failing answers are made in the browser (Playwright routes): the server is fine."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.helpers import T, assert_clean_console, new_admin, toast

PASSWORD = "nightmare-123"
QUEUE_DOWN = {"code": 503, "status": "Service Unavailable",
              "message": "The render queue is not running. Please try again later."}


def test_a_video_whose_generation_cannot_start_is_reported_as_a_failure(member):
    page = member
    page.route(re.compile(r"/api/videos/\d+/generate$"),
               lambda route: route.fulfill(status=503, json=QUEUE_DOWN))
    page.goto("/create-video?mode=direct")
    expect(page.get_by_role("heading", name="Create a Horror Video")).to_be_visible(timeout=T)
    page.get_by_role("combobox", name="Genre").select_option("Gothic Horror")
    page.get_by_role("combobox", name="Mood").select_option("Eerie")
    page.get_by_role("textbox", name="Setting").fill("a lighthouse whose lamp never goes out")
    page.get_by_role("textbox", name="Characters").fill("the keeper, his drowned brother")
    page.get_by_role("button", name="Create Horror Video").click()

    failed = toast(page, "Generation Failed")
    expect(failed).to_be_visible(timeout=T)
    expect(failed).to_contain_text("Your video was saved, but its generation could not start")
    expect(failed).to_contain_text(QUEUE_DOWN["message"])
    expect(toast(page, "Success")).to_have_count(0)
    expect(toast(page, "Video Creation Started")).to_have_count(0)
    # The video exists (created before the render was asked for): its page opens, not rendering.
    expect(page).to_have_url(re.compile(r"/video/\d+$"), timeout=T)
    expect(page.get_by_role("progressbar", name="Video generation progress")).to_have_count(0)
    shot(page, "video-generation-failed")
    assert_clean_console(page, allow=[(503, "/generate")])


@pytest.fixture
def admin(browser, site):
    page = new_admin(browser, site, "Warden", PASSWORD)
    yield page
    page.context.close()


@pytest.mark.parametrize("status", [403, 500])
def test_an_admin_table_whose_read_fails_shows_the_failure_not_an_empty_table(admin, status):
    page = admin
    users = re.compile(r"/api/admin/users(\?|$)")
    refusal = {"code": status, "status": "Forbidden" if status == 403 else "Internal Server Error",
               "message": "You are not allowed to list users" if status == 403
               else "Something went wrong on our side. Please try again."}
    page.route(users, lambda route: route.fulfill(status=status, json=refusal))
    page.goto("/admin")
    expect(page.get_by_role("heading", name="Admin Panel")).to_be_visible(timeout=T)
    failure = page.get_by_role("alert").filter(has_text="Could not load users.")
    expect(failure).to_be_visible(timeout=T)
    expect(failure).to_contain_text(refusal["message"])
    expect(page.get_by_text("No users found.")).to_have_count(0)
    shot(page, f"admin-users-failed-{status}")

    # Once the API answers again, Try Again shows the table (with the admin's own row).
    page.unroute(users)
    failure.get_by_role("button", name="Try Again").click()
    expect(page.get_by_role("row").filter(has_text=page.email)).to_be_visible(timeout=T)
    expect(failure).to_have_count(0)
    assert_clean_console(page, allow=[(status, "/api/admin/users")])
