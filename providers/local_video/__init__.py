"""The default video provider: an offline renderer (procedural imagery, espeak narration)."""
from core.hookspecs import hookimpl

from .provider import LocalVideoProvider

__all__ = ["LocalVideoProvider", "register_video_providers"]


@hookimpl
def register_video_providers():
    return [LocalVideoProvider]
