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
import random
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
#: a line that already gives its own reason: a second one is not joined to it
REASONED = re.compile(r"\b(because|since|now that|so that)\b|, for ")
CLAUSE = re.compile(r"(The|A|An|Nobody|No|Every|Each|Someone|There|Only|In|[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*)*)\b")


@lru_cache(maxsize=1)
def bank():
    data = json.loads(DATA.read_text())
    kinds = data["choice_kinds"]
    if set(KINDS) - set(kinds):
        raise ValueError(f"data/plot.json: choice_kinds has {', '.join(KINDS)}")
    data["acts_compiled"] = tuple((re.compile(act["main"]), re.compile(act["causes"]), act.get("same_thing", False))
                                  for name, act in data["acts"].items() if not name.startswith("_"))
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
    used, branch, cause, cause_from, chosen = set(), None, "", None, None
    companions = {p.id for p in plan.cast if p.role == "supporting"}
    for i, beat in enumerate(beats):
        departure = beat.changes if i == gone_at else ""
        s = dict(slots, P=(places.get(beat.place).name if places.get(beat.place) else plan.setting_short))
        later = places.get(beats[i + 1].place) if i + 1 < len(beats) else None
        s["moves"] = later is not None and later.id != beat.place and beats[i + 1].kind != "aftermath"
        s["N"] = later.name if later is not None and later.id != beat.place else f"the far corner of {s['P']}"
        element = elements.get(beat.elements[0]) if beat.elements else None
        s["all"] = tuple((e.name, e.handle) for e in plan.elements)
        s["shown"] = any(b.kind == "first_sign" for b in beats[:i + 1])  # the antagonist has been seen
        if not s["shown"] and beat.kind != "hook":  # not named before it is seen: "whenever something is near"
            s["A"] = "something"
        s["after"] = beats[i + 1].text if i + 1 < len(beats) and i + 1 != choice_at else ""  # what the reason is for
        s["E"] = _handle(element)
        s["things"] = _things(element, stake, clue)
        beat.because, beat.cause = (cause_from, cause) if cause else ("", "")
        if i == choice_at:
            kind = _kind(rng, data, stake if clue is not None else None, s["C"] and gone_at >= len(beats) and not mute
                         and not any(p.id == plan.twist.about for p in plan.cast if p.role == "supporting"))
            branch = data["choice_kinds"][kind]["branches"][int(rng.random() * 2)]
            then, cause = _choose(beat, s, rng, data, (kind, branch), cause, used, stake, leaves=i == gone_at,
                                  elements=plan.elements)
            chosen = beat
        elif branch and beat.kind in ("escalation", "climax"):
            entry = _fresh(rng, able(data["branches"][branch][beat.kind], s["things"]), used)
            beat.text = _cap(_fill(entry["text"], s, rng))
            if cause and stake is not None and not _names(cause, stake):  # what the beat before changed, too
                _reason(beat, cause, rng, data, used, people, beats[:i], s["all"])
            _own_reason(beat, chosen)
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
                _own_reason(beat, chosen)
            else:  # nothing else to search with: the search as planned, for the reason the beat before gave
                beat.text = _cap(retell(beat.kind, places.get(beat.place), element))
                _reason(beat, cause, rng, data, used, people, beats[:i], s["all"])
            then, cause = _consequence(beat, element, s, rng, data, used, later=s["N"] != f"the far corner of {s['P']}")
        elif beat.kind == "aftermath":
            if branch:
                beat.text = _cap(_fill(rng.choice(able(data["branches"][branch]["aftermath"], s["things"])), s, rng))
                if not beat.changes or stake is not None and _names(beat.changes, stake):
                    beat.changes = _cap(_fill(rng.choice(able(data["branches"][branch]["ending"], s["things"])), s, rng))
            elif cause:
                _reason(beat, cause, rng, data, used, people, beats[:i], s["all"])
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
                _reason(beat, cause, rng, data, used, people, beats[:i], s["all"])
            then, cause = _consequence(beat, element, s, rng, data, used, later=s["N"] != f"the far corner of {s['P']}")
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
    frame = drawn = rng.choice(data["dilemma_causes"]) if cause else "{dilemma}, and {H} chooses {taken}, not {refused}"
    if cause and REASONED.search(frame) and not explains(data, "a choice", cause):
        timed = [f for f in data["dilemma_causes"] if not REASONED.search(f)]  # "By then ...": a time, not a reason
        frame = timed[data["dilemma_causes"].index(frame) % len(timed)]
    twin = _twin(rng)
    said = taken.replace(s["T"], "it", 1) if s["T"] in dilemma else taken  # named once in the sentence
    said = re.sub(r"\b(give|hand) (up|over) it\b", r"\1 it \2", said)  # "to give it up"
    said = dict(s, cause=cause, dilemma=dilemma, taken=said, refused=refused)
    _fill(drawn, said, rng)  # the drawn frame's numbers used, whichever frame is told
    beat.text = _cap(_fill(frame, said, twin))
    if stake is not None:  # what the choice is made with: the element at stake, whatever the kind ...
        beat.elements = [stake.id] + [e for e in beat.elements if e != stake.id]
        if branch == "give":  # ... handed over here: last, so the beat's lines use another (or none)
            beat.elements = [e for e in beat.elements[1:] or [e.id for e in elements if e is not stake][:1]] + \
                [stake.id]
    beat.choice = PlanPart(choice=f"{taken}, not {refused}", leaves=leaves)
    beat.choice.taken, beat.choice.refused, beat.choice.branch = taken, refused, branch
    then = _fill(rng.choice(able(chosen["then"], fit)), s, rng)
    drawn, said = _fresh_fitting(rng, able(chosen["cause"], fit), used, lambda c: "{T}" in c)  # what it was chosen with
    twin = _twin(rng)
    _fill(drawn, s, rng)  # the drawn reason's numbers used, whichever is told
    return then, _fill(said or drawn, s, twin)


def _consequence(beat, element, s, rng, data, used, later=True):
    """What this beat changed and the reason the next beat gives for it: the key element's
    consequence (by its job) when the beat has one, else the beat's own kind of change."""
    if element is not None:
        options = able(data["uses"].get(element.job, data["uses"]["clue"]), s["things"])
        moves = s.get("moves") and element.job in ("clue", "tool")
        if moves:  # the story says where it sends them ("... made the cave door the next place to look"): not twice
            options = [o for o in options if "{N}" not in o["then"]] or options
        if not later:  # no next place: nothing smells of "the far corner of the tents"
            options = [o for o in options if not re.search(r"(smell|reek) of\]? \{N\}", o["then"])] or options
        if not reading.is_readable(element.name):  # no page in a thermos
            options = [o for o in options if not READS.search(o["then"])] or options
        if all(json.dumps(o) in used for o in options):  # each of its consequences told once: the beat's own
            return _consequence(beat, None, s, rng, data, used)
        once = "state" in used or not s.get("shown")  # "not as she left it": once, after the antagonist was seen
        drawn, pick = _fresh_fitting(rng, options, used, lambda o: not (once and o.get("state")) and (
            s.get("shown") or not o.get("seen")),
                                     lambda o: not s.get("after") or explains(data, s["after"], _fill(o["cause"], s), s["all"]))
        if pick is None:  # nothing it can do here yet: the beat's own kind of change
            _pair(drawn, s, rng)  # its numbers used all the same
            return _consequence(beat, None, s, rng, data, used)
        then, cause = _pair(pick, s, rng, drawn)
        if pick.get("state"):  # told once (its reason says who has been at it, not the change again)
            used.add("state")
        if moves and then.startswith(s["E"]):  # told right after that line: not a second sentence opening alike
            then = rng.choice(data["asides"]) + _low(then)
        return then, cause
    options = [o for o in data["kinds"].get(beat.kind, data["kinds"]["investigation"])
               if s["C"] or "{C}" not in o["then"]] or data["kinds"]["investigation"]
    drawn, pick = _fresh_fitting(rng, options, used, lambda o: not s.get("after") or explains(
        data, s["after"], _fill(o["cause"], s), s.get("all", ())))
    then, cause = _pair(pick or drawn, s, rng, drawn)
    # the hook's reason is news to the next beat; the others' would say their change again, just told
    return then, cause if beat.kind == "hook" else ""


def _twin(rng):
    """A generator that draws the numbers ``rng`` would draw next, without moving ``rng`` on."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def _pair(pair, s, rng, drawn=None):
    """The pair's change and reason filled; a pair put in place of the ``drawn`` one is filled with
    the numbers the drawn one would have used, and those are used up (later draws do not shift)."""
    if drawn is not None and drawn is not pair:
        twin = _twin(rng)
        _pair(drawn, s, rng)
        rng = twin
    return _fill(pair["then"], s, rng), _fill(pair["cause"], s, rng)


def explains(data, main, cause, things=()):
    """Whether ``cause`` is a reason for what the line ``main`` does (data/plot.json ``acts``): a thing
    to hold for taking one, a sign that leads for going, the truth for facing the antagonist; for an
    act about one thing (finding out who had it), a reason about that thing (``things``: the key
    elements' names and handles), when the line and the reason each name one."""
    def named(text):
        low = text.lower()
        return {i for i, names in enumerate(things) if any(n and n.lower() in low for n in names)}
    return any(act.search(main) and reason.search(cause) and not (same and named(main) and named(cause)
                                                                  and not named(main) & named(cause))
               for act, reason, same in data["acts_compiled"])


def _fresh_fitting(rng, options, used, *fits):
    """The option drawn as ``_fresh`` draws it (the same numbers used) and the one told: the drawn
    one when it passes every test in ``fits``, else the next fresh one after it that does (when two
    or more do: one line that alone fits is not forced on every story), else (dropping the last
    test, then the one before) the next that passes the first ones; None for the one told when no
    option passes the first test."""
    pick = _fresh(rng, options, used)
    fresh = [o for o in options if json.dumps(o) not in used or o is pick]
    at = fresh.index(pick)
    other = None
    for n in range(len(fits), 0, -1):
        passing = [o for o in [pick] + fresh[at + 1:] + fresh[:at] if all(f(o) for f in fits[:n])]
        if passing and (n == 1 or len(passing) >= 2):  # not one line forced on every story that gets here
            other = passing[0]
            break
    if other is None:  # none passes even the first test: the caller tells something else
        return pick, None
    if other is pick:
        return pick, pick
    used.discard(json.dumps(pick))
    used.add(json.dumps(other))
    return pick, other


def _own_reason(beat, chosen):
    """A line of the branch that gives its own reason ("..., because Kenji chose to stay"): that
    reason is the beat's, and the choice the beat it follows from (when the reason says what the
    choice did)."""
    if beat.cause and beat.cause.lower() in beat.text.lower():
        return
    own = REASONED.search(beat.text)
    if own and chosen is not None:
        reason = re.split(r"[;:,(]| and (?:says|holds|uses|throws|gets|breaks)", beat.text[own.end():])[0].strip(" .")
        said = set(re.findall(r"[a-z']+", f"{chosen.text} {chosen.changes}".lower()))
        if {w for w in re.findall(r"[a-z']+", reason.lower()) if len(w) > 3} & said:
            beat.because, beat.cause = chosen.id, reason


def _reason(beat, cause, rng, data, used, people, before=(), things=()):
    """The beat's line joined to its reason when the reason explains it; else, when the reason is
    what a key element did (or the line alone would say an earlier beat's line again), the two
    told side by side as a time ("...; by then the box had ticked each time it came near"), not
    as a reason; else the line alone (the change was told at the end of the beat before), and the
    beat keeps no reason."""
    hero, _, _, pronoun = people
    joined = _join(beat.text, cause, rng, data, used, hero, pronoun)  # drawn either way: the same numbers used
    if REASONED.search(beat.text) or not explains(data, beat.text, cause, things):
        line = beat.text.rstrip(". ")
        if _names_any(cause, things) or any(b.text.rstrip(". ") == line for b in before):
            timed = [j for j in data["timed_joins"]["joins"] if not (";" in j and ";" in line)]
            beat.text = _cap(_fill(timed[len(line) % len(timed)], {"cause": cause, "main": line})) + "."
            return
        beat.because, beat.cause = "", ""
        return
    beat.text = joined


def _names_any(text, things):
    low = text.lower()
    return any(n and n.lower() in low for names in things for n in names)


def _join(main, cause, rng, data, used, hero, pronoun):
    """The beat's line with its reason: the line first (so the story still opens each beat on
    what happens), the cause after it, in one of a few ways ("..., because she will need ...":
    the protagonist named once in the sentence)."""
    main = main.rstrip(". ")
    if pronoun in ("she", "he") and hero in main and cause.startswith(hero + " "):
        cause = pronoun + cause[len(hero):]
    joins = [j for j in data["joins"] if not ("because" in j and "because" in main)
             and not (";" in j and ";" in main)
             and not ("now that" in j and (re.search(r"\b(will|would|mean|means|need|want)\b", cause)
                                           or main.endswith(" not to")))]
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
