"""The webhooks sample plugin, end to end: app → RQ (default queue) → real worker → receiver."""
import hashlib
import hmac
import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from plugins import webhooks
from tests.helpers import SUITE_ENV


class Receiver:
    """A local HTTP server recording each POST; answers with ``statuses`` in turn, then 200."""

    def __init__(self, statuses=()):
        self.requests, self.statuses = [], list(statuses)
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append((self.path, dict(self.headers), body))
                status = receiver.statuses.pop(0) if receiver.statuses else 200
                self.send_response(status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count, timeout=20):
        deadline = time.time() + timeout
        while len(self.requests) < count and time.time() < deadline:
            time.sleep(0.05)
        assert len(self.requests) >= count, f"got {len(self.requests)} of {count} deliveries"
        return self.requests

    def events(self):
        return [json.loads(body)["event"] for _path, _headers, body in self.requests]


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.server.shutdown()


def new_story(client):
    response = client.post("/api/stories", json={"title": "Tide", "content": "It rose.",
                                                 "genre": "Cosmic Horror", "mood": "Ominous"})
    assert response.status_code == 201
    return response.get_json()


def test_events_are_posted_by_the_worker(app_factory, signed_in_client, worker, receiver,
                                         monkeypatch):
    monkeypatch.setenv("TEST_WEBHOOK_SECRET", "s3cret")
    app = app_factory(config={"webhooks": {"urls": [receiver.url + "/hook"],
                                           "secret_env": "TEST_WEBHOOK_SECRET"}})
    client, user = signed_in_client(app, first_name="Ada")
    story = new_story(client)
    client.post(f"/api/stories/{story['id']}/like")
    client.post(f"/api/stories/{story['id']}/comments", json={"content": "Salt and dark"})
    client.post(f"/api/stories/{story['id']}/share", json={"platform": "email",
                                                            "shareType": "email"})
    receiver.wait_for(4)
    assert sorted(receiver.events()) == ["commented", "liked", "published", "shared"]
    by_event = {json.loads(body)["event"]: (path, headers, body)
                for path, headers, body in receiver.requests}
    path, headers, body = by_event["liked"]
    payload = json.loads(body)
    assert path == "/hook" and headers["Content-Type"] == "application/json"
    assert headers["X-Dreadforge-Event"] == "liked" and len(headers["X-Dreadforge-Delivery"]) == 32
    expected = "sha256=" + hmac.new(b"s3cret", body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(headers["X-Dreadforge-Signature"], expected)
    assert payload["content"]["id"] == story["id"] and payload["content"]["kind"] == "story"
    assert payload["content"]["url"] == f"http://localhost/story/{story['id']}"
    assert payload["user"] == {"id": user["id"], "firstName": "Ada"}
    assert json.loads(by_event["commented"][2])["comment"]["content"] == "Salt and dark"
    shared = json.loads(by_event["shared"][2])
    assert (shared["platform"], shared["shareType"]) == ("email", "email")


@pytest.fixture
def scheduling_worker(env, queue_env, monkeypatch):
    """A worker on queues of its own: RQ's scheduler lock of the shared test queues may still be
    held by a worker another test killed, and then no retry would be scheduled for a minute."""
    from tests.conftest import start_worker, stop_worker
    private = {**queue_env, "DREADFORGE_QUEUE_PREFIX": f"{queue_env['DREADFORGE_QUEUE_PREFIX']}"
               f"retry-{uuid.uuid4().hex[:6]}-"}
    monkeypatch.setenv("DREADFORGE_QUEUE_PREFIX", private["DREADFORGE_QUEUE_PREFIX"])
    proc = start_worker(env, private)
    yield proc
    stop_worker(proc)


def test_a_failed_delivery_is_retried(app_factory, signed_in_client, scheduling_worker):
    receiver = Receiver(statuses=[500])
    try:
        app = app_factory(config={"webhooks": {"urls": [receiver.url], "events": ["published"]}})
        client, _user = signed_in_client(app)
        new_story(client)
        receiver.wait_for(1)
        assert "signature" not in {k.lower() for k in receiver.requests[0][1]}  # no secret
        # the worker's own scheduler (`dreadforge worker` runs RQ's) re-queues the retry
        receiver.wait_for(2, timeout=20)
        assert receiver.requests[0][2] == receiver.requests[1][2]  # the same delivery again
    finally:
        receiver.server.shutdown()


def test_no_urls_means_nothing_is_queued(app_factory, signed_in_client, monkeypatch):
    queued = []
    monkeypatch.setattr(webhooks.Queue, "enqueue", lambda self, *a, **k: queued.append(a))
    app = app_factory()
    client, _user = signed_in_client(app)
    story = new_story(client)
    client.post(f"/api/stories/{story['id']}/like")
    assert queued == []
    app = app_factory(config={"webhooks": {"urls": ["https://hooks.test/x"],
                                           "events": ["liked"]}})
    client, _user = signed_in_client(app)
    story = new_story(client)  # published: not among the configured events
    assert queued == []
    client.post(f"/api/stories/{story['id']}/like")
    assert [args[:1] for args in queued] == [("plugins.webhooks.deliver",)]


def test_webhooks_options_are_validated(app_factory, monkeypatch):
    from core.plugins import PluginConfigError
    monkeypatch.delenv("NO_SUCH_SECRET", raising=False)
    with pytest.raises(PluginConfigError, match=r"webhooks\.events\.0: must be one of"):
        app_factory(config={"webhooks": {"events": ["viewed"]}})
    with pytest.raises(PluginConfigError, match=r"webhooks\.secret_env: environment variable "
                                                r"NO_SUCH_SECRET is not set"):
        app_factory(config={"webhooks": {"urls": ["https://x.test"],
                                         "secret_env": "NO_SUCH_SECRET"}})


def test_deliver_raises_unless_2xx(receiver):
    receiver.statuses = [404]
    with pytest.raises(webhooks.DeliveryError, match="answered 404"):
        webhooks.deliver(receiver.url, b"{}", {"Content-Type": "application/json"})
    assert webhooks.deliver(receiver.url, b"{}", {}) == 200
    with pytest.raises(webhooks.DeliveryError):
        webhooks.deliver("http://127.0.0.1:1/", b"{}", {}, timeout=1)


def test_plugin_authors_run_worker_fixture_delivers(app_factory, signed_in_client, run_worker,
                                                    receiver, queue_env):
    app = app_factory(config={"webhooks": {"urls": [receiver.url], "events": ["published"]}})
    proc = run_worker(app, queues="default", **SUITE_ENV)
    client, _user = signed_in_client(app)
    story = new_story(client)
    [(_path, _headers, body)] = receiver.wait_for(1)
    assert json.loads(body)["content"]["id"] == story["id"]
    assert proc.poll() is None
