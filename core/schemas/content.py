"""What the story and video shapes share: the creation form's fields, visibility, counts, author."""
from marshmallow import fields, validate

from core import choices
from core.schemas.common import AuthorSchema, InputSchema, UTCDateTime


def stored_choice(options, **kwargs):
    """A choice as stored: one of the list, or empty where the form left it out."""
    return fields.String(validate=validate.OneOf((*options, "")), **kwargs)


class ContentSchema(InputSchema):
    id = fields.Integer()
    user_id = fields.Integer(data_key="userId")
    title = fields.String()
    content = fields.String()
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


# API name -> model attribute of the writable fields both stories and videos have
CONTENT_FIELDS = {
    "title": "title", "content": "content", "genre": "genre", "mood": "mood",
    "characters": "characters", "setting": "setting", "intensity": "intensity",
    "timeOfDay": "time_of_day", "weatherCondition": "weather_condition",
    "protagonist": "protagonist", "antagonist": "antagonist",
    "includeDialogue": "include_dialogue", "includeDescription": "include_description",
    "narrativePerspective": "narrative_perspective", "pacing": "pacing",
    "keyElements": "key_elements", "plotTwist": "plot_twist", "customPrompt": "custom_prompt",
    "isPublic": "is_public", "allowComments": "allow_comments",
}
