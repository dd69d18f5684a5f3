"""Faults a deployment meets: parallel writers on SQLite, the queue going away and coming back."""
import subprocess
import threading
import time

import pytest
import redis

from core.testing import PASSWORD
from tests.conftest import ROOT, database_url, drop_pg_schema
from tests.helpers import SiteClient, free_port, standalone_env, start_site, stop_site, wait_until
from tests.test_jobs import FORM
from tests.test_videos_api import DIRECT, STORY


@pytest.mark.parametrize("env", ["sqlite"], indirect=True)
def test_fifty_parallel_registrations_all_succeed_on_sqlite(app, make_client):
    """Every write path takes SQLite's write lock up front, so no writer fails "database is
    locked" (registration used a deferred transaction while the others did not)."""
    statuses, lock = [], threading.Lock()
    emails = iter(f"crowd{n}@example.com" for n in range(50))

    def register_some():
        client = make_client()
        while True:
            with lock:
                email = next(emails, None)
            if email is None:
                return
            response = client.post("/api/auth/register", json={
                "email": email, "password": PASSWORD, "firstName": "Crowd"})
            with lock:
                statuses.append((response.status_code, response.get_json().get("message")))
            client.post("/api/auth/logout")

    threads = [threading.Thread(target=register_some) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [s for s in statuses if s[0] != 201] == []
    assert len(statuses) == 50


# --- long-polls ---------------------------------------------------------------------------------


@pytest.mark.parametrize("env", ["sqlite"], indirect=True)
def test_waits_past_the_caps_answer_202_at_once(app, users, db, monkeypatch):
    """Requests waiting for a job (?wait=N) hold a server thread: a user may hold
    JOB_WAITS_PER_USER of them, everyone together JOB_WAITS; past that the answer is 202 now."""
    from core.models import Job
    monkeypatch.setitem(app.config, "JOB_WAITS_PER_USER", 1)
    monkeypatch.setitem(app.config, "JOB_WAITS", 2)
    first, second, third = (users.signed_in()[0] for _ in range(3))
    waiting = []

    def hold(client):  # no worker drains this queue: it waits the full 8 s
        thread = threading.Thread(target=client.post, args=("/api/stories/generate?wait=8",),
                                  kwargs={"json": FORM})
        thread.start()
        waiting.append(thread)
        deadline = time.time() + 5
        while Job.select().count() < len(waiting) and time.time() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)  # (past the job's creation, into its wait)

    try:
        hold(first)
        again = first.post("/api/stories/generate?wait=8", json=FORM)  # over the user's cap
        assert again.status_code == 202
        assert again.get_json()["message"].startswith("Waiting for a worker")
        assert waiting[0].is_alive()  # answered while the first wait still held its thread
        hold(second)
        other = third.post("/api/stories/generate?wait=8", json=FORM)  # over the overall cap
        assert other.status_code == 202
        assert all(thread.is_alive() for thread in waiting)
    finally:
        for thread in waiting:
            thread.join()


# --- the queue (Redis) going away ---------------------------------------------------------------


class RedisServer:
    """A private redis-server on a free port, to stop and start again (it keeps nothing on disk:
    a restart empties it, as a restart of the embedded queue does)."""

    def __init__(self, data_dir):
        self.port, self.data_dir, self.proc = free_port(), data_dir, None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.data_dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
        client = redis.Redis.from_url(self.url)
        for _ in range(100):
            try:
                client.ping()
                return
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


@pytest.fixture
def private_redis(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(tmp_path, run_id):
    name = f"{run_id}_outage"
    yield database_url("postgres", tmp_path, name)
    drop_pg_schema(name)


def site_env(tmp_path, **extra):
    return standalone_env(tmp_path, DREADFORGE_PLUGIN_MODULES="tests.fake_video_provider",
                          DREADFORGE_PLUGINS=str(ROOT / "tests" / "plugins.fake-video.toml"),
                          SECRET_KEY="test-secret", **extra)


def count_jobs(database_url_):
    from playhouse.db_url import connect
    db = connect(database_url_)
    try:
        return db.execute_sql('SELECT count(*) FROM "jobs"').fetchone()[0]
    finally:
        db.close()


def render_job(database_url_, video_id):
    """(status, retries) of the render job of ``video_id``."""
    from playhouse.db_url import connect
    db = connect(database_url_)
    try:
        return db.execute_sql('SELECT status, retries FROM "jobs" WHERE video_id = %s'
                              % int(video_id)).fetchone()
    finally:
        db.close()


QUEUE_DOWN = "The job queue is unavailable. Please try again shortly."


def engagement_works_and_generation_says_503(user, story_id, video_id, new_email):
    """What a PostgreSQL + Redis site answers while Redis is unreachable."""
    visitor = SiteClient(user.base)
    visitor.call("GET", "/api/auth/user")
    assert visitor.call("POST", "/api/auth/register", {
        "email": new_email, "password": PASSWORD, "firstName": "Late"})[0] == 201
    assert visitor.call("POST", "/api/auth/logout")[0] in (200, 204)
    assert visitor.call("POST", "/api/auth/login", {
        "email": new_email, "password": PASSWORD})[0] == 200
    assert visitor.call("POST", f"/api/stories/{story_id}/like")[0] == 200
    assert visitor.call("POST", f"/api/stories/{story_id}/comments", {"content": "Chilling."})[
        0] == 201
    assert visitor.call("POST", f"/api/stories/{story_id}/share", {
        "platform": "clipboard", "shareType": "link"})[0] == 200
    status, body = visitor.call("POST", "/api/stories/generate", FORM)
    assert (status, body["message"]) == (503, QUEUE_DOWN)
    before = user.call("GET", f"/api/videos/{video_id}")[1]
    status, body = user.call("POST", f"/api/videos/{video_id}/generate")
    assert (status, body["message"]) == (503, QUEUE_DOWN)
    after = user.call("GET", f"/api/videos/{video_id}")[1]
    assert [after[k] for k in ("status", "progress", "progressMessage", "error")] == [
        before[k] for k in ("status", "progress", "progressMessage", "error")]


def test_closed_redis_port_keeps_the_site_up_and_generation_answers_503(tmp_path, postgres_url):
    closed = f"redis://127.0.0.1:{free_port()}/0"
    proc, base = start_site(site_env(tmp_path, REDIS_URL=closed, DATABASE_URL=postgres_url),
                            "--workers", "0")
    try:
        user = SiteClient(base)
        user.call("GET", "/api/auth/user")
        assert user.call("POST", "/api/auth/register", {
            "email": "author@example.com", "password": PASSWORD, "firstName": "Mara"})[0] == 201
        story = user.call("POST", "/api/stories", STORY)[1]
        video = user.call("POST", "/api/videos", {**DIRECT, "title": "Quiet one"})[1]
        engagement_works_and_generation_says_503(user, story["id"], video["id"],
                                                 "late@example.com")
        assert count_jobs(postgres_url) == 0
    finally:
        stop_site(proc)


#: longer than RQ's own reconnection attempts last (the old worker quit after about 13 s)
OUTAGE_SECONDS = 16


def test_site_and_workers_ride_out_a_redis_restart(tmp_path, private_redis, postgres_url):
    proc, base = start_site(site_env(tmp_path, REDIS_URL=private_redis.url,
                                     DATABASE_URL=postgres_url, DREADFORGE_REAP_SECONDS="1"))
    try:
        user = SiteClient(base)
        user.call("GET", "/api/auth/user")
        status, me = user.call("POST", "/api/auth/register", {
            "email": "author@example.com", "password": PASSWORD, "firstName": "Mara"})
        assert status == 201
        story = user.call("POST", "/api/stories", STORY)[1]
        slow, lost, quiet = (user.call("POST", "/api/videos", {**DIRECT, "title": title})[1]
                             for title in ("SLOW running", "SLOW waiting", "Quiet one"))
        assert user.call("POST", f"/api/videos/{slow['id']}/generate")[0] == 202
        wait_until(lambda: user.call("GET", f"/api/videos/{slow['id']}")[1]["progress"] >= 20)
        assert user.call("POST", f"/api/videos/{lost['id']}/generate")[0] == 202  # queued

        private_redis.stop()  # (and with it, everything that was queued)
        stopped = time.monotonic()
        engagement_works_and_generation_says_503(user, story["id"], quiet["id"],
                                                 "late@example.com")
        time.sleep(max(0, OUTAGE_SECONDS - (time.monotonic() - stopped)))
        private_redis.start()

        # the queued render was lost with the queue: nothing of it was published, so it is put
        # on the queue again, once (the site's processes still know the queue that restarted)
        def listed(video_id):
            items = user.call("GET", f"/api/videos/user/{me['id']}")[1]
            items = items["items"] if isinstance(items, dict) else items
            return next(v for v in items if v["id"] == video_id)
        wait_until(lambda: render_job(postgres_url, lost["id"])[1] == 1, timeout=40)
        assert render_job(postgres_url, lost["id"])[0] in ("queued", "processing")
        assert listed(lost["id"])["status"] == "processing"
        # the render that was running when the queue went away is still on its worker
        assert user.call("GET", f"/api/videos/{slow['id']}")[1]["status"] == "processing"
        # and the workers took new jobs again
        status, written = user.call("POST", "/api/stories/generate?wait=25", FORM)
        assert status == 200, written
    finally:
        stop_site(proc)


def test_a_worker_whose_queue_is_gone_still_stops_on_sigterm(tmp_path, private_redis):
    """A stop asked for while Redis is down ends the worker; it does not retry forever."""
    import os
    import signal
    import sys
    env = standalone_env(tmp_path, REDIS_URL=private_redis.url, SECRET_KEY="test-secret")
    log = open(tmp_path / "worker.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "cli", "worker"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        client = redis.Redis.from_url(private_redis.url)
        wait_until(lambda: any(k.startswith(b"rq:worker:") for k in client.keys()), timeout=60)
        private_redis.stop()
        time.sleep(9)  # past the first retry: RQ's own handlers are installed again
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) is not None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


def test_a_worker_started_while_its_queue_is_down_waits_for_it(tmp_path, private_redis):
    """A worker that starts (or starts again) while Redis is down waits for it and then listens;
    it used to die at once (RQ asks Redis for the client's address while making the worker)."""
    import sys

    from core.testing import stop_worker
    private_redis.stop()
    env = standalone_env(tmp_path, REDIS_URL=private_redis.url, SECRET_KEY="test-secret")
    log = open(tmp_path / "worker.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "cli", "worker"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        time.sleep(4)  # it has tried, and failed, to reach Redis at least once
        assert proc.poll() is None, open(tmp_path / "worker.log").read()[-2000:]
        private_redis.start()
        client = redis.Redis.from_url(private_redis.url)
        wait_until(lambda: any(k.startswith(b"rq:worker:") for k in client.keys()), timeout=30)
    finally:
        stop_worker(proc, timeout=20)
        log.close()


def test_sign_in_limit_holds_while_redis_is_down_and_counts_in_redis_again_after(
        tmp_path, private_redis):
    """Rate limits count in Redis; while it is unreachable, in the web process's memory (a
    limit still answers 429, never a 500); once Redis answers again, in Redis again."""
    proc, base = start_site(site_env(tmp_path, REDIS_URL=private_redis.url,
                                     DREADFORGE_RATELIMIT="1"),
                            "--workers", "0", "--processes", "1")
    counted_in_redis = redis.Redis.from_url(private_redis.url).keys

    def sign_in_attempts(email, times):
        client = SiteClient(base)
        client.call("GET", "/api/auth/user")
        return [client.call("POST", "/api/auth/login", {"email": email, "password": "wrong"})[0]
                for _ in range(times)]
    try:
        assert sign_in_attempts("one@example.com", 21) == [401] * 20 + [429]
        assert counted_in_redis("LIMITS*")
        private_redis.stop()
        assert sign_in_attempts("two@example.com", 21) == [401] * 20 + [429]
        private_redis.start()  # (empty)
        wait_until(lambda: sign_in_attempts("three@example.com", 1) and counted_in_redis("LIMITS*"),
                   timeout=40)
    finally:
        stop_site(proc)
