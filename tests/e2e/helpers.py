"""Shared helpers of the browser tests: pages that watch the console, sign-up/sign-in through the
server page /api/login, CLI calls against the running site's data folder."""
import re
import subprocess
import sys
import uuid

from playwright.sync_api import expect

from tests.conftest import ROOT

T = 15_000  # default explicit timeout (ms) of the UI assertions: the machine is small and loaded

def watch(page):
    """Record console errors and page errors (with the resource URL) on this page."""
    page.console_log = []

    def on_console(msg):
        if msg.type == "error":
            page.console_log.append((msg.text, (msg.location or {}).get("url", "")))

    page.on("console", on_console)
    page.on("pageerror", lambda exc: page.console_log.append((f"pageerror: {exc}", "")))
    return page


def new_page(browser, site, width=1280, height=900, **context_args):
    context = browser.new_context(base_url=site.url, viewport={"width": width, "height": height},
                                  **context_args)
    return watch(context.new_page())


def console_errors(page, allow=()):
    """The console errors of `page` except the (status, url-part) network failures listed in
    `allow`; the log is then emptied. (A signed-out visitor's /api/auth/user is a 200 with null,
    so no failed request is allowed for it.)"""
    left = []
    for text, url in page.console_log:
        if any(text.startswith(f"Failed to load resource: the server responded with a status of {status}")
               and part in url for status, part in allow):
            continue
        left.append(f"{text} [{url}]")
    page.console_log.clear()
    return left


def assert_clean_console(page, allow=()):
    errors = console_errors(page, allow)
    assert not errors, "console errors:\n" + "\n".join(errors)


def cli(site, *args, timeout=120):
    result = subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, env=site.env,
                            capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def unique_email(prefix):
    return f"{prefix}-{uuid.uuid4().hex[:8]}@e2e.test"


def sign_up(page, first, last, email, password):
    """Create an account through the server page /api/login (tab Create Account)."""
    page.goto("/api/login")
    page.get_by_role("link", name="Create Account").click()
    expect(page.get_by_label("First name")).to_be_visible(timeout=T)
    page.get_by_label("First name").fill(first)
    page.get_by_label("Last name").fill(last)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Create Account").click()


def new_member(browser, site, first, last, email_prefix, password):
    """A new page with a new account, signed in (the home dashboard greets `first`)."""
    page = new_page(browser, site)
    sign_up(page, first, last, unique_email(email_prefix), password)
    expect(page.get_by_role("heading", name=re.compile(first))).to_be_visible(timeout=T)
    return page


def new_admin(browser, site, first, password, role="admin"):
    """A new page signed in as a new administrator (made with `dreadforge users create`; the home
    dashboard greets `first`); its address is ``page.email``."""
    email = unique_email(first.lower())
    cli(site, "users", "create", "--email", email, "--password", password, "--first-name", first,
        "--role", role)
    page = new_page(browser, site)
    sign_in(page, email, password)
    expect(page.get_by_role("heading", name=re.compile(first))).to_be_visible(timeout=T)
    page.email = email
    return page


def open_screen(page, path, heading):
    """Go to `path` and wait for the screen's heading."""
    page.goto(path)
    expect(page.get_by_role("heading", name=heading)).to_be_visible(timeout=T)


def sign_in(page, email, password):
    page.goto("/api/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign In").click()


def toast(page, title):
    """The toast (role status or alert) whose title is `title`."""
    return page.locator(".toast").filter(has=page.locator(".toast-title", has_text=re.compile(
        "^" + re.escape(title) + "$")))


def record_progress(page):
    """Start recording every (value, message) the progress bars of the page show."""
    page.evaluate("""() => {
        window.__progress = [];
        const read = () => {
            document.querySelectorAll('[role=progressbar]').forEach((bar) => {
                const block = bar.closest('.progress-block');
                const msg = block ? block.querySelector('.progress-meta span')?.textContent : '';
                const entry = `${bar.getAttribute('aria-valuenow')}|${msg}`;
                if (window.__progress[window.__progress.length - 1] !== entry) window.__progress.push(entry);
            });
        };
        new MutationObserver(read).observe(document.body, {subtree: true, childList: true,
            attributes: true, characterData: true});
        read();
    }""")


def recorded_progress(page):
    return [tuple(e.split("|", 1)) for e in page.evaluate("() => window.__progress || []")]


def fill_story_form(page, setting="a drowned abbey on the moor", characters="a novice nun, the bell ringer",
                    length=600, genre="Gothic Horror", mood="Eerie"):
    """The story creation form's required fields and its length slider."""
    page.get_by_role("combobox", name="Genre").select_option(genre)
    page.get_by_role("combobox", name="Mood").select_option(mood)
    page.get_by_role("textbox", name="Setting").fill(setting)
    page.get_by_role("textbox", name="Characters").fill(characters)
    page.get_by_role("slider", name=re.compile("Story length")).fill(str(length))
