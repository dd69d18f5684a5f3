"""The plan a model story is written from: asked of the model as JSON, validated, or the engine's.

The plan has the shape of the story engine's (``providers.local_story.plan.build_plan``): logline,
title, premise, theme, cast, places, twist and beats, each beat with the words it should take (the
words sum to the requested length). A model's answer that is not JSON, or lacks a title or beats,
is not used: the engine's plan for the same request is, so a small model still gets a structure.
"""
import json
import logging
import re

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from . import prompts

log = logging.getLogger(__name__)

_TEXT = validate.Length(max=600)


class _Part(Schema):
    class Meta:
        unknown = EXCLUDE


class CastMember(_Part):
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    role = fields.String(load_default="character", validate=validate.Length(max=80))
    pronouns = fields.String(load_default="they/them", validate=validate.Length(max=40))
    want = fields.String(load_default="", validate=_TEXT)


class Place(_Part):
    name = fields.String(required=True, validate=validate.Length(min=1, max=120))
    description = fields.String(load_default="", validate=_TEXT)


class Twist(_Part):
    reveal = fields.String(load_default="", validate=_TEXT)
    clues = fields.List(fields.String(validate=_TEXT), load_default=list)


class Beat(_Part):
    kind = fields.String(load_default="beat", validate=validate.Length(max=40))
    purpose = fields.String(load_default="", validate=_TEXT)
    summary = fields.String(required=True, validate=validate.Length(min=3, max=1000))
    state_change = fields.String(load_default="", validate=_TEXT)


class ModelPlan(_Part):
    """What a model's plan must hold to be used."""

    title = fields.String(required=True, validate=validate.Length(min=1, max=120))
    logline = fields.String(load_default="", validate=_TEXT)
    premise = fields.String(load_default="", validate=validate.Length(max=1500))
    theme = fields.String(load_default="", validate=_TEXT)
    cast = fields.List(fields.Nested(CastMember), load_default=list,
                       validate=validate.Length(max=12))
    places = fields.List(fields.Nested(Place), load_default=list,
                         validate=validate.Length(max=12))
    twist = fields.Nested(Twist, load_default=lambda: {"reveal": "", "clues": []})
    beats = fields.List(fields.Nested(Beat), required=True,
                        validate=validate.Length(min=1, max=len(prompts.BEAT_KINDS) + 4))


_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)


def parse_model_plan(text, length_words):
    """The model's answer as a plan with words per beat, or None when it is unusable."""
    text = _FENCE.sub("", (text or "").strip())
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        data = json.loads(text[start:end + 1])
        plan = ModelPlan().load(data)
    except (ValueError, ValidationError) as err:
        log.info("the model's plan is unusable: %s", str(err)[:300])
        return None
    plan["title"] = plan["title"].strip().strip("\"'“”")
    if not plan["title"]:
        return None
    share_words(plan["beats"], length_words)
    return plan


def share_words(beats, length_words):
    """Give each beat its share of the length (the shares sum to ``length_words``)."""
    total = max(len(beats), int(length_words or 0))
    base, extra = divmod(total, len(beats))
    for index, beat in enumerate(beats):
        beat["words"] = base + (1 if index < extra else 0)


def engine_plan(request):
    """The story engine's plan for this request (the fallback for an unusable model plan)."""
    from providers.local_story.plan import build_plan

    plan = dict(build_plan(request))
    plan["beats"] = [dict(beat) for beat in plan["beats"]]
    if sum(int(beat.get("words") or 0) for beat in plan["beats"]) <= 0:
        share_words(plan["beats"], request.length_words)
    return plan
