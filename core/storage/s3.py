"""Media in an S3-compatible object store (AWS S3, MinIO, Ceph, Cloudflare R2), through boto3.

Selected by ``MEDIA_URL=s3://bucket/prefix``: the file of key ``videos/12/3fa9…/video.mp4`` is the
object ``prefix/videos/12/3fa9…/video.mp4`` of ``bucket``. ``MEDIA_S3_ENDPOINT`` points the client
at a store other than AWS (``http://minio.internal:9000``); credentials and region are boto3's own
(``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``, ``AWS_REGION``, a profile, an instance role).

A render is written into a local scratch folder (``workdir``) and uploaded by ``publish``, so
workers on any machine write to the same store. The bucket stays private: the web process checks
access first (``core.api.media``), then either redirects to a presigned URL valid for
``MEDIA_URL_SECONDS`` (the store answers Range, ETag and conditional requests itself), or, with
``MEDIA_S3_SERVE=stream``, streams the object through itself (for a store browsers cannot reach).
"""
import mimetypes
import os
import shutil
from pathlib import Path
from urllib.parse import quote, urlparse

from flask import Response, redirect, request
from werkzeug.http import dump_options_header

from core.errors import abort
from core.storage.base import MediaStorage, StorageError, clean_key

UNAVAILABLE = "Media storage is unavailable. Please try again shortly."
CHUNK = 256 * 1024
CONTENT_TYPES = {".mp4": "video/mp4", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
                 ".png": "image/png", ".vtt": "text/vtt", ".json": "application/json"}
MISSING = ("404", "NoSuchKey", "NotFound")
#: served through this process in redirect mode too: without CORS, browsers load a <track> only
#: from the page's own origin
SAME_ORIGIN_TYPES = {"text/vtt"}


def make_client(endpoint=None):
    """A boto3 S3 client; path-style addressing and SigV4 when an endpoint is given (MinIO, moto),
    checksums only where the API requires them (several S3-compatible stores refuse the others)."""
    try:
        import boto3
        from botocore.config import Config
    except ImportError:  # pragma: no cover - depends on the installation
        raise StorageError("MEDIA_URL=s3://… needs boto3: pip install 'dreadforge[s3]'") from None
    config = Config(signature_version="s3v4", retries={"max_attempts": 3, "mode": "standard"},
                    request_checksum_calculation="when_required",
                    response_checksum_validation="when_required",
                    s3={"addressing_style": "path"} if endpoint else None)
    return boto3.session.Session().client("s3", endpoint_url=endpoint or None, config=config)


def content_type(name):
    suffix = Path(name).suffix.lower()
    return CONTENT_TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def attachment(download_name):
    """A Content-Disposition value as werkzeug's send_file writes it (RFC 6266 / 5987)."""
    try:
        download_name.encode("ascii")
        return dump_options_header("attachment", {"filename": download_name})
    except UnicodeEncodeError:
        import unicodedata
        simple = unicodedata.normalize("NFKD", download_name).encode("ascii", "ignore").decode()
        quoted = quote(download_name, safe="!#$&+-.^_`|~")
        return dump_options_header("attachment", {"filename": simple,
                                                  "filename*": f"UTF-8''{quoted}"})


def error_code(error):
    """The S3 error code (or HTTP status) of a botocore ClientError, as a string."""
    response = getattr(error, "response", None) or {}
    return str(response.get("Error", {}).get("Code")
               or response.get("ResponseMetadata", {}).get("HTTPStatusCode") or "")


class S3Storage(MediaStorage):
    """Media files as objects of one bucket, under one prefix."""

    def __init__(self, url, scratch, endpoint=None, url_seconds=300, serve="redirect",
                 client=None):
        parsed = urlparse(url)
        if parsed.scheme != "s3" or not parsed.netloc:
            raise StorageError(f"MEDIA_URL must look like s3://bucket/prefix, not '{url}'")
        if serve not in ("redirect", "stream"):
            raise StorageError(f"MEDIA_S3_SERVE must be 'redirect' or 'stream', not '{serve}'")
        self.bucket = parsed.netloc
        self.root = parsed.path.strip("/")
        self.scratch = Path(scratch)
        self.url_seconds = int(url_seconds)
        self.serve_mode = serve
        self.endpoint = endpoint
        self._origin = None
        self._client, self._pid = client or make_client(endpoint), os.getpid()

    @property
    def client(self):
        """This process's client: a worker forks a work horse per job, and a forked process must not
        share the parent's open connections."""
        if self._client is None or self._pid != os.getpid():
            self._client, self._pid = make_client(self.endpoint), os.getpid()
        return self._client

    def object_key(self, key):
        key = clean_key(key)
        return f"{self.root}/{key}" if self.root else key

    # --- writing (workers) ---------------------------------------------------------------------

    def workdir(self, prefix):
        folder = self.scratch / clean_key(prefix)
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        return folder

    def publish(self, workdir, prefix):
        prefix, workdir = clean_key(prefix), Path(workdir)
        top = [self.key_for(prefix, item) for item in sorted(workdir.iterdir()) if item.is_file()]
        for path in sorted(item for item in workdir.rglob("*") if item.is_file()):
            key = f"{prefix}/{path.relative_to(workdir).as_posix()}"
            self.client.upload_file(str(path), self.bucket, self.object_key(key),
                                    ExtraArgs={"ContentType": content_type(path.name)})
        shutil.rmtree(workdir, ignore_errors=True)
        return top

    def delete_prefix(self, prefix):
        try:
            prefix = clean_key(prefix)
        except StorageError:
            return
        shutil.rmtree(self.scratch / prefix, ignore_errors=True)
        pages = self.client.get_paginator("list_objects_v2").paginate(
            Bucket=self.bucket, Prefix=self.object_key(prefix) + "/")
        for page in pages:
            objects = [{"Key": item["Key"]} for item in page.get("Contents", [])]
            if objects:  # at most 1,000 a page, as delete_objects takes
                self.client.delete_objects(Bucket=self.bucket,
                                           Delete={"Objects": objects, "Quiet": True})
        self.client.delete_object(Bucket=self.bucket, Key=self.object_key(prefix))

    # --- reading -------------------------------------------------------------------------------

    def head(self, key):
        """The object's metadata, or None when it does not exist."""
        from botocore.exceptions import ClientError
        try:
            return self.client.head_object(Bucket=self.bucket, Key=self.object_key(key))
        except ClientError as error:
            if error_code(error) in MISSING:
                return None
            raise StorageError(f"S3 HEAD {key}: {error_code(error)}") from error

    def exists(self, key):
        try:
            return self.head(key) is not None
        except StorageError:
            return False

    def size(self, key):
        head = self.head(key)
        if head is None:
            raise StorageError(f"No such media file '{key}'")
        return head["ContentLength"]

    def serve(self, key, mimetype, download_name=None, private=False):
        from botocore.exceptions import BotoCoreError
        if not key:
            abort(404, message="File not found")
        cache = f"{'private' if private else 'public'}, no-cache"
        if self.serve_mode == "stream" or mimetype in SAME_ORIGIN_TYPES:
            return self._stream(key, mimetype, download_name, cache)
        try:  # a missing object answers as a missing local file does, not with the store's XML
            head = self.head(key)
        except (StorageError, BotoCoreError):
            abort(503, message=UNAVAILABLE)
        if head is None:
            abort(404, message="File not found")
        params = {"Bucket": self.bucket, "Key": self.object_key(key),
                  "ResponseContentType": mimetype, "ResponseCacheControl": cache}
        if download_name is not None:
            params["ResponseContentDisposition"] = attachment(download_name)
        url = self.client.generate_presigned_url("get_object", Params=params,
                                                 ExpiresIn=self.url_seconds)
        response = redirect(url, code=302)
        response.headers["Cache-Control"] = "private, no-store"  # the URL expires
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    def csp_sources(self):
        """In redirect mode, pages show images and play media from the store's origin."""
        if self.serve_mode != "redirect":
            return {}
        if self._origin is None:
            url = urlparse(self.client.generate_presigned_url(
                "get_object", Params={"Bucket": self.bucket, "Key": self.object_key("origin")},
                ExpiresIn=60))
            self._origin = f"{url.scheme}://{url.netloc}"
        return {"img-src": [self._origin], "media-src": [self._origin]}

    def _stream(self, key, mimetype, download_name, cache):
        """The object through this process: the client's Range and conditional headers are passed
        to the store, its 200/206/304/416 answered as send_file would."""
        from botocore.exceptions import BotoCoreError, ClientError
        args = {"Bucket": self.bucket, "Key": self.object_key(key)}
        for header, name in (("Range", "Range"), ("If-None-Match", "IfNoneMatch"),
                             ("If-Modified-Since", "IfModifiedSince")):
            if request.headers.get(header):
                args[name] = request.headers[header]
        try:
            obj = self.client.get_object(**args)
        except ClientError as error:
            code = error_code(error)
            if code in ("304", "NotModified"):
                headers = {"Cache-Control": cache}
                if request.headers.get("If-None-Match"):
                    headers["ETag"] = request.headers["If-None-Match"]
                return Response(status=304, headers=headers)
            if code in ("416", "InvalidRange"):
                head = self.head(key)
                return Response(status=416, headers={
                    "Content-Range": f"bytes */{head['ContentLength'] if head else 0}"})
            if code in MISSING:
                abort(404, message="File not found")
            abort(503, message=UNAVAILABLE)
        except BotoCoreError:
            abort(503, message=UNAVAILABLE)
        body = obj["Body"]
        response = Response(body.iter_chunks(CHUNK), status=206 if obj.get("ContentRange") else 200,
                            mimetype=mimetype, direct_passthrough=True)
        response.call_on_close(body.close)
        response.headers["Content-Length"] = str(obj["ContentLength"])
        response.headers["Accept-Ranges"] = "bytes"
        if obj.get("ContentRange"):
            response.headers["Content-Range"] = obj["ContentRange"]
        if obj.get("ETag"):
            response.headers["ETag"] = obj["ETag"]
        if obj.get("LastModified"):
            response.last_modified = obj["LastModified"]
        if download_name is not None:
            response.headers["Content-Disposition"] = attachment(download_name)
        response.headers["Cache-Control"] = cache
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response


def from_config(app):
    """The S3 storage of ``app``: ``MEDIA_URL``, ``MEDIA_S3_ENDPOINT``, ``MEDIA_URL_SECONDS``,
    ``MEDIA_S3_SERVE``; renders are written in ``DATA_DIR/render-work`` before upload."""
    config = app.config
    return S3Storage(config["MEDIA_URL"], Path(config["DATA_DIR"]) / "render-work",
                     endpoint=config.get("MEDIA_S3_ENDPOINT"),
                     url_seconds=config.get("MEDIA_URL_SECONDS", 300),
                     serve=config.get("MEDIA_S3_SERVE", "redirect"))
