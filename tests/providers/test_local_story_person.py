"""A twist about the protagonist, told in the story's person: "June reported the fire twenty years
before she was born", in June's own voice, is "before I was born"."""
import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider
from tests.providers.test_local_story_forms import LOOKOUT

TWIST = "June reported the fire that killed the previous lookout, twenty years before she was born"


@pytest.mark.parametrize("person, said", [("First Person", "twenty years before I was born"),
                                          ("Second Person", "twenty years before you were born"),
                                          ("Third Person", "twenty years before she was born")])
def test_the_twist_about_the_narrator_is_in_the_narrators_person(person, said):
    body = GenerateSchema().load(dict(LOOKOUT, plotTwist=TWIST, narrativePerspective=person, seed=5,
                                      storyLength=1200))
    text = LocalStoryProvider().generate(story_request(body)).content
    assert said in text


def test_the_narrator_is_i_where_i_is_the_subject():
    """ "since me would want something in hand": told in the first person, the protagonist's name
    becomes "I" after since/because/if and before would/could, not "me"."""
    import json
    import re
    from pathlib import Path
    sets = json.loads((Path(__file__).resolve().parents[2] / "bench/data/field_sets.json").read_text())
    slips = []
    for fields in sets:
        for seed in (41, 7):
            body = GenerateSchema().load(dict(fields, narrativePerspective="First Person", seed=seed))
            text = LocalStoryProvider().generate(story_request(body)).content
            slips += re.findall(r"[^.]*\b(?:(?:since|because|if|though|once) me|"
                                r"me (?:would|could|should|might|will))\b[^.]*", text)
    assert not slips, slips
