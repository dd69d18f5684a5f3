"""The default story provider: an offline story engine (no model, no network).

``plan`` reads the form into a typed plan (cast, places, key elements, twist, instructions) and
``beats`` gives it a sequence of beats, each caused by the one before; ``prose`` writes the story
from that plan, beat by beat, from the tagged phrase banks in ``data/``; ``revise`` reviews and
revises existing text.
"""
from core.hookspecs import hookimpl
from core.providers import StoryProvider, StoryResult, no_progress
from core.story_plan import dump_plan, load_plan

from . import cowrite, revise
from .plan import make_plan, renamed_cast, renamed_elements
from .prose import write


class LocalStoryProvider(StoryProvider):
    name = "local"
    label = "Local writer (offline)"

    def outline(self, request, progress=no_progress):
        progress(5, "Planning the story")
        plan = dump_plan(make_plan(request))
        progress(100, "Finalizing")
        return plan

    def generate(self, request, progress=no_progress, plan=None):
        progress(5, "Planning the story")
        typed = renamed_cast(renamed_elements(load_plan(plan)), request) if plan else make_plan(request)
        title, content = write(request, typed, progress)
        typed.title = title
        progress(100, "Finalizing")
        return StoryResult(title=title, content=content, plan=dump_plan(typed))

    def suggest(self, content, kind="improvement", progress=no_progress):
        return revise.suggest(content, kind, progress)

    def enhance(self, content, mode, progress=no_progress):
        return revise.enhance(content, mode, progress)

    # co-writing (``cowrite``)

    @property
    def writer(self):
        return "Offline engine"

    def continue_story(self, content, plan=None, words=0, progress=no_progress):
        return cowrite.continue_story(content, plan, words, progress)

    def rewrite_paragraph(self, content, index, plan=None, progress=no_progress):
        return cowrite.rewrite_paragraph(content, index, plan, progress,
                                         count=self.REWRITE_ALTERNATIVES)


@hookimpl
def register_story_providers():
    return [LocalStoryProvider]
