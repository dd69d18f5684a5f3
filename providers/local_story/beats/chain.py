"""The plan's causal chain: each beat told with its reason, the change the beat before it made
("..., because the ice auger has opened a way, and something has heard it"); a key element's use
leaves a consequence that the next beat picks up; the protagonist's choice over the element at
stake (taken, and the option refused) opens one of two branches, whose later beats, climax and
ending follow from it; and the reveal re-reads a clue planted before it. Texts from
``data/plot.json``.

What each beat changed is its ``changes`` (told at its end); the next beat's line names that change
as its cause. The beat also keeps ``because`` (the id of the beat whose change caused it) and
``cause`` (the reason in words), and the choice its ``refused`` option and ``branch`` (``keep`` or
``give``): working attributes of the typed plan, not stored with it (the texts carry them).
"""
import json
import re
from functools import lru_cache
from pathlib import Path

from core.story_plan import PlanPart

from .. import reading
from .at import told_at
from .clues import READS
from .things import able, is_kind

DATA = Path(__file__).resolve().parents[1] / "data" / "plot.json"
#: the kinds of choice, each with two branches in data/plot.json (element: keep or give)
KINDS = ("element", "flight", "door", "companion")
#: a clue line the reveal can re-read as a clause ("That was why nobody at the hut ...")
CLAUSE = re.compile(r"(The|A|An|Nobody|No|Every|Each|Someone|There|Only|In|[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*)*)\b")


@lru_cache(maxsize=1)
def bank():
    data = json.loads(DATA.read_text())
    kinds = data["choice_kinds"]
    if set(KINDS) - set(kinds):
        raise ValueError(f"data/plot.json: choice_kinds has {', '.join(KINDS)}")
    for branch in [b for kind in KINDS for b in kinds[kind]["branches"]]:
        for key in ("taken", "refused", "then", "cause", "escalation", "climax", "aftermath", "ending"):
            if not data["branches"][branch].get(key):
                raise ValueError(f"data/plot.json: no {key} for the {branch} branch")
    return data


def _fill(template, slots, rng=None):
    """``template`` with each [a|b] one of its options (drawn with ``rng``) and each {slot} filled."""
    if rng is not None:
        template = re.sub(r"\[([^\[\]]*)\]", lambda m: rng.choice(m.group(1).split("|")), template)
    text = re.sub(r"\{(\w+)\}", lambda m: slots.get(m.group(1), m.group(0)), template)
    return re.sub(r"\s+([,.;:)])", r"\1", re.sub(r" {2,}", " ", text)).strip()


def _cap(text):
    """The line's first letter upper-cased, unless the line opens on a name the narration keeps as
    written ("the star atlas ...": said with a capital, it is not recognised as the name, and its
    words are taken for verbs)."""
    if re.match(r"(the|a|an|her|his|their|its|my|your|something|someone)\b", text):
        return text
    return text[:1].upper() + text[1:]


def _low(text):
    """A line set after a lead: its first word lower-cased unless it is a name ("the back of the
    hut gave", but "Aino understood")."""
    return text[:1].lower() + text[1:] if re.match(r"(The|In|At|A|An|By|On|Every|Her|His|Their|Its|My|Your|No|Nobody|Someone|Something|Using|Holding|There|It)\b", text) else text


def _fresh(rng, options, used):
    fresh = [o for o in options if json.dumps(o) not in used] or options
    pick = rng.choice(fresh)
    used.add(json.dumps(pick))
    return pick


def _handle(element):
    return (element.handle or element.name) if element is not None else ""


def link(plan, beats, rng, people, tool, clue, gone_at, retell, mute=False):
    """Rewrite the beats of ``plan`` (as ``sequence`` made them, clues planted) into a causal chain.
    ``people`` is (hero, villain, companion) by what the plan calls them; ``retell(kind, place,
    element)`` tells a beat of that kind again with another element (a beat after the element at
    stake was given up). A ``mute`` companion (a dog) is not called after or left behind: it does
    not call out."""
    data = bank()
    hero, villain, companion, pronoun = people
    stake = tool or clue
    if clue is stake:  # what the protagonist still has once the element at stake is given up
        clue = next((e for e in plan.elements if e is not stake), None)
    slots = {"H": hero, "A": villain or "it", "C": companion or "", "home": plan.setting_short,
             "T": _handle(stake) or "the last light", "K": _handle(clue) or "the truth"}
    places = {p.id: p for p in plan.places}
    elements = {e.id: e for e in plan.elements}
    kinds = [b.kind for b in beats]
    choice_at = kinds.index("escalation") if "escalation" in kinds else (
        kinds.index("climax") if "climax" in kinds else -1)
    _assign(beats, plan.elements, stake, clue, choice_at)
    used, branch, cause, cause_from = set(), None, "", None
    companions = {p.id for p in plan.cast if p.role == "supporting"}
    for i, beat in enumerate(beats):
        departure = beat.changes if i == gone_at else ""
        s = dict(slots, P=(places.get(beat.place).name if places.get(beat.place) else plan.setting_short))
        later = places.get(beats[i + 1].place) if i + 1 < len(beats) else None
        s["moves"] = later is not None and later.id != beat.place and beats[i + 1].kind != "aftermath"
        s["N"] = later.name if later is not None and later.id != beat.place else f"the far corner of {s['P']}"
        element = elements.get(beat.elements[0]) if beat.elements else None
        s["E"] = _handle(element)
        s["things"] = _things(element, stake, clue)
        beat.because, beat.cause = (cause_from, cause) if cause else ("", "")
        if i == choice_at:
            kind = _kind(rng, data, stake if clue is not None else None, s["C"] and gone_at >= len(beats) and not mute
                         and not any(p.id == plan.twist.about for p in plan.cast if p.role == "supporting"))
            branch = data["choice_kinds"][kind]["branches"][int(rng.random() * 2)]
            then, cause = _choose(beat, s, rng, data, (kind, branch), cause, used, stake, leaves=i == gone_at,
                                  elements=plan.elements)
        elif branch and beat.kind in ("escalation", "climax"):
            entry = _fresh(rng, able(data["branches"][branch][beat.kind], s["things"]), used)
            beat.text = _cap(_fill(entry["text"], s, rng))
            if cause and stake is not None and not _names(cause, stake):  # what the beat before changed, too
                beat.text = _join(beat.text, cause, rng, data, used, hero, pronoun)
            then, cause = _fill(entry["then"], s, rng), ""  # told as the change: the next beat does not say it again
        elif branch and beat.kind == "investigation":
            if element is None or branch == "give" and element is stake:
                element = clue or (stake if branch == "keep" else None)
            if element is not None:
                beat.elements = [element.id] + [e for e in beat.elements if e != element.id]
            s["E"] = _handle(element)
            s["things"] = _things(element, stake, clue)
            if element is not None and element is not stake:  # the choice's own search, with what is left
                s["K"] = _handle(element)
                s["things"] = dict(s["things"], K=element.name)
                beat.text = _cap(_fill(_fresh(rng, able(data["branches"][branch]["investigation"], s["things"]), used),
                                       s, rng))
            else:  # nothing else to search with: the search as planned, for the reason the beat before gave
                beat.text = _join(_cap(retell(beat.kind, places.get(beat.place), element)), cause, rng, data, used,
                                  hero, pronoun)
            then, cause = _consequence(beat, element, s, rng, data, used)
        elif beat.kind == "aftermath":
            if branch:
                beat.text = _cap(_fill(rng.choice(able(data["branches"][branch]["aftermath"], s["things"])), s, rng))
                if not beat.changes or stake is not None and _names(beat.changes, stake):
                    beat.changes = _cap(_fill(rng.choice(able(data["branches"][branch]["ending"], s["things"])), s, rng))
            elif cause:
                beat.text = _join(beat.text, cause, rng, data, used, hero, pronoun)
            continue
        elif beat.kind == "reversal":
            beat.text = _reread(beat.text, beats[:i], rng, data, s)
            if cause:
                beat.text = _cap(_fill(_fresh(rng, data["reveals"], used), {"cause": cause, "main": _low(beat.text)}, rng))
            then, cause = _pair(_fresh(rng, able(data["kinds"]["reversal_element" if element is not None else "reversal"],
                                                 s["things"]), used), s, rng)
        else:
            if branch == "give" and stake is not None and element is stake:  # given up: it is not used again
                element = clue if clue is not stake else None
                beat.text = _cap(retell(beat.kind, places.get(beat.place), element))
                s["E"] = _handle(element)
                s["things"] = _things(element, stake, clue)
            if cause and beat.kind != "hook" and (beats[i - 1].kind != "hook" or beat.kind == "arrival"):
                beat.text = _join(beat.text, cause, rng, data, used, hero, pronoun)
            then, cause = _consequence(beat, element, s, rng, data, used)
        if branch == "give" and stake is not None and i > choice_at:
            beat.elements = [e for e in beat.elements if e != stake.id]
        elif stake is not None and stake.id not in beat.elements and _names(beat.text, stake):
            beat.elements.append(stake.id)  # the branch's line uses it: the writer may too
        if branch == "abandon" and i > choice_at:  # left behind: not in the later beats
            beat.who = [w for w in beat.who if w not in companions]
        if i != choice_at:  # one choice in the story: the others were the old plan's lines
            beat.choice = beat.choice if i == gone_at else None
        if departure:  # the companion leaves for good here: told after what the beat changed
            then = f"{then}; {_low(departure)}" if then else departure
            cause = _fill("{cause}, and {C} has gone", dict(s, cause=cause)) if cause else _fill("{C} has gone", s)
        if then:
            beat.changes = _cap(then)
        cause_from = beat.id
    for element in plan.elements:
        element.beats = [b.id for b in beats if element.id in b.elements]
    for beat in beats:  # "on the catwalk", "out on the salt pans"
        for place in plan.places:
            beat.text, beat.changes = told_at(beat.text, place), told_at(beat.changes, place)
            beat.cause = told_at(beat.cause, place)
    return branch


def _things(element, stake, clue):
    """The names of the elements a line's slots say: its kind of thing decides the lines it fits."""
    return {slot: e.name if e is not None else "" for slot, e in (("E", element), ("T", stake), ("K", clue))}


def _assign(beats, elements, stake, clue, choice_at):
    """Which key element each beat uses first (its consequence is the beat's change): the element at
    stake once before the choice (at the first sign, so the antagonist has seen what it does), the
    clue element twice, then every other element twice, in the beats that find and search."""
    if choice_at < 0:
        return
    free = [i for i, b in enumerate(beats) if b.kind in ("arrival", "first_sign", "investigation") and i != choice_at]
    first = next((i for i in free if beats[i].kind == "first_sign" and i < choice_at), None)
    if stake is not None and stake is not clue and first is not None:
        _lead(beats[first], stake)
        free.remove(first)
    wanted = ([clue] * 2 if clue is not None else []) + [e for e in elements if e not in (stake, clue) for _ in (0, 1)]
    if stake is not None and first is None:
        wanted.insert(0, stake)
    for i, element in zip(free, wanted):
        _lead(beats[i], element)


def _lead(beat, element):
    beat.elements = [element.id] + [e for e in beat.elements if e != element.id]


def _kind(rng, data, stake, companion):
    """Which kind of choice the story turns on: over the element at stake (when there is one, and
    another to go on with if it is given up), to stay or run, to open a door or seal it, to go
    after the companion (one who is still there) or leave them."""
    kinds = [k for k in KINDS if (k != "element" or (stake is not None and is_kind(stake.name, "portable")))
             and (k != "companion" or companion)]  # nobody keeps or hands over a door
    return kinds[int(rng.random() * len(kinds))]


def _choose(beat, s, rng, data, kind_branch, cause, used, stake, leaves, elements=()):
    """The choice beat: what the antagonist asks, what the protagonist takes and refuses."""
    kind, branch = kind_branch
    chosen = data["branches"][branch]
    fit = s["things"]
    taken, refused = _fill(rng.choice(able(chosen["taken"], fit)), s, rng), _fill(rng.choice(able(chosen["refused"], fit)), s, rng)
    dilemma = _fill(rng.choice(able(data["choice_kinds"][kind].get("dilemmas") or data["dilemmas"], fit)), s, rng)
    frame = rng.choice(data["dilemma_causes"]) if cause else "{dilemma}, and {H} chooses {taken}, not {refused}"
    said = taken.replace(s["T"], "it", 1) if s["T"] in dilemma else taken  # named once in the sentence
    said = re.sub(r"\b(give|hand) (up|over) it\b", r"\1 it \2", said)  # "to give it up"
    beat.text = _cap(_fill(frame, dict(s, cause=cause, dilemma=dilemma, taken=said, refused=refused), rng))
    if stake is not None:  # what the choice is made with: the element at stake, whatever the kind ...
        beat.elements = [stake.id] + [e for e in beat.elements if e != stake.id]
        if branch == "give":  # ... handed over here: last, so the beat's lines use another (or none)
            beat.elements = [e for e in beat.elements[1:] or [e.id for e in elements if e is not stake][:1]] + \
                [stake.id]
    beat.choice = PlanPart(choice=f"{taken}, not {refused}", leaves=leaves)
    beat.choice.taken, beat.choice.refused, beat.choice.branch = taken, refused, branch
    then = _fill(rng.choice(able(chosen["then"], fit)), s, rng)
    return then, _fill(_fresh(rng, able(chosen["cause"], fit), used), s, rng)


def _consequence(beat, element, s, rng, data, used):
    """What this beat changed and the reason the next beat gives for it: the key element's
    consequence (by its job) when the beat has one, else the beat's own kind of change."""
    if element is not None:
        options = able(data["uses"].get(element.job, data["uses"]["clue"]), s["things"])
        moves = s.get("moves") and element.job in ("clue", "tool")
        if moves:  # the story says where it sends them ("... made the cave door the next place to look"): not twice
            options = [o for o in options if "{N}" not in o["then"]] or options
        if not reading.is_readable(element.name):  # no page in a thermos
            options = [o for o in options if not READS.search(o["then"])] or options
        if all(json.dumps(o) in used for o in options):  # each of its consequences told once: the beat's own
            return _consequence(beat, None, s, rng, data, used)
        then, cause = _pair(_fresh(rng, options, used), s, rng)
        if moves and then.startswith(s["E"]):  # told right after that line: not a second sentence opening alike
            then = rng.choice(data["asides"]) + _low(then)
        return then, cause
    options = [o for o in data["kinds"].get(beat.kind, data["kinds"]["investigation"])
               if s["C"] or "{C}" not in o["then"]] or data["kinds"]["investigation"]
    then, cause = _pair(_fresh(rng, options, used), s, rng)
    # the hook's reason is news to the next beat; the others' would say their change again, just told
    return then, cause if beat.kind == "hook" else ""


def _pair(pair, s, rng):
    return _fill(pair["then"], s, rng), _fill(pair["cause"], s, rng)


def _join(main, cause, rng, data, used, hero, pronoun):
    """The beat's line with its reason: the line first (so the story still opens each beat on
    what happens), the cause after it, in one of a few ways ("..., because she will need ...":
    the protagonist named once in the sentence)."""
    main = main.rstrip(". ")
    if pronoun in ("she", "he") and hero in main and cause.startswith(hero + " "):
        cause = pronoun + cause[len(hero):]
    joins = [j for j in data["joins"] if not ("because" in j and "because" in main)
             and not (";" in j and ";" in main)
             and not ("now that" in j and (" will " in cause or main.endswith(" not to")))]
    return _cap(_fill(_fresh(rng, joins, used), {"main": main, "cause": cause}, rng)) + "."


def _reread(text, before, rng, data, s):
    """The reveal, and what it makes of a clue told before it: the earliest clue that reads as a
    clause ("That was why nobody at the hut looked straight at Aino")."""
    clues = [b.clue for b in before if getattr(b, "clue", "")]
    line = next((c for c in clues if CLAUSE.match(c)), "")
    if not line:
        return text
    clause = line.rstrip(". ")
    if not re.match(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*(?:'s)?\b(?! (?:of|in)\b)", clause) or \
            re.match(r"(The|A|An|Nobody|No|Every|Each|Someone|There|Only|In)\b", clause):
        clause = clause[:1].lower() + clause[1:]
    return text.rstrip(". ") + ". " + _cap(_fill(rng.choice(data["rereads"]), dict(s, clue=clause), rng)) + "."


def _names(text, element):
    low = text.lower()
    return any(n and n.lower() in low for n in (element.name, element.handle))
