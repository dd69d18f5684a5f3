"""Accounts and their signed-in browsers."""
import peewee
from flask_login import UserMixin

from core.db import BaseModel
from core.models import base
from core.models.base import ADMIN_ROLES, JSONField, NeverReusedId, Stamped, utcnow


class User(Stamped, BaseModel, UserMixin):
    id = NeverReusedId()  # migration 0018
    email = peewee.CharField(max_length=254, unique=True)
    password_hash = peewee.CharField(max_length=255)
    first_name = peewee.CharField(max_length=100, default="")
    last_name = peewee.CharField(max_length=100, default="")
    profile_image_url = peewee.CharField(max_length=500, null=True)
    role = peewee.CharField(max_length=20, default="user", index=True)
    is_active = peewee.BooleanField(default=True)
    is_banned = peewee.BooleanField(default=False)
    ban_reason = peewee.TextField(null=True)
    ban_expires_at = peewee.DateTimeField(null=True)
    banned_at = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField(default=utcnow, index=True)
    updated_at = peewee.DateTimeField(default=utcnow)
    # bumped by sign-out, ban and deactivation: every session and remember-me cookie made with
    # an older value stops working (migration 0006; core.auth.load_user checks it)
    session_version = peewee.IntegerField(default=0)
    # migration 0019: the author page's short bio, and the notification kinds switched off
    bio = peewee.TextField(default="")
    notifications_off = JSONField(null=True)
    # migration 0020: sees mature (18+) stories and videos
    show_mature = peewee.BooleanField(default=False)

    class Meta:
        table_name = "users"
        indexes = (
            # admin panel (migration 0003): the user search reads this index, not the table
            (("created_at", "email", "first_name", "last_name"), False),
            # admin status filters (banned, inactive) and the /api/admin/stats counts
            (("is_banned", "is_active", "ban_expires_at", "role"), False),
        )

    @property
    def is_authenticated(self):
        # flask-login would treat an inactive user as signed out; keep them signed in so that
        # core.auth.enforce_account_rules can sign them out with a 403 that says why.
        return True

    def get_id(self):
        """What the session and the remember-me cookie hold: ``"<id>/<session id>"`` (a row of
        ``user_sessions``, ``core.sessions``); before sessions had rows, ``"<id>:<version>"``."""
        session_id = getattr(self, "session_id", None)
        return f"{self.id}/{session_id}" if session_id else f"{self.id}:{self.session_version}"

    @property
    def is_admin(self):
        return self.role in ADMIN_ROLES

    def ban_in_force(self, now=None):
        """True while a ban applies; an expired ban no longer counts (checked on every request)."""
        if not self.is_banned:
            return False
        return self.ban_expires_at is None or self.ban_expires_at > (now or base.utcnow())

    @property
    def display_name(self):
        return " ".join(part for part in (self.first_name, self.last_name) if part) or "Anonymous"


class UserSession(BaseModel):
    """One signed-in browser (``core.sessions``): its session and remember-me cookies carry this
    row's id, and deleting the row signs that browser out. The id is never given twice, even
    after the newest row is deleted (migration 0013: ``AUTOINCREMENT`` on SQLite, a sequence on
    PostgreSQL), so a revoked session's cookie can never point at a new session."""

    id = NeverReusedId()
    user = peewee.ForeignKeyField(User, on_delete="CASCADE", backref="sessions", index=True)
    # the account's ``session_version`` this session belongs to: a ban, a deactivation or
    # "sign out everywhere" bumps the account's, and every older row stops counting
    version = peewee.IntegerField(default=0)
    user_agent = peewee.CharField(max_length=512, default="")
    # made from a cookie of before migration 0013 ("<id>:<version>", no session of its own):
    # every such cookie of the account shares this row, and signing it out ends them all
    legacy = peewee.BooleanField(default=False)
    created_at = peewee.DateTimeField(default=utcnow)
    last_seen_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "user_sessions"
