"""What the story and video shapes share: the creation form's fields, visibility, counts, author."""
import re

from marshmallow import fields, validate

from core import choices
from core.schemas.common import AuthorSchema, InputSchema, UTCDateTime
from core.schemas.tags import TAG_FIELDS, warning_key


def stored_choice(options, **kwargs):
    """A choice as stored: one of the list, or empty where the form left it out."""
    return fields.String(validate=validate.OneOf((*options, "")), **kwargs)


class ContentSchema(InputSchema):
    id = fields.Integer()
    user_id = fields.Integer(data_key="userId")
    title = fields.String()
    content = fields.String(allow_none=True)
    genre = stored_choice(choices.GENRES)
    mood = stored_choice(choices.MOODS)
    characters = fields.String()
    setting = fields.String()
    intensity = fields.Integer()
    time_of_day = stored_choice(choices.TIMES_OF_DAY, data_key="timeOfDay")
    weather_condition = stored_choice(choices.WEATHER, data_key="weatherCondition")
    protagonist = fields.String()
    antagonist = fields.String()
    include_dialogue = fields.Boolean(data_key="includeDialogue")
    include_description = fields.Boolean(data_key="includeDescription")
    narrative_perspective = stored_choice(choices.PERSPECTIVES, data_key="narrativePerspective")
    pacing = stored_choice(choices.PACINGS)
    key_elements = fields.String(data_key="keyElements")
    plot_twist = fields.String(data_key="plotTwist")
    custom_prompt = fields.String(data_key="customPrompt")
    is_public = fields.Boolean(data_key="isPublic")
    allow_comments = fields.Boolean(data_key="allowComments")
    views = fields.Integer()
    likes_count = fields.Integer(data_key="likesCount")
    comments_count = fields.Integer(data_key="commentsCount")
    shares_count = fields.Integer(data_key="sharesCount")
    is_liked_by_user = fields.Boolean(data_key="isLikedByUser", dump_default=False)
    created_at = UTCDateTime(data_key="createdAt")
    updated_at = UTCDateTime(data_key="updatedAt")
    user = fields.Nested(AuthorSchema)
    tags = fields.List(fields.String(), dump_default=list)
    content_warnings = fields.List(warning_key(), data_key="contentWarnings", dump_default=list)
    is_mature = fields.Boolean(data_key="isMature", dump_default=False)
    mature_gate = fields.Boolean(data_key="matureGate", dump_default=False, metadata={
        "description": "Mature, and you are signed out or did not opt in (showMature): only "
                       "the card is shown; its text (and a video's files) are null"})


def without_fields(*names):
    """A class decorator: the schema without the inherited fields ``names`` (a card without the
    text). Unlike ``Meta.exclude`` the schema stays a named one in the OpenAPI document."""
    def remove(schema_class):
        for name in names:
            del schema_class._declared_fields[name]
        return schema_class
    return remove


# API name -> model attribute of the writable fields both stories and videos have
CONTENT_FIELDS = {
    "title": "title", "content": "content", "genre": "genre", "mood": "mood",
    "characters": "characters", "setting": "setting", "intensity": "intensity",
    "timeOfDay": "time_of_day", "weatherCondition": "weather_condition",
    "protagonist": "protagonist", "antagonist": "antagonist",
    "includeDialogue": "include_dialogue", "includeDescription": "include_description",
    "narrativePerspective": "narrative_perspective", "pacing": "pacing",
    "keyElements": "key_elements", "plotTwist": "plot_twist", "customPrompt": "custom_prompt",
    "isPublic": "is_public", "allowComments": "allow_comments", **TAG_FIELDS,
}


EXCERPT_LENGTH = 150  # SPEC §9: a card shows the text's first 150 characters
_TRAILING = re.compile(r"[.\s]+$")


def excerpt(text, length=EXCERPT_LENGTH):
    """A card's excerpt of ``text``, as the web app's cards made it (SPEC §2): its first
    ``length`` characters then "..." (the cut's trailing dots and spaces dropped), only when the
    text was cut."""
    value = (text or "").strip()
    if len(value) <= length:
        return value
    return _TRAILING.sub("", value[:length]) + "..."


def as_card(item, drop=("content",), source=("content",)):
    """A dumped story or video as a feed card: ``excerpt`` (of the first of ``source`` that has
    text) instead of the whole text, the fields of ``drop`` removed (the single item's endpoint
    has them)."""
    item["excerpt"] = excerpt(next((item[key] for key in source if item.get(key)), ""))
    for key in drop:
        item.pop(key, None)
    return item
