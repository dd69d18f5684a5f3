"""Media serving: content types, HTTP Range (206), conditional requests, privacy, downloads, and
the storage's key rules."""


import pytest  # noqa: E402

from tests.test_videos_api import make_video, private_video_with_media, put_media  # noqa: E402

DATA = bytes(range(256)) * 64  # 16 KiB of known bytes


def test_media_types_range_and_conditional_requests(users, client, app):
    owner, _ = users.signed_in()
    video = make_video(owner)
    put_media(app, video["id"], data=DATA, poster=b"\xff\xd8\xff\xe0poster")
    url = owner.get(f"/api/videos/{video['id']}").get_json()["videoUrl"]

    full = client.get(url)
    assert full.status_code == 200
    assert full.mimetype == "video/mp4" and full.data == DATA
    assert full.headers["Accept-Ranges"] == "bytes"
    assert full.headers["Content-Length"] == str(len(DATA))
    etag = full.headers["ETag"]
    assert full.headers["Last-Modified"]

    part = client.get(url, headers={"Range": "bytes=1000-1999"})
    assert part.status_code == 206
    assert part.data == DATA[1000:2000]
    assert part.headers["Content-Range"] == f"bytes 1000-1999/{len(DATA)}"
    assert part.headers["Content-Length"] == "1000"
    assert part.mimetype == "video/mp4"

    tail = client.get(url, headers={"Range": "bytes=-100"})
    assert tail.status_code == 206 and tail.data == DATA[-100:]
    opened = client.get(url, headers={"Range": f"bytes={len(DATA) - 10}-"})
    assert opened.status_code == 206 and opened.data == DATA[-10:]
    beyond = client.get(url, headers={"Range": f"bytes={len(DATA) + 10}-"})
    assert beyond.status_code == 416

    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304

    poster = client.get(f"/media/videos/{video['id']}/poster.jpg")
    assert poster.status_code == 200 and poster.mimetype == "image/jpeg"
    assert poster.data.startswith(b"\xff\xd8")
    vtt = client.get(f"/media/videos/{video['id']}/subtitles.vtt")
    assert vtt.status_code == 200 and vtt.mimetype == "text/vtt"
    assert vtt.get_data(as_text=True).startswith("WEBVTT")
    assert client.get(f"/media/videos/{video['id']}/secrets.txt").status_code == 404
    check_not_rendered_is_404(owner, client)


def check_not_rendered_is_404(owner, client):
    video = make_video(owner)
    for name in ("video.mp4", "poster.jpg", "subtitles.vtt"):
        response = client.get(f"/media/videos/{video['id']}/{name}")
        assert response.status_code == 404
        assert response.is_json and response.get_json()["message"] == "File not found"
    assert client.get("/media/videos/999999/video.mp4").status_code == 404


def test_private_media_only_for_the_owner_and_admins(users, client, app):
    video, owner, other, admin = private_video_with_media(users, app, DATA, allowDownload=True)
    for name in ("video.mp4", "poster.jpg", "subtitles.vtt"):
        path = f"/media/videos/{video['id']}/{name}"
        assert client.get(path).status_code == 404
        assert other.get(path).status_code == 404
        mine = owner.get(path)
        assert mine.status_code == 200 and "private" in mine.headers["Cache-Control"]
        assert admin.get(path).status_code == 200
    ranged = owner.get(f"/media/videos/{video['id']}/video.mp4", headers={"Range": "bytes=0-9"})
    assert ranged.status_code == 206 and ranged.data == DATA[:10]
    assert other.get(f"/api/videos/{video['id']}/download").status_code == 404
    assert client.get(f"/api/videos/{video['id']}/download").status_code == 404


def test_download_only_when_allowed_or_for_the_owner(users, client, app):
    owner, _ = users.signed_in()
    other, _ = users.signed_in(first_name="Eli")
    video = make_video(owner, title='Night/Shift: "Part 1"')
    path = f"/api/videos/{video['id']}/download"
    assert owner.get(path).status_code == 404  # nothing rendered yet
    put_media(app, video["id"], data=DATA)
    response = other.get(path)
    assert response.status_code == 403
    assert response.get_json()["message"] == "The creator does not allow downloading this video"
    assert client.get(path).status_code == 403
    mine = owner.get(path)
    assert mine.status_code == 200 and mine.data == DATA and mine.mimetype == "video/mp4"
    disposition = mine.headers["Content-Disposition"]
    assert disposition.startswith("attachment")
    assert 'filename="Night Shift Part 1.mp4"' in disposition
    owner.patch(f"/api/videos/{video['id']}", json={"allowDownload": True})
    response = client.get(path, headers={"Range": "bytes=10-19"})
    assert response.status_code == 206 and response.data == DATA[10:20]
    assert response.headers["Content-Disposition"].startswith("attachment")
    check_unicode_download_name(owner, app)


def check_unicode_download_name(owner, app):
    video = make_video(owner, title="Ночь ужаса")
    put_media(app, video["id"], data=b"x")
    disposition = owner.get(f"/api/videos/{video['id']}/download").headers["Content-Disposition"]
    assert "filename*=UTF-8''" in disposition


@pytest.mark.parametrize("key", ["../etc/passwd", "/etc/passwd", "videos/../../x", ""])
def test_storage_refuses_keys_that_leave_the_media_folder(key, tmp_path):
    from core.storage import LocalStorage, StorageError, clean_key
    with pytest.raises(StorageError):
        clean_key(key)
    storage = LocalStorage(tmp_path)
    assert storage.exists(key) is False


def test_local_storage_publish_and_delete(tmp_path):
    from core.storage import LocalStorage
    storage = LocalStorage(tmp_path / "media")
    folder = storage.workdir("videos/1/a")
    (folder / "video.mp4").write_bytes(b"v")
    assert storage.publish(folder, "videos/1/a") == ["videos/1/a/video.mp4"]
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "poster.jpg").write_bytes(b"p")
    (scratch / "scenes").mkdir()
    (scratch / "scenes" / "scene-01.jpg").write_bytes(b"s")
    assert storage.publish(scratch, "videos/1/b") == ["videos/1/b/poster.jpg"]
    assert storage.exists("videos/1/b/poster.jpg") and storage.size("videos/1/a/video.mp4") == 1
    assert storage.exists("videos/1/b/scenes/scene-01.jpg")  # a render's scene thumbnails
    storage.delete_prefix("videos/1")
    assert not storage.exists("videos/1/a/video.mp4") and not (tmp_path / "media/videos/1").exists()
    storage.delete_prefix("videos/1")  # missing is fine
