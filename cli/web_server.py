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
downloads side by side, and its requests the latency of a single thread."""
import time

from gunicorn.app.base import BaseApplication
from gunicorn.workers.gthread import ThreadWorker

from core.sockets import readable
from core.turns import Turns

REQUESTS_PER_CONNECTION = 1000  # nginx's keepalive_requests default
ACCEPT_DELAY_PER_CLIENT = 0.0005  # seconds, for each client a process holds over its threads
MAX_ACCEPT_DELAY = 0.002
NEXT_REQUEST_WAIT = 0.01  # seconds a thread keeps its client for the client's next request


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
        return keep

    def handle_request(self, req, conn):
        if req.req_number >= REQUESTS_PER_CONNECTION:  # gunicorn counts a connection's requests
            req.must_close = True  # answered with `Connection: close`
        return super().handle_request(req, conn)


def _next_request_comes(conn, timeout):
    """Whether the client's next request is read already or arrives within ``timeout``."""
    return bool(conn.parser.unreader.buf.getvalue()) or readable(conn.sock, timeout)


def serve(app, host, port, processes, threads):
    """Serves ``app`` until stopped (SIGINT or SIGTERM)."""
    from core.db import release_connections
    release_connections()  # the processes about to be forked must not share a connection

    class Server(BaseApplication):
        def load_config(self):
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", processes)
            self.cfg.set("worker_class", f"{__name__}.SharingWorker")
            self.cfg.set("threads", threads)
            self.cfg.set("timeout", 120)
            self.cfg.set("accesslog", "-")
            self.cfg.set("logger_class", "cli.access_log.AccessLogger")
            # `gunicornc -s DATA/gunicorn.ctl`: this site's own, not ~/.gunicorn/gunicorn.ctl,
            # which every site of the user would share (and the first to stop would delete)
            self.cfg.set("control_socket", str(app.config["DATA_DIR"] / "gunicorn.ctl"))

        def load(self):  # in each process, after the fork
            return Turns().around(app, body_limit=app.config.get("MAX_CONTENT_LENGTH"))

    Server().run()
