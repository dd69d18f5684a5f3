"""The antagonist in a video's scenes is drawn as the story describes them: a nun's habit to the
floor, a sack for a head with the light through its eye holes, a child's height; a story that
describes no one keeps the hooded figure."""
import dataclasses

import numpy as np
import pytest

from core.providers import VideoRenderRequest
from providers.video import pipeline
from providers.video.imagery import figures, icons, looks, pictures, scenes

NUN = "It was a thin woman in a nun's black habit, the hem grey with dust, a rosary in her fingers."
SACK = ("What stood there was an old man with a burlap sack for a face, two holes cut ragged for the "
        "eyes; he held something long and dull down at his side.")
KEEPER = ("It was a stooped figure in a keeper's oilskin coat, buttoned to the chin, a lantern in their "
          "hand that was not lit.")
CHILD = "She had time to see a child in a nightdress, barefoot in the cold, her face turned to the wall."
MAN = "It was a tall man in clothes too thin for the cold, standing very straight."
SIZE = 200


def drawn(text):
    return figures.mask(figures.look_of(text), SIZE) > 0.5


def runs(row):
    """The filled stretches of a row of a mask."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], row.astype(int), [0]))))
    return list(zip(edges[::2], edges[1::2]))


def test_a_habit_or_a_dress_reaches_the_floor_and_legs_do_not():
    feet = int(SIZE * 0.97)
    assert len(runs(drawn(NUN)[feet])) == 1  # one hem
    assert len(runs(drawn(MAN)[feet])) == 2  # two legs


def test_a_sack_for_a_head_has_holes_the_light_comes_through():
    sack, man = drawn(SACK), drawn(MAN)
    head = slice(0, int(SIZE * 0.25))  # an old man's head: stooped, a little lower
    assert any(len(runs(row)) >= 3 for row in sack[head])  # sack, hole, sack, hole, sack
    assert not any(len(runs(row)) >= 3 for row in man[head])


def test_a_child_stands_lower_than_a_grown_figure():
    top = {text: np.flatnonzero(drawn(text).any(axis=1)).min() for text in (CHILD, MAN, NUN)}
    assert top[CHILD] > top[MAN] + SIZE * 0.25 and top[CHILD] > top[NUN] + SIZE * 0.2


def test_the_story_s_first_description_is_the_one_drawn():
    assert figures.look_of("The road was long. " + KEEPER + " " + NUN).split() == ["coat", "stoop", "lantern"]
    assert figures.look_of("The road was long and the rain did not stop.") == ""


@pytest.mark.parametrize("described, plain", [(NUN, "She walked down the ward."), (SACK, "He waited.")])
def test_a_video_of_the_story_shows_its_antagonist_as_described(described, plain):
    """The scene of a line about the antagonist, painted from the video of a story that describes
    them and of one that does not: the figure differs (the hooded figure before, for both)."""
    line = "The figure came down the ward toward her, without hurry."
    frames = []
    for story in (described, plain):
        req = VideoRenderRequest(title="Ward", genre="Gothic Horror", mood="Eerie", setting="St. Brigid's sanatorium",
                                 paragraphs=[story, line], seed=3)
        shot = pipeline.shot_planner(req).shot(line, 1)
        assert "figure" in shot.figures
        frames.append(scenes.paint(320, 180, looks.LOOKS["Cinematic"], time_of_day="Midnight", seed=3,
                                   index=1, shot=shot))
    dark = [f.mean(axis=2) < 0.03 for f in frames]  # the silhouettes
    assert (dark[0] != dark[1]).mean() > 0.02


def test_a_line_names_the_antagonist_by_their_role_not_its_first_word():
    """"the night clerk" was found in every line with "night" in it."""
    planner = pictures.ShotPlanner("an empty motel", "Slasher", antagonist="the night clerk")
    assert "figure" not in planner.shot("The night was cold and the rain came down.", 1).figures
    assert "figure" in planner.shot("The clerk smiled from behind the desk.", 1).figures


def test_when_the_form_names_no_antagonist_the_story_says_who_it_describes():
    story = ["I looked up in the east ward and the grey lady was there, in the doorway.",
             "What stood there was an old woman in a black mourning dress buttoned to the chin.",
             "I pressed the silver locket into the grey lady's hand."]
    req = VideoRenderRequest(title="Ward", genre="Gothic Horror", mood="Eerie", setting="a sanatorium",
                             paragraphs=story, seed=3)
    shot = pipeline.shot_planner(req).shot(story[2], 2)
    assert "figure" in shot.figures and "skirt" in shot.figure_look


def _hero_mask(characters, story, protagonist=""):
    req = VideoRenderRequest(title="Ward", genre="Gothic Horror", mood="Eerie", setting="a sanatorium",
                             characters=characters, protagonist=protagonist, paragraphs=story, seed=3)
    shot = pipeline.shot_planner(req).shot(story[-1], 1)
    assert "person" in shot.figures
    person = shot.icon_names()[2][shot.figures.index("person")]
    return icons.mask(person, SIZE) > 0.5


def test_the_protagonist_is_drawn_as_the_story_tells_of_them_not_a_stock_pictogram():
    """An editor's note: the hero was the same game-icons pictogram in every video, beside an
    antagonist drawn from the story."""
    clara = _hero_mask("Clara, Dr. Moss", ["Clara came at dusk and she did not knock.",
                                           "She said she would stay.", "Clara walked down the ward."])
    tom = _hero_mask("Tom, Dr. Moss", ["Tom came at dusk and he did not knock.",
                                       "He said he would stay.", "Tom walked down the ward."])
    lily = _hero_mask("Lily, a girl of nine; her mother", ["Lily came at dusk.", "Lily walked down the ward."])
    lamp = _hero_mask("Tom", ["Tom came at dusk with his lamp.", "Tom walked down the ward."])
    stock = icons.mask("person", SIZE) > 0.5
    assert (clara != stock).mean() > 0.05
    neck = int(SIZE * 0.2)  # below the head: long hair falls past her shoulders, not his
    assert clara[neck:neck + 10].sum() > tom[neck:neck + 10].sum() * 1.2
    top = {name: np.flatnonzero(m.any(axis=1)).min() for name, m in (("lily", lily), ("tom", tom))}
    assert top["lily"] > top["tom"] + SIZE * 0.2  # a child stands lower
    assert lamp.sum() > tom.sum()  # something held out at the side
    assert not (_hero_mask("Maya, her little brother Sam", ["Maya walked down the ward."]).any(axis=1)
                .nonzero()[0].min() > top["tom"] + SIZE * 0.2)  # Maya is not the little one
    # told in the first person, "she" is someone else: the narrator Tom has no long hair
    told = _hero_mask("Tom, Mother Agnes", ["I came at dusk and she was waiting. She said I was late.",
                                            "She smiled at me.", "I walked down the ward, and Tom was my name."])
    assert told[neck:neck + 10].sum() == tom[neck:neck + 10].sum()


def test_the_antagonist_up_close_looms_in_the_frame():
    """"Mother Agnes was near now, near enough to see properly": the scene showed her as small as
    every other time."""
    story = ["In the long ward I saw Mother Agnes for the first time: " + NUN,
             "Mother Agnes was near now, near enough to see properly, and she smelled of wet stone.",
             "Mother Agnes waited in the ward, and neither of us moved."]
    req = VideoRenderRequest(title="Ward", genre="Gothic Horror", mood="Eerie", setting="St. Brigid's sanatorium",
                             antagonist="Mother Agnes", paragraphs=story, seed=3)
    planner = pipeline.shot_planner(req)
    near, far = planner.shot(story[1], 1), planner.shot(story[2], 1)
    assert near.close and not far.close
    # the same scene (outside, under the sky) drawn with her up close and at the usual distance
    near = dataclasses.replace(near, room="")
    dark = [scenes.paint(320, 180, looks.LOOKS["Cinematic"], time_of_day="Midnight", seed=3, index=1,
                         shot=shot).mean(axis=2) < 0.03 for shot in (near, dataclasses.replace(near, close=False))]
    assert dark[0].mean() > dark[1].mean() + 0.02  # the silhouette fills more of the frame
    newly = dark[0] & ~dark[1]
    assert newly[:90].sum() > 600  # her head and shoulders high in the frame, where only sky was
    assert not planner.shot("She leaned in to read the chart.", 1).close  # no antagonist, no close-up


def test_the_line_that_describes_the_antagonist_shows_them():
    """"It was an old woman in a nun's black habit …" (the line after 'The first sight of Mother
    Agnes …', which the script may leave out) showed the protagonist alone."""
    story = ["I came to the sanatorium at dusk.", "The first sight of Mother Agnes came in the ward.", NUN]
    req = VideoRenderRequest(title="Ward", genre="Gothic Horror", mood="Eerie", setting="St. Brigid's sanatorium",
                             characters="Clara", protagonist="Clara", antagonist="Mother Agnes",
                             paragraphs=story, seed=3)
    assert "figure" in pipeline.shot_planner(req).shot(NUN, 2).figures
    plain = VideoRenderRequest(title="Ward", genre="Gothic Horror", mood="Eerie", setting="St. Brigid's sanatorium",
                               characters="Clara", protagonist="Clara", paragraphs=story[:2], seed=3)
    assert "figure" not in pipeline.shot_planner(plain).shot("She walked down the ward.", 1).figures


def test_legs_taper_from_thigh_to_ankle_and_stand_on_feet():
    """Before: every figure stood on two straight planks, the same width from hip to floor (a
    washroom sign, not someone in the dark)."""
    man = figures.mask("", SIZE) > 0.5  # someone the story does not describe
    rows = np.flatnonzero(man.any(axis=1))
    top, floor = rows.min(), rows.max()
    height = floor - top
    thigh = runs(man[top + int(height * 0.67)])
    ankle = runs(man[floor - int(height * 0.06)])
    assert len(thigh) == 2 and len(ankle) == 2  # two legs
    assert max(b - a for a, b in ankle) < 0.75 * min(b - a for a, b in thigh)
    feet = runs(man[floor - 1])
    assert len(feet) == 2 and min(b - a for a, b in feet) > max(b - a for a, b in ankle)  # shoes, wider than ankles
