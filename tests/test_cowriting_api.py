"""Co-writing and the model one step away, through the API and a real worker on both databases:
``auto`` picks the writer, the story says which writer wrote it, the model's text is in the job
while it runs (``partial``), Cancel stops it, and Continue and Rewrite work on both writers (the
offline engine; a model behind the fake OpenAI-compatible server on a real socket)."""
import logging
import re
import time

import pytest

from core import paragraphs
from tests.conftest import start_worker, stop_worker
from tests.fakes.openai_server import FakeOpenAIServer, ok, trickle

FORM = {"genre": "Cosmic Horror", "mood": ["Ominous"], "setting": "a lighthouse on Raven Point",
        "characters": "Mara, the keeper", "storyLength": 200, "seed": 11}
STORY = ("Mara came up the cliff path at dusk with the lamp oil, and the wind off the sea pulled "
         "at her coat the whole way.\n\n"
         "The keeper's door stood open, and the stairs were wet though it had not rained. She "
         "called his name twice. Nobody answered, and the water on the steps ran upward.\n\n"
         "At the top the lamp was lit. Nobody had lit it. Below her, the keeper stood on the "
         "rocks, looking up, and he was smiling.")
SAVED = {"title": "The Lamp", "content": STORY, "genre": "Cosmic Horror", "mood": "Ominous"}


def model_config(tmp_path, server):
    config = tmp_path / "plugins.toml"
    config.write_text(f"""
[story]
provider = "openai"

[story.openai]
base_url = "{server.base_url}"
model = "fake-horror"
api_key_env = "FAKE_OPENAI_KEY"
max_retries = 0
timeout = 10
plan = "engine"
""")
    return config


@pytest.fixture
def fake_openai():
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture
def model_worker(env, queue_env, tmp_path, fake_openai):
    proc = start_worker(env, queue_env, DREADFORGE_PLUGINS=str(model_config(tmp_path, fake_openai)),
                        FAKE_OPENAI_KEY="sk-fake-key")
    yield proc
    stop_worker(proc)


def done(client, path, body):
    response = client.post(f"{path}?wait=25", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def poll(client, job_id, check, timeout=20):
    """GET the job until ``check(job)`` is true; the job as it was then."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        job = client.get(f"/api/jobs/{job_id}").get_json()
        if check(job):
            return job
        time.sleep(0.05)
    raise AssertionError(f"never seen: {job}")


# --- auto, and which writer wrote it -------------------------------------------------------------


def test_the_writer_auto_chose_is_logged_when_it_starts(tmp_path, monkeypatch, caplog):
    from core.plugins import PluginHost
    monkeypatch.setenv("DREADFORGE_DATA", str(tmp_path))  # no models folder
    host = PluginHost(config={"story": {}}, load_entrypoints=False)
    with caplog.at_level(logging.INFO, logger="core.plugins.factory"):
        host.story_provider()
        host.story_provider()
    assert caplog.messages == ["story provider: local (Offline engine), chosen by auto"]



def test_auto_with_no_model_pulled_writes_with_the_engine_and_the_story_keeps_its_writer(
        users, env, queue_env, tmp_path):
    config = tmp_path / "plugins.toml"
    config.write_text("[story]\n")  # provider left out: "auto"
    (tmp_path / "data" / "models").mkdir(parents=True)  # an empty models folder
    client, _ = users.signed_in()
    worker = start_worker(env, queue_env, DREADFORGE_PLUGINS=str(config),
                          DREADFORGE_DATA=str(tmp_path / "data"))
    try:
        written = done(client, "/api/stories/generate", FORM)
    finally:
        stop_worker(worker)
    assert written["writer"] == "Offline engine"

    saved = client.post("/api/stories", json={**SAVED, "content": written["content"],
                                               "writer": written["writer"]})
    assert saved.status_code == 201, saved.get_json()
    story_id = saved.get_json()["id"]
    assert saved.get_json()["writer"] == "Offline engine"
    assert client.get(f"/api/stories/{story_id}").get_json()["writer"] == "Offline engine"
    mine = client.get(f"/api/stories/user/{saved.get_json()['userId']}").get_json()
    assert mine[0]["writer"] == "Offline engine"
    by_hand = client.post("/api/stories", json=SAVED).get_json()
    assert by_hand["writer"] == ""
    edited = client.put(f"/api/stories/{story_id}", json={"title": "Lamp"}).get_json()
    assert edited["writer"] == "Offline engine"  # an edit keeps who wrote it


def test_a_writer_longer_than_80_characters_is_refused(users):
    client, _ = users.signed_in()
    response = client.post("/api/stories", json={**SAVED, "writer": "x" * 81})
    assert response.status_code == 400
    assert response.get_json()["message"] == "Writer must be at most 80 characters"


# --- the model's text as it is written, and Cancel -----------------------------------------------


def test_the_models_text_is_in_the_job_while_it_runs(users, model_worker, fake_openai):
    fake_openai.script(trickle("The lamp at Raven Point burned all night and nobody had lit "
                               "it, and the keeper stood below on the rocks.", pace=0.15),
                       sticky=True)
    client, _ = users.signed_in()
    job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]

    first = poll(client, job_id, lambda job: job["partial"])
    later = poll(client, job_id, lambda job: len(job.get("partial") or "") > len(first["partial"])
                 or job["status"] != "processing")
    final = poll(client, job_id, lambda job: job["status"] in ("completed", "failed"), timeout=60)

    assert first["status"] == "processing" and first["partial"].startswith("The lamp")
    assert later["status"] != "processing" or later["partial"].startswith(first["partial"])
    assert final["status"] == "completed", final
    assert final["partial"] is None
    assert final["result"]["content"].startswith("The lamp at Raven Point burned all night")
    assert final["result"]["writer"] == "fake-horror (OpenAI-compatible)"


def test_cancel_stops_the_writer_and_only_its_owner_may(users, model_worker, fake_openai):
    fake_openai.script(trickle(" ".join(["The tide came in."] * 40), pace=0.2), sticky=True)
    client, _ = users.signed_in()
    other, _ = users.signed_in()
    job_id = client.post("/api/stories/generate", json=FORM).get_json()["jobId"]
    poll(client, job_id, lambda job: job["partial"])

    assert other.post(f"/api/jobs/{job_id}/cancel").status_code == 403
    cancelled = client.post(f"/api/jobs/{job_id}/cancel")
    assert cancelled.status_code == 200, cancelled.get_json()
    assert cancelled.get_json()["status"] == "failed"
    assert cancelled.get_json()["error"] == "Cancelled."
    asked = len(fake_openai.requests)
    time.sleep(1.5)
    job = client.get(f"/api/jobs/{job_id}").get_json()
    assert job["status"] == "failed" and job["error"] == "Cancelled." and job["result"] is None
    assert len(fake_openai.requests) <= asked + 1  # no story went on being written
    again = client.post(f"/api/jobs/{job_id}/cancel")
    assert again.status_code == 409
    assert again.get_json()["message"] == "The job is not queued or running."


# --- Continue and Rewrite ------------------------------------------------------------------------


def check_rewrite(result, index=1):
    alternatives = result["alternatives"]
    assert len(alternatives) == 3 and len(set(alternatives)) == 3
    before = paragraphs.split(STORY)
    assert all(text.strip() and text != before[index] for text in alternatives)
    for text, whole in zip(alternatives, result["contents"], strict=True):
        after = paragraphs.split(whole)
        assert after[index] == text
        assert after[:index] + after[index + 1:] == before[:index] + before[index + 1:]


def test_continue_and_rewrite_on_the_engine(users, worker):
    client, _ = users.signed_in()

    continued = done(client, "/api/stories/continue", {"content": STORY, "words": 150})
    assert continued["content"].startswith(STORY + "\n\n")
    assert continued["added"] and continued["content"].endswith(continued["added"])
    assert continued["writer"] == "Offline engine"

    rewritten = done(client, "/api/stories/rewrite", {"content": STORY, "paragraph": 1})
    check_rewrite(rewritten)
    assert rewritten["writer"] == "Offline engine" and rewritten["paragraph"] == 1

    story = client.post("/api/stories", json=SAVED).get_json()
    on_story = done(client, f"/api/stories/{story['id']}/rewrite",
                    {"content": STORY, "paragraph": 2})
    check_rewrite(on_story, index=2)


def test_continue_and_rewrite_on_a_model(users, model_worker, fake_openai):
    fake_openai.script(ok("The lamp turned to face the sea. Mara did not look away."),
                       ok("The keeper's door hung open; the stairs were wet with no rain."),
                       ok("The door was open. Water stood on the stairs, and it climbed."),
                       ok("Open door. Wet stairs. No rain, and the water running up."))
    client, _ = users.signed_in()

    continued = done(client, "/api/stories/continue", {"content": STORY})
    assert continued["added"] == "The lamp turned to face the sea. Mara did not look away."
    assert continued["content"] == f"{STORY}\n\n{continued['added']}"
    assert "Nobody had lit it." in fake_openai.requests[0].user_prompt

    rewritten = done(client, "/api/stories/rewrite", {"content": STORY, "paragraph": 1})
    check_rewrite(rewritten)
    assert rewritten["writer"] == "fake-horror (OpenAI-compatible)"


@pytest.mark.parametrize("path, body, message", [
    ("/api/stories/rewrite", {"content": STORY, "paragraph": 3},
     "Paragraph 3 does not exist: the text has 3 paragraphs (0 to 2)"),
    ("/api/stories/rewrite", {"content": STORY}, "Paragraph is required"),
    ("/api/stories/rewrite", {"content": STORY, "paragraph": -1}, "Paragraph must be 0 or more"),
    ("/api/stories/continue", {"content": "  "}, "Content is required"),
    ("/api/stories/continue", {"content": STORY, "words": 5000}, "Words must be between 50 and 1,000"),
    ("/api/stories/continue", {"content": STORY, "plan": {"beats": []}}, None),
])
def test_bad_co_writing_requests_are_refused_before_any_job(users, path, body, message):
    client, _ = users.signed_in()
    response = client.post(path, json=body)
    assert response.status_code == 400, response.get_json()
    if message:
        assert response.get_json()["message"] == message
    from core.models import Job
    assert Job.select().count() == 0


def test_co_writing_needs_a_signed_in_owner(users, make_client):
    client, _ = users.signed_in()
    other, _ = users.signed_in()
    story = client.post("/api/stories", json=SAVED).get_json()
    body = {"content": STORY, "paragraph": 0}
    assert make_client().post("/api/stories/rewrite", json=body).status_code == 401
    assert other.post(f"/api/stories/{story['id']}/rewrite", json=body).status_code == 403
    assert other.post(f"/api/stories/{story['id']}/continue",
                      json={"content": STORY}).status_code == 403


def test_continue_on_the_engine_writes_the_plans_next_beat(users, worker):
    """Continue on a story the engine wrote goes on from its saved plan: the beat after the last one
    the text tells, with the plan's cast and places, and no sentence the text has already said."""
    from core.story_plan import load_plan
    from providers.local_story.prose.onward import last_told
    client, _ = users.signed_in()
    form = {"genre": "Supernatural", "mood": ["Ominous"], "storyLength": 900, "seed": 4,
            "setting": "an ice-fishing hut on a frozen lake in Finnish Lapland",
            "characters": "Aino Virtanen, a widow; Pekka, her neighbour", "protagonist": "Aino Virtanen",
            "antagonist": "something under the ice that taps back"}
    written = done(client, "/api/stories/generate", form)
    plan = load_plan(written["plan"])
    paragraphs_ = written["content"].split("\n\n")
    # the text as far as the middle of the plan: every paragraph before the one that tells that beat
    middle = len(plan.beats) // 2
    keep = max(n for n in range(1, len(paragraphs_)) if last_told("\n\n".join(paragraphs_[:n]), plan) < middle)
    half = "\n\n".join(paragraphs_[:keep])
    told = last_told(half, plan)
    story = client.post("/api/stories", json={**SAVED, "content": half, "plan": written["plan"]}).get_json()

    continued = done(client, f"/api/stories/{story['id']}/continue", {"content": half, "words": 60})
    added = continued["added"]
    assert continued["content"] == f"{half}\n\n{added}" and continued["writer"] == "Offline engine"
    assert last_told(f"{half}\n\n{added}", plan) == told + 1  # the next beat, and only that one
    assert "Aino" in added
    said = {s for s in re.split(r"(?<=[.!?])\s+", " ".join(half.split())) if len(s.split()) > 3}
    assert not said & set(re.split(r"(?<=[.!?])\s+", " ".join(added.split())))
    places = {p.handle or p.name for p in plan.places}
    assert any(place in added for place in places)
    assert not re.search(r"(?i)crawlspace|pilings", added)


def test_continue_after_the_ending_stays_in_the_storys_world(users, worker):
    """Continue on a story that has told its whole plan: before, the engine re-read the text from
    nothing and wrote a new climax somewhere else (a laundromat story went on in "the gymnasium"
    of "the school", from its key element, a school uniform, with "Mr. Place" as a name). Now one
    more beat after the ending, with the plan's own people, places and key element; again, a
    different one."""
    from core.story_plan import load_plan
    client, _ = users.signed_in()
    form = {"genre": "Psychological", "mood": ["Dark"], "storyLength": 700, "seed": 1,
            "setting": "a 24-hour coin laundromat under the railway in Osaka",
            "characters": "Haruka Mori, a night-shift nurse", "protagonist": "Haruka Mori",
            "antagonist": "a dryer that keeps turning with nobody's clothes in it",
            "keyElements": "a lost-and-found box, a folded school uniform"}
    written = done(client, "/api/stories/generate", form)
    plan = load_plan(written["plan"])
    story = client.post("/api/stories", json={**SAVED, "content": written["content"],
                                              "plan": written["plan"]}).get_json()
    first = done(client, f"/api/stories/{story['id']}/continue", {"content": written["content"]})["added"]
    again = done(client, f"/api/stories/{story['id']}/continue",
                 {"content": f"{written['content']}\n\n{first}"})["added"]
    places = {n for p in plan.places for n in (p.name, p.handle) if n}
    for added in (first, again):
        assert "Haruka" in added.split(".")[0]  # the next beat is hers, told first
        assert any(place in added for place in places), added
        assert not re.search(r"(?i)gymnasium|school\b(?! uniform)|Mr\. Place", added)
    assert first.split(".")[0] != again.split(".")[0]
