"""The clues that prepare a twist, chosen by what kind of twist it is (the one it is about is dead,
a culprit, chose the protagonist, is someone else; or something else), so the scenes before the
reveal still make sense after it."""
import re

from .. import beats as _beats
from .. import reading
from .things import fits

#: a line that reads its key element (a page, a name or a date in it, what it says): only for one that can be read
READS = re.compile(r"\b(reads?|saying|says|page|name|names|dates?d?|records|calls|lists|appears|shows in|in it|doors in|"
                   r"missing from it|mark)\b")

KINDS = {"dead_all_along": "dead", "culprit": "culprit", "trap": "chosen", "secret_identity": "identity"}


def twist_kind(plan):
    """Which clues prepare the twist: dead_hero, dead_other, culprit, chosen, identity or other."""
    about = next((p for p in plan.cast if p.id == plan.twist.about), None)
    category = KINDS.get(getattr(plan.twist, "kind", ""), "") or _category(plan.twist.reveal)
    if category == "dead":
        return "dead_hero" if about is not None and about.role == "protagonist" else "dead_other"
    if category == "identity" and not getattr(plan.twist, "same_as", ""):
        category = "chosen" if about is not None and about.role == "supporting" else "other"
    return category if category in ("culprit", "chosen", "identity") and about is not None else "other"


def unmasked(plan):
    """Who the twist is about, or for an identity twist the one who is not the antagonist."""
    ids = [plan.twist.about, getattr(plan.twist, "same_as", "")]
    people = [p for i in ids for p in plan.cast if p.id == i and i]
    return next((p for p in people if p.role != "antagonist"), people[0] if people else None)


def _category(reveal):
    low = reveal.lower()
    for name, pattern in (("dead", r"\b(dead|died|sank|drowned|crashed|ghost)\b"), ("culprit", r"\bkiller\b"),
                          ("chosen", r"\bchose|guiding|feeding\b"), ("identity", r"\bis\b")):
        if re.search(pattern, low):
            return name
    return "other"


def subject_of(reveal):
    m = re.match(r"(?i)((?:the|a|an)\s+[\w' -]+?|[A-Z][\w']+(?:'s\s+\w+)?)\s+(?:is|are|was|were|has|have|had|"
                 r"changes|sank|crashed)\b", reveal.strip())
    return m.group(1) if m else "the place"


def afterword(plan, rng):
    """The last line, coloured by the twist ("" without one)."""
    if not plan.twist.reveal:
        return ""
    about = unmasked(plan)
    if about is not None and about.role == "protagonist" and twist_kind(plan) == "identity":
        return ""  # "Fraser watched Fraser": the twist's own line says it
    lines = _lines(plan, rng, "afterwords", 1)
    return lines[0] if lines else ""


def _needs_roof(line, plan):
    """Whether ``line`` needs walls round its home ("Every clock in {home} runs behind") and the
    plan's home is out of doors (most of its places are: a corn maze, a sheep station's paddocks)."""
    places = list(plan.places)
    if not places or sum(1 for p in places if p.outdoors) * 2 <= len(places):
        return False
    words = _beats.bank().get("roofed", {}).get("words", [])
    return bool(words) and re.search(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b", line, re.I) is not None


def clue_lines(plan, rng, n, names=None):
    return _lines(plan, rng, "clues", n)


def _lines(plan, rng, table, n):
    data = _beats.bank()[table]
    kind = twist_kind(plan)
    about = unmasked(plan)
    hero = next(p for p in plan.cast if p.role == "protagonist")
    villain = next((p for p in plan.cast if p.role == "antagonist"), None)
    others = [p for p in plan.cast if p.role == "supporting"]
    clue = next((e for e in plan.elements if e.job == "clue"), plan.elements[0] if plan.elements else None)
    year = re.search(r"\b(1[6-9]\d\d|20\d\d)\b", plan.twist.reveal)
    subject = subject_of(plan.twist.reveal)
    slots = {"H": hero.handle or hero.name, "X": (about.handle or about.name) if about else (
                 subject if subject != "the place" else ""),
             "A": villain.handle if villain else "it", "C": (others[0].handle or others[0].name) if others else "",
             "E": clue.handle if clue else "the record", "subject": subject if subject != "the place" else "",
             "home": plan.setting_short, "year": year.group(1) if year else ""}
    readable = clue is None or reading.is_readable(clue.name)

    def usable(group):  # a clue that reads its key element needs one that can be read (no page in a fishing net)
        return [t for t in data[group] if all(slots.get(s) for s in re.findall(r"\{(\w+)\}", t))
                and (readable or "{E}" not in t or not READS.search(t))]
    options = usable(kind)
    rng.shuffle(options)  # (before the roofless filter: the draws of a roofed home as before)
    options = [t for t in options if not _needs_roof(t, plan)]
    if len(options) < n:  # not enough of its own kind: clues about what the twist is about
        extra = [t for t in usable("other") if t not in options]
        rng.shuffle(extra)
        extra = [t for t in extra if not _needs_roof(t, plan)]
        options += extra
    # nobody leaves a gondola cabin "where it lay" (filtered after the draws: the rest as before)
    options = [t for t in options if fits(t, {"E": clue.name if clue else ""})]
    out = []
    for t in options[:n]:
        line = re.sub(r"\{(\w+)\}", lambda m: slots[m.group(1)], t)
        out.append(line[:1].upper() + line[1:])
    return out
