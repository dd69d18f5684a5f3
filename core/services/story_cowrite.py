"""Co-writing on the queue: Continue and Rewrite this paragraph run as jobs through the active
story provider (``continue_story``, ``rewrite_paragraph``), like the other story AI calls."""
from core import paragraphs
from core.jobs import enqueue
from core.plugins import plugin_host
from core.story_plan import dump_plan


def _plan(body, story):
    """The plan the writer follows: the body's, else the story's saved one, else none."""
    if body.get("plan") is not None:
        return dump_plan(body["plan"])
    return getattr(story, "plan", None) if story is not None else None


def start_continue(user, body, timeout, story=None):
    return enqueue("story.continue", user=user, queue="stories", timeout=timeout,
                   payload={"content": body["content"], "plan": _plan(body, story),
                            "words": body["words"], "storyId": story and story.id})


def start_rewrite(user, body, timeout, story=None):
    return enqueue("story.rewrite", user=user, queue="stories", timeout=timeout,
                   payload={"content": body["content"], "plan": _plan(body, story),
                            "paragraph": body["paragraph"], "storyId": story and story.id})


def run_continue(job, progress, app):
    progress(5, "Reading your story")
    provider = plugin_host(app).story_provider()
    content = job.payload["content"]
    added = provider.continue_story(content, job.payload.get("plan"),
                                    job.payload.get("words") or 0, progress)
    return {"content": paragraphs.appended(content, added), "added": added,
            "writer": provider.writer}


def run_rewrite(job, progress, app):
    progress(5, "Reading your story")
    provider = plugin_host(app).story_provider()
    content, index = job.payload["content"], job.payload["paragraph"]
    alternatives = provider.rewrite_paragraph(content, index, job.payload.get("plan"), progress)
    return {"paragraph": index, "alternatives": list(alternatives),
            "contents": [paragraphs.replaced(content, index, text) for text in alternatives],
            "writer": provider.writer}
