"""Fetch more Piper voices from the model hub into the voices folder (``dreadforge voices pull``).

Each file is downloaded with ``huggingface_hub`` (which resumes a transfer cut mid-way with an
HTTP Range request) into a staging folder, checked against the checksum the hub publishes
(sha256 for large files, the git blob sha1 for small ones) and only then moved into place, so a
failed pull leaves no half voice behind. ``HF_ENDPOINT`` points it at a mirror.
"""
import hashlib
import os
import re
import shutil
from pathlib import Path

from core.config import setting
from providers.video.audio.voices import HUB_REPO, HUB_REVISION, NEURAL_VOICES, voices_dir


class PullError(Exception):
    """A pull that did not install the voice; the message says why, for the command line."""


def _digest(path, kind):
    size = path.stat().st_size
    digest = hashlib.sha256() if kind == "sha256" else hashlib.sha1(b"blob %d\0" % size)
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _expected(etag):
    """``(kind, hex)`` of the checksum an etag carries: sha256 (LFS files) or git sha1."""
    etag = (etag or "").strip('"').removeprefix("W/").strip('"').lower()
    if re.fullmatch(r"[0-9a-f]{64}", etag):
        return "sha256", etag
    if re.fullmatch(r"[0-9a-f]{40}", etag):
        return "sha1", etag
    return None, None


def _fetch(hub_path, staging, endpoint):
    """Download one hub file into ``staging``; returns its verified local path."""
    from huggingface_hub import get_hf_file_metadata, hf_hub_download, hf_hub_url
    from huggingface_hub.errors import HfHubHTTPError

    try:
        meta = get_hf_file_metadata(hf_hub_url(HUB_REPO, hub_path, revision=HUB_REVISION,
                                               endpoint=endpoint), token=False, endpoint=endpoint)
        local = Path(hf_hub_download(HUB_REPO, hub_path, revision=HUB_REVISION, local_dir=staging,
                                     endpoint=endpoint, token=False))
    except HfHubHTTPError as exc:
        status = getattr(getattr(exc, "response", None), "status_code", None)
        raise PullError(f"The model hub refused {hub_path} (HTTP {status})") from None
    except (OSError, ValueError) as exc:  # connection refused, timeouts, size mismatches
        raise PullError(f"Could not download {hub_path}: {exc}") from None
    except Exception as exc:  # httpx transport errors are not OSErrors
        if type(exc).__module__.startswith(("httpx", "huggingface_hub")):
            raise PullError(f"Could not download {hub_path}: {exc}") from None
        raise
    kind, want = _expected(meta.etag)
    if kind is None:
        raise PullError(f"The model hub sent no checksum for {hub_path}")
    got = _digest(local, kind)
    if got != want:
        raise PullError(f"{hub_path} arrived damaged ({kind} {got[:12]}… instead of {want[:12]}…)")
    return local


def pull(name):
    """Install the curated voice ``name``; returns ``(voice, model path)``."""
    voice = NEURAL_VOICES.get(name)
    if voice is None:
        raise PullError(f"Unknown voice {name!r}; choose one of: {', '.join(NEURAL_VOICES)}")
    target = voices_dir()
    model = target / voice.filename
    endpoint = setting("HF_ENDPOINT")
    staging = target / ".pulling" / voice.name
    folder = voice.path.rsplit("/", 1)[0]
    wanted = {voice.path: model, f"{voice.path}.json": Path(f"{model}.json"),
              f"{folder}/MODEL_CARD": target / f"{voice.filename[:-5]}.MODEL_CARD"}
    try:
        staging.mkdir(parents=True, exist_ok=True)
        fetched = {hub_path: _fetch(hub_path, staging, endpoint) for hub_path in wanted}
        for hub_path, local in fetched.items():
            os.replace(local, wanted[hub_path])
    finally:
        shutil.rmtree(target / ".pulling", ignore_errors=True)
    return voice, model
