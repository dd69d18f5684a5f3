"""The story read back once it is written, paragraph by paragraph, for what a reader trips on
between sentences rather than in one: a name or handle opening sentence after sentence ("The
bather waited. The bather blocked the way out. The bather did not come past the lockers."), the
same adverb twice in a paragraph ("lifted their head, unhurriedly ... turned toward him,
unhurriedly"), the same sound in two sentences running ("The hush broke on a drip. He heard a
drip."), and then for its rhythm (``rhythm.py``: short lines of unease joined, a sentence saying
again what the paragraph said and a line pointing back at nothing gone). The words it needs are data (``data/lines.json``: ``not_adverbs``)."""
import re
from functools import lru_cache

from ..prose.scene import SENTENCE_PIECES
from ..prose.things import lines_data, sound
from .rhythm import rhythm

#: where a paragraph's sentences end (a quotation is one sentence with its closing mark)
_ENDS = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\bMrs\.)(?:(?<=[.!?])|(?<=[.!?][\"”]))\s+(?=[\"“A-Z])")
_FORMS = {"she": ("she", "her", "her"), "he": ("he", "him", "his"), "it": ("it", "it", "its"),
          "they": ("they", "them", "their")}
#: after a plural "they" the verb agrees: "They were inside", not "They was inside"
_AGREE = {"was": "were", "is": "are", "has": "have", "does": "do", "wasn't": "weren't", "isn't": "aren't",
          "hasn't": "haven't", "doesn't": "don't"}
_PREPOSITIONS = ("at", "on", "to", "for", "from", "with", "toward", "towards", "around", "behind", "past", "near",
                 "beside", "by", "of", "over", "under", "into", "after", "before")


def reread(paragraphs, cast, sounds):
    """``paragraphs`` (strings) read back: a name opening a sentence after one that named them said
    by its pronoun,
    an adverb said once a paragraph, a sound not heard again in the next sentence. ``cast``: (names
    and handles, pronoun) for each person or thing; ``sounds``: the story's sound phrases."""
    people = [(sorted({n for n in names if n}, key=len, reverse=True), _FORMS.get(pron, _FORMS["they"]))
              for names, pron in cast]
    people = [(names, forms, re.compile("|".join(re.escape(n) for n in names) + r"\b(?!['’]s)", re.I))
              for names, forms in people if names]
    heard = _sound_words(tuple(sounds))
    out, near, last = [], [], set()  # near: the adverbs of the paragraph before (a short one is a line or two)
    told = set()                        # last: the sounds of its last sentence; told: every sentence so far
    for p in paragraphs:
        text, adverbs, last = _paragraph(p, people, heard, set().union(*near[-1:]), last)
        out.append(_untold(text, told))
        near.append(adverbs)
    return out


def _untold(paragraph, told):
    """``paragraph`` without a sentence the story has told already, word for word (two places
    both read back as "Inside, I wanted more light."), unless it is all the paragraph has."""
    if paragraph.startswith(("#", "*", "-", "|")):
        return paragraph
    said = sentences_of(paragraph)
    kept = []
    for sentence in said:
        pieces = [x.strip().lower() for x in SENTENCE_PIECES.split(sentence) if len(x.split()) > 2]
        if pieces and any(x in told for x in pieces) and len(said) > 1:
            continue
        told.update(pieces)
        kept.append(sentence)
    return " ".join(kept) if len(kept) < len(said) else paragraph


@lru_cache(maxsize=64)
def _sound_words(sounds):
    """Each sound as every way the story may say it ("a bucket emptied", "a bucket being emptied"), the
    longest first, and one pattern that finds any of them (the form found -> the sound's first form)."""
    out, key = [], {}
    for s in sounds:
        said = sound(s)
        forms = {w + " " + said.heard.lower() for w in lines_data()["sound_of"]} if said.thing else \
            {s.lower(), said.heard.lower(), said.noun.lower()}  # "the compressors" alone is a thing, not a sound
        if len(s.split()) >= 2:  # "scissors" may be a thing on a table too
            forms = sorted(forms, key=len, reverse=True)
            out.append(forms)
            key.update((f, forms[0]) for f in forms)
    find = re.compile("|".join(re.escape(f) for f in sorted(key, key=len, reverse=True))) if key else None
    return out, key, find


def sentences_of(paragraph):
    return [s for s in _ENDS.split(paragraph) if s]


def _paragraph(paragraph, people, heard, near, last):
    if paragraph.startswith(("#", "*", "-", "|")):  # a heading or a log's line: left as written
        return paragraph, set(), set()
    said = sentences_of(paragraph)
    said = _subjects(said, people)
    said, adverbs = _adverbs(said, near)
    said = rhythm(said, people)  # before the sounds: a sentence it lets go leaves two running that may share one
    said, last = _sounds(said, heard, last)
    return " ".join(said), adverbs, last


def _who(sentence, people):
    """The person (index) whose name or handle opens ``sentence``, and the words that name them."""
    if sentence.startswith(('"', "“")):
        return None, ""
    for i, (_, _, opens) in enumerate(people):
        m = opens.match(sentence)
        if m and len(sentence) > m.end() + 1:
            return i, m.group(0)
    return None, ""


def _others_named(sentence, people, i):
    """Whether ``sentence`` names anyone but person ``i`` who takes the same pronoun (a "he" would be ambiguous)."""
    low = sentence.lower()
    forms = people[i][1]
    return any(re.search(r"\b" + re.escape(n.lower()) + r"\b", low)
               for j, (names, other, _) in enumerate(people) if j != i and other == forms for n in names) \
        or (forms[0] != "they" and re.search(r"\b" + forms[0] + r"\b", low) is not None)


def _subjects(said, people):
    """A name opening a sentence right after one that named them says the pronoun, but the name
    comes back every third time, so the pronoun is never far from it ("The bather waited. They
    blocked the way out. They did not come past the lockers. The bather ...")."""
    out = list(said)
    streak, who = 0, None
    for k, sentence in enumerate(said):
        i, name = _who(sentence, people)
        if i is None or k == 0 or not people[i][2].search(said[k - 1]):
            streak, who = 0, i
            continue
        streak = streak + 1 if i == who else 1
        who = i
        if streak % 3 == 0:  # the name again, now and then
            continue
        if _others_named(out[k - 1], people, i):
            continue
        subject = people[i][1][0]
        rest = sentence[len(name):]
        if subject == "they":
            rest = re.sub(r"^(\s+(?:\w+\s+)?)(" + "|".join(map(re.escape, _AGREE)) + r")\b",
                          lambda m: m.group(1) + _AGREE[m.group(2)], rest, count=1)
        out[k] = subject.capitalize() + rest
    return out


def _adverbs(said, near=frozenset()):
    """An adverb said once in a paragraph (or in it and the one before, ``near``): the second time it
    goes where it can (", unhurriedly."). Returns the sentences and the paragraph's adverbs."""
    keep = frozenset(lines_data()["not_adverbs"])
    seen, mine = set(near), set()
    out = []
    for sentence in said:
        if sentence.startswith(('"', "“")):
            out.append(sentence)
            continue
        words = {w.lower() for w in re.findall(r"\b[A-Za-z]{5,}ly\b", sentence)} - keep
        for w in sorted(words & seen):
            cut = re.sub(r",\s+" + w + r"(?=[.!?;])|^" + w + r",\s+|\s+" + w + r"(?=[.!?]$)", "", sentence,
                         count=1, flags=re.I)
            if cut != sentence:
                sentence = cut[:1].upper() + cut[1:]
        seen |= words
        mine |= words
        out.append(sentence)
    return out, mine


def _sounds(said, heard, last=frozenset()):
    """The same sound in two sentences running (``last``: the sounds of the sentence before): the
    second, when it is a short line of sense, goes; a longer one, or a paragraph's only one, says "the
    same sound". Returns the sentences and the sounds of the last."""
    heard, key, find = heard
    out = []
    for n, sentence in enumerate(said):
        here = {key[m.group(0)] for m in find.finditer(sentence.lower())} if find else set()
        again = here & last
        if again and not sentence.startswith(('"', "“")):
            if len(sentence.split()) <= 10 and (out or n + 1 < len(said)):
                last = here
                continue
            forms = next(f for f in heard if f[0] in again)
            wrappers = "|".join(re.escape(w) for w in lines_data()["sound_of"])  # "the noise of ..." as a whole
            for f in forms:
                sentence = re.sub(rf"(?i)(?<![\w'])(?:(?:{wrappers}) )?" + re.escape(f) + r"(?![\w'])", "the same sound",
                                  sentence, count=1)
            sentence = sentence[:1].upper() + sentence[1:]  # "The same sound came from inside it."
        out.append(sentence)
        last = here
    return out, last
