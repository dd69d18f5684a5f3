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

from ..fields import definite, is_plural
from ..grammar import _ED_NOUNS
from ..reading import handles_for
from . import handles as longs

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
    for key in ("before_pronoun", "cut_at", "cut_before_article", "no_short_heads", "parts"):
        if not all(isinstance(w, str) and w == w.lower() and " " not in w for w in raw[key]):
            raise ValueError(f"{DATA.name}: {key} is a list of lower-case words")
    if not all(isinstance(w, str) and w == w.lower() for w in raw["here"]):
        raise ValueError(f"{DATA.name}: here is a list of the lower-case words before the setting that make it 'here'")
    if not all(isinstance(w, str) and w == w.lower() and " " not in w for w in raw["drop_before"]):
        raise ValueError(f"{DATA.name}: drop_before is a list of lower-case prepositions")
    if not re.fullmatch(r"the [a-z]+", raw["home_plain"]):
        raise ValueError(f"{DATA.name}: home_plain is what any setting may be called ('the place')")
    long = raw["long"]
    if not (isinstance(long.get("full"), int) and long["full"] >= 1 and isinstance(long.get("words"), int)
            and long["words"] >= 2 and isinstance(long.get("handle_per_1000"), (int, float)) and long["handle_per_1000"] > 0
            and isinstance(long.get("handle_start"), int) and long["handle_start"] >= 1):
        raise ValueError(f"{DATA.name}: long has full (times said whole), words (how long is long), "
                         "handle_per_1000 and handle_start (how often one short name may come)")
    again = raw["object_again"]
    if not all(isinstance(w, str) and w == w.lower() and " " not in w
               for w in again["after"] + again["subject_after"]):
        raise ValueError(f"{DATA.name}: object_again.after and .subject_after are lists of lower-case words")
    return {"object_again": {"after": frozenset(again["after"]), "subject_after": frozenset(again["subject_after"])}, "rates": dict(rates), "there": raw["there"], "here": frozenset(raw["here"]), "home_plain": raw["home_plain"], "before_pronoun": frozenset(raw["before_pronoun"]),
            "cut_at": tuple(raw["cut_at"]), "cut_before_article": frozenset(raw["cut_before_article"]),
            "parts": frozenset(raw["parts"]),
            "no_short_heads": frozenset(raw["no_short_heads"]), "long": dict(long),
            "drop_before": frozenset(raw["drop_before"])}


def short_handle(phrase):
    """The shorter name a phrase goes by once said: "the back of the hut" -> "the back", "the tent
    pegs" -> "the pegs", "the ranger's hut" -> "the hut"; "" when it has none ("the bedrolls",
    "the sick bay" is no "bay")."""
    r = rules()
    words = phrase.split()
    if len(words) < 2 or words[0].lower() != "the":
        return ""
    cut = next((i for i, w in enumerate(words) if i >= 2 and _cuts(words, i, r)), None)
    if cut is not None:
        words = words[:cut]
        if len(words) == 2:  # "the back of the hut" is not "the back": "Cold fish lay across the back"
            return "" if words[1].lower() in r["no_short_heads"] else " ".join(words)
    if cut is not None and len(words) > 2 and _participle(words[-1]):
        # "the bedding folded in the cupboard" is "the bedding", never "the folded"
        return "the " + words[-2] if words[-2].lower() not in r["no_short_heads"] else ""
    if len(words) >= 3 or "-" in words[1]:
        last = words[-1].split("-")[-1]
        if last.lower() in r["no_short_heads"]:
            return ""
        return "the " + last
    return ""


def _participle(word):
    """Whether a word after a noun reads as its participle ("folded", "stacked"), no noun ("shed")."""
    word = word.lower()
    return word.endswith("ed") and word not in _ED_NOUNS


def _cuts(words, i, r):
    """Whether the name is cut before ``words[i]``: a preposition, and for one that is also an
    adjective or adverb ("round", "up"), only before an article or another preposition: "the rocks
    round the pool" is "the rocks", "the drug round trolley" is no "drug"."""
    word = words[i].lower()
    if word not in r["cut_at"]:
        return False
    if word not in r["cut_before_article"]:
        return True
    after = words[i + 1].lower() if i + 1 < len(words) else ""
    return after in _ARTICLES or after in r["cut_at"]


_ARTICLES = {"the", "a", "an", "this", "that", "its", "his", "her", "their", "our", "my", "your"}


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
    long: bool = False  # said in full at most twice ("the back of the hut", "the stairs up to the passenger decks")
    spare: str = ""  # a long one's short name when it has no ``short`` ("the far end", "the chairs")
    alias: bool = False  # the setting's short name where the writer said it: as said, unless said too often


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
            if home_short and home_short.lower() not in self.named:  # "the maze" as the writer put it: counted too
                self.named[home_short.lower()] = _Named(home_short, home=True, alias=True)
        protected = [n for e in plan.elements for n in (e.name, e.handle, definite(e.name)) if n] + \
                    [s for p in plan.places for s in p.sounds] + [n for p in plan.cast for n in (p.name, p.handle) if n]
        taken = {*self.named, *(p.lower() for p in protected)}
        # people and key elements: a long phrase said whole at most twice, then by its handles
        self.owners = longs.owners(plan, taken, self.r["long"]["full"])
        for n in self.named.values():
            n.long = longs.is_long(n.full, self.r["long"]["words"])
            if n.long and not n.short:
                spare = (n.place.handle if n.place is not None and n.place.handle and n.place.handle != n.full else "") or \
                    next((h for h in handles_for(n.full) if not longs.is_long(h) and h.lower() not in taken), "")
                n.spare = spare if spare and not longs.is_long(spare, self.r["long"]["words"]) else ""
        phrases = sorted({*taken, *self.owners}, key=len, reverse=True)
        self.pattern = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(p) for p in phrases) + r")(?![\w-])", re.I) \
            if self.named else None
        self.places = {p.id: p for p in plan.places}
        self.words = 0
        self.surface = {}  # how often each short name has been said, as said
        self.home_names = {x.lower() for x in (home, home_short) if x}
        self.home_order = [x for x in (home_short,) if x and x.lower() != (home or "").lower()]
        self.before_owners = set()  # the people and things the sentence before named

    def beat(self, sentences, beat, surfaces=()):
        """Name the places and fixtures of ``sentences`` again; a line of ``surfaces`` lays a thing
        on its fixture, which keeps its place (no other fixture of the room stands in for it)."""
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
            state.keep_fixtures = sentence.text in surfaces
            text = self.pattern.sub(state.name, sentence.text)
            # "In the back of the hut, two sets" -> "Inside, two sets": the preposition goes with the place
            text = re.sub(r" \w+ \0\0", "", text)  # "the air of the far end was thick" -> "the air was thick"
            sentence.text = re.sub(r"\b(\w+) \0(\S)", lambda m: m.group(2).upper() if m.group(1)[:1].isupper()
                                   else m.group(2), text).replace("\0", "")
            before = state.mentioned
            self.before_owners = state.owners if len(state.owners) + len(state.mentioned) + len(state.others) == 1 else set()
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
        # another room's things may stand in, never the outdoors' for a room's ("the last parked car"
        # in the ranger's hut) or a room's for the outdoors'
        others = [g for g, q in fixtures if g != f and g not in own
                  and bool(getattr(q, "outdoors", False)) == bool(getattr(p, "outdoors", False))]
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
        self.owners = set()  # the people and key elements with a long phrase this sentence named
        self.others = set()  # anything else of the plan it named
        self.said = set()  # the short names it has said
        self.keep_fixtures = False  # a line that lays a thing on its fixture keeps that fixture

    def allow(self, kind, count):
        return count < 1 + self.r["rates"][kind] * self.words / 1000

    def name(self, m):
        key = m.group(1).lower()
        n = self.named.get(key)
        owner = self.varier.owners.get(key)
        if owner is not None:
            return _case(self._owner(owner, m), m.group(1))
        if n is None:  # a key element, a sound, a name: as written
            self.others.add(key)
            return m.group(1)
        text = m.string
        part = re.match(r"\s+(\w+)", text[m.end():])
        if n.place is not None and part and part.group(1).lower() in self.r["parts"]:
            return m.group(1)  # "the wheelhouse roof" is a thing of the place: never "there roof"
        prev = re.search(r"(\w+)\W*$", text[:m.start()])
        prev = prev.group(1).lower() if prev else ""
        if n.alias:
            out = n.full
        elif n.home:
            out = self._home(n, prev)
        else:
            out = self._place(n, prev) if n.place is not None else self._fixture(n, key, prev)
        prev2 = re.search(r"(\w+)\W+\w+\W*$", text[:m.start()])
        out = self._spread(n, key, prev, out, prev2.group(1).lower() if prev2 else "")
        self.mentioned.add(key)
        return _case(out, m.group(1))

    def _owner(self, owner, m):
        """A person's or a key element's long phrase (or a handle that is a fixture's name): in
        full twice, then its handles in turn, or "it" when the sentence before named it alone."""
        before = m.string[:m.start()]
        after = m.string[m.end():m.end() + 2]
        # "it" only as the sentence's subject ("It went cold."): "Into a pocket went it" does not read
        free = (owner.id in self.varier.before_owners and not before.strip() and after not in ("'s", "’s")
                and m.group(1)[:1].isupper())
        self.owners.add(owner.id)
        lead = re.search(r"(\w+)\s*$", before)  # not across a stop: "came near; the patient would let" has no "near them"
        lead = lead.group(1).lower() if lead else ""
        again = self.r["object_again"]
        if (lead in again["after"] or lead in again["subject_after"]) and after not in ("'s", "’s"):
            verb = re.match(r"\W*(\w+)", m.string[m.end():])
            said = longs.again_in_sentence(owner, before, subject=lead in again["subject_after"],
                                           verb=verb.group(1).lower() if verb else "")
            if said:  # "not to let them take it", "and they wanted the key"
                return said
        return longs.say(owner, m.group(1), free, self.r["long"]["full"])

    def _spread(self, n, key, prev, out, prev2=""):
        """A short name said about once in 100 words at most ("the far end" 16 times in 1,400,
        "the cave" 33 in 1,500): past that, where the scene is ("inside", "here"), the place's
        other name, or another fixture of the place, said less."""
        if out.startswith("\0") or longs.is_long(out, self.r["long"]["words"]):
            return out
        said = self.varier.surface
        cap = self.r["long"]["handle_start"] + self.r["long"]["handle_per_1000"] * self.words / 1000
        if said.get(out.lower(), 0) < cap:
            said[out.lower()] = said.get(out.lower(), 0) + 1
            self.said.add(out.lower())
            return out
        # first what is not there ("the damp chill sat in the knees"), then another name of the same
        # place or thing, then where the scene is ("in there", "here") or "the place": those read
        # alike from story to story ("Someone in there was waiting for her"), so they come last
        drop, names, where = [], [], []
        if n.home or n.place is not None:
            kind = "outdoors" if n.place is not None and n.place.outdoors else "indoors"
            if prev in self.r["drop_before"] and n.place is self.here and n.place is not None:
                drop.append(_prep_swap(""))  # "the damp chill of the far end sat in the knees" -> "the damp chill sat"
            names += [w for w in (n.full, n.short, n.spare) if w and not (w == n.full and not self._more(n))]
            if n.place is not None and not n.place.outdoors and not n.home:  # the back of the hut is in the hut
                names += [h for h in self.varier.home_order if h.lower() != n.full.lower()]
            if n.home and prev in self.r["here"]:
                where.append(_prep_swap("here"))
            there = self.r["there"].get(prev, {}).get(kind, [])
            if there and (n.home or n.place is self.here) and prev2 not in ("out", "back"):  # not "looked out out there"
                where += [_prep_swap(t) for t in there]
            if n.home or (n.place is not None and n.full.lower() in self.varier.home_names):
                where.append(self.r["home_plain"])
        else:
            names += [w for w in (n.full, n.short, n.spare) if w and not (w == n.full and not self._more(n))]
            names += [self.named[a].full for a in n.alts if a not in self.mentioned and self._more(self.named[a])]

        def fresh(ways):  # not "the maze predated the maze"
            return [w for w in ways if w.startswith("\0") or (w.lower() != out.lower() and w.lower() not in self.said
                                                             and said.get(w.lower(), 0) < cap)]
        names = fresh(names)
        if fresh(drop):
            pick = fresh(drop)[0]
        elif names:
            pick = min(names, key=lambda w: said.get(w.lower(), 0))
        else:
            pick = next(iter(fresh(where)), None)
        if pick is None:
            said[out.lower()] = said.get(out.lower(), 0) + 1
            return out
        if not pick.startswith("\0"):
            said[pick.lower()] = said.get(pick.lower(), 0) + 1
            self.said.add(pick.lower())
        for a in n.alts:
            if self.named[a].full == pick:
                self.mentioned.add(a)
        return pick

    def _place(self, n, prev):
        kind = "outdoors" if n.place.outdoors else "indoors"
        if n.place is self.here and not self.varier.arrived:
            self.varier.arrived = True
            return self._full(n)
        if self.allow("place", n.said) and not self._worn(n):
            return self._full(n)
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
        return self._full(n)

    def _more(self, n):
        """Whether the name may be said in full once more (its rate, and twice at most if long)."""
        kind = "home" if n.home else "place" if n.place is not None else "fixture"
        return not self._worn(n) and self.allow(kind, n.said)

    def _worn(self, n):
        """Whether a long name has been said in full as often as it may be."""
        return n.long and n.said >= self.r["long"]["full"]

    def _full(self, n):
        """The name in full, or a long one's short name once it has been said whole twice."""
        if self._worn(n) and (n.short or n.spare):
            n.said_short += 1
            return n.short or n.spare
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
        if self.allow("fixture", n.said) and not self._worn(n):
            return self._full(n)
        if key in self.before and prev in self.r["before_pronoun"]:  # "Under it: a clean square"
            return "them" if n.plural else "it"
        if n.short and self.allow("fixture_short", n.said_short):
            n.said_short += 1
            self.mentioned.add(key)
            return n.short
        alts = () if self.keep_fixtures else n.alts
        for alt in alts:  # another fixture of the place, said less
            other = self.named[alt]
            if alt not in self.mentioned and self.allow("fixture", other.said) and not self._worn(other):
                other.said += 1
                self.mentioned.add(alt)
                return other.full
        # every one said often already: the one said least, so none becomes the refrain
        ways = [*([(n.said, 0, n.full, None)] if not self._worn(n) else []),
                *([(n.said_short, 1, n.short or n.spare, None)] if n.short or n.spare else []),
                *((self.named[a].said, 2, self.named[a].full, a) for a in alts
                  if a not in self.mentioned and not self._worn(self.named[a]))]
        if not ways:
            return self._full(n)
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
    """What replaces the place; the preposition before it is removed by ``_case`` (and the space
    before it, when nothing replaces it)."""
    return "\0" + there if there else "\0\0"


def _case(out, found):
    if out.startswith("\0"):  # "in the back of the hut" -> "inside": the preposition goes too
        return out
    if found[:1].isupper() and out[:1].islower():
        return out[:1].upper() + out[1:]
    return out
