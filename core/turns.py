"""Requests of a web process compute one at a time, in the order they came; a request that waits
(a long-poll of a job, a password hash in C, a PostgreSQL query, SQLite's write lock) gives its
turn to the next meanwhile.

Python runs one thread of a process at a time (the GIL) and switches between runnable threads
every 5 ms. Eight threads each holding a request all advance together, so each request takes up
to eight times its own time and the slowest ones much longer (the feed's p99 at 16 clients on
two processes: 23–29 ms with 8 threads, under 20 ms with one). Taking turns keeps the threads
(a long-poll or a slow download still holds one, not the whole process) with the latency of
one thread: a request waits for the ones before it, then runs alone.

``Turns`` is installed around the WSGI application by the web server (``cli.web_server``);
elsewhere (tests, the development server) nothing holds a turn and ``away()`` does nothing. A
lock that a request holds while it is away (a query runs under it) is waited for with
``holding``, never plainly: its waiter would keep the turn its holder needs back.
"""
import collections
import io
import threading
from contextlib import contextmanager

_held = threading.local()  # .turns: the Turns whose turn this thread holds, or None
_held.turns = None


class Turns:
    """One holder at a time; the others wait in arrival order (first come, first served: a plain
    lock lets a newcomer overtake threads that have waited longer)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._free = True
        self._waiting = collections.deque()

    def take(self, first=False):
        """Wait for a turn; with ``first``, ahead of those waiting (a request already under way,
        back from a wait, finishes before new ones start)."""
        with self._lock:
            if self._free and not self._waiting:
                self._free = False
                return
            gate = threading.Lock()
            gate.acquire()
            (self._waiting.appendleft if first else self._waiting.append)(gate)
        gate.acquire()  # released by ``give``, which hands its turn over

    def give(self):
        with self._lock:
            if self._waiting:
                self._waiting.popleft().release()
            else:
                self._free = True

    @contextmanager
    def turn(self):
        """This thread's turn for the block (held by the thread until ``away`` or the end)."""
        self.take()
        _held.turns = self
        try:
            yield
        finally:
            _held.turns = None
            self.give()

    def around(self, app, body_limit=None):
        """The WSGI application ``app``, each call in a turn. A request's body is read before its
        turn (a client sending it slowly holds a thread, not the process), up to ``body_limit``
        bytes and one more (a larger one is the app's to refuse); the body of a streamed response,
        a file sent, is written after the turn: no turn is held while a client downloads."""
        def application(environ, start_response):
            _read_body(environ, body_limit)
            with self.turn():
                return app(environ, start_response)
        return application


def _read_body(environ, limit):
    """The request's body read now into memory, as ``wsgi.input``; left unread when it says it is
    larger than ``limit``."""
    length = environ.get("CONTENT_LENGTH") or ""
    if length.isdigit():
        wanted = int(length)
        if wanted == 0 or (limit is not None and wanted > limit):
            return
    elif "chunked" not in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return  # no length and not chunked: no body
    else:
        wanted = limit + 1 if limit is not None else -1
    try:
        body = environ["wsgi.input"].read(wanted)
    except Exception:  # noqa: BLE001 - the client went away mid-body: the app answers 400 (short body)
        body = b""
    environ["wsgi.input"] = io.BytesIO(body)


@contextmanager
def away(first=False):
    """The current thread's turn given to the next request for the block (a wait, work done in C
    without the GIL), taken back after it: in line, or with ``first`` ahead of the line (a short
    wait in the middle of a request: a query to a database server); nothing when the thread
    holds no turn."""
    turns = getattr(_held, "turns", None)
    if turns is None:
        yield
        return
    _held.turns = None
    turns.give()
    try:
        yield
    finally:
        turns.take(first)
        _held.turns = turns


@contextmanager
def holding(lock):
    """``lock`` held for the block. Waiting for it gives the turn away: its holder may itself be
    away (a query) and need the turn back to finish and let go of it."""
    if not lock.acquire(blocking=False):
        with away(first=True):
            lock.acquire()
    try:
        yield
    finally:
        lock.release()

