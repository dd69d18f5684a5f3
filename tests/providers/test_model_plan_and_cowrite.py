"""The model writers write from the typed plan (``core.story_plan``), stream their text as the
job's partial text, stop when the job is cancelled, and co-write (Continue, Rewrite) — against the
fake OpenAI-compatible server on a real socket, through the real ``openai`` client."""
import json

import pytest

from core import paragraphs
from core.providers import JobCancelled, ProviderError, StoryRequest
from core.story_plan import load_plan
from providers.model_story.plan import engine_outline, parse_model_plan
from providers.openai_story import OpenAIStoryProvider
from tests.fakes.openai_server import FakeOpenAIServer, ok

KEY_ENV = "DREADFORGE_TEST_OPENAI_KEY"
STORY = ("Mara came up the cliff path at dusk with the lamp oil.\n\n"
         "The keeper's door stood open, and the stairs were wet though it had not rained.\n\n"
         "At the top the lamp was lit. Nobody had lit it.")


@pytest.fixture
def server():
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture
def provider(server, monkeypatch):
    monkeypatch.setenv(KEY_ENV, "sk-test")
    return OpenAIStoryProvider({"base_url": server.base_url, "api_key_env": KEY_ENV,
                                "model": "fake-horror", "timeout": 2, "max_retries": 0})


def request(**fields):
    return StoryRequest(**{**dict(genre="Gothic Horror", mood="Eerie", setting="a lighthouse",
                                  characters="Mara", length_words=40), **fields})


class Progress:
    """A job's progress with a ``partial`` listener, as the worker's has."""

    def __init__(self, cancel_after=None):
        self.partials = []
        self.cancel_after = cancel_after

    def __call__(self, percent, message):
        pass

    def partial(self, text):
        self.partials.append(text)
        if self.cancel_after is not None and len(self.partials) >= self.cancel_after:
            raise JobCancelled("Cancelled.")


def test_a_loose_model_plan_is_read_into_the_typed_plan():
    answer = "```json\n" + json.dumps({
        "title": "The Lamp", "cast": [{"name": "Mara", "pronouns": "she/her"},
                                      {"name": "the keeper", "role": "Antagonist"}],
        "places": [{"name": "the lamp room"}],
        "beats": [{"kind": "first sign", "summary": "The lamp is lit.", "place": "p9"},
                  {"kind": "ending", "text": "Mara climbs.", "who": ["c1", "c7"]}]}) + "\n```"

    plan = load_plan(parse_model_plan(answer, 100))

    assert [p.pronouns for p in plan.cast] == ["she", "they"]
    assert [p.role for p in plan.cast] == ["protagonist", "antagonist"]
    assert [b.kind for b in plan.beats] == ["first_sign", "scene"]
    assert plan.beats[0].place == "" and plan.beats[1].who == ["c1"]
    assert [b.words for b in plan.beats] == [50, 50]


def test_an_edited_plan_is_written_beat_by_beat_and_an_edited_beat_is_told(server, provider):
    plan = engine_outline(request())
    plan["beats"][1]["text"] = "Mara finds her own boots by the lamp, still wet."
    plan["beats"][1]["edited"] = True
    server.script(ok("The path climbed."), sticky=True)

    result = provider.generate(request(), plan=plan)

    assert len(server.requests) >= len(plan["beats"])  # no plan asked of the model: one per beat
    second = server.requests[1].user_prompt
    assert "Mara finds her own boots by the lamp, still wet." in second
    assert "The author wrote this part of the plan" in second
    assert "The author wrote" not in server.requests[0].user_prompt
    assert result.plan["beats"][1]["edited"] is True
    assert sum(b["words"] for b in result.plan["beats"]) == 40


def test_outline_returns_the_models_plan_without_prose(server, provider):
    server.script(ok(json.dumps({"title": "The Lamp", "cast": [{"name": "Mara"}],
                                 "places": [{"name": "the lamp room"}],
                                 "beats": [{"text": "The lamp is lit."}]})))

    plan = provider.outline(request())

    assert plan["title"] == "The Lamp" and plan["beats"][0]["text"] == "The lamp is lit."
    assert len(server.requests) == 1


def test_the_story_streams_as_partial_text_and_stops_when_cancelled(server, provider):
    server.script(ok("one two three four five six seven eight nine ten.", chunk_words=2),
                  sticky=True)
    progress = Progress()
    provider.generate(request(), progress, plan=engine_outline(request()))
    assert progress.partials[0] == "one two"
    assert progress.partials[1].startswith("one two three four")

    server.requests.clear()
    cancelled = Progress(cancel_after=2)
    with pytest.raises(JobCancelled):
        provider.generate(request(), cancelled, plan=engine_outline(request()))
    assert len(server.requests) == 1  # it stopped at that chunk: no further part was asked for


def test_continue_writes_on_from_the_end_in_the_story_voice(server, provider):
    server.script(ok("The lamp turned toward her. She did not move."))
    progress = Progress()

    added = provider.continue_story(STORY, plan=engine_outline(request()), words=60,
                                    progress=progress)

    assert added == "The lamp turned toward her. She did not move."
    sent = server.requests[0]
    assert "Nobody had lit it." in sent.user_prompt and "about 60 words" in sent.user_prompt
    assert "The story's plan:" in sent.system_prompt
    assert progress.partials[-1].startswith(STORY + "\n\nThe lamp turned")


def test_rewrite_gives_three_different_rewritings_of_one_paragraph(server, provider):
    server.script(ok("The door was open. The stairs shone wet."),
                  ok("The door was open. The stairs shone wet."),  # a repeat: asked again
                  ok("The keeper's door gaped, and the stairs ran with water from no rain."),
                  ok("Door open. Stairs wet. No rain."))

    found = provider.rewrite_paragraph(STORY, 1)

    assert found == ["The door was open. The stairs shone wet.",
                     "The keeper's door gaped, and the stairs ran with water from no rain.",
                     "Door open. Stairs wet. No rain."]
    sent = server.requests[0].user_prompt
    assert "The paragraph to rewrite:\nThe keeper's door stood open" in sent
    assert "The paragraph before:\nMara came up" in sent and "The paragraph after:\nAt the top" in sent
    assert "restrained" in server.requests[0].system_prompt
    assert "vivid" in server.requests[2].system_prompt


def test_rewrite_of_a_paragraph_that_is_not_there(provider):
    with pytest.raises(ProviderError, match="The story has no paragraph 4."):
        provider.rewrite_paragraph(STORY, 3)
    assert len(paragraphs.split(STORY)) == 3
