"""Test fixtures: an app on SQLite and on PostgreSQL, clients that speak CSRF, users, a worker.

Shaped after Flask's tutorial: ``app``, ``client`` and an ``auth`` helper. Every test that uses
``app`` runs twice, once per database backend (``-k sqlite`` or ``-k postgres`` picks one).
"""
import os
import shutil
import uuid
from pathlib import Path

import pytest

pytest_plugins = ["core.testing"]  # app_factory, signed_in_client, run_worker

ROOT = Path(__file__).resolve().parent.parent
PG_URL = os.environ.get("DREADFORGE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("DREADFORGE_TEST_REDIS", "redis://127.0.0.1:6379/0")
DEFAULT_PLUGINS_FILE = ROOT / "tests" / "plugins.test.toml"



def worker_id(request):
    return getattr(request.config, "workerinput", {}).get("workerid", "main")


@pytest.fixture(scope="session")
def run_id(request):
    return f"{worker_id(request)}_{uuid.uuid4().hex[:6]}"


@pytest.fixture(scope="session")
def queue_env(run_id):
    """A private queue namespace on the real Redis for this test process."""
    os.environ["DREADFORGE_QUEUE_PREFIX"] = f"test-{run_id}-"
    os.environ["REDIS_URL"] = REDIS_URL
    yield {"REDIS_URL": REDIS_URL, "DREADFORGE_QUEUE_PREFIX": f"test-{run_id}-"}


def database_url(backend, tmp_root, run_id):
    if backend == "sqlite":
        return f"sqlite:///{tmp_root / 'test.db'}"
    schema = f"df_{run_id}"
    from playhouse.db_url import connect
    admin = connect(PG_URL)
    admin.execute_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    admin.execute_sql(f'CREATE SCHEMA "{schema}"')
    admin.close()
    return f"{PG_URL}?options=-csearch_path%3D{schema}"


def drop_pg_schema(run_id):
    from playhouse.db_url import connect
    admin = connect(PG_URL)
    admin.execute_sql(f'DROP SCHEMA IF EXISTS "df_{run_id}" CASCADE')
    admin.close()


class Env:
    """One backend's app and settings for the whole session."""

    def __init__(self, backend, app, data_dir, database_url):
        self.backend, self.app, self.data_dir, self.database_url = (
            backend, app, data_dir, database_url)


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def env(request, tmp_path_factory, run_id, queue_env):
    backend = request.param
    data_dir = tmp_path_factory.mktemp(f"data-{backend}")
    url = database_url(backend, data_dir, run_id)
    from core import migrations
    from core.app import create_app
    from core.db import database
    app = create_app({"TESTING": True, "DATA_DIR": data_dir, "DATABASE_URL": url,
                      "REDIS_URL": REDIS_URL, "PLUGINS_FILE": DEFAULT_PLUGINS_FILE,
                      "RATELIMIT_ENABLED": False, "RATELIMIT_STORAGE_URI": "memory://",
                      "LOAD_ENTRYPOINTS": False, "PASSWORD_PROFILE": "CHEAPEST",
                      "FEED_CACHE_SECONDS": 0, "VIEW_BATCH_SECONDS": 0,
                      "SECRET_KEY": "test-secret"})
    with app.app_context():
        database.connect(reuse_if_open=True)
        migrations.upgrade()
        database.close()
    yield Env(backend, app, data_dir, url)
    if backend == "postgres":
        from core.db import database as db
        if not db.is_closed():
            db.close()
        drop_pg_schema(run_id)


def clean_tables():
    from core.db import database, is_sqlite
    from core.models import ALL_MODELS
    tables = [m._meta.table_name for m in ALL_MODELS]
    if is_sqlite():
        for table in reversed(tables):
            database.execute_sql(f'DELETE FROM "{table}"')
        database.execute_sql("DELETE FROM sqlite_sequence")  # ids from 1, as PostgreSQL's RESTART
    else:
        database.execute_sql("TRUNCATE " + ", ".join(f'"{t}"' for t in tables)
                             + " RESTART IDENTITY CASCADE")


def empty_queues():
    """Jobs an earlier test queued and left waiting (a contract run queues hundreds) are dropped:
    the next test's worker starts on an empty queue, as its tables are empty."""
    prefix = os.environ.get("DREADFORGE_QUEUE_PREFIX")
    if not prefix:
        return
    import redis
    conn = redis.Redis.from_url(REDIS_URL)
    try:
        for key in conn.scan_iter(f"rq:queue:{prefix}*"):
            conn.delete(key)
    finally:
        conn.close()


@pytest.fixture
def webapp_dist(app, tmp_path, monkeypatch):
    """``webapp_dist(index_html)``: a built web app folder holding that page, served by ``app``."""
    def build(index_html):
        folder = tmp_path / "dist"
        folder.mkdir(exist_ok=True)
        (folder / "index.html").write_text(index_html)
        monkeypatch.setitem(app.config, "WEBAPP_DIST", folder)
        return folder
    return build


@pytest.fixture
def app(env):
    """The app bound to this backend's database, with every table empty and no job queued."""
    from core import security
    from core.db import bind, database
    from core.limits import DEFAULT_LIMITS, limiter
    bind(env.database_url)
    with env.app.app_context():
        database.connect(reuse_if_open=True)
        clean_tables()
        database.close()
    empty_queues()
    # what an earlier test changed in place: the limits (some lower them without monkeypatch)
    # and the password hasher (a global that every app made in this process sets)
    env.app.config.update(DEFAULT_LIMITS, RATELIMIT_ENABLED=False)
    security.use_profile(env.app.config["PASSWORD_PROFILE"])
    if limiter._storage is not None:
        limiter.reset()
    media = Path(env.app.config["MEDIA_DIR"])
    shutil.rmtree(media, ignore_errors=True)
    media.mkdir(parents=True, exist_ok=True)
    yield env.app
    if not database.is_closed():
        database.close()


@pytest.fixture
def db(app):
    """The database, for tests that touch models directly (no app context is pushed, so each
    request of a test client runs in its own context, as in production)."""
    from core.db import database
    database.connect(reuse_if_open=True)
    yield database
    if not database.is_closed():
        database.close()


from core.testing import ApiClient, spawn_worker, stop_worker  # noqa: E402
from tests.helpers import SUITE_ENV, Auth  # noqa: E402


@pytest.fixture
def client(app):
    app.test_client_class = ApiClient
    return app.test_client()


@pytest.fixture
def make_client(app):
    """More clients (other users) on the same app."""
    def make():
        app.test_client_class = ApiClient
        return app.test_client()
    return make


@pytest.fixture
def auth(client):
    return Auth(client)


@pytest.fixture
def users(app, make_client):
    """``users.signed_in(role='user')`` → (client, user json): a fresh account, signed in."""
    from tests.helpers import Users
    return Users(app, make_client)


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def worker(env, queue_env):
    """A real `dreadforge worker` process on the real Redis, for this backend's database."""
    proc = start_worker(env, queue_env)
    yield proc
    stop_worker(proc)


def start_worker(env, queue_env, **extra):
    """A real worker on this backend's database and this run's queues (``extra``: env vars)."""
    return spawn_worker({**SUITE_ENV, **queue_env, "DATABASE_URL": env.database_url,
                         "DREADFORGE_DATA": str(env.data_dir),
                         "DREADFORGE_PLUGINS": str(env.app.config["PLUGINS_FILE"]), **extra},
                        env.data_dir)


def kill_worker(proc):
    """SIGKILL a worker and its work horses (RQ runs each job in its own session), as if the
    machine it ran on had died."""
    import psutil
    try:
        family = psutil.Process(proc.pid).children(recursive=True) + [psutil.Process(proc.pid)]
    except psutil.NoSuchProcess:
        return
    for process in family:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass
    proc.wait()


@pytest.fixture(params=["sqlite", "postgres"])
def blank_database(request, tmp_path):
    """A brand-new empty database (its own file, or its own PostgreSQL schema)."""
    from playhouse.db_url import connect

    from core.db import database
    previous = database.obj
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.db'}"
    else:
        schema = f"blank_{tmp_path.name[-20:].replace('-', '_')}".lower()
        admin = connect(PG_URL)
        admin.execute_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        admin.execute_sql(f'CREATE SCHEMA "{schema}"')
        admin.close()
        url = f"{PG_URL}?options=-csearch_path%3D{schema}"
    from core.db import bind
    db = bind(url)
    db.connect()
    yield db
    db.close()
    if request.param == "postgres":
        admin = connect(PG_URL)
        admin.execute_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        admin.close()
    database.initialize(previous)


@pytest.fixture
def limits(app, monkeypatch):
    """Turn the rate limits on for one test; ``limits(COMMENTS='2 per minute')`` lowers one."""
    monkeypatch.setitem(app.config, "RATELIMIT_ENABLED", True)

    def set_limits(**values):
        for name, value in values.items():
            monkeypatch.setitem(app.config, f"RATELIMIT_{name}", value)
    return set_limits
