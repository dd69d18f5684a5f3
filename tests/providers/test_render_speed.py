"""The render's speed-ups keep what is heard and seen: sentences spoken side by side come back in
the script's order without two long ones at once (memory), and the frame arithmetic done in
bands or into reused buffers gives the same pixels as the whole-plane version."""
import threading
import time

import numpy as np

from providers.video.audio import piper_voice
from providers.video.frames import compositor, yuv


def test_sentences_spoken_side_by_side_come_back_in_order_and_within_the_budget():
    sizes = [155, 51, 109, 155, 52, 112, 68, 51, 108]
    lock = threading.Lock()
    running, most, together = [], [0], []

    def speak(k):
        with lock:
            running.append(k)
            most[0] = max(most[0], sum(sizes[r] for r in running))
            together.append(len(running))
        time.sleep(0.01)
        with lock:
            running.remove(k)
        return f"sentence {k}"

    budget = 1.2 * max(sizes)
    out = piper_voice._side_by_side(speak, sizes, budget)
    assert out == [f"sentence {k}" for k in range(len(sizes))]
    assert most[0] <= budget  # two long sentences never at once
    assert max(together) == 2  # but short ones do run beside long ones


def test_darkening_in_bands_matches_the_whole_plane():
    plane = np.random.default_rng(3).integers(0, 256, (720, 1280), dtype=np.uint8)
    for k, base in ((0.3, 16), (0.85, 128)):
        w = int(round(k * 256))
        expected = ((plane.astype(np.uint32) * w + base * (256 - w)) >> 8).astype(np.uint8)
        got = plane.copy()
        yuv._scale(got, w, base)
        assert np.array_equal(got, expected)


def test_zoomed_view_resample_matches_a_plain_gather():
    plane = np.random.default_rng(4).integers(0, 256, (800, 1460), dtype=np.uint8)
    x, y, bw, bh = 37.3, 21.7, 1280 / 1.07, 720 / 1.07
    rows = np.clip(((np.arange(720) + 0.5) * (bh / 720) + y).astype(np.intp), 0, 799)
    cols = np.clip(((np.arange(1280) + 0.5) * (bw / 1280) + x).astype(np.intp), 0, 1459)
    out, scratch = np.empty((720, 1280), np.uint8), np.empty((720, 1460), np.uint8)
    compositor._nearest(plane, x, y, bw, bh, out, scratch)
    assert np.array_equal(out, plane[rows][:, cols])
