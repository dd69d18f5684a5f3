"""The phrase bank is large enough for a long story: a 3,000-word story keeps its length without
saying its lines twice (it once ran out two thirds of the way, 2,492 words, and then came back
only by repeating lines: up to 2.9 % of its five-word runs said twice)."""
import re

import pytest

from bench import story_metrics as m
from providers.local_story import LocalStoryProvider
from providers.local_story.prose import bank
from providers.local_story.prose.body import body_frames
from tests.providers.test_local_story import varied


@pytest.fixture(scope="module")
def long_stories():
    provider = LocalStoryProvider()
    return [(i, provider.generate(varied(i, 3000)).content) for i in (0, 4, 5, 8, 12, 13, 16, 18)]


def test_a_long_story_keeps_its_length_and_says_few_phrases_twice(long_stories):
    for i, text in long_stories:
        words = len(text.split())
        assert words >= 3000 * 0.92, (i, words)
        distinct, _ = m.repeated_5grams(text)
        assert distinct <= 0.022, (i, distinct)


def test_every_line_of_the_body_is_a_frame_told_once():
    """A body line with no frame in data/body.json could come in every paragraph of a story."""
    for t in bank.templates()["body"]:
        for said in bank._choices(t.text):
            said = re.sub(r"\{(?:my|I|me|myself)\}", "her", said).replace("{hands}", "hands")
            assert body_frames(said), t.text
