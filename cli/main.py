"""The `dreadforge` command."""
import json
import os
import signal
import sys
import threading

import click

from cli.backup_cmd import backup
from cli.models_cmd import models
from cli.openapi_cmd import openapi
from cli.plugins_cmd import plugins
from cli.restore_cmd import restore
from cli.voices_cmd import voices
from core.config import missing_secret_key, setting


@click.group()
def main():
    """Dreadforge: Craft Your Nightmare. Unleash Your Fear."""


main.add_command(plugins)
main.add_command(models)
main.add_command(openapi)
main.add_command(voices)
main.add_command(backup)
main.add_command(restore)


def require_secret_key():
    """`run` and `worker` of a site that may span machines need the shared SECRET_KEY."""
    problem = missing_secret_key()
    if problem:
        raise click.ClickException(problem)


def make_app(**overrides):
    from core.app import create_app
    from core.plugins import PluginConfigError
    from core.storage import StorageError
    try:
        return create_app(overrides or None)
    except (PluginConfigError, StorageError) as err:
        raise click.ClickException(str(err)) from None


def upgrade_database(app):
    from core import migrations
    from core.db import database
    with app.app_context():
        database.connect(reuse_if_open=True)
        try:
            return migrations.upgrade()
        finally:
            database.close()


# --- run / worker --------------------------------------------------------------------------------


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--workers", "job_workers", default=2, show_default=True,
              help="Background job workers: the first drains the short jobs (stories, default), "
                   "the others the video renders; 1 drains everything, 0 none.")
@click.option("--processes", default=None, type=int,
              help="Web server processes  [default: one per CPU core]")
@click.option("--threads", default=8, show_default=True, help="Threads of each web process.")
def run(host, port, job_workers, processes, threads):
    """Serve the web app and run background jobs (embedded queue unless REDIS_URL is set).

    On a web machine of a larger site (REDIS_URL and DATABASE_URL set), `dreadforge run --host
    0.0.0.0 --workers 0` is its web server alone."""
    from cli.site import Site
    from cli.web_server import serve
    # until the web server takes the signals over, SIGTERM unwinds like Ctrl-C (stopping all)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    require_secret_key()
    os.umask(0o077)  # what the site writes (database, media) is its owner's alone
    app = make_app()  # a wrong plugins.toml stops here, before anything is started
    with Site(app, job_workers) as site:
        applied = upgrade_database(app)
        if applied:
            click.echo(f"database upgraded: {', '.join(applied)}")
        site.start_workers()
        processes = processes or os.cpu_count() or 1
        click.echo(f"Dreadforge on http://{host}:{port} ({processes} processes x {threads} "
                   f"threads, queue: {site.queue_label}, workers: {site.worker_label})")
        serve(app, host, port, processes, threads)


@main.command()
@click.option("--queues", default="stories,videos,default", show_default=True,
              help="Comma-separated queues to drain, in priority order (e.g. `stories,default` "
                   "and `videos` on separate workers, so stories never wait behind renders).")
@click.option("--burst", is_flag=True, help="Stop when the queues are empty.")
@click.option("--name", default=None, help="Worker name (default: generated).")
def worker(queues, burst, name):
    """Run a background job worker (any number, on any machine sharing REDIS_URL and the data)."""
    from rq import Queue, Worker

    from cli import worker_loop
    from core import job_queues
    from core.db import database
    from core.worker import preload_providers, worker_app
    if not setting("REDIS_URL"):
        raise click.ClickException("REDIS_URL is not set (use `dreadforge run` for the embedded "
                                   "queue, or point REDIS_URL at your Redis)")
    require_secret_key()
    os.umask(0o077)  # the renders it writes are its owner's alone
    from core.plugins import PluginConfigError
    from core.storage import StorageError
    try:
        app = worker_app()
    except (PluginConfigError, StorageError) as err:
        raise click.ClickException(str(err)) from None
    database.close()
    preload_providers(app, [q.strip() for q in queues.split(",")])
    conn = job_queues.connection()
    names = [job_queues.queue_name(q.strip()) for q in queues.split(",") if q.strip()]
    stop_reaper = threading.Event()
    worker_loop.start_reaper(app, conn, stop_reaper,
                             [q.strip() for q in queues.split(",") if q.strip()], name)

    def make_worker():
        return Worker([Queue(n, connection=conn) for n in names], connection=conn, name=name)

    try:
        worker_loop.work(make_worker, burst=burst, where="the queue (REDIS_URL)")
    finally:
        stop_reaper.set()
        worker_loop.withdraw(conn)


# --- db ------------------------------------------------------------------------------------------


@main.group()
def db():
    """Database schema."""


@db.command("upgrade")
def db_upgrade():
    """Create the database or upgrade it to the newest schema, keeping every row."""
    applied = upgrade_database(make_app())
    click.echo(f"applied: {', '.join(applied)}" if applied else "database is up to date")


@db.command("status")
def db_status():
    """Show applied and pending migrations."""
    from core import migrations
    from core.db import database
    app = make_app()
    with app.app_context():
        database.connect(reuse_if_open=True)
        for name in migrations.available():
            mark = "applied" if name in migrations.applied() else "pending"
            click.echo(f"{name}  {mark}")


# --- users ---------------------------------------------------------------------------------------


@main.group()
def users():
    """User accounts."""


@users.command("create")
@click.option("--email", required=True)
@click.option("--password", default=None, help="Prompted for (hidden) when not given.")
@click.option("--first-name", default="Admin", show_default=True)
@click.option("--last-name", default="", show_default=True)
@click.option("--role", type=click.Choice(["user", "admin", "super_admin"]), default="user",
              show_default=True)
def users_create(email, password, first_name, last_name, role):
    """Create an account (e.g. the first super_admin)."""
    from core import auth
    from core.db import database
    from core.models import User
    if password is None:
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    if len(password) < 8:
        raise click.ClickException("Password must be at least 8 characters")
    app = make_app()
    upgrade_database(app)
    with app.app_context():
        database.connect(reuse_if_open=True)
        try:
            user = auth.register(email, password, first_name, last_name)
        except auth.AccountError as err:
            raise click.ClickException(err.message) from None
        User.update(role=role).where(User.id == user.id).execute()
    click.echo(f"created {role} {user.email} (id {user.id})")


# --- seed ----------------------------------------------------------------------------------------


@main.command()
@click.option("--users", "n_users", default=20, show_default=True)
@click.option("--stories", "n_stories", default=200, show_default=True)
@click.option("--videos", "n_videos", default=20, show_default=True)
@click.option("--likes", "n_likes", default=0, show_default=True)
@click.option("--seed", "rng_seed", default=666, show_default=True)
def seed(n_users, n_stories, n_videos, n_likes, rng_seed):
    """Fill the database with realistic demo content, in bulk."""
    import time

    from core import seeding
    from core.db import database
    app = make_app()
    upgrade_database(app)
    started = time.perf_counter()
    with app.app_context():
        database.connect(reuse_if_open=True)
        counts = seeding.seed(n_users, n_stories, n_videos, n_likes, rng_seed)
    elapsed = time.perf_counter() - started
    click.echo(", ".join(f"{n:,} {k}" for k, n in counts.items()) + f" in {elapsed:.1f} s")


def print_json(data):
    click.echo(json.dumps(data, indent=2, default=str))
