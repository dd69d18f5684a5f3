"""What the story and video shapes share: the creation form's fields, visibility, counts, author."""
from marshmallow import fields

from core.schemas.common import AuthorSchema, InputSchema, UTCDateTime


class ContentSchema(InputSchema):
    id = fields.Integer()
    userId = fields.Integer(attribute="user_id")
    title = fields.String()
    content = fields.String()
    genre = fields.String()
    mood = fields.String()
    characters = fields.String()
    setting = fields.String()
    intensity = fields.Integer()
    timeOfDay = fields.String(attribute="time_of_day")
    weatherCondition = fields.String(attribute="weather_condition")
    protagonist = fields.String()
    antagonist = fields.String()
    includeDialogue = fields.Boolean(attribute="include_dialogue")
    includeDescription = fields.Boolean(attribute="include_description")
    narrativePerspective = fields.String(attribute="narrative_perspective")
    pacing = fields.String()
    keyElements = fields.String(attribute="key_elements")
    plotTwist = fields.String(attribute="plot_twist")
    customPrompt = fields.String(attribute="custom_prompt")
    isPublic = fields.Boolean(attribute="is_public")
    allowComments = fields.Boolean(attribute="allow_comments")
    views = fields.Integer()
    likesCount = fields.Integer(attribute="likes_count")
    commentsCount = fields.Integer(attribute="comments_count")
    sharesCount = fields.Integer(attribute="shares_count")
    isLikedByUser = fields.Boolean(attribute="is_liked_by_user", dump_default=False)
    createdAt = UTCDateTime(attribute="created_at")
    updatedAt = UTCDateTime(attribute="updated_at")
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
