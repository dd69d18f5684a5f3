"""Plural things agree in every sentence the bank can write about them: "The bedrolls wasn't there
this morning", "How long has the tent pegs been like that?", "The tent pegs rocked once, on its own."
and "Someone in the tents were waiting for her" were in the bench stories. Checked over every
fixture of every world, every template that names a fixture."""
import json
import random
import re
from functools import cache
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story.fields import is_plural
from providers.local_story.plan import make_plan
from providers.local_story.prose import start
from providers.local_story.prose.bank import templates
from providers.local_story.prose.writer import agree, number
from providers.local_story.world.tables import tables

ROOT = Path(__file__).resolve().parents[2]
SETS = json.loads((ROOT / "bench/data/field_sets.json").read_text())
WORLDS_JSON = ROOT / "providers/local_story/data/worlds.json"
_PREPOSITIONS = r"(?:in|on|at|by|near|into|over|under|behind|past|through|from|of|with|round|around|beside)"


def all_fixtures():
    kinds, _, _, generic = tables()
    out = {f for kind in kinds.values() for place in kind["places"] for f in place["fixtures"]}
    out |= {f for key in ("built", "open", "rooms") for place in generic[key] for f in place["fixtures"]}
    for world in json.loads(WORLDS_JSON.read_text()).values():
        if isinstance(world, dict):
            out |= {o for o in world.get("objects", []) if isinstance(o, str)}
    return sorted(f if f.lower().startswith(("the ", "a ", "an ")) else "the " + f for f in out)


PLURALS = [f for f in all_fixtures() if is_plural(f)]
#: the templates that name a fixture and say a word whose number could be wrong (the others cannot slip)
NAMING_A_FIXTURE = [t for group in templates().values() for t in group if "{fixture}" in t.text and re.search(
    r"\b(was|is|has|does|wasn't|isn't|hasn't|doesn't|its|it|itself)\b|\{fixture:", t.text)]


@cache
def writer():
    request = story_request(GenerateSchema().load(dict(SETS[9], seed=10)))  # the Bedouin camp
    plan = make_plan(request)
    return start(request, plan, random.Random(1)), plan


def slips(sentence, noun):
    """What a reader would see as a singular verb or pronoun for the plural ``noun``."""
    n = re.escape(noun)
    found = []
    verb = re.search(rf"(?i)(\w+\W+)?\b{n}\s+(was|is|has|does|wasn't|isn't|hasn't|doesn't)\b", sentence)
    if verb and not re.fullmatch(rf"(?i){_PREPOSITIONS}\W+", verb.group(1) or ""):
        found.append(verb.group(0))
    found += re.findall(rf"(?i)\b(?:has|does|is) {n}\b", sentence)  # "How long has the tent pegs been"
    found += re.findall(rf"(?i)^\W*{n}\b[^.;\"]*\bits (?:own|place|breath)\b", sentence)  # "rocked once, on its own"
    found += re.findall(rf"(?i)\b{n}, (?:then set|as if) it\b", sentence)
    return found


def test_there_are_plural_fixtures_to_check():
    assert len(PLURALS) > 100 and len(NAMING_A_FIXTURE) > 20


@pytest.mark.parametrize("template", NAMING_A_FIXTURE, ids=lambda t: t.id)
def test_every_plural_fixture_agrees_in_every_template(template):
    w, plan = writer()
    beat = next(b for b in plan.beats if b.kind == "investigation")
    base = w.slots(beat, True)
    for noun in PLURALS:
        s = dict(base, fixture=noun)
        w.heard.clear()
        line = w.fill(template, beat, s)
        assert not slips(line, noun), (line, slips(line, noun))


def test_the_detector_sees_the_slips_the_bench_had():
    for line, noun in (("\"The bedrolls wasn't there this morning,\" Salem said.", "the bedrolls"),
                       ("\"How long has the tent pegs been like that?\" said Salem.", "the tent pegs"),
                       ("The tent pegs rocked once, on its own.", "the tent pegs")):
        assert slips(line, noun)
    assert not slips("Someone in the tents was waiting for her.", "the tents")


def test_a_template_word_follows_the_slot_number():
    text = "\"How long {fixture:has/have} {fixture} been like that?\""
    assert number(text, {"fixture": "the tent pegs"}) == "\"How long have {fixture} been like that?\""
    assert number(text, {"fixture": "the stove"}) == "\"How long has {fixture} been like that?\""


def test_a_plural_place_after_a_preposition_is_not_the_subject():
    for text, said in (("Someone in the tents was waiting for her.", "Someone in the tents was waiting for her."),
                       ("The tents were quiet. The tents was empty.", "The tents were quiet. The tents were empty."),
                       ("\"The tents wasn't there,\" she said.", "\"The tents weren't there,\" she said.")):
        assert agree(text, "the tents") == said


def test_a_plural_place_after_its_verb_agrees():
    """ "She went at the star; behind her was only the sleeping tents." """
    w, plan = writer()
    beat = next(b for b in plan.beats if b.kind == "climax")
    template = next(t for group in templates().values() for t in group if "only {place}" in t.text)
    for place, verb in (("the sleeping tents", "were"), ("the main tent", "was")):
        line = w.fill(template, beat, dict(w.slots(beat, True), place=place))
        assert f"{verb} only {place}" in line, line
