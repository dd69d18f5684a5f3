"""Procedural music ambience: drones, pads, wind, tension pulses and stingers per SPEC option.

A ``Music`` renders any block ``[start, start + count)`` of samples independently (every voice is a
function of absolute time, and noise is a pre-filtered loop), so the mixer streams a 300 s track
in small blocks without holding it in memory. A steady tone is computed in float32 from its phase
at the block's start (taken in float64, so a tone 300 s in is as clean as at 0 s): numpy's float32
sine is many times faster than its float64 one, and the voices' sines were most of the mix's time.
"""
from dataclasses import dataclass, field

import numpy as np

TAU = 2 * np.pi


def tone(freq, start, count, sr, phase=0.0):
    """``sin(TAU * freq * t + phase)`` for ``t = (start + n) / sr``, ``n < count``, as float32."""
    cycles = (float(freq) * start / sr + phase / TAU) % 1.0  # float64: exact at any time
    x = np.arange(count, dtype=np.float32)
    x *= np.float32(freq / sr)
    x += np.float32(cycles)
    x -= np.floor(x)  # within one cycle, where float32 sines are both fast and exact
    x *= np.float32(TAU)
    return np.sin(x, out=x)


@dataclass
class Recipe:
    root: float = 55.0
    drone: tuple = (1.0, 1.5, 2.0)  # partial ratios of the root
    drone_level: float = 0.35
    drone_detune: float = 0.35  # Hz, beating between paired partials
    glide: float = 0.0  # root rise in Hz per second (tension builders)
    pad: str = ""  # "", "sine", "organ", "strings"
    chords: tuple = ((0, 3, 7), (-4, 0, 3), (-7, -4, 0), (-5, -1, 2))
    chord_seconds: float = 8.0
    pad_level: float = 0.25
    tremolo: float = 0.0  # Hz
    noise_band: tuple = (60.0, 400.0)
    noise_level: float = 0.15
    pulse_bpm: tuple = ()  # (start, end) heartbeat tempo
    pulse_level: float = 0.5
    events: tuple = ()  # ("ping"|"swell"|"clank"|"piano"|"gliss", per-minute rate, level)
    swell_every: float = 0.0
    rising: bool = False  # overall level rises over the track


RECIPES = {
    "Dark Atmospheric": Recipe(55.0, pad="sine", noise_band=(50, 300), noise_level=0.18,
                               events=(("swell", 3, 0.25),)),
    "Suspenseful Orchestral": Recipe(65.4, pad="strings", tremolo=6.0, pulse_bpm=(58, 96),
                                     events=(("swell", 2, 0.3),), chord_seconds=6.0),
    "Eerie Ambient": Recipe(110.0, drone=(1.0, 1.498), drone_level=0.2, pad="",
                            noise_band=(400, 1500), noise_level=0.12,
                            events=(("gliss", 6, 0.22), ("ping", 8, 0.15))),
    "Horror Soundscape": Recipe(41.2, drone=(1.0, 1.059, 2.0, 2.12), drone_level=0.4,
                                noise_band=(30, 200), noise_level=0.25,
                                events=(("swell", 4, 0.35), ("clank", 2, 0.25))),
    "Minimalist Tension": Recipe(49.0, drone=(1.0,), drone_level=0.4, noise_level=0.0,
                                 events=(("ping", 20, 0.18),), pulse_bpm=(40, 52), pulse_level=0.3),
    "Gothic Symphony": Recipe(73.4, drone=(0.5, 1.0), pad="organ",
                              chords=((0, 3, 7, 12), (-4, 0, 3, 8), (-7, -3, 0, 5), (-5, -1, 2, 7)),
                              chord_seconds=5.0, pad_level=0.3, noise_level=0.05),
    "Industrial Horror": Recipe(46.2, drone=(1.0, 1.01, 2.02), drone_level=0.35,
                                noise_band=(80, 2500), noise_level=0.2,
                                events=(("clank", 45, 0.3),), pulse_bpm=(90, 90), pulse_level=0.35),
    "Silent Film": Recipe(110.0, drone=(), drone_level=0.0, noise_band=(2000, 8000),
                          noise_level=0.03, events=(("piano", 150, 0.22),),
                          chords=((0, 3, 7), (5, 8, 12), (-2, 2, 5), (-5, -1, 2))),
    "Dark Orchestral": Recipe(61.7, pad="strings", tremolo=0.0, chord_seconds=9.0,
                              pulse_bpm=(50, 50), pulse_level=0.35, events=(("swell", 2, 0.3),)),
    "Horror Soundtrack": Recipe(43.7, drone=(1.0, 1.059, 1.5), pad="strings", tremolo=9.0,
                                chords=((0, 1, 6), (0, 3, 6), (-1, 0, 5), (0, 1, 7)),
                                noise_band=(40, 250), events=(("swell", 5, 0.4), ("clank", 3, 0.2))),
    "Tension Builder": Recipe(52.0, drone=(1.0, 1.5, 2.0), glide=0.08, pad="strings", tremolo=8.0,
                              pulse_bpm=(50, 140), pulse_level=0.55, rising=True),
    "Minimalist": Recipe(55.0, drone=(1.0, 2.0), drone_level=0.3, noise_level=0.0,
                         events=(("ping", 10, 0.15),)),
}
SILENT = {"No Music", "None", ""}


def _filtered_noise_loop(rng, band, sr, seconds=6.0):
    n = int(seconds * sr)
    spectrum = np.fft.rfft(rng.standard_normal(n).astype(np.float32))
    freqs = np.fft.rfftfreq(n, 1.0 / sr)
    lo, hi = band
    shape = np.exp(-0.5 * (np.log(np.maximum(freqs, 1.0) / np.sqrt(lo * hi)) /
                           (0.5 * np.log(hi / lo) + 0.3)) ** 2)
    loop = np.fft.irfft(spectrum * shape, n).astype(np.float32)
    # make the loop seamless: crossfade its tail into its head
    xf = int(0.5 * sr)
    ramp = np.linspace(0, 1, xf, dtype=np.float32)
    loop[:xf] = loop[:xf] * ramp + loop[-xf:] * (1 - ramp)
    loop = loop[:-xf]
    return loop / (np.abs(loop).max() + 1e-9)


@dataclass
class Event:
    t: float
    kind: str
    freq: float
    dur: float
    amp: float


def lightning_times(duration, seed):
    """Start times of the lightning flashes of a Stormy render (shared by picture and sound)."""
    rng = np.random.default_rng(seed + 13)
    times, t = [], rng.uniform(1.5, 4.0)
    while t < duration - 0.5:
        times.append(float(t))
        t += rng.uniform(5.0, 11.0)
    return times


@dataclass
class Music:
    recipe: Recipe
    duration: float
    sr: int = 44100
    seed: int = 0
    events: list = field(default_factory=list)
    noise: np.ndarray = None
    weather: str = ""
    rain: np.ndarray = None
    rumble: np.ndarray = None

    def __post_init__(self):
        rng = np.random.default_rng(self.seed + 7)
        r = self.recipe
        if r.noise_level > 0:
            self.noise = _filtered_noise_loop(rng, r.noise_band, self.sr)
        self.events = self._schedule(rng)
        if self.weather in ("Rainy", "Stormy"):
            self.rain = _filtered_noise_loop(rng, (1500, 7000), self.sr, 4.0)
        if self.weather == "Stormy":
            self.rumble = _filtered_noise_loop(rng, (25, 160), self.sr, 5.0)
            for t in lightning_times(self.duration, self.seed):
                self.events.append(Event(t + rng.uniform(0.2, 1.2), "thunder", 0.0,
                                         min(4.5, self.duration - t), rng.uniform(0.6, 0.9)))
            self.events.sort(key=lambda e: e.t)
        self._sorted_starts = np.array([e.t for e in self.events]) if self.events else np.zeros(0)

    def _schedule(self, rng):
        r = self.recipe
        events = []
        if r.pulse_bpm:
            b0, b1 = r.pulse_bpm
            t = 1.0
            while t < self.duration:
                bpm = b0 + (b1 - b0) * t / max(self.duration, 1.0)
                events.append(Event(t, "thump", r.root * 1.0, 0.35, r.pulse_level))
                events.append(Event(t + 0.22, "thump", r.root * 0.9, 0.3, r.pulse_level * 0.7))
                t += 60.0 / bpm
        for kind, per_minute, level in r.events:
            if kind == "piano":
                step = 60.0 / per_minute
                t, i = 0.5, 0
                while t < self.duration:
                    chord = r.chords[int(t // (step * 8)) % len(r.chords)]
                    semis = chord[i % len(chord)] + 12 * (1 + (i // len(chord)) % 2)
                    events.append(Event(t, "piano", r.root * 2 ** (semis / 12), 1.2, level))
                    t += step
                    i += 1
                continue
            count = rng.poisson(per_minute * self.duration / 60.0)
            for t in np.sort(rng.uniform(0.5, max(0.6, self.duration - 1.0), count)):
                if kind == "ping":
                    freq = r.root * 2 ** (rng.integers(3, 6) + rng.choice([0, 3 / 12, 7 / 12, 10 / 12]))
                    events.append(Event(float(t), kind, freq, 2.5, level))
                elif kind == "gliss":
                    events.append(Event(float(t), kind, r.root * rng.uniform(4, 8), 4.0, level))
                elif kind == "clank":
                    events.append(Event(float(t), kind, rng.uniform(180, 900), 0.6, level))
                else:  # swell
                    events.append(Event(float(t), kind, 0.0, 3.0, level))
        events.sort(key=lambda e: e.t)
        return events

    # --- voices --------------------------------------------------------------------------------

    def _drone(self, t, start):
        r = self.recipe
        if not r.drone or r.drone_level <= 0:
            return 0.0
        if not r.glide:  # steady partials
            out = np.zeros(len(t), np.float32)
            for i, ratio in enumerate(r.drone):
                lfo = 0.6 + 0.4 * tone(0.05 + 0.02 * i, start, len(t), self.sr, i)
                f = ratio * r.root
                out += lfo * (tone(f, start, len(t), self.sr) +
                              0.5 * tone(f + r.drone_detune, start, len(t), self.sr)) / (1 + 0.5 * i)
            return r.drone_level * out / max(1, len(r.drone)) * 1.4
        phase_base = r.root * t + 0.5 * r.glide * t * t
        out = np.zeros_like(t)
        for i, ratio in enumerate(r.drone):
            lfo = 0.6 + 0.4 * np.sin(TAU * (0.05 + 0.02 * i) * t + i)
            out += lfo * (np.sin(TAU * ratio * phase_base) +
                          0.5 * np.sin(TAU * (ratio * phase_base + r.drone_detune * t))) / (1 + 0.5 * i)
        return r.drone_level * out / max(1, len(r.drone)) * 1.4

    def _pad(self, t, start):
        r = self.recipe
        if not r.pad:
            return 0.0
        out = np.zeros(len(t), np.float32)
        index = np.floor(t / r.chord_seconds)
        frac = t / r.chord_seconds - index
        for which in np.unique(index):
            sel = index == which
            for _offset, env_part in ((0, 0.5 - 0.5 * np.cos(np.pi * np.clip(frac[sel] * 4, 0, 1))),):
                chord = r.chords[int(which) % len(r.chords)]
                tt = t[sel]
                first, n = start + int(np.argmax(sel)), len(tt)  # the chord's samples are a run
                voice = np.zeros(n, np.float32)
                for semi in chord:
                    f = r.root * 2 * 2 ** (semi / 12)
                    if r.pad == "organ":
                        for h, a in ((1, 1.0), (2, 0.5), (3, 0.3), (4, 0.2)):
                            voice += a * tone(f * h, first, n, self.sr)
                    elif r.pad == "strings":  # vibrato: not a steady tone
                        vib = 0.004 * np.sin(TAU * 5.0 * tt)
                        for h in (1, 2, 3, 4, 5):
                            voice += np.sin(TAU * f * h * tt * (1 + vib)) / h
                    else:
                        voice += tone(f, first, n, self.sr)
                release = np.clip((1 - frac[sel]) * 6, 0, 1)
                out[sel] += voice * env_part * release
        if r.tremolo:
            out *= 0.75 + 0.25 * tone(r.tremolo, start, len(t), self.sr)
        return r.pad_level * out / 4.0

    def _noise(self, start, count, t):
        r = self.recipe
        if self.noise is None:
            return 0.0
        idx = (start + np.arange(count)) % len(self.noise)
        gust = 0.55 + 0.45 * tone(0.07, start, count, self.sr) * tone(0.023, start, count, self.sr, 1.0)
        return r.noise_level * self.noise[idx] * gust

    def _events(self, t, t0, t1):
        out = np.zeros_like(t)
        if not self.events:
            return out
        first = max(0, int(np.searchsorted(self._sorted_starts, t0 - 5.0)))
        for e in self.events[first:]:
            if e.t >= t1:
                break
            if e.t + e.dur <= t0:
                continue
            sel = (t >= e.t) & (t < e.t + e.dur)
            if not sel.any():
                continue
            lt = t[sel] - e.t
            if e.kind == "thump":
                f = e.freq * (1.8 - 0.8 * np.minimum(lt / 0.08, 1))
                out[sel] += e.amp * np.sin(TAU * f * lt) * np.exp(-lt * 14)
            elif e.kind == "ping":
                out[sel] += e.amp * np.sin(TAU * e.freq * lt) * np.exp(-lt * 2.2) * np.minimum(lt * 200, 1)
            elif e.kind == "piano":
                env = np.exp(-lt * 3.5) * np.minimum(lt * 300, 1)
                out[sel] += e.amp * env * (np.sin(TAU * e.freq * lt) + 0.4 * np.sin(TAU * 2 * e.freq * lt) +
                                           0.15 * np.sin(TAU * 3 * e.freq * lt))
            elif e.kind == "clank":
                mod = np.sin(TAU * e.freq * 1.41 * lt) * 3.0 * np.exp(-lt * 8)
                out[sel] += e.amp * np.sin(TAU * e.freq * lt + mod) * np.exp(-lt * 9)
            elif e.kind == "gliss":
                f = e.freq * (1 + 0.3 * np.sin(TAU * 0.25 * lt)) * (1 + 0.01 * np.sin(TAU * 6 * lt))
                env = np.sin(np.pi * lt / e.dur) ** 2
                out[sel] += e.amp * env * np.sin(TAU * np.cumsum(f) / self.sr)
            elif e.kind == "thunder":
                idx = (np.flatnonzero(sel) + int(t0 * self.sr) + int(e.t * 997)) % len(self.rumble)
                env = np.minimum(lt / 0.05, 1) * np.exp(-lt * 1.1) * (1 + 0.6 * np.exp(-lt * 6))
                out[sel] += e.amp * 1.6 * self.rumble[idx] * env
            elif e.kind == "swell":
                env = (lt / e.dur) ** 2 * np.clip((e.dur - lt) * 8, 0, 1)
                base = self.recipe.root * 2
                out[sel] += e.amp * env * (np.sin(TAU * base * lt) + np.sin(TAU * base * 1.06 * lt) +
                                           0.5 * np.sin(TAU * base * 1.5 * lt)) / 2
        return out

    def render(self, start, count):
        t = (start + np.arange(count)) / self.sr
        out = np.zeros(count, np.float32)
        out += self._drone(t, start)
        out += self._pad(t, start)
        out += self._noise(start, count, t)
        out += self._events(t, t[0], t[-1])
        if self.rain is not None:
            out += 0.13 * self.rain[(start + np.arange(count)) % len(self.rain)]
        fade_in = np.clip(t / 1.5, 0, 1)
        out *= fade_in
        if self.recipe.rising:
            out *= 0.5 + 0.5 * np.clip(t / max(self.duration, 1.0), 0, 1)
        return out.astype(np.float32)


def music_for(name, duration, sr=44100, seed=0, weather=""):
    """A ``Music`` for the SPEC option ``name`` (with rain / thunder for the weather); None for No Music."""
    if name in SILENT:
        return None
    recipe = RECIPES.get(name) or RECIPES["Dark Atmospheric"]
    return Music(recipe, float(duration), sr, seed, weather=weather or "")
