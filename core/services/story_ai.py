"""Story AI on the queue: outline, generate, suggest and enhance run as jobs through the active
provider. A plan (``core.story_plan``) travels as its JSON: in the generate job's payload when the
author sent one, in the outline's and the generation's results."""
import inspect
import logging
import random

from marshmallow import ValidationError

from core.jobs import enqueue
from core.plugins import plugin_host
from core.providers import StoryRequest
from core.services import series_next
from core.story_plan import dump_plan, load_plan

log = logging.getLogger(__name__)


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


def with_previous(payload, user, body):
    """The next part of a series (``seriesId``, your own): the previous part's plan goes along."""
    previous = series_next.seed_for(body.get("seriesId"), user)
    if previous is not None:
        payload["previous"] = previous
    return payload


def start_generate(user, body, timeout):
    """``body["plan"]``, when given, is a loaded plan: the story is written from it."""
    payload = {"request": story_request(body).to_dict()}
    if body.get("plan") is not None:
        payload["plan"] = dump_plan(body["plan"])
    return enqueue("story.generate", user=user, queue="stories", timeout=timeout,
                   payload=with_previous(payload, user, body))


def start_outline(user, body, timeout):
    return enqueue("story.outline", user=user, queue="stories", timeout=timeout,
                   payload=with_previous({"request": story_request(body).to_dict()}, user, body))


def start_suggest(user, content, kind, timeout):
    return enqueue("story.suggest", user=user, queue="stories", timeout=timeout,
                   payload={"content": content, "type": kind})


def start_enhance(user, content, mode, timeout, story_id=None):
    return enqueue("story.enhance", user=user, queue="stories", timeout=timeout,
                   payload={"content": content, "type": mode, "storyId": story_id})


def typed(plan):
    """``plan`` as StoryPlanSchema JSON, or None when it is not one (a provider's own shape)."""
    if plan is None:
        return None
    try:
        return dump_plan(load_plan(plan))
    except ValidationError as error:
        log.warning("a story provider returned a plan that is not a story plan: %s", error.messages)
        return None


def takes_plan(provider):
    """Whether ``provider.generate`` writes from a plan (a provider made before plans did not)."""
    return "plan" in inspect.signature(provider.generate).parameters


def run_generate(job, progress, app):
    progress(2, "Summoning the story")
    request, plan = StoryRequest(**job.payload["request"]), job.payload.get("plan")
    host = plugin_host(app)
    provider = host.story_provider()
    if plan is None and job.payload.get("previous"):  # the next part: from the series' plan
        plan = series_next.continue_plan(job.payload["previous"], outline(host, request, progress))
    if plan is None:
        result = provider.generate(request, progress)
    else:  # the engine writes from the plan when the active writer cannot
        provider = provider if takes_plan(provider) else host.default_provider("story")
        result = provider.generate(request, progress, plan=plan)
    story = {"title": result.title, "content": result.content,
             "writer": result.writer or provider.writer}
    kept = typed(result.plan) or plan  # the plan the story was written from
    if kept is not None:
        story["plan"] = kept
    return story


def run_outline(job, progress, app):
    progress(2, "Planning the story")
    request = StoryRequest(**job.payload["request"])
    plan = outline(plugin_host(app), request, progress)
    if job.payload.get("previous"):  # the next part of a series
        plan = series_next.continue_plan(job.payload["previous"], plan)
    return {"plan": dump_plan(load_plan(plan))}


def outline(host, request, progress):
    try:
        return host.story_provider().outline(request, progress)
    except NotImplementedError:  # a writer without outlines: the engine's
        return host.default_provider("story").outline(request, progress)


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
