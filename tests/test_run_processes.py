"""`dreadforge run` as a user runs it: its processes, how they stop, which worker runs what, and
that it starts again a worker or embedded queue that died."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.conftest import ROOT
from tests.helpers import SiteClient, free_port, standalone_env, start_site, stop_site, wait_until
from tests.test_jobs import FORM
from tests.test_videos_api import DIRECT


def processes_mentioning(text):
    found = []
    for process in psutil.process_iter(["cmdline"]):
        try:
            if any(text in part for part in process.info["cmdline"] or ()):
                found.append(process)
        except psutil.NoSuchProcess:
            pass
    return found


def test_wrong_plugins_toml_leaves_no_process_behind(tmp_path):
    bad = tmp_path / "plugins.toml"
    bad.write_text('[story]\nprovider = "nonesuch"\n')
    result = subprocess.run([sys.executable, "-m", "cli", "run", "--port", str(free_port())],
                            cwd=ROOT, env=standalone_env(tmp_path, DREADFORGE_PLUGINS=str(bad)),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "unknown provider 'nonesuch'" in result.stderr
    time.sleep(0.5)
    assert processes_mentioning(str(tmp_path)) == []  # e.g. the embedded queue on its socket


def test_ctrl_c_stops_web_processes_workers_and_queue_without_a_traceback(tmp_path):
    proc, _base = start_site(standalone_env(tmp_path))

    def web_processes():  # forked by gunicorn: the same command line; the site answers after one
        return [p for p in psutil.Process(proc.pid).children(recursive=True)
                if "run" in p.cmdline()]
    wait_until(lambda: len(web_processes()) == os.cpu_count())  # every core serves
    family = psutil.Process(proc.pid).children(recursive=True)
    assert len(family) >= 3  # the web workers, the job worker(s), the queue server
    os.killpg(proc.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
    try:
        proc.wait(timeout=40)
    finally:
        stop_site(proc)
    _gone, alive = psutil.wait_procs(family, timeout=5)
    assert alive == []
    output = (tmp_path / "site.log").read_text()
    assert "Traceback" not in output, output[-3000:]


@pytest.fixture
def site_with_slow_renders(tmp_path):
    env = standalone_env(tmp_path, DREADFORGE_PLUGIN_MODULES="tests.fake_video_provider",
                         DREADFORGE_PLUGINS=str(ROOT / "tests" / "plugins.fake-video.toml"))
    proc, base = start_site(env)
    yield base
    stop_site(proc)


def test_a_story_does_not_wait_behind_a_render(site_with_slow_renders):
    """Issue 16 item 3: the default `dreadforge run` has a worker for short jobs of its own."""
    user = SiteClient(site_with_slow_renders)
    user.call("GET", "/api/auth/user")  # (the CSRF cookie)
    assert user.call("POST", "/api/auth/register", {
        "email": "maker@example.com", "password": "long enough", "firstName": "Mara"})[0] == 201
    videos = []
    for title in ("SLOW one", "SLOW two"):
        status, video = user.call("POST", "/api/videos", {**DIRECT, "title": title})
        assert status == 201, video
        videos.append(video)
    assert user.call("POST", f"/api/videos/{videos[0]['id']}/generate")[0] == 202
    wait_until(lambda: user.call("GET", f"/api/videos/{videos[0]['id']}")[1]["progress"] >= 20)
    assert user.call("POST", f"/api/videos/{videos[1]['id']}/generate")[0] == 202
    # the second render waits, and says for what
    status, second = user.call("GET", f"/api/videos/{videos[1]['id']}")
    assert second["progressMessage"].startswith(
        "Waiting for a worker: 1 video render ahead, about "), second
    # a story is written meanwhile (the render occupies the video worker for a minute)
    status, story = user.call("POST", "/api/stories/generate?wait=25", FORM)
    assert status == 200, story
    assert story["content"]
    assert user.call("GET", f"/api/videos/{videos[0]['id']}")[1]["status"] == "processing"


def signed_in(base):
    user = SiteClient(base)
    user.call("GET", "/api/auth/user")  # (the CSRF cookie)
    assert user.call("POST", "/api/auth/register", {
        "email": "maker@example.com", "password": "long enough", "firstName": "Mara"})[0] == 201
    return user


def test_an_idle_worker_keeps_waiting_for_jobs_without_errors(tmp_path):
    """redis-py 8 reads for 5 s by default: each idle worker's wait for a job was cut short every
    few seconds, logged as "could not connect to Redis instance: Timeout reading from socket", and
    the worker then paused up to 4 s before listening again (a story enqueued then waited)."""
    proc, base = start_site(standalone_env(tmp_path))
    try:
        user = signed_in(base)
        time.sleep(12)  # idle: past redis-py's 5 s, twice
        started = time.monotonic()
        status, story = user.call("POST", "/api/stories/generate?wait=25", FORM)
        assert status == 200, story
        assert time.monotonic() - started < 4  # no worker pausing after an error
    finally:
        stop_site(proc)
    log = (tmp_path / "site.log").read_text()
    assert "could not connect to Redis" not in log and "Timeout reading" not in log, log[-2000:]


def job_workers_of(proc, queues):
    return [p for p in psutil.Process(proc.pid).children()
            if p.cmdline()[-2:] == ["--queues", queues]]


def test_a_killed_video_worker_is_started_again_and_the_next_render_completes(tmp_path):
    """Issue 44 item 2: `dreadforge run` watches its job workers; one that dies is started
    again (after a pause, with a log line) and takes the renders that waited meanwhile."""
    env = standalone_env(tmp_path, DREADFORGE_PLUGIN_MODULES="tests.fake_video_provider",
                         DREADFORGE_PLUGINS=str(ROOT / "tests" / "plugins.fake-video.toml"))
    proc, base = start_site(env)
    try:
        wait_until(lambda: len(job_workers_of(proc, "videos")) == 1)
        victim = job_workers_of(proc, "videos")[0]
        user = signed_in(base)
        status, video = user.call("POST", "/api/videos", {**DIRECT, "title": "After the kill"})
        assert status == 201, video

        killed_at = time.monotonic()
        victim.kill()
        # the next render, asked for at once: it waits for the worker started in its place
        assert user.call("POST", f"/api/videos/{video['id']}/generate")[0] == 202
        wait_until(lambda: user.call("GET", f"/api/videos/{video['id']}")[1]["status"]
                   in ("completed", "failed"), timeout=60)
        recovered = time.monotonic() - killed_at
        done = user.call("GET", f"/api/videos/{video['id']}")[1]
        assert done["status"] == "completed", done
        print(f"killed the video worker; the next render completed {recovered:.1f} s later")
        assert [p.pid for p in job_workers_of(proc, "videos")] != [victim.pid]
        log = (tmp_path / "site.log").read_text()
        death = next(line for line in log.splitlines()
                     if line.startswith(f"site: the video worker (pid {victim.pid}) "))
        assert "; starting it again in 1 s (death 1 in a row)" in death, death
        assert "site: the video worker started again (pid " in log
    finally:
        stop_site(proc)


def test_a_killed_embedded_queue_is_started_again_and_stories_are_written(tmp_path):
    """Issue 44 item 2: the embedded queue too; the workers find it again on their own."""
    proc, base = start_site(standalone_env(tmp_path))
    try:
        queue = next(p for p in psutil.Process(proc.pid).children()
                     if "redis-server" in p.cmdline()[0])
        queue.kill()
        log = tmp_path / "site.log"
        wait_until(lambda: "site: the embedded queue started again (pid " in log.read_text())
        assert f"site: the embedded queue (pid {queue.pid}) " in log.read_text()
        user = signed_in(base)
        status, story = user.call("POST", "/api/stories/generate?wait=25", FORM)
        assert status == 200, story
        assert story["content"]
    finally:
        stop_site(proc)


@pytest.mark.parametrize("command, shared", [
    ("run", {"DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none"}),
    ("run", {"REDIS_URL": "redis://127.0.0.1:1/0"}),
    ("worker", {"REDIS_URL": "redis://127.0.0.1:1/0"}),
    ("worker", {"REDIS_URL": "redis://127.0.0.1:1/0",
                "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none"}),
])
def test_run_and_worker_of_a_site_that_may_span_machines_need_secret_key(tmp_path, command,
                                                                         shared):
    """Issue 43 item 4: each machine would otherwise generate a key of its own, and sign its
    users out on the others; the command says so in one line and starts nothing."""
    env = standalone_env(tmp_path, **shared)
    env.pop("SECRET_KEY", None)
    result = subprocess.run([sys.executable, "-m", "cli", command], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    names = " and ".join(name for name in ("DATABASE_URL", "REDIS_URL") if name in shared)
    assert result.stderr.splitlines() == [
        f"Error: SECRET_KEY is not set: with {names} set, every machine of the site must sign "
        "sessions with the same key; set SECRET_KEY (e.g. to the output of `python -c 'import "
        "secrets; print(secrets.token_hex(32))'`) on each"], result.stderr
    assert not (tmp_path / "secret_key").exists()
    assert processes_mentioning(str(tmp_path)) == []


def test_the_control_socket_is_the_sites_own(tmp_path):
    """Issue 43 item 4: gunicorn's control socket lives in the data folder, not in
    ~/.gunicorn/gunicorn.ctl (shared by every site of the user; the first to stop deleted it)."""
    home = tmp_path / "home"
    home.mkdir()
    env = standalone_env(tmp_path / "data", HOME=str(home))
    env.pop("XDG_RUNTIME_DIR", None)
    (tmp_path / "data").mkdir()
    proc, _base = start_site(env, "--processes", "2", "--workers", "0")
    control = tmp_path / "data" / "gunicorn.ctl"
    try:
        wait_until(control.exists)
        result = subprocess.run([str(Path(sys.executable).parent / "gunicornc"), "-s",
                                 str(control), "-c", "show workers", "-j"],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, result.stderr
        assert len(json.loads(result.stdout)["workers"]) == 2, result.stdout
        assert not (home / ".gunicorn").exists()
    finally:
        stop_site(proc)
    assert not control.exists()
