"""Quality of the offline story writer over a fixed grid of 24 field sets (issues 12 and 40).

Prints repeated 5-gram rates (distinct and by position) at 3,000 words, the shared-sentence rate
across the 24 stories, field use (each key element at least twice and in different quarters of
the story; twist clues before the twist, when the provider returns a plan), pronoun slips,
paragraphs without terminal punctuation, the length error at 100/300/1000/3000 words and the
milliseconds per 3,000-word story. Timings are noisy on a busy machine: read them with the load.

Usage: python bench/bench_story_quality.py [--root DIR]
  --root DIR  import ``providers.local_story`` from DIR first (e.g. an older copy, for "before")
"""
import argparse
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def grid():
    from core.providers import StoryRequest
    genres = ["Gothic Horror", "Psychological", "Supernatural", "Cosmic Horror", "Slasher", "Paranormal",
              "Body Horror", "Dark Fantasy"]
    moods = ["Eerie", "Terrifying", "Mysterious", "Ominous", "Suspenseful", "Dark", "Disturbing", "Creepy"]
    settings = ["the lighthouse on Raven Point", "an abandoned asylum", "a derelict space freighter",
                "the Ashcombe estate", "a research station under the Antarctic ice", "the woods behind the school",
                "an empty motel off Route 9", "a carnival at the edge of town", "a flooded chapel",
                "the night train to Carrow", "a salt mine", "a fishing village in the fog", "Blackmoor Academy",
                "the old observatory on Kell Hill", "a farmhouse in the Dakota wheat", "St. Brigid's sanatorium",
                "a submarine on the sea floor", "the Grand Meridian Hotel", "a cave system in the Ozarks",
                "the parish church of Little Wending", "a pine forest in Maine", "a tenement on Ferry Street",
                "an arctic whaling outpost", "a drive-in cinema"]
    people = [("Elena", "Elena, Tom", ""), ("", "Marcus, Priya", "the Pale Nurse"), ("Sam", "Sam", ""),
              ("Dr. Ada Whitfield", "Dr. Ada Whitfield, Jonah", "the man in the mirror"), ("", "", ""),
              ("Clara", "Clara, her brother Felix, Dr. Moss", "the Drowned Choir"), ("Owen", "Owen, Bea", "the landlord"),
              ("Ruth", "Ruth", "the hitchhiker"), ("", "Tobias, Mina", ""), ("Iris", "Iris, Declan", "the Thorn Queen"),
              ("Jonas", "Jonas, Aunt Vera", ""), ("Lena", "Lena, Kofi", "the thing in the well"),
              ("Quinn", "Quinn", "the night clerk"), ("", "Hugo, Nell", "the grey lady"), ("Amara", "Amara, Sol", ""),
              ("Felix", "Felix", "Mother Agnes"), ("Rosa", "Rosa, Imre", "the surgeon"), ("Beck", "Beck, Tally", ""),
              ("Yusuf", "Yusuf, Hana", "the hollow child"), ("Maud", "Maud", "the lodger"),
              ("", "Ines, Rafe", "the voice in the static"), ("Theo", "Theo, June", ""), ("Cass", "Cass, Milo", "the keeper"),
              ("Nadia", "Nadia", "the choir")]
    elements = ["a music box, a brass telescope", "old photographs", "a cracked mirror, a ring of keys, a wax doll",
                "", "a radio tuned to dead air", "a child's drawing, a lantern", "a silver locket", "a hunting knife, a map",
                "a reel of film", "a glass eye, a hymn book", "", "a porcelain doll, a key", "a pocket watch",
                "a bone whistle, a tin of matches", "a red scarf", "", "a jar of teeth", "a bell, a candle stub",
                "a tape recorder", "an iron key, a letter", "", "a knitted glove", "a brass compass, a flare gun",
                "a jewellery box"]
    twists = ["the keeper had been dead for years", "", "she had been a patient there all along",
              "the town had chosen her as the offering", "", "it was all a dream", "the doctor was her father",
              "", "the letters were written by the killer", "he had been the one in the photographs all along",
              "", "the house had been built around the grave", "the rescuers were already dead", "",
              "the twin sister had never been born", "the crew had voted to leave them behind", ""]
    prompts = ["", "a story about grief", "Include a lullaby that only children can hear", "",
               "the town forgets a child every winter", ""]
    times = ["Midnight", "Dawn", "Dusk", "Night", "Noon", "Afternoon", "Morning"]
    weather = ["Foggy", "Stormy", "Rainy", "Snowy", "Clear", "Windy", "Cloudy"]
    out = []
    for i in range(24):
        hero, chars, villain = people[i % len(people)]
        out.append(StoryRequest(
            genre=genres[i % 8], mood=moods[(i * 3) % 8], setting=settings[i], characters=chars or "a stranger",
            protagonist=hero, antagonist=villain, key_elements=elements[i], plot_twist=twists[i % len(twists)],
            custom_prompt=prompts[(i * 5) % 6], time_of_day=times[i % 7], weather=weather[(i * 2) % 7],
            narrative_perspective=["Third Person", "First Person", "Second Person"][i % 3],
            pacing=["Slow Burn", "Moderate", "Fast-Paced", "Intense"][i % 4], intensity=1 + (i * 7) % 10,
            include_dialogue=i % 5 != 4, length_words=3000, seed=100 + i))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", help="import providers.local_story from this directory first")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.root:
        sys.path.insert(0, args.root)
        for name in [m for m in sys.modules if m == "providers" or m.startswith("providers.")]:
            del sys.modules[name]
    os.environ.setdefault("DREADFORGE_NO_ENTRYPOINTS", "1")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import story_metrics as m

    from providers.local_story import LocalStoryProvider
    from providers.local_story.grammar import guess_gender

    provider = LocalStoryProvider()
    requests = grid()
    stories, times = [], []
    provider.generate(requests[0])  # warm-up: first-call costs (regex compilation) are not per story
    for r in requests:
        t = time.perf_counter()
        result = provider.generate(r)
        times.append((time.perf_counter() - t) * 1000)
        stories.append(result)
    texts = [s.content for s in stories]
    distinct = [m.repeated_5grams(t)[0] for t in texts]
    positions = [m.repeated_5grams(t)[1] for t in texts]
    dup_sentences = sum(m.repeated_sentences(t) for t in texts)
    shared = m.shared_sentence_rate(texts)
    six = m.shared_six_grams(texts)
    unterminated = sum(m.unterminated_paragraphs(t) for t in texts)
    element_fail = element_total = 0
    clue_fail = clue_total = 0
    slips = 0
    for r, s in zip(requests, stories):
        for _, (mentions, quarters) in m.element_use(s.content, r.key_elements).items():
            element_total += 1
            element_fail += mentions < 2 or quarters < 2
        clues = m.clues_before_twist(s.content, getattr(s, "plan", None))
        if r.plot_twist:
            clue_total += 1
            clue_fail += clues is None or clues < 2
        hero = (r.protagonist or r.characters.split(",")[0]).strip()
        hero = hero.split()[-1] if hero.startswith("Dr.") else hero.split()[0] if hero else ""
        plan = getattr(s, "plan", None)
        pronoun = plan["cast"][0]["pronouns"] if plan else guess_gender(hero)
        if r.narrative_perspective == "Third Person" and hero[:1].isupper():
            slips += m.pronoun_slips(s.content, hero, pronoun)
    errors = []
    for length in (100, 300, 1000, 3000):
        for r in requests:
            n = len(provider.generate(replace(r, length_words=length)).content.split())
            errors.append(abs(n - length) / length)
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"]
    print(f"stories: {len(texts)} field sets at 3000 words (load average {' '.join(load)})")
    print(f"repeated 5-grams, distinct: mean {statistics.mean(distinct):.1%}  max {max(distinct):.1%}  (target <= 3%)")
    print(f"repeated 5-grams, by position: mean {statistics.mean(positions):.1%}  max {max(positions):.1%}")
    print(f"sentences repeated inside a story: {dup_sentences}  (target 0)")
    print(f"sentences shared across stories: {shared:.1%}  (target <= 2%)")
    print(f"six-word sequences in 3+ of the {len(texts)} stories: {six}  (issue 40: <= 10 across stories of different fields)")
    print(f"key elements used < 2 times or in one quarter only: {element_fail}/{element_total}")
    print(f"twists without 2 clues before them: {clue_fail}/{clue_total}  (a provider without a plan fails all)")
    print(f"pronoun slips (third person, sentences naming the protagonist): {slips}")
    print(f"paragraphs without terminal punctuation: {unterminated}")
    print(f"length error at 100/300/1000/3000: mean {statistics.mean(errors):.1%}  max {max(errors):.1%}  (target <= 10%)")
    print(f"ms per 3000-word story: median {statistics.median(times):.0f}  max {max(times):.0f}  (target <= 100)")


if __name__ == "__main__":
    main()
