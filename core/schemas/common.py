"""Shared schema pieces: camelCase output, lenient input, trimmed strings, UTC times."""
import datetime as dt
import re

from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validates_schema
from marshmallow.validate import Length, OneOf, Range, Regexp

MAX_ID = 2**63 - 1  # the databases' 64-bit id columns

#: Characters that show nothing and take no room: the soft hyphen, the Mongolian vowel separator,
#: the zero-width space, non-joiner and joiner, the left-to-right and right-to-left marks, the
#: bidi embeddings, overrides and isolates, the word joiner and invisible operators, the byte
#: order mark (a regular-expression class body, the same in Python and in OpenAPI's ECMA 262).
INVISIBLE = r"\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
INVISIBLE_CHARACTERS = re.compile(f"[{INVISIBLE}]")
VISIBLE_CHARACTER = re.compile(rf"[^\s{INVISIBLE}]")
#: The OpenAPI pattern of text that must show something: a character that is neither white space
#: nor invisible (and, as every documented string, no NUL: ``core.errors.STORABLE_TEXT``).
VISIBLE_TEXT = rf"^[^\x00]*[^\x00\s{INVISIBLE}][^\x00]*$"
MAX_PAGE = 100_000
MAX_LIMIT = 100


def Id(**kwargs):
    """An id given as an argument: beyond 64 bits it is a clear 400, never a database error."""
    return fields.Integer(validate=Range(min=0, max=MAX_ID, error="Unknown id"), **kwargs)


def PageNumber(**kwargs):
    return fields.Integer(validate=[Range(min=1, error="page must be 1 or more"),
                                    Range(max=MAX_PAGE, error=f"page must be at most {MAX_PAGE}")],
                          **kwargs)


def ChoiceArg(choices, default="", **kwargs):
    """A query argument from a fixed list, documented as an OpenAPI enum ("" is the default);
    the service checks it with its own message."""
    return fields.String(load_default=default, metadata={"enum": ["", *choices]}, **kwargs)


def enum_field(choices, **kwargs):
    """A string from a fixed list, in a response: documented as an OpenAPI enum (``OneOf``)."""
    return fields.String(validate=OneOf(choices), **kwargs)


def Limit(**kwargs):
    return fields.Integer(validate=Range(min=1, max=MAX_LIMIT,
                                         error=f"limit must be between 1 and {MAX_LIMIT}"), **kwargs)


class UTCDateTime(fields.DateTime):
    """Times are stored as naive UTC; they leave the API as ISO 8601 with an explicit +00:00."""

    def _serialize(self, value, attr, obj, **kwargs):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=dt.UTC)
        return super()._serialize(value, attr, obj, **kwargs)


def text_problems(data):
    """``{field: message}`` for the loaded strings that cannot be stored (NUL, lone surrogate)."""
    from core.bounds import text_problem

    def first(value):
        if isinstance(value, str):
            return text_problem(value)
        items = value.values() if isinstance(value, dict) else (
            value if isinstance(value, (list, tuple)) else ())
        return next(filter(None, map(first, items)), None)
    problems = {key: first(value) for key, value in data.items()} if isinstance(data, dict) else {}
    return {key: [message] for key, message in problems.items() if message}


class InputSchema(Schema):
    """Request bodies: unknown keys are ignored (clients may send whole objects back); text that
    cannot be stored (a NUL byte, a lone surrogate) is refused with a 400 naming the field."""

    class Meta:
        unknown = EXCLUDE

    @validates_schema(pass_original=False)
    def _storable_text(self, data, **kwargs):
        problems = text_problems(data)
        if problems:
            raise ValidationError(problems)


def shows_something(text):
    """True when ``text`` holds a character that is neither white space nor invisible."""
    return isinstance(text, str) and VISIBLE_CHARACTER.search(text) is not None


class Trimmed(fields.String):
    """A string with surrounding white space removed before validation; text that shows nothing
    (only white space, zero-width characters or bidi controls) is blank."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs).strip()
        return value if shows_something(value) else ""


class Name(Trimmed):
    """A person's name: zero-width characters and bidi controls are removed (they can only hide
    or reorder what others read), then white space is trimmed."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        return INVISIBLE_CHARACTERS.sub("", value).strip()


class FirstOfList(fields.String):
    """A string that may arrive as a list of one (the spec sends mood as ``["Eerie"]``)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, (list, tuple)):
            value = value[0] if value else ""
        return super()._deserialize(value, attr, data, **kwargs).strip()


class AuthorSchema(Schema):
    """The author of public content: no e-mail (that goes only to the user and to admins)."""

    id = fields.Integer()
    first_name = fields.String(data_key="firstName")
    last_name = fields.String(data_key="lastName")
    profile_image_url = fields.String(data_key="profileImageUrl", allow_none=True)


class AdminAuthorSchema(AuthorSchema):
    """The author as the admin panel shows it, with the e-mail."""

    email = fields.String()


class EntrySchema(Schema):
    """A like or share entry of the Review dialog."""

    id = fields.Integer()
    created_at = UTCDateTime(data_key="createdAt")
    user = fields.Nested(AuthorSchema, only=("id", "first_name", "last_name", "profile_image_url"))


class ShareEntrySchema(EntrySchema):
    platform = fields.String()
    share_type = fields.String(data_key="shareType")


#: A feed's cursor (``X-Next-Cursor``): the sort column's value of the last row seen (a count,
#: or a time in microseconds since 1970) and its id (``core.services.feeds.encode_cursor``).
#: (Empty means "from the start", as a cursor left out.)
CURSOR_PATTERN = r"^([0-9]{1,18}\.[0-9]{1,18})?$"


class ListArgs(InputSchema):
    """``?limit=&page=`` or ``?limit=&cursor=`` pagination."""

    limit = Limit(load_default=20)
    page = PageNumber(load_default=None)
    cursor = fields.String(load_default=None, validate=Regexp(CURSOR_PATTERN,
                                                              error="Invalid cursor"))

    @pre_load
    def _blank_to_none(self, data, **kwargs):
        """A blank text argument means "not given"; a blank number is not a number (400)."""
        return {key: value for key, value in data.items() if value not in ("", None)
                or isinstance(self.fields.get(key), fields.Integer)}


class Choice(fields.String):
    """One of a fixed list; empty gives the field's 'required' message, anything else names the value."""

    def __init__(self, choices, label, required_message=None, **kwargs):
        self.choices = tuple(choices)
        self.label = label
        self.required_message = required_message or f"{label.capitalize()} is required"
        kwargs.setdefault("error_messages", {})
        kwargs["error_messages"].setdefault("required", self.required_message)
        kwargs["error_messages"].setdefault("null", self.required_message)
        # documented as an OpenAPI enum (empty is accepted when the field is optional)
        kwargs.setdefault("metadata", {}).setdefault(
            "enum", [*self.choices, *([] if kwargs.get("required") else [""])])
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, (list, tuple)):
            value = value[0] if value else ""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        value = super()._deserialize(value, attr, data, **kwargs).strip()
        if not value:
            if self.required:
                raise ValidationError(self.required_message)
            return value
        if value not in self.choices:
            raise ValidationError(f"Unknown {self.label} '{value}'")
        return value


class RequiredText(Trimmed):
    """Text that must show something (a character that is neither white space nor invisible),
    with a bounded length; documented with the ``VISIBLE_TEXT`` pattern."""

    def __init__(self, required_message, max_length, too_long_message, **kwargs):
        kwargs.setdefault("error_messages", {})
        kwargs["error_messages"].setdefault("required", required_message)
        kwargs["error_messages"].setdefault("null", required_message)
        kwargs.setdefault("metadata", {}).setdefault("pattern", VISIBLE_TEXT)
        self.required_message = required_message
        super().__init__(validate=Length(max=max_length, error=too_long_message), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not value and self.required:
            raise ValidationError(self.required_message)
        return value


class RequiredName(Name, RequiredText):
    """A name that must show something once zero-width characters and bidi controls are gone."""
