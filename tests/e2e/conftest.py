"""Browser tests: `dreadforge run` on a free port (SQLite + embedded queue, as `make run` does),
driven by Playwright through Debian's Chromium (/usr/bin/chromium, never a downloaded browser)."""
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT

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


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The base URL of a running site with a fresh data folder."""
    if not (ROOT / "webapp" / "dist" / "index.html").exists():
        pytest.fail("the web app is not built: run `make test` (it builds webapp/dist)")
    data = tmp_path_factory.mktemp("e2e-site")
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "DATABASE_URL", "DREADFORGE_QUEUE_PREFIX")}
    env.update({"DREADFORGE_DATA": str(data), "PYTHONPATH": str(ROOT),
                "DREADFORGE_PLUGINS": str(ROOT / "plugins.toml"), "DREADFORGE_RATELIMIT": "0"})
    log = open(data / "site.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "cli", "run", "--port", str(port),
                             "--workers", "2"], cwd=ROOT, env=env, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/share-targets", timeout=1)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                raise RuntimeError((data / "site.log").read_text()[-3000:])
            time.sleep(0.2)
    site_info = type("Site", (), {"url": base, "data": data, "env": env})
    yield site_info
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


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
    """The site with seeded demo content (5 users, 30 stories), seeded once per session."""
    from tests.e2e.helpers import cli
    cli(site, "seed", "--users", "5", "--stories", "30", "--videos", "0")
    return site
