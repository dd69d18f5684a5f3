"""Every scene in the story's own world: a room the prose names in a ger is the ger's inside (felt
walls, roof ring, stove), a room of a place no drawing has an inside for is that place in its land
(the bus in the city, the greenhouse on the ice), only a building's rooms are painted as rooms;
the figures stand clear of the subtitles."""
import copy

import numpy as np

from providers.video.imagery import icon_index, scenes
from providers.video.imagery.looks import look_for
from providers.video.imagery.plan_shots import PlanShotPlanner
from tests.providers.video_plans import GER

LOOK = look_for("Cinematic", "", "")


def plan_with(world, places, who=("altan",)):
    plan = copy.deepcopy(GER)
    plan["world"] = world
    plan["places"] = [{"id": f"p{k}", "name": name, "handle": name, "outdoors": False, "fixtures": []}
                      for k, name in enumerate(places)]
    for k, beat in enumerate(plan["beats"]):
        beat["place"] = f"p{k % len(places)}"
        beat["who"] = list(who)
        beat["elements"] = []
    return plan


def shot_at(setting, world, place, line="Nothing moved for a long time."):
    planner = PlanShotPlanner(plan_with(world, [place]), [line], None, setting)
    return planner.shot(line, 0)


def paint(shot, weather="Clear", seed=3):
    return scenes.paint(320, 180, LOOK, "", "", "", "Night", weather, seed, 0, shot=shot)


def test_a_room_the_prose_names_in_a_ger_is_the_ger_inside_not_a_generic_room():
    office = shot_at("a ger on the Mongolian steppe in winter", "ger", "the cramped office")
    assert (office.inside, office.room, office.setting_icon) == ("ger", "inside the ger", "shape:ger")
    ger = shot_at("a ger on the Mongolian steppe in winter", "ger", "the ger", "The stove ticked in the dark.")
    assert ger.inside == "ger"
    outside = shot_at("a ger on the Mongolian steppe in winter", "ger", "the ger", "The rider circled outside.")
    assert (outside.inside, outside.land.kind) == ("", "steppe")
    # the ger's inside is lit by its stove, warm, where a generic room is not
    inside = paint(office)
    assert inside[..., 0].mean() > inside[..., 2].mean() * 1.15


def test_rooms_of_a_place_without_an_inside_show_the_place_in_its_land():
    bus = shot_at("a danfo bus in Lagos traffic", "bus", "the drivers' room")
    assert (bus.setting_icon, bus.room, bus.land.kind) == ("bus", "", "city")
    ice = shot_at("an Antarctic research greenhouse", "greenhouse", "the boiler house")
    assert (ice.setting_icon, ice.room, ice.land.kind) == ("greenhouse", "", "ice")
    gondola = shot_at("a gondola station high in the Dolomites", "station", "the narrow back room")
    assert (gondola.setting_icon, gondola.room, gondola.land.kind) == ("shape:gondola", "", "mountains")
    attic = shot_at("an abandoned house", "house", "the attic")
    assert attic.room == "attic"
    # the lands look apart: the ice is pale, the city dark under its skyline, the peaks white-capped
    pale = {name: paint(s)[int(180 * 0.62):int(180 * 0.75)].mean() for name, s in
            (("ice", ice), ("city", bus))}
    assert pale["ice"] > pale["city"] + 0.08


def test_figures_stand_clear_of_the_subtitles_band():
    shot = shot_at("a ger on the Mongolian steppe in winter", "ger", "the steppe", "Outside the wind rose.")
    shot.figure_icons, shot.figures, shot.figure_colours = ("drawn:coat", "shape:rider"), ("person", "figure"), ()
    shot.element_icon = ""
    # the painting and its background layer (the same, without the pictures in the foreground)
    img, back = scenes.paint(320, 180, LOOK, "", "", "", "Night", "Clear", 8, 0, shot=shot, layered=True)
    rows = np.flatnonzero((np.abs(img - back).max(axis=2) > 0.05).any(axis=1))
    assert len(rows) > 40  # the figures are there
    assert rows.max() < 180 * 0.76  # and end above the subtitles' band (from 77 % of the height)


def test_a_place_inside_a_ger_with_a_picture_of_its_own_is_still_inside_the_ger():
    beds = shot_at("a ger on the Mongolian steppe in winter", "ger", "the beds along the lattice wall",
                   "Wet felt hung near them.")
    assert (beds.inside, beds.setting_icon) == ("ger", "shape:ger")  # not bunk beds on the steppe
    assert "brick-wall" not in beds.icon_names()


def test_a_sheep_pen_is_a_fence_not_a_fountain_pen():
    assert icon_index.icon_in("the sheep pen", "ger") == "wooden-fence"
    assert icon_index.icon_in("his pen", "", "he wrote her name with it") == "fountain-pen"
    assert icon_index.icon_in("the emergency stop", "gondola station") != "bus-stop"  # a button, not a bus stop
    assert icon_index.icon_in("the ski run", "gondola station") == "pine-tree"  # not a man running
    assert icon_index.icon_in("the family photographs", "ger") == "portrait"  # not a camera
    # a word of a relative clause is not the thing: "stop" is no bus stop here
    assert icon_index.icon_in("a horse that will not stop sweating", "ger") == "horse-head"
    assert icon_index.icon_in("the maintenance log", "gondola station") == "notebook"  # no timber
    assert icon_index.icon_in("a rotten log", "forest") == "log"
