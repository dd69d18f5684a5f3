"""``LocalVideoProvider``: the offline renderer (procedural imagery, espeak narration); its scene
pictures can come from an image model instead (``[video] images``, see ``imagery.image_stage``)."""
from pathlib import Path

from core.providers import ProviderError, VideoProvider, VideoRenderRequest, no_progress
from providers.video import pipeline


class LocalVideoProvider(VideoProvider):
    name = "local"
    label = "Local renderer (offline)"

    def __init__(self, options=None):
        super().__init__(options)
        self.last_timings = {}
        self.images = ("local", {})  # ``[video] images`` and its options (set by the plugin host)
        self.image_source = None

    def preload(self):
        """Load the installed neural voices now (the worker calls this before it forks a process
        per render, so a render does not spend a second loading its voice)."""
        from providers.video.audio import piper_voice, voices
        for path in voices.installed().values():
            piper_voice.load(path)

    def voices(self):
        from providers.video.audio import voices
        return voices.describe()

    def render(self, request: VideoRenderRequest, out_dir: Path, progress=no_progress):
        self.last_timings = {}
        source, options = self.images
        if source == "stability":  # its key images, this pipeline around them
            from providers.stability_video import StabilityVideoProvider
            self.image_source = StabilityVideoProvider(options)
            self.image_source.max_height = self.max_height
            return self.image_source.render(request, out_dir, progress)
        painter_factory = pipeline.local_painter
        if source == "openai":
            from providers.video.imagery.image_stage import painter_factory as remote
            from providers.video.imagery.openai_images import OpenAIImages
            self.image_source = OpenAIImages(options)
            painter_factory = remote(self.image_source, request)
        try:
            return pipeline.render(request, Path(out_dir), progress, self.max_height,
                                   painter_factory=painter_factory, timings=self.last_timings)
        except ProviderError:
            raise
        except MemoryError:
            raise ProviderError("The render ran out of memory") from None
        except OSError as exc:
            raise ProviderError(f"The render could not write its files: {exc.strerror or exc}") from exc
