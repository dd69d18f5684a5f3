"""Names read as names for the cast fields users type: "old Mr. Tanaka who owns the place" is Mr.
Tanaka (he), never "Mr. place"; a nickname in quotes is what he is called; "the twins" are a they.
The fields are in test_local_story_names.json beside this file: each a characters field and the
people read from it, [name, handle after the first mention, pronouns], in the field's order."""
import json
import re
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider
from providers.local_story.reading import read_cast

CASTS = json.loads((Path(__file__).with_suffix(".json")).read_text(encoding="utf-8"))["casts"]

LAUNDROMAT = {
    "genre": "Psychological", "mood": "Dark", "setting": "a 24-hour coin laundromat under the railway in Osaka",
    "characters": "Haruka Mori, a night-shift nurse; old Mr. Tanaka who owns the place",
    "protagonist": "Haruka Mori", "antagonist": "a dryer that keeps turning with nobody's clothes in it",
    "keyElements": "a lost-and-found box, a folded school uniform",
    "plotTwist": "the uniform is Haruka's own, from the year her sister vanished",
    "customPrompt": "Slow and sad. Focus on sounds. No blood.", "storyLength": 1200,
    "weatherCondition": "Rainy", "timeOfDay": "Midnight", "intensity": 4, "pacing": "Slow Burn",
    "narrativePerspective": "Third Person"}


@pytest.mark.parametrize("case", CASTS, ids=[c["characters"] for c in CASTS])
def test_cast_fields_read_into_names_handles_and_pronouns(case):
    cast = read_cast(case["characters"])
    assert [[p.name, p.handle, p.pronouns] for p in cast] == case["people"]


@pytest.mark.parametrize("case", CASTS, ids=[c["characters"] for c in CASTS])
def test_no_lower_case_word_of_the_field_becomes_a_name(case):
    """Every capitalised word of a name or handle is capitalised where the field says it (a
    sentence's first word aside): "the place" never comes back as "Mr. Place"."""
    def words(text):
        return [w.strip("'’") for w in re.findall(r"[\w'’.-]+", text)]

    said = set(words(case["characters"]))
    for name, handle, _ in case["people"]:
        for word in words(f"{name} {handle}"):
            if word[:1].isupper() and word not in said and word.lower() in case["characters"].lower():
                typed_in_one_case = case["characters"].islower() or case["characters"].isupper()
                assert word.lower() in ("the", "grandmother") or typed_in_one_case, (word, name, handle)


def test_what_is_said_of_a_named_person_is_their_description_not_their_name():
    tanaka = read_cast("Haruka Mori, a night-shift nurse; old Mr. Tanaka who owns the place")[1]
    assert (tanaka.name, tanaka.handle, tanaka.pronouns) == ("Mr. Tanaka", "Mr. Tanaka", "he")
    assert "old" in tanaka.look and "who owns the place" in tanaka.look


def test_the_laundromat_story_calls_the_owner_mr_tanaka():
    body = GenerateSchema().load(dict(LAUNDROMAT, seed=1))
    text = LocalStoryProvider().generate(story_request(body)).content
    assert "Mr. Tanaka" in text
    assert not re.search(r"Mr\. [Pp]lace|Tanaka who", text)


def test_the_plan_a_draft_is_revised_by_calls_the_owner_mr_tanaka_too():
    """The revise path's cast (``build_cast``) reads names as the form reading does."""
    import random
    from types import SimpleNamespace

    from providers.local_story.cast import build_cast

    request = SimpleNamespace(characters=LAUNDROMAT["characters"], protagonist="Haruka Mori", antagonist="",
                              plot_twist="", custom_prompt="")
    cast = build_cast(request, "psychological", random.Random(1))
    tanaka = next(p for p in cast if "Tanaka" in p["full"])
    assert (tanaka["name"], tanaka["pronouns"]) == ("Mr. Tanaka", "he")
    assert cast[0]["pronouns"] == "she"  # Haruka


def _story(**fields):
    form = {"genre": "Supernatural", "mood": "Eerie", "storyLength": 1200, "timeOfDay": "Night",
            "weatherCondition": "Foggy", "intensity": 5, "pacing": "Moderate", "narrativePerspective": "Third Person",
            **fields}
    return LocalStoryProvider().generate(story_request(GenerateSchema().load(form))).content


#: words a handle can never stand on ("the itself stopped short")
NOT_A_HANDLE = {"itself", "himself", "herself", "themselves", "whatever", "whoever", "something", "someone",
                "it", "that", "who", "which", "the", "paying"}


@pytest.mark.parametrize("antagonist", ["the light itself", "the house itself", "the dark itself",
                                        "the sea itself rising", "someone who rides the last bus without paying",
                                        "whoever took Ana", "something that waits"])
def test_a_handle_is_never_a_function_word(antagonist):
    villain = read_cast("Ruth", "Ruth", antagonist)[1]
    assert villain.handle and villain.handle.split()[-1].lower() not in NOT_A_HANDLE, villain.handle


def test_the_light_itself_is_the_light():
    text = _story(genre="Cosmic Horror", setting="a lighthouse on the Faroe Islands", characters="Ruth Dahl, a keeper",
                  protagonist="Ruth Dahl", antagonist="the light itself", keyElements="a storm lantern, a logbook",
                  seed=4)
    assert not re.search(r"(?i)\bthe itself\b", text)
    assert len(re.findall(r"(?i)\bthe light\b(?! itself)", text)) >= 3


@pytest.mark.parametrize("antagonist, handle", [
    ("something that sings from the oyster beds", "the thing in the oyster beds"),
    ("whatever waits under the indigo vat", "the thing under the indigo vat")])
def test_a_description_that_is_a_clause_is_said_by_its_handle(antagonist, handle):
    """"a print something that sings from the oyster beds had left" is no sentence: the story says
    the thing in the oyster beds."""
    text = _story(setting="an oyster farm on the Kentish coast",
                  characters="Maren Holt, an oyster farmer; her father Jack", protagonist="Maren Holt",
                  antagonist=antagonist, keyElements="a winch, a tide table", seed=11)
    assert antagonist not in text.lower()
    assert text.count(handle) + text.count(handle.capitalize()) >= 2


def test_a_doctor_with_a_slavic_first_name_is_a_she():
    """"Dr. Lidia Orlova": she, not "They rapped once on the dead television"."""
    text = _story(genre="Psychological", setting="a children's sanatorium outside Kharkiv in 1986",
                  characters="Dr. Lidia Orlova; Kolya, a boy patient", protagonist="Dr. Lidia Orlova",
                  keyElements="a dead television, a dosimeter", weatherCondition="Snowy", seed=5)
    assert not re.search(r"(?:^|[.!?\"]\s+)They\b", text, re.M)
    assert len(re.findall(r"\b(?:she|her|She|Her)\b", text)) >= 10


def test_a_renamed_handle_is_not_said_twice_where_the_beat_says_it_whole():
    """"Crane" renamed "Mr Crane" where a beat says "Mr Crane" already: never "Mr Mr Crane"."""
    from core.providers import StoryRequest
    from core.story_plan import dump_plan, load_plan
    from providers.local_story.plan import make_plan, renamed_cast

    request = StoryRequest(genre="Gothic Horror", mood="Dreadful", setting="Hollins Hall",
                           characters="Agnes Pell; Crane", protagonist="Agnes Pell", antagonist="Crane",
                           length_words=600, seed=3)
    plan = dump_plan(make_plan(request))
    plan["beats"][1]["text"] += " Mr Crane waited."
    next(c for c in plan["cast"] if c["name"] == "Crane")["name"] = "Mr Crane"
    texts = " ".join(b.text for b in renamed_cast(load_plan(plan), request).beats)
    assert "Mr Crane waited" in texts and "Mr Mr" not in texts and re.search(r"\bMr Crane's trail", texts)


@pytest.mark.parametrize("antagonist, called", [
    ("something that sings from the oyster beds", "the thing in the oyster beds"),
    ("something under the ice", "the thing under the ice")])
def test_the_plan_a_draft_is_revised_by_calls_something_by_its_handle(antagonist, called):
    """"Make something escalate by what something does" was the revise path's advice."""
    import random
    from types import SimpleNamespace

    from providers.local_story.cast import build_cast

    request = SimpleNamespace(characters="Maren Holt", protagonist="Maren Holt", antagonist=antagonist,
                              plot_twist="", custom_prompt="")
    villain = build_cast(request, "supernatural", random.Random(1))[1]
    assert (villain["name"], villain["pronouns"]) == (called, "it")


@pytest.mark.parametrize("antagonist, handle", [("something with too many teeth", "the thing with too many teeth"),
                                                ("something with two faces", "the thing with two faces"),
                                                ("whatever lives in the well", "the thing in the well")])
def test_what_a_thing_is_told_by_keeps_its_words(antagonist, handle):
    """"the thing with the too many teeth" is no one's English."""
    assert read_cast("Ines", "Ines", antagonist)[1].handle == handle
