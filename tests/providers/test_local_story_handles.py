"""A long field phrase said in full at most twice, then by its handle (issue #40, item 2): "her late
husband's thermos" came ten times in the 1,400-word ice hut, "the brass porthole key" ten on the
ferry, "the ledger of wages" 22 on the tea estate; "the hut" 29 times, "the sleeping tents" 33.
Over the eighteen bench field sets and four of our own (settings no world table was written for),
with two seeds each: every long phrase in full twice at most, no short name of a place, fixture
or the setting said more than 12 times in 1,000 words, and the antagonist never called by the name
of a fixture or a place, nor its plural or singular ("the dryer" among "the dryers")."""
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider
from providers.local_story.prose import handles
from providers.local_story.reading import epithet_handles, handles_for
from providers.local_story.reading.epithets import is_short
from providers.local_story.revise.tense import past_phrase
from providers.local_story.world import world_for_setting

HERE = Path(__file__).resolve().parent
BENCH = HERE.parents[1] / "bench/data"
SETS = json.loads((BENCH / "field_sets.json").read_text()) + json.loads((BENCH / "field_sets_more.json").read_text()) \
    + json.loads((HERE / "handles_field_sets.json").read_text())
LAUNDROMAT = next(i for i, s in enumerate(SETS) if "laundromat" in s["setting"])
ICE_HUT = next(i for i, s in enumerate(SETS) if "ice-fishing hut" in s["setting"])
SEEDS = (1, 41)
#: a short name of a place, a fixture or the setting, at most this often in 1,000 words (and 5
#: times in any story): once in about 85 words, every fifth or sixth sentence, is as often as a
#: reader takes "the hut" without hearing it as a refrain; the writer aims lower (3, then 9 in
#: 1,000 words, ``data/vary.json``), this leaves a scene that stays in one room its room. Before:
#: "the hut" 20.6 in 1,000 words, "the estate bungalow" 14.8, "the sleeping tents" 13.2
HANDLE_PER_1000 = 12
ARTICLE = re.compile(r"^(?:a|an|the|some)\s+", re.I)


@cache
def story(n, seed):
    request = story_request(GenerateSchema().load(dict(SETS[n], seed=n + seed)))
    return LocalStoryProvider().generate(request)


def core(phrase):
    return ARTICLE.sub("", phrase.strip()).lower()


def phrases(result, setting):
    """Every phrase of the plan the prose may say (a person's, a key element's, a place's, a
    fixture's, a sound's, the setting's), and which of them are long."""
    plan = result.plan
    cast = [n for c in plan["cast"] if c["role"] != "protagonist"
            for n in (c["name"], c.get("handle"), *handles_for(c["name"])) if n]
    elements = [n for e in plan["elements"] for n in (e["name"], e.get("handle"), *handles_for(e["name"])) if n]
    places = [n for p in plan["places"] for n in (p["name"], p.get("handle")) if n]
    fixtures = [f for p in plan["places"] for f in p["fixtures"]]
    sounds = [s for p in plan["places"] for s in p["sounds"]]
    home = list(world_for_setting(setting).handles) + [setting]
    return cast, elements, places, fixtures, sounds, home


def counted(text, every):
    """How often each phrase stands on its own in ``text`` (not inside a longer one), a long
    phrase by its words after any article ("a brass porthole key" and "the brass porthole key")."""
    forms = {}
    for p in every:
        if len(core(p).split()) >= 3:
            for article in ("a ", "an ", "the ") if ARTICLE.match(p) else ("",):
                forms[article + core(p)] = core(p)
        forms.setdefault(p.lower(), p.lower())
    pattern = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
                         + r")(?![\w-])", re.I)
    return Counter(forms[m.group(1).lower()] for m in pattern.finditer(text))


def as_written(result):
    """The story with each field phrase the narration says in its past ("the fox that was never in
    the same pose twice") as the form wrote it: the same phrase, said in full."""
    text = result.content
    for name in [c["name"] for c in result.plan["cast"]] + [e["name"] for e in result.plan["elements"]]:
        past = past_phrase(name)
        if past != name:
            text = re.sub(re.escape(past[1:]), name[1:], text)
    return text


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", range(len(SETS)))
def test_a_long_field_phrase_is_said_in_full_twice_at_most(n, seed):
    result = story(n, seed)
    cast, elements, places, fixtures, sounds, home = phrases(result, SETS[n]["setting"])
    found = counted(as_written(result), [*cast, *elements, *places, *fixtures, *sounds, *home])
    # an ordinary thing's short handle stands for it however often ("the passenger in cabin 14"):
    # ``test_local_story_epithets`` keeps it from being a refrain
    epithets = {core(h) for c in result.plan["cast"] if c["role"] == "antagonist" for h in epithet_handles(c["name"])
                if is_short(h)}
    longs = {core(p) for p in [*cast, *elements, *places, *fixtures] if len(core(p).split()) >= 3} - epithets
    over = {p: found[p] for p in longs if found[p] > 2}
    assert not over, over


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", range(len(SETS)))
def test_no_short_name_of_a_place_or_fixture_is_a_refrain(n, seed):
    result = story(n, seed)
    words = len(result.content.split())
    cast, elements, places, fixtures, sounds, home = phrases(result, SETS[n]["setting"])
    found = counted(as_written(result), [*cast, *elements, *places, *fixtures, *sounds, *home])
    shorts = {p.lower() for p in [*places, *fixtures, *home[:-1]] if len(core(p).split()) <= 2}
    most = max(5, HANDLE_PER_1000 * words / 1000)
    over = {p: found[p] for p in shorts if found[p] > most}
    assert not over, (over, words)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", range(len(SETS)))
def test_the_antagonist_is_never_called_by_a_fixtures_name(n, seed):
    """ "the dryer" in a laundromat whose place is "the dryers": "that dryer", "the thing"."""
    result = story(n, seed)
    villain = next(c for c in result.plan["cast"] if c["role"] == "antagonist")
    world = [x for p in result.plan["places"] for x in (p["name"], p.get("handle"), *p["fixtures"]) if x]
    said = {h for h in [villain.get("handle"), *handles_for(villain["name"])] if h}
    clashing = {h for h in said if any(core(h) in (core(w), core(w) + "s", core(w)[:-1]) or core(w) in
                                       (core(h) + "s", core(h) + "es") for w in world)}
    cast, elements, places, fixtures, sounds, home = phrases(result, SETS[n]["setting"])
    found = counted(as_written(result), [*cast, *elements, *places, *fixtures, *sounds, *home])
    assert not {h: found[h.lower()] for h in clashing if found[h.lower()]}
    if n == LAUNDROMAT:
        assert clashing == {"the dryer"} and re.search(r"\b(that dryer|the thing)\b", result.content, re.I)


def test_the_ice_hut_says_the_thermos_and_the_thing_by_their_handles():
    result = story(ICE_HUT, SEEDS[0])
    text = result.content
    assert len(re.findall(r"(?i)her late husband's thermos", text)) <= 2  # ten before
    assert re.search(r"\bthe thermos\b", text) and re.search(r"(?i)\bhis thermos\b", text)
    assert len(re.findall(r"(?i)\bthe thing under the ice\b", text)) <= 2  # sixteen before
    assert len(re.findall(r"(?i)\b(?:the|that) thing\b(?! under)", text)) >= 5  # by its handles in turn


def test_handles_of_a_long_phrase():
    assert handles.kin("her late husband's thermos") == "his thermos"
    assert handles.kin("a road train's logbook") == ""  # a road train is no he or she
    assert handles.head_of("a roll of naira notes") == "the roll"
    assert handles.clashes("the dryer", ["the dryers"]) and handles.clashes("the dryers", ["the dryer"])
    assert not handles.clashes("the dryer", ["the dryer drums", "the lint traps"])
    assert handles.is_long("the brass porthole key") and not handles.is_long("the ice auger")


def test_an_authors_own_beat_keeps_the_long_phrase_as_written():
    request = story_request(GenerateSchema().load(dict(SETS[ICE_HUT], seed=ICE_HUT + 1)))
    provider = LocalStoryProvider()
    plan = provider.outline(request)
    line = ("Aino holds her late husband's thermos, and her late husband's thermos is warm, "
            "as her late husband's thermos never was")
    plan["beats"][-2].update(text=line, edited=True)
    result = provider.generate(request, plan=plan)
    assert "her late husband's thermos, and her late husband's thermos was warm, as her late husband's " \
           "thermos never was" in result.content
