"""Health and readiness for load balancers, a database that goes away, and paths that are no page
of the web app (issue 43): all answered in JSON, never with the app's HTML."""
import json
import re
import socket
import threading
import urllib.parse

import pytest

from core.errors import DATABASE_DOWN
from core.testing import PASSWORD
from core.web import PAGES
from tests.conftest import ROOT, database_url, drop_pg_schema
from tests.helpers import SiteClient, free_port, start_site, stop_site, wait_until
from tests.test_faults import RedisServer, site_env

NOT_PAGES = ("/health", "/metrics", "/foo.php", "/wp-login.php", "/.env", "/story/1/2",
             "/admin/secrets", "/api/nope", "/api/stories/1/nope")
PAGE_PATHS = ("/", "/explore", "/story/12", "/story/12/edit", "/create-video", "/video/3",
              "/video-editor/3", "/profile", "/admin", "/link-story/4")


@pytest.mark.parametrize("env", ["sqlite"], indirect=True)
def test_health_and_readiness_answer_json(app, client):
    response = client.get("/healthz")
    assert (response.status_code, response.get_json()) == (200, {"status": "ok"})
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ready", "checks": {
        "database": {"ok": True}, "queue": {"ok": True}, "media": {"ok": True}}}


def served(client, paths, **headers):
    """What each path answers: ``{path: (status, mimetype)}``."""
    answers = {path: client.get(path, headers=headers) for path in paths}
    return {path: (answer.status_code, answer.mimetype) for path, answer in answers.items()}


@pytest.mark.parametrize("env", ["sqlite"], indirect=True)
def test_a_path_that_is_no_page_is_a_json_404(app, client):
    assert served(client, NOT_PAGES) == {path: (404, "application/json") for path in NOT_PAGES}
    assert {client.get(path).get_json()["message"] for path in NOT_PAGES} == {"Not found"}


@pytest.mark.parametrize("env", ["sqlite"], indirect=True)
def test_a_browser_gets_the_apps_not_found_screen_as_a_404(app, client):
    """A person who mistypes an address sees the site's own "not found" screen, with status 404;
    a probe (no HTML in its Accept) gets the JSON above."""
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    mistyped = ("/no-such-page", "/health", "/storyy/3")
    assert served(client, mistyped, Accept=browser) == {path: (404, "text/html")
                                                        for path in mistyped}
    assert served(client, ["/api/nothing"], Accept=browser) == {
        "/api/nothing": (404, "application/json")}
    assert served(client, ["/favicon.ico"]) == {"/favicon.ico": (200, "image/svg+xml")}


@pytest.mark.parametrize("env", ["sqlite"], indirect=True)
def test_the_web_app_pages_are_still_served(app, client):
    assert served(client, PAGE_PATHS) == {path: (200, "text/html") for path in PAGE_PATHS}


def test_the_pages_are_the_routes_of_the_web_app():
    """``core.web.PAGES`` is the web app's route table (a new route must be served too)."""
    router = (ROOT / "webapp" / "src" / "app" / "router.tsx").read_text()
    routes = set(re.findall(r'<Route path="([^"*]+)"', router))
    assert routes == set(PAGES) - {"", "index.html"}


# --- a real site whose database and queue go away -----------------------------------------------


class CuttableProxy:
    """A TCP forwarder to PostgreSQL that can be cut (every connection dropped, new ones
    refused) and restored on the same port: the database server going away under the site."""

    def __init__(self, target):
        self.target, self.port = target, free_port()
        self.listener, self.pairs, self.lock = None, [], threading.Lock()

    def start(self):
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            with self.lock:
                self.pairs.append((client, server))
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread (Linux)
        except OSError:
            pass
        self.listener.close()
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for sock in pair:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()


@pytest.fixture
def cut_off_site(tmp_path, run_id):
    """`dreadforge run` on PostgreSQL through a proxy that can be cut, and a private Redis."""
    name = f"{run_id}_health"
    direct = database_url("postgres", tmp_path, name)
    target = urllib.parse.urlsplit(direct)
    proxy = CuttableProxy((target.hostname, target.port))
    proxy.start()
    redis_server = RedisServer(tmp_path)
    redis_server.start()
    url = direct.replace(f"{target.hostname}:{target.port}", f"127.0.0.1:{proxy.port}", 1)
    proc, base = start_site(site_env(tmp_path, DATABASE_URL=url, REDIS_URL=redis_server.url),
                            "--workers", "0", "--processes", "1")
    try:
        yield base, proxy, redis_server
    finally:
        stop_site(proc)
        proxy.cut()
        redis_server.stop()
        drop_pg_schema(name)


def answer(base, path, method="GET"):
    status, raw = SiteClient(base).send(method, path)
    return status, json.loads(raw)


def test_without_its_database_the_site_is_not_ready_and_the_api_answers_503(cut_off_site):
    """Before: /readyz was the app's HTML with 200 and the API answered 500 with PostgreSQL cut
    off, so a load balancer kept the machine in service."""
    base, proxy, _redis = cut_off_site
    user = SiteClient(base)
    user.call("GET", "/api/auth/user")
    assert user.call("POST", "/api/auth/register", {
        "email": "mara@example.com", "password": PASSWORD, "firstName": "Mara"})[0] == 201
    assert answer(base, "/readyz")[0] == 200

    proxy.cut()
    status, body = user.call("GET", "/api/auth/user")
    assert (status, body["message"]) == (503, DATABASE_DOWN)
    visitor = SiteClient(base)
    assert visitor.call("GET", "/api/auth/user") == (200, None)  # signed out: no query
    status, body = visitor.call("POST", "/api/auth/login", {
        "email": "mara@example.com", "password": PASSWORD})
    assert (status, body["message"]) == (503, DATABASE_DOWN)
    status, body = answer(base, "/readyz")
    assert status == 503
    assert body["status"] == "not ready"
    assert body["message"] == "Not ready: database unreachable."
    assert body["checks"]["database"]["ok"] is False and body["checks"]["database"]["error"]
    assert body["checks"]["queue"] == body["checks"]["media"] == {"ok": True}
    assert answer(base, "/healthz") == (200, {"status": "ok"})  # the process itself is fine

    proxy.start()  # the database is back: so is the site, without a restart
    wait_until(lambda: answer(base, "/readyz")[0] == 200, timeout=20)
    wait_until(lambda: user.call("GET", "/api/auth/user")[0] == 200, timeout=20)
    assert user.call("GET", "/api/auth/user")[1]["email"] == "mara@example.com"


def test_without_its_queue_the_site_is_not_ready(cut_off_site):
    base, _proxy, redis_server = cut_off_site
    redis_server.stop()
    status, body = answer(base, "/readyz")
    assert status == 503
    assert body["message"] == "Not ready: queue unreachable."
    assert body["checks"]["queue"]["ok"] is False
    assert body["checks"]["database"] == {"ok": True}
    assert answer(base, "/healthz") == (200, {"status": "ok"})
