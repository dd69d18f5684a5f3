"""Lighthouse mobile performance of the landing page, a story page and Explore, against a running
site (`dreadforge run`), on Debian's Chromium.

Run: `python bench/bench_lighthouse.py [--base http://127.0.0.1:5000] [--story 1] [--runs 1]`.
Prints each page's performance score (the median of ``--runs``) with its largest contentful
paint, total blocking time and cumulative layout shift, and the machine's load (`uptime`): on a
busy machine the scores drop, so read them beside the load.
Lighthouse 12.2.3 is fetched by npx (the version that runs on the project's Node 20).
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

LIGHTHOUSE = "lighthouse@12.2.3"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PAGES = (("landing", "/"), ("story", "/story/{story}"), ("explore", "/explore"))
AUDITS = (("LCP", "largest-contentful-paint"), ("TBT", "total-blocking-time"),
          ("CLS", "cumulative-layout-shift"))


def lighthouse(url):
    """One mobile performance run of ``url``: the report's JSON."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "report.json"
        subprocess.run(
            ["npx", "--yes", LIGHTHOUSE, url, f"--chrome-path={CHROMIUM}",
             "--only-categories=performance", "--output=json", f"--output-path={out}",
             "--quiet", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
            check=True, timeout=300)
        return json.loads(out.read_text())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:5000")
    parser.add_argument("--story", default="1", help="the id of a public story")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    for name, path in PAGES:
        url = args.base.rstrip("/") + path.format(story=args.story)
        reports = [lighthouse(url) for _ in range(args.runs)]
        scores = [round(report["categories"]["performance"]["score"] * 100) for report in reports]
        best = reports[scores.index(sorted(scores)[len(scores) // 2])]
        details = "  ".join(f"{label} {best['audits'][audit]['displayValue']}"
                            for label, audit in AUDITS)
        print(f"{name:8} performance {statistics.median(scores):5.1f}  (runs {scores})  {details}",
              flush=True)
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
