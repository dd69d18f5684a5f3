"""Settings the engine had no table for (issue #40, item 3): a fire lookout tower, a salt-pan
village, a planetarium. What a reader noticed: places named from another world or from nothing
("the back of the lookout tower", "a light over the entrance that buzzed" in every unknown story),
a fixture that was a bare participle ("the doors, shut", written as "Over by the shut"), a salt
village with lake water and no salt. The sixty settings of tests/data/settings_unknown_60.json were
written for this issue (workplaces, rural dwellings, vehicles, infrastructure, natural places).
"""
import json
import re
from pathlib import Path

import pytest

from providers.local_story.world import world_for_setting
from providers.local_story.world.foreign import foreign_terms
from providers.local_story.world.tables import WorldDataError, load_heads, tables

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = json.loads((ROOT / "tests/data/settings_unknown_60.json").read_text())["settings"]

#: words a reader takes as a state, never as a thing: a place or fixture whose head is one names nothing
STATES = {"shut", "closed", "open", "locked", "empty", "gone", "left", "off", "on", "lit", "dead", "broken",
          "abandoned", "high", "low", "far", "old", "new", "quiet", "still", "there", "here", "ajar"}
#: past participles that do not end in -ed
PARTICIPLES = {"left", "gone", "shut", "set", "hung", "kept", "worn", "torn", "broken", "frozen", "fallen", "written",
               "hidden", "sunk", "stuck", "lost", "built", "cut", "drawn", "grown", "thrown", "lit", "done"}
_NOUN_ED = re.compile(r"(shed|bed|sled|stead|eed|ped)$")
_NOUN_ING = re.compile(r"(?:^|-)(?:ring|wing|thing|ceiling|building|railing|landing|king|string|sling|spring|awning|"
                       r"bedding|siding|clothing|lighting|wiring|painting|drawing|carving|opening|crossing|grating)$")
_ARTICLE = re.compile(r"^(?:the|a|an|one|some|two|three)\s+")
#: where a noun phrase's head ends: a preposition or a clause ("a light over the entrance that buzzed")
TAIL = {"of", "over", "with", "from", "for", "on", "in", "at", "by", "under", "behind", "between", "where", "that",
        "which", "into", "onto", "off", "to", "up", "down", "along", "around", "across", "against", "through",
        "nobody", "no", "and", "or", "as", "like", "than", "out", "away", "back", "beside", "below", "above"}


def _participle(word, gerund=True):
    """A past participle ("shut", "stacked"), or with ``gerund`` an -ing form ("standing") that is
    not a noun ("railing")."""
    return word in PARTICIPLES or (word.endswith("ed") and not _NOUN_ED.search(word)) or (
        gerund and word.endswith("ing") and not _NOUN_ING.search(word))


def _bare(phrase):
    """Why ``phrase`` (a place name, handle or fixture) names no thing, or ''."""
    text = _ARTICLE.sub("", phrase.lower().strip())
    if "," in text:
        after = re.findall(r"[\w'-]+", text.rsplit(",", 1)[1])
        if all(w in STATES or _participle(w) for w in after):
            return f"{phrase!r} ends in a bare state after a comma"
    words = re.findall(r"[\w'-]+", text.split(",")[0])
    head = []
    for word in words:
        if head and (word in TAIL or _participle(word)):
            break
        head.append(word)
    if not head:
        return f"{phrase!r} has no head"
    last = head[-1]
    if last in STATES or _participle(last, gerund=False):  # "the grating", "the cross-bracing" are things
        return f"{phrase!r} ends in {last!r}, not a noun"
    return ""


@pytest.fixture(scope="module")
def worlds():
    weathers = ("Clear", "Foggy", "Rainy", "Snowy", "Stormy", "Windy", "Cloudy")
    return [world_for_setting(s, weathers[n % 7], "Night") for n, s in enumerate(SETTINGS)]


def test_the_sixty_settings_are_sixty_and_varied():
    assert len(set(SETTINGS)) == 60


def test_no_place_or_fixture_is_a_bare_adjective_or_participle(worlds):
    found = []
    for world in worlds:
        for place in world.places:
            found += [f"{world.setting}: {p}" for p in (place.name, place.handle, *place.fixtures) if _bare(p)]
    assert not found, "\n".join(found[:30])


def test_the_check_catches_what_the_reader_saw():
    assert _bare("the doors, shut") and _bare("the shut") and _bare("the gate, closed") and _bare("the door, left open")
    assert _bare("the open") and _bare("the closed")
    for fine in ("a light over the entrance that buzzed", "the tool shed", "the brine, pink in the sun", "the dark",
                 "the map pinned under glass", "the stairs up", "a figure standing still", "the painted horses",
                 "the railing", "the door left open"):
        assert not _bare(fine), fine


@pytest.mark.parametrize("setting, kind", [
    ("a fire lookout tower in the Cascades", "lookout tower"),
    ("a decommissioned planetarium in Leipzig", "observatory"),
    ("an observatory on a Chilean mountaintop", "observatory"),
    ("a salt works on the Essex marshes", "salt works"),
    ("a limestone quarry in Yorkshire", "quarry"),
    ("a hydroelectric dam in the Alps", "dam"),
    ("a suspension bridge in fog", "bridge"),
    ("a canal lock keeper's cottage", "canal lock"),
    ("a toll booth on an empty turnpike", "toll booth"),
    ("a petrol station on the outback highway", "petrol station"),
    ("a truck stop in Nevada", "petrol station"),
    ("a ferris wheel at a closing fair", "ferris wheel"),
    ("a roller coaster at a seaside pier", "fairground ride"),
    ("an ice road across a frozen lake in the Northwest Territories", "ice road"),
    ("a border crossing in the Balkans", "border crossing"),
    ("a hot air balloon over Cappadocia", "hot air balloon"),
    ("a rice paddy in Bali", "rice paddy"),
    ("a sewage treatment plant", "sewage works"),
])
def test_settings_that_fell_to_the_generic_world_have_a_kind_of_their_own(setting, kind):
    world = world_for_setting(setting, "Foggy", "Night")
    assert world.kind == kind and world.known
    assert not foreign_terms(world)


def test_the_lookout_tower_has_its_cab_catwalk_and_stairs_not_an_entrance():
    world = world_for_setting("a fire lookout tower in the Cascades", "Snowy", "Night")
    names = {p.name for p in world.places}
    assert {"the cab", "the catwalk", "the stairs up"} <= names
    assert any("firefinder" in f for p in world.places for f in p.fixtures)
    assert not re.search(r"entrance|notice nobody read|chairs set out", world.text())


def test_a_salt_pan_village_has_the_village_and_the_salt_pans():
    world = world_for_setting("a salt evaporation pond village in Gujarat", "Clear", "Noon")
    assert world.kinds == ["village", "salt works"]
    names = {p.name for p in world.places}
    assert "the salt pans" in names and "the pump shed" in names  # a place indoors, where a story's beats happen
    assert "lake" not in world.text()


def test_a_setting_with_a_known_head_noun_gets_that_nouns_parts():
    tower = world_for_setting("a water tower in a Kansas town", "Windy", "Dusk")
    assert not tower.known
    names = [p.name for p in tower.places]
    assert "the top of the water tower" in names and "the shaft of the water tower" in names
    assert not any("entrance" in n for n in names)
    station = world_for_setting("a radar station on the Yorkshire moors", "Foggy", "Night")
    assert {"the control room", "the fence line"} <= {p.name for p in station.places}


def test_two_unrelated_unknown_settings_are_not_furnished_alike():
    one = world_for_setting("a ropewalk in Chatham", "Rainy", "Night")
    two = world_for_setting("a glassblower's studio", "Rainy", "Night")
    assert not one.known and not two.known
    first = {f for p in one.places for f in p.fixtures}
    second = {f for p in two.places for f in p.fixtures}
    assert len(first & second) <= len(first) // 2, sorted(first & second)
    assert one.keepsakes != two.keepsakes and one.sounds != two.sounds
    # the same setting is furnished the same way every time
    assert [p.fixtures for p in world_for_setting("a ropewalk in Chatham", "Rainy", "Night").places] == \
        [p.fixtures for p in one.places]


def test_a_head_noun_that_a_kind_already_names_is_refused(tmp_path):
    path = tmp_path / "heads.toml"
    path.write_text('[bridge]\nnouns = ["bridge"]\nshape = "open"\nplaces = ['
                    + ", ".join('{name = "the %s", about = "a part", fixtures = ["a thing"]}' % n
                                for n in ("deck", "span", "bank")) + "]\n")
    with pytest.raises(WorldDataError, match="kind's word"):
        load_heads(path, kinds=tables()[0])
