"""The word lists the form reading works from, loaded once from ``data/reading/*.json`` and
checked as they load (every list of lower-case strings, no first name both a woman's and a man's,
no title both "she" and "he"), so a bad edit to a data file fails the first read, not a story."""
import json
import unicodedata
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace

DATA = Path(__file__).resolve().parent.parent / "data" / "reading"


@lru_cache(maxsize=4096)
def fold(word):
    """A word as the lists keep it: lower case, without accents ("Órla" -> "orla")."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _words(value, where):
    if not isinstance(value, list) or not all(isinstance(w, str) and w and w == w.lower() for w in value):
        raise ValueError(f"{where}: expected a list of lower-case words")
    return frozenset(value)


def listed(section, where):
    """The ``words`` of a section with an ``about``, or a plain list."""
    return _words(section["words"] if isinstance(section, dict) else section, where)


def _load(name):
    with open(DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


@lru_cache(maxsize=1)
def lexicon():
    """The checked word lists (attributes are frozensets or dicts of them)."""
    raw = _load("lexicon.json")
    names = _load("first_names.json")
    honorifics = raw["honorifics"]
    title_she = _words(honorifics["she"], "honorifics.she")
    title_he = _words(honorifics["he"], "honorifics.he")
    title_none = _words(honorifics["none"], "honorifics.none")
    if title_she & title_he:
        raise ValueError(f"titles both she and he: {sorted(title_she & title_he)}")
    female, male = _words(names["female"], "female names"), _words(names["male"], "male names")
    if female & male:
        raise ValueError(f"first names both female and male: {sorted(female & male)}")
    groups = {}
    for key, value in raw["group_words"].items():
        if key == "about":
            continue
        if not (isinstance(value, list) and len(value) == 2 and value[1] in ("", "she", "he")):
            raise ValueError(f"group_words.{key}: expected [singular, pronoun]")
        groups[key] = tuple(value)
    pronoun_words = {p: _words(raw["pronoun_words"][p], f"pronoun_words.{p}") for p in ("she", "he")}
    return SimpleNamespace(
        title_pronoun={**{t: "she" for t in title_she}, **{t: "he" for t in title_he},
                       **{t: "" for t in title_none}},
        kin_titles=listed(raw["kin_titles"], "kin_titles"),
        name_prefixes=listed(raw["name_prefixes"], "name_prefixes"),
        kin_said_alone=listed(raw["kin_said_alone"], "kin_said_alone"),
        female_words=_words(raw["female_words"], "female_words"),
        male_words=_words(raw["male_words"], "male_words"),
        pronoun_words=pronoun_words,
        kin_nouns=listed(raw["kin_nouns"], "kin_nouns"),
        parent_kin=listed(raw["parent_kin"], "parent_kin"),
        groups=groups,
        surname_first=listed(raw["surname_first"], "surname_first"),
        given_name_markers={p: _words(raw["given_name_markers"][p], f"given_name_markers.{p}") for p in ("she", "he")},
        plural_people=listed(raw["plural_people"], "plural_people"),
        first_person=_words(raw["first_person"], "first_person"),
        animals=_words(raw["animals"], "animals"),
        animal_she=_words(raw["animal_she"], "animal_she"),
        animal_he=_words(raw["animal_he"], "animal_he"),
        person_nouns=listed(raw["person_nouns"], "person_nouns"),
        thing_nouns=listed(raw["thing_nouns"], "thing_nouns"),
        things_leads=listed(raw["things_leads"], "things_leads"),
        someone_leads=_words(raw["someone_leads"], "someone_leads"),
        adjectives=listed(raw["adjectives"], "adjectives"),
        not_alone=_words(raw["adjectives"]["not_alone"], "adjectives.not_alone"),
        noun_modifiers=listed(raw["noun_modifiers"], "noun_modifiers"),
        keep_compounds=listed(raw["keep_compounds"], "keep_compounds"),
        place_nouns=listed(raw["place_nouns"], "place_nouns"),
        clause_words=listed(raw["clause_words"], "clause_words"),
        needs_of=listed(raw["needs_of"], "needs_of"),
        kept_prepositions=_words(raw["kept_prepositions"], "kept_prepositions"),
        other_prepositions=_words(raw["other_prepositions"], "other_prepositions"),
        **{key: _words(value, f"grammar.{key}") for key, value in raw["grammar"].items() if key != "about"},
        female_names=female,
        male_names=male,
    )


def name_pronoun(first_name):
    """'she' or 'he' for a first name the list is sure of, else ''."""
    words = lexicon()
    word = fold(first_name).strip(".'")
    return "she" if word in words.female_names else "he" if word in words.male_names else ""
