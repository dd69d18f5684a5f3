"""`dreadforge models pull/list` against a fake model hub (HF_ENDPOINT), as a user runs them."""
import hashlib
import subprocess
import sys

import pytest

from providers.llama_cpp_story.catalog import CATALOG
from tests.conftest import ROOT
from tests.fakes.hf_hub import FakeHub
from tests.helpers import standalone_env

pytest.importorskip("huggingface_hub")  # the `llm` extra; `make test` installs it

ENTRY = CATALOG["qwen2.5-1.5b-instruct"]
MODEL = b"GGUF" + bytes(range(256)) * 800  # ~200 KB that starts like a GGUF file


def dreadforge(args, data_dir, hub=None, input_text=None):
    env = standalone_env(data_dir, HF_HOME=str(data_dir / "hf-home"),
                         HF_HUB_DISABLE_TELEMETRY="1", HF_HUB_DISABLE_XET="1",
                         HF_HUB_ETAG_TIMEOUT="5", HF_HUB_DOWNLOAD_TIMEOUT="5")
    if hub is not None:
        env["HF_ENDPOINT"] = hub.url
    return subprocess.run([sys.executable, "-m", "cli", "models", *args], cwd=ROOT, env=env,
                          input=input_text, capture_output=True, text=True, timeout=120)


@pytest.fixture
def hub():
    with FakeHub() as fake:
        fake.add(ENTRY.repo, ENTRY.filename, MODEL)
        yield fake


def test_pull_shows_licence_and_size_then_downloads_and_lists(tmp_path, hub):
    declined = dreadforge(["pull", ENTRY.name], tmp_path, hub, input_text="n\n")
    assert declined.returncode != 0
    assert ENTRY.licence in declined.stdout
    # through a mirror (HF_ENDPOINT) the mirror is named, not huggingface.co
    assert f"  from     {hub.url.rstrip('/')}/{ENTRY.repo} ({ENTRY.filename})" in declined.stdout
    assert "huggingface.co" not in declined.stdout
    assert "0.00 GB" in declined.stdout  # the hub's size of the (tiny) file
    assert not (tmp_path / "models" / ENTRY.filename).exists()

    pulled = dreadforge(["pull", ENTRY.name, "--yes"], tmp_path, hub)

    assert pulled.returncode == 0, pulled.stderr
    path = tmp_path / "models" / ENTRY.filename
    assert path.read_bytes() == MODEL
    listed = dreadforge(["list"], tmp_path)
    assert ENTRY.name in listed.stdout and ENTRY.filename in listed.stdout
    assert "Available with" in listed.stdout


def test_an_interrupted_download_resumes(tmp_path, hub):
    # huggingface_hub writes in 10 MB blocks: hang up after the first one has been written
    big = b"GGUF" + bytes(12 * 2**20)
    hub.add(ENTRY.repo, ENTRY.filename, big)
    hub.drop_after = 11 * 2**20

    pulled = dreadforge(["pull", ENTRY.name, "--yes"], tmp_path, hub)

    assert pulled.returncode == 0, pulled.stderr
    assert (tmp_path / "models" / ENTRY.filename).read_bytes() == big
    ranges = [rng for method, _path, rng in hub.requests if method == "GET"]
    assert ranges == [None, f"bytes={10 * 2**20}-"]


def test_a_file_that_fails_its_checksum_is_not_kept(tmp_path, hub):
    hub.add(ENTRY.repo, ENTRY.filename, MODEL, etag=hashlib.sha256(b"other").hexdigest())

    pulled = dreadforge(["pull", ENTRY.name, "--yes"], tmp_path, hub)

    assert pulled.returncode != 0
    assert "damaged" in pulled.stderr and "removed" in pulled.stderr
    assert not (tmp_path / "models" / ENTRY.filename).exists()


def test_unknown_model_and_unreachable_hub_are_one_line_errors(tmp_path, hub):
    unknown = dreadforge(["pull", "gpt-5"], tmp_path, hub)
    assert unknown.returncode != 0
    assert "unknown model 'gpt-5'" in unknown.stderr and ENTRY.name in unknown.stderr

    hub.files.clear()
    missing = dreadforge(["pull", ENTRY.name, "--yes"], tmp_path, hub)
    assert missing.returncode != 0
    assert f"could not reach the model hub at {hub.url.rstrip('/')} for {ENTRY.repo}" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_gemma_3_4b_is_offered_first_as_the_recommended_model_and_says_why(tmp_path):
    gemma = CATALOG["gemma-3-4b-it"]
    assert (gemma.repo, gemma.filename, gemma.licence) == (
        "bartowski/google_gemma-3-4b-it-GGUF", "google_gemma-3-4b-it-Q4_K_M.gguf",
        "Gemma Terms of Use")

    listed = dreadforge(["list"], tmp_path)

    offered = listed.stdout.split("Available with `dreadforge models pull NAME`:\n", 1)[1]
    first = offered.splitlines()[0]
    assert first.split()[0] == "gemma-3-4b-it" and "~2.5 GB" in first
    assert first.endswith("(recommended)")
    assert ("Recommended: gemma-3-4b-it, because it leads the public EQ-Bench Creative Writing "
            "v3 among small models (Elo 1113, against 703 for Llama 3.2 3B).") in listed.stdout


def test_pulling_the_recommended_model_says_why(tmp_path):
    gemma = CATALOG["gemma-3-4b-it"]
    with FakeHub() as hub:
        hub.add(gemma.repo, gemma.filename, MODEL)
        declined = dreadforge(["pull", gemma.name], tmp_path, hub, input_text="n\n")
    assert "gemma-3-4b-it: the best stories of the small models" in declined.stdout
    assert "(recommended: it leads the public EQ-Bench Creative Writing v3" in declined.stdout
    assert "Gemma Terms of Use" in declined.stdout


def test_with_several_models_pulled_the_recommended_one_is_used(tmp_path, monkeypatch):
    from providers.llama_cpp_story.catalog import resolve_model
    monkeypatch.setenv("DREADFORGE_DATA", str(tmp_path))
    (tmp_path / "models").mkdir()
    for name in ("gemma-2-2b-it", "qwen2.5-1.5b-instruct", "gemma-3-4b-it"):
        (tmp_path / "models" / CATALOG[name].filename).write_bytes(MODEL)
    (tmp_path / "models" / "aaa-my-own.gguf").write_bytes(MODEL)

    assert resolve_model("").name == "google_gemma-3-4b-it-Q4_K_M.gguf"
