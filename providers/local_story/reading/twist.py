"""The plot twist read for what it is about, so a planner can prepare it instead of pasting it in:
who it is about (a cast id: named, "the professor" for Professor Declan Byrne, "the woman" for the
antagonist called "the woman"), who that one turns out to be (``same_as``: "the caller is Fraser"),
and its kind, one of ``core.story_plan.TWIST_KINDS``:

- ``dead_all_along``: someone (often the protagonist) is dead ("the ferry sank in 1971 and Camila
  was on it", "Mrs. Hayashi has been dead since spring");
- ``secret_identity``: someone is someone else ("the professor is the apothecary", "Devi is the
  widow's granddaughter", "the woman is Sokha's mother");
- ``culprit``: the harm was someone's doing ("the killer is Coach Al", "Luc has been feeding the
  cave"); ``protagonist_cause`` when that someone is the protagonist;
- ``place``: the place is not what it seems ("the turbines were never built to make power");
- ``trap``: it was planned, someone chosen or lured ("chose Helen to be taken");
- ``unreal``: a dream, a coma, something imagined; ``other`` when none of these says.

The result is a ``TwistSchema`` part (reveal, about, kind, same_as; clues empty for the planner).
Its words never give anyone a pronoun.
"""
import json
import re
from functools import lru_cache

from core.story_plan import TwistSchema

from .lexicon import DATA, fold, lexicon
from .phrases import parse_phrase

_TWIST_SCHEMA = TwistSchema()  # one instance: building a schema costs more than a load


@lru_cache(maxsize=1)
def _cues():
    with open(DATA / "twist.json", encoding="utf-8") as handle:
        raw = json.load(handle)
    kinds = {k: [re.compile(p, re.I) for p in v] for k, v in raw["kinds"].items()}
    missing = [k for k in raw["order"] if k not in kinds and k != "culprit_named"]
    if missing:
        raise ValueError(f"twist.json: order names unknown kinds {missing}")
    return {"order": raw["order"], "kinds": kinds, "leads": re.compile(raw["leads"], re.I),
            "verbs": re.compile(raw["verbs"], re.I), "culprit_subjects": set(raw["culprit_subjects"]),
            "self": [re.compile(p, re.I) for p in raw["self"]]}


def _clean(text):
    text = re.sub(r"\s+", " ", (text or "")).strip().strip("\"'“”").rstrip(" .!?;:,")
    return _cues()["leads"].sub("", text, count=1)


def _words(text):
    return [fold(w) for w in re.findall(r"[\w'’-]+", text)]


def _refers(phrase, person, possessive_ok=True):
    """Whether ``phrase`` ("Coach Al", "the professor", "the woman", "Salem's family") names
    ``person`` (a PersonSchema part): by a word of their name, a title of theirs, or their handle."""
    words = lexicon()
    tokens = re.findall(r"[\w'’.-]+", phrase)
    if not tokens:
        return False
    low = " ".join(_words(phrase))
    handle = " ".join(_words(person.handle or ""))
    if person.name and low == " ".join(_words(person.name)):
        return True
    if handle and handle.startswith("the ") and re.search(rf"\b{re.escape(handle)}\b", low):
        return True
    head = parse_phrase(person.name).head if re.match(r"(?i)(a|an|the)\s", person.name or "") else ""
    if head and re.fullmatch(rf"the {re.escape(fold(head))}", low):
        return True  # "the woman" for "the woman who walks on the water" (called "the woman on the water")
    name_words = [fold(w).strip(".") for w in person.name.split()]
    keys = {w for w in name_words if w not in words.title_pronoun and not w.startswith("the")}
    titles = {w for w in name_words if w in words.title_pronoun}
    for token in tokens:
        word = fold(token).strip(".")
        owned = bool(re.search(r"['’]s$", token))
        base = re.sub(r"['’]s?$", "", word)
        if owned and not possessive_ok:
            continue
        if token[:1].isupper() and base in keys:
            return True
        if base in titles and low.startswith("the "):  # "the professor" for Professor Declan Byrne
            return True
    return False


def _subject(reveal):
    """The words before the twist's first verb ("the killer", "Mrs. Hayashi", "Salem's family")."""
    m = _cues()["verbs"].search(reveal)
    return reveal[:m.start()].strip(" ,") if m and m.start() > 0 else ""


def _complement(reveal):
    """What the subject is said to be: 'the professor is the apothecary, two hundred years old'
    -> 'the apothecary'."""
    m = re.search(r"(?i)\b(?:is|was|are|were)\s+(?:really\s+|actually\s+|secretly\s+)?(.+)$", reveal)
    if not m:
        return ""
    return re.split(r"\s*[,;]\s*|\s+(?:and|who|which|that|because|phoning|calling|from)\s+", m.group(1))[0]


def read_twist(plot_twist, cast):
    """A ``TwistSchema`` part for the plot twist (an empty one when there is none); ``cast`` is the
    plan's cast (PersonSchema parts, as ``read_cast`` gives)."""
    reveal = _clean(plot_twist)
    if not reveal:
        return _TWIST_SCHEMA.load({})
    cues = _cues()
    subject = _subject(reveal)
    about = next((p for p in cast if subject and _refers(subject, p)), None) or _pronoun_subject(subject, cast)
    named_culprit = subject.lower() in cues["culprit_subjects"]
    complement = _complement(reveal)
    same = next((p for p in cast if complement and _refers(complement, p, possessive_ok=False)
                 and p is not about), None)
    if named_culprit and same:
        about, same = same, None  # "the killer is Coach Al": the twist is about Coach Al
    if about is None:
        about = next((p for p in cast if _refers(reveal, p, possessive_ok=False)), None) if not subject or \
            subject.lower() in cues["culprit_subjects"] else None
    if about is None and not _is_thing(subject):
        about = next((p for p in cast if _refers(reveal, p, possessive_ok=False)), None)
    kind = _kind(reveal, subject, about, same, named_culprit)
    if about is None and kind == "dead_all_along":
        about = next((p for p in cast if _refers(reveal, p, possessive_ok=False)), None)
    protagonist = next((p for p in cast if p.role == "protagonist"), None)
    if kind == "culprit" and about is not None and about is protagonist:
        kind = "protagonist_cause"
    if kind in ("culprit", "trap", "other") and protagonist and any(p.search(reveal) for p in cues["self"]) \
            and (about is None or about is protagonist):
        kind, about = "protagonist_cause", protagonist
    return _TWIST_SCHEMA.load({"reveal": reveal[:1000], "about": about.id if about else "", "kind": kind,
                               "sameAs": same.id if same else ""})


def _pronoun_subject(subject, cast):
    """Who a twist's pronoun subject is: "I" is the narrator-protagonist; "she"/"he" the
    protagonist when that is their pronoun, else the one cast member who has it."""
    word = subject.strip().lower()
    if word not in ("i", "she", "he"):
        return None
    hero = next((p for p in cast if p.role == "protagonist"), None)
    if hero and (hero.pronouns == word or (word == "i" and hero.pronouns == "i")):
        return hero
    same = [p for p in cast if p.pronouns == word]
    return same[0] if len(same) == 1 else None


def _is_thing(subject):
    """Whether a twist's subject is a thing or place ("the turbines", "the maze"), not a person."""
    words = lexicon()
    tokens = _words(subject)
    if not tokens:
        return False
    head = re.sub(r"s$", "", tokens[-1])
    return (tokens[-1] in words.thing_nouns or head in words.thing_nouns
            or (tokens[0] in ("the", "a", "an") and head not in words.person_nouns
                and tokens[-1] not in words.female_words | words.male_words | words.kin_nouns))


def _kind(reveal, subject, about, same, named_culprit):
    cues = _cues()
    for kind in cues["order"]:
        if kind == "culprit_named":
            if named_culprit:
                return "culprit"
            continue
        if kind == "secret_identity" and same is not None:
            return kind
        if kind == "place" and (about is not None or not _is_thing(subject)):
            continue
        if any(p.search(reveal) for p in cues["kinds"][kind]):
            return kind
    return "other"
