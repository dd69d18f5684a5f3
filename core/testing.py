"""Test helpers for Dreadforge and for plugin authors: an app on a throw-away SQLite database,
signed-in clients that speak CSRF, and a real worker.

In a plugin's tests, load them as a pytest plugin (``tests/conftest.py``)::

    pytest_plugins = ["core.testing"]

    def test_my_provider(app_factory, signed_in_client):
        app = app_factory(plugins=[my_plugin], config={"story": {"provider": "mine"}})
        client, user = signed_in_client(app)
        ...

``app_factory`` loads no entry points: pass the plugin under test in ``plugins``. ``config``
replaces plugins.toml (sections are merged over ``DEFAULT_PLUGINS_CONFIG``), so a wrong
configuration raises ``core.plugins.PluginConfigError`` from ``app_factory`` as at start-up.
"""
import itertools
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from flask.testing import FlaskClient

PASSWORD = "correct horse battery"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PLUGINS_CONFIG = {
    "story": {"provider": "local"},
    "video": {"provider": "local"},
    "ads": {"provider": "none"},
}
_counter = itertools.count(1)


class ApiClient(FlaskClient):
    """A test client that echoes the csrf_token cookie in X-CSRF-Token, as the web app does."""

    def open(self, *args, **kwargs):
        method = (kwargs.get("method") or "GET").upper()
        if method in ("POST", "PUT", "PATCH", "DELETE") and not kwargs.pop("no_csrf", False):
            cookie = self.get_cookie("csrf_token")
            if cookie is None:
                super().open("/api/auth/user")
                cookie = self.get_cookie("csrf_token")
            headers = dict(kwargs.pop("headers", None) or {})
            headers.setdefault("X-CSRF-Token", cookie.value)
            kwargs["headers"] = headers
        return super().open(*args, **kwargs)


def merged_config(config=None):
    """``DEFAULT_PLUGINS_CONFIG`` with ``config``'s sections merged over it (one level deep)."""
    merged = {name: dict(section) for name, section in DEFAULT_PLUGINS_CONFIG.items()}
    for name, section in (config or {}).items():
        if isinstance(section, dict) and isinstance(merged.get(name), dict):
            merged[name].update(section)
        else:
            merged[name] = section
    return merged


def make_app(data_dir, plugins=(), config=None, **settings):
    """An app with ``plugins`` registered and ``config`` as its plugins.toml, on a new database."""
    from core import migrations
    from core.app import create_app
    from core.db import database
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    app = create_app({
        "TESTING": True,
        "DATA_DIR": data_dir,
        "DATABASE_URL": f"sqlite:///{data_dir / 'test.db'}",
        "PLUGINS_FILE": data_dir / "plugins.toml",
        "PLUGINS_CONFIG": merged_config(config),
        "EXTRA_PLUGINS": list(plugins),
        "LOAD_ENTRYPOINTS": False,
        "PASSWORD_PROFILE": "CHEAPEST",
        "RATELIMIT_ENABLED": False,
        "SECRET_KEY": "test-secret",
        **settings,
    })
    with app.app_context():
        database.connect(reuse_if_open=True)
        migrations.upgrade()
        database.close()
    app.test_client_class = ApiClient
    return app


def register(client, email=None, password=PASSWORD, first_name="Mara", last_name="Vale"):
    """A new account registered (and so signed in) through ``client``: the user's JSON."""
    email = email or f"author{next(_counter)}-{uuid.uuid4().hex[:6]}@example.com"
    response = client.post("/api/auth/register", json={
        "email": email, "password": password, "firstName": first_name, "lastName": last_name})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def sign_in(app, first_name="Mara", last_name="Vale", email=None):
    """A new account on ``app``, signed in: ``(client, user json)``."""
    client = app.test_client()
    return client, register(client, email, first_name=first_name, last_name=last_name)


@pytest.fixture
def app_factory(tmp_path):
    """``app_factory(plugins=[...], config={...}, **settings)`` → an app on a fresh database."""
    count = itertools.count(1)

    def factory(plugins=(), config=None, **settings):
        return make_app(tmp_path / f"app{next(count)}", plugins, config, **settings)
    return factory


@pytest.fixture
def signed_in_client():
    """``signed_in_client(app)`` → ``(client, user)``: a fresh account, signed in on ``app``."""
    return sign_in


def write_plugins_toml(path, config):
    import tomlkit
    Path(path).write_text(tomlkit.dumps(config))
    return Path(path)


def start_worker(app, queues="stories,videos,default", **extra_env):
    """A real ``dreadforge worker`` process for ``app`` (same database, plugins config and Redis).

    The worker is a new process: the plugin under test must be installed (entry point) for it to
    be loaded there. Needs ``REDIS_URL`` (or ``DREADFORGE_TEST_REDIS``) pointing at a Redis.
    """
    redis_url = (app.config.get("REDIS_URL") or os.environ.get("REDIS_URL")
                 or os.environ.get("DREADFORGE_TEST_REDIS"))
    if not redis_url:
        pytest.skip("no Redis: set REDIS_URL or DREADFORGE_TEST_REDIS")
    data_dir = Path(app.config["DATA_DIR"])
    plugins_file = write_plugins_toml(data_dir / "plugins.worker.toml",
                                      app.extensions["dreadforge.plugins"].config)
    return spawn_worker({"REDIS_URL": redis_url, "DATABASE_URL": app.config["DATABASE_URL"],
                         "DREADFORGE_DATA": str(data_dir),
                         "DREADFORGE_PLUGINS": str(plugins_file), **extra_env},
                        data_dir, queues)


def spawn_worker(env_vars, log_dir, queues="stories,videos,default"):
    """Start ``dreadforge worker`` with ``env_vars`` over this environment; wait until it listens."""
    import redis
    from rq import Worker
    child_env = {**os.environ, "SECRET_KEY": "test-secret",
                 "DREADFORGE_PASSWORD_PROFILE": "CHEAPEST",
                 "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                             os.environ.get("PYTHONPATH")])),
                 **env_vars}
    log = open(Path(log_dir) / f"worker-{uuid.uuid4().hex[:6]}.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "cli", "worker", "--queues", queues],
                            cwd=ROOT, env=child_env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    proc.log_path = log.name
    conn = redis.Redis.from_url(child_env["REDIS_URL"])
    deadline = time.time() + 30
    while time.time() < deadline:
        if any(w.pid == proc.pid for w in Worker.all(connection=conn)):
            return proc
        if proc.poll() is not None:
            raise RuntimeError("worker exited: " + Path(log.name).read_text()[-2000:])
        time.sleep(0.1)
    stop_worker(proc)
    raise RuntimeError("worker did not start: " + Path(log.name).read_text()[-2000:])


def stop_worker(proc, timeout=10):
    """SIGTERM the process group of ``proc`` (a worker, or a site with its workers); SIGKILL
    after ``timeout`` seconds."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture
def run_worker():
    """``run_worker(app, queues=...)`` starts a real worker for ``app``; stopped after the test."""
    started = []

    def run(app, queues="stories,videos,default", **extra_env):
        proc = start_worker(app, queues, **extra_env)
        started.append(proc)
        return proc
    yield run
    for proc in started:
        stop_worker(proc)
