"""Who a scene shows and what it does not: each cast member a distinct figure drawn from the plan's
cast (a child small, an old woman stooped, the man in the orange snowsuit orange); a rider indoors
is a person, his horse stays out; a plan read out of a hand-written story keeps a first name and
a surname together and draws nothing from a word used in another sense (the weight of the years,
a finger put on something, a train of thought, a coat someone wears); rain and wind show in a
still."""
import numpy as np
import pytest

from core.story_plan import load_plan
from providers.video.imagery import icons, scenes
from providers.video.imagery.looks import look_for
from providers.video.imagery.plan_shots import PlanShotPlanner
from providers.video.script.plan_extract import extract_plan
from tests.providers.video_plans import GER, GER_LINES, GONDOLA, GONDOLA_LINES

LOOK = look_for("Cinematic", "", "")
CHAPEL = [
    "Martha Penrose had lived in the village all her life. The chapel bell hung above the harbour, and nobody "
    "rings it now. The weight of the years lay on her shoulders as she climbed the hill in the rain.",
    "Her grandson Tom, a boy of seven, walked beside her holding the lantern. He did not like the chapel. "
    "Martha told him to keep watch on the path.",
    "Inside, the air was cold. Martha felt the weight of someone's eyes. An old woman, stooped and grey, stood "
    "by the font in a black shawl, and she did not move when the door banged in the wind.",
    "Tom tugged her sleeve. The bell began to ring above them, though the rope hung still. The old woman "
    "turned, and she had Martha's own face.",
    "In the end Martha understood whose turn it was to climb the hill, and the bell rang for her.",
]
KEEPER = [
    "Eliza Hart took the post at the lighthouse in November. The keeper's log lay open on the desk and the "
    "last page was blank. She could not put her finger on what was wrong.",
    "The wind beat against the lamp room. Her train of thought kept returning to the log.",
    "On the third night she saw a girl in a red coat who stood on the rocks below. The girl looked up at her.",
    "The log filled with entries in her hand she did not remember writing. The girl was on the stairs.",
    "In the end Eliza understood the girl had been dead all along.",
]


def planned(paragraphs, lines=None):
    plan = extract_plan("A story", paragraphs)
    lines = lines or paragraphs
    planner = PlanShotPlanner(plan, lines)
    return load_plan(plan), [planner.shot(line, k) for k, line in enumerate(lines)]


def test_each_of_the_cast_is_a_distinct_figure_from_the_plan():
    plan, _ = planned(CHAPEL)
    assert [p.name for p in plan.cast][:2] == ["Martha Penrose", "Tom"]  # one person, not "Martha" and "Penrose"
    planner = PlanShotPlanner(extract_plan("A story", CHAPEL), CHAPEL, who={CHAPEL[2]: ["Tom", "the woman"]})
    shot = planner.shot(CHAPEL[2], 2)
    tom, woman = shot.figure_icons
    assert "child" in tom and "stoop" in woman and tom != woman
    small, stooped = (icons.mask(name, 120) > 0.5 for name in (tom, woman))
    assert np.flatnonzero(small.any(axis=1)).min() > np.flatnonzero(stooped.any(axis=1)).min() + 20  # a child's height
    assert (small != stooped).mean() > 0.05


def orange(img):
    r, g, b = img[..., 0], img[..., 1], img[..., 2]
    return int(((r > 0.25) & (g > 0.3 * r) & (g < 0.7 * r) & (b < 0.4 * r)).sum())  # not her red jacket


def test_the_man_in_the_orange_snowsuit_is_drawn_orange():
    line = GONDOLA_LINES[1]
    with_him = PlanShotPlanner(GONDOLA, GONDOLA_LINES).shot(line, 1)
    without = PlanShotPlanner(GONDOLA, GONDOLA_LINES, who={line: ["Giulia"]}).shot(line, 1)
    paint = [scenes.paint(320, 180, LOOK, line, "", "", "Night", "", 3, 1, shot=s) for s in (with_him, without)]
    assert orange(paint[0]) > 400 and orange(paint[0]) > 5 * orange(paint[1])


def test_a_rider_indoors_is_a_person_and_his_horse_stays_out():
    line = "The rider sat by the stove and did not take off his hat."
    outside = PlanShotPlanner(GER, GER_LINES).shot(GER_LINES[2], 2)
    inside = PlanShotPlanner(GER, [line], who={line: ["Altan", "the rider"]}, where={line: "the ger"}).shot(line, 0)
    assert "shape:rider" in outside.figure_icons
    assert inside.inside == "ger" and "shape:rider" not in inside.figure_icons
    assert all(name.startswith("drawn:") for name in inside.figure_icons)  # people standing, no horse
    rider = [icons.mask(name, 120) > 0.5 for name in inside.figure_icons]
    horse = icons.mask("shape:rider", 120) > 0.5
    width = [np.ptp(np.flatnonzero(m.any(axis=0))) for m in rider + [horse]]
    assert max(width[:-1]) < 0.6 * width[-1]  # a person's width, not a horse's length


@pytest.mark.parametrize("story, misread", [
    (CHAPEL, {"weight", "eyes", "watch"}),
    (KEEPER, {"finger", "train", "coat", "open", "padlock-open", "button-finger", "weight"}),
])
def test_a_word_used_in_another_sense_draws_nothing(story, misread):
    plan, shots = planned(story)
    words = {w for e in plan.elements for w in e.name.split()}
    words |= {w for p in plan.places for f in p.fixtures for w in f.split()}
    words |= {w for s in shots for phrase in s.shows for w in phrase.split()}
    drawn = {s.element_icon for s in shots}
    assert not (words | drawn) & misread


def test_a_keeper_s_log_is_a_book_not_a_log_of_wood():
    plan, shots = planned(KEEPER)
    assert "the log" in [e.name for e in plan.elements]
    assert {s.element_icon for s in shots if s.element == "the log"} == {"notebook"}


def test_a_girl_the_story_keeps_naming_is_in_the_cast_small_and_in_her_red_coat():
    plan, _ = planned(KEEPER)
    girl = next(p for p in plan.cast if p.name == "the girl")
    assert girl.look == "in a red coat" and girl.pronouns == "she"  # not the clause that follows it
    line = KEEPER[2]
    shot = PlanShotPlanner(extract_plan("A story", KEEPER), [line], who={line: ["the girl"]}).shot(line, 0)
    assert "child" in shot.figure_icons[0] and shot.figure_colours[0][0] > 0.6


def streaks(img, axis):
    """How much the painting changes from pixel to pixel across ``axis`` (fine lines)."""
    return float(np.abs(np.diff(img.mean(axis=2), axis=axis)).mean())


def test_rain_and_wind_show_in_a_still():
    shot = PlanShotPlanner(GONDOLA, GONDOLA_LINES).shot(GONDOLA_LINES[0], 0)
    paint = {w: scenes.paint(320, 180, LOOK, "", "", "", "Night", w, 3, 0, shot=shot)
             for w in ("Clear", "Cloudy", "Rainy", "Windy")}
    assert streaks(paint["Rainy"], 1) > 1.3 * streaks(paint["Cloudy"], 1)  # falling streaks: across x
    assert streaks(paint["Windy"], 0) > 1.3 * streaks(paint["Clear"], 0)  # driven streaks: across y


def test_an_antagonist_whose_name_is_a_description_is_drawn_as_described():
    plan = dict(GONDOLA, cast=[dict(GONDOLA["cast"][0]),
                               {"id": "man", "name": "a man in a frozen orange snowsuit", "handle": "the man",
                                "pronouns": "he", "role": "antagonist", "look": ""}])
    line = GONDOLA_LINES[1]
    shot = PlanShotPlanner(plan, GONDOLA_LINES, who={line: ["Giulia", "the man"]}).shot(line, 1)
    assert "hooded-figure" not in shot.figure_icons  # not the faceless default
    picture = scenes.paint(320, 180, LOOK, line, "", "", "Night", "", 3, 1, shot=shot)
    assert orange(picture) > 400
