"""The key elements field read as the props of a plot: each item an ``ElementSchema`` part with
its name as written, a handle for later mentions ("a brass porthole key" -> "the key"), the job it
can do (a record, photo or letter is a clue; a key, light or tool is a tool; something precious or
alive is a cost) and whether a person can pick it up (a 30-tonne reefer container cannot, so no
scene should have it "brought out" like a knife). ``beats`` is left empty for the engine to fill.
"""
import json
import re
from functools import lru_cache

from core.story_plan import MAX_ELEMENTS, ElementSchema

from .lexicon import DATA, fold
from .phrases import best_handle, parse_phrase

_ELEMENT_SCHEMA = ElementSchema()  # one instance: building a schema costs more than a load



@lru_cache(maxsize=1)
def _banks():
    with open(DATA / "elements.json", encoding="utf-8") as handle:
        raw = json.load(handle)
    banks = {}
    for key in ("clue", "tool", "cost", "fixed", "clue_marks", "heavy_marks", "small", "readable"):
        words = raw[key]
        if not all(isinstance(w, str) and w == w.lower() for w in words):
            raise ValueError(f"elements.json {key}: expected lower-case words")
        banks[key] = frozenset(words)
    return banks


def split_elements(text):
    """The items of a key elements field: commas, semicolons and lines separate them, and an
    "and" before the last ("a map, a torch and a key"); an "and" inside one ("salt and pepper
    shaker") stays when no article follows it."""
    items = []
    for piece in re.split(r"\s*[,;\n]+\s*", (text or "").strip()):
        items.extend(re.split(r"\s+(?:and|&)\s+(?=(?:a|an|the|some|my|his|her|their)\s)", piece.strip()))
    seen, out = set(), []
    for item in (re.sub(r"^(?:and|&)\s+", "", i.strip(" .\"'")) for i in items):
        if item and item.lower() not in seen:
            seen.add(item.lower())
            out.append(item)
    return out


def _words(item):
    parsed = parse_phrase(item)
    head = fold(parsed.head.split()[0]) if parsed.head else ""
    modifiers = [fold(m).strip(".,'") for m in parsed.modifiers]
    return parsed, head, modifiers


def element_job(item):
    """'clue', 'tool' or 'cost' for a key element, by what its head noun is (then the words
    before it, then a mark that makes it evidence: "a wheel stamped 1893"); 'clue' when unsure."""
    banks = _banks()
    parsed, head, modifiers = _words(item)
    tail = [fold(t) for t in parsed.rest]
    if head in banks["cost"] and head not in banks["clue"]:
        return "cost"
    if any(word in banks["clue_marks"] for word in tail[:1] + [parsed.prep]) and tail:
        return "clue"
    for word in [head, *reversed(modifiers)]:
        for job in ("clue", "tool", "cost"):
            if word in banks[job]:
                return job
    return "clue"


def is_readable(item):
    """Whether it can be read or looked over for what it says ("a passenger manifest", "a wheel stamped
    1893"), not only handled ("a fishing net", "an ice auger")."""
    banks = _banks()
    parsed, head, modifiers = _words(item)
    tail = [fold(t) for t in parsed.rest]
    return head in banks["readable"] or (bool(tail) and any(w in banks["clue_marks"] for w in tail[:1] + [parsed.prep]))


def is_portable(item):
    """Whether someone can carry it: not a container, a turbine, a dish, an organ (unless it is
    a small one: "a clay spirit house"), nor anything said to weigh tonnes."""
    banks = _banks()
    parsed, head, modifiers = _words(item)
    low = fold(item)
    if any(re.search(rf"\b{re.escape(mark)}", low) for mark in banks["heavy_marks"]):
        return False
    if head in banks["fixed"]:
        return any(word in banks["small"] for word in modifiers)
    return True


def read_elements(key_elements):
    """The plan's key elements (``ElementSchema`` parts, ids "e1"...)."""
    parts = []
    for n, item in enumerate(split_elements(key_elements)[:MAX_ELEMENTS], start=1):
        parts.append(_ELEMENT_SCHEMA.load({"id": f"e{n}", "name": item[:200], "handle": best_handle(item)[:200],
                                           "job": element_job(item), "portable": is_portable(item)}))
    return parts
