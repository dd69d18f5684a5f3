"""The icon for a noun of the story ("the felt door", "a bell", "the rider"), from the whole
game-icons.net set by the icons' own names, with ``data/icon_nouns.json`` for nouns whose icon is
named otherwise (a bell is ``ringing-bell``, a ger a drawn shape) and for the parts of names that
are game art, never a story's thing ("ice-spell", "bell-shield").

``icon_for("the felt door")`` tries the whole phrase, then its head noun (the last word), then
the other words; a word's own icon ("door"), else an icon whose name ends with it
("wooden-door"), else one that has it as a part; the shortest name wins. None: nothing pictures it.
"""
import functools
import json
import re
from pathlib import Path

from providers.video.imagery import icons

_TABLE = json.loads((Path(__file__).resolve().parents[1] / "data" / "icon_nouns.json").read_text())
NOUNS = _TABLE["nouns"]
SENSES = _TABLE["senses"]
AVOID = set(_TABLE["avoid"])
AFTER_HEAD = re.compile(r"\s(?:on|in|at|of|by|near|over|under|above|below|with|from|beside)\s")
SKIP = set("a an the of in on at to and or with his her their its my our your this that old "
           "dark small little big large long black white grey gray red one".split())


@functools.lru_cache(maxsize=1)
def _by_part():
    """{word: [icon names having it as a part, shortest first]}, game art left out."""
    out = {}
    for name in sorted(icons.catalog()["icons"], key=lambda n: (n.count("-"), len(n), n)):
        parts = name.split("-")
        if AVOID & set(parts):
            continue
        for part in parts:
            out.setdefault(part, []).append(name)
    return out


def _singular(word):
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def word_icon(word):
    """The icon of one word, or None."""
    word = word.lower()
    for w in dict.fromkeys((word, _singular(word))):
        if w in NOUNS:
            return NOUNS[w]
        if w in icons.catalog()["icons"] and not AVOID & set(w.split("-")):
            return w
        named = _by_part().get(w, [])
        ending = [n for n in named if n.endswith("-" + w)]
        if ending or named:
            return (ending or named)[0]
    return None


@functools.lru_cache(maxsize=2048)
def icon_for(phrase):
    """The icon (or ``shape:`` name) that pictures ``phrase``, or None."""
    text = str(phrase or "").lower().strip()
    text = AFTER_HEAD.split(text)[0]  # "a ger on the Mongolian steppe": a ger
    if text in NOUNS:
        return NOUNS[text]
    ws = [w for w in re.findall(r"[a-z][a-z'-]*", text) if w not in SKIP]
    if not ws:
        return None
    for a, b in zip(ws, ws[1:]):
        if f"{a} {b}" in NOUNS:
            return NOUNS[f"{a} {b}"]
    for w in [ws[-1]] + ws[:-1][::-1]:  # the head noun first
        found = word_icon(w)
        if found:
            return found
    return None


def icon_in(phrase, world):
    """The icon of ``phrase`` in a story whose places are ``world`` (their names): a word's sense
    there first ("the last cabin" at a gondola station is a gondola cabin, not a log cabin)."""
    places = set(re.findall(r"[a-z]+", str(world or "").lower()))
    ws = re.findall(r"[a-z]+", str(phrase or "").lower())
    for key in places & set(SENSES):
        for word in reversed(ws):
            if word in SENSES[key]:
                return SENSES[key][word]
    return icon_for(phrase)


def names_a_thing(word):
    """Whether ``word`` is a noun a picture shows: in the table, an icon's own name, or the last
    part of one ("door": wooden-door), never only a part inside a name ("all": all-for-one)."""
    for w in dict.fromkeys((word.lower(), _singular(word.lower()))):
        if w in NOUNS or w in icons.catalog()["icons"]:
            return True
        if any(n.endswith("-" + w) for n in _by_part().get(w, [])):
            return True
    return False
