"""The render's speed-ups keep what is heard and seen: sentences spoken side by side come back in
the script's order without two long ones at once (memory), the frame arithmetic done in bands or
into reused buffers gives the same pixels as the whole-plane version, and the music's float32
tones sound as the exact sines do."""
import threading
import time

import numpy as np
import pytest

from providers.video.audio import music, piper_voice
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


def test_a_long_sentence_is_spoken_in_runs_cut_at_its_pauses():
    sentence = list("a" * 50 + ", " + "b" * 60 + "; " + "c" * 40 + ".")
    runs = piper_voice._runs_of(sentence, 80)
    assert all(len(run) <= 80 for run in runs) and len(runs) == 3
    assert [run[-1] for run in runs] == [",", ";", "."]  # each cut right after a pause
    assert "".join("".join(run) for run in runs) == "".join(sentence).replace(" ", "")
    no_pause = list("a" * 200 + ".")
    assert piper_voice._runs_of(no_pause, 80) == [no_pause]  # never cut inside a phrase


def test_two_long_sentences_are_never_spoken_at_once_by_the_voice(monkeypatch):
    from providers.video.audio import voices
    path = voices.installed().get("joe")
    if path is None or not piper_voice.available():
        pytest.skip("no Piper voice installed")
    lock, running, most, runs = threading.Lock(), [], [0], []
    real = piper_voice._infer

    def infer(voice, phonemes, *args):
        with lock:
            running.append(len(phonemes))
            runs.append(len(phonemes))
            most[0] = max(most[0], sum(running))
        try:
            return real(voice, phonemes, *args)
        finally:
            with lock:
                running.remove(len(phonemes))

    monkeypatch.setattr(piper_voice, "_infer", infer)
    text = ("She followed them, one creaking step at a time, until she heard something breathing "
            "behind the attic door.")
    out = piper_voice.synthesize(path, [text, text, "It was slow.", text])
    assert len(out) == 4 and all(len(audio) for audio, _ in out)
    assert [w for w, _, _ in out[0][1]] == text.split()  # every word timed, in order
    assert max(runs) <= piper_voice.LONGEST_RUN < 100  # the sentence is 100+ phonemes
    assert most[0] <= piper_voice.BUDGET  # two runs at once: the memory of one long sentence


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


def test_music_near_the_end_of_a_long_track_is_as_clean_as_at_the_start():
    # tones are made in float32 from their phase at each block's start: five minutes in, a
    # high partial still matches the exact sine (a float32 clock is off by 1 % of full scale
    # there: audible noise), and blocks join without a click
    sr = 44100
    for start in (0, sr * 299):
        for freq in (0.023, 55.0, 987.77, 2093.0):
            exact = np.sin(2 * np.pi * freq * (start + np.arange(sr)) / sr)
            assert np.abs(music.tone(freq, start, sr, sr) - exact).max() < 1e-3, (start, freq)
    for name in music.RECIPES:
        track = music.music_for(name, 300, sr, seed=3, weather="Rainy")
        whole = track.render(sr * 290, sr)
        halves = np.concatenate([track.render(sr * 290, sr // 2), track.render(sr * 290 + sr // 2, sr // 2)])
        assert np.abs(whole - halves).max() < 1e-3, name
