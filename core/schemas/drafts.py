"""Drafts: the story being written on /create (its form, title, text and plan), kept for its
author until it is saved as a story or discarded."""
from marshmallow import Schema, fields, validate

from core import choices
from core.schemas.common import Choice, InputSchema, Trimmed, UTCDateTime
from core.schemas.stories import MAX_STORY, MAX_TITLE, MAX_WRITER, PlanField, StoryParams
from core.story_plan import StoryPlanSchema


def _text(max_length, name):
    return Trimmed(load_default="", validate=validate.Length(
        max=max_length, error=f"{name} must be at most {max_length:,} characters"))


class DraftSettingsSchema(StoryParams):
    """The creation form as the author left it: the story form's fields and bounds, every one
    optional (a form half filled in is a draft too)."""

    title = _text(MAX_TITLE, "Title")
    genre = Choice(choices.GENRES, "genre", load_default="")
    mood = Choice(choices.MOODS, "mood", load_default="")
    isPublic = fields.Boolean(load_default=True)
    allowComments = fields.Boolean(load_default=True)
    allowVideos = fields.Boolean(load_default=True)


class DraftWriteSchema(InputSchema):
    """``PUT /api/drafts/current``: the whole draft (what is left out is empty)."""

    settings = fields.Nested(DraftSettingsSchema, load_default=dict, metadata={
        "description": "The creation form's fields (the title there is the one suggested)"})
    title = _text(MAX_TITLE, "Title")
    content = _text(MAX_STORY, "Story")
    writer = _text(MAX_WRITER, "Writer")
    plan = PlanField(metadata={
        "description": "The plan (the outline being edited, or the one the text was written "
                       "from); left out when there is none"})
    baseRevision = fields.Integer(allow_none=True, validate=validate.Range(
        min=1, max=2**31 - 1, error="baseRevision must be a draft's revision"), metadata={
        "description": "The draft's revision this text was written from (null: there was no "
                       "draft). When the draft has been saved since (another tab or window), "
                       "409 and nothing is written. Left out, the save replaces any draft."})
    baseDraftId = fields.Integer(allow_none=True, validate=validate.Range(
        min=1, max=2**63 - 1, error="Unknown draft"), metadata={
        "description": "With baseRevision: the draft that revision is of. A draft made since "
                       "(the known one was saved as a story or discarded) is not overwritten: 409"})


class DraftSchema(Schema):
    id = fields.Integer(required=True)
    settings = fields.Nested(DraftSettingsSchema, required=True)
    title = fields.String(required=True)
    content = fields.String(required=True)
    writer = fields.String(required=True)
    plan = fields.Nested(StoryPlanSchema, required=True, allow_none=True)
    revision = fields.Integer(required=True, metadata={
        "description": "One more at every save (send it back as baseRevision)"})
    created_at = UTCDateTime(data_key="createdAt", required=True)
    updated_at = UTCDateTime(data_key="updatedAt", required=True)
