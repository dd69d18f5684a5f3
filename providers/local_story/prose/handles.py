"""A long field phrase said in full at most twice, then by handles in turn: "her late husband's
thermos" ten times in 1,400 words, "the thing under the ice" sixteen, read as the form showing
through. After two full mentions each phrase of a person or a key element is said by its short
handles in turn ("the thermos", "his thermos"; "the thing"), and a thing the sentence before
named is "it" now and then. An antagonist's handle that is also a fixture or a place of the world,
or its plural or singular ("the dryer" in a laundromat whose place is "the dryers"), is never
said: "that dryer" (or "the thing") tells the one from the others. An antagonist whose head alone
is an ordinary thing of the world ("the star that is not on any chart": "the star" read as a real
star, 63 times) goes by handles that keep what is strange about it, each in turn ("the uncharted
star", "the nameless star", "that star"; "the man on the dock", and "he" now and then when the
protagonist is no he). The rules are ``data/vary.json`` ("long") and ``data/reading/epithets.json``."""
import re
from dataclasses import dataclass, field

from ..fields import definite, is_plural
from ..reading import epithet_handles, handles_for, phrase_pronoun
from ..reading.epithets import is_short
from ..reading.phrases import parse_phrase, reads_as_clause

_ARTICLE = re.compile(r"^(?:a|an|the|some)\s+", re.I)
_POS = {"she": "her", "he": "his"}


def core(phrase):
    """The phrase without its article, lower case: what is counted ("brass porthole key")."""
    return _ARTICLE.sub("", (phrase or "").strip()).lower()


def is_long(phrase, words=3):
    """Whether a phrase is long enough to tire a reader said whole again and again (three words
    or more after its article: "brass porthole key", "thing under the ice")."""
    return len(core(phrase).split()) >= words


def kin(phrase):
    """'her late husband's thermos' -> 'his thermos': whose it is, as a possessive, when the
    owner is a he or a she; "" otherwise ("a road train's logbook" has none)."""
    parsed = parse_phrase(phrase)
    if not parsed.possessor or not parsed.head or parsed.head[:1].isupper():
        return ""
    owner = " ".join(parsed.possessor)
    owner = re.sub(r"['’]s?$", "", owner)
    pos = _POS.get(phrase_pronoun(owner))
    return f"{pos} {parsed.head}" if pos else ""


def head_of(phrase):
    """'a roll of naira notes' -> 'the roll', 'a jar of glass eyes' -> 'the jar': its head noun,
    when nothing shorter names it (the reading keeps "of" whole for a name; a story says it once
    or twice, then "the roll"). "" for a name."""
    parsed = parse_phrase(phrase)
    head = parsed.head.split()[-1] if parsed.head else ""
    return f"the {head}" if head.isalpha() and head.islower() else ""


def _variants(word):
    word = word.lower()
    out = {word, word + "s", word + "es"}
    if word.endswith("es"):
        out.add(word[:-2])
    if word.endswith("s"):
        out.add(word[:-1])
    return out


def clashes(handle, names):
    """Whether a handle is one of ``names`` (places and fixtures of the world) or its plural or
    singular: "the dryer" and "the dryers"."""
    mine = core(handle)
    if not mine:
        return False
    for name in names:
        other = core(name)
        if other and (other == mine or other in _variants(mine) or mine in _variants(other)):
            return True
    return False


@dataclass
class Owner:
    """A person or a key element with a long phrase: its long forms (each said in full at most
    ``full`` times), the handles it goes by after, and its pronoun ("it", or "" for none)."""

    id: str
    forms: list
    handles: list
    pronoun: str = ""
    banned: list = field(default_factory=list)  # handles never said (a fixture's name)
    said: dict = field(default_factory=dict)
    turn: int = 0
    last_pronoun: bool = False
    person: str = ""  # a person's pronoun ("she", "he", "they"): what names them again in one sentence


def owners(plan, taken, full=2):
    """The people and key elements of ``plan`` whose phrases are long or whose handle clashes with
    a place or fixture, by the lower-case phrase that stands for them in the prose. ``taken``:
    every other phrase of the plan (a handle is not one of them)."""
    fixtures = [x for p in plan.places for x in (p.name, p.handle, *p.fixtures) if x]
    out = {}
    parts = [(p, getattr(p, "role", "")) for p in plan.cast] + [(e, "element") for e in plan.elements]
    hero_pronoun = next((p.pronouns for p in plan.cast if p.role == "protagonist"), "")
    used = set()
    for part, role in parts:
        # an ordinary thing's handles keep what is strange about it, however long ("the voice on channel 16")
        strange = {h.lower() for h in epithet_handles(part.name) if is_short(h)} - {part.name.lower()} \
            if role == "antagonist" else set()
        # its name, and every long name the prose may give it ("the passenger in cabin 14")
        said_as = [part.name, definite(part.name) if role == "element" else "", part.handle,
                   *(h for h in handles_for(part.name) if is_long(h) and h.lower() not in strange)]
        names = [n for n in dict.fromkeys(said_as) if n and (n == part.name or n.lower() not in taken or n.lower() in
                                                             {part.name.lower(), (part.handle or "").lower()})]
        longs = [n for n in names if is_long(n) and n.lower() not in strange]
        # "something that sings from the oyster beds" is a clause: never said whole in a sentence
        clause = role == "antagonist" and reads_as_clause(part.name)
        banned = [n for n in names if role == "antagonist" and (clashes(n, fixtures) or clause and n == part.name)]
        if role == "antagonist" and (part.handle or "").lower() == "the thing" and not longs and "the thing" not in used:
            # a form that fears no one: "the thing", and now and then "that thing" ("There was no mistaking
            # the thing now" in a third of such stories)
            used.add("the thing")
            out["the thing"] = Owner(id=part.id, forms=[part.handle], handles=["that thing", part.handle, part.handle],
                                     pronoun="it")
            continue
        if not longs and not banned:
            continue
        mine = {n.lower() for n in names}
        pronoun = "it" if role == "element" or (role == "antagonist" and phrase_pronoun(part.name) == "it") else ""
        if pronoun and is_plural(part.handle or part.name):
            pronoun = ""
        if strange and part.pronouns in ("she", "he") and part.pronouns != hero_pronoun:
            pronoun = part.pronouns  # "He turned toward you" after "The man on the dock waited", now and then
        handles = []
        for h in [part.handle, *handles_for(part.name), *(handles_for(part.handle) if part.handle else []),
                  kin(part.name) if role == "element" else ""]:
            if not h or (is_long(h) and h.lower() not in strange):
                continue
            low = h.lower()
            if low in (x.lower() for x in handles) or (low in taken and low not in mine) or low in used:
                continue
            if role == "antagonist" and clashes(h, fixtures):
                continue
            handles.append(h)
        if not handles and role == "element" and head_of(part.name) and head_of(part.name).lower() not in taken:
            handles.append(head_of(part.name))
        if banned and not clause:  # "that dryer" tells it from the dryers; "the thing" would fit any antagonist anywhere
            head = parse_phrase(banned[0]).head
            that = f"that {head}" if head and not head[:1].isupper() else ""
            if that:
                handles.insert(0, that)
        if role == "antagonist" and pronoun == "it" and not handles and "the thing" not in used:
            # only when nothing else names it: "There was no mistaking the thing now" in story after story
            handles.append("the thing")
        if role == "antagonist" and [h.lower() for h in handles] == ["the thing"]:
            handles.append("that thing")  # "There was no mistaking the thing now" in a third of all stories
        if strange and handles and not banned:
            # now and then "that star": the one the story has told of, not any star
            that = f"that {parse_phrase(part.name).head}"
            if that.lower() not in used and that.lower() not in taken:
                handles.append(that)
        if role == "protagonist":
            handles = handles[:1]
        used.update(h.lower() for h in handles)
        owner = Owner(id=part.id, forms=[n for n in names if n in longs and n not in banned], handles=handles,
                      pronoun=pronoun, banned=banned,
                      person="it" if role == "element" else (part.pronouns or "they"))
        if not owner.handles and not owner.pronoun:
            continue
        for n in names:
            if n in longs or n in banned:
                out[n.lower()] = owner
        for h in handles if strange else ():
            out.setdefault(h.lower(), owner)  # each said as written twice, then the next in turn
    return out


_OBJECT = {"it": "it", "he": "him", "she": "her", "i": "me", "you": "you"}
_SUBJECT = {"it": "it", "he": "he", "she": "she", "i": "I", "you": "you"}
#: a verb a plural "they" would have to change ("they was"): the name stays
_SINGULAR_VERBS = {"was", "is", "has", "does", "wasn't", "isn't", "hasn't", "doesn't"}


def again_in_sentence(owner, before, subject=False, verb=""):
    """What ``owner`` is called when ``before`` (its sentence so far) has named it already: its
    object pronoun ("them", "it", "her"), or with ``subject`` its subject pronoun ("they" unless
    ``verb`` would have to change), or "" to say its name."""
    low = before.lower()
    if not any(re.search(r"\b" + re.escape(n.lower()) + r"\b", low) for n in [*owner.forms, *owner.handles] if n):
        return ""
    if not subject:
        return _OBJECT.get(owner.person, "them")
    if owner.person not in _SUBJECT and verb in _SINGULAR_VERBS:
        return ""
    return _SUBJECT.get(owner.person, "they")


def say(owner, phrase, free, full=2):
    """What ``phrase`` of ``owner`` is said as now: in full while it has been said fewer than
    ``full`` times (never, for a banned handle), else its handles in turn, or its pronoun when
    ``free`` (the sentence before named it and nothing else; every other time at most)."""
    key = core(phrase)  # "a brass porthole key" and "the brass porthole key" are the same words
    banned = phrase.lower() in (b.lower() for b in owner.banned)
    if not banned and owner.said.get(key, 0) < full:
        owner.said[key] = owner.said.get(key, 0) + 1
        return phrase
    if free and owner.pronoun and not owner.last_pronoun:
        owner.last_pronoun = True
        return owner.pronoun
    owner.last_pronoun = False
    if not owner.handles:
        owner.said[key] = owner.said.get(key, 0) + 1
        return phrase
    out = owner.handles[owner.turn % len(owner.handles)]
    owner.turn += 1
    return out
