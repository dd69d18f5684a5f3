"""Media storage: where rendered videos, posters and subtitle tracks live.

Files are addressed by *keys* (``videos/12/3fa9…/video.mp4``): relative, slash-separated, never
absolute. The database stores keys, never paths, so the backend is a matter of configuration:
local files in ``MEDIA_DIR`` (the default), or an S3-compatible object store with
``MEDIA_URL=s3://bucket/prefix`` (``core.storage.s3``). Other backends implement ``MediaStorage``
and add themselves to ``BACKENDS`` under their URL scheme.

Renders are written in two steps so that the previous files stay in place until a new render
succeeds: ``workdir(prefix)`` gives a local folder a provider writes into, ``publish(workdir,
prefix)`` makes the files in it available under that prefix (for the local folder this is a no-op:
the work folder already is the final place).
"""
from flask import current_app

from core.storage.base import MediaStorage, StorageError, clean_key
from core.storage.local import LocalStorage

__all__ = ["MediaStorage", "StorageError", "clean_key", "LocalStorage", "get_storage"]


def _s3(app):
    from core.storage.s3 import from_config
    return from_config(app)


#: backend name (the scheme of ``MEDIA_URL``; ``local`` when it is unset) -> factory(app)
BACKENDS = {"local": lambda app: LocalStorage(app.config["MEDIA_DIR"]), "s3": _s3}


def backend_name(config):
    """``MEDIA_URL``'s scheme (``s3://bucket/prefix``: ``s3``), else ``MEDIA_STORAGE`` or local."""
    url = config.get("MEDIA_URL")
    if url:
        return url.split("://", 1)[0].lower() if "://" in url else url
    return config.get("MEDIA_STORAGE") or "local"


def get_storage(app=None):
    """The media storage of this app (created once per app)."""
    app = app or current_app
    storage = app.extensions.get("dreadforge.storage")
    if storage is None:
        name = backend_name(app.config)
        if name not in BACKENDS:
            raise StorageError(f"Unknown media storage '{name}' in MEDIA_URL "
                               f"(available: {', '.join(BACKENDS)})")
        storage = BACKENDS[name](app)
        app.extensions["dreadforge.storage"] = storage
    return storage
