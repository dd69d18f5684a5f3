"""A story provider that takes its time (for the job tests: progress, timeouts, killed workers)."""
import os
import time

from core.hookspecs import hookimpl
from core.providers import ProviderError, StoryProvider, StoryResult


class SlowStoryProvider(StoryProvider):
    name = "slow"

    def generate(self, request, progress=lambda p, m: None):
        steps = int(os.environ.get("SLOW_STEPS", "20"))
        for step in range(steps):
            time.sleep(0.25)
            progress(int(100 * (step + 1) / (steps + 1)), f"Step {step + 1} of {steps}")
        if request.custom_prompt == "fail":
            raise ProviderError("The slow provider refused this prompt.")
        return StoryResult(title="Slow", content="It took a while.")


@hookimpl
def register_story_providers():
    return [SlowStoryProvider]
