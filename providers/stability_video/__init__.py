"""Video provider using Stability's image generation (optional extra `[stability]`)."""
from core.hookspecs import hookimpl
from core.providers import VideoProvider


class StabilityVideoProvider(VideoProvider):
    name = "stability"
    label = "Stability AI key images"


@hookimpl
def register_video_providers():
    return [StabilityVideoProvider]
