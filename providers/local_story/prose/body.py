"""The body's sensations and the stock ways of noticing, as a reader meets them: a paragraph between
the plan's lines tells one of the body's answers at most, and no frame comes twice in a story ("my
arms prickled", then "her neck prickled"). The frames are data (``data/body.json``)."""
import json
import re
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "body.json"


@lru_cache(maxsize=1)
def _frames():
    data = json.loads(DATA.read_text(encoding="utf-8"))
    out = {}
    for kind in ("body", "sense"):
        table = data[kind]
        if not table or not all(isinstance(v, str) and v for v in table.values()):
            raise ValueError(f"{DATA.name}: {kind} maps each frame to a pattern")
        out[kind] = tuple((name, re.compile(pattern, re.I)) for name, pattern in table.items())
    return out


def _quiet(text):
    """``text`` without what is said aloud: a frame is the narrator's."""
    return re.sub(r'"[^"]*"', "", text)


@lru_cache(maxsize=8192)
def body_frames(text):
    """The body frames ``text`` uses: "My jaw ached from clenching." -> {"jaw"}."""
    said = _quiet(text)
    return frozenset(name for name, pattern in _frames()["body"] if pattern.search(said))


@lru_cache(maxsize=8192)
def frames(text):
    """Every frame, body or sense, ``text`` uses (each once a story)."""
    said = _quiet(text)
    return body_frames(text) | frozenset(name for name, pattern in _frames()["sense"] if pattern.search(said))


def body_sentences(paragraph):
    """The sentences of ``paragraph`` that tell a body sensation."""
    return [s for s in re.split(r"(?<=[.!?])\s+", paragraph) if body_frames(s)]
