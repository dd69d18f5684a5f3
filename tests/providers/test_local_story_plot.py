"""The plot is a chain: each beat follows from what the one before changed, a key element's use has
a consequence the next beat names, the protagonist's choice (the option taken and the one refused)
decides the later beats and the ending, and the reveal re-reads a clue planted before it.

Before, the plan's lines stood side by side: "Aino chose to keep her late husband's thermos, whatever
it cost." had nothing before it that made her choose and nothing after it that depended on it, and
"In the back of the hut, Aino understands at last: ..." said the twist without pointing back to any
clue. Checked on the twelve bench sets and on four settings no table was written for."""
import json
import re
from functools import cache
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from core.story_plan import dump_plan
from providers.local_story import LocalStoryProvider
from providers.local_story.plan import make_plan

BENCH = Path(__file__).resolve().parents[2] / "bench/data"
#: settings nobody wrote a table for (the engine's generic world), so the chain is not tuned to the bench
OWN = json.loads((Path(__file__).with_name("plot_field_sets.json")).read_text())
SETS = json.loads((BENCH / "field_sets.json").read_text()) + OWN
#: the choice, in the plan's words: what was taken against what was refused
TAKEN_AND_REFUSED = re.compile(r"^to .+(, not | rather than | and not )to .+")
GIVES = re.compile(r"^to (give up|leave|hand over|let|put)\b")
#: an ending where the element at stake is not in the protagonist's hands
WITHOUT = re.compile(r"\b(without|with nothing|nothing in hand|empty-handed|never seen again|stays behind|left .+ to|"
                     r"leaves .+ to)\b")
#: what a later beat says once the protagonist chose to stay or run, open or seal, follow or leave
FOLLOWS = {"stay": r"\b(stayed|chose to stay|would not run|the way out has shut|let the way out shut|"
                   r"let the door close|has not run|could have run)\b",
           "run": r"\b(ran|runs|running|chose to run)\b",
           "open": r"\b(opened|the open door)\b", "seal": r"\b(sealed|the sealed door|shut \w+ in)\b",
           "follow": r"\b(came after|followed|would not leave|go after)\b", "abandon": r"\b(left|alone)\b"}


def request(n, seed):
    return story_request(GenerateSchema().load(dict(SETS[n], seed=seed)))


@cache
def plan(n, seed=None):
    return dump_plan(make_plan(request(n, n + 1 if seed is None else seed)))


def names(element):
    return [n.lower() for n in (element["name"], element["handle"]) if n]


def says(text, element):
    return any(n in text.lower() for n in names(element))


def choice_beat(p):
    return next((i for i, b in enumerate(p["beats"]) if b["choice"] and not b["choice"]["leaves"]
                 or b["choice"] and TAKEN_AND_REFUSED.match(b["choice"]["choice"])), None)


def at_stake(p, at):
    return next(e for e in p["elements"] if says(p["beats"][at]["choice"]["choice"], e))


@pytest.mark.parametrize("n", range(len(SETS)))
def test_the_choice_is_between_two_things_and_a_later_beat_follows_from_it(n):
    p = plan(n)
    at = choice_beat(p)
    assert at is not None, [b["text"] for b in p["beats"]]
    choice = p["beats"][at]["choice"]["choice"]
    assert TAKEN_AND_REFUSED.match(choice), choice  # the option taken and the one refused
    branch = p["beats"][at]["choice"]["branch"]
    if branch not in ("keep", "give"):  # stay or run, open or seal, go after the companion or not
        later = [b["text"] for b in p["beats"][at + 1:]]
        assert any(re.search(FOLLOWS[branch], t) for t in later), (choice, later)
        return
    stake = at_stake(p, at)
    kept = not GIVES.match(choice)
    later = [b["text"] for b in p["beats"][at + 1:] if says(b["text"], stake)]
    outcome = r"\b(kept|keep|refused|still|carrying|uses it|in hand)\b" if kept else \
        r"\b(gave|given|give|gone|went to|is .+'s now|handed|empty-handed|empty hands|without)\b"
    assert any(re.search(outcome, t) for t in later), (choice, later)


@pytest.mark.parametrize("n", range(len(SETS)))
def test_each_key_element_has_consequences_the_next_beat_picks_up(n):
    p = plan(n)
    beats = p["beats"]
    for element in p["elements"][:2]:
        picked_up = [b["id"] for b, after in zip(beats, beats[1:]) if element["id"] in b["elements"]
                     and says(b["changes"], element) and says(after["text"], element)]
        assert len(picked_up) >= 2, (element["name"], [(b["text"], b["changes"]) for b in beats])


@pytest.mark.parametrize("n", range(len(SETS)))
def test_the_reveal_rereads_a_clue_planted_before_it(n):
    p = plan(n)
    beats = p["beats"]
    reveal = next(i for i, b in enumerate(beats) if b["kind"] == "reversal")
    clues = [b["clue"] for b in beats[:reveal] if b["clue"]]
    assert len(clues) >= 2 and set(p["twist"]["clues"]) <= {b["id"] for b in beats[:reveal]}
    told = beats[reveal]["text"].lower()
    assert any(c.rstrip(".").lower() in told for c in clues), (beats[reveal]["text"], clues)


@pytest.mark.parametrize("n", range(len(SETS)))
def test_two_seeds_that_choose_differently_end_differently(n):
    endings = {}
    for seed in range(1, 40):
        p = plan(n, seed)
        at = choice_beat(p)
        if at is None or p["beats"][at]["choice"]["branch"] not in ("keep", "give"):
            continue
        choice = p["beats"][at]["choice"]["choice"]
        endings.setdefault(bool(GIVES.match(choice)), (choice, p["beats"][-1]["text"], at_stake(p, at)))
        if len(endings) == 2:
            break
    assert len(endings) == 2, endings  # some seeds keep the element at stake, some give it up
    (kept, kept_end, kept_stake), (gave, gave_end, _) = endings[False], endings[True]
    assert says(kept_end, kept_stake) and not WITHOUT.search(kept_end), (kept, kept_end)
    assert WITHOUT.search(gave_end), (gave, gave_end)


@pytest.mark.parametrize("n", [0, 15])
def test_the_story_tells_the_choice_and_its_cause(n):
    """In the text as read: the choice in the past, with the option refused, and the reveal with the
    clue it re-reads."""
    result = LocalStoryProvider().generate(request(n, n + 1))
    text = " ".join(result.content.split())
    assert re.search(r"\b(chose|decided) to [^.]+(, not | rather than | and not )to ", text), text[:2000]
    assert re.search(r"\b(That was why|So that was why|It was why|This was why|now why|That was the reason) ", text)
