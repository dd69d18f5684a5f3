"""A key element's use has a consequence the next beat follows from: the clue or the tool sends the
protagonist to the next beat's place ("Because of the torque wrench, Sigrid had to see the cabin.")
and that beat is told there. Before, the element was a prop: "The lost-property box went where Kenji
went from now on." and the next beat began from nothing."""
import json
from functools import cache
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider
from providers.local_story.prose.bank import templates

BENCH = Path(__file__).resolve().parents[2] / "bench/data"
SETS = json.loads((BENCH / "field_sets.json").read_text())


@cache
def story(n):
    request = story_request(GenerateSchema().load(dict(SETS[n], seed=n + 1)))
    return LocalStoryProvider().generate(request)


def consequences(result):
    """The places the key element sent the protagonist to, in the order told."""
    text = " ".join(result.content.split())
    places = sorted({p["name"] for p in result.plan["places"]}, key=len, reverse=True)
    heads = [t.text.split("{next}")[0].split("}")[-1].strip() for t in templates()["element_after"]]
    found = []
    for sentence in text.replace("; ", ". ").split(". "):
        if any(h and h in sentence for h in heads) or sentence.endswith(", and soon"):
            found += [p for p in places if p.lower() in sentence.lower()][:1]
    return found


@pytest.mark.parametrize("n", range(len(SETS)))
def test_a_key_element_sends_the_protagonist_on(n):
    result = story(n)
    beats = result.plan["beats"]
    jobs = {e["id"]: e["job"] for e in result.plan["elements"]}
    places = {p["id"]: p["name"] for p in result.plan["places"]}
    expected = [places[beats[i + 1]["place"]] for i, b in enumerate(beats[:-1])
                if any(jobs.get(e) in ("clue", "tool") for e in b["elements"])
                and beats[i + 1]["place"] != b["place"] and beats[i + 1]["kind"] != "aftermath"]
    if not expected:
        return
    told = consequences(result)
    assert told, result.content[:400]
    assert set(told) <= set(expected) | {"the " + p for p in expected}, (told, expected)
