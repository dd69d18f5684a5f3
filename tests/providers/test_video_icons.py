"""The icons a scene draws: whole (the bundled paths keep every number apart), never a badge (a
round frame around a picture: "mountains" is peaks in a circle) standing in a scene, and the
places no icon draws drawn as themselves (a ger's felt door, not a wooden one)."""
import re

import numpy as np
import pytest

from providers.video.imagery import icon_index, icons
from providers.video.tools.extract_icons import compact

NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")


def numbers(path):
    """The numbers of SVG path data as an SVG reader reads them ("19.4.04" is 19.4 and .04)."""
    return [float(n) for n in NUMBER.findall(re.sub(r"[A-Za-z]", " ", path))]


@pytest.mark.parametrize("path", [
    "M19.4.04 38.4-1.1c0 .4.96 1.3l2.04.3 5-.04-.96.5",
    "M254.1 26.2c-17.4-.01-31.7 14.3-31.7 31.7c0 7.6 2.7 14.6 7.3 20.1c19.4.04 38.4-1.1 55.8-3.3",
])
def test_compacting_a_path_keeps_every_number_apart(path):
    before, after = numbers(path), numbers(compact(path))
    assert len(after) == len(before)
    assert np.allclose(after, before, atol=0.051)


@pytest.mark.parametrize("name, least", [("ringing-bell", 0.2), ("person", 0.18), ("handheld-fan", 0.3)])
def test_bundled_icons_are_drawn_whole(name, least):
    """These were slivers (a tenth of their area) when two numbers ran together."""
    assert icons.mask(name, 64).mean() > least


def test_a_badge_is_never_a_thing_in_a_scene():
    assert icon_index.framed("mountains") and icon_index.framed("castle")
    assert not icon_index.framed("ringing-bell") and not icon_index.framed("wooden-door")
    assert not icon_index.framed("family-house")  # a square house is not a badge
    for phrase in ("dolomites", "the mountains", "a castle", "the peak"):
        found = icon_index.icon_for(phrase)
        assert found is None or not icon_index.framed(found), (phrase, found)


def test_a_felt_door_is_a_quilted_curtain_not_a_wooden_door():
    assert icon_index.icon_in("the felt door", "the ger") == "shape:felt-door"
    felt, wood = icons.mask("shape:felt-door", 96) > 0.5, icons.mask("wooden-door", 96) > 0.5
    assert (felt != wood).mean() > 0.2
    curtain = felt[60:90, 36:60]  # its stitches cross it: many short runs in each row
    assert np.mean([np.count_nonzero(np.diff(row.astype(int))) for row in curtain]) >= 4
