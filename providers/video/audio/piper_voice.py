"""The Piper engine (piper-tts, neural, offline): one ONNX voice loaded once per process.

``synthesize(model, texts, length_scale)`` returns float audio per text plus word timings.
Word times come from the voice itself: the model is patched in memory (the ``onnx`` package,
as ``piper.patch_voice_with_alignment`` does) to also return how many frames each phoneme lasts,
so a word starts where its first phoneme starts. Without ``onnx``, or when espeak splits the text
into words differently from the text itself, they are estimated inside each sentence instead: the
voiced part of the audio is shared among the words in proportion to their phonemes or letters,
plus a pause after , ; : — . and those pauses are moved onto the silences actually heard nearby.
"""
import json
import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

_lock = threading.Lock()
_loaded = {}  # model path -> PiperVoice
PAUSE_WEIGHT = {",": 2.5, ";": 3.5, ":": 3.5, "—": 3.5, "–": 3.0, "-": 0.0}
_VOWELS = set("aeiouyæɑɐɒɔəɘɚɛɜɞɤɨɪɵɶʉʊʌʏøœ")
# A VITS voice rounds each phoneme up to whole frames, so its length scale shortens speech less
# than in proportion: measured on the bundled joe voice, speech lasts about scale ** 0.62.
SCALE_EFFECT = 0.62


def length_scale(duration_ratio):
    """The length scale that makes speech last ``duration_ratio`` times as long."""
    return duration_ratio ** (1 / SCALE_EFFECT)


def available():
    """True when piper-tts and onnxruntime import."""
    try:
        import onnxruntime  # noqa: F401
        import piper  # noqa: F401
    except ImportError:
        return False
    return True


def load(model_path):
    """The voice at ``model_path`` (``.onnx`` with its ``.onnx.json`` beside it), cached."""
    key = str(model_path)
    with _lock:
        voice = _loaded.get(key)
        if voice is None:
            import onnxruntime
            from piper import PiperVoice
            from piper.config import PiperConfig

            options = onnxruntime.SessionOptions()
            # one thread per run: sentences are spoken side by side instead (``synthesize``),
            # which keeps the cores busier than one sentence split over two threads
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            with open(f"{key}.json", encoding="utf-8") as fh:
                config = PiperConfig.from_dict(json.load(fh))
            session = onnxruntime.InferenceSession(_with_durations(key), sess_options=options,
                                                   providers=["CPUExecutionProvider"])
            voice = _loaded[key] = PiperVoice(session=session, config=config)
        return voice


def _with_durations(model_path):
    """A copy of the model with its phoneme durations (the ``Ceil`` of the duration predictor) as
    a second output, made once into ``<voices folder>/.aligned/`` (the model's bytes when that
    folder cannot be written); the model itself when ``onnx`` is missing or the graph has no such
    tensor."""
    source = Path(model_path)
    stat = source.stat()
    cached = _aligned_dir() / f"{source.stem}-{stat.st_size}-{stat.st_mtime_ns}.onnx"
    if cached.is_file():
        return str(cached)
    try:
        import onnx
        from piper.patch_voice_with_alignment import add_alignment_output
    except ImportError:
        return str(model_path)
    model = onnx.load(str(model_path))
    try:
        add_alignment_output(model)
    except ValueError:  # no single Ceil tensor, or already an output: use the model as it is
        return str(model_path)
    data = model.SerializeToString()
    del model
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(data)
        os.replace(partial, cached)
        for older in cached.parent.glob(f"{source.stem}-*.onnx"):  # a voice pulled again
            if older != cached:
                older.unlink(missing_ok=True)
    except OSError:
        return data
    return str(cached)


def _aligned_dir():
    from providers.video.audio.voices import voices_dir
    return Path(voices_dir()) / ".aligned"


def sample_rate(model_path):
    return load(model_path).config.sample_rate


def _run_options():
    import onnxruntime
    run = onnxruntime.RunOptions()
    # hand the arena back after each sentence: keeps the render's peak memory down
    run.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")
    return run


def _infer(voice, phonemes, length_scale, run):
    ids = voice.phonemes_to_ids(phonemes)
    config = voice.config
    array = np.array([ids], dtype=np.int64)
    args = {"input": array, "input_lengths": np.array([array.shape[1]], dtype=np.int64),
            "scales": np.array([config.noise_scale, length_scale, config.noise_w_scale],
                               dtype=np.float32)}
    if config.num_speakers > 1:
        args["sid"] = np.array([config.default_speaker_id or 0], dtype=np.int64)
    result = voice.session.run(None, args, run)
    audio = result[0].squeeze().astype(np.float32)
    frames = result[1].squeeze() if len(result) > 1 else None
    if frames is None or frames.shape != (len(ids),):
        return audio, None
    return audio, frames.astype(np.int64) * config.hop_length


def _weights(words, phonemes):
    """Relative length of each text word, and the pause after it."""
    spoken = "".join(phonemes).split(" ")
    spoken = [w for w in spoken if re.search(r"\w", w)]
    if len(spoken) == len(words):
        sizes = [sum(2 if ch in _VOWELS else 1 for ch in w if ch.isalpha()) or 1 for w in spoken]
    else:
        sizes = [len(re.sub(r"\W", "", w)) or 1 for w in words]
    pauses = [PAUSE_WEIGHT.get(w[-1:], 0.0) if i + 1 < len(words) else 0.0
              for i, w in enumerate(words)]
    return sizes, pauses


def _voiced_span(audio, rate):
    """(first, last) second of sound in ``audio`` (piper pads a little silence both ends)."""
    if not len(audio):
        return 0.0, 0.0
    loud = np.flatnonzero(np.abs(audio) > 0.02 * (np.abs(audio).max() or 1.0))
    if not len(loud):
        return 0.0, len(audio) / rate
    return loud[0] / rate, (loud[-1] + 1) / rate


def _silences(audio, rate, shortest=0.06):
    """``[(start, end)]`` seconds of the quiet stretches inside ``audio``."""
    hop = max(1, int(0.01 * rate))
    frames = len(audio) // hop
    if frames < 2:
        return []
    level = np.sqrt((audio[:frames * hop].reshape(frames, hop) ** 2).mean(axis=1))
    quiet = np.concatenate([[False], level < 0.03 * level.max(), [False]])
    edges = np.flatnonzero(np.diff(quiet.astype(np.int8)))
    runs = zip(edges[::2], edges[1::2])
    return [(a * hop / rate, b * hop / rate) for a, b in runs if (b - a) * hop / rate >= shortest]


def _snap_to_silences(times, pauses, silences, reach=0.6):
    """Move each punctuation pause onto the heard silence that best fits it (long and near);
    stretch the words between."""
    old, new = [times[0][1]], [times[0][1]]
    for i, pause in enumerate(pauses[:-1]):
        if not pause:
            continue
        gap_start, gap_end = times[i][2], times[i + 1][1]
        middle = (gap_start + gap_end) / 2
        near = [s for s in silences if abs((s[0] + s[1]) / 2 - middle) <= reach]
        if not near:
            continue
        start, end = max(near, key=lambda s: (s[1] - s[0]) - 0.3 * abs((s[0] + s[1]) / 2 - middle))
        if start > new[-1] and gap_start > old[-1]:
            old += [gap_start, gap_end]
            new += [start, max(start, end)]
    old.append(times[-1][2])
    new.append(max(times[-1][2], new[-1]))
    return [(w, float(np.interp(s, old, new)), float(np.interp(e, old, new))) for w, s, e in times]


def _word_times(text, phonemes, audio, rate):
    words = text.split()
    if not words:
        return []
    sizes, pauses = _weights(words, phonemes)
    first, last = _voiced_span(audio, rate)
    total = sum(sizes) + sum(pauses)
    scale = (last - first) / total if total else 0.0
    out, t = [], first
    for word, size, pause in zip(words, sizes, pauses):
        end = t + size * scale
        out.append((word, float(t), float(end)))
        t = end + pause * scale
    return _snap_to_silences(out, pauses, _silences(audio, rate))


def _phoneme_spans(voice, phonemes, samples, offset):
    """``[(phoneme, start, end)]`` sample positions of each phoneme in one spoken sentence: its
    ids and the pad after it, counted the way piper builds the ids."""
    from piper.const import BOS, PAD
    id_map = voice.config.phoneme_id_map
    pad = len(id_map.get(PAD, []))
    i = len(id_map.get(BOS, [])) + pad
    at = offset + int(samples[:i].sum())
    spans = []
    for ph in phonemes:
        if ph not in id_map:
            continue
        n = len(id_map[ph]) + pad
        end = at + int(samples[i:i + n].sum())
        spans.append((ph, at, end))
        at, i = end, i + n
    return spans


def _spoken_words(spans):
    """``[(start, end)]`` samples of each word espeak spoke (phonemes between spaces, without
    the punctuation that ends it)."""
    words, current = [], []
    for ph, start, end in spans + [(" ", 0, 0)]:
        if ph == " ":
            voiced = [(a, b) for p, a, b in current if re.match(r"\w", p)]
            if voiced:
                words.append((voiced[0][0], voiced[-1][1]))
            current = []
        else:
            current.append((ph, start, end))
    return words


def _matched_by_phonemes(alone, said, spans):
    """{word index: (start, end) samples}: each word's own phonemes (``alone``: espeak's, the word
    by itself) matched against the sounds of the sentence as spoken (``spans``: its phonemes'
    samples), where espeak ran words together ("on the" is one word to it, "ɔnðə"); None when
    too few of the sounds match."""
    import difflib
    heard = [(ph, a, b) for ph, a, b in spans if re.match(r"\w", ph)]
    own, owner = [], []
    for i in said:
        sounds = [ph for sentence in alone[i] for ph in sentence if re.match(r"\w", ph)]
        own += sounds
        owner += [i] * len(sounds)
    matcher = difflib.SequenceMatcher(None, own, [ph for ph, _, _ in heard], autojunk=False)
    span, matched = {}, 0
    for a, b, size in matcher.get_matching_blocks():
        for j in range(size):
            i, (_, start, end) = owner[a + j], heard[b + j]
            first, last = span.get(i, (start, end))
            span[i] = (min(first, start), max(last, end))
        matched += size
    if matched < 0.8 * max(len(own), 1):
        return None
    times = [span.get(i) for i in said]  # a word none of whose sounds matched: between its
    for k, i in enumerate(said):        # neighbours
        if times[k] is None:
            before = next((t[1] for t in reversed(times[:k]) if t), 0)
            after = next((t[0] for t in times[k + 1:] if t), before)
            span[i] = times[k] = (before, max(before, after))
    return span


def _espeak_word_count(phonemized):
    """How many words espeak makes of a word said alone (its ``phonemize`` result): "1989" is three."""
    return sum(1 for sentence in phonemized
               for group in "".join(sentence).split(" ") if re.search(r"\w", group))


def _aligned_word_times(voice, text, sentences, runs, rate):
    """``[(word, start, end)]`` seconds from the voice's own phoneme durations; None when the
    model gave none or espeak's words cannot be matched to the text's."""
    if not runs or any(samples is None for _, samples in runs):
        return None
    spans, spoken, offset = [], [], 0
    for phonemes, (audio, samples) in zip(sentences, runs):
        run = _phoneme_spans(voice, phonemes, samples, offset)
        spans += run
        spoken += _spoken_words(run)  # a run's last word ends with it
        offset += len(audio)
    words = text.split()
    said = [i for i, w in enumerate(words) if re.search(r"\w", w)]
    counts = [1] * len(said)
    span, k = {}, 0
    if len(spoken) != len(said):  # a number or an abbreviation is several words to espeak
        alone = {i: voice.phonemize(words[i]) for i in said}
        counts = [_espeak_word_count(alone[i]) for i in said]
        if sum(counts) != len(spoken):  # "on the" said as one word: matched by their sounds
            span = _matched_by_phonemes(alone, said, spans)
            if span is None:
                return None
            counts = []
    for i, n in zip(said, counts):
        if n:
            span[i] = (spoken[k][0], spoken[k + n - 1][1])
            k += n
    out, last = [], 0
    for i, word in enumerate(words):
        start, end = span.get(i, (last, last))
        out.append((word, start / rate, end / rate))
        last = end
    return out


#: phonemes in one ONNX run at most, where the sentence has a pause to split it at: a run's memory
#: grows with its length (the 60 s benchmark's longest sentence, 155 phonemes, took 140 MiB alone),
#: and a long sentence spoken in two runs at its comma keeps its pause there, the run's own
#: silence at both ends
LONGEST_RUN = 80
#: two runs at once only while their phonemes together are at most this many. The 60 s
#: benchmark's narration alone (load 4): 455 MiB peak with whole sentences two at a time,
#: 313-337 MiB with runs of 90 and 150 together, 288-300 MiB with 80 and 130, 265 MiB with 90
#: and 100 (but one run at a time: twice the wall time)
BUDGET = 130
_PAUSES = {",", ";", ":", "—", "–"}


def _runs_of(sentence, longest=LONGEST_RUN):
    """``sentence`` (a list of phonemes) cut after its pauses into runs of at most ``longest``
    phonemes where it can be; each cut is the pause nearest the middle of what is left to cut."""
    if len(sentence) <= longest:
        return [sentence]
    cuts = [i + 1 for i, ph in enumerate(sentence[:-1]) if ph in _PAUSES
            and 12 <= i + 1 <= len(sentence) - 12]
    if not cuts:
        return [sentence]
    middle = len(sentence) / 2
    cut = min(cuts, key=lambda i: abs(i - middle))
    rest = sentence[cut:]
    while rest and rest[0] == " ":
        rest = rest[1:]
    return _runs_of(sentence[:cut], longest) + _runs_of(rest, longest)


def workers():
    """How many sentences are spoken at once: one per core, two at most (each run holds its
    own activations: more would only add memory)."""
    return max(1, min(2, os.cpu_count() or 1))


def synthesize(model_path, texts, length_scale=1.0):
    """``[(float32 audio, [(word, start, end)])]`` per text at ``sample_rate(model_path)``.

    The texts are phonemized in turn (espeak is not thread-safe), then spoken side by side,
    one ONNX run per thread (onnxruntime releases the GIL)."""
    voice = load(model_path)
    rate = voice.config.sample_rate
    run = _run_options()
    texts = list(texts)
    phonemized = [[part for p in voice.phonemize(text) if p for part in _runs_of(p)]
                  for text in texts]

    def speak(k):
        runs = [_infer(voice, sentence, length_scale, run) for sentence in phonemized[k]]
        phonemes = [ph for sentence in phonemized[k] for ph in sentence + [" "]]
        audio = np.concatenate([a for a, _ in runs]) if runs else np.zeros(0, np.float32)
        peak = float(np.abs(audio).max()) if len(audio) else 0.0
        if peak > 1e-6:
            audio = audio * (0.95 / peak)
        timed = _aligned_word_times(voice, texts[k], phonemized[k], runs, rate)
        return audio, timed if timed is not None else _word_times(texts[k], phonemes, audio, rate)

    sizes = [max(map(len, runs), default=0) for runs in phonemized]  # a text's runs go in turn
    if min(workers(), len(texts)) <= 1:
        return [speak(k) for k in range(len(texts))]
    return _side_by_side(speak, sizes, BUDGET)


def _side_by_side(speak, sizes, budget):
    """``[speak(k)]`` for every k, on two threads: longest first, and a run starts beside another
    only while their sizes together stay within ``budget`` (a run's memory grows with its
    length: two long sentences at once would double the peak)."""
    results = [None] * len(sizes)
    pending = sorted(range(len(sizes)), key=lambda k: -sizes[k])
    running = []
    cond = threading.Condition()

    def take():
        with cond:
            while pending:
                busy = sum(sizes[r] for r in running)
                fits = [k for k in pending if not running or busy + sizes[k] <= budget]
                if fits:
                    pending.remove(fits[0])
                    running.append(fits[0])
                    return fits[0]
                cond.wait()
            return None

    def work():
        while (k := take()) is not None:
            try:
                results[k] = speak(k)
            finally:
                with cond:
                    running.remove(k)
                    cond.notify_all()

    with ThreadPoolExecutor(max_workers=2) as pool:
        for job in [pool.submit(work) for _ in range(2)]:
            job.result()
    return results
