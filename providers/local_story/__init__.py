"""The default story provider: an offline story engine (no model, no network).

``plan`` turns the form into a plan (logline, cast, places, twist, beats), ``prose`` writes each
beat from it (``engine`` runs both and fits the length), ``revise`` reviews and revises existing
text through a plan recovered from it. Phrase banks are data modules (``beatbank``,
``atmosphere``, ``worlds``, ``genres``, ``threads``).
"""
from core.hookspecs import hookimpl
from core.providers import StoryProvider, no_progress

from . import cowrite, revise, typed_plan
from .engine import write_story
from .plan import build_plan


class LocalStoryProvider(StoryProvider):
    name = "local"
    label = "Local writer (offline)"

    def outline(self, request, progress=no_progress):
        progress(10, "Planning the story")
        plan = typed_plan.to_typed(build_plan(request), request)
        progress(100, "Plan ready")
        return plan

    def generate(self, request, progress=no_progress, plan=None):
        if plan is None:
            result = write_story(request, progress)
            result.plan = typed_plan.to_typed(result.plan, request)
            return result
        result = write_story(request, progress, typed_plan.from_typed(build_plan(request), plan))
        result.content = typed_plan.tell_authored(result.content, plan)
        result.plan = plan
        if plan.get("title"):
            result.title = plan["title"]
        return result

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
