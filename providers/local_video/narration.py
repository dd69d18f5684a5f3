"""Offline narration: libespeak-ng (from the espeakng-loader wheel) driven through ctypes.

``synthesize_sentences`` turns sentences into 16-bit mono PCM plus per-word timings, and
``fit_narration`` lays the sentences out on a timeline of the requested length: it speeds the
voice up (within limits) when the script is too long, drops the sentences that still do not fit,
and spreads the spare time as pauses when it is short.
"""
import ctypes
import re
import threading
from bisect import bisect_right
from dataclasses import dataclass, field

import numpy as np

from core.providers import ProviderError

# espeak_AUDIO_OUTPUT / flags / parameters / events (speak_lib.h)
AUDIO_OUTPUT_SYNCHRONOUS = 2
INITIALIZE_DONT_EXIT = 0x8000
CHARS_UTF8 = 1
POS_CHARACTER = 1
RATE, VOLUME, PITCH, RANGE, WORDGAP = 1, 2, 3, 4, 7
EVENT_WORD, EVENT_SENTENCE, EVENT_END, EVENT_MSG_TERMINATED = 1, 2, 5, 6
EE_OK = 0


class _EventId(ctypes.Union):
    _fields_ = [("number", ctypes.c_int), ("name", ctypes.c_char_p), ("string", ctypes.c_char * 8)]


class _Event(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("unique_identifier", ctypes.c_uint),
                ("text_position", ctypes.c_int), ("length", ctypes.c_int),
                ("audio_position", ctypes.c_int), ("sample", ctypes.c_int),
                ("user_data", ctypes.c_void_p), ("id", _EventId)]


_SYNTH_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                                   ctypes.POINTER(_Event))


@dataclass(frozen=True)
class VoiceProfile:
    """An espeak voice: ``voice`` is ``language+variant``; pitch/range 0-100, rate in wpm."""

    voice: str
    pitch: int
    range: int
    rate: int
    gain: float = 1.0  # whisper variants are quiet


# Every voice of both SPEC lists maps to a distinct variant/pitch/rate.
VOICES = {
    "Deep Male": VoiceProfile("en-us+m3", 22, 35, 160),
    "Mysterious Female": VoiceProfile("en-us+f2", 45, 30, 150),
    "Elderly Narrator": VoiceProfile("en+grandpa", 30, 45, 135),
    "Whispering Voice": VoiceProfile("en-us+whisper", 40, 40, 150, gain=1.5),
    "Dramatic Male": VoiceProfile("en-us+m1", 35, 90, 165),
    "Haunting Female": VoiceProfile("en-us+f4", 62, 70, 140),
    "Child Voice": VoiceProfile("en-us+f5", 92, 70, 180),
    "Robotic": VoiceProfile("en-us+robosoft", 50, 0, 170),
    "Female Narrator": VoiceProfile("en-us+f3", 55, 50, 170),
    "British Male": VoiceProfile("en-gb+m2", 40, 50, 170),
    "Whispery": VoiceProfile("en+whisperf", 50, 45, 160, gain=1.2),
    "Dramatic": VoiceProfile("en-gb+m7", 45, 95, 155),
    "Neutral": VoiceProfile("en-us", 50, 50, 175),
}
DEFAULT_VOICE = "Deep Male"
MAX_RATE = 420
MAX_SPEEDUP = 1.35
SENTENCE_GAP = 0.22
PARAGRAPH_GAP = 0.6
LEAD_IN = 0.5
TAIL = 1.0

_lock = threading.Lock()
_lib = None
_sample_rate = 22050


def _library():
    """Load and initialise libespeak-ng once per process."""
    global _lib, _sample_rate
    if _lib is not None:
        return _lib
    try:
        import espeakng_loader
    except ImportError as exc:  # pragma: no cover - the wheel is a hard dependency
        raise ProviderError("Narration needs the espeakng-loader package") from exc
    lib = ctypes.CDLL(espeakng_loader.get_library_path())
    lib.espeak_Initialize.restype = ctypes.c_int
    lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    lib.espeak_SetSynthCallback.argtypes = [_SYNTH_CALLBACK]
    lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
    lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.espeak_Synth.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_int,
                                 ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
    data = espeakng_loader.get_data_path().encode()
    rate = lib.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, data, INITIALIZE_DONT_EXIT)
    if rate <= 0:
        raise ProviderError("The narration engine (espeak-ng) could not start")
    _sample_rate = rate
    _lib = lib
    return lib


@dataclass
class Word:
    text: str
    start: float  # seconds, relative to its sentence
    end: float


@dataclass
class Sentence:
    text: str
    paragraph: int
    pcm: np.ndarray = None  # int16 mono at ``sample_rate``
    words: list = field(default_factory=list)
    start: float = 0.0  # absolute, once placed on the timeline

    @property
    def seconds(self):
        return 0.0 if self.pcm is None else len(self.pcm) / _sample_rate


def sample_rate():
    _library()
    return _sample_rate


def split_sentences(paragraphs):
    """``[(paragraph_index, sentence)]`` from the script paragraphs."""
    out = []
    for index, paragraph in enumerate(paragraphs):
        text = re.sub(r"\s+", " ", str(paragraph or "")).strip()
        if not text:
            continue
        for piece in re.split(r"(?<=[.!?…])[\"')\]]*\s+", text):
            piece = piece.strip()
            if re.search(r"\w", piece):
                out.append((index, piece))
    return out


def _word_spans(text):
    return [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]


def _synth_one(lib, text):
    chunks, events = [], []

    def callback(wav, count, evp):
        if count > 0 and wav:
            chunks.append(np.ctypeslib.as_array(wav, shape=(count,)).copy())
        i = 0
        while evp:
            event = evp[i]
            if event.type == 0:  # LIST_TERMINATED
                break
            if event.type == EVENT_WORD:
                events.append((event.text_position, event.length, event.audio_position))
            i += 1
        return 0

    cb = _SYNTH_CALLBACK(callback)
    lib.espeak_SetSynthCallback(cb)
    raw = text.encode("utf-8") + b"\0"
    buf = ctypes.create_string_buffer(raw)
    status = lib.espeak_Synth(buf, len(raw), 0, POS_CHARACTER, 0, CHARS_UTF8, None, None)
    if status != EE_OK:
        raise ProviderError(f"The narration engine failed (espeak error {status})")
    pcm = np.concatenate(chunks) if chunks else np.zeros(0, np.int16)
    # trim espeak's trailing silence so sentence gaps are ours
    loud = np.flatnonzero(np.abs(pcm) > 200)
    if len(loud):
        pcm = pcm[: min(len(pcm), loud[-1] + int(0.05 * _sample_rate))]
    return pcm, events


def _words_from_events(text, events, seconds):
    spans = _word_spans(text)
    if not spans:
        return []
    starts = [s for s, _ in spans]
    times = [None] * len(spans)
    byte_to_char = None
    if len(text.encode("utf-8")) != len(text):
        encoded = text.encode("utf-8")
        byte_to_char = [len(encoded[:i].decode("utf-8", "ignore")) for i in range(len(encoded) + 1)]
    for text_pos, _length, audio_ms in events:
        pos = text_pos - 1
        if byte_to_char is not None and 0 <= pos < len(byte_to_char):
            pos = byte_to_char[pos]
        index = bisect_right(starts, max(pos, 0)) - 1
        if 0 <= index < len(times) and times[index] is None:
            times[index] = audio_ms / 1000.0
    # fill gaps by proportional interpolation on character offsets
    known = [(i, t) for i, t in enumerate(times) if t is not None and t <= seconds]
    if not known:
        known = [(0, 0.0)]
    if known[0][0] != 0:
        known.insert(0, (0, 0.0))
    xs = np.array([starts[i] for i, _ in known] + [len(text)], float)
    ys = np.array([t for _, t in known] + [seconds], float)
    ys = np.maximum.accumulate(ys)
    filled = np.interp(starts, xs, ys)
    words = []
    for i, (_, word) in enumerate(spans):
        end = filled[i + 1] if i + 1 < len(spans) else seconds
        words.append(Word(word, float(filled[i]), float(max(end, filled[i]))))
    return words


def synthesize_sentences(items, voice_name, speed=1.0, budget=None):
    """Synthesize ``[(paragraph, text)]``; stop once ``budget`` seconds of speech are made."""
    profile = VOICES.get(voice_name) or VOICES[DEFAULT_VOICE]
    rate = int(max(80, min(MAX_RATE, profile.rate * float(speed or 1.0))))
    out = []
    with _lock:
        lib = _library()
        if lib.espeak_SetVoiceByName(profile.voice.encode()) != EE_OK:
            lib.espeak_SetVoiceByName(b"en")
        lib.espeak_SetParameter(RATE, rate, 0)
        lib.espeak_SetParameter(PITCH, profile.pitch, 0)
        lib.espeak_SetParameter(RANGE, profile.range, 0)
        lib.espeak_SetParameter(VOLUME, 100, 0)
        total = 0.0
        for paragraph, text in items:
            pcm, events = _synth_one(lib, text)
            if profile.gain != 1.0:
                pcm = np.clip(pcm.astype(np.float32) * profile.gain, -32767, 32767).astype(np.int16)
            sentence = Sentence(text, paragraph, pcm)
            sentence.words = _words_from_events(text, events, sentence.seconds)
            out.append(sentence)
            total += sentence.seconds + SENTENCE_GAP
            if budget is not None and total > budget:
                break
    return out


@dataclass
class Narration:
    sentences: list  # placed sentences (``start`` set), in order
    duration: float
    sample_rate: int
    speedup: float = 1.0
    dropped: int = 0

    def envelope(self, hop=0.01):
        """Loudness of the voice per ``hop`` seconds, 0-1, for ducking the music."""
        n = int(np.ceil(self.duration / hop)) + 1
        env = np.zeros(n, np.float32)
        for s in self.sentences:
            samples = np.abs(s.pcm.astype(np.float32)) / 32768.0
            step = max(1, int(hop * self.sample_rate))
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
            # sample times of this block in the sentence's own clock
            a = max(t0, s.start)
            b = min(t1, s_end)
            i0 = int(round((a - t0) * out_rate))
            i1 = int(round((b - t0) * out_rate))
            if i1 <= i0:
                continue
            local = (start_sample + np.arange(i0, i1)) / out_rate - s.start
            src = local * self.sample_rate
            block[i0:i1] += np.interp(src, np.arange(len(s.pcm)), s.pcm).astype(np.float32) / 32768.0
        return block


def _layout(sentences, duration, lead_in=LEAD_IN):
    """Place sentences on the timeline; returns those that fit before ``duration - TAIL``."""
    t = lead_in
    placed = []
    previous_paragraph = None
    limit = max(0.5, duration - TAIL * (0.5 if duration < 20 else 1.0))
    for s in sentences:
        if previous_paragraph is not None:
            t += PARAGRAPH_GAP if s.paragraph != previous_paragraph else SENTENCE_GAP
        if t + s.seconds > limit:
            break
        s.start = t
        placed.append(s)
        t += s.seconds
        previous_paragraph = s.paragraph
    return placed, t


def _spread(placed, duration, used):
    """Stretch pauses between sentences (paragraph breaks first) when the script is short."""
    if len(placed) < 2:
        return
    spare = max(0.0, duration - TAIL - used)
    breaks = [i for i in range(1, len(placed)) if placed[i].paragraph != placed[i - 1].paragraph]
    gaps = breaks or list(range(1, len(placed)))
    per_gap = min(spare * 0.7 / len(gaps), 2.5 if breaks else 0.8)
    shift = 0.0
    gap_set = set(gaps)
    for i, s in enumerate(placed):
        if i in gap_set:
            shift += per_gap
        s.start += shift


def fit_narration(paragraphs, voice_name, speed, duration):
    """Synthesize and fit the script to ``duration`` seconds (± a sentence boundary)."""
    items = split_sentences(paragraphs)
    rate = sample_rate()
    if not items:
        return Narration([], float(duration), rate)
    sentences = synthesize_sentences(items, voice_name, speed, budget=duration * 1.6)
    speedup = 1.0
    complete = len(sentences) == len(items)
    needed = sum(s.seconds for s in sentences) + SENTENCE_GAP * len(sentences) + LEAD_IN + TAIL
    if needed > duration:
        speedup = MAX_SPEEDUP if not complete else min(MAX_SPEEDUP, needed / duration)
        if speedup > 1.04:
            sentences = synthesize_sentences(items, voice_name, (speed or 1.0) * speedup,
                                             budget=duration * 1.1)
        else:
            speedup = 1.0
    placed, used = _layout(sentences, duration)
    if not placed and sentences:
        # one sentence longer than the whole video: keep its beginning, faded out
        s = sentences[0]
        keep = max(1, int((duration - LEAD_IN - 0.3) * rate))
        s.pcm = s.pcm[:keep].copy()
        fade = min(len(s.pcm), int(0.3 * rate))
        if fade:
            s.pcm[-fade:] = (s.pcm[-fade:] * np.linspace(1, 0, fade)).astype(np.int16)
        s.words = [w for w in s.words if w.start < s.seconds]
        if s.words:
            s.words[-1].end = min(s.words[-1].end, s.seconds)
        s.start = LEAD_IN
        placed, used = [s], LEAD_IN + s.seconds
    if complete and len(placed) == len(sentences) and speedup == 1.0:
        _spread(placed, duration, used)
    return Narration(placed, float(duration), rate, speedup, len(items) - len(placed))
