"""A tiny seeded template expander (in the spirit of Tracery).

``expand("{S} {WAS} {dread} ...", ctx, rng)`` replaces every ``{key}`` by ``ctx[key]``: a string
(itself expanded), a list/tuple (one item picked with ``rng``), or a callable (called with no
arguments; its result is expanded). Unknown keys are left as they are so a typo is visible.
"""
import re

from .grammar import capitalize_first

_SLOT = re.compile(r"\{(\w+)\}")
_MAX_DEPTH = 6
#: words that start with a vowel but take "a" (a one-room shack, a European, a uniform, a useful thing)
_VOWEL_AS_CONSONANT = r"one\b|one-|once\b|eu|uni[cfoqtvs]|use|usu|uti"


def expand(template, ctx, rng, _depth=0):
    def sub(match):
        value = ctx.get(match.group(1))
        if value is None:
            return match.group(0)
        if callable(value):
            value = value()
        if isinstance(value, (list, tuple)):
            value = value[int(rng.random() * len(value))] if value else ""
        if "{" in value and _depth < _MAX_DEPTH:
            value = expand(value, ctx, rng, _depth + 1)
        return value

    return _SLOT.sub(sub, template)


class Deck:
    """Draws items in a shuffled order without repeats until all are used, then reshuffles."""

    __slots__ = ("items", "rng", "pile")

    def __init__(self, items, rng):
        self.items = list(items)
        self.rng = rng
        self.pile = []

    def __call__(self):
        if not self.pile:
            self.pile = self.items[:]
            self.rng.shuffle(self.pile)
        return self.pile.pop() if self.pile else ""


def tidy(sentence):
    """Collapse spaces, fix ' ,' and doubled articles, and capitalise the first letter."""
    s = re.sub(r"\s+", " ", sentence).strip()
    s = re.sub(r"\s+([,.;:!?])", r"\1", s)
    s = re.sub(r"(?i)\bthe the\b", "the", s)
    s = re.sub(r"(?i)\b(a|an) (the|a|an) ", r"\2 ", s)
    s = re.sub(r",\s*([,.;:!?])", r"\1", s)
    s = re.sub(rf"\b([Aa]) (?=(?!(?i:{_VOWEL_AS_CONSONANT}|ura))[aeiouAEIOU]|hour|honest|heir)",
               r"\1n ", s)  # an owl, an unlit room, an hour; a one-room shack, a useful, a uniform
    s = re.sub(rf"\b([Aa])n (?=(?i:{_VOWEL_AS_CONSONANT}))", r"\1 ", s)
    s = re.sub(r"([.!?])\.$", r"\1", s)
    return capitalize_first(s)
