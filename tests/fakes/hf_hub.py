"""A tiny fake Hugging Face hub: ``/{repo}/resolve/{revision}/{filename}`` over real HTTP.

It answers what ``huggingface_hub.hf_hub_download`` needs: ``HEAD`` with the file's metadata
(``ETag``/``X-Linked-Etag`` = the SHA-256 as the hub gives it for LFS files, ``X-Repo-Commit``,
``Content-Length``/``X-Linked-Size``) and ``GET`` with ``Range`` support (206 + ``Content-Range``)
so an interrupted download resumes. Point the client at it with ``HF_ENDPOINT=server.url``::

    with FakeHub() as hub:
        hub.add("Qwen/Qwen2.5-1.5B-Instruct-GGUF", "model.gguf", b"GGUF...")
        hub.drop_after = 1000   # the first GET hangs up after 1000 bytes (to test resuming)
"""
import hashlib
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COMMIT = "0123456789abcdef0123456789abcdef01234567"
_RESOLVE = re.compile(r"^/(?:models/)?(?P<repo>[^/]+/[^/]+)/resolve/(?P<rev>[^/]+)/(?P<file>.+)$")
_RANGE = re.compile(r"^bytes=(\d+)-(\d*)$")


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002
        pass

    def _file(self):
        match = _RESOLVE.match(self.path.split("?")[0])
        hub = self.server.hub
        hub.requests.append((self.command, self.path, self.headers.get("Range")))
        if not match:
            return None, None
        key = (match["repo"], match["file"])
        return key, hub.files.get(key)

    def _not_found(self):
        body = b'{"error": "Entry not found"}'
        self.send_response(404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Error-Code", "EntryNotFound")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _metadata_headers(self, key, data):
        etag = self.server.hub.etags.get(key) or hashlib.sha256(data).hexdigest()
        self.send_header("ETag", f'"{etag}"')
        self.send_header("X-Linked-Etag", f'"{etag}"')
        self.send_header("X-Linked-Size", str(len(data)))
        self.send_header("X-Repo-Commit", COMMIT)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Type", "application/octet-stream")

    def do_HEAD(self):
        key, data = self._file()
        if data is None:
            return self._not_found()
        self.send_response(200)
        self._metadata_headers(key, data)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()

    def do_GET(self):
        key, data = self._file()
        if data is None:
            return self._not_found()
        start = 0
        match = _RANGE.match(self.headers.get("Range") or "")
        if match:
            start = int(match[1])
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        else:
            self.send_response(200)
        self._metadata_headers(key, data)
        body = data[start:]
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        hub = self.server.hub
        with hub.lock:
            drop, hub.drop_after = hub.drop_after, None
        if drop is not None:  # send part of it, then hang up like a broken connection
            self.wfile.write(body[:drop])
            self.wfile.flush()
            self.close_connection = True
            return
        self.wfile.write(body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class FakeHub:
    def __init__(self):
        self.files = {}
        self.etags = {}
        self.requests = []
        self.drop_after = None
        self.lock = threading.Lock()
        self._httpd = _Server(("127.0.0.1", 0), _Handler)
        self._httpd.hub = self
        self._thread = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def add(self, repo, filename, data, etag=None):
        """Serve ``data`` as ``repo``'s ``filename``; ``etag`` overrides its SHA-256."""
        self.files[(repo, filename)] = data
        if etag:
            self.etags[(repo, filename)] = etag

    def __enter__(self):
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc_info):
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
