"""Tags and content warnings in request and response bodies, the feeds' tag arguments, and the
tag suggestions."""
from marshmallow import Schema, ValidationError, fields, validate
from webargs.fields import DelimitedList

from core import content_tags
from core.content_tags import MAX_TAG, MAX_TAGS


class TagList(fields.List):
    """Free tags: each trimmed and lower-cased, repeats dropped, at most ``MAX_TAGS``."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).update({
            "description": f"At most {MAX_TAGS} tags, each 1-{MAX_TAG} letters, digits, spaces "
                           "or hyphens; stored trimmed and lower-cased"})
        super().__init__(fields.String(validate=validate.Length(min=1, max=MAX_TAG),
                                       metadata={"pattern": content_tags.TAG.pattern}), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, (list, tuple)):
            raise ValidationError("Tags must be a list of words")
        tags = []
        for item in value:
            if not isinstance(item, str):
                raise ValidationError("Each tag must be text")
            tag = content_tags.normal_tag(item)
            problem = content_tags.tag_problem(tag)
            if problem:
                raise ValidationError(problem)
            if tag not in tags:
                tags.append(tag)
        if len(tags) > MAX_TAGS:
            raise ValidationError(f"At most {MAX_TAGS} tags ({len(tags)} given)")
        return tags


def warning_key(**kwargs):
    keys = list(content_tags.warnings())
    return fields.String(validate=validate.OneOf(
        keys, error=f"Unknown content warning '{{input}}' (use {', '.join(keys)})"), **kwargs)


class WarningList(fields.List):
    """Content warnings from the fixed list (``core/data/content_warnings.toml``), repeats dropped."""

    def __init__(self, **kwargs):
        super().__init__(warning_key(), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, (list, tuple)):
            raise ValidationError("Content warnings must be a list")
        return list(dict.fromkeys(super()._deserialize(value, attr, data, **kwargs)))


def write_fields():
    """What a create or update body may set (none required)."""
    return {"tags": TagList(), "contentWarnings": WarningList(),
            "isMature": fields.Boolean(metadata={
                "description": "Mature (18+): visitors and readers who did not opt in see only "
                               "its card"})}


#: API name -> model attribute of the writable fields
TAG_FIELDS = {"tags": "tags", "contentWarnings": "content_warnings", "isMature": "is_mature"}


def filter_fields():
    return {"tag": fields.String(load_default="", validate=validate.Length(
        max=MAX_TAG, error=f"A tag is at most {MAX_TAG} characters"),
        metadata={"description": "Only items with this tag"})}


def explore_fields():
    return {**filter_fields(), "hideWarnings": DelimitedList(
        warning_key(), load_default=[],
        metadata={"description": "Leave out items with any of these content warnings "
                                 "(comma-separated)"})}


class TagArgs(Schema):
    prefix = fields.String(load_default="", validate=validate.Length(
        max=MAX_TAG, error=f"A tag is at most {MAX_TAG} characters"))
    limit = fields.Integer(load_default=10, validate=validate.Range(
        min=1, max=50, error="limit must be between 1 and 50"))


class TagCountSchema(Schema):
    tag = fields.String(required=True)
    count = fields.Integer(required=True, metadata={
        "description": "Public stories and videos with it"})


class WarningSchema(Schema):
    key = warning_key(required=True)
    label = fields.String(required=True)
