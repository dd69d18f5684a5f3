"""`dreadforge backup FILE`: the site's state in one tar archive, taken while the site serves.

The archive holds, in this order:

- ``database/dreadforge.sqlite3``: SQLite through its online backup API (``sqlite3``'s
  ``Connection.backup``), one consistent snapshot however many processes write meanwhile (a plain
  copy of the file misses what is still in the write-ahead log); or ``database/dreadforge.pgdump``:
  PostgreSQL through ``pg_dump --format=custom`` of the schema the site uses (one snapshot too);
- ``media/<key>``: every media file, from the local folder or the S3 bucket (``core.storage``),
  copied after the database so that every file the database names is there;
- ``secret_key`` (the key that signs sessions) and ``plugins.toml``;
- ``manifest.json`` (``MANIFEST``, last): the format, what each part holds, row counts.

``dreadforge restore FILE`` (``cli.restore_cmd``) puts it back.
"""
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

import click
from playhouse import db_url

FORMAT = "dreadforge-backup"
VERSION = 1
MANIFEST = "manifest.json"
SQLITE_MEMBER = "database/dreadforge.sqlite3"
PG_MEMBER = "database/dreadforge.pgdump"
MEDIA_PREFIX = "media/"
SECRET_MEMBER = "secret_key"
PLUGINS_MEMBER = "plugins.toml"
#: the rows counted into the manifest and the restore's report, by table
COUNTED = ("users", "stories", "videos", "comments", "likes")


def database_kind(url):
    """``sqlite`` or ``postgresql`` for a ``DATABASE_URL``."""
    scheme = url.split("://", 1)[0].split("+", 1)[0].lower()
    return "sqlite" if scheme.startswith("sqlite") else "postgresql"


def sqlite_path(url):
    return Path(db_url.parse(url)["database"])


def libpq_url(url):
    """``DATABASE_URL`` as libpq (``pg_dump``, ``pg_restore``) reads it: a plain scheme, and no
    password (a command line is visible to every local user): that goes in ``libpq_env``."""
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    if len(netloc) == 2:
        netloc[0] = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(scheme="postgresql", netloc="@".join(netloc)))


def libpq_env(url):
    """The environment of ``pg_dump`` / ``pg_restore``: this one's, with ``PGPASSWORD`` from
    ``DATABASE_URL`` when it holds one."""
    password = urlsplit(url).password
    return {**os.environ, "PGPASSWORD": unquote(password)} if password else None


def pg_tool(name):
    """The path of ``pg_dump`` / ``pg_restore``, or a ClickException saying what to install."""
    path = shutil.which(name)
    if path is None:
        raise click.ClickException(
            f"{name} is not on PATH: PostgreSQL databases are backed up and restored with "
            f"PostgreSQL's own tools (Debian: apt install postgresql-client, the server's "
            f"major version or newer)")
    return path


def counts():
    """Rows of each ``COUNTED`` table (0 for a table that does not exist)."""
    from core.db import database
    found = {}
    for table in COUNTED:
        if database.table_exists(table):
            found[table] = database.execute_sql(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]
        else:
            found[table] = 0
    return found


def describe(counted):
    return ", ".join(f"{n:,} {singular(table) if n == 1 else table}"
                     for table, n in counted.items())


def singular(table):
    return "story" if table == "stories" else table[:-1]


def files_text(n):
    return f"{n:,} file" + ("" if n == 1 else "s")


def size_text(n):
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:,} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"  # pragma: no cover


# --- the database --------------------------------------------------------------------------------


def backup_sqlite(url, target):
    """SQLite's online backup of the database into the file ``target``, in one step (a copy
    in steps starts again whenever another process writes between them)."""
    source = sqlite3.connect(f"file:{sqlite_path(url)}?mode=ro", uri=True, timeout=30)
    copy = sqlite3.connect(target)
    try:
        with copy:
            source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file in the archive
    finally:
        copy.close()
        source.close()


def pg_facts():
    """The schema the site's tables live in and the extensions the database has."""
    from core.db import database
    schema = database.execute_sql("SELECT current_schema()").fetchone()[0]
    extensions = [row[0] for row in database.execute_sql(
        "SELECT extname FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname")]
    return schema, extensions


def backup_postgres(url, schema, target):
    """``pg_dump`` of ``schema`` (one snapshot, as a serializable transaction sees it)."""
    command = [pg_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges",
               f"--schema={schema}", f"--file={target}", f"--dbname={libpq_url(url)}"]
    done = subprocess.run(command, capture_output=True, text=True, env=libpq_env(url))
    if done.returncode != 0:
        raise click.ClickException(f"pg_dump failed: {done.stderr.strip()}")


# --- media ---------------------------------------------------------------------------------------


def media_files(storage):
    """``(key, size, open())`` of every media file, from the local folder or the bucket."""
    from core.storage import LocalStorage
    if isinstance(storage, LocalStorage):
        for path in sorted(p for p in storage.root.rglob("*") if p.is_file()):
            yield (path.relative_to(storage.root).as_posix(), path.stat().st_size,
                   lambda path=path: path.open("rb"))
        return
    root = f"{storage.root}/" if storage.root else ""
    pages = storage.client.get_paginator("list_objects_v2").paginate(
        Bucket=storage.bucket, Prefix=root)
    for page in pages:
        for item in page.get("Contents", []):
            key = item["Key"][len(root):]
            if not key or key.endswith("/"):
                continue

            def opener(object_key=item["Key"]):
                return storage.client.get_object(Bucket=storage.bucket, Key=object_key)["Body"]
            yield key, item["Size"], opener


def media_source(app):
    return app.config.get("MEDIA_URL") or str(app.config["MEDIA_DIR"])


def add_media(archive, storage):
    files = total = 0
    now = time.time()
    for key, size, opener in media_files(storage):
        info = tarfile.TarInfo(MEDIA_PREFIX + key)
        info.size, info.mtime, info.mode = size, now, 0o644
        try:
            stream = opener()
        except Exception as error:  # deleted between the listing and the copy
            if isinstance(error, FileNotFoundError) or "NoSuchKey" in str(error):
                continue
            raise
        with stream:
            archive.addfile(info, stream)
        files, total = files + 1, total + size
    return files, total


# --- the archive ---------------------------------------------------------------------------------


def add_bytes(archive, name, data, mode=0o600):
    import io
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = len(data), time.time(), mode
    archive.addfile(info, io.BytesIO(data))


def write_mode(path):
    """Uncompressed tar (media files are compressed already); gzip when the name says so."""
    name = str(path).lower()
    return "w:gz" if name.endswith((".tar.gz", ".tgz")) else "w"


def secret_key(app):
    """The key in use and where it came from (``environment`` or ``data folder``)."""
    from core.config import setting
    if setting("SECRET_KEY"):
        return setting("SECRET_KEY"), "environment"
    return str(app.config["SECRET_KEY"]), "data folder"


def take_backup(app, path):
    """Write the archive ``path`` (via a temporary file beside it); returns the manifest."""
    from core.db import database
    from core.storage import get_storage
    url = app.config["DATABASE_URL"]
    kind = database_kind(url)
    manifest = {"format": FORMAT, "version": VERSION,
                "created": datetime.now(UTC).isoformat(timespec="seconds"),
                "database": {"kind": kind}}
    if kind == "postgresql":
        pg_tool("pg_dump")  # before anything is written
    path = Path(path).resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    # readable by its owner only from the start: it holds the secret key and every password hash
    partial.unlink(missing_ok=True)
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with tempfile.TemporaryDirectory(dir=app.config["DATA_DIR"]) as scratch, \
            open(descriptor, "wb") as output, \
            tarfile.open(fileobj=output, mode=write_mode(path)) as archive:
        with app.app_context():
            database.connect(reuse_if_open=True)
            try:
                from core import migrations
                manifest["database"]["migrations"] = migrations.applied()
                if kind == "postgresql":
                    schema, extensions = pg_facts()
                    manifest["database"].update(schema=schema, extensions=extensions)
            finally:
                database.close()
        dump = Path(scratch) / "database"
        if kind == "sqlite":
            backup_sqlite(url, dump)
            member = SQLITE_MEMBER
        else:
            backup_postgres(url, manifest["database"]["schema"], dump)
            member = PG_MEMBER
        manifest["database"].update(file=member, counts=snapshot_counts(kind, dump))
        archive.add(dump, member)
        dump.unlink()
        files, total = add_media(archive, get_storage(app))
        manifest["media"] = {"source": media_source(app), "files": files, "bytes": total}
        key, key_source = secret_key(app)
        add_bytes(archive, SECRET_MEMBER, key.encode())
        manifest["secret_key"] = {"file": SECRET_MEMBER, "source": key_source}
        plugins_file = Path(app.config["PLUGINS_FILE"])
        if plugins_file.is_file():
            add_bytes(archive, PLUGINS_MEMBER, plugins_file.read_bytes(), 0o644)
            manifest["plugins"] = {"file": PLUGINS_MEMBER, "source": str(plugins_file)}
        add_bytes(archive, MANIFEST, json.dumps(manifest, indent=2).encode(), 0o644)
    os.replace(partial, path)
    return manifest


def snapshot_counts(kind, dump):
    """The ``COUNTED`` rows as the snapshot holds them (SQLite: read from the copy itself)."""
    if kind != "sqlite":
        return None
    copy = sqlite3.connect(dump)
    try:
        tables = {row[0] for row in copy.execute("SELECT name FROM sqlite_master")}
        return {table: (copy.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]
                        if table in tables else 0) for table in COUNTED}
    finally:
        copy.close()


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, writable=True))
def backup(file):
    """Back up the database, media, secret key and plugins.toml into FILE (a tar archive),
    while the site serves."""
    from cli.main import make_app
    app = make_app()
    started = time.perf_counter()
    try:
        manifest = take_backup(app, file)
    finally:
        Path(file).with_name(Path(file).name + ".partial").unlink(missing_ok=True)
    database = manifest["database"]
    media = manifest["media"]
    rows = f": {describe(database['counts'])}" if database.get("counts") else ""
    click.echo(f"database ({'SQLite' if database['kind'] == 'sqlite' else 'PostgreSQL'}{rows})")
    click.echo(f"media: {files_text(media['files'])}, {size_text(media['bytes'])} "
               f"from {media['source']}")
    click.echo(f"secret key (from the {manifest['secret_key']['source']})")
    if "plugins" in manifest:
        click.echo(f"plugins.toml ({manifest['plugins']['source']})")
    size = Path(file).stat().st_size
    click.echo(f"backed up into {file} ({size_text(size)}) in "
               f"{time.perf_counter() - started:.1f} s")
