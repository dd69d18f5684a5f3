"""A fake OpenAI-compatible images endpoint on a real socket: ``POST /v1/images/generations``
answers one PNG (base64, a flat colour that changes with each request) and records each request's
JSON body and headers::

    with FakeImagesServer() as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="sk-test")
        ...
        assert server.requests[0]["body"]["model"] == "gpt-image-1"

``server.fail_with = 400`` answers every further request with that status and an OpenAI-style
error body.
"""
import base64
import io
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from PIL import Image

PATH = "/v1/images/generations"


def png(width, height, colour):
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, "PNG")
    return base64.b64encode(buffer.getvalue()).decode()


class FakeImagesServer:
    def __init__(self):
        self.requests = []
        self.fail_with = None
        self._lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, code, body):
                data = json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append({"path": self.path, "body": body, "headers": dict(self.headers)})
                    n = len(server.requests)
                if self.path != PATH:
                    return self._send(404, {"error": {"message": "not found", "type": "invalid_request_error"}})
                if server.fail_with:
                    return self._send(server.fail_with, {"error": {
                        "message": "Your request was rejected by the safety system.",
                        "type": "invalid_request_error", "param": None, "code": None}})
                width, height = (int(v) for v in str(body.get("size", "64x64")).split("x"))
                colour = ((n * 67) % 256, (n * 131) % 256, (n * 29) % 256)
                self._send(200, {"created": 1, "data": [{"b64_json": png(width // 8, height // 8, colour)}]})

        return Handler
