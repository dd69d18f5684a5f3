"""The default story provider: an offline, seeded procedural writer (no model, no network)."""
from core.hookspecs import hookimpl
from core.providers import StoryProvider, StoryResult


class LocalStoryProvider(StoryProvider):
    name = "local"
    label = "Local writer (offline)"

    def generate(self, request, progress=lambda p, m: None):
        progress(50, "Writing")
        title = request.suggested_title or f"{request.genre} Story in {request.setting}"
        content = (f"In {request.setting}, {request.characters} felt the {request.mood.lower()} "
                   f"air close in.")
        return StoryResult(title=title, content=content)

    def suggest(self, content, kind="improvement", progress=lambda p, m: None):
        return ["Add a sensory detail to the opening.", "Name the threat later.",
                "End on an unanswered question."]

    def enhance(self, content, mode, progress=lambda p, m: None):
        return content


@hookimpl
def register_story_providers():
    return [LocalStoryProvider]
