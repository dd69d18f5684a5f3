"""The eSpeak NG engine: libespeak-ng (from the espeakng-loader wheel) driven through ctypes.

The fallback voice: always installed, robotic but clear. ``synthesize(text, profile, speed)``
returns 16-bit mono PCM plus word timings taken from espeak's own word events.
"""
import ctypes
import re
import threading
from bisect import bisect_right
from dataclasses import dataclass

import numpy as np

from core.providers import ProviderError

# espeak_AUDIO_OUTPUT / flags / parameters / events (speak_lib.h)
AUDIO_OUTPUT_SYNCHRONOUS = 2
INITIALIZE_DONT_EXIT = 0x8000
CHARS_UTF8 = 1
POS_CHARACTER = 1
RATE, VOLUME, PITCH, RANGE = 1, 2, 3, 4
EVENT_WORD = 1
EE_OK = 0
MAX_RATE = 420


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
class EspeakProfile:
    """An espeak voice: ``voice`` is ``language+variant``; pitch/range 0-100, rate in wpm."""

    voice: str
    pitch: int
    range: int
    rate: int
    gain: float = 1.0  # whisper variants are quiet

    @property
    def label(self):
        return f"eSpeak NG {self.voice}"


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


def sample_rate():
    _library()
    return _sample_rate


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


def _word_times(text, events, seconds):
    """``[(word, start, end)]`` from espeak's word events; gaps filled proportionally."""
    spans = [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]
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
    known = [(i, t) for i, t in enumerate(times) if t is not None and t <= seconds]
    if not known:
        known = [(0, 0.0)]
    if known[0][0] != 0:
        known.insert(0, (0, 0.0))
    xs = np.array([starts[i] for i, _ in known] + [len(text)], float)
    ys = np.maximum.accumulate(np.array([t for _, t in known] + [seconds], float))
    filled = np.interp(starts, xs, ys)
    out = []
    for i, (_, word) in enumerate(spans):
        end = filled[i + 1] if i + 1 < len(spans) else seconds
        out.append((word, float(filled[i]), float(max(end, filled[i]))))
    return out


def synthesize(texts, profile, speed=1.0):
    """Yield ``(pcm int16, [(word, start, end)])`` per text, at ``sample_rate()``."""
    rate = int(max(80, min(MAX_RATE, profile.rate * float(speed or 1.0))))
    with _lock:
        lib = _library()
        if lib.espeak_SetVoiceByName(profile.voice.encode()) != EE_OK:
            lib.espeak_SetVoiceByName(b"en")
        lib.espeak_SetParameter(RATE, rate, 0)
        lib.espeak_SetParameter(PITCH, profile.pitch, 0)
        lib.espeak_SetParameter(RANGE, profile.range, 0)
        lib.espeak_SetParameter(VOLUME, 100, 0)
        results = []
        for text in texts:
            pcm, events = _synth_one(lib, text)
            if profile.gain != 1.0:
                pcm = np.clip(pcm.astype(np.float32) * profile.gain, -32767, 32767).astype(np.int16)
            results.append((pcm, _word_times(text, events, len(pcm) / _sample_rate)))
    return results
