"""Community feed and story page speed on SQLite, in-process, as the table grows.

Run: `python bench/bench_feed.py [sizes…]` (default 10000 100000 1000000). Databases are seeded once
into $DREADFORGE_BENCH_DIR (default /tmp/dreadforge-bench) and reused; seeding 1M takes minutes.
Prints median / p95 ms per call: every sort, with and without genre and mood filters, and the
story page (which also counts a view).
"""
import sys
from urllib.parse import quote

from common import seeded_app, timed

SORTS = ("newest", "oldest", "most_liked", "most_viewed", "most_commented")
FILTERS = (("All Genres", "All Moods"), ("Slasher", "All Moods"), ("All Genres", "Eerie"),
           ("Cosmic Horror", "Terrifying"))


def main(sizes):
    rows = []
    for size in sizes:
        print(f"{size:,} stories:", flush=True)
        app = seeded_app(size)
        client = app.test_client()
        for genre, mood in FILTERS:
            for sort in SORTS:
                path = f"/api/stories/community/{quote(genre)}/{quote(mood)}/{sort}?limit=6"
                assert client.get(path).status_code == 200
                median, p95 = timed(lambda: client.get(path))  # noqa: B023 (called in this iteration)
                rows.append((size, f"feed {genre} / {mood} / {sort}", median, p95))
                print(f"  feed {genre:13} {mood:10} {sort:15} median {median:6.2f} ms"
                      f"  p95 {p95:6.2f} ms", flush=True)
        story_path = f"/api/stories/{size // 2}"
        median, p95 = timed(lambda: client.get(story_path))  # noqa: B023 (called in this iteration)
        print(f"  story page                                 median {median:6.2f} ms"
              f"  p95 {p95:6.2f} ms", flush=True)
        rows.append((size, "story page", median, p95))
    print("\nsummary (median ms of the worst feed call / story page):")
    for size in sizes:
        feed = max(m for s, name, m, _ in rows if s == size and name.startswith("feed"))
        page = next(m for s, name, m, _ in rows if s == size and name == "story page")
        print(f"  {size:>9,} stories: feed worst {feed:6.2f} ms, story page {page:6.2f} ms")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [10_000, 100_000, 1_000_000])
