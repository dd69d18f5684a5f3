"""The supporting cast's own lines (``data/roles.json``, loaded and validated once): where each one
is and what their work has them do ("the skipper" at the wheel, bringing the boat round), the hour
of a habit the characters field gives them ("who comes every night at two"), and in the beats they
are in, a line tied to the beat: a warning about the key element, a place they will not go into,
what they know of its past, their side at the protagonist's choice, and at the end their fate as
the twist has it (one dead all along is not there in the morning)."""
import json
import re
from functools import lru_cache
from pathlib import Path

from ..grammar import is_quiet
from .bank import MOST_FIXED, VARYING, fixed_run

DATA = Path(__file__).resolve().parents[1] / "data" / "roles.json"
LINES = ("post", "hour", "warn", "refuse", "past", "side_taken", "side_refused", "after", "gone")
SLOTS = {"C", "C_they", "C_their", "C_them", "I", "me", "my", "at", "does", "hour", "E", "place", "home", "taken",
         "refused"}
#: the slots of a role line that hold the story's own words (a run of fixed words stops there)
OWN = set(VARYING) | {"at", "does", "hour", "taken", "refused"}
#: the slots of a role line said with their article ("the waterproof logbook")
NOUNS = {"E", "place", "home"}
#: the hour of a habit: "who comes every night at two", "at 3 a.m."
HOUR = re.compile(r"\bat ((?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|midnight|noon|\d{1,2}(?::\d\d)?)"
                  r"(?: ?(?:a\.m\.|p\.m\.|am|pm|o'clock))?)\b", re.I)
#: a story of fewer words is short: its supporting people have their post, their side and their fate only
SHORT = 600
#: what only someone who speaks does
SAYS = re.compile(r'"|\b(said|asked|told|warned|remembered)\b')
#: the kinds of beat that say which line of a supporting person
BY_KIND = {"hook": ["warn"], "arrival": ["warn", "past"], "first_sign": ["warn", "refuse"],
           "investigation": ["past", "refuse"], "escalation": ["past"], "climax": ["refuse"]}


def _run(text):
    """The longest run of fixed words of a role line (``bank.fixed_run`` with the role slots)."""
    return fixed_run(text, OWN, NOUNS)


@lru_cache(maxsize=1)
def roles():
    """``(roles, titles, lines)``: role noun -> {"at": [...], "does": [...]}, title -> role, what -> [lines]."""
    data = json.loads(DATA.read_text())
    table, titles, lines = data["roles"], data["titles"], data["lines"]
    for noun, role in table.items():
        if not role.get("at") or not role.get("does") or set(role) != {"at", "does"}:
            raise ValueError(f"{DATA.name}: role {noun!r} has places ('at') and actions ('does')")
    for title, noun in titles.items():
        if noun not in table:
            raise ValueError(f"{DATA.name}: title {title!r} names no role ({noun!r})")
    if set(lines) != set(LINES) or not all(lines.values()):
        raise ValueError(f"{DATA.name}: lines for exactly {sorted(LINES)}")
    for what, options in lines.items():
        for line in options:
            unknown = {s for s in re.findall(r"\{(\w+)\}", line) if s not in SLOTS and s[:1].lower() + s[1:] not in SLOTS}
            if unknown:
                raise ValueError(f"{DATA.name} {what}: unknown slots {sorted(unknown)}: {line!r}")
            if _run(line) > MOST_FIXED:
                raise ValueError(f"{DATA.name} {what}: more than {MOST_FIXED} fixed words in a row: {line!r}")
    return table, titles, lines


def role_of(person):
    """The role noun of a supporting ``person`` ("skipper" for "her brother, the skipper"; "nurse"
    for "Sister Ruth"), or ""."""
    table, titles, _ = roles()
    words = re.findall(r"[\w.']+", (person.look or "").lower())
    for word in reversed(words):  # "the night attendant", "the motel keeper": the head noun is last
        if word in table:
            return word
    first = (person.name or "").split()[:1]
    return titles.get(first[0].lower(), "") if first else ""


def hour_of(person):
    """The hour the characters field gives a person's habit ("two" for "who comes every night at two")."""
    m = HOUR.search(person.look or "")
    return m.group(1) if m and re.search(r"\b(every|each|always|nightly)\b", person.look or "") else ""


def _value(s, key):
    """A slot's value; "{At}" is "{at}" said at the start of a sentence."""
    if key in s:
        return str(s[key] or "")
    value = str(s.get(key[:1].lower() + key[1:]) or "")
    return value[:1].upper() + value[1:]


def _bare(option):
    return re.sub(r"^to\s+", "", (option or "").strip()).rstrip(".")


class Company:
    """What the supporting people of a plan do and say, beat by beat."""

    def __init__(self, plan, voice, rng, dialogue, kind, short=False):
        self.plan, self.voice, self.rng, self.dialogue, self.kind = plan, voice, rng, dialogue, kind
        self.short = short  # a short story: each one at their post, their side and their fate, no more
        self.seen = set()  # who has been shown at their post
        self.used = set()
        self.about = plan.twist.about if plan.twist.reveal else ""
        at = next((i for i, b in enumerate(plan.beats) if b.kind == "reversal"), len(plan.beats))
        self.revealed_at = at
        self.index = {b.id: i for i, b in enumerate(plan.beats)}
        self.picked = {}  # each person's one place and one kind of work, the same all story
        self.early = []  # of the last beat's lines, those told as soon as the person is met (their post, their hour)

    def _dead(self, person):
        return person.id == self.about and self.kind == "dead_other"

    def _quiet(self, person):
        return person.pronouns == "it" or is_quiet(f"{person.name}, {person.look}")

    def _line(self, what, person, s):
        _, _, lines = roles()
        quiet = self._quiet(person)  # a dog, or "her silent son Tom": neither speech nor "said so"
        options = [t for t in lines[what] if t not in self.used and ('"' not in t or self.dialogue and not quiet)
                   and not (quiet and SAYS.search(t))]
        options = [t for t in options if all(_value(s, k) for k in re.findall(r"\{(\w+)\}", t))]
        if not options:
            return ""
        template = self.rng.choice(options)
        self.used.add(template)

        text = re.sub(r"\[([^\[\]]*)\]", lambda m: self.rng.choice(m.group(1).split("|")), template)
        text = re.sub(r"\{(\w+)\}", lambda m: _value(s, m.group(1)), text)
        text = re.sub(r"([.!?] \"?|^\"?)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
        if self.voice.perspective == "second":
            text = re.sub(r"\b([Yy]ou) was\b", r"\1 were", text)
        if s.get("C_was") == "were" and s.get("C"):  # "the twins were with them", now they are a they
            text = re.sub(re.escape(s["C"]) + r" was\b", lambda m: m.group(0)[:-3] + "were", text, flags=re.I)
        return text

    def _slots(self, person, beat, base):
        table, _, _ = roles()
        role = table.get(role_of(person))
        if role and person.id not in self.picked:
            self.picked[person.id] = (self.rng.choice(role["at"]), list(role["does"]))
        s = dict(base)
        s.update(self.voice.person_slots(person, "C"))
        s["C"] = person.handle or person.name if person.id in self.seen else s["C"]
        if role:
            at, does = self.picked[person.id]
            s["at"], s["does"] = at, self.rng.choice(does)
        s["hour"] = hour_of(person)
        choice = getattr(beat, "choice", None)
        if choice is not None and getattr(choice, "taken", ""):
            s["taken"], s["refused"] = _bare(choice.taken), _bare(choice.refused)
        return s

    def lines(self, beat, base):
        """The lines of the supporting people in ``beat`` (``base``: the beat's slots, the place, the
        key element, the protagonist's pronouns); their post and hour, told first, are left in ``early``."""
        out, self.early = [], []
        at = self.index.get(beat.id, 0)
        people = [self.voice.cast[c] for c in beat.who if c in self.voice.cast and self.voice.cast[c].role == "supporting"]
        if beat.kind == "aftermath":  # each one's fate, as the plan has it: not all are in its `who`
            return [line for p in self._others() for line in [self._fate(p, beat, base)] if line]
        for person in people:
            if at > self.revealed_at and self._dead(person):
                continue  # dead all along: after the reveal, no more of them
            s = self._slots(person, beat, base)
            first = person.id not in self.seen
            self.seen.add(person.id)
            if first and s.get("hour"):
                self.early.append(self._line("hour", person, s))
            if first and s.get("at"):  # where the plan's line has them ("already in the control room"), there
                placed = any(n and n in beat.text for n in (person.name, person.handle))
                self.early.append(self._line("post", person, dict(s, at="") if placed else s))
            choice = getattr(beat, "choice", None)
            named = any(n and n in f"{s.get('taken')} {s.get('refused')}" for n in (person.name, person.handle))
            if choice is not None and s.get("taken") and not self._quiet(person) and not named:  # not "go for Des", to Des
                side = "side_refused" if person.id == self.about or self.rng.random() < 0.4 else "side_taken"
                out.append(self._line(side, person, s))
            elif not self.short:
                options = [w for w in BY_KIND.get(beat.kind, []) if (w != "warn" or s.get("E")) and
                           (w != "refuse" or not first)]  # not shown at their post and then kept from this place
                out.extend(self._line(what, person, s) for what in options[:1])
        return [line for line in out if line]

    def _others(self):
        return [p for p in self.plan.cast if p.role == "supporting" and p.id in self.seen]

    def _fate(self, person, beat, base):
        if getattr(self.plan, "method", "") == "imitation" or self.kind == "culprit" and person.id == self.about:
            return ""
        gone = any(getattr(getattr(b, "choice", None), "leaves", False) for b in self.plan.beats)
        if gone and person is next((p for p in self.plan.cast if p.role == "supporting"), None):
            return ""  # the companion who went on alone is not back for the morning
        s = self._slots(person, beat, base)
        if self._dead(person):
            return self._line("gone", person, s)
        if person.id == self.about:  # what becomes of the one the twist is about is the twist's to say
            return ""
        return self._line("after", person, s) if s.get("at") else ""
