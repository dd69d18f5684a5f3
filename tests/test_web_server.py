"""The web server of `dreadforge run` shares busy clients between its processes (issue 15)."""
import http.client
import threading
import time

import psutil
import pytest

from cli.web_server import REQUESTS_PER_CONNECTION
from tests.helpers import standalone_env, start_site, stop_site, wait_until

CLIENTS = 16


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    env = standalone_env(tmp_path_factory.mktemp("web-server"))
    proc, base = start_site(env, "--processes", "2", "--threads", "1", "--workers", "0")
    yield proc, int(base.rsplit(":", 1)[1])
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
    proc, port = site
    wait_until(lambda: len(web_processes(proc)) == 2)
    load_wave(port, 1)  # both processes up and serving (a process starting takes none)
    processes = web_processes(proc)
    for wave in range(3):
        held = load_wave(port, 2, processes)
        assert held[0] >= 3, f"wave {wave}: clients held per process: {held}"


def test_a_kept_alive_connection_is_handed_back_and_the_client_goes_on(site):
    _proc, port = site
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for served in range(1, REQUESTS_PER_CONNECTION + 2):
        conn.request("GET", "/api/stories?limit=6")
        response = conn.getresponse()
        assert response.status == 200
        response.read()
        closing = response.getheader("Connection", "").lower() == "close"
        assert closing == (served == REQUESTS_PER_CONNECTION), served
    conn.close()
