"""Media files in a local folder (``MEDIA_DIR``)."""
import shutil
from pathlib import Path

from flask import send_file

from core.errors import abort
from core.storage.base import MediaStorage, StorageError, clean_key


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
