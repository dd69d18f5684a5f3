"""The twelve fixed field sets of ``bench/data/field_sets.json`` written by the active story writer,
for reading: a JSON file (fields and result, the input of the story audit) and a Markdown file of
the whole stories. The reading is the test; this script only makes the texts to read.

Usage: python bench/story_readings.py OUT_PREFIX [--sets bench/data/field_sets_more.json]
  writes OUT_PREFIX.json and OUT_PREFIX.md (the twelve fixed sets unless --sets names another file)
"""
import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main():
    from core.schemas.stories import GenerateSchema
    from core.services.story_ai import story_request
    from providers.local_story import LocalStoryProvider

    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--sets", default=str(ROOT / "bench/data/field_sets.json"))
    args = parser.parse_args()
    sets = json.loads(Path(args.sets).read_text())
    provider = LocalStoryProvider()
    rows, md = [], []
    for n, fields in enumerate(sets, 1):
        body = GenerateSchema().load(dict(fields, seed=n))
        start = time.perf_counter()
        result = provider.generate(story_request(body))
        ms = (time.perf_counter() - start) * 1000
        rows.append(dict(fields, title=result.title, content=result.content, plan=result.plan))
        md.append(f"## {n}. {result.title}\n\n*{fields['setting']} · {fields['genre']} · "
                  f"{len(result.content.split())} words (asked {fields['storyLength']}) · {ms:.0f} ms*\n\n"
                  f"{result.content}\n")
    Path(args.out + ".json").write_text(json.dumps(rows, indent=1, ensure_ascii=False, default=str))
    Path(args.out + ".md").write_text("\n".join(md))


if __name__ == "__main__":
    main()
