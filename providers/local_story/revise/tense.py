"""A field phrase said whole in the story's past narration, read back in the narration's tense and
as a thing already met. The user writes "the lamp that lights itself at low tide" and "a satellite
phone that only gets their own voice back" in the present, as a description; said in a past
narration ("a print the lamp that lights itself at low tide had left", "A satellite phone that only
gets their own voice back bought one moment") the present clause reads as a slip. Told outside
quotation marks its relative clause moves to the past ("the lamp that lit itself"); inside them it
is someone speaking and stays. A key element met once is "the" after that, not "a" again ("On the
third look, a cracked barometer pointed at the banister"), and "the" when a sentence opens on it:
it is the story's own thing ("The whistle bought one instant", not "A whistle bought")."""
import re

from ..grammar import narrative_past
from ..prose.things import an_or_a

#: a relative clause: where a field phrase's own verb starts ("that lights", "who is never seen")
_RELATIVE = re.compile(r"\b(?:that|who|which)\s", re.I)
#: dialogue (its own tense) and the narration between
_QUOTED = re.compile(r"(\"[^\"]*\"|“[^”]*”)")
_ARTICLE = re.compile(r"^(?:a|an)\s+", re.I)


def past_phrase(phrase):
    """``phrase`` with its relative clause in the past: "the portrait that ages" -> "the portrait
    that aged"; the phrase as it is when it has none, or its clause is past already."""
    m = _RELATIVE.search(phrase or "")
    if not m:
        return phrase
    return phrase[:m.start()] + narrative_past(phrase[m.start():])


def settle(paragraphs, people, elements, appositives=()):
    """``paragraphs`` with each of ``people`` (field phrases: the antagonist's) and ``elements``
    (the key elements' names and handles) in the narration's past, and an element met before,
    by its name or its handle, said with "the" again. Dialogue is left as it is said. A name
    with an appositive (``appositives``: "the okami, Mrs. Sugimoto") is closed by a comma where
    the sentence goes on ("the okami, Mrs. Sugimoto, met her at the gate")."""
    closing = re.compile(r"(" + "|".join(re.escape(a) for a in appositives) + r")(?= [\w\"“])") \
        if appositives else None
    names = [name for name, _ in elements]
    swaps = [_swap(p, past_phrase(p)) for p in list(people) + names if p and past_phrase(p) != p]
    known = [_known(_ARTICLE.sub("", past_phrase(name)), handle)
             for name, handle in elements if name and _ARTICLE.match(name)]
    met = set()
    out = []
    for paragraph in paragraphs:
        parts = _QUOTED.split(paragraph)
        for i, part in enumerate(parts):
            if i % 2 == 0:  # the narration between the quotations
                parts[i] = _met_again(_past(part, swaps), known, met)
            else:  # someone speaking: "How long has the single bed been like that?", the thing met
                parts[i] = _met_again(part, known, met, opening=False)
        text = an_or_a(_particle_twice("".join(parts)))
        out.append(closing.sub(r"\1,", text) if closing else text)
    return out


def _particle_twice(text):
    """"the camper who never signed in in the mess tent": a field phrase ending on the word the
    line goes on with is kept apart by a comma ("signed in, in the mess tent")."""
    return re.sub(r"\b(in|on|out|up|off|down|over|back) \1\b", r"\1, \1", text)


def _swap(phrase, past):
    """The pattern of a field phrase as the narration may say it (its first letter in either case
    when it is lower case) and what it becomes."""
    if phrase[:1].isupper():
        return re.compile(r"\b" + re.escape(phrase)), lambda m: past
    return re.compile(r"(?i)\b(" + re.escape(phrase[:1]) + r")" + re.escape(phrase[1:])), lambda m: m.group(1) + past[1:]


def _past(text, swaps):
    for pattern, past in swaps:
        text = pattern.sub(past, text)
    return text


def _known(core, handle):
    """A thing with an article, by its words and its handle's: (core, the pattern of either after an article)."""
    said = [re.escape(core)] + ([re.escape(_bare(handle))] if _bare(handle) else [])
    return core, re.compile(r"\b(?:(an?)|(the|my|your|his|her|their))\s+(" + "|".join(said) + r")\b", re.I)


def _met_again(text, known, met, opening=True):
    """"a cracked barometer" after "the cracked barometer" (or "the barometer") -> "the cracked
    barometer"; with ``opening``, also where a sentence opens on it."""
    for core, pattern in known:
        def again(m, core=core):
            opens = opening and (m.start() == 0 or re.search(r"(?:^|[.!?:]\s+)$", m.string[:m.start()]) is not None)
            if m.group(1) and (core in met or opens) and m.group(3).lower() == core.lower():
                return ("The" if m.group(1)[0].isupper() else "the") + " " + m.group(3)
            if m.group(2) or m.group(3).lower() == core.lower():
                met.add(core)
            return m.group(0)
        text = pattern.sub(again, text)
    return text


def _bare(handle):
    return re.sub(r"^(?:the|a|an)\s+", "", handle or "", flags=re.I)
