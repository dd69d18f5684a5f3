"""Configuration: every environment variable the product reads, with its default and meaning
(``VARIABLES``, the README's table), and the app's settings built from them; ``create_app(config)``
overrides any setting (the tests pass theirs there, never through the environment).

Other modules read a variable through ``setting(name)`` (``core.config`` is the one place that
touches ``os.environ``); plugin options that name a variable (``api_key_env``) are the exception:
the name is the plugin's own.
"""
import logging
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PASSWORD_PROFILES = ("RFC_9106_LOW_MEMORY", "RFC_9106_HIGH_MEMORY", "PRE_21_2", "CHEAPEST")


def _on(raw):
    return raw.strip().lower() not in ("0", "off", "no", "false")


def _path(raw):
    return Path(raw)


def _profile(raw):
    name = raw.strip().upper()
    if name not in PASSWORD_PROFILES:
        raise ValueError("DREADFORGE_PASSWORD_PROFILE must be one of "
                         + ", ".join(PASSWORD_PROFILES))
    return name


def _log_format(raw):
    name = raw.strip().lower()
    if name not in ("text", "json"):
        raise ValueError("DREADFORGE_LOG_FORMAT must be text or json")
    return name


def _log_level(raw):
    name = raw.strip().upper()
    if name not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ValueError("DREADFORGE_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
    return name


@dataclass(frozen=True)
class Variable:
    name: str
    default: Any  # the value when the variable is unset or empty
    shown: str  # the default as the README shows it
    meaning: str
    parse: Callable[[str], Any] = str


VARIABLES = {variable.name: variable for variable in (
    Variable("DATABASE_URL", None, "`sqlite:///$DREADFORGE_DATA/dreadforge.db`",
             "`postgresql://user@host:5432/db` selects PostgreSQL"),
    Variable("REDIS_URL", None, "unset: embedded queue",
             "`redis://host:6379/0` selects a real Redis (and stores rate limits there)"),
    Variable("DREADFORGE_DATA", Path("instance"), "`./instance`",
             "the SQLite file, media files, the embedded queue's socket, the generated secret, "
             "the web server's control socket (`gunicornc -s $DREADFORGE_DATA/gunicorn.ctl`); "
             "its owner's alone (0700)",
             _path),
    Variable("DREADFORGE_PLUGINS", Path("plugins.toml"), "`./plugins.toml`",
             "which providers and plugins are active, with their options", _path),
    Variable("SECRET_KEY", None, "generated once into the data folder",
             "signs the session cookie; required, the same on every machine, when "
             "`DATABASE_URL` or a network `REDIS_URL` is set (`run` and `worker` stop without "
             "it)"),
    Variable("DREADFORGE_NEURAL_VOICES", True, "`1`",
             "`0` narrates with eSpeak NG only (no Piper)", _on),
    Variable("DREADFORGE_VOICES", None, "`$DREADFORGE_DATA/voices`",
             "where `voices pull` puts Piper voices", _path),
    Variable("HF_ENDPOINT", None, "`https://huggingface.co`",
             "the model hub `voices pull` and `models pull` download from (a mirror)"),
    Variable("DREADFORGE_HTTPS", False, "`0`",
             "`1`: every cookie is `Secure` (set it when users reach the site over HTTPS, e.g. "
             "behind a TLS proxy); HTTPS requests get `Secure` cookies anyway",
             lambda raw: raw == "1"),
    Variable("DREADFORGE_PROXY_FIX", False, "`0`",
             "`1`: trust one proxy's `X-Forwarded-For/-Proto/-Host/-Prefix` (werkzeug's "
             "ProxyFix): rate limits per real address, `Secure` cookies when the proxy speaks "
             "HTTPS. Only behind a proxy that sets them", lambda raw: raw == "1"),
    Variable("DREADFORGE_MAX_BODY", 2 * 1024 * 1024, "`2097152`",
             "largest request body in bytes (2 MB); larger ones get 413 before they are read",
             int),
    Variable("DREADFORGE_RATELIMIT", True, "`1`",
             "`0` turns the rate limits off (a private instance, a load test)",
             lambda raw: raw != "0"),
    Variable("DREADFORGE_JOB_TIMEOUT_STORY", 300, "`300`",
             "seconds a story job may run before the worker stops it", int),
    Variable("DREADFORGE_JOB_TIMEOUT_VIDEO", 1800, "`1800`",
             "seconds a video render may run before the worker stops it", int),
    Variable("DREADFORGE_REAP_SECONDS", 10.0, "`10`",
             "how often workers look for jobs whose worker died (seconds)", float),
    Variable("DREADFORGE_QUEUE_PREFIX", "", "empty",
             "prefix of the queue names, for several sites sharing one Redis"),
    Variable("DREADFORGE_PLUGIN_MODULES", (), "empty",
             "comma-separated modules loaded as plugins besides the installed ones (a plugin "
             "in a local folder on `PYTHONPATH`)",
             lambda raw: tuple(name.strip() for name in raw.split(",") if name.strip())),
    Variable("DREADFORGE_NO_ENTRYPOINTS", False, "`0`",
             "`1`: ignore installed plugin packages (their entry points); start with the "
             "built-in plugins only", lambda raw: raw == "1"),
    Variable("DREADFORGE_PASSWORD_PROFILE", "RFC_9106_LOW_MEMORY", "`RFC_9106_LOW_MEMORY`",
             "argon2 cost profile of new password hashes (argon2-cffi's `argon2.profiles`: "
             "`RFC_9106_HIGH_MEMORY` on a big server; `CHEAPEST` only for tests)", _profile),
    Variable("DREADFORGE_WEBAPP", ROOT / "webapp" / "dist", "`webapp/dist`",
             "the built web app the site serves", _path),
    Variable("DREADFORGE_FEED_CACHE", 2.0, "`2`",
             "seconds a visitor's feed page stays cached (Redis, else in-process); any write "
             "drops it; `0` turns the cache off", float),
    Variable("DREADFORGE_VIEW_BATCH", 1.0, "`1`",
             "seconds between folding the views counted in Redis into the database; `0` writes "
             "each view at once", float),
    Variable("DREADFORGE_DB_POOL", 20, "`20`",
             "PostgreSQL connections pooled per web or worker process", int),
    Variable("DREADFORGE_DB_PREPARE", True, "`1`",
             "PostgreSQL: the hot reads (story page, feeds, a signed-in reader's user and likes) "
             "are prepared once per connection; `0` sends them plainly (behind a pooler in "
             "transaction mode, e.g. PgBouncer's)", lambda raw: raw != "0"),
    Variable("MEDIA_URL", None, "unset: local files",
             "`s3://bucket/prefix`: media in an S3-compatible store (see Scale-out media)"),
    Variable("MEDIA_S3_ENDPOINT", None, "AWS",
             "the store's URL for MinIO, Ceph, R2; path-style addressing"),
    Variable("MEDIA_S3_SERVE", "redirect", "`redirect`",
             "`redirect`: 302 to a presigned URL; `stream`: the web process streams the object"),
    Variable("MEDIA_URL_SECONDS", 300, "`300`", "how long a presigned media URL stays valid", int),
    Variable("DREADFORGE_METRICS", False, "`0`",
             "`1`: Prometheus metrics on `/metrics` (docs/operations.md)",
             lambda raw: raw == "1"),
    Variable("DREADFORGE_METRICS_TOKEN", None, "unset",
             "a token `/metrics` then asks for (`Authorization: Bearer …`)"),
    Variable("DREADFORGE_LOG_FORMAT", "text", "`text`",
             "`json`: one JSON object per log line (time, level, logger, message, request id)",
             _log_format),
    Variable("DREADFORGE_LOG_LEVEL", "INFO", "`INFO`",
             "the least level logged: `DEBUG`, `INFO`, `WARNING` or `ERROR`", _log_level),
)}


def setting(name):
    """The value of environment variable ``name`` (one of ``VARIABLES``), parsed, else its
    default."""
    variable = VARIABLES[name]
    raw = os.environ.get(name)
    return variable.default if raw is None or raw == "" else variable.parse(raw)


def data_dir():
    """The data folder (``DREADFORGE_DATA``), absolute."""
    return setting("DREADFORGE_DATA").resolve()


def _secret_key(data_dir):
    """SECRET_KEY from the environment, else generated once and kept in the data folder."""
    if setting("SECRET_KEY"):
        return setting("SECRET_KEY")
    key_file = data_dir / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def missing_secret_key():
    """Why `run` and `worker` must not start, in one line, or None: with a shared database or a
    network Redis the site may span machines, and a key generated into each machine's data
    folder would sign each machine's sessions differently (users signed out at random behind a
    load balancer). A unix socket's Redis (the embedded queue) is one machine's."""
    if setting("SECRET_KEY"):
        return None
    redis_url = setting("REDIS_URL") or ""
    shared = [name for name, value in (("DATABASE_URL", setting("DATABASE_URL")),
                                       ("REDIS_URL", not redis_url.startswith("unix://")
                                        and redis_url)) if value]
    if not shared:
        return None
    return (f"SECRET_KEY is not set: with {' and '.join(shared)} set, every machine of the site "
            "must sign sessions with the same key; set SECRET_KEY (e.g. to the output of "
            "`python -c 'import secrets; print(secrets.token_hex(32))'`) on each")


#: the data folder holds password hashes, e-mails, the secret key and private videos: its
#: owner's alone (folders 0700, files 0600), whatever the umask
PRIVATE_MODE = 0o700
SQLITE_FILES = ("", "-wal", "-shm", "-journal")


def make_private(path):
    """Take away the group's and others' access to ``path`` (the owner's bits stay)."""
    try:
        mode = path.stat().st_mode & 0o7777
        if mode & ~PRIVATE_MODE:
            path.chmod(mode & PRIVATE_MODE)
    except OSError as exc:  # another user's file (a folder shared on purpose): said, not fatal
        logging.getLogger(__name__).warning("could not make %s private: %s", path, exc)


def keep_data_private(config):
    """The data folder 0700, the SQLite file (created now if new, so never readable by others
    for a moment) and its journals 0600, the media folder's folders 0700 and files 0600: made
    so on the first start, and tightened on every start of a folder an older version made.
    (`run` and `worker` also set the umask 077, so what they write later is private too.)"""
    data_dir, media_dir = config["DATA_DIR"], config["MEDIA_DIR"]
    data_dir.mkdir(mode=PRIVATE_MODE, parents=True, exist_ok=True)
    make_private(data_dir)
    media_dir.mkdir(mode=PRIVATE_MODE, parents=True, exist_ok=True)
    for folder, _folders, files in os.walk(media_dir):
        make_private(Path(folder))
        for name in files:
            make_private(Path(folder) / name)
    url = config["DATABASE_URL"]
    if url.startswith("sqlite:"):
        from playhouse.db_url import parse
        database = parse(url)["database"]
        if database and database != ":memory:":
            database = Path(database)
            if database.parent.is_dir():
                os.close(os.open(database, os.O_CREAT | os.O_WRONLY, 0o600))  # (SQLite gives
                for suffix in SQLITE_FILES:  # its journals the database file's mode)
                    journal = database.with_name(database.name + suffix)
                    if journal.exists():
                        make_private(journal)


def load_config(overrides=None):
    overrides = dict(overrides or {})
    data_dir = Path(overrides.get("DATA_DIR") or setting("DREADFORGE_DATA")).resolve()
    data_dir.mkdir(mode=PRIVATE_MODE, parents=True, exist_ok=True)
    config = {
        "DATA_DIR": data_dir,
        "DATABASE_URL": setting("DATABASE_URL") or f"sqlite:///{data_dir / 'dreadforge.db'}",
        "REDIS_URL": setting("REDIS_URL"),
        "PLUGINS_FILE": setting("DREADFORGE_PLUGINS").resolve(),
        "LOAD_ENTRYPOINTS": not setting("DREADFORGE_NO_ENTRYPOINTS"),
        "PLUGIN_MODULES": setting("DREADFORGE_PLUGIN_MODULES"),
        "MEDIA_DIR": data_dir / "media",
        # media in an S3-compatible store instead of MEDIA_DIR (core.storage.s3)
        "MEDIA_URL": setting("MEDIA_URL"),
        "MEDIA_S3_ENDPOINT": setting("MEDIA_S3_ENDPOINT"),
        "MEDIA_S3_SERVE": setting("MEDIA_S3_SERVE"),
        "MEDIA_URL_SECONDS": setting("MEDIA_URL_SECONDS"),
        "WEBAPP_DIST": setting("DREADFORGE_WEBAPP"),
        "PASSWORD_PROFILE": setting("DREADFORGE_PASSWORD_PROFILE"),
        "FEED_CACHE_SECONDS": setting("DREADFORGE_FEED_CACHE"),
        "VIEW_BATCH_SECONDS": setting("DREADFORGE_VIEW_BATCH"),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        # HTTPS deployments (behind a proxy too): every cookie gets Secure (core.headers)
        "HTTPS": setting("DREADFORGE_HTTPS"),
        # trust one proxy's X-Forwarded-For/-Proto/-Host (werkzeug's ProxyFix)
        "PROXY_FIX": setting("DREADFORGE_PROXY_FIX"),
        # request bodies above this answer 413 before they are read (JSON and forms)
        "MAX_CONTENT_LENGTH": setting("DREADFORGE_MAX_BODY"),
        "JSON_SORT_KEYS": False,
        "RATELIMIT_ENABLED": setting("DREADFORGE_RATELIMIT"),
        "RATELIMIT_HEADERS_ENABLED": True,
        "JOB_TIMEOUT_STORY": setting("DREADFORGE_JOB_TIMEOUT_STORY"),
        "JOB_TIMEOUT_VIDEO": setting("DREADFORGE_JOB_TIMEOUT_VIDEO"),
        # flask-smorest / OpenAPI
        "API_TITLE": "Dreadforge API",
        "API_VERSION": "1.0",
        "OPENAPI_VERSION": "3.0.3",
        "OPENAPI_URL_PREFIX": "/api",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "docs",
        "OPENAPI_SWAGGER_UI_URL": "/api/docs/static/",
    }
    config.update(overrides)
    config["DATA_DIR"] = Path(config["DATA_DIR"])
    config["MEDIA_DIR"] = Path(config["MEDIA_DIR"])
    keep_data_private(config)
    config.setdefault("SECRET_KEY", _secret_key(config["DATA_DIR"]))
    return config
