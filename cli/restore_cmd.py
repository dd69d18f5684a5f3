"""`dreadforge restore FILE`: put back what `dreadforge backup` archived (``cli.backup_cmd``).

Into the site this machine's settings name: the database of ``DATABASE_URL`` (which must be empty
unless ``--force``; SQLite through its backup API, PostgreSQL through ``pg_restore``), the media
into the local folder or the bucket of ``MEDIA_URL`` (whichever the backup came from), the secret
key into the data folder, ``plugins.toml`` where ``DREADFORGE_PLUGINS`` points (the file it
replaces is kept beside it). Then the schema is upgraded when the backup is older than the code.
Stop the site and its workers first.
"""
import json
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from pathlib import Path

import click

from cli.backup_cmd import (
    FORMAT,
    MANIFEST,
    MEDIA_PREFIX,
    PG_MEMBER,
    SQLITE_MEMBER,
    VERSION,
    counts,
    database_kind,
    describe,
    files_text,
    libpq_env,
    libpq_url,
    pg_tool,
    size_text,
    sqlite_path,
)


def read_manifest(archive, file):
    try:
        manifest = json.load(archive.extractfile(MANIFEST))
    except (KeyError, ValueError):
        raise click.ClickException(f"{file} is not a Dreadforge backup (no {MANIFEST})") from None
    if manifest.get("format") != FORMAT or manifest.get("version", 0) > VERSION:
        raise click.ClickException(f"{file} is not a backup this version can restore "
                                   f"(format {manifest.get('format')!r}, "
                                   f"version {manifest.get('version')!r})")
    return manifest


def holds_rows():
    """Whether the database has any row in the site's tables (an empty schema does not count)."""
    from core.db import database
    from core.models import ALL_MODELS
    for model in ALL_MODELS:
        table = model._meta.table_name
        if database.table_exists(table) and database.execute_sql(
                f'SELECT 1 FROM "{table}" LIMIT 1').fetchone():
            return True
    return False


# --- the database --------------------------------------------------------------------------------


def restore_sqlite(url, copy):
    """The extracted copy into the database file, page by page through SQLite's backup API (what
    was there before is replaced as a whole, in one transaction)."""
    target_path = sqlite_path(url)
    target_path.parent.mkdir(parents=True, exist_ok=True)
    source, target = sqlite3.connect(copy), sqlite3.connect(target_path, timeout=30)
    try:
        source.backup(target)
        target.execute("PRAGMA journal_mode=WAL")
    finally:
        target.close()
        source.close()


def restore_postgres(url, manifest, dump, scratch):
    """``pg_restore`` of the dump into its schema: the schema made if missing, the objects the
    dump holds dropped first (``--clean``), all in one transaction."""
    from core.db import database
    pg_restore = pg_tool("pg_restore")
    schema = manifest["database"]["schema"]
    database.execute_sql(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
    for extension in manifest["database"].get("extensions", []):
        try:
            with database.atomic():
                database.execute_sql(f'CREATE EXTENSION IF NOT EXISTS "{extension}"')
        except Exception as error:  # a missing extension fails the restore below, with its name
            click.echo(f"warning: CREATE EXTENSION {extension} failed: {error}".strip(), err=True)
    database.close()
    listing = subprocess.run([pg_restore, "--list", str(dump)], capture_output=True, text=True)
    if listing.returncode != 0:
        raise click.ClickException(f"pg_restore failed: {listing.stderr.strip()}")
    # the schema itself is not dropped and made again: it may hold what the dump does not
    entries = Path(scratch) / "restore.list"
    entries.write_text("\n".join(line for line in listing.stdout.splitlines()
                                 if " SCHEMA - " not in line) + "\n")
    done = subprocess.run([pg_restore, "--clean", "--if-exists", "--no-owner", "--no-privileges",
                           "--single-transaction", "--exit-on-error", f"--use-list={entries}",
                           f"--dbname={libpq_url(url)}", str(dump)],
                          capture_output=True, text=True, env=libpq_env(url))
    if done.returncode != 0:
        raise click.ClickException(f"pg_restore failed (nothing was changed): "
                                   f"{done.stderr.strip()}")


# --- media, the key, plugins.toml ----------------------------------------------------------------


def restore_media(archive, members, storage):
    """Each ``media/<key>`` member into the storage (a local file, or an object of the bucket)."""
    from core.storage import LocalStorage
    from core.storage.s3 import content_type
    files = total = 0
    for member in members:
        key = member.name[len(MEDIA_PREFIX):]
        source = archive.extractfile(member)
        if isinstance(storage, LocalStorage):
            path = storage.path(key)  # refuses keys that climb out of the folder
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as target:
                while chunk := source.read(1024 * 1024):
                    target.write(chunk)
        else:
            storage.client.upload_fileobj(source, storage.bucket, storage.object_key(key),
                                          ExtraArgs={"ContentType": content_type(key)})
        files, total = files + 1, total + member.size
    return files, total


def restore_secret_key(archive, manifest, app):
    """The backup's key into the data folder (``secret_key``), which signs sessions when
    ``SECRET_KEY`` is unset; returns a line for the report."""
    from core.config import setting
    key = archive.extractfile(manifest["secret_key"]["file"]).read().decode().strip()
    key_file = Path(app.config["DATA_DIR"]) / "secret_key"
    key_file.write_text(key)
    key_file.chmod(0o600)
    line = f"secret key into {key_file}"
    if setting("SECRET_KEY") and setting("SECRET_KEY") != key:
        line += (" (SECRET_KEY in the environment differs and wins: sessions signed with the "
                 "backup's key are signed out)")
    return line


def restore_plugins(archive, manifest, app):
    target = Path(app.config["PLUGINS_FILE"])
    data = archive.extractfile(manifest["plugins"]["file"]).read()
    if target.is_file() and target.read_bytes() == data:
        return f"plugins.toml: {target} is the same"
    line = f"plugins.toml into {target}"
    if target.is_file():
        kept = target.with_name(target.name + ".before-restore")
        target.replace(kept)
        line += f" (the one it replaces kept as {kept.name})"
    target.write_bytes(data)
    return line


# --- the command ---------------------------------------------------------------------------------


def run_restore(app, file, force):
    """Restore ``file`` into the site of ``app``; returns the report's lines."""
    from cli.main import upgrade_database
    from core.db import database
    from core.storage import get_storage
    url = app.config["DATABASE_URL"]
    kind = database_kind(url)
    with tarfile.open(file) as archive:
        manifest = read_manifest(archive, file)
        if manifest["database"]["kind"] != kind:
            raise click.ClickException(
                f"{file} holds a {manifest['database']['kind']} database and DATABASE_URL "
                f"names {kind}: restore into the kind it came from, then move the data")
        if kind == "postgresql":
            pg_tool("pg_restore")
        with app.app_context():
            database.connect(reuse_if_open=True)
            try:
                if holds_rows() and not force:
                    raise click.ClickException(
                        "The database is not empty: restoring would replace what it holds. "
                        "Run again with --force to replace it.")
                with tempfile.TemporaryDirectory(dir=app.config["DATA_DIR"]) as scratch:
                    member = manifest["database"]["file"]
                    if member not in (SQLITE_MEMBER, PG_MEMBER):
                        raise click.ClickException(f"{file}: unknown database file {member!r}")
                    dump = Path(scratch) / Path(member).name
                    with archive.extractfile(member) as source, dump.open("wb") as target:
                        shutil.copyfileobj(source, target, 1024 * 1024)
                    if member == SQLITE_MEMBER:
                        database.close()
                        restore_sqlite(url, dump)
                    else:
                        restore_postgres(url, manifest, dump, scratch)
                database.connect(reuse_if_open=True)
                restored = counts()
            finally:
                database.close()
        upgraded = upgrade_database(app)
        name = "SQLite" if kind == "sqlite" else "PostgreSQL"
        lines = [f"database ({name}): {describe(restored)}"
                 + (f"; upgraded: {', '.join(upgraded)}" if upgraded else "")]
        media = [m for m in archive.getmembers()
                 if m.isfile() and m.name.startswith(MEDIA_PREFIX)]
        storage = get_storage(app)
        files, total = restore_media(archive, media, storage)
        where = app.config.get("MEDIA_URL") or str(app.config["MEDIA_DIR"])
        lines.append(f"media: {files_text(files)}, {size_text(total)} into {where}")
        lines.append(restore_secret_key(archive, manifest, app))
        if "plugins" in manifest:
            lines.append(restore_plugins(archive, manifest, app))
    return manifest, lines


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--force", is_flag=True,
              help="Replace a database that already holds rows (its rows are lost).")
def restore(file, force):
    """Restore a backup made by `dreadforge backup` into this site (stop the site first)."""
    from cli.main import make_app
    app = make_app()
    try:
        manifest, lines = run_restore(app, file, force)
    except tarfile.TarError as error:
        raise click.ClickException(f"{file} is not a readable backup: {error}") from None
    click.echo(f"restored from {file} (taken {manifest['created']}):")
    for line in lines:
        click.echo(f"  {line}")
