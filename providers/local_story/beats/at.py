"""A beat's line said with its place's own preposition: "on the catwalk", "out on the salt pans",
"at the foot of the tower", not "in the catwalk" (the place's ``at``, from the world tables; for a
place whose table gave none, by its head noun, ``data/at.json``: "at the attendant's counter",
"at the far end", "by the outdoor pool", "on the rocks round the pool")."""
import json
import re
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "at.json"
#: where someone is -> where someone goes ("on" -> "onto")
INTO = {"on": "onto", "out on": "out onto", "out in": "out into", "at": "to", "by": "to"}
#: what follows a place's own noun: "the rocks round the pool", "the far end of the plant", "the bar at night"
_AFTER_HEAD = re.compile(r"\s+(?:on|in|of|with|by|at|over|under|behind|for|from|against|round|around|beside|near|"
                         r"along|to|between|below|above|beneath|inside|outside|off|where|that)\s+|,")


@lru_cache(maxsize=1)
def _data():
    data = json.loads(DATA.read_text())
    heads = {}
    for word, nouns in data["heads"].items():
        if word not in INTO:
            raise ValueError(f"{DATA.name}: {word!r} is not a preposition a line can say ({', '.join(INTO)})")
        for noun in nouns:
            if noun in heads:
                raise ValueError(f"{DATA.name}: {noun!r} is listed under {heads[noun]!r} and {word!r}")
            heads[noun] = word
    return heads, frozenset(data["trailing"])


def head(name):
    """The noun a place is named by: "the attendant's counter" -> "counter", "the far end of the
    plant" -> "end", "the road out" -> "road", "the rocks round the pool" -> "rocks"."""
    words = _AFTER_HEAD.split((name or "").lower(), maxsplit=1)[0].split()
    trailing = _data()[1]
    while len(words) > 2 and words[-1] in trailing:
        words.pop()
    return words[-1] if words else ""


def preposition(place):
    """Where someone is, at ``place``: its table's own word, else its head noun's ("in" for a room)."""
    at = getattr(place, "at", "") if place is not None else ""
    if at or place is None:
        return at or "in"
    return _data()[0].get(head(place.name), "in")


def told_at(text, place):
    """``text`` with each "in"/"into" before the place's name (or handle) said as the place needs."""
    at = preposition(place) if place is not None else ""
    if at == "in" or not at or not text:
        return text
    names = "|".join(re.escape(n) for n in sorted({place.name, place.handle} - {""}, key=len, reverse=True))

    def say(m):
        word = INTO[at] if m.group(2).lower() == "into" else at
        if m.group(1).lower() == "deeper ":  # "went deeper into the far end": "went on to the far end"
            word = "on " + word if word == "to" else word
        elif m.group(1):  # "lays it out in the salt pans": "out on", not "out out on"
            word = m.group(1) + word.removeprefix("out ")
        return (word[:1].upper() + word[1:] if m.group(0)[0].isupper() else word) + " " + m.group(3)
    return re.sub(rf"\b((?:[Oo]ut |[Dd]eeper )?)([Ii]n|[Ii]nto) ({names})(?![\w'’-])", say, text)
