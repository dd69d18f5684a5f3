"""Subtitle cues timed to the narration words, and their WebVTT file."""
from dataclasses import dataclass

MAX_WORDS = 8
MAX_CHARS = 44
MIN_CUE = 0.6


@dataclass
class Cue:
    start: float
    end: float
    text: str


def cues_from_narration(narration, duration):
    """Group each sentence's words into short cues; a cue lasts until the next one starts."""
    cues = []
    for sentence in narration.sentences:
        words = sentence.words
        chunk = []
        for i, word in enumerate(words):
            chunk.append(word)
            text = " ".join(w.text for w in chunk)
            last = i == len(words) - 1
            punct = word.text[-1:] in ",;:" and len(chunk) >= 4
            if last or len(chunk) >= MAX_WORDS or len(text) >= MAX_CHARS or punct:
                start = sentence.start + chunk[0].start
                end = sentence.start + (chunk[-1].end if last else words[i + 1].start)
                cues.append(Cue(start, end, text))
                chunk = []
    # keep cues ordered, non-overlapping, readable and inside the video
    out = []
    for i, cue in enumerate(cues):
        nxt = cues[i + 1].start if i + 1 < len(cues) else duration
        end = min(max(cue.end + 0.25, cue.start + MIN_CUE), nxt, duration)
        start = max(cue.start, out[-1].end if out else 0.0)
        if end - start >= 0.05:
            out.append(Cue(round(start, 3), round(end, 3), cue.text))
    return out


def _stamp(seconds):
    ms = int(round(seconds * 1000))
    h, rest = divmod(ms, 3600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}.{ms:03d}"


def write_vtt(path, cues, title=""):
    lines = ["WEBVTT"]
    if title:
        lines[0] += " - " + " ".join(str(title).split())[:80].replace("-->", "->")
    lines.append("")
    for i, cue in enumerate(cues, 1):
        lines.append(str(i))
        lines.append(f"{_stamp(cue.start)} --> {_stamp(cue.end)}")
        lines.append(cue.text.replace("-->", "->"))
        lines.append("")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines))


def cue_at(cues, t, hint=0):
    """(index, cue) showing at ``t``; ``hint`` is the last index, for a forward scan."""
    i = hint
    while i < len(cues) and cues[i].end <= t:
        i += 1
    if i < len(cues) and cues[i].start <= t < cues[i].end:
        return i, cues[i]
    return i, None
