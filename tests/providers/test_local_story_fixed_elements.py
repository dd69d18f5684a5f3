"""A key element nobody can carry (a felt door, a gondola cabin, a reefer container, a pipe organ)
is never picked up, kept, held in hand, handed over or put in a drawer (issue #40: "picked up the
pipe organ ..., turned it over, meant to put it back, and did not"; a 30-tonne container "brought
out" as a weapon): the plan's lines and the prose use it in ways its kind allows."""
import json
import re
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider

SETS = json.loads((Path(__file__).resolve().parent / "fixed_elements_field_sets.json").read_text())
FIXED = {0: ["felt door"], 1: ["gondola cabin", "cable"], 2: ["reefer container", "container"],
         3: ["pipe organ", "organ", "bell"]}
CARRIED = re.compile(r"(?i)\b((?:picks?|picked) up(?! (?:a|the) (?:smell|reek))|kept it|keeps it|keep it close|"
                     r"came away with|comes away with|in (?:his|her|their|my|your) hands?|in hand|handed|"
                     r"hand(?:s|ed)? (?:it )?over|heavier|lighter than|into a drawer|warm (?:through|to the touch|in)|"
                     r"out of place|carr(?:y|ied|ying)|pocket|turned (?:it|them) over|put (?:it|them) (?:back|down)|"
                     r"set (?:it|them) (?:there|down)|where (?:it|they) lay|in [\w.]+(?: \w+)?'s grip)\b")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("n", range(len(SETS)))
def test_a_thing_nobody_can_carry_is_never_carried(n, seed):
    body = GenerateSchema().load(dict(SETS[n], seed=seed))
    result = LocalStoryProvider().generate(story_request(body))
    assert not any(e["portable"] for e in result.plan["elements"] if any(f in e["name"] for f in FIXED[n]))
    names = "|".join(re.escape(f) for f in FIXED[n])
    carried = [m.group(0) for m in re.finditer(rf"(?i)[^.;:]{{0,30}}\b(?:{names})\b[^.;:,]{{0,30}}", result.content)
               if CARRIED.search(m.group(0))]  # what is done to it, said next to it
    assert not carried, carried


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("n", range(len(SETS)))
def test_a_key_element_never_leads_to_a_place_of_its_own_name(n, seed):
    body = GenerateSchema().load(dict(SETS[n], seed=seed))
    result = LocalStoryProvider().generate(story_request(body))
    for element in result.plan["elements"]:
        word = element["name"].split()[-1]
        w = re.escape(word)
        pattern = rf"(?i)\b{w}\b[^.;]{{0,20}}\b(led|pointed|points) (?:at |to |on )?[^.;]{{0,12}}?\b{w}\b"
        assert not re.search(pattern, result.content), word  # "where the cable led: the cable"


@pytest.mark.parametrize("element", ["a sea-facing balcony", "the attic", "a flooded cellar", "the bell tower",
                                     "the old jetty", "a tiled courtyard"])
def test_a_part_of_a_building_or_a_place_is_not_carried(element):
    """A walk: a Crimean sanatorium story's key element "a sea-facing balcony" was asked about as
    a thing in hand ("Where did you get the sea-facing balcony? Put it back.")."""
    from providers.local_story.reading.elements import is_portable
    assert not is_portable(element)
    assert is_portable("a glass of mineral water") and is_portable("a deck of cards")


BALCONY = {"genre": "Psychological", "mood": "Unsettling", "setting": "a Soviet sanatorium in Crimea, 1978",
           "characters": "Dr. Lidia Orlova; Kolya, a boy patient", "protagonist": "Dr. Lidia Orlova",
           "antagonist": "the physician who is never on the rota",
           "keyElements": "a sea-facing balcony, a glass of mineral water", "storyLength": 1000,
           "weatherCondition": "Foggy", "timeOfDay": "Night", "narrativePerspective": "Third Person"}
#: what is said only of a thing that can be moved: laid on, kept by, turned to the light, its outline in dust
MOVED = re.compile(r"(?i)(outline of|kept by|rested against|turned|heavier than|fit the marks|marks on [^.]+ matched|"
                   r"same (?:scratches|marks)|lay (?:on|under)|grip|kept hold)")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_balcony_is_not_told_as_a_thing_that_was_moved(seed):
    """A walk: "The sea-facing balcony had been kept by the trolley; the dust said so." and "On the
    desk, the outline of the sea-facing balcony, in dust.": lines for a thing that can be moved."""
    body = GenerateSchema().load(dict(BALCONY, seed=seed))
    content = LocalStoryProvider().generate(story_request(body)).content
    said = [s for s in re.split(r"(?<=[.!?])\s+", content) if "balcony" in s and MOVED.search(s)]
    assert not said, said
