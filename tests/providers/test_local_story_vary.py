"""A place or a fixture named again, on the eighteen bench field sets: "the tent pegs" and "the
bedrolls" came up over 30 times in the 2,500-word Bedouin camp, "the back of the hut" 31 times in
the ice hut. Each is now said in full a few times, then by a short handle, by where the scene is,
by a pronoun or by another fixture of the place, and the story keeps its length."""
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider, likeness
from providers.local_story.prose import vary
from providers.local_story.prose.vary import short_handle

BENCH = Path(__file__).resolve().parents[2] / "bench/data"
SETS = json.loads((BENCH / "field_sets.json").read_text()) + json.loads((BENCH / "field_sets_more.json").read_text())
BEDOUIN = next(i for i, s in enumerate(SETS) if "Bedouin" in s["setting"])
ICE_HUT = next(i for i, s in enumerate(SETS) if "ice-fishing hut" in s["setting"])
#: said in full at most this often in 1,000 words (before: a fixture 15.5 times, a place 31)
FIXTURE_PER_1000 = 8
PLACE_PER_1000 = 16


@cache
def story(n):
    request = story_request(GenerateSchema().load(dict(SETS[n], seed=n + 1)))
    return request, LocalStoryProvider().generate(request)


def said(result, phrases):
    """How often each phrase stands in the story on its own: not inside a longer place or fixture,
    nor inside a key element, a sound or a name ("the ice" in "the ice auger")."""
    plan = result.plan
    others = [n for e in plan["elements"] for n in (e["name"], e.get("handle")) if n] + \
             [s for p in plan["places"] for s in p["sounds"]] + \
             [n for c in plan["cast"] for n in (c["name"], c.get("handle")) if n]
    every = sorted({*phrases, *others}, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(p) for p in every) + r")(?![\w-])", re.I)
    found = Counter(m.group(1).lower() for m in pattern.finditer(result.content))
    return {p: found[p.lower()] for p in phrases}


@pytest.mark.parametrize("n", range(len(SETS)))
def test_no_fixture_or_place_is_said_in_full_over_and_over(n):
    request, result = story(n)
    words = len(result.content.split())
    places = {x for p in result.plan["places"] for x in (p["name"], p["handle"]) if x}
    fixtures = {f for p in result.plan["places"] for f in p["fixtures"]} - places
    for phrase, times in said(result, fixtures).items():
        assert times <= max(3, FIXTURE_PER_1000 * words / 1000), (phrase, times, words)
    for phrase, times in said(result, places).items():
        assert times <= max(4, PLACE_PER_1000 * words / 1000), (phrase, times, words)


def test_the_bedouin_camp_and_the_ice_hut_say_their_things_a_few_times_and_keep_their_length():
    request, result = story(BEDOUIN)
    words = len(result.content.split())
    assert abs(words - request.length_words) <= request.length_words * 0.05
    times = said(result, ["the tent pegs", "the bedrolls"])
    assert max(times.values()) <= 12, times  # 34 and 31 before
    assert "the pegs" in result.content  # said again by its short handle
    request, result = story(ICE_HUT)
    assert said(result, ["the back of the hut"])["the back of the hut"] <= 16  # 31 before
    # its handle is "the far end": "the back" read as someone's ("Cold fish lay across the back like a sheet")
    assert not re.search(r"\bthe back\b(?! of the hut)", result.content)
    assert "the far end" in result.content
    assert abs(len(result.content.split()) - request.length_words) <= request.length_words * 0.05


def test_every_beat_names_its_place_when_the_scene_moves_there():
    """In full, or by its handle once a long name ("the back of the hut") has been said whole twice
    ("the far end")."""
    for n in (BEDOUIN, ICE_HUT):
        _, result = story(n)
        low, last = result.content.lower(), -1
        places = {p["id"]: p for p in result.plan["places"]}
        for beat in result.plan["beats"]:
            place = places[beat["place"]]
            names = [place["name"].lower()] + ([place["handle"].lower()] if len(place["name"].split()) >= 4 else [])
            at = min((i for i in (low.find(x, last + 1) for x in names) if i >= 0), default=-1)
            assert at > last, beat["id"]
            last = at


def test_a_short_handle_is_the_head_of_the_name():
    assert short_handle("the back of the hut") == ""  # "the back" reads as a body part
    assert short_handle("the tent pegs") == "the pegs"
    assert short_handle("the ranger's hut") == "the hut"
    assert short_handle("the lost-property box") == "the box"
    assert short_handle("the tea bushes on the slopes") == "the bushes"
    assert short_handle("the bedrolls") == ""  # nothing shorter
    assert short_handle("the sick bay") == ""  # "the bay" is another place
    assert short_handle("the ladder down") == "the ladder"  # never "the down"
    assert short_handle("the beds along the lattice wall") == "the beds"


def test_the_rules_and_the_looks_are_data_checked_once(tmp_path, monkeypatch):
    assert vary.rules()["rates"]["fixture"] > 0
    assert likeness.FIGURES and all(isinstance(p, str) for p, _ in likeness.FIGURES)
    assert likeness.WHO["she"] and likeness.WRONG["dead"] and likeness.CLOSE["killer"]
    broken = json.loads(likeness.DATA.read_text())
    broken["figures"][0][0] = "(unclosed"
    bad = tmp_path / "likeness.json"
    bad.write_text(json.dumps(broken))
    monkeypatch.setattr(likeness, "DATA", bad)
    with pytest.raises(re.error):
        likeness._looks()
    rules = json.loads(vary.DATA.read_text())
    rules["rates"]["fixture"] = 0
    bad = tmp_path / "vary.json"
    bad.write_text(json.dumps(rules))
    monkeypatch.setattr(vary, "DATA", bad)
    vary.rules.cache_clear()
    try:
        with pytest.raises(ValueError):
            vary.rules()
    finally:
        monkeypatch.undo()
        vary.rules.cache_clear()


@pytest.mark.parametrize("n", range(len(SETS)))
def test_the_setting_is_not_its_own_refrain(n):
    """ "the Bedouin camp" was said 38 times in 2,500 words, "the ice-fishing hut" 30 in 1,400 (a median
    17 times in 1,000 words over the eighteen): now in full a few times, then "the camp", "the place"
    or "here"."""
    from providers.local_story.world import world_for_setting
    request, result = story(n)
    home = world_for_setting(request.setting).handles[0]
    if home.lower() in {p["name"].lower() for p in result.plan["places"]}:
        return  # a place of the plan as well ("the estate bungalow"): the place's own rates
    words = len(result.content.split())
    times = len(re.findall(r"(?i)(?<![\w-])" + re.escape(home) + r"(?![\w-])", result.content))
    # not inside a key element or a place that has it in its name ("the hotel register")
    longer = {n for e in result.plan["elements"] for n in (e["name"], e.get("handle")) if n} | \
        {n for p in result.plan["places"] for n in (p["name"], p.get("handle")) if n}
    times -= sum(result.content.lower().count(n.lower()) for n in longer
                 if home.lower() in n.lower() and n.lower() != home.lower())
    assert times <= 17 * words / 1000, (home, times, words)
    if n in (BEDOUIN, ICE_HUT):
        assert times <= 16, (home, times)
        assert re.search(r"(?i)\b(the camp|the hut)\b", result.content)
