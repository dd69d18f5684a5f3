"""Benchmark the admin list endpoints on a large SQLite database, in-process.

    .venv/bin/python bench/bench_admin.py [--users 100000] [--stories 100000] [--calls 50]

Seeds a temporary SQLite database (``core.seeding.seed``), signs an admin in with the Flask test
client and prints the median (and p90) milliseconds of each admin list call, first at schema
revision 0002 (without the admin indexes), then after every migration (``0003_admin_indexes``,
``0004_search_indexes``: the FTS5 trigram tables the searches use). Target: < 20 ms median per
call. ``--extra`` also times searches off the fast paths (1–2 character words scan; a word in
every row). "SQL ms" is the median time spent executing statements (to their first row) in
each call; the rest is Flask, sign-in, serialisation and the per-request connection. The load
average is printed because the figures scale with it on a shared machine.
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DREADFORGE_NO_ENTRYPOINTS", "1")

CALLS = [
    ("users", "/api/admin/users"),
    ("users page 50", "/api/admin/users?page=50"),
    ("users search 'mara'", "/api/admin/users?search=mara"),
    ("users search e-mail", "/api/admin/users?search=elias.4241."),
    ("users search none", "/api/admin/users?search=zzzz-nobody"),
    ("users status=active", "/api/admin/users?status=active"),
    ("users status=banned", "/api/admin/users?status=banned"),
    ("users status=admin", "/api/admin/users?status=admin"),
    ("stories", "/api/admin/stories"),
    ("stories page 50", "/api/admin/stories?page=50"),
    ("stories filter=private", "/api/admin/stories?filter=private"),
    ("stories search 'lantern'", "/api/admin/stories?search=lantern"),
    ("stories search none", "/api/admin/stories?search=zzzz-nothing"),
    ("videos", "/api/admin/videos"),
    ("videos search 'hollow'", "/api/admin/videos?search=hollow"),
    ("videos filter=pending", "/api/admin/videos?filter=pending"),
    ("reports", "/api/admin/reports"),
    ("audit", "/api/admin/audit"),
    ("stats", "/api/admin/stats"),
]

# --extra: searches off the fast paths, for information
EXTRA_CALLS = [
    ("users search 'ma' (2 chars: scan)", "/api/admin/users?search=ma"),
    ("users search 'dreadforge' (all)", "/api/admin/users?search=dreadforge"),
    ("users search 'mara' page 100", "/api/admin/users?search=mara&page=100"),
    ("users search 'mara' status=active", "/api/admin/users?search=mara&status=active"),
    ("stories search 'the' (most)", "/api/admin/stories?search=the"),
    ("stories search 'lantern' page 50", "/api/admin/stories?search=lantern&page=50"),
    ("stories search 'lantern' private", "/api/admin/stories?search=lantern&filter=private"),
]


SQL_SECONDS = [0.0]


def time_sql():
    """Add the time spent in ``execute_sql`` (the statement up to its first row) to a counter."""
    import peewee
    original = peewee.Database.execute_sql

    def execute_sql(self, sql, params=None, *args, **kwargs):
        start = time.perf_counter()
        try:
            return original(self, sql, params, *args, **kwargs)
        finally:
            SQL_SECONDS[0] += time.perf_counter() - start
    peewee.Database.execute_sql = execute_sql


def timed(client, path, calls):
    client.get(path)  # warm the code paths and the OS file cache
    samples, sql = [], []
    for _ in range(calls):
        SQL_SECONDS[0] = 0.0
        start = time.perf_counter()
        response = client.get(path)
        samples.append((time.perf_counter() - start) * 1000)
        sql.append(SQL_SECONDS[0] * 1000)
        assert response.status_code == 200, (path, response.get_json())
    samples.sort()
    return (statistics.median(samples), samples[max(0, int(len(samples) * 0.9) - 1)],
            statistics.median(sql), response)


def run_round(label, client, calls, paths=None):
    print(f"\n== {label} ({calls} calls each; load average {os.getloadavg()[0]:.1f})")
    print(f"{'call':32} {'median ms':>10} {'p90 ms':>8} {'SQL ms':>7} {'total':>8}")
    worst = 0
    for name, path in paths or CALLS:
        median, p90, sql, response = timed(client, path, calls)
        worst = max(worst, median)
        total = response.headers.get("X-Total-Count", "-")
        flag = "" if median < 20 else "  <-- over 20 ms"
        print(f"{name:32} {median:10.2f} {p90:8.2f} {sql:7.2f} {total:>8}{flag}")
    print(f"worst median: {worst:.2f} ms")
    return worst


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=100_000)
    parser.add_argument("--stories", type=int, default=100_000)
    parser.add_argument("--videos", type=int, default=5_000)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--before-calls", type=int, default=5,
                        help="calls per endpoint without the admin indexes (0: skip that round)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary database")
    parser.add_argument("--extra", action="store_true",
                        help="also time the searches off the fast paths (EXTRA_CALLS)")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="dreadforge-bench-"))
    try:
        from core import migrations
        from core.app import create_app
        from core.db import database
        from core.models import Report, User
        from core.security import hash_password
        from core.seeding import seed
        from core.testing import ApiClient

        app = create_app({"TESTING": True, "DATA_DIR": tmp,
                          "DATABASE_URL": f"sqlite:///{tmp / 'bench.db'}",
                          "PLUGINS_FILE": ROOT / "tests" / "plugins.test.toml",
                          "RATELIMIT_ENABLED": False, "LOAD_ENTRYPOINTS": False,
                          "SECRET_KEY": "bench", "REDIS_URL": None})
        with app.app_context():
            database.connect(reuse_if_open=True)
            migrations.upgrade(target="0002_moderation")
            start = time.perf_counter()
            done = seed(n_users=args.users, n_stories=args.stories, n_videos=args.videos)
            print(f"seeded {done} in {time.perf_counter() - start:.1f} s")
            # a few banned and inactive users, admins and open reports, like a live site
            for sql in ("UPDATE users SET is_banned = 1, ban_reason = 'spam' WHERE id % 997 = 0",
                        "UPDATE users SET is_active = 0 WHERE id % 1009 = 0",
                        "UPDATE users SET role = 'admin' WHERE id % 5003 = 0"):
                database.execute_sql(sql)
            User.create(email="bench-admin@example.com", password_hash=hash_password("bench-pw!"),
                        first_name="Bench", last_name="Admin", role="super_admin")
            Report.insert_many([{"story": story_id, "reason": "bench"}
                                for story_id in range(1, 2001)]).execute()
            database.execute_sql("ANALYZE")
            author_email = User.select(User.email).order_by(User.id).limit(1).scalar()
            CALLS.insert(CALLS.index(("videos", "/api/admin/videos")), (
                "stories search author e-mail", "/api/admin/stories?search=" + quote(author_email)))
            database.close()

        app.test_client_class = ApiClient
        client = app.test_client()
        response = client.post("/api/auth/login", json={"email": "bench-admin@example.com",
                                                        "password": "bench-pw!"})
        assert response.status_code == 200, response.get_json()

        time_sql()
        before = (run_round("schema 0002 (no admin indexes)", client, args.before_calls)
                  if args.before_calls else float("nan"))
        with app.app_context():
            database.connect(reuse_if_open=True)
            start = time.perf_counter()
            applied = migrations.upgrade()
            database.execute_sql("ANALYZE")
            print(f"\napplied {applied} in {time.perf_counter() - start:.1f} s")
            database.close()
        after = run_round("after " + " + ".join(applied), client, args.calls)
        if args.extra:
            run_round("extra searches (not in the target)", client, args.calls, EXTRA_CALLS)
        print(f"\nworst median before {before:.2f} ms, after {after:.2f} ms (target < 20 ms)")
        print(f"database size: {(tmp / 'bench.db').stat().st_size / 1e6:.0f} MB")
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
