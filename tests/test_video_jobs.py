"""The render job through a real `dreadforge worker` on real Redis: pending -> processing ->
completed | failed, progress mirrored onto the video, render errors, job timeouts, a worker killed
mid-render, and regeneration that keeps the old file when it fails.

Most tests run a worker whose video provider is a tiny fake (registered as a plugin through
``create_app``'s ``EXTRA_PLUGINS``): it reads what the title asks of it (``FAIL``, ``CRASH``,
``SLOW``) and records what the Video row looked like while it rendered. One test (marked slow)
renders a real video with the offline renderer.
"""
import json
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, kill_worker, start_worker, stop_worker
from tests.test_videos_api import make_story, make_video

FAKE_PLUGINS_TOML = ROOT / "tests" / "plugins.fake-video.toml"


@pytest.fixture(scope="module")
def fake_workers(env, queue_env):
    """One fake-provider worker per backend, on its own queue prefix; restarted if killed."""
    prefix = f"{queue_env['DREADFORGE_QUEUE_PREFIX']}fake-{env.backend}-"
    state = {"proc": None, "prefix": prefix}

    def ensure():
        if state["proc"] is None or state["proc"].poll() is not None:
            state["proc"] = start_worker(
                env, queue_env, DREADFORGE_QUEUE_PREFIX=prefix,
                DREADFORGE_PLUGIN_MODULES="tests.fake_video_provider",
                DREADFORGE_PLUGINS=str(FAKE_PLUGINS_TOML))
        return state["proc"]

    state["ensure"] = ensure
    yield state
    if state["proc"] is not None:
        stop_worker(state["proc"])
    from rq import Queue

    from core.jobs import connection
    Queue(f"{prefix}videos", connection=connection(queue_env["REDIS_URL"])).empty()


@pytest.fixture
def fake_worker(fake_workers, monkeypatch, app):
    """The fake worker, with this test's renders enqueued on its queues."""
    proc = fake_workers["ensure"]()
    monkeypatch.setenv("DREADFORGE_QUEUE_PREFIX", fake_workers["prefix"])
    return proc


# --- helpers -------------------------------------------------------------------------------------


def wait_for_video(client, video_id, until=("completed", "failed"), timeout=30, check=None):
    deadline = time.time() + timeout
    while True:
        video = client.get(f"/api/videos/{video_id}").get_json()
        if video["status"] in until and (check is None or check(video)):
            return video
        if time.time() > deadline:
            raise AssertionError(f"video still {video['status']}: {video}")
        time.sleep(0.1)


def render_dir(app, video_id, job_id):
    return Path(app.config["MEDIA_DIR"]) / "videos" / str(video_id) / job_id


def job_id_of(app, video_id):
    from core.db import database
    from core.models import Video
    with app.app_context():
        database.connect(reuse_if_open=True)
        return Video.get_by_id(video_id).job_id


# --- the tests -----------------------------------------------------------------------------------


def test_generate_renders_from_the_story_with_progress_on_the_video(users, app, fake_worker):
    client, _ = users.signed_in()
    story = make_story(client)
    video = make_video(client, creationMode="from_story", storyId=story["id"], title="Hollow",
                       frameRate=24, duration=45)
    response = client.post(f"/api/videos/{video['id']}/generate")
    assert response.status_code == 202 and response.get_json()["status"] == "processing"
    done = wait_for_video(client, video["id"])
    assert done["status"] == "completed", done
    assert done["progress"] == 100 and done["progressMessage"] == "Completed"
    assert done["error"] is None
    job_id = job_id_of(app, video["id"])
    observed = json.loads((render_dir(app, video["id"], job_id) / "observed.json").read_text())
    # the script is the story's text, and the render settings are the video's
    assert observed["paragraphs"] == ["The door opened.", "Nobody was there."]
    assert observed["request"]["frame_rate"] == 24 and observed["request"]["duration"] == 45
    assert observed["request"]["title"] == "Hollow"
    # while rendering, the video row carried the job's progress and stage
    seen = observed["seen"]
    assert all(status == "processing" for status, _, _ in seen)
    assert seen[0][2] == "Writing script"
    assert [message for _, _, message in seen[1:]] == ["Recording narration", "Painting scenes",
                                                       "Encoding video", "Finishing"]
    progress = [percent for _, percent, _ in seen]
    assert progress == sorted(progress) and 0 < progress[0] and progress[-1] < 100
    # the files are served from the new render
    media = client.get(done["videoUrl"])
    assert media.status_code == 200 and media.data.endswith(b"FAKE:Hollow")
    assert client.get(done["posterUrl"]).mimetype == "image/jpeg"
    assert "The door opened." in client.get(done["subtitlesUrl"]).get_data(as_text=True)
    assert f"/{job_id[:12]}" not in done["videoUrl"] and f"v={job_id[:12]}" in done["videoUrl"]
    job = client.get(f"/api/jobs/{job_id}").get_json()
    assert job["status"] == "completed" and job["result"]["videoId"] == video["id"]
    assert client.post(f"/api/videos/{video['id']}/generate").status_code == 409
    check_direct_mode_script(client, app)


def check_direct_mode_script(client, app):
    """Direct mode: the script comes from the story provider, and is kept."""
    video = make_video(client, title="Lamp")  # direct, no text of its own
    assert video["content"] == ""
    client.post(f"/api/videos/{video['id']}/generate")
    done = wait_for_video(client, video["id"])
    assert done["status"] == "completed", done
    assert done["content"]  # the script was written and kept
    observed = json.loads((render_dir(app, video["id"], job_id_of(app, video["id"]))
                           / "observed.json").read_text())
    from core.services.video_render import script_paragraphs
    assert observed["paragraphs"] == script_paragraphs(done["content"])


def test_render_errors_leave_the_video_failed_with_a_reason(users, app, fake_worker):
    client, _ = users.signed_in()
    refused = make_video(client, title="FAIL please")
    crashed = make_video(client, title="CRASH please")
    unplugged = make_video(client, title="UNPLUGGED please")
    for video in (refused, crashed, unplugged):
        assert client.post(f"/api/videos/{video['id']}/generate").status_code == 202
    failed = wait_for_video(client, refused["id"])
    assert failed["status"] == "failed"
    assert failed["error"] == "The fake renderer refused 'FAIL please'"
    assert failed["videoUrl"] is None and failed["downloadUrl"] is None
    assert failed["progressMessage"] == "Failed"
    assert not render_dir(app, refused["id"], job_id_of(app, refused["id"])).exists()
    crash = wait_for_video(client, crashed["id"])
    assert crash["status"] == "failed"
    # what the exception said stays in the worker's log: people read a plain sentence
    assert crash["error"] == "Something went wrong during rendering. Please try again."
    lost = wait_for_video(client, unplugged["id"])  # not "ConnectionError: … queue.sock"
    assert lost["error"] == "The server restarted during rendering. Please try again."
    # failed -> generate again, this time with a title the renderer accepts
    client.patch(f"/api/videos/{refused['id']}", json={"title": "Fixed"})
    assert client.post(f"/api/videos/{refused['id']}/generate").status_code == 202
    fixed = wait_for_video(client, refused["id"])
    assert fixed["status"] == "completed" and fixed["error"] is None


def test_regenerate_swaps_in_only_a_successful_render(users, app, fake_worker):
    client, _ = users.signed_in()
    video = make_video(client, title="First cut")
    client.post(f"/api/videos/{video['id']}/generate")
    first = wait_for_video(client, video["id"])
    first_job = job_id_of(app, video["id"])
    assert first["status"] == "completed"

    # a failed regeneration keeps the previous video playable
    response = client.post(f"/api/videos/{video['id']}/regenerate",
                           json={"title": "FAIL second cut", "duration": 30})
    assert response.status_code == 202
    assert response.get_json()["status"] == "processing"
    assert response.get_json()["videoUrl"] == first["videoUrl"]  # still served while rendering
    second_job = job_id_of(app, video["id"])
    after = wait_for_video(client, video["id"], check=lambda v: v["error"] is not None)
    assert after["status"] == "completed"
    assert after["error"] == ("Regeneration failed: The fake renderer refused 'FAIL second cut' "
                              "The previous video is kept.")
    assert after["title"] == "FAIL second cut" and after["duration"] == 30  # settings saved
    assert after["videoUrl"] == first["videoUrl"]
    assert client.get(after["videoUrl"]).data.endswith(b"FAKE:First cut")
    assert render_dir(app, video["id"], first_job).exists()
    assert not render_dir(app, video["id"], second_job).exists()
    assert client.get(f"/api/jobs/{second_job}").get_json()["status"] == "failed"

    # a successful regeneration replaces the file and removes the old one
    response = client.post(f"/api/videos/{video['id']}/regenerate", json={"title": "Third cut"})
    assert response.status_code == 202
    third = wait_for_video(client, video["id"], check=lambda v: v["title"] == "Third cut")
    assert third["status"] == "completed" and third["error"] is None
    assert third["videoUrl"] != first["videoUrl"]
    assert client.get(third["videoUrl"]).data.endswith(b"FAKE:Third cut")
    assert not render_dir(app, video["id"], first_job).exists()


def test_a_job_timeout_leaves_the_video_failed(users, app, fake_worker, monkeypatch):
    monkeypatch.setitem(app.config, "JOB_TIMEOUT_VIDEO", 2)
    client, _ = users.signed_in()
    video = make_video(client, title="SLOW burn")
    client.post(f"/api/videos/{video['id']}/generate")
    failed = wait_for_video(client, video["id"], timeout=30)
    assert failed["status"] == "failed"
    assert failed["error"] == "The render took longer than 2 seconds and was stopped."
    assert not render_dir(app, video["id"], job_id_of(app, video["id"])).exists()


def test_a_worker_killed_mid_render_leaves_the_video_failed(users, app, fake_worker):
    client, _ = users.signed_in()
    video = make_video(client, title="SLOW and doomed")
    client.post(f"/api/videos/{video['id']}/generate")
    rendering = wait_for_video(client, video["id"], until=("processing",),
                               check=lambda v: v["progressMessage"] == "Encoding video")
    assert 0 < rendering["progress"] < 100
    kill_worker(fake_worker)
    started = time.time()
    failed = wait_for_video(client, video["id"], timeout=45)
    assert failed["status"] == "failed", failed
    assert failed["error"] == "The worker running this job stopped unexpectedly. Please try again."
    assert time.time() - started < 40
    job_id = job_id_of(app, video["id"])
    assert client.get(f"/api/jobs/{job_id}").get_json()["status"] == "failed"
    assert not render_dir(app, video["id"], job_id).exists()
    assert client.post(f"/api/videos/{video['id']}/generate").status_code == 202  # may retry


@pytest.fixture
def sqlite_only(env):
    if env.backend != "sqlite":
        pytest.skip("renders once, on SQLite (the fake-provider tests cover both databases)")


@pytest.mark.slow
def test_the_offline_renderer_makes_a_real_video(sqlite_only, users, app, worker):
    """End to end with the real local provider: a 10 s 720p video, poster and subtitles."""
    client, _ = users.signed_in()
    video = make_video(client, title="The Keeper", resolution="720p", frameRate=24,
                       aspectRatio="16:9", content="The lamp went dark.\n\nSomething climbed.")
    client.patch(f"/api/videos/{video['id']}", json={"duration": 10})
    client.post(f"/api/videos/{video['id']}/generate")
    done = wait_for_video(client, video["id"], timeout=120)
    assert done["status"] == "completed", done
    assert done["renderHeight"] == 720
    media = client.get(done["videoUrl"])
    assert media.status_code == 200 and media.data[4:8] == b"ftyp"
    part = client.get(done["videoUrl"], headers={"Range": "bytes=0-99"})
    assert part.status_code == 206 and part.data == media.data[:100]
    assert client.get(done["posterUrl"]).data[:2] == b"\xff\xd8"
    assert client.get(done["subtitlesUrl"]).get_data(as_text=True).startswith("WEBVTT")


def lose(job_id):
    """What a Redis that restarted empty does to a job: its RQ job, its place on the queue and
    its worker's heartbeat are gone."""
    from rq.job import Job as RQJob

    from core import job_queues
    conn = job_queues.connection()
    for queue in conn.keys(f"rq:queue:{job_queues.queue_prefix()}*"):
        conn.lrem(queue, 0, job_id)
    conn.delete(f"rq:job:{job_id}", f"dreadforge:alive:{job_id}")
    assert not RQJob.exists(job_id, connection=conn)


def test_a_render_the_queue_lost_runs_again_once(users, app, fake_workers, fake_worker, caplog):
    """Issue 43: a render lost by the queue (its worker gone with it) while nothing of it was
    published is put on the queue again by itself, once; lost again, the video fails."""
    import logging

    from core.db import database
    from core.models import Job, Video
    caplog.set_level(logging.WARNING, logger="core.jobs")
    client, _ = users.signed_in()
    running = make_video(client, title="SLOW and lost")
    waiting = make_video(client, title="Lost twice")
    client.post(f"/api/videos/{running['id']}/generate")
    wait_for_video(client, running["id"], until=("processing",),
                   check=lambda v: v["progressMessage"] == "Encoding video")
    client.post(f"/api/videos/{waiting['id']}/generate")  # behind it, on the one worker
    first, second = job_id_of(app, running["id"]), job_id_of(app, waiting["id"])
    kill_worker(fake_worker)
    assert render_dir(app, running["id"], first).exists()  # what the lost run had written
    lose(first)
    lose(second)

    again = client.get(f"/api/videos/{running['id']}").get_json()
    assert again["status"] == "processing" and again["progress"] == 0, again
    assert again["progressMessage"].startswith("Waiting for a worker"), again
    assert not render_dir(app, running["id"], first).exists()
    job = client.get(f"/api/jobs/{first}").get_json()
    assert job["status"] == "queued" and job["error"] is None
    assert f"job {first} (video.render, render video {running['id']}) put on the queue again " \
           "(retry 1): the queue lost it" in caplog.text

    assert client.get(f"/api/videos/{waiting['id']}").get_json()["status"] == "processing"
    lose(second)  # a second time: no more retries
    failed = client.get(f"/api/videos/{waiting['id']}").get_json()
    assert failed["status"] == "failed"
    assert failed["error"] == "The job was lost by the queue. Please try again."
    assert f"job {second} (video.render, render video {waiting['id']}) reaped: The job was " \
           "lost by the queue." in caplog.text

    with app.app_context():  # the retried render runs (quickly, this time)
        database.connect(reuse_if_open=True)
        Video.update(title="Found again").where(Video.id == running["id"]).execute()
    fake_workers["ensure"]()
    done = wait_for_video(client, running["id"])
    assert done["status"] == "completed" and done["error"] is None, done
    assert client.get(done["videoUrl"]).data.endswith(b"FAKE:Found again")
    with app.app_context():
        database.connect(reuse_if_open=True)
        row = Job.get_by_id(first)
        assert (row.status, row.retries) == ("completed", 1)
