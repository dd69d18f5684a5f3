"""The default story provider: an offline, seeded procedural writer (no model, no network).

``writer`` builds stories from the form, ``revise`` reviews and revises existing text; the
vocabulary lives in ``phrasebank`` and the sentence shapes in ``templates``.
"""
from core.hookspecs import hookimpl
from core.providers import StoryProvider, StoryResult, no_progress

from . import revise
from .writer import StoryWriter


class LocalStoryProvider(StoryProvider):
    name = "local"
    label = "Local writer (offline)"

    def generate(self, request, progress=no_progress):
        title, content = StoryWriter(request).write(progress)
        return StoryResult(title=title, content=content)

    def suggest(self, content, kind="improvement", progress=no_progress):
        return revise.suggest(content, kind, progress)

    def enhance(self, content, mode, progress=no_progress):
        return revise.enhance(content, mode, progress)


@hookimpl
def register_story_providers():
    return [LocalStoryProvider]
