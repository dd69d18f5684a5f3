"""Story jobs through a real RQ worker on the real Redis: progress, results, failures, dead workers."""
import os
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, kill_worker, start_worker, stop_worker

FORM = {"genre": "Gothic Horror", "mood": ["Eerie"], "setting": "a drowned chapel",
        "characters": "Ada, Silas", "intensity": 7, "storyLength": "short",
        "narrativePerspective": "First Person", "pacing": "Slow Burn", "customPrompt": "",
        "suggestedTitle": "", "keyElements": "a bell", "timeOfDay": "Midnight",
        "weatherCondition": "Foggy", "protagonist": "Ada", "antagonist": "The Choir"}


def poll(client, job_id, until=("completed", "failed"), timeout=30):
    deadline = time.time() + timeout
    seen = []
    while time.time() < deadline:
        job = client.get(f"/api/jobs/{job_id}").get_json()
        seen.append(job["progress"])
        if job["status"] in until:
            return job, seen
        time.sleep(0.1)
    raise AssertionError(f"job stuck: {job}")


@pytest.fixture
def slow_worker(env, queue_env):
    proc = start_worker(env, queue_env, DREADFORGE_PLUGINS=str(ROOT / "tests/plugins.slow.toml"),
                        DREADFORGE_PLUGIN_MODULES="tests.slow_provider")
    yield proc
    stop_worker(proc)


def test_generate_runs_on_the_worker_and_reports_progress(users, worker):
    client, _ = users.signed_in()
    response = client.post("/api/stories/generate", json=FORM)
    assert response.status_code == 202
    job_id = response.get_json()["jobId"]
    job, _ = poll(client, job_id)
    assert job["status"] == "completed", job
    assert job["progress"] == 100
    assert job["result"]["title"] and "Ada" in job["result"]["content"]


def test_wait_answers_with_the_story(users, worker):
    client, _ = users.signed_in()
    response = client.post("/api/stories/generate?wait=20", json=FORM)
    assert response.status_code == 200, response.get_json()
    assert set(response.get_json()) == {"title", "content", "plan", "writer"}
    assert response.get_json()["writer"] == "Offline engine"


def test_job_is_readable_by_its_owner_only(users, make_client):
    client, _ = users.signed_in()
    job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
    other, _ = users.signed_in()
    assert other.get(f"/api/jobs/{job_id}").status_code == 403
    cancel = other.post(f"/api/jobs/{job_id}/cancel")
    assert cancel.status_code == 403
    assert cancel.get_json()["message"] == "You can only cancel your own jobs"
    assert make_client().get(f"/api/jobs/{job_id}").status_code == 401
    assert client.get("/api/jobs/nope").status_code == 404


def test_generate_validation(users):
    client, _ = users.signed_in()
    response = client.post("/api/stories/generate", json={})
    assert response.status_code == 400
    errors = response.get_json()["errors"]
    assert errors == {"genre": ["Genre is required"], "mood": ["Mood is required"],
                      "setting": ["Setting is required"],
                      "characters": ["Characters are required"]}


def test_progress_rises_and_a_provider_error_fails_the_job_readably(users, slow_worker, env):
    os.environ["SLOW_STEPS"] = "8"
    client, _ = users.signed_in()
    job_id = client.post("/api/stories/generate", json={**FORM, "customPrompt": "fail"}).get_json()[
        "jobId"]
    job, seen = poll(client, job_id)
    assert job["status"] == "failed"
    assert job["error"] == "The slow provider refused this prompt."
    rising = [p for p in seen if 0 < p < 100]
    assert len(set(rising)) >= 3 and rising == sorted(rising)
    answer = client.post("/api/stories/generate?wait=10",
                         json={**FORM, "customPrompt": "fail"})
    assert answer.status_code == 502
    assert answer.get_json()["message"] == (
        "Generation Failed: The slow provider refused this prompt.")


def test_killed_worker_leaves_the_job_failed_not_processing(users, slow_worker):
    client, _ = users.signed_in()
    job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
    poll(client, job_id, until=("processing",))
    kill_worker(slow_worker)
    job, _ = poll(client, job_id, timeout=40)
    assert job["status"] == "failed"
    assert "stopped unexpectedly" in job["error"]


# --- one database, two queues (issue 43) ---------------------------------------------------------


def other_redis_db(url):
    """The same Redis server as ``url``, another db number."""
    base, _, db = url.rpartition("/")
    return f"{base}/{1 if db != '1' else 2}"


def test_a_worker_on_another_redis_leaves_this_queues_jobs_alone(users, env, queue_env, db):
    """Two real workers share the database: one on this run's Redis db, one (reaping every
    second) on another db number. The second used to fail the first's running job within
    seconds ("The job was lost by the queue"); now it reaps only its own queue's jobs."""
    from core import job_queues
    from core.models import Job, utcnow
    other_url = other_redis_db(queue_env["REDIS_URL"])
    here = start_worker(env, queue_env, DREADFORGE_PLUGINS=str(ROOT / "tests/plugins.slow.toml"),
                        DREADFORGE_PLUGIN_MODULES="tests.slow_provider", SLOW_STEPS="40")
    there = start_worker(env, queue_env, REDIS_URL=other_url, DREADFORGE_REAP_SECONDS="1")
    try:
        client, _ = users.signed_in()
        job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
        poll(client, job_id, until=("processing",))
        time.sleep(4)  # four of the other reaper's rounds
        assert Job.get_by_id(job_id).status == "processing"
        # a job of the other queue whose worker died: that queue's reaper fails it
        other_conn = job_queues.connection(other_url)
        orphan = Job.create(kind="story.generate", queue="stories", status="processing",
                            started_at=utcnow(), queue_ident=job_queues.queue_identity(other_conn))
        deadline = time.time() + 15
        while Job.get_by_id(orphan.id).status != "failed" and time.time() < deadline:
            time.sleep(0.2)
        assert Job.get_by_id(orphan.id).error == "The job was lost by the queue. Please try again."
        job, _ = poll(client, job_id, timeout=30)
        assert job["status"] == "completed" and job["error"] is None, job
        assert job["result"]["title"] == "Slow"
    finally:
        stop_worker(there)
        stop_worker(here)
    log = Path(there.log_path).read_text()
    assert f"job {orphan.id} (story.generate, generate story for user None) reaped: " \
           "The job was lost by the queue." in log
    assert job_id not in log


def test_a_job_failed_while_it_ran_is_not_marked_completed(users, slow_worker, db):
    """The worker's completion is written only while the row is still processing: a job failed
    meanwhile (by a reaper, an admin) keeps its reason."""
    from rq.job import Job as RQJob

    from core import job_queues
    from core.models import Job
    client, _ = users.signed_in()
    job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
    poll(client, job_id, until=("processing",))
    Job.update(status="failed", error="Reaped meanwhile.").where(Job.id == job_id).execute()
    rq_job = RQJob.fetch(job_id, connection=job_queues.connection())
    deadline = time.time() + 20
    while rq_job.get_status(refresh=True) not in ("finished", "failed") and time.time() < deadline:
        time.sleep(0.1)
    assert rq_job.get_status() == "finished"
    row = Job.get_by_id(job_id)
    assert (row.status, row.error, row.result) == ("failed", "Reaped meanwhile.", None)
    assert client.get(f"/api/jobs/{job_id}").get_json()["status"] == "failed"
    assert f"job {job_id} (story.generate) finished, but its row was no longer processing" in \
        Path(slow_worker.log_path).read_text()


def test_rq_jobs_are_named_by_what_they_do(users, app):
    from rq.job import Job as RQJob

    from core import job_queues
    client, user = users.signed_in()
    job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
    rq_job = RQJob.fetch(job_id, connection=job_queues.connection())
    assert rq_job.description == f"generate story for user {user['id']}"
