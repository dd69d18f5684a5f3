"""Media in an S3-compatible object store (``MEDIA_URL=s3://bucket/prefix``), against moto's S3
server on 127.0.0.1: a real socket and the real boto3 client. A render on a worker that shares no
folder with the web process, playback through the web process (a redirect to a presigned URL,
Range included, or streamed through), privacy, and deletion."""
import os
import threading
import urllib.error
import urllib.request
import uuid
from datetime import datetime
from urllib.parse import parse_qs, urlparse

import pytest

from core.storage import get_storage
from tests.conftest import ROOT, start_worker, stop_worker
from tests.helpers import free_port, wait_until
from tests.test_video_jobs import wait_for_video
from tests.test_videos_api import make_video, private_video_with_media, put_media

pytest.importorskip("boto3")
pytest.importorskip("moto")

DATA = bytes(range(256)) * 64  # 16 KiB of known bytes
CREDENTIALS = {"AWS_ACCESS_KEY_ID": "dreadforge-test", "AWS_SECRET_ACCESS_KEY": "dreadforge-test",
               "AWS_DEFAULT_REGION": "us-east-1"}
FAKE_PLUGINS_TOML = ROOT / "tests" / "plugins.fake-video.toml"


@pytest.fixture(scope="session")
def s3_endpoint():
    """moto's S3-compatible server on a free port of 127.0.0.1, for this test session."""
    from moto.server import ThreadedMotoServer
    saved = {name: os.environ.get(name) for name in CREDENTIALS}
    os.environ.update(CREDENTIALS)
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture
def bucket(s3_endpoint):
    """A new bucket; returns a client to look into it."""
    from core.storage.s3 import make_client
    client = make_client(s3_endpoint)
    name = f"df-{uuid.uuid4().hex[:12]}"
    client.create_bucket(Bucket=name)
    client.name = name
    return client


def stored_keys(bucket, prefix=""):
    pages = bucket.get_paginator("list_objects_v2").paginate(Bucket=bucket.name, Prefix=prefix)
    return sorted(item["Key"] for page in pages for item in page.get("Contents", []))


@pytest.fixture
def s3_settings(s3_endpoint, bucket):
    return {"MEDIA_URL": f"s3://{bucket.name}/site", "MEDIA_S3_ENDPOINT": s3_endpoint}


def use_settings(app, monkeypatch, **settings):
    """The shared test app with its media in the store (restored after the test): the store made
    from these settings is dropped with them, so the tests after this one on the same worker do
    not keep writing to this bucket (its videos went missing in later tests when one didn't)."""
    for name, value in settings.items():
        monkeypatch.setitem(app.config, name, value)
    monkeypatch.setitem(app.extensions, "dreadforge.storage", None)  # made anew, put back after


@pytest.fixture
def s3_app(app, monkeypatch, s3_settings):
    use_settings(app, monkeypatch, **s3_settings)
    return app


@pytest.fixture
def site(s3_app):
    """The web process on a real socket (werkzeug's threaded server), as a browser reaches it."""
    from werkzeug.serving import make_server
    server = make_server("127.0.0.1", 0, s3_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


def fetch(url, headers=None):
    """GET ``url`` following redirects (to the store), as a browser's video element does:
    (status, headers, body)."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}),
                                    timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def files_under(folder):
    return [path for path in folder.rglob("*") if path.is_file()] if folder.exists() else []


# --- a render on a worker, playback through the web process --------------------------------------


def test_worker_renders_into_the_store_and_the_site_plays_it_back(
        env, queue_env, users, s3_app, s3_settings, bucket, site, tmp_path, monkeypatch):
    prefix = f"{queue_env['DREADFORGE_QUEUE_PREFIX']}s3-{uuid.uuid4().hex[:6]}-"
    monkeypatch.setenv("DREADFORGE_QUEUE_PREFIX", prefix)
    other_machine = tmp_path / "worker-machine"  # shares no folder with the web process
    worker = start_worker(env, queue_env, DREADFORGE_QUEUE_PREFIX=prefix,
                          DREADFORGE_DATA=str(other_machine),
                          DREADFORGE_PLUGIN_MODULES="tests.fake_video_provider",
                          DREADFORGE_PLUGINS=str(FAKE_PLUGINS_TOML), **s3_settings, **CREDENTIALS)
    try:
        owner, _ = users.signed_in()
        video = make_video(owner, title="Hollow Signal", content="The lamp went out.\n\nIt came.")
        assert owner.post(f"/api/videos/{video['id']}/generate").status_code == 202
        done = wait_for_video(owner, video["id"], timeout=60)
        assert done["status"] == "completed", done

        folder = f"site/videos/{video['id']}/"
        keys = stored_keys(bucket, folder)
        job = keys[0].split("/")[3]
        assert {key[len(folder) + len(job) + 1:] for key in keys} >= {
            "video.mp4", "poster.jpg", "subtitles.vtt", "scenes/scene-01.jpg",
            "scenes/scene-02.jpg"}
        assert files_under(s3_app.config["MEDIA_DIR"]) == []  # nothing on the web machine
        assert files_under(other_machine / "render-work") == []  # the worker's scratch is gone
        assert done["videoUrl"].startswith(f"/media/videos/{video['id']}/video.mp4")

        # a video element: Range requests, through the redirect to the store
        status, headers, body = fetch(site + done["videoUrl"], {"Range": "bytes=0-7"})
        assert status == 206 and body == b"\x00\x00\x00\x18ftyp"
        assert headers["Content-Type"] == "video/mp4"
        total = len(b"\x00\x00\x00\x18ftypmp42FAKE:Hollow Signal")
        assert headers["Content-Range"] == f"bytes 0-7/{total}"
        status, _, body = fetch(site + done["videoUrl"], {"Range": "bytes=8-"})
        assert status == 206 and body == b"mp42FAKE:Hollow Signal"
        status, headers, body = fetch(site + done["posterUrl"])
        assert status == 200 and headers["Content-Type"] == "image/jpeg"
        assert body.startswith(b"\xff\xd8")
        status, headers, body = fetch(site + done["subtitlesUrl"])
        assert status == 200 and headers.get_content_type() == "text/vtt"
        assert body.decode().startswith("WEBVTT") and "The lamp went out." in body.decode()
        thumbnail = done["scenes"][0]["thumbnailUrl"]
        status, headers, body = fetch(site + thumbnail)
        assert status == 200 and headers["Content-Type"] == "image/jpeg"

        # the video page lets the browser load media from the store, and nothing else from it
        policy = owner.get(f"/video/{video['id']}").headers["Content-Security-Policy"]
        store = s3_settings["MEDIA_S3_ENDPOINT"]
        directives = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
        assert store in directives["media-src"] and store in directives["img-src"]
        assert store not in directives["script-src"] and store not in directives["connect-src"]

        # the web process answers with a short-lived presigned URL, never a lasting one
        redirect = owner.get(done["videoUrl"])
        assert redirect.status_code == 302 and "no-store" in redirect.headers["Cache-Control"]
        location = redirect.headers["Location"]
        assert location.startswith(s3_settings["MEDIA_S3_ENDPOINT"] + f"/{bucket.name}/site/")
        assert parse_qs(urlparse(location).query)["X-Amz-Expires"] == ["300"]

        # regeneration swaps in a new render and removes the old one's objects
        assert owner.post(f"/api/videos/{video['id']}/regenerate",
                          json={"title": "Second Signal"}).status_code == 202
        again = wait_for_video(owner, video["id"], timeout=60)
        assert again["status"] == "completed" and again["error"] is None, again
        # (the worker removes the old objects just after swapping the new render in)
        wait_until(lambda: not any(f"/{job}/" in key for key in stored_keys(bucket, folder)))
        assert stored_keys(bucket, folder)
        assert fetch(site + again["videoUrl"])[2].endswith(b"FAKE:Second Signal")
        location = owner.get(again["videoUrl"]).headers["Location"]

        # deleting the video removes its objects; an old link stops working
        assert owner.delete(f"/api/videos/{video['id']}").status_code in (200, 204)
        assert stored_keys(bucket, folder) == []
        assert fetch(location)[0] in (403, 404)  # (S3 says 403 without ListBucket rights)
        assert fetch(site + again["videoUrl"])[0] == 404
    finally:
        stop_worker(worker)


# --- privacy and downloads (files put by the web process itself) ---------------------------------


def test_private_media_only_redirects_after_the_access_check(users, client, s3_app, site):
    video, owner, other, admin = private_video_with_media(users, s3_app, DATA, allowDownload=False)
    for name in ("video.mp4", "poster.jpg", "subtitles.vtt"):
        path = f"/media/videos/{video['id']}/{name}"
        for stranger in (client, other):
            response = stranger.get(path)
            assert response.status_code == 404 and "Location" not in response.headers
            assert response.get_json()["message"] == "Video not found"  # as the API says
        assert fetch(site + path)[0] == 404
        for allowed in (owner, admin):
            response = allowed.get(path)
            if name == "subtitles.vtt":  # a <track> loads only from the page's own origin
                assert response.status_code == 200 and "Location" not in response.headers
                assert response.data.startswith(b"WEBVTT")
                headers = response.headers
            else:
                assert response.status_code == 302
                status, headers, _ = fetch(response.headers["Location"])
                assert status == 200
            assert "private" in headers["Cache-Control"]
    download = f"/api/videos/{video['id']}/download"
    assert other.get(download).status_code == 404
    status, headers, body = fetch(owner.get(download).headers["Location"],
                                  {"Range": "bytes=10-19"})
    assert status == 206 and body == DATA[10:20]
    assert headers["Content-Disposition"].startswith("attachment")
    assert 'filename="Signal from the Deep.mp4"' in headers["Content-Disposition"]
    assert headers["Content-Type"] == "video/mp4"
    check_missing_files_are_404(owner, s3_app)


def check_missing_files_are_404(owner, app):
    video = make_video(owner)
    response = owner.get(f"/media/videos/{video['id']}/video.mp4")  # not rendered
    assert response.status_code == 404 and response.get_json()["message"] == "File not found"
    put_media(app, video["id"], render="gone", data=b"x")
    get_storage(app).delete_prefix(f"videos/{video['id']}/gone")  # the row outlived its files
    response = owner.get(f"/media/videos/{video['id']}/poster.jpg")
    assert response.status_code == 404 and response.get_json()["message"] == "File not found"


def test_presigned_urls_last_media_url_seconds(users, s3_app, monkeypatch):
    """(moto does not enforce expiry itself: the URL's signed lifetime is what is checked.)"""
    use_settings(s3_app, monkeypatch, MEDIA_URL_SECONDS=45)
    owner, _ = users.signed_in()
    video = make_video(owner)
    put_media(s3_app, video["id"], data=DATA)
    location = owner.get(f"/media/videos/{video['id']}/video.mp4").headers["Location"]
    query = parse_qs(urlparse(location).query)
    assert query["X-Amz-Expires"] == ["45"]
    signed = datetime.strptime(query["X-Amz-Date"][0], "%Y%m%dT%H%M%SZ")
    assert abs((datetime.utcnow() - signed).total_seconds()) < 30  # signed now, for 45 s
    assert fetch(location)[2] == DATA


# --- streaming through the web process (MEDIA_S3_SERVE=stream) -----------------------------------


def test_streamed_media_supports_range_and_conditional_requests(users, client, s3_app,
                                                                 monkeypatch):
    use_settings(s3_app, monkeypatch, MEDIA_S3_SERVE="stream")
    owner, _ = users.signed_in()
    video = make_video(owner)
    put_media(s3_app, video["id"], data=DATA)
    url = f"/media/videos/{video['id']}/video.mp4"

    full = client.get(url)
    assert full.status_code == 200 and full.data == DATA and full.mimetype == "video/mp4"
    assert full.headers["Accept-Ranges"] == "bytes"
    assert full.headers["Content-Length"] == str(len(DATA))
    assert full.headers["Last-Modified"] and "public" in full.headers["Cache-Control"]
    etag = full.headers["ETag"]
    part = client.get(url, headers={"Range": "bytes=1000-1999"})
    assert part.status_code == 206 and part.data == DATA[1000:2000]
    assert part.headers["Content-Range"] == f"bytes 1000-1999/{len(DATA)}"
    assert part.headers["Content-Length"] == "1000"
    tail = client.get(url, headers={"Range": "bytes=-100"})
    assert tail.status_code == 206 and tail.data == DATA[-100:]
    beyond = client.get(url, headers={"Range": f"bytes={len(DATA) + 10}-"})
    assert beyond.status_code == 416
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    gone = make_video(owner)
    put_media(s3_app, gone["id"], render="gone", data=b"x")
    get_storage(s3_app).delete_prefix(f"videos/{gone['id']}/gone")
    missing = client.get(f"/media/videos/{gone['id']}/video.mp4")
    assert missing.status_code == 404 and missing.get_json()["message"] == "File not found"

    private = make_video(owner, title="Ночь ужаса", isPublic=False)
    put_media(s3_app, private["id"], data=b"secret")
    assert client.get(f"/media/videos/{private['id']}/video.mp4").status_code == 404
    mine = owner.get(f"/api/videos/{private['id']}/download")
    assert mine.status_code == 200 and mine.data == b"secret"
    assert "private" in mine.headers["Cache-Control"]
    assert "filename*=UTF-8''" in mine.headers["Content-Disposition"]


# --- configuration and failures ------------------------------------------------------------------


def test_an_unreachable_store_answers_503_not_500(users, client, s3_app, monkeypatch):
    owner, _ = users.signed_in()
    video = make_video(owner)
    put_media(s3_app, video["id"], data=DATA)
    use_settings(s3_app, monkeypatch, MEDIA_S3_ENDPOINT=f"http://127.0.0.1:{free_port()}")
    response = client.get(f"/media/videos/{video['id']}/video.mp4")
    assert response.status_code == 503
    message = response.get_json()["message"]
    assert message == "Media storage is unavailable. Please try again shortly."


@pytest.mark.parametrize("url", ["s3://", "ftp://host/media"])
def test_a_wrong_media_url_stops_start_up(url, tmp_path):
    from core.app import create_app
    from core.storage import StorageError
    with pytest.raises(StorageError, match="MEDIA_URL"):
        create_app({"TESTING": True, "DATA_DIR": tmp_path, "MEDIA_URL": url,
                    "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}", "LOAD_ENTRYPOINTS": False,
                    "PLUGINS_FILE": ROOT / "tests" / "plugins.test.toml", "SECRET_KEY": "x"})
