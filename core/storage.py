"""Media storage: where rendered videos, posters and subtitle tracks live.

Files are addressed by *keys* (``videos/12/3fa9…/video.mp4``): relative, slash-separated, never
absolute. The database stores keys, never paths, so the backend is a matter of configuration:
local files in ``MEDIA_DIR`` (the default), or an S3-compatible object store with
``MEDIA_URL=s3://bucket/prefix`` (``core.storage_s3``). Other backends implement ``MediaStorage``
and add themselves to ``BACKENDS`` under their URL scheme.

Renders are written in two steps so that the previous files stay in place until a new render
succeeds: ``workdir(prefix)`` gives a local folder a provider writes into, ``publish(workdir,
prefix)`` makes the files in it available under that prefix (for the local folder this is a no-op:
the work folder already is the final place).
"""
import shutil
from pathlib import Path, PurePosixPath

from flask import current_app, send_file

from core.errors import abort


class StorageError(Exception):
    """A key that is not acceptable (absolute, ``..``) or a backend failure."""


def clean_key(key):
    """``key`` normalised; refuses absolute keys and keys that climb out with ``..``."""
    path = PurePosixPath(str(key).replace("\\", "/"))
    if path.is_absolute() or not path.parts or any(part in ("..", "") for part in path.parts):
        raise StorageError(f"Invalid media key '{key}'")
    return str(path)


class MediaStorage:
    """The interface every media backend implements."""

    def workdir(self, prefix) -> Path:
        """A local, empty-or-new folder to write the files of ``prefix`` into."""
        raise NotImplementedError

    def publish(self, workdir, prefix):
        """Make the files written into ``workdir`` available under ``prefix``; returns the keys."""
        raise NotImplementedError

    def key_for(self, prefix, path):
        """The key of a file written into the work folder of ``prefix``."""
        return clean_key(f"{clean_key(prefix)}/{Path(path).name}")

    def exists(self, key) -> bool:
        raise NotImplementedError

    def size(self, key) -> int:
        raise NotImplementedError

    def delete_prefix(self, prefix):
        """Remove every file under ``prefix`` (missing is fine)."""
        raise NotImplementedError

    def serve(self, key, mimetype, download_name=None, private=False):
        """A Flask response for ``key``: Range requests (206), ETag and Last-Modified; 404 when
        the file is missing. ``download_name`` makes it an attachment."""
        raise NotImplementedError

    def csp_sources(self):
        """Sources the site's pages must allow to show what ``serve`` answers (an object store's
        origin when it redirects there): ``{directive: [source]}``."""
        return {}


class LocalStorage(MediaStorage):
    """Files in a local folder (``MEDIA_DIR``), shared by the web app and the workers."""

    def __init__(self, root):
        self.root = Path(root).resolve()

    def path(self, key):
        path = (self.root / clean_key(key)).resolve()
        if self.root not in path.parents:
            raise StorageError(f"Invalid media key '{key}'")
        return path

    def workdir(self, prefix):
        folder = self.path(prefix)
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def publish(self, workdir, prefix):
        target = self.path(prefix)
        workdir = Path(workdir).resolve()
        if workdir != target:
            target.mkdir(parents=True, exist_ok=True)
            for item in workdir.iterdir():  # files and folders (a render's scenes/)
                shutil.move(str(item), target / item.name)
        return [self.key_for(prefix, item) for item in sorted(target.iterdir()) if item.is_file()]

    def exists(self, key):
        try:
            return self.path(key).is_file()
        except StorageError:
            return False

    def size(self, key):
        return self.path(key).stat().st_size

    def delete_prefix(self, prefix):
        try:
            folder = self.path(prefix)
        except StorageError:
            return
        if folder.is_dir():
            shutil.rmtree(folder, ignore_errors=True)
        elif folder.is_file():
            folder.unlink(missing_ok=True)

    def serve(self, key, mimetype, download_name=None, private=False):
        if not key or not self.exists(key):
            abort(404, message="File not found")
        response = send_file(self.path(key), mimetype=mimetype, conditional=True, etag=True,
                             as_attachment=download_name is not None,
                             download_name=download_name)
        response.cache_control.no_cache = True  # revalidate: a regeneration swaps the file
        if private:
            response.cache_control.private = True
        else:
            response.cache_control.public = True
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response


def _s3(app):
    from core.storage_s3 import from_config
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
