"""`dreadforge run` as a user runs it: its processes, how they stop, and which worker runs what."""
import os
import signal
import subprocess
import sys
import time

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
