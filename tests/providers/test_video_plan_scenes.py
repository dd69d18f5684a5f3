"""Scenes drawn from the story's plan: each shows its place (a ger, a cable car over snow), its
people (one figure each, in the colour the story gives them) and its key element; a plan read out
of a story that has none; words in another sense draw nothing; the weather shows; a correction on
the storyboard changes the next render."""
import numpy as np
import pytest
from PIL import Image

from core.providers import VideoRenderRequest
from core.story_plan import load_plan
from providers.local_video import LocalVideoProvider
from providers.video.imagery import scenes
from providers.video.imagery.looks import look_for
from providers.video.imagery.plan_shots import PlanShotPlanner
from providers.video.script.plan_extract import extract_plan
from tests.providers.video_plans import GER, GER_LINES, GONDOLA, GONDOLA_LINES

WEN = [
    "Wen came to the lake town in the autumn, when the ferry still ran twice a day.",
    "The church bell hung in its tower over the square. Nobody rings it now, the baker told Wen, and she laughed.",
    "Each night Wen heard water under the floor. In the morning the floorboards were wet, and the bell was ringing.",
    "She went down to the lake with a lantern. A woman in a grey shawl sat in the ferry.",
    "The woman did not look up. Wen held the lantern higher and saw her own face.",
    "In the end Wen understood that she had drowned on the night she arrived, and the bell had rung for her.",
]


def shots(plan, lines, corrections=None):
    planner = PlanShotPlanner(plan, lines, corrections)
    return [planner.shot(line, k) for k, line in enumerate(lines)]


def paintings(plan, lines, weather, time_of_day="Night"):
    look = look_for("Cinematic", "", "")
    return [scenes.paint(320, 180, look, line, "", "", time_of_day, weather, 3, k, shot=shot)
            for k, (line, shot) in enumerate(zip(lines, shots(plan, lines)))]


def test_each_scene_shows_its_place_its_people_and_its_element_from_the_plan():
    ger = shots(GER, GER_LINES)
    gondola = shots(GONDOLA, GONDOLA_LINES)
    assert ger[1].shows == ["the ger", "the stove", "Altan", "the felt door"]
    assert ger[1].setting_icon == "shape:ger" and ger[1].element_icon == "shape:felt-door"
    assert ger[0].setting_icon == "high-grass"  # the steppe
    assert "the rider" in ger[2].shows and "shape:rider" in ger[2].figure_icons
    assert ger[2].large  # the reversal turns on the fiddle
    assert {s.setting_icon for s in gondola} == {"shape:gondola"}
    assert "wood-cabin" not in {s.element_icon for s in gondola}  # the last cabin is the gondola's
    man = gondola[1].figure_icons.index("drawn:bulky hood")  # the snowsuit: bulky, its hood up
    assert gondola[1].figure_colours[man] == pytest.approx((0.95, 0.45, 0.08))  # orange, from the look
    giulia = gondola[1].figure_colours[1 - man]
    assert giulia[0] > 0.6 and giulia[1] < 0.2  # her red jacket


def test_frames_of_the_ger_story_differ_from_the_gondola_story():
    ger = paintings(GER, GER_LINES, "")
    gondola = paintings(GONDOLA, GONDOLA_LINES, "")
    for a in ger[:2]:
        for b in gondola:
            assert np.abs(a - b).mean() > 0.03


def test_a_plan_is_read_out_of_a_hand_written_story():
    plan = load_plan(extract_plan("The Bell", WEN))
    assert [p.name for p in plan.cast if p.role == "protagonist"] == ["Wen"]
    assert plan.cast[0].pronouns == "she"
    antagonist = [p for p in plan.cast if p.role == "antagonist"]
    assert antagonist and "grey shawl" in antagonist[0].look
    assert "the bell" in [e.name for e in plan.elements]
    assert {p.handle for p in plan.places} >= {"the ferry", "the lake"}
    assert [b.kind for b in plan.beats][-1] == "reversal"  # the twist paragraph
    assert plan.twist.clues == [plan.beats[-1].id]
    assert len(plan.beats) == len(WEN)


def test_a_bell_nobody_rings_is_not_a_ring():
    plan = extract_plan("The Bell", WEN)
    names = [e["name"] for e in plan["elements"]]
    assert not any("ring" in name for name in names)
    drawn = shots(plan, WEN)
    icons = {s.element_icon for s in drawn} | {s.setting_icon for s in drawn}
    assert "ringing-bell" in icons
    assert not any(i and "ring" in i.split("-") for i in icons)  # no finger ring, no ring of any kind


def test_a_sleeper_train_is_a_train_not_a_subway():
    plan = extract_plan("Night Sleeper", [
        "Ines boarded the sleeper train at midnight and found her compartment.",
        "The sleeper train stopped in the snow, and the conductor did not come back.",
        "In the end Ines understood the train had never left the station."])
    drawn = shots(plan, ["Ines boarded the sleeper train.", "The train stopped.", "It never left."])
    assert {s.setting_icon for s in drawn} <= {"steam-locomotive", "platform"}
    assert "steam-locomotive" in {s.setting_icon for s in drawn}


def contrast(img):
    return float(img.mean(axis=2).std())


def test_the_weather_shows_fog_greys_the_scene_and_snow_lies_on_the_ground():
    clear = paintings(GER, GER_LINES, "Clear")
    foggy = paintings(GER, GER_LINES, "Foggy")
    outdoors = [k for k, shot in enumerate(shots(GER, GER_LINES)) if not shot.inside]
    assert len(outdoors) >= 2  # the steppe; inside the ger the fog is not seen
    for k in outdoors:
        assert contrast(foggy[k]) < contrast(clear[k]) * 0.8
    snowy = paintings(GONDOLA, GONDOLA_LINES, "Snowy", "Dusk")
    plain = paintings(GONDOLA, GONDOLA_LINES, "Cloudy", "Dusk")
    for a, b in zip(plain, snowy):
        assert b[-15:].mean() > a[-15:].mean() + 0.1  # white ground


def test_a_line_that_names_the_door_is_not_told_from_outside():
    # the felt door is the story's key element: a scene at the beds that mentions it is still
    # inside the ger, not beds out on the snow (a door is seen from inside as well)
    plan = dict(GER, places=GER["places"] + [{"id": "beds", "name": "the beds", "handle": "the beds",
                                              "outdoors": False, "fixtures": ["the lattice wall"]}],
                beats=GER["beats"] + [{"id": "b4", "kind": "escalation", "place": "beds",
                                       "text": "The felt door ticks when the rider is near.",
                                       "who": ["altan"], "elements": ["door"]}])
    line = "Worse, the felt door had begun to tick faintly whenever the rider was near."
    shot = PlanShotPlanner(plan, GER_LINES + [line]).shot(line, 3)
    assert shot.inside == "ger", (shot.setting_icon, shot.shows)
    out = "Altan went out past the felt door into the snow."
    assert not PlanShotPlanner(plan, GER_LINES + [out]).shot(out, 3).inside  # told from outside


def test_the_moon_shows_on_a_clear_night_and_is_veiled_by_fog_snow_and_rain():
    # the ger's steppe at night, painted as the video paints it (the sky its own layer): a fog,
    # snowfall or rain that covers the land does not leave a crisp white moon above it
    look = look_for("Cinematic", "", "")
    outside = shots(GER, GER_LINES)[0]

    def brightest_sky(weather, seed):
        _, back = scenes.paint(640, 360, look, GER_LINES[0], "", "", "Night", weather, seed, 0,
                               shot=outside, layered=True)
        return float(back[:140].mean(axis=2).max())

    for seed in range(1, 9):
        assert brightest_sky("Clear", seed) > 0.97  # the moon's disc
        for weather in ("Foggy", "Snowy", "Rainy"):
            assert brightest_sky(weather, seed) < 0.8, (weather, seed)


def render(tmp_path, name, **extra):
    # 15 s: each of the three lines is spoken long enough for a scene of its own (at 12 s the
    # knock, 2.5 s, folds into the scene of the line after it)
    request = VideoRenderRequest(title="The Felt Door", paragraphs=GER_LINES, script=GER_LINES,
                                 plan=GER, duration=15, resolution="480p", frame_rate=24, seed=4,
                                 narration_voice="Deep Male", **extra)
    out = tmp_path / name
    out.mkdir()
    return out, LocalVideoProvider().render(request, out)


def test_a_storyboard_correction_changes_the_next_render(tmp_path):
    out, first = render(tmp_path, "first")
    assert first.plan is None  # the story's own plan: nothing read out of the prose
    line = GER_LINES[1]
    scene = next(s for s in first.scenes if s["text"] == line)
    assert "the felt door" in scene["shows"]
    out2, second = render(tmp_path, "second", shows={line: ["the steppe", "the rider", "the horse-head fiddle"]})
    again = next(s for s in second.scenes if s["text"] == line)
    assert again["shows"] == ["the steppe", "the rider", "the horse-head fiddle"]
    before = np.asarray(Image.open(out / scene["thumbnail"]), np.float32)
    after = np.asarray(Image.open(out2 / again["thumbnail"]), np.float32)
    assert np.abs(before - after).mean() > 8
    others = [s for s in second.scenes if s["text"] != line]
    assert [s["shows"] for s in others] == [s["shows"] for s in first.scenes if s["text"] != line]


def test_a_story_without_a_plan_gets_one_with_its_first_video(tmp_path):
    request = VideoRenderRequest(title="The Bell", paragraphs=WEN, duration=10, resolution="480p",
                                 frame_rate=24, seed=2)
    result = LocalVideoProvider().render(request, tmp_path)
    assert result.plan and load_plan(result.plan).cast[0].name == "Wen"
    shown = [name for s in result.scenes for name in s["shows"]]
    assert "Wen" in shown


def test_a_plan_read_out_of_a_story_keeps_its_building_its_rooms_and_no_owner_as_a_place():
    story = ["Marit took the night shift at the lighthouse because nobody else would.",
             "The lamp room smelled of paraffin. Every night someone knocked on the iron door.",
             "She left the logbook open on the table; by morning it held new entries, and a ship's "
             "bell was heard to the south.",
             "On the ninth night the knocking came from the lamp room she had just left.",
             "She read the first entry and understood that the hand was her own."]
    plan = extract_plan("The Keeper", story)
    places = {p["name"] for p in plan["places"]}
    assert plan["world"] == "lighthouse" and plan["setting"] == "the lighthouse"  # not "the room"
    assert "the lamp room" in places
    assert not any("ship" in p for p in places)  # "a ship's bell" is a bell
    assert all(not e["name"].endswith("open") for e in plan["elements"])  # "the logbook open"


def test_a_place_that_is_the_door_shows_the_ger_from_outside_not_a_door_alone():
    plan = dict(GER, places=[{"id": "door", "name": "the felt door", "handle": "the felt door",
                              "outdoors": False, "fixtures": ["the painted door frame"]}] + GER["places"],
                beats=[dict(GER["beats"][0], place="door")] + GER["beats"][1:])
    shot = PlanShotPlanner(plan, GER_LINES).shot(GER_LINES[0], 0)
    assert shot.setting_icon == "shape:ger" and not shot.inside  # the ger, seen from outside


def test_whom_the_line_names_is_in_its_scene():
    """Before: a scene's people came from its beat alone: the caption said "the man in the
    snowsuit had come after Giulia", the picture showed Giulia alone."""
    lines = ["Giulia closed the gondola station as the snow came in, and the man in the snowsuit "
             "was already waiting by the bull wheel.",
             "The last cabin came down the cable, empty."]
    planner = PlanShotPlanner(GONDOLA, lines)
    first = planner.shot(lines[0], 0)
    assert planner.beat_of(lines[0], 0).who == ["giulia"]  # the beat: Giulia alone
    assert first.who == ("Giulia", "the man in the snowsuit")
    assert "drawn:bulky hood" in first.figure_icons
