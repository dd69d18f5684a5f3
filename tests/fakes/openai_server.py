"""A scriptable OpenAI-compatible chat-completions server on a real socket.

``POST /v1/chat/completions`` answers both streaming (SSE ``data: {...}`` … ``data: [DONE]``) and
non-streaming requests. Each test scripts the answers as a queue of behaviours, consumed one per
request; every request is recorded so a test can check the prompt and the headers it carried::

    with FakeOpenAIServer() as server:
        server.script(status(429), ok("Title: Night\\n\\nThe door opened."))
        client = openai.OpenAI(base_url=server.base_url, api_key="sk-test")
        ...
        assert server.requests[1].headers["x-stainless-retry-count"] == "1"

When the queue is empty the server answers 500 ``no behaviour scripted``, unless a behaviour was
scripted with ``sticky=True`` (``server.script(status(500), sticky=True)``), which then answers
every further request.
"""
import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CHAT_PATH = "/v1/chat/completions"
MODELS_PATH = "/v1/models"


# --- behaviours ----------------------------------------------------------------------------------


@dataclass
class Behaviour:
    """How the server answers one request; build them with the helpers below."""

    kind: str
    text: str = ""
    status: int = 200
    body: object | None = None
    headers: dict = field(default_factory=dict)
    finish_reason: str | None = "stop"
    refusal: str | None = None
    delay: float = 0.0
    stall_after: int | None = None
    chunk_words: int = 3
    raw: str = ""
    #: seconds between two streamed chunks (a model writing at its own pace)
    pace: float = 0.0


def ok(text, finish_reason="stop", chunk_words=3):
    """A successful answer with ``text``, streamed in chunks of ``chunk_words`` words."""
    return Behaviour("ok", text=text, finish_reason=finish_reason, chunk_words=chunk_words)


def trickle(text, pace, chunk_words=2):
    """A successful answer streamed slowly: ``pace`` seconds between chunks of ``chunk_words``
    words (what a model on a CPU looks like to a client watching the partial text)."""
    return Behaviour("ok", text=text, chunk_words=chunk_words, pace=pace)


def empty():
    """A successful answer without any text."""
    return Behaviour("ok", text="", finish_reason="stop")


def status(code, message=None, headers=None, error_type=None):
    """An HTTP error with an OpenAI-style error body, e.g. ``status(429, headers={...})``."""
    default_type = "rate_limit_exceeded" if code == 429 else "server_error"
    body = {"error": {"message": message or f"fake error {code}",
                      "type": error_type or default_type, "param": None, "code": None}}
    return Behaviour("status", status=code, body=body, headers=dict(headers or {}))


def unauthorized(message="Incorrect API key provided."):
    """A 401 like OpenAI's answer to a bad key."""
    return status(401, message=message, error_type="invalid_request_error")


def slow(seconds, then=None):
    """Wait ``seconds`` before answering at all (to trip the client's read timeout)."""
    behaviour = then or ok("Title: Late\n\nToo late.")
    return Behaviour(**{**behaviour.__dict__, "delay": seconds})


def stall(after_chunks, seconds, text="Title: Stalled\n\nThe words stopped coming and then"):
    """Stream ``after_chunks`` chunks, then go silent for ``seconds`` (a mid-stream timeout)."""
    return Behaviour("ok", text=text, delay=seconds, stall_after=after_chunks, chunk_words=2)


def refusal(text="I can't help with that."):
    """A refusal: the ``refusal`` field of the message (or of the streamed deltas)."""
    return Behaviour("ok", text="", refusal=text, finish_reason="stop")


def content_filter(text=""):
    """An answer cut by the content filter: ``finish_reason == "content_filter"``."""
    return Behaviour("ok", text=text, finish_reason="content_filter")


BROKEN_EVENT = 'data: {"id": "chatcmpl-x", "choices": [{"delta": {"content": "Hal\n\n'


def malformed(raw=BROKEN_EVENT):
    """A body that is not valid JSON (non-streaming) or an SSE event that is not valid JSON."""
    return Behaviour("malformed", raw=raw)


def truncated(text="Title: Cut\n\nThe story began and"):
    """A stream that sends some chunks and ends without a finish_reason or ``[DONE]``."""
    return Behaviour("truncated", text=text, finish_reason=None)


# --- recorded requests ---------------------------------------------------------------------------


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict
    body: dict | None

    @property
    def messages(self):
        return (self.body or {}).get("messages", [])

    @property
    def system_prompt(self):
        return next((m["content"] for m in self.messages if m.get("role") == "system"), "")

    @property
    def user_prompt(self):
        return next((m["content"] for m in self.messages if m.get("role") == "user"), "")


# --- the server ----------------------------------------------------------------------------------


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "_Server"

    def log_message(self, format, *args):  # noqa: A002 - keep test output quiet
        pass

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):  # the client hung up: nothing to do
            self.close_connection = True

    def do_GET(self):
        """``GET /v1/models``: the models it offers; 401 for a key not in ``accepted_keys``."""
        fake = self.server.fake
        headers = {k.lower(): v for k, v in self.headers.items()}
        fake._record(RecordedRequest("GET", self.path, headers, None))
        if self.path != MODELS_PATH:
            self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
            return
        key = headers.get("authorization", "").removeprefix("Bearer ")
        if fake.accepted_keys is not None and key not in fake.accepted_keys:
            self._json(401, {"error": {"message": "Incorrect API key provided",
                                       "type": "invalid_request_error",
                                       "code": "invalid_api_key"}})
            return
        self._json(200, {"object": "list", "data": [
            {"id": name, "object": "model", "created": 0, "owned_by": "fake"}
            for name in fake.models]})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        fake = self.server.fake
        fake._record(RecordedRequest("POST", self.path,
                                     {k.lower(): v for k, v in self.headers.items()}, body))
        if self.path != CHAT_PATH:
            self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
            return
        behaviour = fake._next()
        stream = bool((body or {}).get("stream"))
        model = (body or {}).get("model", "fake-model")
        try:
            self._answer(behaviour, stream, model)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout): fine
            self.close_connection = True

    # --- answers -----------------------------------------------------------------------------

    def _answer(self, behaviour, stream, model):
        fake = self.server.fake
        if behaviour.delay and behaviour.stall_after is None:
            fake._sleep(behaviour.delay)
        if behaviour.kind == "status":
            self._json(behaviour.status, behaviour.body, behaviour.headers)
        elif behaviour.kind == "malformed":
            if stream:
                self._start_stream()
                self._chunk(behaviour.raw.encode())
                self._end_chunks()
            else:
                payload = b'{"id": "chatcmpl-x", "choices": [{"message": '
                self._raw(200, "application/json", payload)
        elif stream:
            self._stream(behaviour, model)
        else:
            self._json(200, _completion(behaviour, model))

    def _stream(self, behaviour, model):
        fake = self.server.fake
        self._start_stream()
        first = {"role": "assistant", "content": ""}
        self._event(_chunk(model, first, None))
        pieces = _split(behaviour.text, behaviour.chunk_words)
        for index, piece in enumerate(pieces):
            if behaviour.stall_after is not None and index == behaviour.stall_after:
                fake._sleep(behaviour.delay)
            if behaviour.pace and index:
                fake._sleep(behaviour.pace)
            self._event(_chunk(model, {"content": piece}, None))
        if behaviour.refusal:
            self._event(_chunk(model, {"refusal": behaviour.refusal}, None))
        if behaviour.kind == "truncated":
            self._end_chunks()
            self.close_connection = True
            return
        self._event(_chunk(model, {}, behaviour.finish_reason))
        self._chunk(b"data: [DONE]\n\n")
        self._end_chunks()

    # --- wire helpers --------------------------------------------------------------------------

    def _json(self, code, payload, headers=None):
        self._raw(code, "application/json", json.dumps(payload).encode(), headers)

    def _raw(self, code, content_type, payload, headers=None):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)
        self.wfile.flush()

    def _start_stream(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def _event(self, payload):
        self._chunk(b"data: " + json.dumps(payload).encode() + b"\n\n")

    def _chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def _end_chunks(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def _split(text, words_per_chunk):
    """Split text into chunks of a few words each, keeping every character (spaces, newlines)."""
    if not text:
        return []
    tokens, current, count = [], "", 0
    for part in text.split(" "):
        current += (part if not current else " " + part)
        count += 1
        if count >= words_per_chunk:
            tokens.append(current + " ")
            current, count = "", 0
    if current:
        tokens.append(current)
    elif tokens:
        tokens[-1] = tokens[-1][:-1]
    return tokens


def _chunk(model, delta, finish_reason):
    return {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "delta": delta, "logprobs": None,
                         "finish_reason": finish_reason}]}


def _completion(behaviour, model):
    message = {"role": "assistant", "content": behaviour.text or None,
               "refusal": behaviour.refusal}
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": behaviour.finish_reason}],
            "usage": {"prompt_tokens": 10, "completion_tokens": len(behaviour.text.split()),
                      "total_tokens": 10 + len(behaviour.text.split())}}


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    fake: "FakeOpenAIServer"


class FakeOpenAIServer:
    """The fake server: ``start()``/``stop()`` or use it as a context manager."""

    def __init__(self, host="127.0.0.1"):
        self._lock = threading.Lock()
        self._queue = deque()
        self._sticky = None
        self._stopping = threading.Event()
        self.requests = []
        #: what ``GET /v1/models`` lists, and the keys it accepts (None: any)
        self.models = ["fake-horror"]
        self.accepted_keys = None
        self._httpd = _Server((host, 0), _Handler)
        self._httpd.fake = self
        self._thread = None

    @property
    def port(self):
        return self._httpd.server_address[1]

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}/v1"

    def script(self, *behaviours, sticky=False):
        """Queue behaviours, one per coming request; ``sticky`` keeps the last one for the rest."""
        with self._lock:
            self._queue.extend(behaviours)
            if sticky and behaviours:
                self._sticky = self._queue.pop()

    def reset(self):
        """Forget every scripted behaviour (the sticky one too) and the recorded requests."""
        with self._lock:
            self._queue.clear()
            self._sticky = None
            self.requests.clear()

    def start(self):
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stopping.set()  # wake handlers sleeping in slow behaviours
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc_info):
        self.stop()

    # --- used by the handler -----------------------------------------------------------------

    def _record(self, request):
        with self._lock:
            self.requests.append(request)

    def _next(self):
        with self._lock:
            if self._queue:
                return self._queue.popleft()
            if self._sticky is not None:
                return self._sticky
        return status(500, message="no behaviour scripted")

    def _sleep(self, seconds):
        self._stopping.wait(seconds)
