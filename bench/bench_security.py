"""The figures of docs/security.md: sign-in timing for known and unknown e-mails (real argon2
cost), how many of 40 sign-ins with different e-mails from one address get 429, and what a
300 MB request body costs the server (time to the 413, RSS before and after).

Run: `python bench/bench_security.py`. Prints; asserts nothing (the suite tests the behaviour).
"""
import socket
import statistics
import tempfile
import threading
import time

from common import ROOT  # puts the checkout on sys.path

PASSWORD = "correct horse battery"


def make_app(data_dir, **settings):
    from core import migrations
    from core.app import create_app
    from core.db import database
    app = create_app({"DATA_DIR": data_dir, "DATABASE_URL": f"sqlite:///{data_dir}/bench.db",
                      "PLUGINS_FILE": ROOT / "plugins.toml", "LOAD_ENTRYPOINTS": False,
                      "RATELIMIT_STORAGE_URI": "memory://",
                      "PASSWORD_PROFILE": "RFC_9106_LOW_MEMORY",  # the real cost, as in production
                      **settings})
    with app.app_context():
        database.connect(reuse_if_open=True)
        migrations.upgrade()
        database.close()
    return app


def client_with_csrf(app):
    client = app.test_client()
    client.get("/api/auth/user")
    return client, {"X-CSRF-Token": client.get_cookie("csrf_token").value}


def login_timing(app, runs=15):
    client, headers = client_with_csrf(app)
    assert client.post("/api/auth/register", headers=headers, json={
        "email": "known@example.com", "password": PASSWORD, "firstName": "Known"}).status_code == 201
    client.post("/api/auth/logout", headers=headers)
    times = {"known e-mail, wrong password": [], "unknown e-mail": []}
    for _ in range(runs):
        for label, email in (("known e-mail, wrong password", "known@example.com"),
                             ("unknown e-mail", "ghost@example.com")):
            started = time.perf_counter()
            status = client.post("/api/auth/login", headers=headers, json={
                "email": email, "password": "wrong-password"}).status_code
            times[label].append((time.perf_counter() - started) * 1000)
            assert status == 401, status
    for label, values in times.items():
        print(f"  sign-in, {label:28} median {statistics.median(values):7.1f} ms  "
              f"(min {min(values):.1f}, max {max(values):.1f}, {runs} runs)")


def limit_count(app):
    client, headers = client_with_csrf(app)
    statuses = [client.post("/api/auth/login", headers=headers, json={
        "email": f"guess{i}@example.com", "password": "wrong"}).status_code for i in range(40)]
    print(f"  40 sign-ins, 40 e-mails, one address: {statuses.count(401)} x 401, "
          f"{statuses.count(429)} x 429 (first 429 at attempt {statuses.index(429) + 1})")


def rss_mb():
    import psutil
    return psutil.Process().memory_info().rss / 1024 / 1024


def huge_body(app, size=300 * 1024 * 1024):
    from werkzeug.serving import make_server
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_port
    before = rss_mb()
    sock = socket.create_connection(("127.0.0.1", port))
    started = time.perf_counter()
    sock.sendall((f"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  f"Content-Type: application/json\r\nContent-Length: {size}\r\n\r\n").encode())
    chunk, sent = b"a" * (1024 * 1024), 0
    sock.settimeout(0.05)
    answer = b""
    while sent < size and not answer:
        try:
            sock.sendall(chunk)
            sent += len(chunk)
            answer = sock.recv(200)
        except TimeoutError:
            continue
        except OSError:
            break
    if not answer:
        sock.settimeout(10)
        answer = sock.recv(200)
    elapsed = (time.perf_counter() - started) * 1000
    sock.close()
    server.shutdown()
    status = answer.split(b"\r\n", 1)[0].decode(errors="replace")
    print(f"  {size // 1024 // 1024} MB body: '{status}' after {elapsed:.0f} ms, "
          f"{sent // 1024 // 1024} MB sent; server process RSS {before:.0f} -> {rss_mb():.0f} MB")


def main():
    print(f"load average: {open('/proc/loadavg').read().split()[:3]}")
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(folder, RATELIMIT_ENABLED=False)
        login_timing(app)
        app.config["RATELIMIT_ENABLED"] = True
        limit_count(app)
        app.config["RATELIMIT_ENABLED"] = False
        huge_body(app)


if __name__ == "__main__":
    main()
