"""Prometheus metrics from a real multi-process `dreadforge run`, JSON log lines, and the request id
carried from a request to the job it enqueues (issue 43)."""
import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from core.testing import PASSWORD
from tests.helpers import SiteClient, start_site, stop_site, wait_until
from tests.test_faults import site_env
from tests.test_jobs import FORM

TOKEN = "scrape-me"
JOB_REQUEST_ID = "req-story-from-the-test"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    data = tmp_path_factory.mktemp("metrics")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (data / "metrics").mkdir()
    stale = data / "metrics" / f"counter_{dead}.db"  # left by a process of an earlier run
    stale.write_bytes(b"\0" * 8)
    env = site_env(data, DREADFORGE_METRICS="1", DREADFORGE_METRICS_TOKEN=TOKEN,
                   DREADFORGE_LOG_FORMAT="json")
    proc, base = start_site(env, "--processes", "2", "--workers", "1")
    try:
        yield base, data, stale
    finally:
        stop_site(proc)


def scrape(base, token=TOKEN):
    request = urllib.request.Request(base + "/metrics", headers={
        "Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def samples(text):
    """``{(name, frozenset(labels)): value}`` of a scrape."""
    return {(sample.name, frozenset(sample.labels.items())): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def value(found, name, **labels):
    return found.get((name, frozenset(labels.items())), 0)


def log_records(data):
    return [json.loads(line) for line in (Path(data) / "site.log").read_text().splitlines()
            if line.startswith("{")]


def test_requests_and_a_job_are_counted_across_the_processes(site):
    base, data, stale = site
    assert not stale.exists()  # the files of processes that no longer run: removed at start
    user = SiteClient(base)
    user.call("GET", "/api/auth/user")
    assert user.call("POST", "/api/auth/register", {
        "email": "mara@example.com", "password": PASSWORD, "firstName": "Mara"})[0] == 201
    for _ in range(20):
        assert SiteClient(base).call("GET", "/api/stories?limit=2")[0] == 200
    assert SiteClient(base).call("GET", "/api/stories/999999")[0] == 404
    user.opener.addheaders.append(("X-Request-ID", JOB_REQUEST_ID))
    status, story = user.call("POST", "/api/stories/generate?wait=25", FORM)
    assert status == 200, story

    assert scrape(base, token=None)[0] == 401
    assert scrape(base, token="wrong")[0] == 401
    wait_until(lambda: value(samples(scrape(base)[1]), "dreadforge_jobs_total", queue="stories",
                             kind="story.generate", outcome="completed") == 1)
    status, text = scrape(base)
    assert status == 200
    found = samples(text)
    assert value(found, "dreadforge_http_requests_total", route="/api/stories", method="GET",
                 status="200") == 20
    # by the URL rule, not the raw path
    assert value(found, "dreadforge_http_requests_total", route="/api/stories/<int:story_id>",
                 method="GET", status="404") == 1
    assert not any("999999" in str(labels) for _name, labels in found)
    assert value(found, "dreadforge_http_request_duration_seconds_count", route="/api/stories",
                 method="GET") == 20
    assert value(found, "dreadforge_http_request_duration_seconds_bucket", route="/api/stories",
                 method="GET", le="+Inf") == 20
    assert value(found, "dreadforge_job_duration_seconds_count", queue="stories",
                 kind="story.generate") == 1
    assert value(found, "dreadforge_queue_depth", queue="stories") == 0
    for queue in ("stories", "videos", "default"):  # `--workers 1`: one worker serves all
        assert value(found, "dreadforge_workers_alive", queue=queue) == 1
    # each web process writes its own file; a worker's jobs (forked work horses) one file
    files = sorted(path.name for path in (Path(data) / "metrics").glob("counter_*.db"))
    web = [name for name in files if re.fullmatch(r"counter_\d+\.db", name)]
    assert len(web) == 2, files
    assert len([name for name in files if name.endswith("-jobs.db")]) == 1, files

    # the worker logged the job (JSON) with the id of the request that enqueued it
    job_lines = [r for r in log_records(data) if r["logger"] == "dreadforge.jobs"]
    assert [r["request_id"] for r in job_lines] == [JOB_REQUEST_ID]
    assert re.fullmatch(r"job \w+ \(story\.generate, queue stories\) completed in [\d.]+ s",
                        job_lines[0]["message"])


def test_a_request_id_is_returned_logged_and_carried_into_its_job(site):
    base, data, _stale = site
    with urllib.request.urlopen(urllib.request.Request(
            base + "/api/stories?limit=1", headers={"X-Request-ID": "from-the-proxy-42"})) as r:
        assert r.headers["X-Request-ID"] == "from-the-proxy-42"
    with urllib.request.urlopen(base + "/api/stories?limit=1") as response:
        assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-ID"])
    with urllib.request.urlopen(urllib.request.Request(
            base + "/api/stories?limit=1", headers={"X-Request-ID": "bad id\tinside"})) as r:
        assert re.fullmatch(r"[0-9a-f]{32}", r.headers["X-Request-ID"])  # not a token: replaced

    wait_until(lambda: any(record["request_id"] == "from-the-proxy-42"
                           for record in log_records(data)))
    records = log_records(data)  # every JSON line parses
    access = [r for r in records if r["logger"] == "gunicorn.access"
              and "/api/stories?limit=1" in r["message"]]
    assert [r["request_id"] for r in access][:1] == ["from-the-proxy-42"]
    assert {"time", "level", "logger", "message", "request_id"} <= set(access[0])
