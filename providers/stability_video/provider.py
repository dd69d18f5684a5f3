"""``StabilityVideoProvider``: one Stability key image per scene, animated by the local compositor."""
import os
from pathlib import Path

import numpy as np
from PIL import Image

from core.providers import ProviderError, VideoProvider, VideoRenderRequest, no_progress

from .options import Options
from .prompts import NEGATIVE, scene_prompt


class StabilityVideoProvider(VideoProvider):
    name = "stability"
    label = "Stability AI key images"
    Options = Options
    secret_env_options = ("api_key_env",)

    def voices(self):
        from providers.video.audio import voices
        return voices.describe()  # the narration is the local pipeline's

    def __init__(self, options=None):
        super().__init__(Options().load(dict(options or {})))
        self.last_timings = {}
        self.prompts = []

    @classmethod
    def online_problems(cls, options, timeout):
        """``plugins check --online``: a gRPC channel to ``host`` becomes ready in time."""
        from .client import channel_problem
        problem = channel_problem(options["host"], options["insecure"], timeout)
        return {"host": problem} if problem else {}

    def _key(self):
        env = self.options["api_key_env"]
        key = os.environ.get(env, "")
        if not key:
            raise ProviderError(f"Stability API key missing: environment variable {env} is not set")
        return key

    def _client(self):
        from .client import KeyImageClient
        o = self.options
        return KeyImageClient(o["host"], self._key(), o["engine"], o["steps"], o["cfg_scale"],
                              o["timeout"], o["insecure"])

    def render(self, request: VideoRenderRequest, out_dir: Path, progress=no_progress):
        from providers.video import pipeline
        from providers.video.imagery import grading
        from providers.video.imagery.image_stage import prompt_for

        from .client import sdxl_size

        self.last_timings = {}
        self.prompts = []
        with self._client() as client:
            def painter_factory(ctx):
                drawn = {}  # long paragraphs span several scenes: one key image per paragraph

                def paint(scene, width, height):
                    if scene.text in drawn:
                        return drawn[scene.text]
                    gw, gh = sdxl_size(width, height)
                    prompt, preset = scene_prompt(scene.text, request)
                    if ctx.plan is not None and hasattr(scene.shot, "shows"):  # from the plan
                        prompt = prompt_for(ctx, request, scene)
                    self.prompts.append(prompt)
                    image = client.generate(prompt, gw, gh, seed=ctx.seed + scene.index,
                                            style_preset=preset, negative=NEGATIVE,
                                            scene=scene.index + 1)
                    drawn[scene.text] = _fit(image, width, height, request.color_grading, grading)
                    return drawn[scene.text]
                return paint

            try:
                return pipeline.render(request, Path(out_dir), progress, self.max_height,
                                       painter_factory=painter_factory, timings=self.last_timings)
            except ProviderError:
                raise
            except OSError as exc:
                raise ProviderError(f"The render could not write its files: {exc.strerror or exc}") from exc


def _fit(image, width, height, color_grading, grading):
    """Centre-crop the key image to the frame's aspect, cap its size and colour-grade it."""
    w, h = image.size
    target = width / height
    if w / h > target:
        new_w = int(h * target)
        image = image.crop(((w - new_w) // 2, 0, (w - new_w) // 2 + new_w, h))
    else:
        new_h = int(w / target)
        image = image.crop((0, (h - new_h) // 2, w, (h - new_h) // 2 + new_h))
    if image.width > 1280:
        image = image.resize((1280, int(1280 / target)), Image.LANCZOS)
    img = np.asarray(image, np.float32) / 255
    img = grading.grade(img, color_grading)
    return (np.clip(img, 0, 1) * 255).astype(np.uint8)
