"""The icon for a noun of the story ("the felt door", "a bell", "the rider"), from the whole
game-icons.net set by the icons' own names, with ``data/icon_nouns.json`` for nouns whose icon is
named otherwise (a bell is ``ringing-bell``, a ger a drawn shape) and for the parts of names that
are game art, never a story's thing ("ice-spell", "bell-shield").

An icon drawn inside a round frame (a badge: "mountains" is peaks in a circle, "castle" a castle
in a ring) is never a thing standing in a scene (``framed``); a noun whose only icons are badges
has no icon. Shields, emblems and crests are left out by their names (``avoid``).

``icon_for("the felt door")`` tries the whole phrase, then its head noun (the last word), then
the other words; a word's own icon ("door"), else an icon whose name ends with it
("wooden-door"), else one that has it as a part; the shortest name wins. None: nothing pictures it.
"""
import functools
import json
import re
from pathlib import Path

import numpy as np

from providers.video.imagery import icons

_TABLE = json.loads((Path(__file__).resolve().parents[1] / "data" / "icon_nouns.json").read_text())
NOUNS = _TABLE["nouns"]
SENSES = _TABLE["senses"]
CONTEXT = _TABLE.get("context", {})
AVOID = set(_TABLE["avoid"])
AFTER_HEAD = re.compile(r"\s(?:on|in|at|of|by|near|over|under|above|below|with|from|beside|along|against|"
                        r"behind|beneath|around|across|inside|outside|through|"
                        r"that|which|who|whom|whose|where)\s")  # "a horse that will not stop": a horse
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


@functools.cache
def framed(name, n=64):
    """Whether icon ``name`` is a badge: a thin round frame (a ring near the edge of its square,
    a gap inside it, its corners empty) around what it pictures."""
    if name.startswith((icons.DRAWN, icons.SHAPE)):
        return False
    m = icons.mask(name, n) > 0.5
    c = (n - 1) / 2

    def covered(r0, r1, angles):  # per angle: the covered samples between radii r0 and r1
        rs = np.linspace(r0, r1, 6) * n
        xs = np.clip(np.rint(c + np.cos(angles)[:, None] * rs), 0, n - 1).astype(int)
        ys = np.clip(np.rint(c + np.sin(angles)[:, None] * rs), 0, n - 1).astype(int)
        return m[ys, xs]
    around = np.linspace(0, 2 * np.pi, 90, endpoint=False)
    ring = covered(0.42, 0.49, around).any(1).mean()
    gap = (~covered(0.30, 0.42, around)).any(1).mean()
    corners = covered(0.58, 0.69, np.pi / 4 + np.arange(4) * np.pi / 2).any(1).mean()
    return bool(ring >= 0.92 and gap >= 0.6 and corners <= 0.25)


def _unframed(name):
    return None if framed(name) else name


def word_icon(word):
    """The icon of one word (never a badge), or None."""
    word = word.lower()
    for w in dict.fromkeys((word, _singular(word))):
        if w in NOUNS:
            return _unframed(NOUNS[w])
        if w in icons.catalog()["icons"] and not AVOID & set(w.split("-")) and not framed(w):
            return w
        named = [n for n in _by_part().get(w, []) if not framed(n)]
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
        return _unframed(NOUNS[text])
    ws = [w for w in re.findall(r"[a-z][a-z'-]*", text) if w not in SKIP]
    if not ws:
        return None
    for a, b in zip(ws, ws[1:]):
        if f"{a} {b}" in NOUNS and _unframed(NOUNS[f"{a} {b}"]):
            return NOUNS[f"{a} {b}"]
    for w in [ws[-1]] + ws[:-1][::-1]:  # the head noun first
        found = word_icon(w)
        if found:
            return found
    return None


def icon_in(phrase, world, context=""):
    """The icon of ``phrase`` in a story whose places are ``world`` (their names): a word's sense
    there first ("the last cabin" at a gondola station is a gondola cabin, not a log cabin), then
    its sense from the words around it, ``context`` ("the log lay open on the desk" is a logbook,
    not a log of wood)."""
    places = set(re.findall(r"[a-z]+", str(world or "").lower()))
    ws = re.findall(r"[a-z']+", AFTER_HEAD.split(str(phrase or "").lower())[0])
    for key in places & set(SENSES):
        for word in reversed(ws):
            if word in SENSES[key]:
                return SENSES[key][word]
    if ws:  # the words around it, and its own modifiers ("the sheep pen" is no fountain pen)
        around = (set(re.findall(r"[a-z']+", str(context or "").lower())) - set(ws)) | set(ws[:-1])
        for sense in CONTEXT.get(ws[-1], CONTEXT.get(_singular(ws[-1]), [])):
            if around & set(sense["cues"]):
                return sense["icon"]
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
