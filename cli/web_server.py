"""The web server `dreadforge run` starts: gunicorn, ``processes`` forked from the command's own
process, each with ``threads`` threads, all on the same queue and database.

A kept-alive connection stays with the process that accepted it, and gunicorn's processes race
for new ones: measured with 16 busy clients on two processes, one process held all 16 in 7 of 16
runs while the other idled, at half the site's speed. So a process holding more clients than it
has threads waits before it accepts, a little longer for each client over that (up to 2 ms): the
process holding fewer wins the race, and a process with a thread for each client never waits.
A connection is handed back after ``REQUESTS_PER_CONNECTION`` requests (the client reconnects at
once), which shares out again the clients of a process that was alone for a while (its sibling
restarting, say).

A thread that served a request keeps its client for the client's next request while it comes at
once (``NEXT_REQUEST_WAIT``) and the process has a thread for each client: gunicorn hands every
kept-alive connection back to its main thread's poller, which then hands the next request to a
thread again, three thread wake-ups per request (the landing list, 10k stories, 16 clients,
with the access log's change, ``cli.access_log``: 1,807 -> 2,119 req/s).

Within a process the requests take turns computing (``core.turns``): its threads serve waits and
downloads side by side, and its requests the latency of a single thread.

Every refusal is JSON in the API's shape (``core.errors.error_body``), gunicorn's own too (a
request line over 4094 bytes: 414, headers too large: 431, a request it cannot parse: 400), and
says ``Connection: close`` when the connection then closes: a body over the limit (declared or
chunked) is refused with 413 before it is read further, so the connection cannot serve a request
behind it (gunicorn drains at most 64 KB of an unread body), and the answer says so; its client
is given a moment to finish sending (``LINGER_SECONDS``) so that closing does not reset the
connection under the answer."""
import io
import socket
import threading
import time

from gunicorn import util
from gunicorn.app.base import BaseApplication
from gunicorn.workers.gthread import ThreadWorker

from core.config import setting
from core.errors import error_body
from core.sockets import readable
from core.turns import Turns

REQUESTS_PER_CONNECTION = 1000  # nginx's keepalive_requests default
#: seconds an idle kept-alive connection is held (nginx's keepalive_timeout default). A client
#: re-using an idle connection just as the server closes it gets a reset, so the server must wait
#: longer than its clients do: nginx's upstream keeps an idle connection 60 s, Node's agent 5 s
#: (gunicorn's own 2 s reset a browser test's API call that came 2 s after its last one)
KEEPALIVE_SECONDS = 75
ACCEPT_DELAY_PER_CLIENT = 0.0005  # seconds, for each client a process holds over its threads
MAX_ACCEPT_DELAY = 0.002
NEXT_REQUEST_WAIT = 0.01  # seconds a thread keeps its client for the client's next request
#: after refusing a body, how long (seconds) and how much (bytes) of the rest is read and dropped
#: before the connection closes (closing with unread bytes would reset it under the answer)
LINGER_SECONDS, LINGER_BYTES = 2.0, 64 * 1024 * 1024

#: gunicorn's refusals, in words for people (its own text names its limits and parser states)
SERVER_ERRORS = {
    400: "The request could not be read",
    403: "Request forbidden.",
    414: "The request URL is too long.",
    417: "Expectation failed.",
    431: "The request headers are too large.",
    500: "Something went wrong on our side. Please try again.",
    501: "This transfer coding is not supported.",
}

_serving = threading.local()  # .request: the gunicorn request this thread is serving


class SharingWorker(ThreadWorker):
    """gunicorn's threaded worker, sharing the clients with its sibling processes."""

    def accept(self, listener):
        over = self.nr_conns - self.cfg.threads
        if over > 0:  # the process holding fewer clients takes this one first
            time.sleep(min(over * ACCEPT_DELAY_PER_CLIENT, MAX_ACCEPT_DELAY))
        super().accept(listener)  # (gunicorn's accept ignores a client already taken)

    def handle(self, conn):
        """Serve a connection's request, then its next ones while they come at once and the
        process has a thread for each client (a thread waiting holds no one up)."""
        keep = super().handle(conn)
        while (keep is True and self.alive and self.nr_conns <= self.cfg.threads
               and not conn.is_http2 and _next_request_comes(conn, NEXT_REQUEST_WAIT)):
            keep = super().handle(conn)
        if getattr(_serving, "refused_body", False):
            _serving.refused_body = False
            _linger(conn.sock)
        return keep

    def handle_request(self, req, conn):
        if req.req_number >= REQUESTS_PER_CONNECTION:  # gunicorn counts a connection's requests
            req.must_close = True  # answered with `Connection: close`
        _serving.request = req
        return super().handle_request(req, conn)


def close_after_answer():
    """The connection of the request this thread serves closes after its answer, which says
    ``Connection: close``; its unread body is drained for a moment first (``_linger``)."""
    request = getattr(_serving, "request", None)
    if request is not None:
        request.must_close = True
        _serving.refused_body = True


def _linger(sock):
    """Read and drop what the client still sends, for a moment, before the connection closes:
    closing with unread bytes sends a reset that can destroy the answer before it is read."""
    try:
        sock.shutdown(socket.SHUT_WR)  # the answer is complete
        sock.setblocking(True)
        deadline, dropped = time.monotonic() + LINGER_SECONDS, 0
        while dropped < LINGER_BYTES:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            sock.settimeout(left)
            data = sock.recv(65536)
            if not data:
                break
            dropped += len(data)
    except OSError:
        pass


def refusing_large_bodies(app, limit):
    """``app`` behind a 413 for a body over ``limit`` bytes, declared (``Content-Length``) or
    found while reading a chunked one, answered before the body is read further, with
    ``Connection: close``. A chunked body within the limit is handed on read, with its length."""
    body = error_body(413, f"The request body must be at most {limit // 1024 // 1024} MB")
    headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
               ("X-Content-Type-Options", "nosniff")]

    def refuse(start_response):
        close_after_answer()
        start_response("413 Request Entity Too Large", headers)
        return [body]

    def application(environ, start_response):
        length = environ.get("CONTENT_LENGTH")
        if length:
            if length.isdigit() and int(length) > limit:
                return refuse(start_response)
        elif "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            try:
                data = environ["wsgi.input"].read(limit + 1)
            except Exception:  # noqa: BLE001 - a broken chunk: the app answers the short body
                data = b""
                close_after_answer()
            if len(data) > limit:
                return refuse(start_response)
            environ["wsgi.input"], environ["CONTENT_LENGTH"] = io.BytesIO(data), str(len(data))
        return app(environ, start_response)
    return application


def write_error(sock, status_int, reason, mesg):
    """gunicorn's refusal (``gunicorn.util.write_error``, its HTML page) as JSON."""
    message = SERVER_ERRORS.get(status_int, reason)
    if status_int == 400 and mesg:
        message = f"{message}: {mesg}"
    elif status_int == 400:
        message += "."
    body = error_body(status_int, message)
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


def _next_request_comes(conn, timeout):
    """Whether the client's next request is read already or arrives within ``timeout``."""
    return bool(conn.parser.unreader.buf.getvalue()) or readable(conn.sock, timeout)


def serve(app, host, port, processes, threads):
    """Serves ``app`` until stopped (SIGINT or SIGTERM)."""
    from core.db import release_connections
    release_connections()  # the processes about to be forked must not share a connection
    util.write_error = write_error  # gunicorn's workers call it through its module
    from core import metrics
    if metrics.enabled():
        metrics.clean(app.config["DATA_DIR"])  # the counts of processes of an earlier run

    class Server(BaseApplication):
        def load_config(self):
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", processes)
            self.cfg.set("worker_class", f"{__name__}.SharingWorker")
            self.cfg.set("threads", threads)
            self.cfg.set("timeout", 120)
            self.cfg.set("keepalive", KEEPALIVE_SECONDS)
            self.cfg.set("accesslog", "-")
            self.cfg.set("logger_class", "cli.access_log.AccessLogger")
            self.cfg.set("loglevel", setting("DREADFORGE_LOG_LEVEL").lower())
            # `gunicornc -s DATA/gunicorn.ctl`: this site's own, not ~/.gunicorn/gunicorn.ctl,
            # which every site of the user would share (and the first to stop would delete)
            self.cfg.set("control_socket", str(app.config["DATA_DIR"] / "gunicorn.ctl"))

        def load(self):  # in each process, after the fork
            limit = app.config.get("MAX_CONTENT_LENGTH")
            served = Turns().around(app, body_limit=limit)
            return served if limit is None else refusing_large_bodies(served, limit)

    Server().run()
