"""A tiny stand-in for the Hugging Face hub's file endpoint, enough for ``hf_hub_download``.

``FakeHub(files)`` serves ``{repo/path: bytes}`` at ``/<repo>/resolve/<revision>/<path>`` with
the headers the hub sends (commit, etag = sha256 for "LFS" files or git blob sha1, size) and
honours Range requests. ``cut_after`` cuts the first transfer of a file after that many bytes
(to check a pull resumes); ``lie`` advertises a checksum that does not match the bytes.
Use as a context manager; ``.url`` is what ``HF_ENDPOINT`` should be.
"""
import hashlib
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COMMIT = "0123456789abcdef0123456789abcdef01234567"


def git_blob_sha1(data):
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


class FakeHub:
    def __init__(self, files, cut_after=None, lie=()):
        self.files = dict(files)
        self.cut_after = cut_after
        self.lie = set(lie)
        self.requests = []  # (method, path, Range header)
        self._cut = set()
        hub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_args):
                pass

            def do_HEAD(self):
                hub._answer(self, body=False)

            def do_GET(self):
                hub._answer(self, body=True)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def _answer(self, handler, body):
        wanted = handler.headers.get("Range")
        self.requests.append((handler.command, handler.path, wanted))
        match = re.fullmatch(r"/(.+?/.+?)/resolve/[^/]+/(.+)", handler.path.split("?")[0])
        data = self.files.get(f"{match[1]}/{match[2]}") if match else None
        if data is None:
            handler.send_response(404)
            handler.send_header("X-Repo-Commit", COMMIT)
            handler.send_header("X-Error-Code", "EntryNotFound")
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return
        key = f"{match[1]}/{match[2]}"
        large = key.endswith(".onnx")
        checksum = hashlib.sha256(data).hexdigest() if large else git_blob_sha1(data)
        if key in self.lie:
            checksum = ("f" * len(checksum))
        start = 0
        if wanted and body:
            start = int(re.match(r"bytes=(\d+)-", wanted)[1])
        handler.send_response(206 if start else 200)
        handler.send_header("X-Repo-Commit", COMMIT)
        handler.send_header("ETag", f'"{checksum}"')
        if large:
            handler.send_header("X-Linked-Etag", f'"{checksum}"')
            handler.send_header("X-Linked-Size", str(len(data)))
        if start:
            handler.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        handler.send_header("Content-Length", str(len(data) - start))
        handler.end_headers()
        if not body:
            return
        payload = data[start:]
        if self.cut_after and large and key not in self._cut:
            self._cut.add(key)
            handler.wfile.write(payload[:self.cut_after])
            handler.wfile.flush()
            handler.close_connection = True
            handler.connection.shutdown(2)  # the transfer drops mid-way
            return
        handler.wfile.write(payload)

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *_exc):
        self.server.shutdown()
        self.server.server_close()
