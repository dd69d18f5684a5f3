"""What the story's things are, as far as a sentence needs to know: whether a fixture is a surface
(a table, a crate, a bunk) that a thing can be laid on or put under (``data/lines.json``)."""
import json
import re
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "lines.json"
#: what follows a fixture's own noun: "a tin mug on the stove", "a dust sheet over a chair"
_AFTER_HEAD = re.compile(r"\s+(?:on|in|of|with|by|at|over|under|behind|for|from|against|that|which|full|half|beside|"
                         r"near|along|to|where|where's)\s+|,")


@lru_cache(maxsize=1)
def lines_data():
    data = json.loads(DATA.read_text())
    for key in ("surface_heads", "surface_frames", "past_only", "listener_frames"):
        if not data.get(key) or not all(isinstance(x, str) and x for x in data[key]):
            raise ValueError(f"{DATA.name}: {key} is a list of words")
    return data


def head(phrase):
    """The noun a thing is named by: "a tin mug on the stove" -> "mug", "the rod rack" -> "rack"."""
    words = _AFTER_HEAD.split(phrase.lower(), maxsplit=1)[0].split()
    return words[-1] if words else ""


@lru_cache(maxsize=4096)
def is_surface(fixture):
    """A fixture a thing can be laid on, left on or put under: "the kitchen table", not "the goat-hair walls"."""
    return bool(fixture) and head(fixture) in frozenset(lines_data()["surface_heads"])
