"""The ``openai`` story provider against a fake OpenAI-compatible server on a real socket.

Every test goes through the real ``openai`` client and HTTP stack; only the server is fake
(``tests/fakes/openai_server.py``). Failure cases use ``max_retries=0`` and a 1 s timeout so the
whole module stays fast. A story is written as the shared model writer writes it: the plan (JSON)
first, then one streamed answer per part; ``story_answers()`` scripts such a conversation.
"""
import json
import logging
import time
import traceback

import pytest
from marshmallow import ValidationError

from core.providers import ProviderError, StoryRequest
from core.story_plan import load_plan
from providers.model_story import prompts
from providers.model_story.length import StreamedWords
from providers.model_story.plan import engine_outline
from providers.openai_story import OpenAIStoryProvider, register_story_providers
from providers.openai_story.client import PLACEHOLDER_KEY
from tests.fakes import engine_plan
from tests.fakes.openai_server import (
    FakeOpenAIServer,
    content_filter,
    empty,
    malformed,
    ok,
    refusal,
    slow,
    stall,
    status,
    truncated,
    unauthorized,
)

KEY_ENV = "DREADFORGE_TEST_OPENAI_KEY"
KEY = "sk-test-Secr3tKey-7f3a9c0d1e2b"
FAST_RETRY = {"retry-after-ms": "10"}

PART_ONE = ("The bell in the abbey tower rang at midnight, though no one had climbed the stairs "
            "in forty years.")
PART_TWO = "Brother Anselm counted the strokes. Thirteen. Then the fog came in under the door."


def plan_json(title="The Hollow Bell", beats=2):
    """A plan as the model is asked for it: the JSON of ``core.story_plan.StoryPlanSchema``."""
    kinds = ("hook", "climax", "aftermath")[:beats]
    return json.dumps({
        "title": title, "logline": "A bell rings that no one rings.",
        "premise": "An abbey bell tolls on its own.", "world": "abbey",
        "cast": [{"id": "c1", "name": "Brother Anselm", "handle": "Anselm", "role": "protagonist",
                  "pronouns": "he", "want": "silence"}],
        "places": [{"id": "p1", "name": "the bell tower", "description": "stone, rope, pigeons",
                    "fixtures": ["the bell rope"]}],
        "elements": [{"id": "e1", "name": "the bell rope", "job": "clue", "beats": ["b1"]}],
        "twist": {"reveal": "Anselm rings it in his sleep", "about": "c1", "clues": ["b1"]},
        "beats": [{"id": f"b{n}", "kind": kind, "text": f"The bell and {kind}.", "place": "p1",
                   "who": ["c1"], "elements": ["e1"] if n == 1 else [], "changes": "worse"}
                  for n, kind in enumerate(kinds, 1)]})


def story_answers(title="The Hollow Bell", parts=(PART_ONE, PART_TWO), chunk_words=3):
    """The answers of one story: the plan, then one answer per part."""
    return [ok(plan_json(title, len(parts)))] + [ok(part, chunk_words=chunk_words)
                                                 for part in parts]


# --- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _engine_plan():
    engine_plan.install()


@pytest.fixture
def server():
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture
def api_key(monkeypatch):
    monkeypatch.setenv(KEY_ENV, KEY)
    return KEY


@pytest.fixture
def make_provider(server, api_key):
    def make(**options):
        base = {"base_url": server.base_url, "api_key_env": KEY_ENV, "model": "fake-horror",
                "timeout": 1, "max_retries": 0}
        return OpenAIStoryProvider({**base, **options})
    return make


@pytest.fixture
def provider(make_provider):
    return make_provider()


def story_request(**fields):
    base = dict(genre="Gothic Horror", mood="Eerie", setting="a ruined abbey",
                characters="Brother Anselm and a novice", length_words=30)
    return StoryRequest(**{**base, **fields})


class Progress:
    def __init__(self):
        self.reports = []

    def __call__(self, percent, message):
        self.reports.append((percent, message))

    @property
    def percents(self):
        return [percent for percent, _ in self.reports]


def failure_of(call):
    with pytest.raises(ProviderError) as info:
        call()
    return info.value


# --- generate: the plan, then each part ----------------------------------------------------------


def test_generate_plans_then_writes_each_part(server, provider):
    server.script(*story_answers())

    result = provider.generate(story_request())

    assert result.title == "The Hollow Bell"
    assert result.content == f"{PART_ONE}\n\n{PART_TWO}"
    assert result.writer == "fake-horror (OpenAI-compatible)"
    assert load_plan(result.plan).cast[0].handle == "Anselm"  # the model's plan, typed
    assert [beat["kind"] for beat in result.plan["beats"]] == ["hook", "climax"]
    assert sum(beat["words"] for beat in result.plan["beats"]) == 30
    plan_call, first, second = server.requests
    assert plan_call.body["response_format"] == {"type": "json_object"}
    assert "JSON" in plan_call.system_prompt
    for sent in server.requests:
        assert sent.path == "/v1/chat/completions"
        assert sent.body["stream"] is True
        assert sent.body["model"] == "fake-horror"
        assert sent.body["temperature"] == 0.9
        assert "seed" not in sent.body
        assert sent.headers["authorization"] == f"Bearer {KEY}"
    assert "Write part 1 of 2" in first.user_prompt and "opening" in first.user_prompt
    assert "Write part 2 of 2" in second.user_prompt
    assert PART_ONE in second.user_prompt  # the previous part is in context
    assert "The Hollow Bell" in second.system_prompt and "in his sleep" in second.system_prompt
    assert "Brother Anselm (he/him; protagonist; called 'Anselm'" in second.system_prompt
    assert "Where: the bell tower" in first.user_prompt
    assert "Uses: the bell rope (as a clue)" in first.user_prompt


def test_every_call_is_capped_from_the_length(server, provider):
    """Regression: a 300-word story ran to 3,927 tokens because no max_tokens was sent."""
    server.script(*story_answers())

    provider.generate(story_request(length_words=30))
    small = [sent.body.get("max_tokens") for sent in server.requests]
    server.requests.clear()
    server.script(*story_answers())
    provider.generate(story_request(length_words=300))
    large = [sent.body.get("max_tokens") for sent in server.requests]

    assert all(small) and all(large)
    assert small[1] <= 60 and large[1] > small[1]  # a part of 15 words vs 150 words
    assert all(len(sent.body["stop"]) <= 4 for sent in server.requests[1:])
    assert server.requests[1].body["frequency_penalty"] == 0.3


def test_prompts_carry_every_form_field(server, provider):
    request = StoryRequest(
        genre="Cosmic Horror", mood="Ominous", setting="a lighthouse on Skerry Rock",
        characters="the keeper Maren and her brother", intensity=8, length_words=30,
        time_of_day="Midnight", weather="Stormy", protagonist="Maren Holt",
        antagonist="the thing beneath the lamp", narrative_perspective="Second Person",
        pacing="Slow Burn", include_dialogue=False, include_description=True,
        key_elements="a cracked lens, salt on the stairs", plot_twist="Maren drowned years ago",
        custom_prompt="End on the sound of the foghorn.", suggested_title="The Lamp Below",
        seed=1234)
    server.script(*story_answers())

    result = provider.generate(request)

    assert result.title == "The Lamp Below"  # the creator's title wins over the plan's
    for sent in server.requests:
        system = sent.system_prompt
        for value in ("Cosmic Horror", "Ominous", "a lighthouse on Skerry Rock",
                      "the keeper Maren and her brother", "8/10", "30 words", "Midnight",
                      "Stormy", "Maren Holt", "the thing beneath the lamp", "Second Person",
                      "Slow Burn", "a cracked lens, salt on the stairs", "Maren drowned years ago",
                      "End on the sound of the foghorn.", "The Lamp Below"):
            assert value in system, value
        assert "no spoken dialogue" in system
        assert "rich sensory description" in system
        assert sent.messages[0]["role"] == "system" and sent.messages[1]["role"] == "user"
    assert [sent.body["seed"] for sent in server.requests] == [1234, 1234, 1235]


def test_dialogue_and_description_flags_reach_the_prompt():
    on = "\n".join(prompts.brief_lines(story_request(include_dialogue=True,
                                                     include_description=False)))
    assert "include spoken dialogue" in on
    assert "spare description" in on


@pytest.mark.parametrize("answer", [
    ok("Title: The Hollow Bell\n\nThe bell rang."),       # prose, not JSON
    ok('{"title": "No beats"}'),                          # JSON without beats
    ok('{"title": "", "beats": [{"summary": "x y z"}]}'),  # no cast, no places
    empty(),
])
def test_an_unusable_plan_falls_back_to_the_engine_plan(server, provider, answer):
    expected = engine_outline(story_request(length_words=80))
    server.script(answer, ok(PART_ONE), sticky=True)

    result = provider.generate(story_request(length_words=80))

    assert result.plan == expected
    parts = len(expected["beats"])
    assert f"Write part {parts} of {parts}" in server.requests[parts].user_prompt
    assert result.content.startswith("The bell in the abbey tower rang")


def test_engine_plan_option_skips_the_model_plan(server, make_provider):
    provider = make_provider(plan="engine")
    server.script(ok(PART_ONE), sticky=True)

    result = provider.generate(story_request())

    assert result.plan == engine_outline(story_request())
    assert all("Write part" in sent.user_prompt for sent in server.requests)


def test_progress_reports_each_part_and_rises_to_100(server, provider):
    parts = [" ".join(f"word{index}" for index in range(start, start + 15)) + "."
             for start in (0, 15)]
    server.script(*story_answers(parts=parts, chunk_words=1))
    progress = Progress()

    provider.generate(story_request(length_words=30), progress)

    percents = progress.percents
    assert progress.reports[0] == (5, "Planning the story")
    assert percents[-1] == 100
    assert percents == sorted(percents)
    assert len(set(percents)) >= 10
    assert all(percent <= 95 for percent in percents[:-1])
    messages = [message for _, message in progress.reports]
    assert "Writing part 1 of 2" in messages and "Writing part 2 of 2" in messages
    assert messages.index("Writing part 1 of 2") < messages.index("Writing part 2 of 2")


def test_a_part_that_runs_long_is_left_at_a_sentence_end(server, provider):
    rambling = " ".join(f"The bell rang {index} times." for index in range(100))
    server.script(*story_answers(parts=[rambling, rambling], chunk_words=2))
    progress = Progress()

    result = provider.generate(story_request(length_words=30), progress)

    words = len(result.content.split())
    assert 27 <= words <= 33
    assert result.content.endswith("times.")
    assert max(progress.percents[:-1]) <= 95


def test_a_long_part_without_any_sentence_end_is_cut_at_a_word(server, provider):
    endless = " ".join(["and the bell kept ringing"] * 40)
    server.script(*story_answers(parts=[endless, endless], chunk_words=5))
    progress = Progress()

    result = provider.generate(story_request(length_words=30), progress)

    assert len(result.content.split()) <= 33
    assert result.content.endswith("…")
    # the words past part 1's share are not counted: half way when part 2 starts
    assert (52, "Writing part 2 of 2") in progress.reports


def test_a_story_that_stops_short_is_continued(server, provider):
    server.script(*story_answers(parts=["It rang.", "It stopped."]),
                  ok("Anselm climbed the stairs, one stone at a time, and found the rope "
                     "still swinging in the dark. Nobody was there. Nobody had ever been there."))

    result = provider.generate(story_request(length_words=30))

    assert result.content.startswith("It rang.\n\nIt stopped.\n\nAnselm climbed")
    assert "Continue it for about 26 words" in server.requests[-1].user_prompt
    assert 27 <= len(result.content.split()) <= 33


def test_an_unfinished_last_sentence_is_dropped(server, provider):
    server.script(*story_answers(parts=[PART_ONE, PART_TWO + " And then the"]))

    result = provider.generate(story_request())

    assert result.content.endswith("under the door.")


def test_an_empty_part_is_asked_for_once_more(server, provider):
    server.script(ok(plan_json()), ok(PART_ONE), empty(), ok(PART_TWO))

    result = provider.generate(story_request())

    assert result.content == f"{PART_ONE}\n\n{PART_TWO}"
    assert server.requests[2].body == server.requests[3].body


def test_words_split_across_pieces_count_once():
    counter = StreamedWords()
    for piece in ["Title: The", " Hol", "low Bell\n\n", "The bell", " rang", ".", "  Then"]:
        counter.add(piece)

    assert counter.words == 8  # Title: The Hollow Bell The bell rang. Then


@pytest.mark.parametrize("answer, title, content", [
    ("Title: The Bell\n\nIt rang.", "The Bell", "It rang."),
    ("**Title:** \"The Bell\"\n\nIt rang.", "The Bell", "It rang."),
    ("## Title: The Bell\nIt rang.", "The Bell", "It rang."),
    ("Sure! Here is your story.\n\nTITLE: The Bell\n\nIt rang.", "The Bell", "It rang."),
    ("# The Bell\n\nIt rang.", "The Bell", "It rang."),
    ("It rang.\nTitle of the chapter is missing.", None,
     "It rang.\nTitle of the chapter is missing."),
])
def test_split_title(answer, title, content):
    assert prompts.split_title(answer) == (title, content)


# --- suggest (non-streaming) ---------------------------------------------------------------------


def test_suggest_parses_a_numbered_answer_without_streaming(server, provider):
    server.script(ok("Here are my suggestions:\n\n"
                     "1. **Open with the bell**, not the weather.\n"
                     "2. Let the novice notice the thirteenth stroke\n"
                     "   before Anselm does.\n"
                     "3) Cut the final explanation.\n"
                     "- Give the fog a smell.\n"
                     "* Keep the ending ambiguous.\n"
                     "6. One too many."))

    suggestions = provider.suggest("The bell rang thirteen times.", "improvement")

    assert suggestions == ["Open with the bell, not the weather.",
                           "Let the novice notice the thirteenth stroke before Anselm does.",
                           "Cut the final explanation.", "Give the fog a smell.",
                           "Keep the ending ambiguous."]
    sent = server.requests[-1]
    assert not sent.body.get("stream")
    assert sent.user_prompt == "The bell rang thirteen times."
    assert "3 to 5" in sent.system_prompt


def test_suggest_reads_plain_lines(server, provider):
    server.script(ok("Show the fog.\nName the threat later.\nEnd on a question."))

    assert provider.suggest("A story.") == ["Show the fog.", "Name the threat later.",
                                            "End on a question."]


def test_suggest_refusal_field_is_a_refusal(server, provider):
    server.script(refusal())

    error = failure_of(lambda: provider.suggest("A story."))

    assert str(error) == "The story service refused this prompt."


def test_suggest_malformed_json_body(server, provider):
    server.script(malformed())

    error = failure_of(lambda: provider.suggest("A story."))

    assert str(error) == "The story service sent a malformed answer."


def test_suggest_empty_answer_is_asked_once_more(server, provider):
    server.script(empty(), empty())

    error = failure_of(lambda: provider.suggest("A story."))

    assert str(error) == "The story service returned no suggestions."
    assert len(server.requests) == 2


# --- enhance -------------------------------------------------------------------------------------


def test_enhance_returns_the_whole_revised_text(server, provider):
    revised = "The bell rang. It rang again, slower.\n\nNo one had touched the rope."
    server.script(ok(revised))
    progress = Progress()

    text = provider.enhance("The bell rang.", "expand", progress)

    assert text == revised
    sent = server.requests[-1]
    assert sent.body["stream"] is True
    assert "Expand" in sent.system_prompt
    assert sent.user_prompt == "The bell rang."
    assert progress.percents[-1] == 100


def test_enhance_continue_appends_the_new_part(server, provider):
    server.script(ok("Then the rope began to move on its own."))

    text = provider.enhance("The bell rang.", "continue")

    assert text == "The bell rang.\n\nThen the rope began to move on its own."
    assert "do not repeat" in server.requests[-1].system_prompt


def test_enhance_drops_a_title_line_the_story_did_not_have(server, provider):
    server.script(ok("Title: Bell\n\nThe bell rang, shorter."))

    text = provider.enhance("The bell rang for a long time.", "shorten")

    assert text == "The bell rang, shorter."


def test_enhance_rejects_an_unknown_mode(server, provider):
    error = failure_of(lambda: provider.enhance("The bell rang.", "translate"))

    assert "translate" in str(error)
    assert server.requests == []


# --- retries -------------------------------------------------------------------------------------


def test_429_then_success_is_retried(server, make_provider):
    provider = make_provider(max_retries=2)
    server.script(status(429, headers=FAST_RETRY), *story_answers())

    result = provider.generate(story_request())

    assert result.title == "The Hollow Bell"
    assert [r.headers["x-stainless-retry-count"] for r in server.requests[:2]] == ["0", "1"]


def test_500_then_success_is_retried_with_backoff(server, make_provider):
    provider = make_provider(max_retries=1)
    server.script(status(500), *story_answers())  # no Retry-After: the client's own backoff

    started = time.monotonic()
    result = provider.generate(story_request())
    elapsed = time.monotonic() - started

    assert result.title == "The Hollow Bell"
    assert len(server.requests) == 4
    assert 0.3 <= elapsed < 3  # 0.5 s initial backoff less up to 25 % jitter


def test_500_always_raises_after_the_retries(server, make_provider):
    provider = make_provider(max_retries=2)
    server.script(status(500, headers=FAST_RETRY), sticky=True)

    error = failure_of(lambda: provider.generate(story_request()))

    assert str(error) == "The story service is having trouble (HTTP 500). Please try again later."
    assert len(server.requests) == 3


def test_500_without_retries_raises_at_once(server, provider):
    server.script(status(500), sticky=True)

    error = failure_of(lambda: provider.generate(story_request()))

    assert "HTTP 500" in str(error)
    assert len(server.requests) == 1


def test_429_exhausted_is_a_busy_message(server, provider):
    server.script(status(429))

    error = failure_of(lambda: provider.generate(story_request()))

    assert str(error) == ("The story service is busy (too many requests). "
                          "Please try again in a minute.")


def test_bad_key_is_not_retried(server, make_provider):
    provider = make_provider(max_retries=3)
    server.script(unauthorized(), sticky=True)

    error = failure_of(lambda: provider.generate(story_request()))

    assert str(error) == "The story service rejected the API key."
    assert len(server.requests) == 1


def coded(answer, code):
    """An error answer whose body names the API's error `code`."""
    answer.body["error"]["code"] = code
    return answer


REFUSED = "The story service refused this prompt."


@pytest.mark.parametrize("answer, message", [
    (status(404, message="model 'fake-horror' not found"),
     "The story service does not offer the model 'fake-horror'."),
    (malformed(), "The story service sent a malformed answer."),
    (refusal(), REFUSED),
    (content_filter("The bell rang and"), REFUSED),
    (coded(status(400, message="Your request was rejected by the safety system."),
           "content_policy_violation"), REFUSED),
], ids=["unknown-model", "malformed-stream", "streamed-refusal", "content-filter-finish-reason",
        "content-policy-error-status"])
def test_a_failed_generation_says_why(server, provider, answer, message):
    server.script(answer)

    error = failure_of(lambda: provider.generate(story_request()))

    assert str(error) == message


def test_story_too_long_for_the_model(server, provider):
    server.script(coded(status(400, message="This model's maximum context length is 4096 tokens."),
                        "context_length_exceeded"))

    error = failure_of(lambda: provider.enhance("A very long story.", "expand"))

    assert str(error) == "The story is too long for the model 'fake-horror'."


# --- timeouts and broken answers -----------------------------------------------------------------


def test_timeout_before_the_answer(server, provider):
    server.script(slow(5))

    started = time.monotonic()
    error = failure_of(lambda: provider.generate(story_request()))

    assert str(error) == "The story service timed out after 1 s."
    assert time.monotonic() - started < 3


def test_timeout_in_the_middle_of_the_stream(server, provider):
    server.script(stall(after_chunks=2, seconds=5))
    progress = Progress()

    error = failure_of(lambda: provider.generate(story_request(), progress))

    assert str(error) == "The story service timed out after 1 s."
    assert 100 not in progress.percents


def test_stream_cut_off_without_finish(server, provider):
    server.script(truncated())

    error = failure_of(lambda: provider.generate(story_request()))

    assert "stopped answering" in str(error)


@pytest.mark.parametrize("answer", [empty(), ok("Title: Only a title\n\n   ")])
def test_empty_story(server, provider, answer):
    server.script(ok(plan_json()), answer, answer)

    error = failure_of(lambda: provider.generate(story_request()))

    assert str(error) == "The story service returned an empty story."


def test_unreachable_server(api_key):
    with FakeOpenAIServer() as closed:
        base_url = closed.base_url
    provider = OpenAIStoryProvider({"base_url": base_url, "api_key_env": KEY_ENV, "timeout": 1,
                                    "max_retries": 0})

    error = failure_of(lambda: provider.generate(story_request()))

    assert str(error).startswith("Could not reach the story service at 127.0.0.1:")


# --- the key -------------------------------------------------------------------------------------


def test_keyless_server_gets_a_placeholder_not_openai_api_key(server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-real-openai-key-must-not-leak")
    provider = OpenAIStoryProvider({"base_url": server.base_url, "api_key_env": "",
                                    "timeout": 1, "max_retries": 0})
    server.script(*story_answers(), unauthorized())

    provider.generate(story_request())
    error = failure_of(lambda: provider.generate(story_request()))

    assert server.requests[0].headers["authorization"] == f"Bearer {PLACEHOLDER_KEY}"
    assert "set api_key_env" in str(error)


def test_missing_key_variable_is_explained(server, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    provider = OpenAIStoryProvider({"base_url": server.base_url, "api_key_env": KEY_ENV,
                                    "timeout": 1, "max_retries": 0})
    server.script(unauthorized())

    error = failure_of(lambda: provider.generate(story_request()))

    assert str(error) == ("The story service needs an API key: "
                          f"set the environment variable {KEY_ENV}.")


def test_key_is_rebuilt_when_the_environment_changes(server, provider, monkeypatch):
    server.script(*story_answers(), *story_answers())
    provider.generate(story_request())
    monkeypatch.setenv(KEY_ENV, "sk-rotated-key")
    provider.generate(story_request())

    assert [r.headers["authorization"] for r in server.requests] == [
        f"Bearer {KEY}"] * 3 + ["Bearer sk-rotated-key"] * 3


def test_key_never_appears_in_errors_logs_or_results(server, provider, caplog):
    caplog.set_level(logging.DEBUG)
    echo = f"Incorrect API key provided: {KEY}"
    failures = [unauthorized(message=echo), status(500, message=echo),
                status(400, message=echo), status(429, message=echo),
                malformed(raw=f"data: {{\"error\": \"{KEY}\n\n")]
    calls = [lambda: provider.generate(story_request()),
             lambda: provider.suggest("A story."),
             lambda: provider.enhance("A story.", "enhance")]
    errors = []
    for call in calls:
        for behaviour in failures:
            server.script(behaviour)
            errors.append(failure_of(call))
    server.script(slow(5))
    errors.append(failure_of(calls[0]))
    server.script(*story_answers(),
                  ok("1. One.\n2. Two.\n3. Three."), ok("A safer story."))
    progress = Progress()
    results = [provider.generate(story_request(), progress), provider.suggest("A story."),
               provider.enhance("A story.", "enhance", progress)]

    assert len(errors) == len(calls) * len(failures) + 1
    for error in errors:
        text = "".join(traceback.format_exception(error))
        assert KEY not in text and KEY not in repr(error)
        assert error.__cause__ is None and error.__context__ is None
        assert "Traceback" not in str(error) and "Error code" not in str(error)
    assert all(request.headers["authorization"] == f"Bearer {KEY}" for request in server.requests)
    assert caplog.records, "the failures were logged"
    assert KEY not in caplog.text
    assert all(KEY not in record.getMessage() for record in caplog.records)
    assert KEY not in repr(results) and KEY not in repr(progress.reports)
    assert KEY not in repr(provider.options) and KEY not in repr(vars(provider.service))


# --- options and registration --------------------------------------------------------------------


def test_options_defaults():
    options = OpenAIStoryProvider.Options().load({})

    assert options == {"model": "gpt-4o-mini", "base_url": "https://api.openai.com/v1",
                       "api_key_env": "OPENAI_API_KEY", "temperature": 0.9, "timeout": 60.0,
                       "max_retries": 3, "frequency_penalty": 0.3, "plan": "model"}
    assert OpenAIStoryProvider.secret_env_options == ("api_key_env",)


@pytest.mark.parametrize("options, field", [
    ({"temperature": 2.5}, "temperature"),
    ({"temperature": -0.1}, "temperature"),
    ({"temperature": "hot"}, "temperature"),
    ({"timeout": 0}, "timeout"),
    ({"timeout": -5}, "timeout"),
    ({"max_retries": 11}, "max_retries"),
    ({"max_retries": -1}, "max_retries"),
    ({"max_retries": 2.5}, "max_retries"),
    ({"base_url": "not a url"}, "base_url"),
    ({"base_url": "ftp://example.com/v1"}, "base_url"),
    ({"model": ""}, "model"),
    ({"api_key_env": "MY KEY"}, "api_key_env"),
    ({"plan": "guess"}, "plan"),
    ({"frequency_penalty": 3}, "frequency_penalty"),
])
def test_options_errors(options, field):
    with pytest.raises(ValidationError) as info:
        OpenAIStoryProvider.Options().load(options)

    assert field in info.value.messages


@pytest.mark.parametrize("url", ["http://127.0.0.1:11434/v1", "http://localhost:8080/v1",
                                 "http://vllm:8000/v1", "https://api.openai.com/v1"])
def test_options_accept_local_servers(url):
    assert OpenAIStoryProvider.Options().load({"base_url": url})["base_url"] == url


def test_registered_and_built_like_the_plugin_host(server, api_key):
    [cls] = register_story_providers()
    assert cls is OpenAIStoryProvider and cls.name == "openai"
    instance = cls(cls.Options().load({"base_url": server.base_url, "api_key_env": KEY_ENV,
                                       "timeout": 2.5, "max_retries": 1, "temperature": 0.2}))
    server.script(*story_answers())

    instance.generate(story_request())

    assert server.requests[-1].body["temperature"] == 0.2
    assert server.requests[-1].headers["x-stainless-read-timeout"] == "2.5"


def test_lines_that_echo_the_prompt_are_not_saved_in_the_story(server, provider):
    """A weak model repeats the prompt's scaffolding before its prose ("Write part 2 of 2 …",
    "Its purpose: …", a line of the brief); none of it may reach the story."""
    echoed = ("Write part 2 of 2 (climax), about 15 words: The bell and climax.\n"
              "Its purpose: unease\n"
              "- Setting: a ruined abbey\n\n" + PART_TWO)
    server.script(ok(plan_json()), ok(PART_ONE), ok(echoed), empty(), empty())

    result = provider.generate(story_request(length_words=80))

    assert result.content == f"{PART_ONE}\n\n{PART_TWO}"
