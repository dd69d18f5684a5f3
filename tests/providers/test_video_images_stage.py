"""``[video] images``: scene pictures from an OpenAI-compatible images endpoint (a fake one on a
real socket), with prompts from the plan that describe each character the same in every scene;
``plugins check`` validates the choice and its options."""
import numpy as np
import pytest
from PIL import Image

from core.plugins import PluginHost
from core.providers import ProviderError, VideoRenderRequest
from providers.local_video import LocalVideoProvider
from tests.fakes.openai_images import FakeImagesServer
from tests.providers.video_plans import GONDOLA, GONDOLA_LINES


def provider(server, **options):
    video = LocalVideoProvider()
    video.images = ("openai", {"base_url": server.base_url, "model": "flux-schnell", "size": "512x288",
                               "api_key_env": "FAKE_IMAGES_KEY", **options})
    return video


def request(**extra):
    return VideoRenderRequest(title="Last Cabin Down", paragraphs=GONDOLA_LINES, script=GONDOLA_LINES,
                              plan=GONDOLA, duration=16, resolution="480p", frame_rate=24, seed=3,
                              animation_style="Horror Classic", **extra)


def test_scene_pictures_come_from_the_images_endpoint_with_one_description_per_character(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_IMAGES_KEY", "sk-fake")
    with FakeImagesServer() as server:
        result = provider(server).render(request(), tmp_path)
    asked = [r for r in server.requests if r["path"] == "/v1/images/generations"]
    assert len(asked) == len(GONDOLA_LINES)
    assert all(r["body"]["model"] == "flux-schnell" and r["body"]["size"] == "512x288" for r in asked)
    assert all({k.lower(): v for k, v in r["headers"].items()}["authorization"] == "Bearer sk-fake" for r in asked)
    prompts = [r["body"]["prompt"] for r in asked]
    giulia = "Giulia, a woman, the lift operator in a red jacket, the same face and clothes in every picture"
    assert all(giulia in p for p in prompts)
    assert "the man, a man, a man in a frozen orange snowsuit, the same face and clothes in every picture" in prompts[1]
    assert all("black and white horror film still" in p for p in prompts)  # the animation style
    assert all("the gondola station" in p and "snowy weather" in p for p in prompts)
    # the pictures are the endpoint's (flat colours, one per scene), not painted
    assert len(result.scenes) == 2
    thumbs = [np.asarray(Image.open(tmp_path / s["thumbnail"]), np.float32) for s in result.scenes]
    assert np.abs(thumbs[0] - thumbs[-1]).mean() > 10


def test_an_endpoint_that_refuses_fails_the_render_with_its_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_IMAGES_KEY", "sk-fake")
    with FakeImagesServer() as server:
        server.fail_with = 400
        with pytest.raises(ProviderError, match="refused the picture \\(400\\).*safety system"):
            provider(server, max_retries=0).render(request(), tmp_path)


def test_a_missing_key_is_named(tmp_path, monkeypatch):
    monkeypatch.delenv("FAKE_IMAGES_KEY", raising=False)
    with FakeImagesServer() as server, pytest.raises(ProviderError, match="FAKE_IMAGES_KEY is not set"):
        provider(server).render(request(), tmp_path)


def problems(config):
    host = PluginHost("plugins.toml", load_entrypoints=False, config=config)
    return [p.format("plugins.toml") for p in host.problems()]


def test_plugins_check_validates_the_images_stage(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    assert problems({"video": {"provider": "local", "images": "openai"}}) == []
    assert problems({"video": {"images": "midjourney"}}) == [
        "plugins.toml:video.images: unknown image source 'midjourney' (available: local, openai, stability)"]
    assert problems({"video": {"images": "openai", "openai": {"size": "huge", "base_url": "ftp://x"}}}) == [
        "plugins.toml:video.openai.base_url: must be an http(s) URL",
        "plugins.toml:video.openai.size: must be WIDTHxHEIGHT or auto"]
    monkeypatch.delenv("OPENAI_API_KEY")
    assert problems({"video": {"images": "openai"}}) == [
        "plugins.toml:video.openai.api_key_env: environment variable OPENAI_API_KEY is not set"]
    assert problems({"video": {"images": "local"}}) == []


def test_the_host_hands_the_images_choice_to_the_video_provider():
    host = PluginHost("plugins.toml", load_entrypoints=False,
                      config={"video": {"images": "openai", "openai": {"model": "dall-e-3"}}})
    video = host.video_provider()
    assert video.images == ("openai", {"model": "dall-e-3"})
