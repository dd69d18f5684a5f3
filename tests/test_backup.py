"""`dreadforge backup` and `dreadforge restore` as an operator runs them (real processes, on SQLite
and PostgreSQL): a round trip serves the same site, a backup taken while writes go on holds every
write committed before it began, and restore will not replace a database with rows unless told."""
import json
import os
import subprocess
import sys
import tarfile
import threading
from pathlib import Path

import pytest

from tests import test_media_s3
from tests.conftest import PG_URL, ROOT
from tests.helpers import SUITE_ENV
from tests.test_media_s3 import stored_keys, use_settings
from tests.test_videos_api import make_story, make_video, put_media

s3_endpoint, bucket = test_media_s3.s3_endpoint, test_media_s3.bucket  # moto's S3 server

VIDEO_BYTES = bytes(range(256)) * 40
FEED = "/api/stories/community/All Genres/All Moods/newest"


def dreadforge(env, *args, **extra):
    """The `dreadforge` command on this backend's database and data folder."""
    settings = {**os.environ, **SUITE_ENV, "PYTHONPATH": str(ROOT),
                "DATABASE_URL": env.database_url, "DREADFORGE_DATA": str(env.data_dir),
                "DREADFORGE_PLUGINS": str(env.app.config["PLUGINS_FILE"]), **extra}
    settings.pop("SECRET_KEY", None)
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, env=settings,
                          capture_output=True, text=True, timeout=180)


def wipe(env):
    """The database gone (SQLite: its files; PostgreSQL: its schema, emptied), media and key too."""
    from core.db import release_connections
    release_connections()
    if env.backend == "sqlite":
        for suffix in ("", "-wal", "-shm"):
            Path(str(env.data_dir / "test.db") + suffix).unlink(missing_ok=True)
    else:
        from playhouse.db_url import connect
        schema = env.database_url.rsplit("%3D", 1)[1]
        admin = connect(PG_URL)
        admin.execute_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.execute_sql(f'CREATE SCHEMA "{schema}"')
        admin.close()
    media = Path(env.app.config["MEDIA_DIR"])
    for path in sorted(media.rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    (env.data_dir / "secret_key").unlink(missing_ok=True)


def rebind(env):
    from core.db import bind
    bind(env.database_url)


def served(client, story_ids, video_ids):
    """What a visitor is served: stories and videos (views aside: reading counts one), their
    likes and comments, the feed, a search, the video's files."""
    seen = {"feed": client.get(FEED).get_json(),
            "search": client.get(FEED + "?q=lighthouse").get_json()}
    for kind, ids in (("stories", story_ids), ("videos", video_ids)):
        for content_id in ids:
            page = client.get(f"/api/{kind}/{content_id}").get_json()
            page.pop("views", None)
            seen[f"{kind}/{content_id}"] = page
            for part in ("comments", "likes"):
                seen[f"{kind}/{content_id}/{part}"] = client.get(
                    f"/api/{kind}/{content_id}/{part}").get_json()
    for video_id in video_ids:
        for name in ("video.mp4", "poster.jpg", "subtitles.vtt"):
            response = client.get(f"/media/videos/{video_id}/{name}")
            seen[f"media/{video_id}/{name}"] = (response.status_code, response.data)
    for item in seen["feed"] + seen["search"]:
        item.pop("views", None)
    return seen


def some_content(app, users):
    """Two authors' stories and a video with its files, liked and commented on by others."""
    author, _ = users.signed_in()
    reader, _ = users.signed_in(first_name="Eli")
    stories = [make_story(author, title=f"The Keeper {n}", setting="a lighthouse")["id"]
               for n in range(3)]
    stories.append(make_story(reader, title="Below the Pier", setting="a pier")["id"])
    video = make_video(author)["id"]
    put_media(app, video, data=VIDEO_BYTES)
    for story in stories[:2]:
        assert reader.post(f"/api/stories/{story}/like").status_code in (200, 201)
        assert reader.post(f"/api/stories/{story}/comments",
                           json={"content": f"I read {story} twice"}).status_code == 201
    assert reader.post(f"/api/videos/{video}/like").status_code in (200, 201)
    assert author.post(f"/api/videos/{video}/comments",
                       json={"content": "the fog was real"}).status_code == 201
    return stories, [video]


def test_round_trip_serves_the_same_stories_likes_comments_and_videos(
        env, app, users, make_client, tmp_path):
    stories, videos = some_content(app, users)
    key_before = (env.data_dir / "secret_key").read_text()
    before = served(make_client(), stories, videos)
    assert before[f"media/{videos[0]}/video.mp4"] == (200, VIDEO_BYTES)

    archive = tmp_path / "site.tar"
    made = dreadforge(env, "backup", str(archive))
    assert made.returncode == 0, made.stderr
    assert "media: 3 files" in made.stdout and f"backed up into {archive}" in made.stdout
    assert archive.stat().st_mode & 0o777 == 0o600  # the key and the password hashes are in it
    with tarfile.open(archive) as tar:
        manifest = json.load(tar.extractfile("manifest.json"))
    assert manifest["database"]["kind"] == ("sqlite" if env.backend == "sqlite" else "postgresql")

    wipe(env)
    done = dreadforge(env, "restore", str(archive))
    assert done.returncode == 0, done.stderr
    assert "2 users, 4 stories, 1 video, 3 comments, 3 likes" in done.stdout
    assert "media: 3 files" in done.stdout and "secret key into" in done.stdout
    rebind(env)
    assert served(make_client(), stories, videos) == before
    assert (env.data_dir / "secret_key").read_text() == key_before


def test_restore_refuses_a_database_with_rows_unless_forced(env, app, users, tmp_path):
    author, _ = users.signed_in()
    kept = make_story(author, title="Kept")["id"]
    archive = tmp_path / "site.tar"
    assert dreadforge(env, "backup", str(archive)).returncode == 0
    added = make_story(author, title="Added later")["id"]

    refused = dreadforge(env, "restore", str(archive))
    assert refused.returncode == 1
    assert "The database is not empty" in refused.stderr and "--force" in refused.stderr
    assert author.get(f"/api/stories/{added}").status_code == 200  # nothing was touched

    forced = dreadforge(env, "restore", "--force", str(archive))
    assert forced.returncode == 0, forced.stderr
    rebind(env)
    assert author.get(f"/api/stories/{kept}").status_code == 200
    assert author.get(f"/api/stories/{added}").status_code == 404


def test_backup_taken_during_writes_holds_every_committed_write(env, app, users, tmp_path):
    """Comments are written one after another while the backup runs: every one whose request had
    answered before the backup started is in it, and what it holds has no gap."""
    author, _ = users.signed_in()
    story = make_story(author)["id"]
    committed, stop = [], threading.Event()

    def write():
        n = 0
        while not stop.is_set():
            n += 1
            response = author.post(f"/api/stories/{story}/comments",
                                   json={"content": f"comment {n}"})
            assert response.status_code == 201
            committed.append(response.get_json()["id"])

    pin = None
    if env.backend == "sqlite":  # a long read (an old snapshot) keeps the checkpoints from
        # copying the new writes into the file: they stay in its write-ahead log, as they do for
        # a while on any busy site; a copy of the file alone would have none of them
        import sqlite3
        pin = sqlite3.connect(env.data_dir / "test.db")
        pin.execute("BEGIN")
        pin.execute("SELECT COUNT(*) FROM comments").fetchone()
    writer = threading.Thread(target=write)
    writer.start()
    try:
        while len(committed) < 20:
            threading.Event().wait(0.02)
        before_backup = list(committed)
        made = dreadforge(env, "backup", str(tmp_path / "live.tar"))
        during = len(committed) - len(before_backup)
    finally:
        stop.set()
        writer.join()
        if pin is not None:
            pin.close()
    assert made.returncode == 0, made.stderr
    assert during > 0, "no write happened while the backup ran"

    done = dreadforge(env, "restore", "--force", str(tmp_path / "live.tar"))
    assert done.returncode == 0, done.stderr
    rebind(env)
    from core.db import database
    from core.models import Comment
    database.connect(reuse_if_open=True)
    held = [row.id for row in Comment.select(Comment.id).order_by(Comment.id)]
    assert set(before_backup) <= set(held)
    assert held == committed[:len(held)]  # a snapshot: a prefix of the writes, no gap


def test_postgres_without_pg_dump_says_what_is_missing(env, app, tmp_path):
    if env.backend != "postgres":
        pytest.skip("PostgreSQL only")
    result = dreadforge(env, "backup", str(tmp_path / "x.tar"), PATH=str(tmp_path))
    assert result.returncode == 1
    assert "pg_dump is not on PATH" in result.stderr
    assert not (tmp_path / "x.tar").exists()


def test_restore_says_when_a_file_is_not_a_backup(env, app, tmp_path):
    other = tmp_path / "notes.tar"
    with tarfile.open(other, "w") as tar:
        tar.add(ROOT / "setup.cfg", "setup.cfg")
    result = dreadforge(env, "restore", str(other))
    assert result.returncode == 1
    assert "is not a Dreadforge backup" in result.stderr


def test_media_in_a_bucket_come_back_into_the_bucket(env, app, users, make_client, tmp_path,
                                                     monkeypatch, s3_endpoint, bucket):
    """With MEDIA_URL=s3://…, the backup copies the bucket's objects and restore uploads them."""
    if env.backend != "sqlite":
        pytest.skip("the media part; both databases are covered above")
    settings = {"MEDIA_URL": f"s3://{bucket.name}/site", "MEDIA_S3_ENDPOINT": s3_endpoint,
                "MEDIA_S3_SERVE": "stream"}
    use_settings(app, monkeypatch, **settings)
    stories, videos = some_content(app, users)
    keys = stored_keys(bucket)
    assert len(keys) == 3
    before = served(make_client(), stories, videos)
    assert before[f"media/{videos[0]}/video.mp4"] == (200, VIDEO_BYTES)

    archive = tmp_path / "site.tar"
    made = dreadforge(env, "backup", str(archive), **settings)
    assert made.returncode == 0, made.stderr
    assert f"media: 3 files, 10.0 KB from s3://{bucket.name}/site" in made.stdout
    wipe(env)
    bucket.delete_objects(Bucket=bucket.name, Delete={"Objects": [{"Key": k} for k in keys]})
    assert stored_keys(bucket) == []

    done = dreadforge(env, "restore", str(archive), **settings)
    assert done.returncode == 0, done.stderr
    assert f"media: 3 files, 10.0 KB into s3://{bucket.name}/site" in done.stdout
    rebind(env)
    assert stored_keys(bucket) == keys
    assert served(make_client(), stories, videos) == before


def test_the_database_password_stays_off_pg_dumps_command_line():
    """A command line is visible to every local user: the password goes in PGPASSWORD."""
    from cli.backup_cmd import libpq_env, libpq_url
    url = "postgresql://site:p%40ss@db.internal:5432/dreadforge?sslmode=require"
    assert libpq_url(url) == "postgresql://site@db.internal:5432/dreadforge?sslmode=require"
    assert libpq_env(url)["PGPASSWORD"] == "p@ss"
    assert libpq_env("postgresql://site@db.internal/dreadforge") is None
