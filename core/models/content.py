"""Stories, videos and their comments: what the site publishes."""
import peewee

from core.choices import VideoStatus
from core.db import BaseModel
from core.models.base import JSONField, NeverReusedId, Stamped, utcnow
from core.models.series import Series
from core.models.users import User


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
    #: migration 0020: free tags (their index: ``core.models.tags``), content warnings, 18+
    tags = JSONField(default=list)
    content_warnings = JSONField(default=list)
    is_mature = peewee.BooleanField(default=False)

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
    #: part ``series_part`` (1, 2 …) of a series (migration 0021); None: a story on its own
    series = peewee.ForeignKeyField(Series, null=True, on_delete="SET NULL", backref="parts",
                                    index=False)
    series_part = peewee.IntegerField(null=True)

    class Meta:
        table_name = "stories"
        indexes = FEED_INDEXES + (
            (("created_at", "is_public", "title", "user"), False),
            (("series", "series_part"), False),
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
