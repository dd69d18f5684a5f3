"""The custom prompt's format as a reader sees it: the headings of a logbook name whose log it is
only when the prompt says so."""
import re

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider

LOOKOUT = {"genre": "Supernatural Horror", "mood": "Eerie", "setting": "a fire lookout tower in the Cascades",
           "characters": "June Okafor, a seasonal lookout", "protagonist": "June Okafor",
           "antagonist": "a second smoke column that nobody else can see",
           "keyElements": "the Osborne firefinder", "plotTwist": "", "storyLength": 900,
           "weatherCondition": "Foggy", "timeOfDay": "Dusk", "intensity": 4, "pacing": "Moderate",
           "narrativePerspective": "First Person"}


def headings(prompt):
    body = GenerateSchema().load(dict(LOOKOUT, customPrompt=prompt, seed=3))
    text = LocalStoryProvider().generate(story_request(body)).content
    return re.findall(r"(?m)^(.+), entry \d+\. \d\d:\d\d\.$", text)


@pytest.mark.parametrize("prompt, book", [
    ("Write it as radio check-ins and log entries.", "Log"),
    ("Tell it as the tower's fire log, entry by entry.", "Fire log"),
    ("Write it as logbook entries.", "Log"),
])
def test_a_logbook_heading_names_only_the_log_the_prompt_names(prompt, book):
    found = headings(prompt)
    assert len(found) >= 3 and set(found) == {book}, found
