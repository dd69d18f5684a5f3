"""The admin panel's Jobs tab (issue 43): the queues with the workers serving them, a failed job
with its reason and owner that Retry puts on the queue again (and the real worker then runs), and
the notice when no worker serves a queue a job waits in."""
import json
import re
import sqlite3
import uuid

from playwright.sync_api import expect

from tests.e2e.conftest import shot
from tests.e2e.helpers import T, assert_clean_console, cli, new_page, sign_in, toast, unique_email

PASSWORD = "nightmare-123"
REASON = "The worker running this job stopped unexpectedly. Please try again."


def failed_job(site, email):
    """A story.suggest job of ``email`` that failed (as one whose worker died does)."""
    job_id = uuid.uuid4().hex
    db = sqlite3.connect(site.data / "dreadforge.db")
    try:
        with db:
            (user_id,) = db.execute("SELECT id FROM users WHERE email = ?", (email,)).fetchone()
            db.execute(
                "INSERT INTO jobs (id, user_id, kind, queue, status, progress, message, payload, "
                "error, created_at, started_at, finished_at, retries, timeout) VALUES (?, ?, "
                "'story.suggest', 'stories', 'failed', 40, 'Failed', ?, ?, "
                "'2026-01-01 10:00:00', '2026-01-01 10:00:01', '2026-01-01 10:00:20', 0, 120)",
                (job_id, user_id, json.dumps({"content": "The bell rang at midnight.",
                                              "type": "improvement"}), REASON))
    finally:
        db.close()
    return job_id, user_id


def test_jobs_tab_shows_queues_and_workers_and_retries_a_failed_job(browser, site):
    email = unique_email("keeper")
    cli(site, "users", "create", "--email", email, "--password", PASSWORD,
        "--first-name", "Keeper", "--last-name", "Vane", "--role", "admin")
    job_id, user_id = failed_job(site, email)
    page = new_page(browser, site)
    sign_in(page, email, PASSWORD)
    expect(page.get_by_role("heading", name=re.compile("Keeper"))).to_be_visible(timeout=T)
    page.goto("/admin")
    expect(page.get_by_role("heading", name="Admin Panel")).to_be_visible(timeout=T)
    page.get_by_role("tab", name="Jobs").click()

    # each queue with the live workers of `dreadforge run`
    for name in ("stories", "videos"):
        queue = page.locator(f"[data-queue={name}]")
        expect(queue).to_contain_text("0 jobs waiting", timeout=T)
        expect(queue).to_contain_text("alive, last seen")
    # the failed job: what it did, its owner and its reason
    row = page.locator(f"tr[data-job='{job_id}']")
    expect(row).to_contain_text(f"suggest story ideas for user {user_id}", timeout=T)
    expect(row).to_contain_text(f"Keeper Vane ({email})")
    expect(row).to_contain_text(REASON)
    shot(page, "admin-jobs")

    # Retry: the job goes back on its queue and the worker runs it (then it leaves the list)
    row.get_by_role("button", name=re.compile("^Retry")).click()
    expect(toast(page, "Job put on the queue again")).to_be_visible(timeout=T)
    expect(row).to_have_count(0, timeout=30_000)
    db = sqlite3.connect(site.data / "dreadforge.db")
    try:
        status, retries = db.execute("SELECT status, retries FROM jobs WHERE id = ?",
                                     (job_id,)).fetchone()
    finally:
        db.close()
    assert (status, retries) == ("completed", 1)

    # a queue a job waits in with no live worker: the panel says so above every tab
    def no_video_worker(route):
        listing = route.fetch().json()
        for queue in listing["queues"]:
            if queue["name"] == "videos":
                queue.update(depth=1, workers=[], noWorker=True)
        route.fulfill(json=listing)

    page.route(re.compile(r"/api/admin/jobs$"), no_video_worker)
    page.get_by_role("tab", name="Users").click()
    page.reload()
    notice = page.get_by_role("status").filter(has_text="No worker is serving the videos queue")
    expect(notice).to_contain_text("1 job waits", timeout=T)
    expect(notice).to_contain_text("dreadforge worker --queues videos")
    shot(page, "admin-no-worker-notice")
    assert_clean_console(page)
    page.context.close()
