"""Effects that turn one neural voice into several characters: pitch, whisper, echo, reverb,
robot and tremble. Each takes and returns float32 mono audio at ``rate``.

Pitch is a plain resampling (formants move with it, which is what makes a voice sound bigger or
smaller); the synthesiser's length scale is set so the duration comes out as asked.
"""
import numpy as np


def pitch(audio, factor):
    """Raise (``factor`` > 1) or lower the pitch; the audio gets ``1/factor`` times as long."""
    if abs(factor - 1.0) < 1e-3 or len(audio) < 2:
        return audio
    n = max(1, int(round(len(audio) / factor)))
    return np.interp(np.arange(n) * factor, np.arange(len(audio)), audio).astype(np.float32)


def whisper(audio, rate, seed=0):
    """Keep the spectral envelope, throw away the voicing: random phases, no low end."""
    frame, hop = 512, 128
    if len(audio) < frame:
        return audio
    window = np.hanning(frame).astype(np.float32)
    pad = np.concatenate([np.zeros(frame, np.float32), audio, np.zeros(frame, np.float32)])
    count = (len(pad) - frame) // hop + 1
    index = np.arange(frame)[None, :] + hop * np.arange(count)[:, None]
    spectrum = np.abs(np.fft.rfft(pad[index] * window, axis=1))
    freqs = np.fft.rfftfreq(frame, 1.0 / rate)
    spectrum *= np.clip((freqs - 300.0) / 900.0, 0.0, 1.0)[None, :]  # breath has no chest
    phases = np.random.default_rng(seed).uniform(0, 2 * np.pi, spectrum.shape)
    frames = np.fft.irfft(spectrum * np.exp(1j * phases), n=frame, axis=1).astype(np.float32)
    out = np.zeros(len(pad), np.float32)
    np.add.at(out, index, frames * window)
    out = out[frame:frame + len(audio)]
    peak = float(np.abs(out).max()) or 1.0
    return out * (0.8 / peak)


def _taps(audio, rate, taps):
    """Sum of delayed, scaled copies: ``taps`` is ``[(seconds, gain)]``; the tail is kept."""
    tail = int(max(d for d, _ in taps) * rate)
    out = np.zeros(len(audio) + tail, np.float32)
    out[:len(audio)] += audio
    for delay, gain in taps:
        start = int(delay * rate)
        out[start:start + len(audio)] += audio * gain
    return out


def echo(audio, rate):
    """Three fading repeats a third of a second apart: a voice in a stairwell."""
    return _taps(audio, rate, [(0.33, 0.42), (0.66, 0.2), (0.99, 0.09)])


def reverb(audio, rate):
    """A dense cluster of short reflections: a stone room."""
    delays = [0.023, 0.037, 0.051, 0.067, 0.083, 0.109, 0.137, 0.173, 0.211, 0.257]
    return _taps(audio, rate, [(d, 0.34 * 0.8 ** i) for i, d in enumerate(delays)]) * 0.8


def robot(audio, rate):
    """Ring modulation with a 55 Hz carrier: the classic machine voice."""
    t = np.arange(len(audio), dtype=np.float32) / rate
    return (audio * (0.35 + 0.65 * np.sin(2 * np.pi * 55.0 * t))).astype(np.float32)


def tremble(audio, rate):
    """A slow waver of loudness (5.5 Hz): an old voice."""
    t = np.arange(len(audio), dtype=np.float32) / rate
    return (audio * (1.0 - 0.22 * (0.5 + 0.5 * np.sin(2 * np.pi * 5.5 * t)))).astype(np.float32)


EFFECTS = {"whisper": whisper, "echo": echo, "reverb": reverb, "robot": robot, "tremble": tremble}


def apply(audio, rate, effects):
    for name in effects:
        audio = EFFECTS[name](audio, rate)
    return audio
