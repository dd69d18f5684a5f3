"""The story engine through the API and a real worker: the requested length and the plan in the job."""
import time

FORM = {"genre": "Cosmic Horror", "mood": ["Eerie"], "setting": "the lighthouse on Raven Point",
        "characters": "Elena, Tom", "intensity": 6, "narrativePerspective": "Third Person",
        "pacing": "Moderate", "customPrompt": "", "suggestedTitle": "",
        "keyElements": "a music box, a brass telescope", "plotTwist": "the keeper had been dead for years",
        "timeOfDay": "Midnight", "weatherCondition": "Foggy", "protagonist": "Elena", "antagonist": ""}


def finished(client, job_id, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        job = client.get(f"/api/jobs/{job_id}").get_json()
        if job["status"] in ("completed", "failed"):
            return job
        time.sleep(0.1)
    raise AssertionError(f"job stuck: {job}")


def test_story_is_within_ten_percent_of_the_requested_number_and_carries_its_plan(users, worker):
    client, _ = users.signed_in()
    jobs = {words: client.post("/api/stories/generate", json={**FORM, "storyLength": words}).get_json()["jobId"]
            for words in (100, 300, 1000, 3000)}
    for words, job_id in jobs.items():
        job = finished(client, job_id)
        assert job["status"] == "completed", job
        result = job["result"]
        assert abs(len(result["content"].split()) - words) <= words * 0.10, (words, len(result["content"].split()))
        plan = result["plan"]
        assert plan["title"] == result["title"]
        assert [c["name"] for c in plan["cast"] if c["role"] == "protagonist"] == ["Elena"]
        assert sum(beat["words"] for beat in plan["beats"]) == words
        assert plan["beats"][0]["kind"] == "hook" and plan["beats"][-1]["kind"] == "aftermath"
        assert plan["twist"]["reveal"] == "the keeper had been dead for years"
        assert len(plan["twist"]["clues"]) >= 2
