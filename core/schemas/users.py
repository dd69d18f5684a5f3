"""Users: the current-user shape, registration and sign-in bodies."""
from marshmallow import ValidationError, fields, validate, validates_schema

from core.models import ROLES
from core.passwords import MAX_LENGTH, MIN_LENGTH, password_problem
from core.schemas.common import (
    InputSchema,
    Name,
    RequiredName,
    Trimmed,
    UTCDateTime,
    enum_field,
    text_problems,
)


class UserSchema(InputSchema):
    id = fields.Integer()
    email = fields.String()
    first_name = fields.String(data_key="firstName")
    last_name = fields.String(data_key="lastName")
    profile_image_url = fields.String(data_key="profileImageUrl", allow_none=True)
    role = enum_field(ROLES)
    is_active = fields.Boolean(data_key="isActive")
    is_banned = fields.Boolean(data_key="isBanned")
    ban_reason = fields.String(data_key="banReason", allow_none=True)
    ban_expires_at = UTCDateTime(data_key="banExpiresAt", allow_none=True)
    stories_count = fields.Integer(data_key="storiesCount", dump_default=0)
    videos_count = fields.Integer(data_key="videosCount", dump_default=0)
    created_at = UTCDateTime(data_key="createdAt")
    show_mature = fields.Boolean(data_key="showMature", dump_default=False)


class RegisterSchema(InputSchema):
    email = Trimmed(required=True, validate=validate.Email(error="Please enter a valid email"),
                    error_messages={"required": "Email is required"},
                    metadata={"format": "email"})
    password = fields.String(required=True, validate=[
        validate.Length(min=MIN_LENGTH, error=f"Password must be at least {MIN_LENGTH} characters"),
        validate.Length(max=MAX_LENGTH, error=f"Password must be at most {MAX_LENGTH} characters")],
        error_messages={"required": "Password is required"})
    firstName = RequiredName("First name is required", 100,
                             "First name must be at most 100 characters", required=True)
    lastName = Name(load_default="", validate=validate.Length(
        max=100, error="Last name must be at most 100 characters"))

    @validates_schema
    def _strong_password(self, data, **kwargs):
        if "password" not in data or text_problems({"password": data["password"]}):
            return
        problem = password_problem(data["password"], data.get("email", ""),
                                   data.get("firstName", ""), data.get("lastName", ""))
        if problem:
            raise ValidationError(problem, field_name="password")


class LoginSchema(InputSchema):
    email = Trimmed(required=True, error_messages={"required": "Email is required"})
    password = fields.String(required=True, validate=validate.Length(max=1024),
                             error_messages={"required": "Password is required"})
    remember = fields.Boolean(load_default=False)


class SessionSchema(InputSchema):
    """One signed-in browser of the account (``GET /api/auth/sessions``)."""
    id = fields.Integer(required=True)
    browser = fields.String(required=True, metadata={"example": "Chrome on Linux"})
    created_at = UTCDateTime(data_key="createdAt", required=True)
    last_seen_at = UTCDateTime(data_key="lastSeenAt", required=True,
                               metadata={"description": "Updated at most once a minute"})
    current = fields.Boolean(required=True, metadata={"description": "This browser's session"})
