"""The beat sequence of a plan: which kinds of beat, where, who, with which key element, what each
changes (the next beat's reason), which beats carry the twist's clues. Texts from ``data/beats.json``."""
import json
import re
from functools import lru_cache
from pathlib import Path

from core.story_plan import PlanPart

from .. import likeness, reading
from ..fields import definite
from ..grammar import is_quiet
from .at import told_at
from .chain import link
from .clues import READS, afterword, clue_lines
from .things import able

DATA = Path(__file__).resolve().parents[1] / "data" / "beats.json"
SHORT = ["hook", "first_sign", "investigation", "reversal", "climax", "aftermath"]
FULL = ["hook", "arrival", "first_sign", "investigation", "escalation", "reversal", "climax", "aftermath"]
SHARE = {"hook": 0.8, "arrival": 1.0, "first_sign": 1.0, "investigation": 1.1, "escalation": 1.2,
         "reversal": 1.0, "climax": 1.3, "aftermath": 0.7, "scene": 1.0}


@lru_cache(maxsize=1)
def bank():
    data = json.loads(DATA.read_text())
    for kind in FULL:
        if not data["text"].get(kind) or not data["changes"].get(kind):
            raise ValueError(f"data/beats.json: no text or changes for the {kind} beat")
    return data


def kinds_for(words):
    if words < 150:  # a hundred words: four lines of plan, two clues, then the twist as the climax
        return ["hook", "first_sign", "reversal", "aftermath"]
    if words < 250:
        return ["hook", "first_sign", "reversal", "climax", "aftermath"]
    if words < 700:
        return list(SHORT)
    extra = min(8, max(0, (words - 1500) // 200))
    middle = ["investigation", "escalation"] * 4
    return FULL[:5] + middle[:extra] + FULL[5:]


def share_words(beats, total):
    weights = [SHARE.get(b.kind, 1.0) for b in beats]
    left, whole = total, sum(weights)
    for i, beat in enumerate(beats):
        beat.words = left if i == len(beats) - 1 else max(1, round(total * weights[i] / whole))
        left -= beat.words


def _fill(template, slots):
    return re.sub(r"\{(\w+)\}", lambda m: slots.get(m.group(1), m.group(0)), template)


def _place_for(kind, i, places, kinds=()):
    last = next((p for p in reversed(places) if p.outdoors), None)
    inside = [p for p in places if not p.outdoors] or [p for p in places if p is not last] or places
    if kind == "aftermath":  # outside the setting, where it ends
        return last or inside[0]
    out = [p for p in places if p.outdoors and p is not last]  # the salt pans, the catwalk: the world's own
    middle = [j for j, k in enumerate(kinds) if k in ("investigation", "escalation")]
    if out and i in middle and middle.index(i) % 3 == 0:  # the first search goes out there, then every third
        return out[middle.index(i) // 3 % len(out)]
    if kind == "hook":
        return inside[0]
    if kind == "climax":
        return inside[min(len(inside) - 1, 3)]
    return inside[1 + (i % max(1, len(inside) - 1))] if len(inside) > 1 else inside[0]


def sequence(plan, words, rng, home):
    """The beats of ``plan`` (its cast, places, elements and twist already read), in order."""
    data = bank()
    hero = next(p for p in plan.cast if p.role == "protagonist")
    villain = next((p for p in plan.cast if p.role == "antagonist"), None)
    others = [p for p in plan.cast if p.role == "supporting"]
    companion = others[0] if others else None
    kinds = kinds_for(words)
    if not plan.twist.reveal:
        kinds = [k for k in kinds if k != "reversal"]
    elements = plan.elements
    by_job = {job: [e for e in elements if e.job == job] for job in ("clue", "tool", "cost")}
    clue = (by_job["clue"] or elements or [None])[0]
    tool = (by_job["tool"] or by_job["cost"] or [e for e in elements if e is not clue] or elements or [None])[0]
    slots = {"H": _name(hero), "C": _name(companion) if companion else "nobody",
             "A": villain.handle if villain and len(villain.name.split()) > 6 else (villain.name if villain else "it"),
             "home": home, "reveal": plan.twist.reveal}
    slots["why"] = rng.choice(data["whys"])
    mute = companion is not None and (companion.pronouns == "it" or is_quiet(f"{companion.name}, {companion.look}"))
    slots["choice"] = _fill(rng.choice([c for c in data["choices"] if (companion and not mute) or "{C}" not in c]),
                            dict(slots, E=tool.handle if tool else "it"))
    slots["ending"] = _fill(rng.choice(data["endings"]), dict(slots, E=tool.handle if tool else "nothing"))
    beats, used = [], set()
    gone_at = _departure(kinds, companion, plan, rng) if not mute else len(kinds)  # a dog does not go on alone
    told, chosen = "", set()
    for i, kind in enumerate(kinds):
        place = _place_for(kind, i, plan.places, kinds)
        element = {"arrival": clue, "investigation": clue if i % 2 else tool, "climax": tool,
                   "escalation": tool if kind == "escalation" and by_job["cost"] == [] else (by_job["cost"] or [tool])[0],
                   "reversal": clue}.get(kind)
        s = dict(slots, P=place.name, E=element.handle if element else "what was left",
                 home=definite(plan.setting) if kind == "hook" else slots["home"])
        key = kind
        if kind == "aftermath" and not getattr(plan, "has_sky", True):  # no first light in a mine or in space
            key = "aftermath_sunless"
        if kind == "first_sign" and villain is not None:
            heard = likeness.kind({"full": villain.name, "name": villain.handle or villain.name})
            key = {"voice": "first_sign_heard", "presence": "first_sign_felt"}.get(heard, kind)
        here = companion if i <= gone_at else None  # a companion who has left is named no more
        if "{choice}" in told or (here is None and companion is not None and "{C}" in s["choice"]):
            # each choice a new one (a long story does not choose 'to stay and go after Tom' six times)
            s["choice"] = _fill(_fresh(rng, [c for c in data["choices"] if "{C}" not in c or (here and not mute)],
                                       chosen),
                                dict(s, E=tool.handle if tool else "it"))
        options = [t for t in data["text"][key] if ("{E}" not in t or element) and ("{C}" not in t or here)
                   and not ("{E}" in t and element and not reading.is_readable(element.name) and READS.search(t))
                   and not (mute and re.search(r"\b(asks|lies|says|said|tells|talks)\b", t))]
        template = _fresh(rng, able(options or data["text"][key], {"E": element.name if element else ""}), used)
        told += template
        text = _fill(template, s)
        change = _fresh(rng, [c for c in data["changes"][kind] if "{C}" not in c or here] or data["changes"][kind], used)
        told += change
        changes = told_at(_fill(change, s), place)
        if i == gone_at:  # the companion goes on alone, for good
            changes = _fill(rng.choice(data["departures"]), s)
        who = [hero.id] + ([companion.id] if here and kind in ("hook", "first_sign", "escalation", "investigation")
                           else []) + ([villain.id] if villain and kind in ("first_sign", "escalation", "climax") else [])
        if kind == "arrival":  # the rest of the cast is met where the protagonist arrives
            who += [p.id for p in others[1:3]]
        text = told_at(text, place)
        beats.append(PlanPart(id=f"b{i + 1}", kind=kind, text=text[:1].upper() + text[1:], place=place.id, who=who,
                              elements=[element.id] if element else [], changes=changes, clue="", words=0,
                              edited=False, choice=_choice(template + change, s, i == gone_at)))
    _spread_elements(beats, elements)
    if plan.twist.reveal:
        clue_beats = [b for b in beats if b.kind in ("first_sign", "arrival", "investigation", "escalation")][:3]
        if len(clue_beats) < 2:  # a very short plan: the opening carries a clue too
            clue_beats = [beats[0]] + clue_beats
        for beat, line in zip(clue_beats, clue_lines(plan, rng, len(clue_beats))):
            beat.clue = _as_told(line, plan)
        plan.twist.clues = [b.id for b in clue_beats if b.clue]
    last = afterword(plan, rng)
    if last:  # the ending coloured by the twist: what the protagonist knows now
        beats[-1].changes = last

    def retell(kind, place, element):  # a beat told again with another element (or none)
        s = dict(slots, P=place.name if place else home, E=element.handle or element.name if element else "")
        options = [t for t in data["text"][kind] if "{choice}" not in t and "{C}" not in t
                   and ("{E}" not in t or element)] or data["text"][kind]
        options = able(options, {"E": element.name if element else ""})
        return told_at(_fill(_fresh(rng, options, used), s), place)
    if words >= 250:  # a hundred words keeps the plan's four lines and little else: no room for reasons
        link(plan, beats, rng, (slots["H"], slots["A"] if villain else "", slots["C"] if companion else "",
                                 hero.pronouns if getattr(plan, "person", "third") == "third" else ""),
             tool, clue, gone_at, retell, mute=mute)
    share_words(beats, words)
    return beats


def _choice(told, slots, leaves):
    """The beat's choice (``core.story_plan.ChoiceSchema``): what was chosen, and whether the
    companion leaves for good here; None when the beat chooses nothing."""
    if leaves:
        return PlanPart(choice=_fill("to go on without {C}", slots), leaves=True)
    if "{choice}" in told:
        return PlanPart(choice=slots["choice"], leaves=False)
    return None


def _departure(kinds, companion, plan, rng):
    """The index of the beat after which the companion leaves for good (past the end when they stay):
    in a longer story, some of the time, after the clues and before the twist; never the one the
    twist is about."""
    if companion is None or companion.id == plan.twist.about or len(kinds) < 6 or rng.random() > 0.4:
        return len(kinds)
    middle = [i for i, k in enumerate(kinds) if k in ("investigation", "escalation")]
    return middle[-1] if len(middle) >= 2 else len(kinds)


def _as_told(line, plan):
    """A clue in the past tense the story tells it in ("Nobody but Sam ever spoke to the crew"), so
    the plan's clue is the line a reader meets before the twist (names kept as they are)."""
    from ..prose.voice import to_past  # (the narration's own tense rules)
    names = sorted({n for p in [*plan.cast, *plan.elements] for n in (p.name, p.handle) if n}, key=len, reverse=True)
    keep = {}
    for i, name in enumerate(names):
        if name in line:  # whole words only: "the turbine" in "the turbines" is not the name
            keep[f"Zq{i}Q"] = name
            line = re.sub(re.escape(name) + r"(?![\w'’-])", f"Zq{i}Q", line)
    line = to_past(line)
    for token, name in keep.items():
        line = line.replace(token, name)
    return line


def _fresh(rng, options, used):
    """One of ``options`` not used yet in this plan (any, once all are)."""
    fresh = [o for o in options if o not in used] or options
    choice = rng.choice(fresh)
    used.add(choice)
    return choice


def _spread_elements(beats, elements):
    """Every key element in at least two beats (found, then used), and its ``beats`` list set."""
    middle = [b for b in beats if b.kind not in ("hook", "aftermath")] or beats
    for n, element in enumerate(elements):
        used = [b for b in beats if element.id in b.elements]
        start = n % len(middle)
        turn = middle[start:] + middle[:start]
        for beat in turn[::max(1, len(turn) // 2)] + turn:
            if len(used) >= 2:
                break
            if element.id not in beat.elements:
                beat.elements.append(element.id)
                used.append(beat)
        element.beats = [b.id for b in beats if element.id in b.elements]


def _name(person):
    return person.handle or person.name
