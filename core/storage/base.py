"""The media storage interface: keys, and what every backend implements (see ``core.storage``)."""
from pathlib import Path, PurePosixPath


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


