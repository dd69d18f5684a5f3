"""Filler as small scenes: a paragraph about one thing of the place (a fixture), named once and
then referred to ("I tried the rack; it would not give. Behind it, the wall was scored."), with one
fragment at most ("Hot lint, in it."). The words are data (``data/scenes.json``)."""
import json
import re
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "scenes.json"
#: where a line's sentences end as a reader counts them: a closing quote goes with its sentence
#: ('"Where was that?" she asked' is two: '"Where was that?' and 'she asked')
SENTENCE_PIECES = re.compile(r"(?<=[.!?])[\"”’]?\s+")
#: a fixture said at these places is no thing to call "it": "{fixture}: nothing.", "{fixture}, still"
_UNREFERABLE = re.compile(r"(?:^|[.;:]\s+|\])\{fixture\}\s*[,:;]|as far as \{fixture\}|\{fixture\}\s*\[")
#: a fixture after one of these is no subject: "the dark beyond them had depth"
_OBJECT_AFTER = re.compile(r"(?i)\b(?:beyond|behind|past|by|near|beside|under|over|at|to|from|against|of|in|on|into|"
                           r"with|around|round|toward|towards|across|through|along|off|about|for)\s*$")
_SUBJECT_BEFORE = re.compile(r"(^|[.;:!?]\s*|\band\s+|\bthen\s+|\bwhile\s+|\bbut\s+|,\s*)$")


#: an "-ed" word after one of these describes a thing, it is no verb: "near the last parked car", "by flooded ruts"
_BEFORE_ADJECTIVE = frozenset("a an the this these those its his her their my your our some any no every each "
                              "last first old new other near by from on in at of with past beside under behind".split())


#: the place and the setting, said a second time, are often no name ("into the hut" -> "inside")
_SAID_SHORT = re.compile(r"\{(?:place|home)\}")


@lru_cache(maxsize=1)
def _data():
    data = json.loads(DATA.read_text())
    if not data["sizes"] or min(data["sizes"]) < 2:
        raise ValueError(f"{DATA.name}: a scene has two sentences or more")
    return tuple(data["sizes"]), frozenset(data["verbs"]), frozenset(data["not_verbs"])


def sizes():
    """How many sentences a scene may have."""
    return _data()[0]


@lru_cache(maxsize=8192)
def is_fragment(text):
    """Whether ``text`` (a sentence, said by the narrator) has no finite verb: "Hot lint, in it.",
    "A shape, there.", "Water slapping against the pilings."."""
    if text.lstrip().startswith('"'):
        return False
    _, verbs, not_verbs = _data()
    words = re.findall(r"[a-z'](?:[a-z'-]*[a-z'])?", text.lower())  # "the lost-property box": no verb in it
    return not any(w in verbs or (w.endswith("ed") and len(w) > 3 and w not in not_verbs and not (
        i and words[i - 1] in _BEFORE_ADJECTIVE)) or w.endswith("n't") for i, w in enumerate(words))


@lru_cache(maxsize=4096)
def fragments(text):
    """How many of the sentences of ``text`` are fragments ("A shape, there. Then gone." has two)."""
    return sum(is_fragment(x) for x in re.split(r"(?<=[.!?])\s+", re.sub(r"\{[^{}]*\}", "x", text)) if x.strip())


@lru_cache(maxsize=2048)
def referable(template):
    """Whether a template's ``{fixture}`` can be said as "it" once the scene has named it: not where
    it stands alone ("{fixture}: nothing."), and not where "it" would make a run of words every story
    says the same way ("Behind it, the wall sounded hollow"), with the words of the sentences around it."""
    from .bank import MOST_FIXED, fixed_run
    if "{E}" in template or "{A" in template:  # "drew back from the locket, toward it": which one?
        return False
    return "{fixture}" in template and not _UNREFERABLE.search(template) and not is_fragment(
        re.sub(r"\{[^{}]*\}", "x", template)) and fixed_run("w " + _SAID_SHORT.sub("inside", refer(template, False)) + " w") <= MOST_FIXED


def refer(template, plural):
    """``template`` with its ``{fixture}`` said as a pronoun ("it", "they", "them", "its")."""
    template = re.sub(r"\b([Bb])y \{fixture\}", lambda m: ("B" if m.group(1) == "B" else "b") + "eside {fixture}", template)
    template = re.sub(r"\{fixture\}'s\b", "their" if plural else "its", template)

    verbs, not_verbs = _data()[1:]

    def pronoun(m):
        after = re.match(r"\s*(?:\{\w+:([^/{}]+)/[^{}]*\}|([a-z']+))", template[m.end():])
        word = (after.group(1) or after.group(2) or "") if after else ""
        verb = word in verbs or (word.endswith("ed") and word not in not_verbs) or word.endswith("n't")
        before = template[:m.start()]
        subject = not _OBJECT_AFTER.search(before) and (verb or bool(_SUBJECT_BEFORE.search(before)))
        return ("they" if subject else "them") if plural else "it"
    return re.sub(r"\{fixture\}", pronoun, template)
