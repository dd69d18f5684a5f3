"""`dreadforge seed` speed: rows/s and total time for 100k and 1M stories, SQLite and PostgreSQL.

Run: `python bench/bench_seed.py [sizes…]` (default 100000 1000000). Each size is seeded into a
fresh SQLite file under $DREADFORGE_BENCH_DIR (default /tmp/dreadforge-bench/seed) and, when
$DREADFORGE_BENCH_PG is set (e.g. postgresql://postgres@127.0.0.1:5432/test), into a fresh schema
of that database (dropped after). The time includes the story pool (written by the engine), the
indexes and the search index. Prints the load average: the machine may be busy.
"""
import os
import shutil
import sys
import time

from common import CACHE, ROOT

USERS = 1000
PG_SCHEMA = "bench_seed"


def seed_once(url, stories):
    from core import migrations, seeding
    from core.app import create_app
    from core.db import database
    app = create_app({"DATABASE_URL": url, "PLUGINS_FILE": ROOT / "plugins.toml",
                      "RATELIMIT_ENABLED": False, "LOAD_ENTRYPOINTS": False,
                      "DATA_DIR": CACHE / "seed"})
    with app.app_context():
        database.connect(reuse_if_open=True)
        migrations.upgrade()
        started = time.perf_counter()
        seeding.seed(n_users=USERS, n_stories=stories, n_videos=0)
        elapsed = time.perf_counter() - started
        database.close()
    return elapsed


def pg_url(base, create):
    import psycopg2
    connection = psycopg2.connect(base)
    connection.autocommit = True
    with connection.cursor() as cursor:
        cursor.execute(f"DROP SCHEMA IF EXISTS {PG_SCHEMA} CASCADE")
        if create:
            cursor.execute(f"CREATE SCHEMA {PG_SCHEMA}")
    connection.close()
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}options=-csearch_path%3D{PG_SCHEMA}"


def report(backend, stories, elapsed):
    load = open("/proc/loadavg").read().split()[:3]
    print(f"{backend:10} {stories:>9,} stories  {elapsed:6.1f} s  {stories / elapsed:>9,.0f} rows/s"
          f"  (load {' '.join(load)})", flush=True)


def main(sizes):
    folder = CACHE / "seed"
    pg = os.environ.get("DREADFORGE_BENCH_PG")
    for stories in sizes:
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        report("sqlite", stories, seed_once(f"sqlite:///{folder / 'seed.db'}", stories))
        shutil.rmtree(folder, ignore_errors=True)
        if pg:
            report("postgresql", stories, seed_once(pg_url(pg, True), stories))
            pg_url(pg, False)


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [100_000, 1_000_000])
