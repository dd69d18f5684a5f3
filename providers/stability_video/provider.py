"""``StabilityVideoProvider``: one Stability key image per scene, animated by the local compositor."""
import os
from pathlib import Path

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
        from providers.video.imagery.image_stage import fit, prompt_for

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
                    drawn[scene.text] = fit(image, width, height, request.color_grading)
                    return drawn[scene.text]
                return paint

            try:
                return pipeline.render(request, Path(out_dir), progress, self.max_height,
                                       painter_factory=painter_factory, timings=self.last_timings)
            except ProviderError:
                raise
            except OSError as exc:
                raise ProviderError(f"The render could not write its files: {exc.strerror or exc}") from exc

