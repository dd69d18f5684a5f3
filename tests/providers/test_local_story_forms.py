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


SERVICE_BOAT = {"genre": "Cosmic Horror", "mood": "Dreadful",
                "setting": "a wind farm service boat off the coast of Jutland",
                "characters": "Freja Holm, a turbine technician; her brother Mads, the skipper",
                "protagonist": "Freja Holm", "antagonist": "the voice on channel 16 that knows the crew's names",
                "keyElements": "a torque wrench, the maintenance logbook",
                "plotTwist": "turbine 9 was never built", "storyLength": 2000, "weatherCondition": "Foggy",
                "timeOfDay": "Dawn", "intensity": 7, "pacing": "Moderate", "narrativePerspective": "First Person"}


@pytest.mark.parametrize("prompt, label, other", [
    ("Told as radio transcripts between the boat and the shore.", "Radio log", "SHORE"),
    ("Write it as a transcript of the calls to the coastguard.", "Call recording", "BASE"),
])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_transcript_reads_as_turns_of_speech_under_a_heading_of_its_own(prompt, label, other, seed):
    body = GenerateSchema().load(dict(SERVICE_BOAT, customPrompt=prompt, seed=seed))
    paragraphs = LocalStoryProvider().generate(story_request(body)).content.split("\n\n")
    headings = [p for p in paragraphs if p.startswith("[")]
    assert len(headings) >= 3 and all(re.fullmatch(rf"\[{label}, \d\d:\d\d\]", h) for h in headings), headings
    turns = [p for p in paragraphs if not p.startswith("[")]
    speakers = {p.split(":", 1)[0] for p in turns}
    assert {"FREJA", other} <= speakers  # the narrator, and a word from the other end
    # a cast member's quoted line is their own turn, not a quotation inside the narrator's
    assert not [p for p in turns if re.match(r'^[A-Z]+: "[^"]+"\s*(said|asked) Mads', p)]
