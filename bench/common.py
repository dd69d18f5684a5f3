"""Shared set-up for the benchmarks: a seeded SQLite database reused between runs, and timing."""
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DREADFORGE_NO_ENTRYPOINTS", "1")
CACHE = Path(os.environ.get("DREADFORGE_BENCH_DIR", Path(tempfile.gettempdir()) / "dreadforge-bench"))


def seeded_app(stories, users=1000, likes=None, videos=0):
    """An app on a SQLite database holding ``stories`` seeded stories (built once, then reused)."""
    from core import migrations, seeding
    from core.app import create_app
    from core.db import database
    likes = stories * 5 if likes is None else likes
    data_dir = CACHE / f"s{stories}-u{users}-l{likes}-v{videos}"
    data_dir.mkdir(parents=True, exist_ok=True)
    ready = data_dir / "seeded"
    app = create_app({"DATA_DIR": data_dir, "DATABASE_URL": f"sqlite:///{data_dir / 'bench.db'}",
                      "PLUGINS_FILE": ROOT / "plugins.toml", "RATELIMIT_ENABLED": False,
                      "LOAD_ENTRYPOINTS": False})
    if not ready.exists():
        with app.app_context():
            database.connect(reuse_if_open=True)
            migrations.upgrade()
            started = time.perf_counter()
            counts = seeding.seed(users, stories, videos, likes)
            print(f"  seeded {counts} in {time.perf_counter() - started:.1f} s", flush=True)
            database.execute_sql("ANALYZE")
            database.close()
        ready.touch()
    return app


def timed(call, runs=60, warmup=5):
    """Median and 95th percentile milliseconds of ``call()``."""
    for _ in range(warmup):
        call()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]
