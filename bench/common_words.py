"""The words PostgreSQL's word index leaves out (migration 0012's ``stories_common_words()``):
those in a fifth or more of 1,000 stories written by the offline engine that are also among
English's 1,000 most frequent words, and what share of the index's entries they make.

Run: `python bench/common_words.py [stories] [share]` (default 1000 0.2) with
$DREADFORGE_BENCH_PG set (e.g. postgresql://postgres@127.0.0.1:5432/test: PostgreSQL tokenizes
the texts, as the column does) and wordfreq installed (`pip install wordfreq`; Apache-2.0, not a
dependency of Dreadforge: the list is copied into the migration, not read at run time). Prints the
list, how many words it has and the share of the stories' word entries they make, and the words
of the migration's list it would add or drop.
"""
import importlib
import os
import random
import sys

from common import CACHE, ROOT

SEED = 12345  # the stories' creation forms: random.Random(SEED), as the seed draws them
TOP = 1000  # English's most frequent words (wordfreq) a common word must be among


def engine_texts(count):
    from core import seeding
    from core.app import create_app
    app = create_app({"DATABASE_URL": "sqlite://", "PLUGINS_FILE": ROOT / "plugins.toml",
                      "RATELIMIT_ENABLED": False, "LOAD_ENTRYPOINTS": False,
                      "DATA_DIR": CACHE / "common-words"})
    with app.app_context():
        return [text for _request, _title, text in seeding.story_pool(random.Random(SEED), count)]


def stories_holding(url, texts):
    """``{word: stories holding it}`` as PostgreSQL's ``simple`` configuration reads the texts."""
    import psycopg2
    connection = psycopg2.connect(url)
    try:
        with connection.cursor() as cursor:
            cursor.execute("CREATE TEMP TABLE texts AS SELECT strip(to_tsvector('simple', t)) AS v "
                           "FROM unnest(%s::text[]) AS t", (texts,))
            cursor.execute("SELECT word, ndoc FROM ts_stat('SELECT v FROM texts')")
            return dict(cursor.fetchall())
    finally:
        connection.close()


def main(count=1000, share=0.2):
    url = os.environ.get("DREADFORGE_BENCH_PG")
    if not url:
        sys.exit("set DREADFORGE_BENCH_PG to a PostgreSQL database URL")
    try:
        import wordfreq
    except ImportError:
        sys.exit("pip install wordfreq")
    holding = stories_holding(url, engine_texts(count))
    frequent = set(wordfreq.top_n_list("en", TOP))
    words = sorted(word for word, stories in holding.items()
                   if stories >= share * count and word in frequent)
    entries = sum(holding.values())
    print(" ".join(words))
    print(f"{len(words)} words in {share:.0%} or more of {count} engine stories and among "
          f"English's {TOP} most frequent: {sum(holding[w] for w in words) / entries:.0%} of the "
          f"stories' {entries:,} word entries")
    listed = set(importlib.import_module("core.migrations.0012_content_keywords").COMMON_WORDS)
    print("not in the migration's list:", " ".join(sorted(set(words) - listed)) or "none")
    print("in it, not here:", " ".join(sorted(listed - set(words))) or "none")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 1000, float(args[1]) if len(args) > 1 else 0.2)
