"""Mixes narration and music into a WAV of an exact length, block by block.

The music is ducked under the voice (an envelope of the narration loudness), the whole track
fades out at the end, and a soft limiter keeps the sum below full scale.
"""
import wave

import numpy as np

SAMPLE_RATE = 44100
BLOCK = SAMPLE_RATE  # one second per block keeps memory flat for any duration


def narration_gain(volume):
    """``narration_volume`` 0-100 (SPEC default 80) as a linear gain (80 -> 1.0)."""
    return max(0.0, min(100.0, float(volume))) / 80.0


def music_gain(volume):
    """``music_volume`` 0-100 (SPEC default 50) as a linear gain under the voice."""
    return max(0.0, min(100.0, float(volume))) / 100.0 * 0.55


def write_mix(path, seconds, narration=None, music=None, narration_volume=80, music_volume=50,
              duck=0.65, fade_out=2.5, progress=None):
    """Write ``seconds`` of mono 16-bit audio to ``path``; returns the number of samples."""
    total = int(round(seconds * SAMPLE_RATE))
    n_gain = narration_gain(narration_volume)
    m_gain = music_gain(music_volume)
    env = None
    hop = 0.01
    if narration is not None and narration.sentences and music is not None:
        env = narration.envelope(hop)
    fade_samples = int(min(fade_out, seconds / 4) * SAMPLE_RATE)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(SAMPLE_RATE)
        for start in range(0, total, BLOCK):
            count = min(BLOCK, total - start)
            mix = np.zeros(count, np.float32)
            if music is not None and m_gain > 0:
                block = music.render(start, count) * m_gain
                if env is not None:
                    t = (start + np.arange(count)) / SAMPLE_RATE
                    level = np.interp(t / hop, np.arange(len(env)), env)
                    block *= (1.0 - duck * level).astype(np.float32)
                mix += block
            if narration is not None and narration.sentences and n_gain > 0:
                mix += narration.render(start, count, SAMPLE_RATE) * n_gain
            # fade the tail of everything
            tail_start = total - fade_samples
            if start + count > tail_start and fade_samples > 0:
                idx = np.arange(start, start + count)
                mix *= np.clip((total - idx) / fade_samples, 0, 1).astype(np.float32)
            mix = np.tanh(mix * 1.1) * 0.95
            wav.writeframes((mix * 32767).astype("<i2").tobytes())
            if progress is not None:
                progress(start + count, total)
    return total
