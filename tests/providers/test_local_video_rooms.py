"""What stands in a room of a video's scene: a room the story names is furnished as that room
(a bed in a bedroom, stairs in a stairwell, the great lens in a lighthouse's lamp room), seen
from its doorway in the room's perspective."""
import numpy as np
import pytest

from providers.video.imagery import furniture, looks, pictures, scenes

W, H = 320, 180
BACK = (96.0, 40.0, 224.0, 112.0)  # the back wall in the frame: x0, y0, x1, y1
EYE = BACK[3] - 0.55 * (BACK[3] - BACK[1])  # eye level where it meets the back wall
ROOMS = ["bedroom", "ward", "office", "classroom", "dining room", "kitchen", "cellar", "attic",
         "staircase", "bathroom", "parlour", "waiting room", "lamp room", "boiler room",
         "nursery", "library", "records room", "nave", "morgue", "mess hall", "study", "room",
         "crypt", "cell", "lab", "operating theatre", "nurses' station", "medical bay", "sleeping module",
         "organ loft", "pub", "studio", "control room", "auditorium", "barn", "hayloft", "shop floor",
         "loading bay", "transmitter room", "dressing room", "visiting room", "locker room", "specimen room",
         "bunk room", "projection booth", "cell block"]


def standing(room, side=1):
    """Where something was painted into a plain grey room: a (H, W) mask."""
    img = np.full((H, W, 3), 0.3, np.float32)
    furniture.furnish(img, BACK, room, np.random.default_rng(1), side)
    return np.abs(img - 0.3).max(axis=2) > 0.02


@pytest.mark.parametrize("room", ROOMS)
def test_something_stands_on_the_floor_of_every_room_a_story_names(room):
    painted = standing(room)
    rows = np.flatnonzero(painted.any(axis=1))
    assert painted.mean() > 0.01, room
    assert rows.max() > BACK[3] + 5, room  # it comes forward of the back wall, on the floor


@pytest.mark.parametrize("room", ["corridor", "hall", "passage"])
def test_a_corridor_is_bare(room):
    assert not standing(room).any()


@pytest.mark.parametrize("side", [1, -1])
def test_the_bed_stands_on_the_side_away_from_the_window(side):
    columns = np.flatnonzero(standing("bedroom", side).any(axis=0))
    assert (columns.mean() < W / 2) == (side > 0)


def test_stairs_climb_above_the_eye_and_a_bed_does_not():
    assert np.flatnonzero(standing("staircase").any(axis=1)).min() < EYE - 10
    assert np.flatnonzero(standing("bedroom").any(axis=1)).min() > EYE


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_lamp_room_at_night_is_lit_by_its_great_lens(seed):
    shot = pictures.ShotPlanner("a lighthouse").shot("She climbed to the lamp room alone.", 1)
    assert shot.room == "lamp room"
    img = scenes.paint(W, H, looks.LOOKS["Cinematic"], time_of_day="Midnight", seed=seed, index=1,
                       shot=pictures.Shot(shot.setting, "", (), shot.room))
    middle = img.mean(axis=2)[int(0.2 * H):int(0.65 * H), int(0.35 * W):int(0.65 * W)]
    assert (middle > 0.6).mean() > 0.15  # without the lens: 0-4 % (a bulb, a door's edge)


@pytest.mark.parametrize("line, room", [
    ("She went into the nurses' station.", "nurses' station"), ("The operating theatre was dark.", "operating theatre"),
    ("The medical bay smelled of bleach.", "medical bay"), ("In the crypt the air was cold.", "crypt"),
    ("The isolation cell was padded.", "cell"), ("I went up the spiral stair.", "staircase"),
    ("The chemistry lab was locked.", "lab"), ("He climbed to the organ loft.", "organ loft"),
    # the factory, theatre, prison, radio station and farm of the engine's worlds
    ("Rows of machines filled the shop floor.", "shop floor"), ("The foyer smelled of old velvet.", "lobby"),
    ("She sat in the empty auditorium.", "auditorium"), ("The cell block was three tiers high.", "cell block"),
    ("The studio's ON AIR lamp was dark.", "studio"), ("Valves hummed in the transmitter hall.", "transmitter room"),
    ("Hay rotted in the barn.", "barn"), ("He climbed into the hayloft.", "hayloft"),
    ("The storeroom was racked with crates.", "store"),
])
def test_the_rooms_the_story_engine_writes_are_rooms_of_the_video(line, room):
    """Rooms the offline story engine's worlds have (a hospital's nurses' station and operating
    theatre, a church's crypt) were shown as the last room or outside."""
    assert pictures.ShotPlanner("a hospital").shot(line, 1).room == room


@pytest.mark.parametrize("line", ["They crossed the creek bed in the dark.", "She came to the research station."])
def test_a_creek_bed_or_a_station_is_not_a_room(line):
    assert pictures.ShotPlanner("a forest").shot(line, 1).room == ""
