"""`dreadforge db upgrade` brings a database made at an older revision up to date, keeping rows."""

from core import migrations
from core.models import Report, Story, User


def test_upgrade_from_first_revision_keeps_data(blank_database):
    assert migrations.upgrade(target="0001_initial") == ["0001_initial"]
    assert not blank_database.table_exists("reports")
    user = User.create(email="old@example.com", password_hash="x", first_name="Old")
    Story.create(user=user, title="Before the upgrade", content="Still here.",
                 genre="Slasher", mood="Dark")

    applied = migrations.upgrade()

    assert applied == [name for name in migrations.available() if name != "0001_initial"]
    assert migrations.pending() == []
    assert Story.get().title == "Before the upgrade"
    assert User.get().email == "old@example.com"
    Report.create(reporter=user, story=Story.get(), reason="now possible")
    assert Report.select().count() == 1


def test_upgrade_is_idempotent(blank_database):
    first = migrations.upgrade()
    assert first == migrations.available()
    assert migrations.upgrade() == []


def test_0005_adds_the_script_and_scenes_of_videos_keeping_them(blank_database):
    from core.models import Video
    assert migrations.upgrade(target="0004_search_indexes")[-1] == "0004_search_indexes"
    for column in ("script", "scenes"):  # as the table was before 0005
        blank_database.execute_sql(f'ALTER TABLE "videos" DROP COLUMN "{column}"')
    user = User.create(email="old@example.com", password_hash="x", first_name="Old")
    blank_database.execute_sql(
        "INSERT INTO videos (user_id, title, description, content, genre, mood, creation_mode,"
        " status, progress, progress_message, characters, setting, intensity, time_of_day,"
        " weather_condition, protagonist, antagonist, include_dialogue, include_description,"
        " narrative_perspective, pacing, key_elements, plot_twist, custom_prompt, is_public,"
        " allow_comments, views, likes_count, comments_count, shares_count, created_at,"
        " updated_at, animation_style, narration_voice, music_ambience, duration, aspect_ratio,"
        " resolution, frame_rate, voice_speed, music_volume, narration_volume, color_grading,"
        " transitions, subtitles, watermark, allow_download) VALUES (%s, 'Made before', '', '',"
        " '', '', 'direct', 'pending', 0, '', '', '', 5, '', '', '', '', %s, %s, '', '', '', '',"
        " '', %s, %s, 0, 0, 0, 0, %s, %s, 'Cinematic', 'Deep Male', '', 60, '16:9', '1080p', 30,"
        " 1.0, 50, 80, 'Horror', 'Fade', %s, %s, %s)".replace("%s", blank_database.param),
        (user.id, True, True, True, True, "2026-01-01 00:00:00", "2026-01-01 00:00:00",
         True, False, False))

    assert migrations.upgrade() == ["0005_video_script"] + [
        name for name in migrations.available() if name > "0005_video_script"]

    video = Video.get()
    assert video.title == "Made before" and video.script is None and video.scenes is None
    video.script = ["The lamp went out."]
    video.scenes = [{"start": 0, "text": "The lamp went out.", "shows": ["lighthouse"]}]
    video.save()
    assert Video.get().script == ["The lamp went out."]
    assert Video.get().scenes[0]["shows"] == ["lighthouse"]


def test_session_version_is_added_to_an_older_users_table(blank_database):
    """0006: a users table made before sessions had versions gets the column, rows keep 0."""
    migrations.upgrade(target="0004_search_indexes")
    blank_database.execute_sql('ALTER TABLE "users" DROP COLUMN "session_version"')
    blank_database.execute_sql(
        "INSERT INTO users (email, password_hash, first_name, last_name, role, is_active, "
        "is_banned, created_at, updated_at) VALUES ('old@example.com', 'x', 'Old', '', 'user', "
        "true, false, '2024-01-01 00:00:00', '2024-01-01 00:00:00')")
    assert "0006_session_version" in migrations.upgrade()
    user = User.get(User.email == "old@example.com")
    assert user.session_version == 0 and user.get_id() == f"{user.id}:0"
