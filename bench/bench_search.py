"""Community search speed: `GET /api/stories/community/All Genres/All Moods/newest?q=…` in-process.

Run: `python bench/bench_search.py [sizes…]` (default 100000 1000000). SQLite databases are seeded
once into $DREADFORGE_BENCH_DIR (default /tmp/dreadforge-bench) and reused; with
$DREADFORGE_BENCH_PG set (e.g. postgresql://postgres@127.0.0.1:5432/test) the same sizes are
seeded once into schemas ``bench_search_<size>`` of that database and measured too.
The queries: none (the bare feed, as a yardstick), words of the seeded titles, characters and
settings (common and rare), a phrase, a 2-letter text, a text found nowhere; then words of the
stories' text (``CONTENT_QUERIES``), summed up apart. The PostgreSQL schema's name holds the last
migration (``bench_search_<size>_<NNNN>``): a new migration seeds a new one. Prints p50/p99 ms
per query and over all of them, with the
load average (the machine may be busy). The feed cache is off ($DREADFORGE_FEED_CACHE=0 unless
set): each request runs its queries.
"""
import os
import statistics
import sys
import time
from urllib.parse import quote

os.environ.setdefault("DREADFORGE_FEED_CACHE", "0")  # each request runs its query: no feed cache

from common import ROOT, seeded_app  # noqa: E402

FEED = "/api/stories/community/All%20Genres/All%20Moods/newest?limit=20&q="
QUERIES = ("",  # the feed without a search: the request's own cost, for comparison
           "lighthouse", "Mara", "asylum", "the ice", "Hollow Creek", "Blackwood", "ra",
           "fog-bound", "zzqxnomatch", "night train")
#: words of the seeded stories' text (migration 0008): in every story, in ~5% (10 of the 200
#: pool stories), in ~0.5% (one), a prefix, two words in any order, a prefix found nowhere; then
#: words PostgreSQL's index leaves out (migration 0012) beside a rarer one, before it, as the
#: prefix that ends the query, and two of them alone
CONTENT_QUERIES = ("the", "poltergeist", "barometer", "wheelch", "drowned heart", "xylophon",
                   "the barometer", "poltergeist th", "dark door")
RUNS = 30


def pg_app(base, stories):
    """An app on schema bench_search_<stories> of ``base``, seeded once."""
    import psycopg2

    from core import migrations, seeding
    from core.app import create_app
    from core.db import database
    schema = f"bench_search_{stories}_{migrations.available()[-1][:4]}"
    connection = psycopg2.connect(base)
    connection.autocommit = True
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
        cursor.execute("SELECT 1 FROM information_schema.tables WHERE table_schema = %s "
                       "AND table_name = 'seeded'", (schema,))
        ready = cursor.fetchone() is not None
    url = f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    app = create_app({"DATABASE_URL": url, "PLUGINS_FILE": ROOT / "plugins.toml",
                      "RATELIMIT_ENABLED": False, "LOAD_ENTRYPOINTS": False,
                      "DATA_DIR": f"/tmp/dreadforge-bench/{schema}"})
    if not ready:
        with app.app_context():
            database.connect(reuse_if_open=True)
            migrations.upgrade()
            started = time.perf_counter()
            seeding.seed(n_users=1000, n_stories=stories, n_videos=0)
            print(f"  seeded {stories:,} in {time.perf_counter() - started:.1f} s", flush=True)
            database.execute_sql("CREATE TABLE seeded (id int)")
            database.close()
    connection.close()
    return app


def measure(backend, stories, app):
    load = " ".join(open("/proc/loadavg").read().split()[:3])
    print(f"{backend} {stories:,} stories (load {load}):", flush=True)
    client = app.test_client()
    measure_queries(client, QUERIES)
    print("  text (content) words:", flush=True)
    measure_queries(client, CONTENT_QUERIES)


def measure_queries(client, queries):
    everything = []
    for text in queries:
        path = FEED + quote(text)
        searching = bool(text)
        response = client.get(path)
        assert response.status_code == 200, response.get_json()
        found = len(response.get_json())
        samples = []
        for _ in range(RUNS):
            started = time.perf_counter()
            client.get(path)
            samples.append((time.perf_counter() - started) * 1000)
        samples.sort()
        if searching:
            everything += samples
        print(f"  q={text!r:16} {found:3} found  p50 {statistics.median(samples):7.2f} ms"
              f"  p99 {samples[-1]:7.2f} ms", flush=True)
    everything.sort()
    print(f"  all queries: p50 {statistics.median(everything):.2f} ms, "
          f"p99 {everything[int(len(everything) * 0.99) - 1]:.2f} ms", flush=True)


def main(sizes):
    pg = os.environ.get("DREADFORGE_BENCH_PG")
    for stories in sizes:
        measure("sqlite", stories, seeded_app(stories, likes=0))
        if pg:
            measure("postgresql", stories, pg_app(pg, stories))


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [100_000, 1_000_000])
