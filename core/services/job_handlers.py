"""The built-in job handlers, a built-in plugin (in ``core.plugins.DEFAULT_PLUGINS``): registered
through the ``register_jobs`` hook exactly as a third-party plugin registers its own. It is
``tryfirst``: pluggy calls it before the other plugins, so a kind it handles is never replaced."""
from core.hookspecs import hookimpl
from core.providers import JobHandler
from core.services import story_ai, story_cowrite, video_render


@hookimpl(tryfirst=True)
def register_jobs():
    return {
        "story.generate": JobHandler(story_ai.run_generate),
        "story.outline": JobHandler(story_ai.run_outline),
        "story.suggest": JobHandler(story_ai.run_suggest),
        "story.enhance": JobHandler(story_ai.run_enhance),
        "story.continue": JobHandler(story_cowrite.run_continue),
        "story.rewrite": JobHandler(story_cowrite.run_rewrite),
        # a render the queue lost runs again once by itself, unless it published something
        video_render.KIND: JobHandler(video_render.run_render, on_fail=video_render.on_fail,
                                      on_retry=video_render.on_retry, retry_lost=True),
    }
