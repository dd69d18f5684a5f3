"""Configuration: safe defaults, overridden by the environment, overridden by ``create_app(config)``."""
import os
import secrets
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _secret_key(data_dir):
    """SECRET_KEY from the environment, else generated once and kept in the data folder."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    key_file = data_dir / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def load_config(overrides=None):
    overrides = dict(overrides or {})
    data_dir = Path(overrides.get("DATA_DIR") or os.environ.get("DREADFORGE_DATA", "instance"))
    data_dir = data_dir.resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    config = {
        "DATA_DIR": data_dir,
        "DATABASE_URL": os.environ.get("DATABASE_URL") or f"sqlite:///{data_dir / 'dreadforge.db'}",
        "REDIS_URL": os.environ.get("REDIS_URL") or None,
        "PLUGINS_FILE": Path(os.environ.get("DREADFORGE_PLUGINS", "plugins.toml")).resolve(),
        "LOAD_ENTRYPOINTS": os.environ.get("DREADFORGE_NO_ENTRYPOINTS") != "1",
        "MEDIA_DIR": data_dir / "media",
        # media in an S3-compatible store instead of MEDIA_DIR (core.storage.s3)
        "MEDIA_URL": os.environ.get("MEDIA_URL") or None,
        "MEDIA_S3_ENDPOINT": os.environ.get("MEDIA_S3_ENDPOINT") or None,
        "MEDIA_S3_SERVE": os.environ.get("MEDIA_S3_SERVE") or "redirect",
        "MEDIA_URL_SECONDS": int(os.environ.get("MEDIA_URL_SECONDS") or 300),
        "WEBAPP_DIST": Path(os.environ.get("DREADFORGE_WEBAPP", ROOT / "webapp" / "dist")),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        # HTTPS deployments (behind a proxy too): every cookie gets Secure (core.headers)
        "HTTPS": os.environ.get("DREADFORGE_HTTPS") == "1",
        # trust one proxy's X-Forwarded-For/-Proto/-Host (werkzeug's ProxyFix)
        "PROXY_FIX": os.environ.get("DREADFORGE_PROXY_FIX") == "1",
        # request bodies above this answer 413 before they are read (JSON and forms)
        "MAX_CONTENT_LENGTH": int(os.environ.get("DREADFORGE_MAX_BODY", 2 * 1024 * 1024)),
        "JSON_SORT_KEYS": False,
        "RATELIMIT_ENABLED": os.environ.get("DREADFORGE_RATELIMIT", "1") != "0",
        "RATELIMIT_HEADERS_ENABLED": True,
        "JOB_TIMEOUT_STORY": int(os.environ.get("DREADFORGE_JOB_TIMEOUT_STORY", 300)),
        "JOB_TIMEOUT_VIDEO": int(os.environ.get("DREADFORGE_JOB_TIMEOUT_VIDEO", 1800)),
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
