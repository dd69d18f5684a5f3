"""Issue 44 item 6: the data folder (password hashes, e-mails, the secret key, private videos) is
its owner's alone: the folder 0700, the database and media files 0600, media folders 0700, on
the first start and on the first start of a folder an older version made."""
import os
import sqlite3
import stat
from contextlib import contextmanager

from tests.conftest import ROOT
from tests.helpers import standalone_env, start_site, stop_site, wait_until
from tests.test_run_processes import signed_in
from tests.test_videos_api import DIRECT


@contextmanager
def umask(mask):
    """The usual umask (group and others may read what is created), as a user's shell has."""
    previous = os.umask(mask)
    try:
        yield
    finally:
        os.umask(previous)


def modes(root):
    """Every path under ``root`` (``.`` itself) with its permission bits."""
    return {path.relative_to(root).as_posix() or ".": stat.S_IMODE(path.lstat().st_mode)
            for path in [root, *root.rglob("*")]}


def assert_private(data):
    found = modes(data)
    assert found["."] == 0o700
    assert found["dreadforge.db"] == 0o600
    media = {name: mode for name, mode in found.items() if name.startswith("media")}
    assert media["media"] == 0o700
    for name, mode in media.items():
        assert mode == (0o700 if (data / name).is_dir() else 0o600), (name, oct(mode))
    others = {name: oct(mode) for name, mode in found.items() if mode & 0o077}
    assert others == {}


def test_a_new_data_folder_is_made_private(tmp_path):
    data = tmp_path / "data"  # made by `dreadforge run`
    env = standalone_env(data, DREADFORGE_PLUGIN_MODULES="tests.fake_video_provider",
                         DREADFORGE_PLUGINS=str(ROOT / "tests" / "plugins.fake-video.toml"))
    with umask(0o022):
        proc, base = start_site(env, log_dir=tmp_path)
    try:
        user = signed_in(base)
        status, video = user.call("POST", "/api/videos", {**DIRECT, "title": "Private"})
        assert status == 201, video
        assert user.call("POST", f"/api/videos/{video['id']}/generate")[0] == 202
        wait_until(lambda: user.call("GET", f"/api/videos/{video['id']}")[1]["status"]
                   in ("completed", "failed"), timeout=60)
        assert user.call("GET", f"/api/videos/{video['id']}")[1]["status"] == "completed"
        assert any(path.is_file() for path in (data / "media").rglob("*"))  # the render's files
        assert_private(data)
    finally:
        stop_site(proc)


def test_a_folder_an_older_version_made_is_tightened_at_start(tmp_path):
    data = tmp_path / "data"
    with umask(0o022):  # what older versions left: readable by everyone
        (data / "media" / "videos" / "1" / "scenes").mkdir(parents=True)
        (data / "media" / "videos" / "1" / "video.mp4").write_bytes(b"mp4")
        (data / "media" / "videos" / "1" / "scenes" / "1.jpg").write_bytes(b"jpg")
        sqlite3.connect(data / "dreadforge.db").execute("CREATE TABLE t (x)").connection.close()
        assert modes(data)["dreadforge.db"] == 0o644 and modes(data)["."] == 0o755
        proc, _base = start_site(standalone_env(data), "--processes", "1", "--workers", "0",
                                 log_dir=tmp_path)
    try:
        assert_private(data)
    finally:
        stop_site(proc)
