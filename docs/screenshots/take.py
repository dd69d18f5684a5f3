"""Refresh the screenshots of docs/screenshots/: the full walk at desktop (1280x800) and phone
(390x844) sizes, from a fresh seeded local site.

    .venv/bin/python docs/screenshots/take.py

It runs `dreadforge run` on a free port with a temporary data folder (SQLite, the embedded queue,
the plugins.toml of the checkout), seeds demo content, makes a super_admin, writes a story through
the creation screen and renders a 15-second video of it; then it photographs, as a visitor: the
landing page, explore, a story, the video, the sign-in page; signed in: the creation screens, the
profile and the admin panel. Needs Debian's Chromium (/usr/bin/chromium) and a built web app.
"""
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tests.helpers import standalone_env, start_site, stop_site  # noqa: E402

OUT = Path(__file__).resolve().parent
SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                   "has_touch": True}}
ADMIN = {"email": "mara@dreadforge.test", "password": "nightmare-123"}
T = 30_000


def cli(env, *args):
    subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, env=env, check=True,
                   capture_output=True, text=True, timeout=300)


def api(page, method, path, body=None):
    token = next((c["value"] for c in page.context.cookies() if c["name"] == "csrf_token"), "")
    response = page.request.fetch(path, method=method, data=body, headers={
        "X-CSRF-Token": token, "Content-Type": "application/json"})
    assert response.ok, f"{method} {path}: {response.status} {response.text()[:300]}"
    return response.json() if response.status != 204 else None


def settle(page):
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(400)  # fonts, images and the last re-render


def snap(page, size, name):
    settle(page)
    page.screenshot(path=str(OUT / f"{size}-{name}.png"))
    print("wrote", f"{size}-{name}.png", flush=True)


def sign_in(page):
    page.goto("/api/login")
    page.get_by_label("Email").fill(ADMIN["email"])
    page.get_by_label("Password").fill(ADMIN["password"])
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name=re.compile("Mara"))).to_be_visible(timeout=T)


def write_story(page):
    """Generate a story on the creation screen and save it; returns (its id, the screen shot)."""
    page.goto("/create")
    page.get_by_role("combobox", name="Genre").select_option("Gothic Horror")
    page.get_by_role("combobox", name="Mood").select_option("Eerie")
    page.get_by_role("textbox", name="Setting").fill("a drowned abbey on the moor")
    page.get_by_role("textbox", name="Characters").fill("a novice nun, the bell ringer who died in 1891")
    page.get_by_role("slider", name=re.compile("Story length")).fill("600")
    page.get_by_role("button", name="Generate Story").click()
    expect(page.get_by_role("textbox", name="Story text")).to_be_visible(timeout=120_000)
    page.wait_for_timeout(5500)  # the success toast goes away
    page.evaluate("window.scrollTo(0, 0)")
    snap(page, "desktop", "create")
    page.get_by_role("button", name="Save Story").click()
    expect(page).to_have_url(re.compile(r"/story/\d+$"), timeout=T)
    return int(page.url.rsplit("/", 1)[1])


def render_video(page, story_id):
    video = api(page, "POST", "/api/videos", {
        "creationMode": "from_story", "storyId": story_id, "title": "The Bell Ringer of the Abbey",
        "animationStyle": "Dark Gothic", "narrationVoice": "Deep Male", "duration": 15,
        "isPublic": True, "allowComments": True})
    api(page, "POST", f"/api/videos/{video['id']}/generate")
    deadline = time.time() + 600
    while time.time() < deadline:
        try:
            status = api(page, "GET", f"/api/videos/{video['id']}")["status"]
        except PlaywrightError as exc:  # a busy machine: ask again
            print("retrying:", str(exc).splitlines()[0], flush=True)
            time.sleep(2)
            continue
        if status in ("completed", "failed"):
            assert status == "completed", "the video render failed"
            return video["id"]
        time.sleep(2)
    raise TimeoutError("the video render took more than 10 minutes")


def a_story_with_siblings(page):
    """A seeded story whose author wrote others (the sidebar promotes them)."""
    stories = api(page, "GET", "/api/stories/community/All%20Genres/All%20Moods/most_viewed?limit=20")
    authors = [s["userId"] for s in stories]
    return next(s["id"] for s in stories if authors.count(s["userId"]) > 1)


def walk(browser, site, size, state, ids):
    options = SIZES[size]
    visitor = browser.new_context(base_url=site, **options).new_page()
    for name, path in (("landing", "/"), ("explore", "/explore"),
                       ("story", f"/story/{ids['story']}"), ("video", f"/video/{ids['video']}"),
                       ("sign-in", "/api/login")):
        visitor.goto(path)
        snap(visitor, size, name)
    visitor.context.close()

    member = browser.new_context(base_url=site, storage_state=state, **options).new_page()
    if size == "phone":
        member.goto("/create")
        snap(member, size, "create")
    for name, path in (("create-video", "/create-video"), ("profile", "/profile"),
                       ("admin", "/admin"), ("home", "/")):
        member.goto(path)
        snap(member, size, name)
    member.context.close()


def main():
    with tempfile.TemporaryDirectory(prefix="dreadforge-shots-") as data:
        env = standalone_env(data, DREADFORGE_RATELIMIT="0")
        cli(env, "db", "upgrade")
        cli(env, "seed", "--users", "8", "--stories", "90", "--videos", "6", "--likes", "120")
        cli(env, "users", "create", "--email", ADMIN["email"], "--password", ADMIN["password"],
            "--first-name", "Mara", "--last-name", "Vance", "--role", "super_admin")
        proc, site = start_site(env, "--workers", "2")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                     args=["--no-sandbox"])
                page = browser.new_context(base_url=site, **SIZES["desktop"]).new_page()
                sign_in(page)
                own_story = write_story(page)
                ids = {"video": render_video(page, own_story), "story": a_story_with_siblings(page)}
                state = page.context.storage_state()
                page.context.close()
                for size in SIZES:
                    walk(browser, site, size, state, ids)
                browser.close()
        except Exception:
            print((Path(data) / "site.log").read_text()[-4000:])  # what the site said
            raise
        finally:
            stop_site(proc)


if __name__ == "__main__":
    main()
