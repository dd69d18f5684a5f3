"""Peewee models for every entity of the spec, with their query scopes."""
import datetime as dt
import json
import uuid

import peewee
from flask_login import UserMixin

from core.choices import JobStatus, VideoStatus
from core.db import BaseModel


def utcnow():
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Stamped:
    """Rows with ``created_at`` and ``updated_at``: a new one's are one moment (each default read
    the clock on its own, microseconds apart, and an 'Edited' badge shows when updatedAt is
    later)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not kwargs.get("__no_default__") and "updated_at" not in kwargs:  # not a row read back
            self.__data__["updated_at"] = self.__data__["created_at"]


class JSONField(peewee.TextField):
    """JSON stored as text: portable between SQLite and PostgreSQL."""

    def db_value(self, value):
        return None if value is None else json.dumps(value)

    def python_value(self, value):
        return None if value is None else json.loads(value)


ROLES = ("user", "admin", "super_admin")
ADMIN_ROLES = ("admin", "super_admin")


class NeverReusedId(peewee.AutoField):
    """An id never given twice, even after the newest row is deleted: ``AUTOINCREMENT`` on
    SQLite (a plain ``INTEGER PRIMARY KEY`` gives the largest id again), PostgreSQL's sequence
    only moves forward."""

    def ddl(self, ctx):
        nodes = super().ddl(ctx)
        database = self.model._meta.database
        if isinstance(getattr(database, "obj", database), peewee.SqliteDatabase):
            return peewee.NodeList((nodes, peewee.SQL("AUTOINCREMENT")))
        return nodes


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
        return self.ban_expires_at is None or self.ban_expires_at > (now or utcnow())

    @property
    def display_name(self):
        return " ".join(part for part in (self.first_name, self.last_name) if part) or "Anonymous"


class Content(Stamped, BaseModel):
    """What stories and videos share: the creation form's fields, visibility, counters and times.
    (Never a table itself: each subclass gets its own copy of these columns.)"""

    title = peewee.CharField(max_length=200)
    characters = peewee.TextField(default="")
    setting = peewee.TextField(default="")
    intensity = peewee.IntegerField(default=5)
    time_of_day = peewee.CharField(max_length=30, default="")
    weather_condition = peewee.CharField(max_length=30, default="")
    protagonist = peewee.CharField(max_length=200, default="")
    antagonist = peewee.CharField(max_length=200, default="")
    include_dialogue = peewee.BooleanField(default=True)
    include_description = peewee.BooleanField(default=True)
    narrative_perspective = peewee.CharField(max_length=30, default="Third Person")
    pacing = peewee.CharField(max_length=30, default="Moderate")
    key_elements = peewee.TextField(default="")
    plot_twist = peewee.TextField(default="")
    custom_prompt = peewee.TextField(default="")
    is_public = peewee.BooleanField(default=True)
    allow_comments = peewee.BooleanField(default=True)
    views = peewee.IntegerField(default=0)
    likes_count = peewee.IntegerField(default=0)
    comments_count = peewee.IntegerField(default=0)
    shares_count = peewee.IntegerField(default=0)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    def is_visible_to(self, user):
        """Public content, the owner's own, and anything for an admin (``user`` None: a visitor)."""
        return self.is_public or (user is not None and (user.id == self.user_id or user.is_admin))


# Every feed order of the spec (newest, oldest, most liked/viewed/commented), by genre and mood,
# and by user; then the admin panel's list (migration 0003).
FEED_INDEXES = (
    (("is_public", "created_at", "id"), False),
    (("is_public", "likes_count", "id"), False),
    (("is_public", "views", "id"), False),
    (("is_public", "comments_count", "id"), False),
    (("genre", "is_public", "created_at"), False),
    (("mood", "is_public", "created_at"), False),
    (("user", "created_at"), False),
)


class Story(Content):
    id = NeverReusedId()  # migration 0018: an old link never opens a newer story
    user = peewee.ForeignKeyField(User, backref="stories", on_delete="CASCADE")
    content = peewee.TextField()
    genre = peewee.CharField(max_length=50)
    mood = peewee.CharField(max_length=50)
    story_length = peewee.IntegerField(default=1000)
    #: the plan it was written from (``core.story_plan``, migration 0015); None: written by hand
    plan = JSONField(null=True)
    #: which writer wrote it (migration 0016): "Offline engine", "Gemma 3 4B IT (llama.cpp)"
    writer = peewee.CharField(max_length=80, default="")
    #: others may make videos of it (migration 0019); its owner always may
    allow_videos = peewee.BooleanField(default=True)

    class Meta:
        table_name = "stories"
        indexes = FEED_INDEXES + (
            (("created_at", "is_public", "title", "user"), False),
        )




class Video(Content):
    id = NeverReusedId()  # migration 0018
    user = peewee.ForeignKeyField(User, backref="videos", on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, backref="videos", null=True, on_delete="SET NULL")
    description = peewee.TextField(default="")
    content = peewee.TextField(default="")
    genre = peewee.CharField(max_length=50, default="")
    mood = peewee.CharField(max_length=50, default="")
    creation_mode = peewee.CharField(max_length=20, default="from_story")
    status = peewee.CharField(max_length=20, default=VideoStatus.PENDING)
    progress = peewee.IntegerField(default=0)
    progress_message = peewee.CharField(max_length=200, default="")
    error = peewee.TextField(null=True)
    job_id = peewee.CharField(max_length=64, null=True)
    video_file = peewee.CharField(max_length=300, null=True)
    poster_file = peewee.CharField(max_length=300, null=True)
    subtitles_file = peewee.CharField(max_length=300, null=True)
    animation_style = peewee.CharField(max_length=50, default="Cinematic")
    narration_voice = peewee.CharField(max_length=50, default="Deep Male")
    music_ambience = peewee.CharField(max_length=50, default="Dark Atmospheric")
    duration = peewee.IntegerField(default=60)
    aspect_ratio = peewee.CharField(max_length=10, default="16:9")
    resolution = peewee.CharField(max_length=10, default="1080p")
    frame_rate = peewee.IntegerField(default=30)
    voice_speed = peewee.FloatField(default=1.0)
    music_volume = peewee.IntegerField(default=50)
    narration_volume = peewee.IntegerField(default=80)
    color_grading = peewee.CharField(max_length=30, default="Horror")
    transitions = peewee.CharField(max_length=30, default="Fade")
    subtitles = peewee.BooleanField(default=True)
    #: "phrase" or "word" (the spoken word highlighted; migration 0017)
    captions = peewee.CharField(max_length=10, default="phrase")
    watermark = peewee.BooleanField(default=False)
    allow_download = peewee.BooleanField(default=False)
    rendered_at = peewee.DateTimeField(null=True)
    #: the narration script, one line per scene (migration 0005); empty: the renderer writes one
    script = JSONField(null=True)
    #: the last render's scenes: ``[{"start", "text", "shows", "thumbnail": media key}]``
    scenes = JSONField(null=True)

    class Meta:
        table_name = "videos"
        indexes = FEED_INDEXES + (
            (("status",), False),
            (("created_at", "is_public", "status", "title", "user"), False),
        )


class Comment(Stamped, BaseModel):
    id = NeverReusedId()  # migration 0018
    user = peewee.ForeignKeyField(User, backref="comments", on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, backref="comments", null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, backref="comments", null=True, on_delete="CASCADE")
    parent = peewee.ForeignKeyField("self", backref="replies", null=True, on_delete="CASCADE")
    content = peewee.TextField()
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "comments"
        indexes = (
            (("story", "created_at"), False),
            (("video", "created_at"), False),
        )


class Like(BaseModel):
    user = peewee.ForeignKeyField(User, backref="likes", on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, backref="likes", null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, backref="likes", null=True, on_delete="CASCADE")
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "likes"
        indexes = (
            (("user", "story"), True),
            (("user", "video"), True),
            (("story", "created_at"), False),
            (("video", "created_at"), False),
        )


class Share(BaseModel):
    user = peewee.ForeignKeyField(User, backref="shares", on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, backref="shares", null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, backref="shares", null=True, on_delete="CASCADE")
    platform = peewee.CharField(max_length=30)
    share_type = peewee.CharField(max_length=20)  # link, social or email (from the share target)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "shares"
        indexes = (
            (("story", "created_at"), False),
            (("video", "created_at"), False),
        )


class View(BaseModel):
    """One counted view; a viewer counts again on the same content only after an hour."""

    story = peewee.ForeignKeyField(Story, backref="view_rows", null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, backref="view_rows", null=True, on_delete="CASCADE")
    viewer = peewee.CharField(max_length=80)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "views"
        indexes = (
            (("story", "viewer", "created_at"), False),
            (("video", "viewer", "created_at"), False),
        )


def new_job_id():
    return uuid.uuid4().hex


class Job(BaseModel):
    """A background job on the RQ queue, with its progress and result, owned by a user."""

    id = peewee.CharField(max_length=32, primary_key=True, default=new_job_id)
    user = peewee.ForeignKeyField(User, backref="jobs", null=True, on_delete="CASCADE")
    kind = peewee.CharField(max_length=40)
    queue = peewee.CharField(max_length=40, default="default")
    status = peewee.CharField(max_length=20, default=JobStatus.QUEUED)
    progress = peewee.IntegerField(default=0)
    message = peewee.CharField(max_length=200, default="Queued")
    payload = JSONField(null=True)
    result = JSONField(null=True)
    error = peewee.TextField(null=True)
    video = peewee.ForeignKeyField(Video, backref="jobs", null=True, on_delete="CASCADE")
    created_at = peewee.DateTimeField(default=utcnow)
    started_at = peewee.DateTimeField(null=True)
    finished_at = peewee.DateTimeField(null=True)
    # migration 0014: the queue it is on (``core.job_queues.queue_identity``), runs again, time limit
    queue_ident = peewee.CharField(max_length=120, null=True)
    retries = peewee.IntegerField(default=0)
    timeout = peewee.IntegerField(null=True)

    class Meta:
        table_name = "jobs"
        indexes = ((("status",), False),)


# --- moderation (migration 0002) ---------------------------------------------------------------


class Report(BaseModel):
    """A user's report of a story, video or comment; ``reporter`` is empty for a filter's flag."""

    reporter = peewee.ForeignKeyField(User, backref="reports", null=True, on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE")
    comment = peewee.ForeignKeyField(Comment, null=True, on_delete="CASCADE")
    reason = peewee.TextField()
    status = peewee.CharField(max_length=20, default="open")  # open, resolved or dismissed
    resolved_by = peewee.ForeignKeyField(User, null=True, on_delete="SET NULL",
                                         backref="resolved_reports")
    resolution_note = peewee.TextField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    resolved_at = peewee.DateTimeField(null=True)

    class Meta:
        table_name = "reports"
        indexes = (
            (("reporter", "story"), True),
            (("reporter", "video"), True),
            (("reporter", "comment"), True),
            (("status", "created_at"), False),
        )


class AuditEntry(BaseModel):
    """One admin action: who, what, when and why. Names are copied so deletions keep it readable."""

    actor = peewee.ForeignKeyField(User, null=True, on_delete="SET NULL", backref="audit_entries")
    actor_email = peewee.CharField(max_length=254, default="")
    action = peewee.CharField(max_length=50)
    target_type = peewee.CharField(max_length=20)
    target_id = peewee.IntegerField(null=True)
    target_label = peewee.CharField(max_length=300, default="")
    reason = peewee.TextField(null=True)
    details = JSONField(null=True)
    created_at = peewee.DateTimeField(default=utcnow, index=True)

    class Meta:
        table_name = "audit_log"


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


# --- community (migration 0019) -----------------------------------------------------------------


class Follow(BaseModel):
    """``follower`` follows ``followed``: the author page's counts and the Following feeds."""

    follower = peewee.ForeignKeyField(User, backref="following", on_delete="CASCADE")
    followed = peewee.ForeignKeyField(User, backref="followers", on_delete="CASCADE")
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "follows"
        indexes = ((("follower", "followed"), True), (("followed", "created_at"), False))


class Notification(BaseModel):
    """One line of a user's bell (``core.notifications`` for the kinds); likes of one item are
    one row while unread (``actors_count`` grows, ``actor`` is the latest)."""

    id = NeverReusedId()
    user = peewee.ForeignKeyField(User, backref="notifications", on_delete="CASCADE")
    kind = peewee.CharField(max_length=30)
    actor = peewee.ForeignKeyField(User, null=True, on_delete="CASCADE", backref="+")
    actors_count = peewee.IntegerField(default=1)
    story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE", backref="+")
    video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE", backref="+")
    comment = peewee.ForeignKeyField(Comment, null=True, on_delete="CASCADE", backref="+")
    detail = peewee.CharField(max_length=300, default="")
    is_read = peewee.BooleanField(default=False)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "notifications"
        # the bell's count and the page, newest first: both read this index only
        indexes = ((("user", "is_read", "id"), False),)


CORE_MODELS = [User, Story, Video, Comment, Like, Share, View, Job]
MODERATION_MODELS = [Report, AuditEntry]
SESSION_MODELS = [UserSession]
COMMUNITY_MODELS = [Follow, Notification]
ALL_MODELS = CORE_MODELS + MODERATION_MODELS + SESSION_MODELS + COMMUNITY_MODELS
