"""The web server of `dreadforge run` shares busy clients between its processes (issue 15)."""
import http.client
import json
import re
import socket
import threading
import time
from pathlib import Path

import psutil
import pytest

from cli.web_server import NEXT_REQUEST_WAIT, REQUESTS_PER_CONNECTION
from tests.helpers import SiteClient, standalone_env, start_site, stop_site, wait_until

CLIENTS = 16


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    env = standalone_env(tmp_path_factory.mktemp("web-server"))
    proc, base = start_site(env, "--processes", "2", "--threads", "1", "--workers", "0")
    yield proc, int(base.rsplit(":", 1)[1]), Path(env["DREADFORGE_DATA"]) / "site.log"
    stop_site(proc)


def web_processes(proc):
    return [p for p in psutil.Process(proc.pid).children(recursive=True)
            if "run" in p.cmdline()]


def clients_held(process, port):
    return sum(1 for c in process.net_connections(kind="tcp")
               if c.status == psutil.CONN_ESTABLISHED and c.laddr.port == port)


def busy_clients(port, stop, failures):
    """One client asking for the landing list again and again on a kept-alive connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set():
        conn.request("GET", "/api/stories?limit=6")
        response = conn.getresponse()
        response.read()
        if response.status != 200:
            failures.append(response.status)
    conn.close()


def load_wave(port, seconds, processes=()):
    """16 new clients at once, busy for ``seconds``; the clients each process held meanwhile."""
    stop, failures = threading.Event(), []
    clients = [threading.Thread(target=busy_clients, args=(port, stop, failures))
               for _ in range(CLIENTS)]
    for client in clients:
        client.start()
    time.sleep(seconds)
    held = sorted(clients_held(p, port) for p in processes)
    stop.set()
    for client in clients:
        client.join()
    assert failures == []
    return held


def test_busy_clients_are_shared_by_the_processes(site):
    """Before: one process often held all 16 clients while the other idled (half the speed)."""
    proc, port, _log = site
    wait_until(lambda: len(web_processes(proc)) == 2)
    load_wave(port, 1)  # both processes up and serving (a process starting takes none)
    processes = web_processes(proc)
    for wave in range(3):
        held = load_wave(port, 2, processes)
        assert held[0] >= 3, f"wave {wave}: clients held per process: {held}"


def test_a_kept_alive_connection_is_handed_back_and_the_client_goes_on(site):
    _proc, port, _log = site
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for served in range(1, REQUESTS_PER_CONNECTION + 2):
        conn.request("GET", "/api/stories?limit=6")
        response = conn.getresponse()
        assert response.status == 200
        response.read()
        closing = response.getheader("Connection", "").lower() == "close"
        assert closing == (served == REQUESTS_PER_CONNECTION), served
    conn.close()


def test_a_client_pausing_between_requests_keeps_its_connection(site):
    """A thread serves a client's next requests while they come at once; a client that pauses
    (past ``NEXT_REQUEST_WAIT``) is handed back to the process's poller, on the same
    connection."""
    _proc, port, _log = site
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/api/stories?limit=1")
    first = conn.getresponse()
    first.read()
    sock = conn.sock
    for pause in (0, NEXT_REQUEST_WAIT * 5, 0, NEXT_REQUEST_WAIT * 20):
        time.sleep(pause)
        conn.request("GET", "/api/stories?limit=1")
        response = conn.getresponse()
        response.read()
        assert response.status == 200
        assert conn.sock is sock  # not reconnected: the server kept the connection
    conn.close()


def test_a_connection_idle_for_a_few_seconds_is_still_served(site):
    """Clients keep an idle connection for seconds (Node's agent 5 s, nginx's upstream 60 s) and
    re-use it: before, the server closed it after 2 s idle, and a request sent just then was
    reset (a browser test's API call, in CI)."""
    _proc, port, _log = site
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/api/stories?limit=1")
    conn.getresponse().read()
    sock = conn.sock
    time.sleep(4)
    conn.request("GET", "/api/stories?limit=1")
    response = conn.getresponse()
    response.read()
    assert response.status == 200
    assert conn.sock is sock  # the same connection, still open
    conn.close()


def test_each_request_is_logged_in_the_combined_format(site):
    """One line per request, as gunicorn's own logger writes it (Apache's combined format); a
    quote a client sends cannot end its field."""
    _proc, port, log = site
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/api/stories?limit=2&mark=access-log", headers={
        "User-Agent": 'probe/1 "quoted"', "Referer": "http://example.com/explore"})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    line = re.compile(r'127\.0\.0\.1 - - \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] '
                      r'"GET /api/stories\?limit=2&mark=access-log HTTP/1\.1" 200 (\d+) '
                      r'"http://example\.com/explore" "probe/1 \\"quoted\\""$')
    wait_until(lambda: any(line.match(row) for row in log.read_text().splitlines()))
    logged = next(line.match(row) for row in log.read_text().splitlines() if line.match(row))
    assert int(logged.group(1)) == len(body)


@pytest.fixture(scope="module")
def one_process(tmp_path_factory):
    env = standalone_env(tmp_path_factory.mktemp("web-server-turns"))
    proc, base = start_site(env, "--processes", "1", "--threads", "2", "--workers", "0")
    yield base
    stop_site(proc)


def test_a_long_poll_does_not_hold_up_the_process(one_process):
    """Requests of a process take turns (core.turns); one waiting for a job gives its turn away,
    so a visitor is answered at once while it waits (no worker runs: it waits the full 6 s)."""
    author = SiteClient(one_process)
    author.call("GET", "/api/auth/user")  # the CSRF token
    assert author.call("POST", "/api/auth/register", {
        "email": "poller@example.com", "password": "long enough", "firstName": "Poll"})[0] == 201
    poll = threading.Thread(target=author.call, args=("POST", "/api/stories/generate?wait=6", {
        "genre": "Paranormal", "mood": ["Eerie"], "setting": "a lighthouse",
        "characters": "Wren", "storyLength": "short"}))
    poll.start()
    time.sleep(1)  # into its wait
    started = time.monotonic()
    status, _ = SiteClient(one_process).call("GET", "/api/stories?limit=6")
    answered = time.monotonic() - started
    assert poll.is_alive()
    poll.join()
    assert status == 200
    assert answered < 2, f"answered in {answered:.1f} s, behind the long-poll"


def test_a_client_sending_its_body_slowly_does_not_hold_up_the_process(one_process):
    """The body is read before the request's turn: a slow upload holds a thread, not the process."""
    host, port = one_process.rsplit("/", 1)[1].split(":")
    slow = socket.create_connection((host, int(port)))
    try:
        slow.sendall(b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"email\": ")  # ... and the rest never comes
        time.sleep(0.5)
        started = time.monotonic()
        status, _ = SiteClient(one_process).call("GET", "/api/stories?limit=6", timeout=10)
        assert status == 200
        assert time.monotonic() - started < 2
    finally:
        slow.close()


# --- refusals: JSON, and `Connection: close` when the connection closes (issue 44) ----------------

BODY_LIMIT = 2 * 1024 * 1024  # MAX_CONTENT_LENGTH


def raw_exchange(port, data, timeout=10):
    """Send ``data`` on a new connection; returns (responses, closed): each response as
    ``(status, headers, body)``, and whether the server closed the connection after them."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        try:
            sock.sendall(data)
        except OSError:
            pass  # refused mid-body: the answer is read below
        received, closed = b"", False
        while True:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                closed = True
                break
            received += chunk
    finally:
        sock.close()
    return parse_responses(received), closed


def parse_responses(raw):
    responses = []
    while raw:
        head, _, rest = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
        length = int(headers.get("content-length", 0))
        responses.append((int(lines[0].split()[1]), headers, rest[:length]))
        raw = rest[length:]
    return responses


def chunked(size, piece=64 * 1024):
    out = []
    for start in range(0, size, piece):
        part = b"x" * min(piece, size - start)
        out.append(b"%x\r\n%s\r\n" % (len(part), part))
    return b"".join(out) + b"0\r\n\r\n"


NEXT = b"GET /api/share-targets HTTP/1.1\r\nHost: x\r\n\r\n"  # pipelined behind the refused one


def assert_json_refusal(response, status):
    code, headers, body = response
    assert code == status
    assert headers["content-type"] == "application/json"
    assert headers["connection"] == "close"
    assert json.loads(body)["message"]


@pytest.mark.parametrize("request_bytes, status, message", [
    (b"GET /api/stories?q=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414,
     "The request URL is too long."),
    (b"GET /api/stories HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431,
     "The request headers are too large."),
    (b"GET /api/stories HTTP/9.9\r\nHost: x\r\n\r\n", 400, None),
], ids=["long-url", "large-headers", "bad-request-line"])
def test_the_servers_own_refusals_are_json(site, request_bytes, status, message):
    """Before: gunicorn's HTML page."""
    _proc, port, _log = site
    (response, *_), closed = raw_exchange(port, request_bytes)
    assert_json_refusal(response, status)
    if message:
        assert json.loads(response[2])["message"] == message
    assert closed


@pytest.mark.parametrize("framing", ["chunked", "content-length"])
def test_a_body_over_the_limit_is_413_and_the_connection_says_it_closes(site, framing):
    """Before: a chunked body over 2 MB was read cut short and handled as if whole (403 without a
    CSRF token, 400 "Invalid JSON body" with one; a declared one 413), both with `Connection:
    keep-alive`, then the connection was closed under the request pipelined behind it."""
    _proc, port, _log = site
    size = BODY_LIMIT + 1024 * 1024
    head = b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    if framing == "chunked":
        data = head + b"Transfer-Encoding: chunked\r\n\r\n" + chunked(size)
    else:
        data = head + b"Content-Length: %d\r\n\r\n" % size + b"x" * size
    started = time.monotonic()
    responses, closed = raw_exchange(port, data + NEXT)
    assert len(responses) == 1
    assert_json_refusal(responses[0], 413)
    assert json.loads(responses[0][2])["message"] == "The request body must be at most 2 MB"
    assert closed and time.monotonic() - started < 8  # told, and not left waiting


def test_a_broken_chunked_body_is_refused_and_the_connection_says_it_closes(site):
    """The rest of a body whose chunk cannot be read cannot be found: the answer says the
    connection closes (it said keep-alive, then the connection closed)."""
    _proc, port, _log = site
    data = (b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
    started = time.monotonic()
    responses, closed = raw_exchange(port, data + NEXT)
    assert len(responses) == 1
    assert responses[0][0] in (400, 403)
    assert_json_refusal(responses[0], responses[0][0])
    assert closed and time.monotonic() - started < 8


def test_a_chunked_body_within_the_limit_is_read(site):
    _proc, port, _log = site
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/api/auth/user")
    response = conn.getresponse()
    response.read()
    cookies = "; ".join(c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie"))
    token = next(c.split("=", 1)[1] for c in cookies.split("; ") if c.startswith("csrf_token="))
    conn.close()
    body = json.dumps({"email": "nobody@example.com", "password": "not the password"}).encode()
    data = (b"POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nCookie: %s\r\nX-CSRF-Token: %s\r\n\r\n"
            % (cookies.encode(), token.encode())
            + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
    responses, _closed = raw_exchange(port, data + NEXT, timeout=3)
    assert [status for status, _h, _b in responses] == [401, 200]
    assert json.loads(responses[0][2])["message"] == "Invalid email or password"
