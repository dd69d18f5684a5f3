"""The story's arc, sentence by sentence: which part of the story each sentence tells (opening,
turn, escalation, twist, ending) and which stretch ("group") it belongs to, so that a retelling
of any length can choose whole sentences from every part.

With a plan the groups are its beats (a beat's kind gives its part; the beat that reveals the
twist is the twist); the story's prose is shared among the beats in order, in proportion to the
words each beat was given. Without a plan the groups are paragraphs: the first opens, the last
ends, the twist is the paragraph before the ending that says it (the plot twist's words or cue
words such as "understood", "had drowned", "all along", found by ``arc_cues.json``), and the
paragraphs between are the turn, then the escalation.
"""
import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

CUES_FILE = Path(__file__).resolve().parents[1] / "data" / "arc_cues.json"
PARTS = ("opening", "turn", "escalation", "twist", "ending")
#: the order parts are kept in when time is short: the twist first, then the ending
PRIORITY = {"twist": 0, "ending": 1, "opening": 2, "escalation": 3, "turn": 4}
BEAT_PARTS = {"hook": "opening", "arrival": "opening", "first_sign": "turn",
              "investigation": "turn", "scene": "turn", "escalation": "escalation",
              "climax": "escalation", "reversal": "twist", "aftermath": "ending"}
WORD = re.compile(r"[A-Za-z0-9'’-]+")
STOP = set("a an the of in on at to and or but with by from into was were is are be been had has "
           "have it its as that this he she they his her their them him i you we my our for not "
           "no so then there what which who would could should did do does just all one".split())


@dataclass
class Unit:
    """One sentence of the story, where it sits in the arc."""

    index: int  # order in the story
    paragraph: int
    text: str
    part: str  # one of PARTS
    group: int  # its paragraph or beat: a line never spans two groups
    weight: float = 0.0  # how much it says (cue and focus words)
    twist: float = 0.0  # how strongly it reveals the twist


@functools.lru_cache(maxsize=1)
def cues():
    """``{part: [cue phrase]}`` from ``arc_cues.json`` (checked once)."""
    data = json.loads(CUES_FILE.read_text(encoding="utf-8"))
    out = {}
    for part in ("twist", "turn", "escalation"):
        phrases = data[part]
        if not phrases or not all(isinstance(p, str) and p == p.lower().strip() for p in phrases):
            raise ValueError(f"{CUES_FILE.name}: {part} must be a list of lower-case phrases")
        out[part] = [re.compile(rf"\b{re.escape(p)}\b") for p in phrases]
    return out


def content_words(text):
    return {w.lower().strip("'’") for w in WORD.findall(str(text or ""))} - STOP


def cue_score(text, part):
    lowered = str(text).lower()
    return sum(1 for cue in cues()[part] if cue.search(lowered))


def twist_score(text, twist_words):
    """How strongly a sentence says the twist: the plot twist's words weigh most."""
    shared = len(content_words(text) & twist_words)
    cover = shared / len(twist_words) if twist_words else 0.0
    return 4 * cover + (shared >= 2) + cue_score(text, "twist")


def _weigh(units, twist_words, focus):
    for unit in units:
        words = content_words(unit.text)
        unit.twist = twist_score(unit.text, twist_words)
        cue = cue_score(unit.text, unit.part) if unit.part in ("turn", "escalation") else 0
        unit.weight = cue + 2 * len(words & focus) + (unit.twist if unit.part == "twist" else 0)
    return units


def _twist_paragraph(paragraphs, twist_words):
    """The paragraph that reveals the twist: the strongest before the last one (the ending),
    else the last one, else the one before the ending."""
    scores = [max((twist_score(s, twist_words) for s in p), default=0) for p in paragraphs]
    last = len(paragraphs) - 1
    inner = range(1, last)
    best = max(inner, key=lambda i: (scores[i], i), default=None)
    if best is not None and scores[best] >= 1:
        return best
    if scores[last] >= 1 or last < 2:
        return last
    return last - 1


def from_text(paragraphs, split, plot_twist="", focus_words=""):
    """Units of a story without a plan; ``split(paragraph)`` gives its sentences."""
    paras = [split(p) for p in paragraphs if str(p or "").strip()]
    paras = [p for p in paras if p]
    if not paras:
        return []
    if len(paras) < 4:  # a story of few long paragraphs: its sentences stand in for them
        flat = [s for p in paras for s in p]
        size = max(1, len(flat) // 6)
        paras = [flat[k:k + size] for k in range(0, len(flat), size)] if len(flat) >= 4 else paras
    twist_words = content_words(plot_twist)
    last = len(paras) - 1
    twist = _twist_paragraph(paras, twist_words) if last >= 1 else 0
    middle = list(range(1, twist))

    def part_of(i):
        if i == 0:
            return "opening"
        if i == last:
            return "ending"
        if i == twist:
            return "twist"
        if i > twist:
            return "escalation"  # between the twist and the ending
        return "turn" if middle.index(i) < max(1, (len(middle) + 1) // 2) else "escalation"

    units = [Unit(0, i, s, part_of(i), i) for i, p in enumerate(paras) for s in p]
    for k, unit in enumerate(units):
        unit.index = k
    return _weigh(units, twist_words, content_words(focus_words))


def from_plan(plan, paragraphs, split, plot_twist="", focus_words=""):
    """Units of a story told from its plan's beats (see the module docstring); None when the
    plan has no beats."""
    beats = [b for b in (plan or {}).get("beats") or [] if str(b.get("text") or "").strip()]
    if not beats:
        return None
    twist_words = content_words(" ".join([str((plan.get("twist") or {}).get("reveal") or ""),
                                          str(plot_twist or "")]))
    prose = [s for p in paragraphs if str(p or "").strip() for s in split(p)]
    if prose:
        sizes = [max(1, int(b.get("words") or 0)) if all(b.get("words") for b in beats) else 1
                 for b in beats]
        total_words = sum(len(s.split()) for s in prose) or 1
        bounds, acc = [], 0
        for size in sizes:
            acc += size
            bounds.append(acc / sum(sizes))
        placed, done = [], 0
        for s in prose:
            middle = (done + len(s.split()) / 2) / total_words
            placed.append((next(k for k, b in enumerate(bounds) if middle <= b + 1e-9), s))
            done += len(s.split())
    else:
        placed = [(k, s) for k, b in enumerate(beats) for s in split(b["text"])]
    parts = [BEAT_PARTS.get(b.get("kind"), "turn") for b in beats]
    parts[0], parts[-1] = "opening", "ending"
    units = [Unit(k, g, s, parts[g], g) for k, (g, s) in enumerate(placed)]
    if twist_words and units:  # the beat whose sentence says the twist is the twist beat
        best = max(units, key=lambda u: twist_score(u.text, twist_words))
        if twist_score(best.text, twist_words) >= 1 and best.part != "ending":
            for unit in units:
                if unit.group == best.group:
                    unit.part = "twist"
    return _weigh(units, twist_words, content_words(focus_words))
