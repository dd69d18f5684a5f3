"""Configuration: every environment variable the product reads, with its default and meaning
(``VARIABLES``, the README's table), and the app's settings built from them; ``create_app(config)``
overrides any setting (the tests pass theirs there, never through the environment).

Other modules read a variable through ``setting(name)`` (``core.config`` is the one place that
touches ``os.environ``); plugin options that name a variable (``api_key_env``) are the exception:
the name is the plugin's own.
"""
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
             "the SQLite file, media files, the embedded queue's socket, the generated secret",
             _path),
    Variable("DREADFORGE_PLUGINS", Path("plugins.toml"), "`./plugins.toml`",
             "which providers and plugins are active, with their options", _path),
    Variable("SECRET_KEY", None, "generated once into the data folder",
             "signs the session cookie"),
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


def load_config(overrides=None):
    overrides = dict(overrides or {})
    data_dir = Path(overrides.get("DATA_DIR") or setting("DREADFORGE_DATA")).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
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
    config["MEDIA_DIR"].mkdir(parents=True, exist_ok=True)
    config.setdefault("SECRET_KEY", _secret_key(config["DATA_DIR"]))
    return config
