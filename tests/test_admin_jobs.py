"""The admin panel's Jobs tab (issue 43): queues with their depth and the workers serving them,
jobs with reason and owner, Retry and Cancel; and a waiting job that says no worker serves its
queue. Real Redis, real `dreadforge worker` processes."""
import datetime as dt
import time
import uuid

import pytest

from tests.conftest import start_worker, stop_worker
from tests.test_jobs import FORM
from tests.test_videos_api import make_video

NO_WORKER = ("Waiting for a worker: no worker is serving the videos queue right now "
             "(the site's admins see this in their Jobs panel)")


@pytest.fixture
def lonely_queue(monkeypatch, queue_env):
    """A queue prefix of this test's own: no worker serves it until the test starts one."""
    prefix = f"{queue_env['DREADFORGE_QUEUE_PREFIX']}lonely-{uuid.uuid4().hex[:6]}-"
    monkeypatch.setenv("DREADFORGE_QUEUE_PREFIX", prefix)
    return {**queue_env, "DREADFORGE_QUEUE_PREFIX": prefix}


def queue(listing, name):
    return next(q for q in listing["queues"] if q["name"] == name)


def job_of(listing, job_id):
    return next(j for j in listing["jobs"] if j["id"] == job_id)


def test_only_admins_see_and_manage_jobs(users, make_client):
    client, _ = users.signed_in()
    job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
    visitor = make_client()
    for call in (lambda c: c.get("/api/admin/jobs"),
                 lambda c: c.post(f"/api/admin/jobs/{job_id}/retry"),
                 lambda c: c.post(f"/api/admin/jobs/{job_id}/cancel")):
        assert call(visitor).status_code == 401
        answer = call(client)
        assert answer.status_code == 403
        assert answer.get_json()["message"] == (
            "You don't have permission to access the admin panel.")


def test_a_render_with_no_worker_says_so_and_an_admin_cancels_and_retries_it(
        users, app, lonely_queue, env):
    admin, _ = users.signed_in(role="admin")
    client, author = users.signed_in(first_name="Ida", last_name="Crane")
    video = make_video(client, title="Nobody renders me")
    assert client.post(f"/api/videos/{video['id']}/generate").status_code == 202

    # the video page and the job say that no worker serves the queue
    waiting = client.get(f"/api/videos/{video['id']}").get_json()
    assert waiting["status"] == "processing" and waiting["progressMessage"] == NO_WORKER
    listing = admin.get("/api/admin/jobs").get_json()
    videos = queue(listing, "videos")
    assert videos["depth"] == 1 and videos["workers"] == [] and videos["noWorker"] is True
    [job] = [j for j in listing["jobs"] if j["videoId"] == video["id"]]
    assert job["status"] == "queued" and job["noWorker"] is True
    assert job["description"] == f"render video {video['id']}"
    assert job["owner"]["email"] == author["email"] and job["owner"]["firstName"] == "Ida"
    assert job["otherQueue"] is False
    status = client.get(f"/api/jobs/{job['id']}").get_json()
    assert status["noWorker"] is True and status["message"] == NO_WORKER

    # Cancel: the job and the video fail with the reason; a second cancel is a conflict
    cancelled = admin.post(f"/api/admin/jobs/{job['id']}/cancel")
    assert cancelled.status_code == 200, cancelled.get_json()
    assert cancelled.get_json()["status"] == "failed"
    assert cancelled.get_json()["error"] == "Cancelled by an admin."
    failed = client.get(f"/api/videos/{video['id']}").get_json()
    assert (failed["status"], failed["error"]) == ("failed", "Cancelled by an admin.")
    assert queue(admin.get("/api/admin/jobs").get_json(), "videos")["depth"] == 0
    again = admin.post(f"/api/admin/jobs/{job['id']}/cancel")
    assert again.status_code == 409
    assert again.get_json()["message"] == "The job is not queued or running."
    failed_row = job_of(admin.get("/api/admin/jobs").get_json(), job["id"])
    assert failed_row["status"] == "failed" and failed_row["error"] == "Cancelled by an admin."

    # Retry: the same job waits again, the video is back to processing; a worker renders it
    retried = admin.post(f"/api/admin/jobs/{job['id']}/retry")
    assert retried.status_code == 200, retried.get_json()
    assert retried.get_json()["status"] == "queued" and retried.get_json()["retries"] == 1
    assert retried.get_json()["error"] is None
    assert client.get(f"/api/videos/{video['id']}").get_json()["status"] == "processing"
    assert admin.post(f"/api/admin/jobs/{job['id']}/retry").status_code == 409  # not failed
    assert admin.post("/api/admin/jobs/nope/retry").status_code == 404
    assert admin.post("/api/admin/jobs/nope/cancel").status_code == 404

    proc = start_worker(env, lonely_queue, DREADFORGE_PLUGIN_MODULES="tests.fake_video_provider",
                        DREADFORGE_PLUGINS=str(env.app.config["PLUGINS_FILE"].parent
                                               / "plugins.fake-video.toml"))
    try:
        listing = admin.get("/api/admin/jobs").get_json()
        [worker] = queue(listing, "videos")["workers"]
        assert worker["alive"] is True and worker["pid"] == proc.pid
        seen = dt.datetime.fromisoformat(worker["lastSeen"])
        assert abs((dt.datetime.now(dt.UTC) - seen).total_seconds()) < 30
        assert queue(listing, "videos")["noWorker"] is False
        deadline = time.time() + 30
        while client.get(f"/api/videos/{video['id']}").get_json()["status"] != "completed":
            assert time.time() < deadline, "the retried render did not complete"
            time.sleep(0.2)
    finally:
        stop_worker(proc)
    # a worker that stopped no longer serves the queue
    assert queue(admin.get("/api/admin/jobs").get_json(), "videos")["workers"] == []


def test_a_running_job_is_cancelled_on_its_worker(users, app, lonely_queue, env):
    from tests.conftest import ROOT
    admin, _ = users.signed_in(role="admin")
    client, _ = users.signed_in()
    proc = start_worker(env, lonely_queue, DREADFORGE_PLUGINS=str(ROOT / "tests/plugins.slow.toml"),
                        DREADFORGE_PLUGIN_MODULES="tests.slow_provider", SLOW_STEPS="200")
    try:
        job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
        deadline = time.time() + 20
        while client.get(f"/api/jobs/{job_id}").get_json()["status"] != "processing":
            assert time.time() < deadline
            time.sleep(0.1)
        listing = admin.get("/api/admin/jobs").get_json()
        assert job_of(listing, job_id)["status"] == "processing"
        assert admin.post(f"/api/admin/jobs/{job_id}/cancel").status_code == 200
        from rq.job import Job as RQJob

        from core import job_queues
        rq_job = RQJob.fetch(job_id, connection=job_queues.connection())
        deadline = time.time() + 15
        while rq_job.get_status(refresh=True) == "started":  # its work horse was stopped
            assert time.time() < deadline
            time.sleep(0.1)
        job = client.get(f"/api/jobs/{job_id}").get_json()
        assert (job["status"], job["error"]) == ("failed", "Cancelled by an admin.")
        # the worker lives on and takes the next job
        other = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
        deadline = time.time() + 20
        while client.get(f"/api/jobs/{other}").get_json()["status"] != "processing":
            assert time.time() < deadline
            time.sleep(0.1)
    finally:
        stop_worker(proc)
