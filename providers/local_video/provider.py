"""``LocalVideoProvider``: the offline renderer (procedural imagery, espeak narration)."""
from pathlib import Path

from core.providers import ProviderError, VideoProvider, VideoRenderRequest, no_progress
from providers.video import pipeline


class LocalVideoProvider(VideoProvider):
    name = "local"
    label = "Local renderer (offline)"

    def __init__(self, options=None):
        super().__init__(options)
        self.last_timings = {}

    def voices(self):
        from providers.video.audio import voices
        return voices.describe()

    def render(self, request: VideoRenderRequest, out_dir: Path, progress=no_progress):
        self.last_timings = {}
        try:
            return pipeline.render(request, Path(out_dir), progress, self.max_height,
                                   timings=self.last_timings)
        except ProviderError:
            raise
        except MemoryError:
            raise ProviderError("The render ran out of memory") from None
        except OSError as exc:
            raise ProviderError(f"The render could not write its files: {exc.strerror or exc}") from exc
