"""Faults, measured on a real `dreadforge run` (SQLite, embedded queue, a slow story provider):

- long-polls: a visitor's feed latency while one user holds 10 `generate?wait=30` requests;
- 50 parallel registrations from 16 threads: how many fail;
- with REDIS_URL pointing at a closed port: the status of each kind of call.

Run: `.venv/bin/python bench/bench_faults.py` (prints its figures; the load average next to them).
"""
import json
import statistics
import tempfile
import threading
import time

from common import ROOT

from tests.helpers import SiteClient, standalone_env, start_site, stop_site


class Client(SiteClient):
    """The suite's site client, first fetching a CSRF cookie; ``call`` answers raw bytes."""

    def __init__(self, base):
        super().__init__(base)
        self.send("GET", "/api/share-targets")

    def call(self, method, path, body=None, timeout=120):
        return self.send(method, path, body, timeout)


FORM = {"genre": "Paranormal", "mood": ["Eerie"], "setting": "a lighthouse", "characters": "Wren",
        "storyLength": "short"}


def feed_ms(base, runs=10, pause=0.0):
    visitor = Client(base)
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        visitor.call("GET", "/api/stories?limit=20")
        samples.append((time.perf_counter() - started) * 1000)
        time.sleep(pause)
    return statistics.median(samples), max(samples)


def long_polls(base):
    user = Client(base)
    user.call("POST", "/api/auth/register", {"email": "poller@example.com",
                                             "password": "long enough", "firstName": "Poll"})
    answers = []

    def wait():
        started = time.perf_counter()
        status, _ = user.call("POST", "/api/stories/generate?wait=30", FORM, timeout=120)
        answers.append((status, time.perf_counter() - started))

    threads = [threading.Thread(target=wait) for _ in range(10)]
    for thread in threads:
        thread.start()
    time.sleep(3)  # (every wait is in by now)
    median, worst = feed_ms(base, pause=0.5)
    print(f"feed during 10 waits: median {median:.0f} ms, worst {worst:.0f} ms")
    for thread in threads:
        thread.join()
    quick = sum(1 for status, seconds in answers if status == 202 and seconds < 2)
    print(f"the 10 waits: {quick} answered 202 at once, "
          f"{sorted(status for status, _ in answers)}")


def registrations(base):
    results, lock, emails = [], threading.Lock(), iter(range(50))

    def register():
        client = Client(base)
        while True:
            with lock:
                n = next(emails, None)
            if n is None:
                return
            status, body = client.call("POST", "/api/auth/register", {
                "email": f"crowd{n}@example.com", "password": "long enough", "firstName": "C"})
            with lock:
                results.append(status)
            client.call("POST", "/api/auth/logout")

    threads = [threading.Thread(target=register) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    errors = [s for s in results if s != 201]
    print(f"50 parallel registrations (16 threads): {len(errors)} errors {errors}")


def redis_down(base):
    user = Client(base)
    calls = [("register", "POST", "/api/auth/register", {
        "email": "down@example.com", "password": "long enough", "firstName": "Down"}),
        ("logout", "POST", "/api/auth/logout", None),
        ("login", "POST", "/api/auth/login", {"email": "down@example.com",
                                              "password": "long enough"}),
        ("new story", "POST", "/api/stories", {"title": "T", "content": "Dark.", "genre":
                                                "Paranormal", "mood": "Eerie", "isPublic": True}),
        ("like", "POST", "/api/stories/1/like", None),
        ("comment", "POST", "/api/stories/1/comments", {"content": "Brr."}),
        ("share", "POST", "/api/stories/1/share", {"platform": "clipboard", "shareType": "link"}),
        ("generate story", "POST", "/api/stories/generate", FORM),
        ("feed", "GET", "/api/stories?limit=20", None)]
    for name, method, path, body in calls:
        status, answer = user.call(method, path, body)
        note = json.loads(answer).get("message", "") if status >= 400 and answer else ""
        print(f"  Redis down: {name:15} {status} {note}")


def main():
    with tempfile.TemporaryDirectory() as data_dir:
        env = standalone_env(data_dir, DREADFORGE_PLUGIN_MODULES="tests.slow_provider",
                             DREADFORGE_PLUGINS=str(ROOT / "tests" / "plugins.slow.toml"),
                             SLOW_STEPS="120")
        proc, base = start_site(env)
        try:
            print(f"idle feed: median {feed_ms(base)[0]:.0f} ms")
            long_polls(base)
            registrations(base)
        finally:
            stop_site(proc)
    with tempfile.TemporaryDirectory() as data_dir:
        proc, base = start_site(standalone_env(data_dir, REDIS_URL="redis://127.0.0.1:9/0"),
                                "--workers", "0")
        try:
            redis_down(base)
        finally:
            stop_site(proc)
    print("load average:", open("/proc/loadavg").read().split()[:3])


if __name__ == "__main__":
    main()
