"""Which of a world's words belong to another kind of place.

A *term* is a kind's word ("pub", "harbour"), or one of its place names, fixtures, keepsakes or
surroundings without its article and trailing clause ("sign-out desk", "felt door", "lych gate").
A term is *specific* to the kinds whose tables contain it when at most ``SPECIFIC`` kinds do and
neither the neutral table (what any place has: an entrance, a torch, the road out) nor the weather
templates do ("stairwell" belongs to the apartment block and the dormitory; "door" to everyone,
so to no one). A term of a world is *foreign* when it is specific to kinds the world did not draw
on, and neither the setting's own words nor a modifier it carries say it ("a harbour café" may
have a harbour; an Ohio daycare may not).
"""
import re
from functools import cache

from .tables import journeys, tables

SPECIFIC = 3
_ARTICLE = re.compile(r"^(?:the|a|an|some|one|two|three|a pair of|a box of|a bag of|a tin of|a jar of)\s+")
_CLAUSE = re.compile(r"\s+(?:of|with|from|for|on|in|at|by|under|behind|between|where|that|which|still|left|"
                     r"half|nobody|no one|someone)\s.*$")


def core(phrase):
    """'the lashing gangways between the stacks' -> 'lashing gangways'; 'a child's drawing of a
    ger' -> "child's drawing"."""
    text = _ARTICLE.sub("", phrase.lower().strip())
    return _CLAUSE.sub("", text).strip(" ,.;")


_TOKEN = re.compile(r"[\w'’-]+")
LONGEST = 6


def _blob(table):
    parts = list(table["words"]) + list(table["outside"]) + list(table["sounds"]) + list(table["smells"])
    parts += [table["roof"], table["glass"], table["handle"]]
    parts += list(table["keepsakes"])
    for place in table["places"]:
        parts += [place["name"], place["handle"], place["about"], *place["fixtures"], *place["sounds"]]
    return " | ".join(parts).lower()


def _singular(word):
    if word.endswith(("ss", "us", "is", "'s")) or len(word) <= 3 or not word.endswith("s"):
        return word
    return word[:-2] if word.endswith(("ches", "shes", "xes", "sses")) else word[:-1]


def _grams(text, starts=None):
    """Every run of up to ``LONGEST`` words of ``text`` (split at punctuation), with a plural last
    word also in the singular: what a term may be found as (only runs from a word in ``starts``,
    when given)."""
    grams = set()
    for chunk in re.split(r"[|,.;:!?()]", text.lower()):
        words = _TOKEN.findall(chunk)
        for i in range(len(words)):
            if starts is not None and words[i] not in starts and _singular(words[i]) not in starts:
                continue
            for j in range(i + 1, min(i + LONGEST, len(words)) + 1):
                gram = tuple(words[i:j])
                grams.add(gram)
                grams.add(gram[:-1] + (_singular(gram[-1]),))
    return grams


def _key(term):
    words = tuple(_TOKEN.findall(term.lower()))
    return words[:-1] + (_singular(words[-1]),) if words else words


def _neutral_text():
    """The neutral table's words and the weather's: what any place may have (an entrance, a torch,
    the road out, rain)."""
    _, _, weather, generic = tables()
    parts = [*generic["outside_built"], *generic["outside_open"], *generic["outside_rooms"], *generic["sounds"],
             *generic["smells"],
             *generic["keepsakes"]]
    parts += [line for templates in weather.values() for lines in templates.values() for line in lines]
    for place in generic["built"] + generic["open"] + generic["rooms"]:
        parts += [place["name"], place["handle"], place["about"], *place["fixtures"], *place["sounds"]]
    return " | ".join(parts).lower()


@cache
def _kind_terms():
    """term -> the kinds whose tables contain it, for the terms at most ``SPECIFIC`` kinds have."""
    kinds = tables()[0]
    owners = {}
    for kind, table in kinds.items():
        for gram in _grams(_blob(table)):
            owners.setdefault(gram, set()).add(kind)
    terms = set()
    for table in kinds.values():
        terms.update(_key(w) for w in table["words"])
        for place in table["places"]:
            terms.update(_key(core(p)) for p in (place["name"], *place["fixtures"]))
        terms.update(_key(core(k)) for k in (*table["keepsakes"], *table["outside"]))
    return {term: frozenset(owners[term]) for term in terms
            if term and len(" ".join(term)) >= 3 and 0 < len(owners.get(term, ())) <= SPECIFIC}


@cache
def neutral_terms():
    """The few terms of some kinds that the neutral table or the weather also use ("threshold",
    "road out"): nobody's, since any place may have them."""
    neutral = _grams(_neutral_text())
    return frozenset(" ".join(term) for term in _kind_terms() if term in neutral)


@cache
def specific_terms():
    """term (a tuple of words, the last singular) -> the kinds it is specific to (at most
    ``SPECIFIC``), the neutral terms aside."""
    neutral = neutral_terms()
    return {term: owners for term, owners in _kind_terms().items() if " ".join(term) not in neutral}


def _modifier_text(name):
    parts = []
    for value in tables()[1][name].values():
        if isinstance(value, dict):
            value = [line for lines in value.values() for line in lines]
        if isinstance(value, list):
            parts += value
    return " | ".join(parts)


def foreign_terms(world):
    """The terms of ``world`` specific to kinds it did not draw on and not said by its setting or
    its modifiers, sorted (as text)."""
    own = set(world.kinds)
    specific = specific_terms()
    starts = _starts()
    found = [gram for gram in _grams(world.text(), starts) if gram in specific and not specific[gram] & own]
    if not found:
        return []
    said = _grams(world.setting).union(*(_modifier_grams(name) for name in world.modifiers))
    if world.journey:  # a journey's own table: the tent of a trek, the windscreen of a truck
        said |= _journey_grams(world.journey)
    return sorted(" ".join(gram) for gram in found if gram not in said)


@cache
def _starts():
    return frozenset(term[0] for term in specific_terms())


@cache
def _modifier_grams(name):
    return frozenset(_grams(_modifier_text(name)))


@cache
def _journey_grams(name):
    spec = journeys()["classes"][name]
    parts = [*spec["outside"], *spec["sounds"], *spec["smells"], *spec["keepsakes"]]
    for place in spec["places"]:
        parts += [place["name"], place["handle"], place["about"], *place["fixtures"]]
    return frozenset(_grams(" | ".join(parts)))
