"""A well-behaved third-party plugin touching the remaining hooks: a story and a video provider,
a moderation filter, a blueprint and a job."""
from flask import Blueprint
from marshmallow import Schema, fields

from core.hookspecs import hookimpl
from core.providers import ModerationFilter, StoryProvider, StoryResult, Verdict, VideoProvider


class EchoOptions(Schema):
    prefix = fields.String(required=True)
    key_env = fields.String(load_default=None)


class EchoStory(StoryProvider):
    name = "echo"
    Options = EchoOptions
    secret_env_options = ("key_env",)

    def generate(self, request, progress=None):
        return StoryResult(title=f"{self.options['prefix']} {request.setting}",
                           content=request.characters)


class StillVideo(VideoProvider):
    name = "still"


class ShoutFilter(ModerationFilter):
    name = "shout"

    def check(self, text, kind):
        return Verdict("reject", "no shouting") if text.isupper() else None


@hookimpl
def register_story_providers():
    return [EchoStory]


@hookimpl
def register_video_providers():
    return [StillVideo]


@hookimpl
def register_moderation_filters():
    return [ShoutFilter]


extra = Blueprint("extras", __name__)


@extra.route("/extras/ping")
def ping():
    return {"pong": True}


@hookimpl
def register_blueprints(app):
    return [extra]


def count_words(job, progress, app):
    return {"words": len(job.payload["text"].split())}


@hookimpl
def register_jobs():
    return {"extras.count_words": count_words}
