"""Video provider using Stability's image generation (optional extra `[stability]`).

One key image per scene comes from Stability's gRPC API (``stability_sdk`` stubs, imported only
when rendering); the offline compositor of ``local`` adds camera motion, narration, music and
subtitles::

    [video]
    provider = "stability"
    [video.stability]
    api_key_env = "STABILITY_KEY"
    host = "grpc.stability.ai:443"
    engine = "stable-diffusion-xl-1024-v1-0"
"""
from core.hookspecs import hookimpl

from .provider import StabilityVideoProvider

__all__ = ["StabilityVideoProvider", "register_video_providers"]


@hookimpl
def register_video_providers():
    return [StabilityVideoProvider]
