"""Videos that tell the story: the script retells it to its ending, scenes show its world.

Two short 480p renders (a lighthouse story with a twist, a hospital story with an edited
script); frames are decoded from the MP4s with the bundled ffmpeg.
"""
import re
import subprocess

import numpy as np
import pytest
from PIL import Image

from core.providers import VideoRenderRequest
from providers.local_video import LocalVideoProvider
from providers.video.audio import narration
from providers.video.encode import encoder
from providers.video.imagery import pictures
from providers.video.script import script

LIGHTHOUSE = [
    "Priya came to the lighthouse on Raven Point in the last week of October, when the ferries "
    "stopped running and the island belonged to the gulls.",
    "The old keeper, Tomas, met her at the door. He said only that the lamp must never go dark and "
    "that she should not wind the music box in the lamp room.",
    "For three nights she kept the light while the wind screamed through the gallery rail.",
    "On the fourth night she heard the music box playing by itself, a thin lullaby drifting down "
    "the iron stairs.",
    "In the keeper's logbook she found her own handwriting, dated forty years before she was born.",
    "Tomas had been dead for years, and the island had only been waiting for a new keeper.",
    "When the ferry returned in spring, the light on Raven Point was still burning, and a woman in "
    "the lamp room was slowly winding the music box.",
]
TWIST = "Tomas had been dead for years"
HOSPITAL_SCRIPT = [
    "The night shift at Saint Agnes Hospital began with a power cut on the fourth floor.",
    "Every bed on the dark ward held a patient under a white sheet.",
    "At dawn the day nurses found one more chart on the wall, with his name on it.",
]


def request(**values):
    base = dict(genre="Supernatural Horror", mood="Eerie", time_of_day="Night", weather="Clear",
                duration=18, resolution="480p", frame_rate=24, seed=3, transitions="Cut",
                pacing="Fast-Paced", author="M. Vale")
    base.update(values)
    return VideoRenderRequest(**base)


def render(tmp_path_factory, name, req):
    out = tmp_path_factory.mktemp(name)
    return LocalVideoProvider(LocalVideoProvider.Options().load({})).render(req, out, lambda p, m: None), out


@pytest.fixture(scope="module")
def lighthouse(tmp_path_factory):
    return render(tmp_path_factory, "lighthouse", request(
        title="The Keeper of Raven Point", paragraphs=LIGHTHOUSE,
        setting="the lighthouse on Raven Point", key_elements="music box, logbook",
        characters="Priya, Tomas", protagonist="Priya", antagonist="Tomas, the old keeper",
        plot_twist=TWIST, duration=30))  # the shortest video the spec offers


@pytest.fixture(scope="module")
def hospital(tmp_path_factory):
    return render(tmp_path_factory, "hospital", request(
        title="Fourth Floor", paragraphs=["A story the creator has retold."], setting="Saint Agnes Hospital",
        key_elements="charts", script=HOSPITAL_SCRIPT))


def frame_at(video, seconds, size=(160, 90)):
    proc = subprocess.run([encoder.ffmpeg_exe(), "-v", "error", "-ss", f"{seconds:.2f}", "-i", str(video),
                           "-frames:v", "1", "-s", f"{size[0]}x{size[1]}", "-f", "rawvideo",
                           "-pix_fmt", "rgb24", "-"], capture_output=True, check=True)
    return np.frombuffer(proc.stdout, np.uint8).reshape(size[1], size[0], 3).astype(np.float32)


def middles(result):
    starts = [s["start"] for s in result.scenes] + [result.duration - 3]
    return [(a + b) / 2 for a, b in zip(starts, starts[1:])]


def vtt(result):
    text = result.subtitles_path.read_text(encoding="utf-8")
    return [m.group(1) for m in re.finditer(r"--> [\d:.]+\n(.+(?:\n.+)?)", text)]


def words(text):
    return set(re.findall(r"[a-z']+", text.lower()))


def said_in(cue, paragraph):
    """The cue's words appear in this order in the paragraph."""
    flat = lambda text: " ".join(re.findall(r"[a-z']+", text.lower()))  # noqa: E731
    return flat(cue) in flat(paragraph)


@pytest.mark.slow
def test_frames_of_different_scenes_differ(lighthouse):
    result, _out = lighthouse
    frames = [frame_at(result.video_path, t) for t in middles(result)]
    assert len(frames) >= 3
    for i, a in enumerate(frames):
        for b in frames[i + 1:]:
            assert np.abs(a - b).mean() > 4


@pytest.mark.slow
def test_a_lighthouse_story_looks_unlike_a_hospital_story(lighthouse, hospital):
    a = frame_at(lighthouse[0].video_path, middles(lighthouse[0])[1])
    b = frame_at(hospital[0].video_path, middles(hospital[0])[1])
    assert np.abs(a - b).mean() > 6
    # what each scene shows, in the story's words (its place first)
    assert lighthouse[0].scenes[0]["shows"][0] == "the lighthouse"
    assert all(s["shows"][0] in ("the ward", "the hospital") for s in hospital[0].scenes)
    assert any("the music box" in s["shows"] for s in lighthouse[0].scenes)


@pytest.mark.slow
def test_subtitles_carry_the_twist_and_end_with_the_final_paragraph(lighthouse):
    result, _out = lighthouse
    cues = vtt(result)
    spoken = words(" ".join(cues))
    assert words(TWIST) <= spoken
    assert said_in(cues[-1], LIGHTHOUSE[-1])
    assert not words(LIGHTHOUSE[0]) >= words(" ".join(cues))  # a retelling, not the opening only


@pytest.mark.slow
def test_scenes_list_their_start_line_pictures_and_thumbnail(lighthouse):
    result, out = lighthouse
    starts = [s["start"] for s in result.scenes]
    assert starts == sorted(starts) and starts[0] == 0
    assert len(result.script) >= 3 and result.script[-1] in [s["text"] for s in result.scenes]
    for scene in result.scenes:
        assert scene["text"] in result.script and scene["shows"]
        with Image.open(out / scene["thumbnail"]) as thumb:
            assert thumb.format == "JPEG" and thumb.size[0] == 320


@pytest.mark.slow
def test_an_edited_script_is_narrated_as_given(hospital):
    result, _out = hospital
    assert result.script == HOSPITAL_SCRIPT
    cues = vtt(result)
    assert " ".join(cues).split()[:6] == HOSPITAL_SCRIPT[0].split()[:6]
    assert said_in(cues[-1], HOSPITAL_SCRIPT[-1])


@pytest.mark.slow
def test_title_card_then_end_card_with_the_credits(lighthouse):
    result, _out = lighthouse
    title = frame_at(result.video_path, 0.8, (320, 180))
    scene = frame_at(result.video_path, middles(result)[0] + 2.5, (320, 180))
    end = frame_at(result.video_path, result.duration - 0.5, (320, 180))

    def red_text(img):  # the title's blood red letters
        return int(((img[..., 0] > 120) & (img[..., 1] < 60) & (img[..., 2] < 60)).sum())

    assert red_text(title) > 60 and red_text(title) > 4 * red_text(scene) + 10
    assert red_text(end) > 60
    assert (end.mean(axis=2) > 140).sum() > 150  # lines of pale credit text
    assert np.abs(end - scene).mean() > 8


def test_a_long_story_told_in_a_minute_reaches_its_ending():
    middle = [f"Day {n}: the fog came in again and she wrote down every sound the tower made, "
              f"the groan of the stairs, the tapping at the glass, the hum of the lamp. " * 4
              for n in range(1, 30)]
    story = LIGHTHOUSE[:3] + middle + LIGHTHOUSE[3:]
    assert sum(len(p.split()) for p in story) > 3000
    lines = script.write_script(story, 56, "Deep Male", 1.0, "Moderate", TWIST, "music box")
    assert lines[0].startswith("Priya came to the lighthouse")
    assert said_in(lines[-1], LIGHTHOUSE[-1])
    assert any(words(TWIST) <= words(line) for line in lines)
    voice = narration.fit_narration(lines, "Deep Male", 1.0, 56)
    assert voice.dropped == 0  # the narration is not cut: the viewer hears the ending
    assert 4 <= len(lines) <= 8


def test_a_minute_long_video_is_narrated_to_near_its_end():
    """A 1,000-word story of the offline engine in a 60 s video (56 s before the end card): the
    voice runs to near the end card, not silent for the last quarter."""
    from dataclasses import replace

    from core.providers import StoryRequest
    from providers.local_story import LocalStoryProvider
    form = StoryRequest(genre="Paranormal", mood="Eerie", setting="a flooded chapel on the Fens",
                        characters="Ivy, Silas", protagonist="Ivy", key_elements="a brass bell",
                        time_of_day="Night", weather="Foggy", length_words=1000, seed=4)
    for seed in (4, 5):
        story = LocalStoryProvider().generate(replace(form, seed=seed)).content.split("\n\n")
        lines = script.write_script(story, 56, "Deep Male", 1.0, "Moderate")
        voice = narration.fit_narration(lines, "Deep Male", 1.0, 56)
        last = voice.sentences[-1]
        assert voice.dropped == 0 and last.start + last.seconds >= 0.85 * 56, seed


def test_the_twist_is_said_once_and_whole():
    """The twist's sentence, cut short as a line ("behind it was the answer, waiting with its
    hands folded."), was said again whole right after it."""
    from dataclasses import replace

    from core.providers import StoryRequest
    from providers.local_story import LocalStoryProvider
    twist = "the vicar had been buried"
    form = StoryRequest(genre="Paranormal", mood="Eerie", setting="a flooded chapel on the Fens",
                        characters="Ivy, Silas", protagonist="Ivy", key_elements="a brass bell",
                        plot_twist=twist, time_of_day="Night", length_words=1000, seed=7)
    for seed in range(4, 10):
        story = LocalStoryProvider().generate(replace(form, seed=seed)).content.split("\n\n")
        lines = script.write_script(story, 56, "Deep Male", 1.0, "Moderate", twist, "a brass bell")
        assert sum(twist in line for line in lines) == 1, seed
        for a in lines:
            assert not any(a != b and a.rstrip(".") in b for b in lines), (seed, a)


@pytest.mark.parametrize("text,expected", [
    ("the lighthouse on Raven Point", "lighthouse"), ("an abandoned sanatorium", "hospital"),
    ("Old Cemetary", "graveyard"), ("a fishing trawler lost at sea", "ship"),
    ("", "house"), ("an empty motel off Route 9", "motel"), ("a police station", "house"),
])
def test_free_text_settings_find_their_picture(text, expected):
    assert pictures.match_setting(text, "Paranormal") == expected


@pytest.mark.parametrize("line, shows", [
    ("Maya reached the carnival, with rain coming down hard and steady.", []),  # was a brain
    ("Grain blew across the road from the fields.", []),  # was teeth (a grin)
    ("Rain hammered the roof and the wind knifed through the cracks.", []),  # was a hammer
    ("Fog lay so thick that the world ended a few steps off.", []),  # was a car's fog lamp
    ("She climbed the stair with a lanturn.", ["stairs", "lantern"]),  # slips still found
])
def test_a_line_shows_what_it_names_not_a_word_that_looks_alike(line, shows):
    assert pictures.elements_in_line(line) == shows


@pytest.mark.parametrize("key_elements, shows", [
    ("old photographs", ["photograph"]), ("footprints in the ash", ["footprints"]),
    ("a camera", ["camera"]),
])
def test_photographs_and_footprints_are_drawn_as_what_they_are(key_elements, shows):
    assert pictures.match_elements(key_elements) == shows


def test_scenes_go_inside_the_rooms_the_story_names_and_out_again():
    planner = pictures.ShotPlanner("an empty motel off Route 9", "Slasher", "old photographs",
                                   "Ruth, Owen", "Ruth", "the night clerk")
    lines = [  # (script line, the paragraph it was taken from)
        ("It was midnight when I reached the motel.",
         "It was midnight when I reached the motel. A light burned in the office."),
        ("Everything in the manager's office had been prepared for a visitor.", ""),
        ("Pain came later; for now I had to get away from the night clerk.", ""),
        ("The way I had come in was locked now, from the outside.",
         "The way I had come in was locked now, from the outside. I ran down the corridor."),
        ("I went outside into the rain.", ""),
        ("I held the old photographs close.", ""),
        ("I hid in the office again.", ""),
        ("I left the motel at first light and did not look back.", ""),
        ("Months later, I still woke at the hour it began.", "Months later, in my own kitchen."),
    ]
    shots = [planner.shot(line, k, paragraph) for k, (line, paragraph) in enumerate(lines)]
    assert [shot.room for shot in shots] == ["", "office", "office", "corridor", "", "",
                                             "office", "", ""]
    assert shots[1].shows[:2] == ["motel", "office"]
    assert shots[5].shows[:2] == ["motel", "photograph"]  # drawn in the yard, not a camera


def test_a_patient_thing_is_not_a_hospital():
    planner = pictures.ShotPlanner("a summer camp")
    line = '"I have been so patient," the thing whispered from the dark of the lake shore.'
    assert planner.shot(line, 3).setting == "camp"


@pytest.mark.parametrize("setting, shown", [
    ("the old Alhambra theatre", "theatre"), ("a cinema on Main Street", "theatre"),
    ("a radio station on the moor", "radio-station"), ("a decommissioned prison", "prison"),
    ("an abandoned textile mill", "factory"), ("a farm in the Fens", "farmhouse"),
])
def test_the_story_engine_s_places_are_the_video_s_places(setting, shown):
    """A theatre and a radio station were drawn as the genre's observatory."""
    assert pictures.ShotPlanner(setting, "Cosmic Horror").setting == shown
    # a radio in a line is a thing in the scene, not a radio station to cut to
    assert pictures.ShotPlanner("a lighthouse").shot("She turned on the radio and listened.", 1).setting == "lighthouse"


@pytest.mark.parametrize("line, room", [
    ("She wound it in the lamp room.", "lamp room"), ("I woke in another room.", "room"),
    ("We waited in the dining-room.", "dining room"), ("Nobody was at the front desk.", "office"),
    ("She sat on the end of the bed.", "bedroom"),
    ("They ate in the mess hall without a word.", "mess hall"), ("She ran down the hall.", "hall"),
    ("The director's study smelled of pipe smoke.", "study"),
])
def test_a_scene_is_in_the_room_its_line_names(line, room):
    assert pictures.ShotPlanner("a lighthouse").shot(line, 1).shows[:2] == ["lighthouse", room]


@pytest.mark.slow
def test_rain_falls_outside_and_not_in_a_room(tmp_path_factory):
    result, _out = render(tmp_path_factory, "rain", request(
        title="Vacancy", paragraphs=["A story the creator has retold."], setting="a motel",
        weather="Rainy", script=["Rain hammered the roof of the motel all night long.",
                                 "In the office nothing moved, and nothing had moved for years."]))
    assert [s["shows"][0] for s in result.scenes] == ["the motel", "the office"]

    def falling(t):  # share of pixels (above the subtitles) brighter than in the frames
        # before and after: a streak passing, not the camera's drift (which moves an edge
        # one way)
        a, b, c = (frame_at(result.video_path, t + k / 24, (480, 270))[:160].mean(axis=2)
                   for k in range(3))
        return ((b - a > 15) & (b - c > 15)).mean()
    outside, inside = (falling(t) for t in middles(result))
    assert outside > 0.003 and inside < outside / 10, (outside, inside)


def test_a_long_cue_is_drawn_as_two_lines_on_a_translucent_box():
    from providers.video.frames import overlays
    frame = np.full((360, 640, 3), 128, np.uint8)
    text = "She climbed toward the sound with her lantern shaking, and the lamp room was empty"
    overlays.subtitle_sprite(text, 640, 360, 22).apply(frame)
    rows = np.flatnonzero((frame > 235).all(axis=2).any(axis=1))  # rows with white letters
    bands = 1 + int((np.diff(rows) > 4).sum())
    assert bands == 2
    box = frame[rows.min():rows.max(), 200:440].mean(axis=2)
    assert ((box > 20) & (box < 110)).mean() > 0.4  # darkened, not blacked out: a translucent box
    assert (frame[:rows.min() - 20] == 128).all()  # nothing drawn above it


def test_pacing_sets_how_many_scenes_a_minute_has():
    """At least 4 scenes in 30 s at any pacing, more for faster pacing; the script has about a
    line per scene (whole sentences: as many as the time holds)."""
    from types import SimpleNamespace

    from providers.video.script import scene_plan
    story = [f"{line} The night went on, and the tower creaked around her in the wind." for line in LIGHTHOUSE] * 3
    paces = ("Slow Burn", "Moderate", "Fast-Paced", "Intense")
    lines = {p: len(script.write_script(story, 60, "Deep Male", 1.0, p)) for p in paces}
    assert 6 <= lines["Slow Burn"] <= lines["Moderate"] <= lines["Intense"] <= 14
    for seconds in (30, 60):
        # three lines, spoken at even times: the scenes are cut where each starts and in between
        placed = [SimpleNamespace(paragraph=k, start=k * seconds / 3) for k in range(3)]
        counts = {p: len(scene_plan.plan_scenes(["a", "b", "c"], placed, seconds, "t",
                                                longest=scene_plan.max_scene(p))) for p in paces}
        assert seconds / 30 * 4 <= counts["Slow Burn"] <= counts["Moderate"] < counts["Intense"]


def test_a_title_does_not_end_a_sentence_of_the_script_or_the_narration():
    """"I saw Dr. Hale at the door." was two lines ("I saw Dr." / "Hale at the door."), spoken
    with a pause after "Dr." and shown as two subtitles."""
    text = "I saw Dr. Hale at the door of St. Brigid's. He smiled."
    assert script.sentences(text) == ["I saw Dr. Hale at the door of St. Brigid's.", "He smiled."]
    assert [s for _, s in narration.split_sentences([text])] == script.sentences(text)


def test_a_subtitle_does_not_end_on_a_title():
    """A cue read "Nobody had asked me to come to St." and the next "Brigid's sanatorium at dusk,"."""
    from providers.video.frames import subtitles
    words = "Nobody had asked me to come to St. Brigid's sanatorium at dusk, but I came anyway.".split()
    ends = [words[end - 1] for _, end, _ in subtitles._segments(words)]
    assert "St." not in ends


def test_a_quoted_line_keeps_its_closing_quote_and_its_speaker():
    """A subtitle read '"Clara?' (the quote left open) and the narration went on with 'Dr. Moss said
    when I came in' as a sentence of its own."""
    text = '"Clara?" Dr. Moss said when I came in. "Run!" She ran.'
    expected = ['"Clara?" Dr. Moss said when I came in.', '"Run!"', "She ran."]
    assert script.sentences(text) == expected
    assert [s for _, s in narration.split_sentences([text])] == expected


def test_a_line_that_runs_into_the_next_paragraph_is_in_the_room_it_starts_in():
    """The script joined the end of a paragraph set in the hydrotherapy room to the next one, and
    the scene was drawn in the day room the story had left (the later paragraph shared more words)."""
    paragraphs = [
        "It was in the day room that I first noticed a silver locket, and when I left the day room, it went too.",
        "The first sight of Mother Agnes came in the hydrotherapy room: a shape by the far wall. It was an old "
        "woman in a nun's black habit, the hem grey with dust, a rosary in her fingers.",
        "Somewhere in the last hour the rules of the sanatorium had changed, and nobody had told me."]
    line = ("It was an old woman in a nun's black habit, the hem grey with dust. Somewhere in the last hour the "
            "rules of the sanatorium had changed, and nobody had told me.")
    assert script.paragraph_of(line, paragraphs) == paragraphs[1]
    planner = pictures.ShotPlanner("St. Brigid's sanatorium", "Gothic Horror", antagonist="Mother Agnes")
    planner.shot(paragraphs[0], 1, paragraphs[0])
    assert planner.shot(line, 2, script.paragraph_of(line, paragraphs)).room == "hydrotherapy room"


def test_a_short_line_folds_into_the_scene_of_the_long_line_after_it():
    """A walk: "Snow settled on the slates and muffled it." (2 s) held the screen for the 10 s
    line after it ("That was when Agnes heard Mr Crane in the back bedroom ..."), which had no
    scene on the storyboard. The scene now shows the line spoken longest in it, from the short
    line's start."""
    from types import SimpleNamespace

    from providers.video.script import scene_plan
    lines = ["Agnes came down the ice-house steps with the lamp.", "Snow settled on the slates.",
             "That was when Agnes heard Mr Crane in the back bedroom, and the straw moved.",
             "The door shut."]
    placed = [SimpleNamespace(paragraph=k, start=t) for k, t in enumerate((0.0, 6.0, 8.0, 19.0))]
    plan = scene_plan.plan_scenes(lines, placed, 21.0, "t")
    texts = [scene.text for scene in plan]
    assert lines[2] in texts and lines[1] not in texts
    first_of_long = next(scene for scene in plan if scene.text == lines[2])
    assert first_of_long.start == pytest.approx(5.7)  # from when the short line starts
    assert texts[-1] == lines[2]  # "The door shut." is too near the end for a scene of its own
