"""A story writer made before plans, loaded into a worker through DREADFORGE_PLUGIN_MODULES: no
``outline``, and a ``generate`` that takes no plan. The plan calls fall back to the engine."""
from core.hookspecs import hookimpl
from core.providers import StoryProvider, StoryResult, no_progress


class PlanlessStoryProvider(StoryProvider):
    name = "planless"
    label = "A writer without plans (tests)"

    def generate(self, request, progress=no_progress):
        return StoryResult(title="Planless", content=f"Something waited in {request.setting}.")


@hookimpl
def register_story_providers():
    return [PlanlessStoryProvider]
