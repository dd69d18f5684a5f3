"""Paragraphs that flow (issue #40), over the twelve bench field sets and three of these tests' own,
each with several seeds: no paragraph says three short lines of unease running ("The place felt
bigger. He heard a drip. He waited for the next."), no sentence says again what its paragraph said
(the same subject at the same place, "The bather was inside. ... They had found him inside."; the
same frame, "Against the voice, the torque wrench held ... Against the voice, the torque wrench
held"), and no line points back at nothing ("It was worse.", "I hope.")."""
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider
from providers.local_story.revise.reread import reread

BENCH = Path(__file__).resolve().parents[2] / "bench/data"
OWN = json.loads(Path(__file__).with_name("rhythm_field_sets.json").read_text())
SETS = json.loads((BENCH / "field_sets.json").read_text()) + OWN
SEEDS = (1, 5, 19)
_ENDS = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<=[.!?])\s+(?=[A-Z])")
#: lines that point back at nothing
ORPHANS = re.compile(r"^(?:It was (?:worse|better|stranger)|I hope|So it was)[.!]$")
#: last words that name no place ("... turned toward him", "... again")
_PLAIN = {"him", "her", "them", "it", "me", "you", "again", "now", "then", "there", "too", "once", "back",
          "away", "still", "here", "long", "more", "time", "moment", "breath", "second", "all", "alone", "nothing",
          "everything", "something", "was", "had", "did", "way", "out", "off", "up", "down"}
_OPENS = re.compile(r"^(?:I|He|She|They|It|You|We|The \w+|[A-Z][a-z]+)\b")


@cache
def story(i, seed):
    body = GenerateSchema().load(dict(SETS[i], seed=seed))
    return LocalStoryProvider().generate(story_request(body)).content


def narration(paragraph):
    """The paragraph's sentences outside speech (a line of speech and its tag are not narration)."""
    return [s for s in _ENDS.split(paragraph) if s and '"' not in s and "“" not in s]


def paragraphs():
    for i in range(len(SETS)):
        for seed in SEEDS:
            text = story(i, seed).split("\n\n")
            tags = Counter(m.group(1) for p in text for m in [re.match(r"([A-Z][A-Z .'-]+): ", p)] if m)
            narrator = tags.most_common(1)[0][0] if tags else None
            for p in text:
                turn = re.match(r"([A-Z][A-Z .'-]+): ", p)
                if turn and turn.group(1) != narrator:  # a transcript: another's turn is speech
                    continue
                if not p.startswith(("#", "*", "-", "|")):
                    yield (i, seed), p


def staccato(paragraph):
    """Three sentences of five words or fewer running, with no speech between them."""
    run = 0
    for s in _ENDS.split(paragraph):
        if '"' in s or "“" in s:
            run = 0
            continue
        run = run + 1 if len(s.split()) <= 5 else 0
        if run >= 3:
            return True
    return False


def said_again(paragraph):
    """Two sentences opening on the same six words, or two short ones of one opening ending on one place."""
    said = narration(paragraph)
    frames, ends = set(), set()
    for s in said:
        w = re.findall(r"[\w'’-]+", s.lower())
        frame = tuple(w[:6])
        if len(frame) == 6 and frame in frames:
            return s
        frames.add(frame)
        m = _OPENS.match(s)
        if m and len(w) <= 8 and w[-1] not in _PLAIN and len(w[-1]) > 3:
            key = (m.group(0).lower(), w[-1])
            if key in ends:
                return s
            ends.add(key)
    return None


def test_no_three_short_lines_of_unease_running():
    bad = [(at, p) for at, p in paragraphs() if staccato(p)]
    assert not bad, bad[:3]


def test_no_sentence_says_again_what_its_paragraph_said():
    bad = [(at, said_again(p), p) for at, p in paragraphs() if said_again(p)]
    assert not bad, bad[:3]


def test_no_line_points_back_at_nothing():
    bad = [(at, s) for at, p in paragraphs() for s in narration(p) if ORPHANS.match(s)]
    assert not bad, bad[:3]


BATHER = ([["the bather"], "they"], [["Haruto"], "he"])


@pytest.mark.parametrize("paragraph, expected", [
    ("The baths kept very still around the taps. The place felt bigger from inside. He heard a drip. "
     "He waited for the next.",
     "The baths kept very still around the taps. The place felt bigger from inside. He heard a drip and "
     "waited for the next."),
    ("The bather was inside. They had always been there.", "The bather was inside and had always been there."),
    ("The bather was inside. They were waiting.", "The bather was inside; they were waiting."),
    ("The bather heard a drip. They waited for the next.", "The bather heard a drip and waited for the next."),
    ("Haruto walked to the lamp. He hummed beside it.", "Haruto walked to the lamp. He hummed beside it."),
    ("The bather was inside. Haruto backed off. They had found him inside.",
     "The bather was inside. Haruto backed off."),
    ("Against the voice, the torque wrench held for a moment. Sigrid ran. Against the voice, the torque wrench "
     "held, as nothing here had.", "Against the voice, the torque wrench held for a moment. Sigrid ran."),
    ("He had heard of the counter: the counter where towels are sold. It was worse. He went in.",
     "He had heard of the counter: the counter where towels are sold. He went in."),
    ("The wrench stayed in the shed. I hope.", "The wrench stayed in the shed."),
    ('"Did you hear it?" Mrs. Ueda asked. She said nothing about a drip.',
     '"Did you hear it?" Mrs. Ueda asked. She said nothing about a drip.'),
])
def test_read_back_joins_drops_and_keeps(paragraph, expected):
    assert reread([paragraph], [(names, pron) for names, pron in BATHER], [])[0] == expected
