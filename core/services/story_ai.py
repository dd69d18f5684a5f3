"""Story AI on the queue: generate, suggest and enhance run as jobs through the active provider."""
import random

from core.jobs import enqueue
from core.plugins import plugin_host
from core.providers import StoryRequest


def story_request(body):
    """The provider's StoryRequest from a validated generation form."""
    return StoryRequest(
        genre=body["genre"], mood=body["mood"], setting=body["setting"],
        characters=body["characters"], intensity=body["intensity"],
        length_words=body["storyLength"], time_of_day=body["timeOfDay"],
        weather=body["weatherCondition"], protagonist=body["protagonist"],
        antagonist=body["antagonist"], narrative_perspective=body["narrativePerspective"],
        pacing=body["pacing"], include_dialogue=body["includeDialogue"],
        include_description=body["includeDescription"], key_elements=body["keyElements"],
        plot_twist=body["plotTwist"], custom_prompt=body["customPrompt"],
        suggested_title=body["suggestedTitle"],
        seed=body["seed"] if body.get("seed") is not None else random.randrange(2**31))


def start_generate(user, body, timeout):
    return enqueue("story.generate", user=user, queue="stories", timeout=timeout,
                   payload={"request": story_request(body).to_dict()})


def start_suggest(user, content, kind, timeout):
    return enqueue("story.suggest", user=user, queue="stories", timeout=timeout,
                   payload={"content": content, "type": kind})


def start_enhance(user, content, mode, timeout, story_id=None):
    return enqueue("story.enhance", user=user, queue="stories", timeout=timeout,
                   payload={"content": content, "type": mode, "storyId": story_id})


def run_generate(job, progress, app):
    progress(2, "Summoning the story")
    provider = plugin_host(app).story_provider()
    result = provider.generate(StoryRequest(**job.payload["request"]), progress)
    story = {"title": result.title, "content": result.content,
             "writer": result.writer or provider.writer}
    if result.plan is not None:  # the outline the editor can show (providers without one omit it)
        story["plan"] = result.plan
    return story


def run_suggest(job, progress, app):
    progress(5, "Reading your story")
    suggestions = plugin_host(app).story_provider().suggest(
        job.payload["content"], job.payload.get("type", "improvement"), progress)
    return {"suggestions": list(suggestions)}


def run_enhance(job, progress, app):
    progress(5, "Reworking your story")
    content = plugin_host(app).story_provider().enhance(job.payload["content"],
                                                        job.payload["type"], progress)
    return {"content": content}
