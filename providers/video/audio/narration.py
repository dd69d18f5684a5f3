"""Narration: the script spoken by the chosen voice and laid out on the video's timeline.

``fit_narration`` reads the WHOLE script: it speeds the voice up a little (at most
``MAX_SPEEDUP``) when the script is long for the duration, then shortens the pauses, and only
as a last resort drops whole sentences from the middle (never the first or the last one). When
the script is short it spreads the spare time as pauses.

``words_per_second(voice, speed)`` is the voice's measured pace, for sizing a script: about
``pace * (duration - 1.5 - 0.3 * sentences)`` words fit without any speed-up.
"""
import json
import logging
import os
import re
import threading
from dataclasses import dataclass, field

import numpy as np

from providers.video.audio import espeak_voice, piper_voice, voice_effects, voices

MAX_SPEEDUP = 1.25
LEVEL = 0.7  # peak of every spoken sentence, whichever engine
# pauses (seconds): normal, and the shortest we squeeze them to before dropping anything
SENTENCE_GAP, MIN_SENTENCE_GAP = 0.22, 0.08
#: words whose full stop ends a title, not a sentence ("Dr. Hale", "St. Brigid's")
TITLES = ("Dr", "Mr", "Mrs", "Ms", "St")
NOT_A_TITLE = "".join(rf"(?<!\b{t}\.)" for t in TITLES)
#: who says a quoted line: '"Clara?" Dr. Moss said' is one sentence
SPEECH_TAG = (r"(?:(?:[A-Z][\w.'’]*|he|she|they|we|you|it|I)\s+){1,3}"
              r"(?:said|asked|whispered|hissed|called|cried|shouted|murmured|answered|replied|added)\b")
#: the space between two sentences: after . ! ? … (not a title's), or after a quote or bracket
#: that closes one (kept with it), unless the quote's speaker follows
SENTENCE_BREAK = (rf"(?:(?<=[.!?…]){NOT_A_TITLE}|(?<=[.!?…][\"'”’)\]])(?!\s+{SPEECH_TAG}))\s+")
PARAGRAPH_GAP, MIN_PARAGRAPH_GAP = 0.6, 0.25
LEAD_IN, MIN_LEAD_IN = 0.5, 0.2
TAIL, MIN_TAIL = 1.0, 0.4
CALIBRATION_SHORT = "The door was open."
CALIBRATION = ("The old lighthouse keeper climbed the narrow stairs, counting every step, "
               "while something below him hummed a tune he had not heard in forty years.")
VOICES = voices.STYLES  # the SPEC voice names
PAUSE_LETTERS = 6
PAUSE_MARK = re.compile(r"[,;:—–](?=\s)")
log = logging.getLogger(__name__)


@dataclass
class Word:
    text: str
    start: float  # seconds, relative to its sentence
    end: float


@dataclass
class Sentence:
    text: str
    paragraph: int
    pcm: np.ndarray = None  # int16 mono at ``rate``
    words: list = field(default_factory=list)
    start: float = 0.0  # absolute, once placed on the timeline
    rate: int = 22050
    tail: float = 0.0  # echo ring-out at the end of ``pcm``; the next sentence may start in it

    @property
    def seconds(self):
        return 0.0 if self.pcm is None else len(self.pcm) / self.rate

    @property
    def spoken(self):
        """Seconds until the voice stops (``seconds`` minus the effect's ring-out)."""
        return max(0.0, self.seconds - self.tail)


def split_sentences(paragraphs):
    """``[(paragraph_index, sentence)]`` from the script paragraphs."""
    out = []
    for index, paragraph in enumerate(paragraphs):
        text = re.sub(r"\s+", " ", str(paragraph or "")).strip()
        if not text:
            continue
        for piece in re.split(SENTENCE_BREAK, text):
            piece = piece.strip()
            if re.search(r"\w", piece):
                out.append((index, piece))
    return out


def _to_int16(audio):
    peak = float(np.abs(audio).max()) if len(audio) else 0.0
    if peak > 1e-6:
        audio = audio * (LEVEL / peak)
    return np.clip(audio * 32767, -32767, 32767).astype(np.int16)


def _neural(choice, texts, speed):
    """Piper, then pitch and effects; the synthesiser's pace makes up for the pitch change."""
    style = choice.style
    tempo = max(0.3, style.speed * speed)
    rate = piper_voice.sample_rate(choice.model_path)
    out = []
    for audio, words in piper_voice.synthesize(
            choice.model_path, texts, piper_voice.length_scale(style.pitch / tempo)):
        spoken = len(audio) / rate / style.pitch
        audio = voice_effects.pitch(audio, style.pitch)
        audio = voice_effects.apply(audio, rate, style.effects)
        words = [Word(w, s / style.pitch, e / style.pitch) for w, s, e in words]
        out.append((_to_int16(audio), words, rate, max(0.0, len(audio) / rate - spoken)))
    return out


def _espeak(choice, texts, speed):
    rate = espeak_voice.sample_rate()
    return [(pcm, [Word(*w) for w in words], rate, 0.0)
            for pcm, words in espeak_voice.synthesize(texts, choice.style.espeak, speed)]


def _usable(choice):
    """``choice``, or its eSpeak NG fallback when its neural voice file does not load."""
    if choice.neural:
        try:
            piper_voice.load(choice.model_path)
        except Exception as exc:  # a damaged or foreign .onnx: onnxruntime raises its own types
            log.warning("Voice %s (%s) does not load, eSpeak NG speaks instead: %s",
                        choice.neural.name, choice.model_path, exc)
            return voices.Choice(choice.spec_name, choice.style)
    return choice


def _speak(choice, items, speed):
    engine = _neural if choice.neural else _espeak
    spoken = engine(choice, [text for _, text in items], float(speed or 1.0))
    return [Sentence(text, paragraph, pcm, words, rate=rate, tail=tail)
            for (paragraph, text), (pcm, words, rate, tail) in zip(items, spoken)]


def synthesize_sentences(items, voice_name, speed=1.0):
    """``[(paragraph, text)]`` spoken by ``voice_name`` as unplaced :class:`Sentence` objects."""
    return _speak(_usable(voices.choose(voice_name)), items, speed)


_rates = {}
_rates_lock = threading.Lock()


def _rates_file():
    return voices.voices_dir() / "speaking-rates.json"


def _rate_key(choice, speed):
    return "|".join(choice.key) + f"|{choice.style}|x{speed:.2f}"


def _known_rate(choice, speed):
    """``(words/s, letters/s, seconds each sentence takes besides its letters)`` measured for
    ``choice`` before (in memory or on disk), or None."""
    key = _rate_key(choice, speed)
    with _rates_lock:
        if key not in _rates:
            try:
                _rates.update(json.loads(_rates_file().read_text()))
            except (OSError, ValueError):
                pass
        known = _rates.get(key)
        return tuple(known) if isinstance(known, list) and len(known) == 3 else None


def _measured_rate(choice, speed):
    """The pace of ``choice`` at ``speed`` (see ``_known_rate``), measured once on a long and a
    short sentence, kept in memory and on disk."""
    key = _rate_key(choice, speed)
    with _rates_lock:
        known = _rates.get(key)
        if not (isinstance(known, list) and len(known) == 3):  # else measured meanwhile
            long, short = _speak(choice, [(0, CALIBRATION), (0, CALIBRATION_SHORT)], speed)
            per_letter = max(0.01, (long.spoken - short.spoken)
                             / (letters(CALIBRATION) - letters(CALIBRATION_SHORT)))
            pad = max(0.0, short.spoken - letters(CALIBRATION_SHORT) * per_letter)
            _rates[key] = [len(CALIBRATION.split()) / max(0.5, long.spoken), 1 / per_letter, pad]
            try:
                path = _rates_file()
                path.parent.mkdir(parents=True, exist_ok=True)
                partial = path.with_name(f"{path.name}.{os.getpid()}")
                partial.write_text(json.dumps(_rates, indent=1))
                os.replace(partial, path)  # whole or not at all, for parallel renders
            except OSError:
                pass  # a read-only data folder only costs a measurement per process
        return tuple(_rates[key])


def speaking_rate(voice_name, speed):
    """``(words/s, letters/s, seconds per sentence besides its letters)`` of ``voice_name`` at
    ``speed``, measured once per voice and speed. A pace measured before is used without loading
    the voice (the script is written while it loads)."""
    choice = voices.choose(voice_name)
    speed = round(float(speed or 1.0), 2)
    rate = _known_rate(choice, speed)
    if rate is None:  # (the file, read just now, is in memory: only a new voice is measured)
        rate = _measured_rate(_usable(choice), speed)
    return rate


def words_per_second(voice_name: str, speed: float) -> float:
    """How fast ``voice_name`` speaks at ``speed`` (words per second, pauses excluded)."""
    return speaking_rate(voice_name, speed)[0]


def letters(text):
    """What a sentence's speaking time grows with: its letters and digits, and each pause inside
    it (, ; : — take as long as about six letters, measured on the Piper and eSpeak voices)."""
    text = str(text)
    return sum(ch.isalnum() for ch in text) + PAUSE_LETTERS * len(PAUSE_MARK.findall(text))


def seconds_for(text, voice_name, speed):
    """How long ``voice_name`` takes to say the sentence ``text`` at ``speed`` (its measured pace)."""
    _words, per_second, pad = speaking_rate(voice_name, speed)
    return pad + letters(text) / per_second


@dataclass
class Narration:
    sentences: list  # placed sentences (``start`` set), in order
    duration: float
    sample_rate: int
    speedup: float = 1.0
    dropped: int = 0
    voice: str = ""  # what spoke, e.g. "Piper joe (pitch x0.86)" or "eSpeak NG en-us+m3"

    def envelope(self, hop=0.01):
        """Loudness of the voice per ``hop`` seconds, 0-1, for ducking the music."""
        n = int(np.ceil(self.duration / hop)) + 1
        env = np.zeros(n, np.float32)
        for s in self.sentences:
            samples = np.abs(s.pcm.astype(np.float32)) / 32768.0
            step = max(1, int(hop * s.rate))
            blocks = len(samples) // step
            if blocks == 0:
                continue
            rms = samples[: blocks * step].reshape(blocks, step).mean(axis=1)
            first = int(s.start / hop)
            last = min(n, first + blocks)
            env[first:last] = np.maximum(env[first:last], rms[: last - first])
        # speech is on as long as we are inside a sentence: hold the gaps between words
        win = max(1, int(0.35 / hop))
        kernel = np.ones(win, np.float32) / win
        env = np.convolve(env, kernel, mode="same")
        peak = float(env.max()) if len(env) else 0.0
        return np.clip(env / (peak * 0.5 + 1e-6), 0.0, 1.0) if peak > 0 else env

    def render(self, start_sample, count, out_rate):
        """Mono float32 samples ``[start_sample, start_sample + count)`` at ``out_rate``."""
        block = np.zeros(count, np.float32)
        t0 = start_sample / out_rate
        t1 = (start_sample + count) / out_rate
        for s in self.sentences:
            s_end = s.start + s.seconds
            if s_end <= t0 or s.start >= t1:
                continue
            a = max(t0, s.start)
            b = min(t1, s_end)
            i0 = int(round((a - t0) * out_rate))
            i1 = int(round((b - t0) * out_rate))
            if i1 <= i0:
                continue
            local = (start_sample + np.arange(i0, i1)) / out_rate - s.start
            block[i0:i1] += np.interp(local * s.rate, np.arange(len(s.pcm)),
                                      s.pcm).astype(np.float32) / 32768.0
        return block


def _gaps(sentences, squeeze):
    """Lead-in, the pause before each sentence after the first, and the tail; ``squeeze`` 0
    gives the normal pauses, 1 the shortest."""
    def mix(normal, shortest):
        return normal + (shortest - normal) * squeeze
    between = [mix(PARAGRAPH_GAP, MIN_PARAGRAPH_GAP) if b.paragraph != a.paragraph
               else mix(SENTENCE_GAP, MIN_SENTENCE_GAP) for a, b in zip(sentences, sentences[1:])]
    return mix(LEAD_IN, MIN_LEAD_IN), between, mix(TAIL, MIN_TAIL)


def _needed(sentences, squeeze):
    lead, between, tail = _gaps(sentences, squeeze)
    return lead + sum(s.spoken for s in sentences) + sum(between) + tail


def _place(sentences, squeeze):
    lead, between, _tail = _gaps(sentences, squeeze)
    t = lead
    for i, s in enumerate(sentences):
        if i:
            t += between[i - 1]
        s.start = t
        t += s.spoken
    return t


def _middle_out(count):
    """Indices to drop first: from the middle outwards, never the first or the last."""
    middle = (count - 1) / 2
    return sorted(range(1, count - 1), key=lambda i: (abs(i - middle), i))


def _drop_until(items, fits):
    """Drop middle items until ``fits(kept)``; returns the kept list."""
    dropped = set()
    for index in _middle_out(len(items)):
        if fits([item for i, item in enumerate(items) if i not in dropped]):
            break
        dropped.add(index)
    return [item for i, item in enumerate(items) if i not in dropped]


def _squeeze_for(sentences, duration):
    """The smallest pause squeeze (0-1) that fits ``duration``, or None."""
    if _needed(sentences, 0.0) <= duration:
        return 0.0
    short = _needed(sentences, 1.0)
    if short > duration:
        return None
    full = _needed(sentences, 0.0)
    return (full - duration) / (full - short)


def _spread(placed, duration, used):
    """Stretch pauses between sentences (paragraph breaks first) when the script is short."""
    if len(placed) < 2:
        return
    spare = max(0.0, duration - TAIL - used)
    breaks = [i for i in range(1, len(placed)) if placed[i].paragraph != placed[i - 1].paragraph]
    gaps = breaks or list(range(1, len(placed)))
    per_gap = min(spare / len(gaps), 2.5 if breaks else 0.8)  # up to the tail: no silence before the end card
    shift = 0.0
    gap_set = set(gaps)
    for i, s in enumerate(placed):
        if i in gap_set:
            shift += per_gap
        s.start += shift


def _cut_to(sentence, seconds):
    """Keep the first ``seconds`` of a sentence that alone is longer than the video, faded out."""
    keep = max(1, int(seconds * sentence.rate))
    sentence.pcm = sentence.pcm[:keep].copy()
    fade = min(len(sentence.pcm), int(0.3 * sentence.rate))
    if fade:
        sentence.pcm[-fade:] = (sentence.pcm[-fade:] * np.linspace(1, 0, fade)).astype(np.int16)
    sentence.tail = 0.0
    sentence.words = [w for w in sentence.words if w.start < sentence.seconds]
    if sentence.words:
        sentence.words[-1].end = min(sentence.words[-1].end, sentence.seconds)


def fit_narration(paragraphs, voice_name, speed, duration):
    """Speak the script and fit it to ``duration`` seconds (see the module docstring)."""
    choice = _usable(voices.choose(voice_name))
    items = split_sentences(paragraphs)
    duration = float(duration)
    speed = float(speed or 1.0)
    if not items:
        return Narration([], duration, espeak_voice.sample_rate(), voice=choice.label)
    # plan with the voice's measured pace, so the script is synthesised (about) once
    _words, pace, pad = speaking_rate(voice_name, speed)

    def pauses(kept, squeeze):
        lead, between, tail = _gaps([Sentence("", p) for p, _ in kept], squeeze)
        return lead + sum(between) + tail

    def estimate(kept, speedup, squeeze):
        return pauses(kept, squeeze) + sum(pad + letters(t) / pace for _, t in kept) / speedup

    # speed up first (pauses do not get shorter with it), within MAX_SPEEDUP
    speech = estimate(items, 1.0, 0.0) - pauses(items, 0.0)
    speedup = min(MAX_SPEEDUP, max(1.0, speech / max(1.0, duration - pauses(items, 0.0))))
    if speedup < 1.03:
        speedup = 1.0
    kept = _drop_until(items, lambda k: estimate(k, MAX_SPEEDUP, 1.0) <= duration)
    sentences = _speak(choice, kept, speed * speedup)
    if _squeeze_for(sentences, duration) is None and speedup < MAX_SPEEDUP:
        # the estimate was short: one more take, fast enough for the speech to fit between the
        # shortest pauses (which do not get shorter with the speed), within MAX_SPEEDUP
        speech = sum(s.spoken for s in sentences)
        room = max(1.0, duration - (_needed(sentences, 1.0) - speech))
        speedup = min(MAX_SPEEDUP, speedup * speech / room * 1.03)
        sentences = _speak(choice, kept, speed * speedup)
    sentences = _drop_until(sentences, lambda k: _squeeze_for(k, duration) is not None)
    squeeze = _squeeze_for(sentences, duration)
    if squeeze is None:  # the first and last sentences alone are too long: keep the ending
        sentences = sentences[-1:]
        squeeze = _squeeze_for(sentences, duration)
    if squeeze is None:  # one sentence longer than the whole video
        _cut_to(sentences[0], duration - MIN_LEAD_IN - MIN_TAIL)
        squeeze = 1.0
    used = _place(sentences, squeeze)
    if squeeze == 0.0 and speedup == 1.0 and len(sentences) == len(items):
        _spread(sentences, duration, used)
    return Narration(sentences, duration, sentences[0].rate, speedup,
                     len(items) - len(sentences), voice=choice.label)
