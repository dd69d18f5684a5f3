"""Regenerate ``docs/samples/story-engine.md``: sample stories of the offline engine with their plans.

Usage: python bench/story_samples.py [--out FILE]   (default: docs/samples/story-engine.md)
"""
import argparse
import os
import sys
from dataclasses import fields as dc_fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = [
    dict(genre="Cosmic Horror", mood="Eerie", setting="the lighthouse on Raven Point", characters="Elena",
         intensity=6, length_words=600, time_of_day="Night", weather="Stormy", protagonist="Elena",
         narrative_perspective="Third Person", pacing="Moderate", key_elements="a music box, a brass telescope",
         plot_twist="the keeper had been dead for years", seed=1),
    dict(genre="Slasher", mood="Terrifying", setting="an empty motel off Route 9", characters="Ruth, Owen",
         intensity=9, length_words=600, time_of_day="Midnight", weather="Rainy", protagonist="Ruth",
         antagonist="the night clerk", narrative_perspective="First Person", pacing="Fast-Paced",
         key_elements="a brass room key", seed=4),
    dict(genre="Psychological", mood="Mysterious", setting="a research station under the Antarctic ice",
         characters="Dr. Ada Whitfield, Jonah", intensity=3, length_words=600, time_of_day="Dawn", weather="Snowy",
         protagonist="Dr. Ada Whitfield", narrative_perspective="Second Person", pacing="Slow Burn",
         key_elements="an ice core sample, a tape recorder", custom_prompt="a story about grief", seed=2),
    dict(genre="Gothic Horror", mood="Disturbing", setting="St. Brigid's sanatorium", characters="Clara, Dr. Moss",
         intensity=7, length_words=600, time_of_day="Dusk", weather="Foggy", protagonist="Clara",
         antagonist="Mother Agnes", narrative_perspective="First Person", pacing="Slow Burn",
         key_elements="a silver locket, a hymn book", plot_twist="she had been a patient there all along", seed=7),
    dict(genre="Cosmic Horror", mood="Ominous", setting="the lighthouse on Raven Point", characters="Elena",
         intensity=6, length_words=600, time_of_day="Dusk", weather="Stormy", protagonist="Elena",
         narrative_perspective="First Person", pacing="Slow Burn", key_elements="a music box, a brass telescope",
         plot_twist="the keeper had been dead for years", seed=7,
         note="the fields of `story-llama-cpp.md`, for comparison"),
    dict(genre="Gothic Horror", mood="Ominous", setting="a crumbling lighthouse on the Cornish coast",
         characters="Edith, a widowed lighthouse keeper; her silent son Tom", length_words=700,
         time_of_day="Dusk", key_elements="a coil of wet rope", plot_twist="the keeper has been dead for years",
         seed=3, note="characters written as descriptions: two people, the keeper Edith and her son Tom"),
    dict(genre="Supernatural", mood="Creepy", setting="a summer camp", characters="Sarah, her dog Buster",
         intensity=8, length_words=800, time_of_day="Night", weather="Foggy", narrative_perspective="Third Person",
         pacing="Moderate", custom_prompt="Write a story where the camp forgets a child every summer", seed=5,
         note="a dog in the cast, a premise in the prompt, a world of its own (a summer camp)"),
    dict(genre="Slasher", mood="Terrifying", setting="a travelling carnival", characters="Maya, her friend Jules",
         intensity=9, length_words=800, time_of_day="Midnight", weather="Rainy", narrative_perspective="First Person",
         pacing="Fast-Paced", key_elements="a prize teddy bear", plot_twist="Jules is the killer", seed=7,
         note="a friend unmasked by the twist; the carnival's own rooms"),
    dict(genre="Horror Comedy", mood="Creepy", setting="a seaside bed and breakfast",
         characters="Marjorie, her husband Clive", protagonist="Marjorie", antagonist="the landlady", intensity=4,
         length_words=600, time_of_day="Night", weather="Rainy", narrative_perspective="First Person",
         pacing="Moderate", key_elements="a jar of pickled eggs", seed=2,
         note="a horror comedy: the asides, the companion's jokes, the landlady's manners"),
    dict(genre="Cosmic Horror", mood="Creepy", setting="a radio station on the moor", characters="Nell, her brother Sam",
         intensity=5, length_words=800, time_of_day="Dusk", weather="Foggy", narrative_perspective="Third Person",
         pacing="Slow Burn", custom_prompt="Write a story about a signal that repeats a dead woman's voice", seed=1,
         note="a premise that happens in the story, not only told; what is feared is a voice; a radio station's own rooms"),
]


def sample(n, request, story, note=""):
    plan = story.plan
    shown = "; ".join(f"{f.name} = {getattr(request, f.name)!r}" for f in dc_fields(request)
                      if f.name in SAMPLES[n - 1]) + (f" ({note})" if note else "")
    cast = "; ".join(f"{c['name']} ({c['role']}, {c['pronouns']}; wants {c['want']})" for c in plan["cast"])
    out = [f"## {n}. {story.title}", "", f"**Fields:** {shown}", "", f"**Logline:** {plan['logline']}", "",
           f"**Theme:** {plan['theme']} · **Method of the antagonist:** {plan['method']} · **World:** {plan['world']}",
           "", f"**Cast:** {cast}", ""]
    if plan["twist"]["reveal"]:
        out += [f"**Twist:** {plan['twist']['reveal']} — clues: " + " / ".join(plan["twist"]["clues"]), ""]
    out += ["**Beats:**", ""]
    out += [f"{i}. *{b['kind']}* ({b['words']} words) — {b['summary']} → {b['state_change']}"
            for i, b in enumerate(plan["beats"], 1)]
    out += ["", f"**Story** ({len(story.content.split())} words):", ""]
    out.append("\n>\n".join("> " + p for p in story.content.split("\n\n")))
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs" / "samples" / "story-engine.md"))
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DREADFORGE_NO_ENTRYPOINTS", "1")
    from core.providers import StoryRequest
    from providers.local_story import LocalStoryProvider

    provider = LocalStoryProvider()
    parts = ["# The story engine: samples", "",
             "Written by the offline `local` provider (`providers/local_story`): "
             "`LocalStoryProvider().generate(StoryRequest(...))`. Each story is planned first (the outline below is the",
             "`plan` the job returns), then written beat by beat. Regenerate with `python bench/story_samples.py`; "
             "the seed makes it repeatable.", ""]
    for n, fields in enumerate(SAMPLES, 1):
        fields = dict(fields)
        note = fields.pop("note", "")
        request = StoryRequest(**fields)
        parts += [sample(n, request, provider.generate(request), note), ""]
    Path(args.out).write_text("\n".join(parts))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
