"""The look of a story's world, from the setting's own words (``data/landscapes.json``): the land
it stands in (steppe, mountains, ice, city, forest, desert, coast, else rolling country), whether
it is one building (whose rooms are painted as rooms) and which drawn places have an inside of
their own (a ger: its felt walls, roof ring and stove).

``World.of("a ger on the Mongolian steppe in winter")``: steppe land, no building, the ger's
inside for any room the prose names there.
"""
import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

_TABLE = json.loads((Path(__file__).resolve().parents[1] / "data" / "landscapes.json").read_text())
BUILDINGS = set(_TABLE["buildings"])
INTERIORS = _TABLE["interiors"]
OUTSIDE = set(_TABLE["outside"])
WAYS_IN = set(_TABLE["ways_in"])  # a place that is the way in ("the felt door"): its building, outside


@dataclass(frozen=True)
class Land:
    kind: str
    ridge: str  # how the horizon is drawn: flat, peaks, ice, dunes, trees, skyline, sea, hills
    ground: tuple
    snow: bool  # snow lies on it whatever the weather


def _land(entry):
    return Land(entry["kind"], entry["ridge"], tuple(entry["ground"]), bool(entry["snow"]))


DEFAULT = _land(_TABLE["default"])


def words(text):
    return re.findall(r"[a-z]+", str(text or "").lower())


@functools.lru_cache(maxsize=256)
def land_of(text):
    """The land of a setting (its words, first listed kind that has one of them), else rolling
    country."""
    found = set(words(text))
    for entry in _TABLE["lands"]:
        if found & set(entry["words"]):
            return _land(entry)
    return DEFAULT


def is_building(text, icon=""):
    """Whether the setting is one building (a house, a hospital): its rooms are painted as rooms.
    A drawn place (a ger, a cable car) is never one: its scenes show it in its land."""
    if str(icon or "").startswith("shape:"):
        return False
    head = re.split(r"\s(?:on|in|at|of|by|near|over|under|above|below|beside)\s", str(text or "").lower())[0]
    return bool(set(words(head)) & BUILDINGS)


def interior_of(icon):
    """The drawn inside of a place pictured by ``icon`` ("ger"), or ""."""
    return INTERIORS.get(str(icon or ""), "")


def says_outside(line):
    """Whether a line is told from outside ("the rider circled the ger", "at the felt door")."""
    return bool(set(words(line)) & OUTSIDE)
