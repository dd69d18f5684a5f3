"""When a story happens, and whether a phrase could be said then (``data/eras.toml``).

``story_year(text)`` reads the year a setting dates its story to ("a Victorian ice house", "a
pearl-diving boat off Bahrain in 1930", "the 1920s"), or None when it does not; ``fits(phrase,
year)`` says whether a phrase names nothing that came later (no fridge in 1887, no radio set in
1910). Both the world's words (``build``) and the bank's lines (the writer) are checked with it.
"""
import re
import tomllib
from functools import cache, lru_cache
from pathlib import Path

from .tables import WorldDataError

DATA = Path(__file__).resolve().parent / "data" / "eras.toml"

#: a year that dates a building, not the story: "built in 1720", "a house dated 1603"
_NOT_THE_STORYS = re.compile(r"(?i)\b(built|since|founded|dated|dating|established|est\.?|from|erected|raised|"
                             r"stamped|until|till|closed|demolished|sealed)\s+(in\s+|to\s+|back\s+to\s+)?(the\s+)?$")
#: what comes before a year that is the story's ("in 1930", "Crimea, 1978", "the winter of 1846");
#: a number after a noun is a name ("Room 1408", "Route 1866", "a 1960 Chevrolet")
_THE_STORYS = re.compile(r"(?i)(?:^|[,(\u2013\u2014:;-]|\b(?:in|of|circa|c\.|ca\.|summer|winter|spring|autumn|fall|"
                         r"year|anno|around|about|early|late|mid))\s*$")
_YEAR = re.compile(r"(?<![\w-])(1[0-9]{3}|20[0-9]{2})(s|'s)?(?![\w-])")
_CENTURY = re.compile(r"(?i)\b(1[0-9]|[5-9])(?:st|nd|rd|th)[- ]century\b|\b(fifth|sixth|seventh|eighth|ninth|tenth|"
                      r"eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|"
                      r"nineteenth)[- ]century\b")
_ORDINALS = {"fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11,
             "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
             "seventeenth": 17, "eighteenth": 18, "nineteenth": 19}
#: a century before this one dates a story
_LAST_CENTURY = 19
_THIS_YEAR = 2026


@cache
def _table():
    try:
        data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise WorldDataError(f"{DATA.name}: {error}") from None
    for key in ("now", "dates", "appears"):
        if key not in data:
            raise WorldDataError(f"{DATA.name}: no [{key}]")
    for section in ("dates", "appears"):
        for word, year in data[section].items():
            if not isinstance(year, int) or year > _THIS_YEAR or word != word.lower():
                raise WorldDataError(f"{DATA.name}: [{section}] {word!r} = {year!r}: a lower-case word and a year")
        data[section] = {_key(word): year for word, year in data[section].items()}  # "wi-fi" is "wi fi"
    return data


def _key(words):
    """How a phrase is looked up: lower-case, a hyphen a space ("Light-bulb" -> "light bulb")."""
    return re.sub(r"[\s-]+", " ", words.lower())


def _phrase_pattern(words):
    """One pattern for ``words``, longest first, each whole and with a plural -s allowed."""
    alternatives = "|".join(re.escape(w).replace(r"\ ", r"[\s-]+") for w in sorted(words, key=len, reverse=True))
    return re.compile(r"(?i)(?<![\w-])(" + alternatives + r")(?:s|es)?(?![\w-])")


@cache
def _dating():
    return _phrase_pattern(_table()["dates"])


_WORD = re.compile(r"[a-z0-9'’]+")
#: the most words a phrase of ``appears`` has ("car with nobody in it")
LONGEST = 5


def _entry(words):
    """The phrase of ``appears`` that ``words`` are, a plural read as its singular, or None."""
    appears = _table()["appears"]
    for key in (words, words[:-1] if words.endswith("s") else "", words[:-2] if words.endswith("es") else ""):
        if key in appears:
            return key
    return None


@cache
def _first_words():
    return frozenset(key.split()[0] for key in _table()["appears"])


def _named(phrase):
    """Each phrase of ``appears`` that ``phrase`` says, longest first at each word ("radio set",
    not "radio"; "fridges" is "fridge")."""
    words = _WORD.findall(phrase.lower().replace("-", " "))
    firsts = _first_words()
    found, i = [], 0
    while i < len(words):
        if words[i] not in firsts and words[i].rstrip("s") not in firsts and words[i][:-2] not in firsts:
            i += 1  # no phrase starts here (most words): nothing to look up
            continue
        for size in range(min(LONGEST, len(words) - i), 0, -1):
            key = _entry(" ".join(words[i:i + size]))
            if key:
                found.append(key)
                i += size
                break
        else:
            i += 1
    return found


def _written_year(text):
    """The first year, decade or century ``text`` writes that is the story's: "in 1930" -> 1930,
    "the 1920s" -> 1925, "the late 1800s" -> 1885, "19th-century" -> 1850; None when it writes none."""
    text = re.sub(r"(?i)\b(mid|early|late)-(?=\d)", r"\1 ", text)  # "the mid-1800s"
    for m in _YEAR.finditer(text):
        before = text[:m.start()]
        if _NOT_THE_STORYS.search(before) or not (m.group(2) or _THE_STORYS.search(before)):
            continue
        year = int(m.group(1))
        if m.group(2) and year % 100 == 0:  # "the 1800s" is a century: its early, middle or late part
            part = re.search(r"(?i)\b(early|mid|late)\s*$", before)
            return year + {"early": 15, "mid": 50, "late": 85}[part.group(1).lower()] if part else year + 50
        return year + 5 if m.group(2) and year % 10 == 0 else year
    m = _CENTURY.search(text)
    if m:
        century = int(m.group(1)) if m.group(1) else _ORDINALS[m.group(2).lower()]
        if century <= _LAST_CENTURY:
            return (century - 1) * 100 + 50
    return None


def story_year(text):
    """The year ``text`` (a setting, or the writer's "set in ..." note) dates its story to, or None.
    A written year always dates it; an era word ("Victorian", "medieval") only when nothing says
    the old place is visited now ("the ruins of a medieval abbey" is today)."""
    text = text or ""
    year = _written_year(text)
    if year is not None:
        return year if year < _THIS_YEAR - 10 else None
    now = {w.lower() for w in re.findall(r"[\w'-]+", text)} & set(_table()["now"])
    if now:
        return None
    m = _dating().search(text)
    return _table()["dates"][_key(m.group(1))] if m else None


def anachronisms(phrase, year, own=""):
    """The phrases of ``appears`` that ``phrase`` says and that did not exist yet in ``year`` ([]
    when ``year`` is None), but those the writer's own words ``own`` say (a setting "a radio
    station in 1921" has its radio; a key element "a radio that plays by itself" in 1890 is the
    story's to tell, radio set and all)."""
    if year is None or not phrase:
        return []
    appears, said = _table()["appears"], _said(own)
    return [key for key in _named(phrase) if appears[key] > year
            and not any(f" {word} " in f" {key} " for word in said)]


@lru_cache(maxsize=64)
def _said(own):
    """The newer things the writer's own words name ("radio" in "a radio that plays by itself")."""
    return frozenset(_named(own)) if own else frozenset()


def fits(phrase, year, own=""):
    """Whether ``phrase`` names nothing that came after ``year`` (always, for an undated story),
    the writer's ``own`` words aside."""
    return not anachronisms(phrase, year, own)


def of_its_time(phrases, year, own=""):
    """``phrases`` without those that name something after ``year`` (the writer's ``own`` words aside)."""
    return [p for p in phrases if fits(p, year, own)]
