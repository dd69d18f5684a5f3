"""Benchmark the offline story writer: 3,000-word stories, median and p95 in milliseconds.

Usage: python bench/bench_story_writer.py [runs]   (default 30; run from the repo root)
"""
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core.providers import StoryRequest  # noqa: E402
from providers.local_story import LocalStoryProvider  # noqa: E402

GENRES = ["Gothic Horror", "Psychological", "Supernatural", "Cosmic Horror", "Slasher", "Paranormal"]
PACINGS = ["Slow Burn", "Moderate", "Fast-Paced", "Intense"]
PERSPECTIVES = ["First Person", "Second Person", "Third Person"]


def request(i):
    return StoryRequest(
        genre=GENRES[i % len(GENRES)], mood="Ominous", setting="the lighthouse on Raven Point",
        characters="Elena, Marcus, old Jonah", protagonist="Elena", antagonist="the Drowned Choir",
        key_elements="a brass telescope, a logbook, a drowned bell", plot_twist="the keeper had been dead for years",
        custom_prompt="a song heard only during storms", time_of_day="Dusk", weather="Stormy",
        narrative_perspective=PERSPECTIVES[i % 3], pacing=PACINGS[i % 4], intensity=1 + i % 10,
        length_words=3000, seed=i)


def main(runs=30):
    provider = LocalStoryProvider()
    provider.generate(request(0))  # warm-up (imports, regex compilation)
    timings, words = [], []
    for i in range(runs):
        req = request(i)
        start = time.perf_counter()
        result = provider.generate(req)
        timings.append((time.perf_counter() - start) * 1000)
        words.append(len(result.content.split()))
    timings.sort()
    p95 = timings[min(len(timings) - 1, int(round(0.95 * (len(timings) - 1))))]
    print(f"runs={runs} target=3000 words (got {min(words)}-{max(words)})")
    print(f"median={statistics.median(timings):.1f} ms  p95={p95:.1f} ms  max={timings[-1]:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
