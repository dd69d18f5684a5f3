"""The clues that prepare a twist, chosen by what kind of twist it is (the one it is about is dead,
a culprit, chose the protagonist, is someone else; or something else), so the scenes before the
reveal still make sense after it."""
import re

from .. import beats as _beats


def twist_kind(plan):
    about = next((p for p in plan.cast if p.id == plan.twist.about), None)
    category = getattr(plan.twist, "category", "") or _category(plan.twist.reveal)
    if category == "dead":
        return "dead_hero" if about is not None and about.role == "protagonist" else "dead_other"
    return category if category in ("culprit", "chosen", "identity") and about is not None else "other"


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


def clue_lines(plan, rng, n, names=None):
    data = _beats.bank()["clues"]
    kind = twist_kind(plan)
    about = next((p for p in plan.cast if p.id == plan.twist.about), None)
    hero = next(p for p in plan.cast if p.role == "protagonist")
    villain = next((p for p in plan.cast if p.role == "antagonist"), None)
    others = [p for p in plan.cast if p.role == "supporting"]
    clue = next((e for e in plan.elements if e.job == "clue"), plan.elements[0] if plan.elements else None)
    year = re.search(r"\b(1[6-9]\d\d|20\d\d)\b", plan.twist.reveal)
    slots = {"H": hero.handle or hero.name, "X": (about.handle or about.name) if about else "",
             "A": villain.handle if villain else "it", "C": (others[0].handle or others[0].name) if others else "",
             "E": clue.handle if clue else "the record", "subject": subject_of(plan.twist.reveal),
             "home": plan.setting_short, "year": year.group(1) if year else ""}
    options = [t for t in data[kind] if all(slots.get(s) for s in re.findall(r"\{(\w+)\}", t))]
    rng.shuffle(options)
    out = []
    for t in options[:n]:
        line = re.sub(r"\{(\w+)\}", lambda m: slots[m.group(1)], t)
        out.append(line[:1].upper() + line[1:])
    return out
