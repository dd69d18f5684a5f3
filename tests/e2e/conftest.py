"""Browser tests: `dreadforge run` on a free port (SQLite + embedded queue, as `make run` does),
driven by Playwright through Debian's Chromium (/usr/bin/chromium, never a downloaded browser)."""
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.helpers import standalone_env, start_site, stop_site

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                 "--no-first-run", "--disable-component-update", "--disable-sync",
                 "--disable-quic"]
SCREENSHOTS = ROOT / "tests" / "e2e" / "screenshots"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.xdist_group("e2e"))


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The base URL of a running site with a fresh data folder."""
    if not (ROOT / "webapp" / "dist" / "index.html").exists():
        pytest.fail("the web app is not built: run `make test` (it builds webapp/dist)")
    data = tmp_path_factory.mktemp("e2e-site")
    env = standalone_env(data, DREADFORGE_RATELIMIT="0")
    proc, base = start_site(env, "--workers", "2")
    yield type("Site", (), {"url": base, "data": data, "env": env})
    stop_site(proc)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's Chromium is missing: `make test` installs it (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, site):
    """A fresh browser context (no cookies) whose console errors fail the test."""
    context = browser.new_context(base_url=site.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda msg: page.console_errors.append(msg.text)
            if msg.type == "error" else None)
    page.on("pageerror", lambda exc: page.console_errors.append(str(exc)))
    yield page
    context.close()


def shot(page, name):
    """Save a screenshot under tests/e2e/screenshots/ (ignored by git) to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.fixture(scope="session")
def seeded(site):
    """The site with seeded demo content (5 users, 60 stories: more than one page of explore),
    seeded once per session."""
    from tests.e2e.helpers import cli
    cli(site, "seed", "--users", "5", "--stories", "60", "--videos", "0")
    return site


@pytest.fixture
def visitor(browser, seeded):
    """A signed-out visitor's page on the seeded site."""
    from tests.e2e.helpers import new_page
    page = new_page(browser, seeded)
    yield page
    page.context.close()


@pytest.fixture
def member(browser, seeded):
    """A new account's page, signed in (home dashboard shown), on the seeded site."""
    from tests.e2e.helpers import new_member
    page = new_member(browser, seeded, "Nell", "Hart", "member", "nightmare-123")
    yield page
    page.context.close()


@pytest.fixture
def writer(browser, site):
    """A new account (Ines Marr), signed in through the API, on a fresh page of the bare site."""
    from tests.e2e.helpers import new_page, unique_email
    from tests.e2e.test_journey import api_call
    page = new_page(browser, site)
    page.request.get("/api/auth/user")  # issues the csrf_token cookie
    api_call(page, "POST", "/api/auth/register", {"email": unique_email("writer"),
                                                  "password": "nightmare-123",
                                                  "firstName": "Ines", "lastName": "Marr"})
    yield page
    page.context.close()
