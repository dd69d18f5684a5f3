"""Users, stories, videos, comments, likes, shares, views and background jobs, as they were first
made (frozen: later changes to ``core.models`` come with their own migrations).

The tables are declared here, not imported from ``core.models``: peewee writes the same DDL for
them, and a change to a model cannot change what this migration made. Columns added later:
``videos.script`` and ``videos.scenes`` (0005), ``users.session_version`` (0006); indexes added
later: 0003."""
import datetime as dt

import peewee


def tables(db):
    """The tables of this revision, bound to ``db``."""

    class Frozen(peewee.Model):
        class Meta:
            database = db
            legacy_table_names = False

    class User(Frozen):
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
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow, index=True)
        updated_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "users"

    class Content(Frozen):
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
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)
        updated_at = peewee.DateTimeField(default=dt.datetime.utcnow)

    feed_indexes = (
        (("is_public", "created_at", "id"), False),
        (("is_public", "likes_count", "id"), False),
        (("is_public", "views", "id"), False),
        (("is_public", "comments_count", "id"), False),
        (("genre", "is_public", "created_at"), False),
        (("mood", "is_public", "created_at"), False),
        (("user", "created_at"), False),
    )

    class Story(Content):
        user = peewee.ForeignKeyField(User, on_delete="CASCADE")
        content = peewee.TextField()
        genre = peewee.CharField(max_length=50)
        mood = peewee.CharField(max_length=50)
        story_length = peewee.IntegerField(default=1000)

        class Meta:
            table_name = "stories"
            indexes = feed_indexes

    class Video(Content):
        user = peewee.ForeignKeyField(User, on_delete="CASCADE")
        story = peewee.ForeignKeyField(Story, null=True, on_delete="SET NULL")
        description = peewee.TextField(default="")
        content = peewee.TextField(default="")
        genre = peewee.CharField(max_length=50, default="")
        mood = peewee.CharField(max_length=50, default="")
        creation_mode = peewee.CharField(max_length=20, default="from_story")
        status = peewee.CharField(max_length=20, default="pending")
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
        watermark = peewee.BooleanField(default=False)
        allow_download = peewee.BooleanField(default=False)
        rendered_at = peewee.DateTimeField(null=True)

        class Meta:
            table_name = "videos"
            indexes = feed_indexes + ((("status",), False),)

    class Comment(Frozen):
        user = peewee.ForeignKeyField(User, on_delete="CASCADE")
        story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE")
        video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE")
        parent = peewee.ForeignKeyField("self", null=True, on_delete="CASCADE")
        content = peewee.TextField()
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)
        updated_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "comments"
            indexes = ((("story", "created_at"), False), (("video", "created_at"), False))

    class Like(Frozen):
        user = peewee.ForeignKeyField(User, on_delete="CASCADE")
        story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE")
        video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE")
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "likes"
            indexes = ((("user", "story"), True), (("user", "video"), True),
                       (("story", "created_at"), False), (("video", "created_at"), False))

    class Share(Frozen):
        user = peewee.ForeignKeyField(User, on_delete="CASCADE")
        story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE")
        video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE")
        platform = peewee.CharField(max_length=30)
        share_type = peewee.CharField(max_length=20)
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "shares"
            indexes = ((("story", "created_at"), False), (("video", "created_at"), False))

    class View(Frozen):
        story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE")
        video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE")
        viewer = peewee.CharField(max_length=80)
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "views"
            indexes = ((("story", "viewer", "created_at"), False),
                       (("video", "viewer", "created_at"), False))

    class Job(Frozen):
        id = peewee.CharField(max_length=32, primary_key=True)
        user = peewee.ForeignKeyField(User, null=True, on_delete="CASCADE")
        kind = peewee.CharField(max_length=40)
        queue = peewee.CharField(max_length=40, default="default")
        status = peewee.CharField(max_length=20, default="queued")
        progress = peewee.IntegerField(default=0)
        message = peewee.CharField(max_length=200, default="Queued")
        payload = peewee.TextField(null=True)
        result = peewee.TextField(null=True)
        error = peewee.TextField(null=True)
        video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE")
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)
        started_at = peewee.DateTimeField(null=True)
        finished_at = peewee.DateTimeField(null=True)

        class Meta:
            table_name = "jobs"
            indexes = ((("status",), False),)

    return [User, Story, Video, Comment, Like, Share, View, Job]


def upgrade(db, migrator):
    db.create_tables(tables(db), safe=True)
