"""Account helpers for the suite's tests (plugin authors: see core.testing)."""
import json
import logging
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from http.cookiejar import CookieJar

from core.testing import PASSWORD, ROOT, register, stop_worker

#: settings of every process the suite starts: no installed plugin packages (a test installs
#: one for a while), the cheapest password hashes
SUITE_ENV = {"DREADFORGE_NO_ENTRYPOINTS": "1", "DREADFORGE_PASSWORD_PROFILE": "CHEAPEST"}


class Auth:
    def __init__(self, client):
        self.client = client

    def register(self, email=None, password=PASSWORD, first_name="Mara", last_name="Vale"):
        return register(self.client, email, password, first_name, last_name)

    def login(self, email, password=PASSWORD):
        return self.client.post("/api/auth/login", json={"email": email, "password": password})

    def logout(self):
        return self.client.post("/api/auth/logout")


class Users:
    def __init__(self, app, make_client):
        self.app, self.make_client = app, make_client

    def signed_in(self, role="user", first_name="Mara", last_name="Vale"):
        client = self.make_client()
        user = Auth(client).register(first_name=first_name, last_name=last_name)
        if role != "user":
            set_role(self.app, user["id"], role)
            user["role"] = role
        return client, user


def set_role(app, user_id, role):
    from core.db import database
    from core.models import User
    database.connect(reuse_if_open=True)
    User.update(role=role).where(User.id == user_id).execute()


@contextmanager
def recorded_sql():
    """Collect the SQL statements peewee runs inside the block (it logs each one at DEBUG)."""
    statements = []

    class Recorder(logging.Handler):
        def emit(self, record):
            statements.append(record.msg[0] if isinstance(record.msg, tuple) else str(record.msg))

    logger, recorder = logging.getLogger("peewee"), Recorder(logging.DEBUG)
    level = logger.level
    logger.addHandler(recorder)
    logger.setLevel(logging.DEBUG)
    try:
        yield statements
    finally:
        logger.removeHandler(recorder)
        logger.setLevel(level)


# --- the `dreadforge` command as a user runs it ------------------------------------------------

SUITE_ONLY = ("REDIS_URL", "DATABASE_URL", "DREADFORGE_QUEUE_PREFIX")


def standalone_env(data_dir, **extra):
    """The environment of a `dreadforge` command run on its own, as `make run` does: no
    DATABASE_URL or REDIS_URL (SQLite and the embedded queue in ``data_dir``)."""
    env = {k: v for k, v in os.environ.items() if k not in SUITE_ONLY}
    env.update(SUITE_ENV)
    env.update({"DREADFORGE_DATA": str(data_dir), "PYTHONPATH": str(ROOT),
                "DREADFORGE_PLUGINS": str(ROOT / "plugins.toml")})
    env.update(extra)
    return env


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_site(env, *args, log_dir=None):
    """`dreadforge run` on a free port with ``env``; returns (process, base URL) once it answers.
    Its output goes to ``site.log`` in ``log_dir`` (default: the data folder)."""
    data_dir = env["DREADFORGE_DATA"]
    port = free_port()
    log_path = os.path.join(log_dir or data_dir, "site.log")
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "cli", "run", "--port", str(port), *args],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/share-targets", timeout=1)
            return proc, base
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                stop_site(proc)
                raise RuntimeError(open(log_path).read()[-3000:]) from None
            time.sleep(0.2)


def stop_site(proc):
    """Stop `dreadforge run` and everything it started (workers, the embedded queue)."""
    stop_worker(proc, timeout=20)


class SiteClient:
    """A cookie-keeping HTTP client of a running site that speaks the CSRF rule, like the web
    app: ``call`` answers ``(status, JSON)``, ``send`` ``(status, bytes)``; ``headers`` go with
    every request (``X-Forwarded-For`` to a site with ``DREADFORGE_PROXY_FIX=1``, say). Each
    request opens a connection of its own."""

    def __init__(self, base, headers=None):
        self.base, self.jar, self.headers = base, CookieJar(), dict(headers or {})
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def send(self, method, path, body=None, timeout=30):
        headers = {"Content-Type": "application/json", **self.headers}
        token = next((c.value for c in self.jar if c.name == "csrf_token"), None)
        if token:
            headers["X-CSRF-Token"] = token
        request = urllib.request.Request(self.base + path, method=method, headers=headers,
                                         data=json.dumps(body).encode() if body else None)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as err:
            return err.code, err.read()

    def call(self, method, path, body=None, timeout=30):
        status, raw = self.send(method, path, body, timeout)
        return status, json.loads(raw or b"null")


def wait_until(check, timeout=30):
    """Poll ``check()`` every 0.2 s until it is true; fail after ``timeout`` seconds."""
    deadline = time.time() + timeout
    while not check():
        assert time.time() < deadline, "timed out"
        time.sleep(0.2)
