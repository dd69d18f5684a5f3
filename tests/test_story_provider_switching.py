"""The same API call is served by each story provider in turn: plugins.toml and a restart only."""
import json

import pytest

from tests.conftest import start_worker, stop_worker
from tests.fakes.openai_server import FakeOpenAIServer, ok

FORM = {"genre": "Cosmic Horror", "mood": ["Ominous"], "setting": "an observatory",
        "characters": "Opal, Rhys", "storyLength": 200, "seed": 7}


@pytest.fixture
def fake_openai():
    with FakeOpenAIServer() as server:
        yield server


def generate(client):
    response = client.post("/api/stories/generate?wait=25", json=FORM)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_switching_story_provider_needs_only_plugins_toml(users, env, queue_env, tmp_path,
                                                          fake_openai):
    client, _ = users.signed_in()

    local = start_worker(env, queue_env)
    try:
        offline = generate(client)
    finally:
        stop_worker(local)
    assert "Opal" in offline["content"]
    assert offline["writer"] == "Offline engine"

    config = tmp_path / "plugins.toml"
    config.write_text(f"""
[story]
provider = "openai"

[story.openai]
base_url = "{fake_openai.base_url}"
model = "fake-horror"
api_key_env = "FAKE_OPENAI_KEY"
max_retries = 0
timeout = 5
""")
    plan = {"title": "The Lens", "cast": [{"id": "c1", "name": "Opal", "role": "protagonist"}],
            "places": [{"id": "p1", "name": "the dome"}],
            "beats": [{"id": "b1", "kind": "hook", "text": "Opal looks up.", "place": "p1"},
                      {"id": "b2", "kind": "climax", "text": "It looks back."}]}
    fake_openai.script(ok(json.dumps(plan)))
    fake_openai.script(ok("Opal looked through the lens and something looked back."),
                       sticky=True)
    remote = start_worker(env, queue_env, DREADFORGE_PLUGINS=str(config),
                          FAKE_OPENAI_KEY="sk-fake-key")
    try:
        vendor = generate(client)
    finally:
        stop_worker(remote)
    assert vendor["title"] == "The Lens"
    assert vendor["writer"] == "fake-horror (OpenAI-compatible)"
    assert vendor["plan"]["beats"][0]["text"] == "Opal looks up."  # the typed plan, kept
    assert vendor["content"].startswith("Opal looked through the lens and something looked "
                                        "back.\n\nOpal looked")  # one answer per part
    assert "Write part 2 of 2" in fake_openai.requests[2].user_prompt
    prompt = fake_openai.requests[0].system_prompt
    assert "Cosmic Horror" in prompt and "an observatory" in prompt
