"""Story AI calls: outline, generate, suggestions, enhance and co-writing (Continue, Rewrite
this paragraph), run as jobs on the `stories` queue."""
from flask import current_app
from flask.views import MethodView

from core.api.jobs import described, wait_for
from core.auth import require_user
from core.choices import JobStatus
from core.errors import Blueprint, abort
from core.limits import enforce
from core.schemas.results import (
    ContinuedTextSchema,
    EnhancedTextSchema,
    GeneratedStorySchema,
    JobStartedSchema,
    OutlineResultSchema,
    RewritesSchema,
)
from core.schemas.stories import (
    ContinueSchema,
    EnhanceSchema,
    GenerateSchema,
    OutlineSchema,
    RewriteSchema,
    SuggestionsSchema,
    WaitArgs,
)
from core.services import stories, story_ai, story_cowrite

blp = Blueprint("story_ai", __name__, url_prefix="/api/stories",
                description="Story generation, suggestions and enhancement (background jobs)")

FAILURE_PREFIX = {"story.generate": "Generation Failed",
                  "story.outline": "Outline Failed",
                  "story.suggest": "AI Suggestions Failed",
                  "story.enhance": "Enhancement Failed",
                  "story.continue": "Continue Failed",
                  "story.rewrite": "Rewrite Failed"}


JOB_STARTED = {"description": "The job is queued or running: poll GET /api/jobs/{jobId}",
               "content": {"application/json": {"schema": {"type": "object", "properties": {
                   "jobId": {"type": "string"}, "status": {"type": "string"},
                   "progress": {"type": "integer"},
                   "message": {"type": "string", "nullable": True}}}}}}
SUGGESTIONS_DONE = {"description": "With ?wait= and the job done in time: the suggestions (SPEC: "
                                   "a list of suggestion texts)",
                    "content": {"application/json": {"schema": {
                        "type": "array", "items": {"type": "string"}}}}}


def answer(job, wait, shape):
    """202 ``{jobId}``; or, with ?wait=N and the job done in time, 200 with its result."""
    if wait:
        job = wait_for(job, wait)
        if job.status == JobStatus.COMPLETED:
            return shape(job.result), 200
        if job.status == JobStatus.FAILED:
            abort(502, message=f"{FAILURE_PREFIX[job.kind]}: {job.error}", jobId=job.id)
    job = described(job)
    return {"jobId": job.id, "status": job.status, "progress": job.progress,
            "message": job.message}, 202


def job_endpoint(body_schema, done_schema, done_what):
    """The decorators of a POST that starts a job: ``?wait=``, the body; 202 with
    ``{jobId}``, or 200 with `done_schema` when the job is done within the wait."""
    decorators = [
        blp.arguments(WaitArgs, location="query"),
        blp.arguments(body_schema),
        blp.response(202, description=JOB_STARTED["description"]),
        blp.alt_response(202, schema=JobStartedSchema, description=JOB_STARTED["description"]),
        blp.alt_response(200, schema=done_schema,
                         description=f"With ?wait= and the job done in time: {done_what}"),
    ]

    def decorate(view):
        for decorator in reversed(decorators):
            view = decorator(view)
        return view
    return decorate


def timeout():
    return current_app.config["JOB_TIMEOUT_STORY"]


@blp.route("/generate")
class Generate(MethodView):
    @job_endpoint(GenerateSchema, GeneratedStorySchema, "the story and its plan")
    def post(self, args, body):
        """Write a story from the creation form (job on the `stories` queue); with a `plan`
        (an outline, edited), from that plan. The result returns the plan it was written from."""
        user = require_user()
        enforce("generation")
        job = story_ai.start_generate(user, body, timeout())
        return answer(job, args["wait"], lambda result: result)


@blp.route("/outline")
class Outline(MethodView):
    @job_endpoint(OutlineSchema, OutlineResultSchema, "the plan")
    def post(self, args, body):
        """Plan the story the creation form asks for, without prose (job on the `stories`
        queue; result: {plan}): cast, places, key elements, twist and beats to edit, then send
        to /api/stories/generate as `plan`."""
        user = require_user()
        enforce("generation")
        job = story_ai.start_outline(user, body, timeout())
        return answer(job, args["wait"], lambda result: result)


@blp.route("/suggestions")
class Suggestions(MethodView):
    @blp.arguments(WaitArgs, location="query")
    @blp.arguments(SuggestionsSchema)
    @blp.response(202)
    @blp.doc(responses={"202": JOB_STARTED, "200": SUGGESTIONS_DONE})
    def post(self, args, body):
        """3-5 concrete suggestions for the text (job result: {suggestions: [...]}; with ?wait=,
        the list itself)."""
        user = require_user()
        enforce("generation")
        job = story_ai.start_suggest(user, body["content"], body["type"], timeout())
        return answer(job, args["wait"], lambda result: result["suggestions"])


def _enhance(args, body, story_id=None):
    user = require_user()
    if story_id is not None:
        stories.owned(story_id, user)
    enforce("generation")
    job = story_ai.start_enhance(user, body["content"], body["type"], timeout(), story_id)
    return answer(job, args["wait"], lambda result: result)


@blp.route("/enhance")
class Enhance(MethodView):
    @job_endpoint(EnhanceSchema, EnhancedTextSchema, "the revised text")
    def post(self, args, body):
        """Revise text not yet saved: expand, shorten, enhance or continue (result: {content})."""
        return _enhance(args, body)


@blp.route("/<int:story_id>/enhance")
class EnhanceStory(MethodView):
    @job_endpoint(EnhanceSchema, EnhancedTextSchema, "the revised text")
    def post(self, args, body, story_id):
        """Revise your story's text: expand, shorten, enhance or continue (result: {content})."""
        return _enhance(args, body, story_id)


def _cowrite(start, args, body, story_id=None):
    user = require_user()
    story = stories.owned(story_id, user) if story_id is not None else None
    enforce("generation")
    job = start(user, body, timeout(), story)
    return answer(job, args["wait"], lambda result: result)


@blp.route("/continue")
class Continue(MethodView):
    @job_endpoint(ContinueSchema, ContinuedTextSchema, "the text written on")
    def post(self, args, body):
        """Write on from the end of the text, in its voice (from the plan when one is sent);
        result: {content: the whole text, added: the new part, writer}."""
        return _cowrite(story_cowrite.start_continue, args, body)


@blp.route("/<int:story_id>/continue")
class ContinueStory(MethodView):
    @job_endpoint(ContinueSchema, ContinuedTextSchema, "the text written on")
    def post(self, args, body, story_id):
        """Write on from the end of your story's text (from its saved plan when it has one)."""
        return _cowrite(story_cowrite.start_continue, args, body, story_id)


@blp.route("/rewrite")
class Rewrite(MethodView):
    @job_endpoint(RewriteSchema, RewritesSchema, "the three rewritings")
    def post(self, args, body):
        """Three different rewritings of one paragraph (0-based index) to pick from; result:
        {paragraph, alternatives: [3], contents: [the whole text with each in place], writer}."""
        return _cowrite(story_cowrite.start_rewrite, args, body)


@blp.route("/<int:story_id>/rewrite")
class RewriteStory(MethodView):
    @job_endpoint(RewriteSchema, RewritesSchema, "the three rewritings")
    def post(self, args, body, story_id):
        """Three different rewritings of one paragraph of your story (its plan when it has one)."""
        return _cowrite(story_cowrite.start_rewrite, args, body, story_id)
