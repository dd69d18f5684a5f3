"""What a key element's kind of thing lets a line do with it: a time is "set down" only in a thing
that holds writing (a logbook, a tag; not an ice auger), a door is opened only with a thing that
opens one (a key, a wrench; not a thermos), a way is lit only by a light. The kinds and the line
frames that need them are data (``data/plot.json``, ``things``)."""
import json
import re
from functools import lru_cache

from .. import reading
from ..prose.things import head
from ..reading.elements import is_portable

#: the slots a key element fills in a line: the beat's element, the one at stake, the clue
SLOTS = ("E", "T", "K")


@lru_cache(maxsize=1)
def _data():
    from .chain import bank
    data = bank()["things"]
    kinds = {kind: frozenset(nouns) for kind, nouns in data["kinds"].items() if not kind.startswith("_")}
    frames = []
    for kind, lines in data["frames"].items():
        if kind not in kinds:
            raise ValueError(f"data/plot.json: things frames for {kind!r}, which is no kind of thing")
        for line in lines:
            if "{X}" not in line:
                raise ValueError(f"data/plot.json: the things frame {line!r} has no {{X}}")
            frames.append((kind, re.compile(re.escape(line).replace(re.escape("{X}"), r"\{([ETK])\}"))))
    return kinds, tuple(frames)


@lru_cache(maxsize=1024)
def is_kind(name, kind):
    """Whether the thing called ``name`` ("a brass porthole key") is of ``kind`` ("opens")."""
    if not name:
        return False
    if kind == "writing" and reading.is_readable(name):
        return True
    if kind == "portable":  # a thing someone can carry: not a door, a gondola cabin, a container
        return is_portable(name)
    return head(re.sub(r"^(?:an?|the|some|my|his|her|their)\s+", "", name.lower())) in _data()[0][kind]


@lru_cache(maxsize=4096)
def needs(template):
    """The kinds ``template`` needs of its slots: ((slot, kind), ...) ("{H} has opened the door with
    {T}" -> (("T", "opens"),))."""
    return tuple(sorted({(m.group(1), kind) for kind, frame in _data()[1] for m in frame.finditer(template)}))


def fits(template, things):
    """Whether each element ``template`` names (``things``: slot -> element name) is of the kind its
    line needs."""
    return all(is_kind(things.get(slot, ""), kind) for slot, kind in needs(template))


def able(options, things):
    """The options (templates, or dicts of them) whose lines fit the story's elements; all of them
    when none does (a bank must still give a line)."""
    fit = [o for o in options if fits(o if isinstance(o, str) else json.dumps(o), things)]
    return fit or options
