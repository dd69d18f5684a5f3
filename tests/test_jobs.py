"""Story jobs through a real RQ worker on the real Redis: progress, results, failures, dead workers."""
import os
import time

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
    assert set(response.get_json()) == {"title", "content", "plan"}


def test_job_is_readable_by_its_owner_only(users, make_client):
    client, _ = users.signed_in()
    job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
    other, _ = users.signed_in()
    assert other.get(f"/api/jobs/{job_id}").status_code == 403
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
