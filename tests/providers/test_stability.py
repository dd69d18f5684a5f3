"""The stability video provider, driven through the real SDK stubs against a local gRPC server."""
import socket
import subprocess
import sys

import pytest
from marshmallow import ValidationError

from core.providers import ProviderError, VideoRenderRequest
from providers.stability_video import StabilityVideoProvider, register_video_providers
from providers.stability_video.client import sdxl_size
from providers.stability_video.prompts import scene_prompt
from providers.video.encode import encoder

pytest.importorskip("stability_sdk")
pytest.importorskip("grpc")

from tests.fakes.stability_server import FakeStability  # noqa: E402

KEY = "sk-test-key"
STORY = ["The lighthouse keeper heard knocking from below the rocks every night at midnight.",
         "When he finally went down with a lantern, the forbidden door in the cliff stood open."]


def make_request(**overrides):
    values = dict(title="The Keeper", paragraphs=STORY, genre="Cosmic Horror", mood="Ominous",
                  setting="a lighthouse", time_of_day="Midnight", weather="Stormy", duration=10,
                  resolution="720p", frame_rate=24, animation_style="Dark Gothic", seed=3)
    values.update(overrides)
    return VideoRenderRequest(**values)


@pytest.fixture
def fake():
    with FakeStability(key=KEY) as server:
        yield server


@pytest.fixture
def provider(fake, monkeypatch):
    monkeypatch.setenv("STABILITY_TEST_KEY", KEY)
    options = StabilityVideoProvider.Options().load(
        {"host": fake.host, "insecure": True, "api_key_env": "STABILITY_TEST_KEY", "steps": 20,
         "timeout": 20})
    return StabilityVideoProvider(options)


def test_options_defaults_and_secret():
    options = StabilityVideoProvider.Options().load({})
    assert options == {"api_key_env": "STABILITY_KEY", "host": "grpc.stability.ai:443",
                       "engine": "stable-diffusion-xl-1024-v1-0", "steps": 30, "cfg_scale": 7.0,
                       "timeout": 120.0, "insecure": False}
    assert StabilityVideoProvider.secret_env_options == ("api_key_env",)
    assert register_video_providers() == [StabilityVideoProvider]
    with pytest.raises(ValidationError):
        StabilityVideoProvider.Options().load({"steps": 2})
    with pytest.raises(ValidationError):
        StabilityVideoProvider.Options().load({"host": "no port here"})


def test_module_imports_without_the_sdk():
    code = ("import sys; sys.modules['stability_sdk'] = None; sys.modules['grpc'] = None\n"
            "import providers.stability_video as s\n"
            "from core.providers import ProviderError\n"
            "p = s.StabilityVideoProvider(s.StabilityVideoProvider.Options().load({}))\n"
            "import os; os.environ['STABILITY_KEY'] = 'k'\n"
            "try:\n    p.render(None, '.', lambda *a: None)\n"
            "except ProviderError as e:\n    print('ERR', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "ERR" in out.stdout and "stability" in out.stdout


def test_prompt_carries_the_scene_and_settings():
    prompt, preset = scene_prompt(STORY[0], make_request())
    assert prompt.startswith("The lighthouse keeper heard knocking")
    for word in ("gothic", "cosmic horror", "ominous", "midnight", "stormy"):
        assert word in prompt.lower()
    assert preset == "fantasy-art"
    assert sdxl_size(1280, 720) == (1344, 768) and sdxl_size(406, 720) == (768, 1344)


@pytest.mark.slow
def test_render_over_grpc_makes_a_video(provider, fake, tmp_path):
    events = []
    result = provider.render(make_request(), tmp_path, lambda pct, msg: events.append((pct, msg)))
    info = encoder.probe(result.video_path)
    assert (info["width"], info["height"]) == (1280, 720) and info["fps"] == 24
    assert abs(info["duration"] - 10) <= 1 and info["audio_codec"] == "aac"
    assert result.poster_path.exists() and result.subtitles_path.read_text().startswith("WEBVTT")
    assert len(fake.requests) >= 1
    req = fake.requests[0]
    assert req.engine_id == "stable-diffusion-xl-1024-v1-0"
    assert (req.image.width, req.image.height) == (1344, 768) and req.image.steps == 20
    assert "lighthouse" in req.prompt[0].text and req.prompt[1].parameters.weight < 0
    assert fake.metadata[0]["authorization"] == f"Bearer {KEY}"
    percents = [p for p, _ in events]
    assert percents == sorted(percents) and percents[-1] == 100
    assert "Painting scenes" in {m for _, m in events}


def test_bad_key_is_a_readable_error(provider, fake, tmp_path, monkeypatch):
    monkeypatch.setenv("STABILITY_TEST_KEY", "sk-wrong")
    with pytest.raises(ProviderError, match="rejected the API key"):
        provider.render(make_request(), tmp_path)


def test_missing_key_variable(provider, tmp_path, monkeypatch):
    monkeypatch.delenv("STABILITY_TEST_KEY")
    with pytest.raises(ProviderError, match="STABILITY_TEST_KEY is not set"):
        provider.render(make_request(), tmp_path)


@pytest.mark.parametrize("mode,message", [
    ("refuse", "content filter refused the prompt for scene \\d+"),
    ("filter_image", "content filter refused the prompt for scene \\d+"),
    ("invalid_prompt", "refused the request for scene \\d+: Invalid prompts detected"),
])
def test_refused_prompt_is_a_readable_error(provider, fake, tmp_path, mode, message):
    fake.mode = mode
    fake.refuse_words = {"forbidden"}  # only the second paragraph is refused
    with pytest.raises(ProviderError, match=message):
        provider.render(make_request(), tmp_path)
    assert not (tmp_path / "video.mp4").exists()


@pytest.mark.xfail(strict=False, reason="since scenes come from the plan, the fake's drop after one "
                   "image no longer falls on a scene the render still needs; to be re-aimed (issue 41)")
def test_dropped_connection_is_a_readable_error(provider, fake, tmp_path):
    fake.mode = "drop"
    fake.drop_after = 1
    with pytest.raises(ProviderError, match=r"connection to Stability \(127\.0\.0\.1:\d+\) was lost "
                                            r"while drawing scene \d+: connection reset by peer"):
        provider.render(make_request(), tmp_path)


def test_unreachable_server_is_a_readable_error(tmp_path, monkeypatch):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("STABILITY_TEST_KEY", KEY)
    provider = StabilityVideoProvider(StabilityVideoProvider.Options().load(
        {"host": f"127.0.0.1:{port}", "insecure": True, "api_key_env": "STABILITY_TEST_KEY",
         "timeout": 5}))
    with pytest.raises(ProviderError, match="connection to Stability"):
        provider.render(make_request(), tmp_path)
