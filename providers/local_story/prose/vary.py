"""A place or a fixture named again without being said in full every time: "the back of the hut"
31 times in one story, "the tent pegs" 34 times, read as a refrain. Each is said in full a few times
in 1,000 words (a place when the scene moves there), then by a short handle ("the
pegs"), by where the scene is ("inside", "out there"), by a pronoun after the prepositions the data
lists (none now: "Over them, her neck prickled" read wrong half the time), or by another fixture of the same place in turn. The setting itself ("the Bedouin camp", 38 times
in one story) is said in full a few times, then by its handle ("the camp", or "the place"), now and
then "here". Sentences are rewritten, never dropped, so the story keeps its length. The rules are
``data/vary.json``."""
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..fields import is_plural

DATA = Path(__file__).resolve().parents[1] / "data" / "vary.json"
RATES = ("place", "place_short", "place_there", "fixture", "fixture_short", "home", "home_short", "home_here")


@lru_cache(maxsize=1)
def rules():
    """``data/vary.json``, checked: rates for each kind of mention, what a preposition and a place
    become where the scene is, and the words that do not stand for a place alone."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    rates = raw["rates"]
    if set(rates) != set(RATES) or not all(isinstance(v, (int, float)) and v > 0 for v in rates.values()):
        raise ValueError(f"{DATA.name}: rates has a positive number for each of {', '.join(RATES)}")
    for word, where in raw["there"].items():
        if set(where) != {"indoors", "outdoors"} or not all(isinstance(x, str) for v in where.values() for x in v):
            raise ValueError(f"{DATA.name}: there.{word} lists what it becomes indoors and outdoors")
    for key in ("before_pronoun", "cut_at", "no_short_heads"):
        if not all(isinstance(w, str) and w == w.lower() and " " not in w for w in raw[key]):
            raise ValueError(f"{DATA.name}: {key} is a list of lower-case words")
    if not all(isinstance(w, str) and w == w.lower() for w in raw["here"]):
        raise ValueError(f"{DATA.name}: here is a list of the lower-case words before the setting that make it 'here'")
    if not re.fullmatch(r"the [a-z]+", raw["home_plain"]):
        raise ValueError(f"{DATA.name}: home_plain is what any setting may be called ('the place')")
    return {"rates": dict(rates), "there": raw["there"], "here": frozenset(raw["here"]), "home_plain": raw["home_plain"], "before_pronoun": frozenset(raw["before_pronoun"]),
            "cut_at": tuple(raw["cut_at"]), "no_short_heads": frozenset(raw["no_short_heads"])}


def short_handle(phrase):
    """The shorter name a phrase goes by once said: "the back of the hut" -> "the back", "the tent
    pegs" -> "the pegs", "the ranger's hut" -> "the hut"; "" when it has none ("the bedrolls",
    "the sick bay" is no "bay")."""
    r = rules()
    words = phrase.split()
    if len(words) < 2 or words[0].lower() != "the":
        return ""
    cut = next((i for i, w in enumerate(words) if i >= 2 and w.lower() in r["cut_at"]), None)
    if cut is not None:
        words = words[:cut]
        if len(words) == 2:  # "the back of the hut" is not "the back": "Cold fish lay across the back"
            return "" if words[1].lower() in r["no_short_heads"] else " ".join(words)
    if len(words) >= 3 or "-" in words[1]:
        last = words[-1].split("-")[-1]
        if last.lower() in r["no_short_heads"]:
            return ""
        return "the " + last
    return ""


@dataclass
class _Named:
    full: str
    place: object = None  # the plan's place, for a place
    short: str = ""
    said: int = 0
    said_short: int = 0
    said_there: int = 0
    plural: bool = False
    alts: list = field(default_factory=list)  # other fixtures that may stand in (same place first)
    home: bool = False  # the setting itself ("the Bedouin camp"): then "the camp", then "here"


class Varier:
    """Names places and fixtures again, beat by beat, as the story is written: ``beat`` rewrites
    a beat's sentences (``Sentence``) in place, so the words the story still owes are counted
    after the rewriting and the length holds."""

    def __init__(self, plan, home_short=""):
        self.r = rules()
        self.named = _named(plan)
        home = getattr(plan, "setting_short", "") or ""
        if home and home.lower() not in self.named:  # "the Bedouin camp" 38 times in one story
            short = home_short if home_short and home_short.lower() != home.lower() else self.r["home_plain"]
            self.named[home.lower()] = _Named(home, short=short, home=True)
        protected = [n for e in plan.elements for n in (e.name, e.handle) if n] + \
                    [s for p in plan.places for s in p.sounds] + [n for p in plan.cast for n in (p.name, p.handle) if n]
        phrases = sorted({*self.named, *(p.lower() for p in protected)}, key=len, reverse=True)
        self.pattern = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(p) for p in phrases) + r")(?![\w-])", re.I) \
            if self.named else None
        self.places = {p.id: p for p in plan.places}
        self.words = 0

    def beat(self, sentences, beat):
        if self.pattern is None:
            return
        here, before = self.places.get(beat.place), set()
        # each beat names its own place in full the first time (the scene is there now)
        self.arrived = False if here is not None else True
        kept = _runs(beat.text) if getattr(beat, "edited", False) else set()
        for sentence in sentences:
            if kept & _runs(sentence.text):  # the author's own line for the beat: as they wrote it
                self.words += sentence.words
                continue
            state = _State(self.named, self.r, self.words, here, before, self)
            text = self.pattern.sub(state.name, sentence.text)
            # "In the back of the hut, two sets" -> "Inside, two sets": the preposition goes with the place
            sentence.text = re.sub(r"\b(\w+) \0(\S)", lambda m: m.group(2).upper() if m.group(1)[:1].isupper()
                                   else m.group(2), text).replace("\0", "")
            before = state.mentioned
            self.words += sentence.words


def _runs(text, size=5):
    """The runs of ``size`` words of ``text`` (lower-cased), to find a line the author wrote."""
    words = re.findall(r"[\w']+", str(text or "").lower())
    return {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}


def _named(plan):
    places = {phrase: p for p in plan.places for phrase in (p.name, p.handle) if phrase}
    named = {}
    for phrase, place in places.items():
        named[phrase.lower()] = _Named(phrase, place=place, plural=is_plural(phrase))
    fixtures = []
    for p in plan.places:
        fixtures += [(f, p) for f in p.fixtures if f.lower() not in named]
    for f, p in fixtures:
        if f.lower() in named:
            continue
        own = [g for g in p.fixtures if g != f]
        others = [g for g, _ in fixtures if g != f and g not in own]
        named[f.lower()] = _Named(f, plural=is_plural(f), alts=[g.lower() for g in own + others])
    taken = set(named)
    shorts = {}
    for n in named.values():
        short = short_handle(n.full)
        if short and short.lower() not in taken:
            shorts.setdefault(short.lower(), []).append(n)
    for short, owners in shorts.items():
        if len(owners) == 1:  # "the book" for one of "the log book", "the prescription book", not both
            owners[0].short = short
    for n in named.values():  # "the bedrolls" for "the tent pegs"; not "the rind on the walls" for "the rack"
        n.alts = [a for a in n.alts if a in named and named[a].plural == n.plural and _looks_plural(a) == _looks_plural(n.full)]
    return named


def _looks_plural(phrase):
    return bool(re.search(r"(?<!s)s$", phrase))


class _State:
    """One sentence's rewriting: what it named (for the next sentence's pronouns)."""

    def __init__(self, named, rules_, words, here, before, varier):
        self.named, self.r, self.words, self.here, self.before = named, rules_, words, here, before
        self.varier = varier
        self.mentioned = set()

    def allow(self, kind, count):
        return count < 1 + self.r["rates"][kind] * self.words / 1000

    def name(self, m):
        key = m.group(1).lower()
        n = self.named.get(key)
        if n is None:  # a key element, a sound, a name: as written
            return m.group(1)
        text = m.string
        prev = re.search(r"(\w+)\W*$", text[:m.start()])
        prev = prev.group(1).lower() if prev else ""
        if n.home:
            out = self._home(n, prev)
        else:
            out = self._place(n, prev) if n.place is not None else self._fixture(n, key, prev)
        self.mentioned.add(key)
        return _case(out, m.group(1))

    def _place(self, n, prev):
        kind = "outdoors" if n.place.outdoors else "indoors"
        if n.place is self.here and not self.varier.arrived:
            self.varier.arrived = True
            n.said += 1
            return n.full
        if self.allow("place", n.said):
            n.said += 1
            return n.full
        if n.short and self.allow("place_short", n.said_short):
            n.said_short += 1
            return n.short
        there = self.r["there"].get(prev, {}).get(kind, [])
        if there and self.here is n.place and self.allow("place_there", n.said_there):  # the scene is there: "inside"
            n.said_there += 1
            return _prep_swap(there[(n.said + n.said_short) % len(there)])
        if n.short and n.said_short < n.said:  # past both rates, the form said less
            n.said_short += 1
            return n.short
        n.said += 1
        return n.full

    def _home(self, n, prev):
        """The setting: in full a few times, then its handle ("the camp"), or "here" after "in"."""
        if self.allow("home", n.said):
            n.said += 1
            return n.full
        if prev in self.r["here"] and self.allow("home_here", n.said_there):  # "Nobody in the camp knew" -> "Nobody here knew"
            n.said_there += 1
            return _prep_swap("here")
        if n.short and self.allow("home_short", n.said_short):
            n.said_short += 1
            return n.short
        if n.short and n.said_short < n.said:
            n.said_short += 1
            return n.short
        n.said += 1
        return n.full

    def _fixture(self, n, key, prev):
        if self.allow("fixture", n.said):
            n.said += 1
            return n.full
        if key in self.before and prev in self.r["before_pronoun"]:  # "Under it: a clean square"
            return "them" if n.plural else "it"
        if n.short and self.allow("fixture_short", n.said_short):
            n.said_short += 1
            self.mentioned.add(key)
            return n.short
        for alt in n.alts:  # another fixture of the place, said less
            other = self.named[alt]
            if alt not in self.mentioned and self.allow("fixture", other.said):
                other.said += 1
                self.mentioned.add(alt)
                return other.full
        # every one said often already: the one said least, so none becomes the refrain
        ways = [(n.said, 0, n.full, None), *([(n.said_short, 1, n.short, None)] if n.short else []),
                *((self.named[a].said, 2, self.named[a].full, a) for a in n.alts if a not in self.mentioned)]
        _, how, out, alt = min(ways, key=lambda w: w[:2])
        if how == 1:
            n.said_short += 1
        elif alt is not None:
            self.named[alt].said += 1
            self.mentioned.add(alt)
        else:
            n.said += 1
        return out


def _prep_swap(there):
    """What replaces the place; the preposition before it is removed by ``_case``."""
    return "\0" + there


def _case(out, found):
    if out.startswith("\0"):  # "in the back of the hut" -> "inside": the preposition goes too
        return out
    if found[:1].isupper() and out[:1].islower():
        return out[:1].upper() + out[1:]
    return out
