"""The camera moves: push-ins magnify the scene, the foreground moves apart from the background.

One small render (480p, 20 s, no subtitles, clear sky, every scene outside: no line names a
room); frames are decoded from the MP4 and
compared by phase correlation: how far the picture moved and by how much it was magnified
between a scene's first and last frames, in the sky band (background: sky, moon, the setting's
top) and in the band where the lit key element and the figures stand (foreground). A second render
keeps its scenes in a room, whose back wall, window and furniture are the background.
"""
import subprocess

import numpy as np
import pytest
from PIL import Image

from core.providers import VideoRenderRequest
from providers.local_video import LocalVideoProvider
from providers.video.encode import encoder

STORY = [
    "Priya came to the lighthouse on Raven Point in the last week of October, when the ferries "
    "stopped running and the island belonged to the gulls.",
    "The old keeper met her at the door and said that she should never wind the music box after "
    "dark.",
    "On the fourth night she heard the music box playing by itself, a thin lullaby drifting down "
    "the iron stairs.",
    "When the ferry returned in spring, a woman at the top of the tower was slowly winding the "
    "music box.",
]
W, H = 427, 240  # frames are compared at half size
BACKGROUND = slice(0, int(H * 0.2))  # sky and moon, above the figures' heads
FOREGROUND = slice(int(H * 0.45), int(H * 0.72))  # the key element and the figures, standing
# above the subtitles' band (the ground below them is background)


def render(out, paragraphs, seed):
    """A 20 s 480p render of ``paragraphs`` (3D look, clear night, no subtitles) into ``out``."""
    req = VideoRenderRequest(
        title="The Keeper", paragraphs=paragraphs, genre="Gothic Horror", mood="Eerie",
        animation_style="3D Animation", time_of_day="Night", weather="Clear", duration=20,
        resolution="480p", frame_rate=24, seed=seed, transitions="Cut", pacing="Fast-Paced",
        subtitles=False, setting="the lighthouse on Raven Point", key_elements="music box",
        characters="Priya", protagonist="Priya")
    return LocalVideoProvider(LocalVideoProvider.Options().load({})).render(req, out, lambda p, m: None)


@pytest.fixture(scope="module")
def video(tmp_path_factory):
    return render(tmp_path_factory.mktemp("camera"), STORY, 4)


def frame_at(path, seconds):
    proc = subprocess.run([encoder.ffmpeg_exe(), "-v", "error", "-ss", f"{seconds:.2f}", "-i", str(path),
                           "-frames:v", "1", "-s", f"{W}x{H}", "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                          capture_output=True, check=True)
    return np.frombuffer(proc.stdout, np.uint8).reshape(H, W).astype(np.float32)


def _phase(a, b):
    """(peak, (dy, dx)): how well ``b`` matches ``a`` moved by (dy, dx)."""
    win = np.outer(np.hanning(a.shape[0]), np.hanning(a.shape[1]))
    fa, fb = np.fft.fft2((a - a.mean()) * win), np.fft.fft2((b - b.mean()) * win)
    r = fb * np.conj(fa)
    r = np.fft.ifft2(r / (np.abs(r) + 1e-6)).real
    dy, dx = np.unravel_index(int(r.argmax()), r.shape)
    h, w = r.shape
    return float(r.max()), (dy - h if dy > h // 2 else dy, dx - w if dx > w // 2 else dx)


def _magnified(img, s):
    """``img`` magnified ``s`` times about its centre, same size."""
    big = np.asarray(Image.fromarray(img).resize((round(W * s), round(H * s)), Image.BILINEAR))
    y, x = (big.shape[0] - H) // 2, (big.shape[1] - W) // 2
    return big[y:y + H, x:x + W]


def camera_between(a, b, rows):
    """(zoom, (dy, dx)) that best turns frame ``a`` into frame ``b`` within ``rows``."""
    best = (-1.0, 1.0, (0, 0))
    for s in np.arange(1.0, 1.46, 0.015):
        for zoom, x, y in ((s, _magnified(a, s), b), (1 / s, a, _magnified(b, s))):
            peak, shift = _phase(x[rows], y[rows])
            if peak > best[0]:
                best = (peak, zoom, shift)
    return best[1], best[2]


@pytest.fixture(scope="module")
def cameras(video):
    """Per narrated scene (after the title card): background and foreground (zoom, shift)."""
    starts = [s["start"] for s in video.scenes] + [video.duration - 2.0]  # then the end card
    out = []
    for a, b in zip(starts, starts[1:]):
        a = max(a, 3.4)  # the title card
        if b - a < 2.0:
            continue
        first, last = frame_at(video.video_path, a + 0.2), frame_at(video.video_path, b - 0.3)
        out.append((camera_between(first, last, BACKGROUND), camera_between(first, last, FOREGROUND)))
    return out


@pytest.mark.slow
@pytest.mark.xfail(strict=False, reason="scenes are shorter now (at most 7.5 s, so that any 30 s has 4 or more): the "
                   "camera's push over one scene is smaller than this measure expects; not re-tuned yet (issue 41)")
def test_a_push_in_magnifies_the_scene_and_the_foreground_most(cameras):
    pushes = [(bg, fg) for bg, fg in cameras if bg[0] >= 1.04]
    assert pushes, cameras  # some scene's end is a magnified view of its start
    for (bg_zoom, _), (fg_zoom, _) in pushes:
        assert fg_zoom > bg_zoom + 0.04, cameras  # the nearer layer grows faster


@pytest.mark.slow
def test_in_a_pan_the_foreground_moves_further_than_the_background(cameras):
    pans = [(bg, fg) for bg, fg in cameras if abs(bg[0] - 1) < 0.02 and np.hypot(*bg[1]) >= 4]
    assert pans, cameras
    for (_, bg_shift), (fg_zoom, fg_shift) in pans:
        assert abs(fg_zoom - 1) < 0.03
        assert np.hypot(*fg_shift) > 1.4 * np.hypot(*bg_shift), cameras


ROOM_STORY = [
    "Priya came to the lighthouse on Raven Point in the last week of October, when the ferries "
    "stopped running.",
    "In the keeper's bedroom she found the music box on the chair by the bed, and did not touch it.",
    "That night in the bedroom she heard the music box playing by itself, a thin lullaby.",
    "She sat in the bedroom until dawn, with the music box in her lap, and the lullaby went on.",
]


@pytest.mark.slow
@pytest.mark.xfail(strict=False, reason="scenes are shorter now (at most 7.5 s, so that any 30 s has 4 or more): the "
                   "camera's push over one scene is smaller than this measure expects; not re-tuned yet (issue 41)")
def test_inside_a_room_the_foreground_moves_apart_from_the_room(tmp_path_factory):
    """The room (its back wall, window, furniture) is the background layer: in a push-in the
    figures and the lit key element grow faster than the room behind them."""
    video = render(tmp_path_factory.mktemp("room-camera"), ROOM_STORY, 5)
    starts = [s["start"] for s in video.scenes] + [video.duration - 2.0]
    # what a scene shows is in the story's words
    inside = [(a, b) for s, a, b in zip(video.scenes, starts, starts[1:]) if "the bedroom" in s["shows"]]
    assert inside, video.scenes
    a, b = inside[0]
    first, last = frame_at(video.video_path, a + 0.2), frame_at(video.video_path, b - 0.3)
    (bg_zoom, _), (fg_zoom, _) = (camera_between(first, last, BACKGROUND),
                                  camera_between(first, last, FOREGROUND))
    assert bg_zoom >= 1.04 and fg_zoom > bg_zoom + 0.04, (bg_zoom, fg_zoom)
