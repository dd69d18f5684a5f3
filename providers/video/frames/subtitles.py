"""Subtitle cues timed to the narration words, and their WebVTT file.

Each sentence is cut into cues at phrase boundaries: after punctuation where it can, never after
an article, a preposition, a conjunction or a possessive (a cue that stops on "the" or "of"
reads as a mistake), each cue at most two lines of ``LINE`` characters (``"\\n"`` between them).
A cue shows from its first spoken word to just after its last.
"""
import re
from bisect import bisect_right
from dataclasses import dataclass

from providers.video.audio.narration import TITLES

LINE = 42
TARGET = 56  # characters: a comfortable cue, about two seconds of speech
MIN_CUE = 0.8
LINGER = 0.3
FUNCTION_WORDS = frozenset("""
a an the
about above across after against along amid among around as at before behind below beneath
beside besides between beyond by despite down during except for from in inside into like near
of off on onto opposite outside over past per since than through throughout till to toward
towards under underneath unlike until upon versus via with within without
and but or nor so yet for because although though while if unless whereas whether once
my your his her its our their every each
""".split())
# not wrong, but weak places to stop: subjects and helpers waiting for their verb
WEAK_WORDS = frozenset("""
i he she we they it you this that these those who which what is was were are be been am had
has have do did does would could should will shall can may might must not no very just
""".split())


@dataclass
class Cue:
    start: float
    end: float
    text: str
    #: when each of the cue's words is said (absolute seconds, in the text's word order)
    words: tuple = ()

    def word_at(self, t):
        """The index of the word being said at ``t`` (the last one begun), or None."""
        said = bisect_right(self.words, t) - 1
        return said if said >= 0 else None


def _bare(word):
    return re.sub(r"[^\w']", "", word).lower()


def _ends_phrase(word):
    return bool(re.search(r"[,;:—–.!?…)\"]$", word))


def _break_cost(words, i):
    """Cost of ending a cue after ``words[i]`` (its sentence goes on)."""
    word = words[i]
    if word.rstrip(".") in TITLES and word.endswith("."):
        return 10_000  # "Dr." / "Hale at the door": a title stays with its name
    if _ends_phrase(word):
        return -60 if word[-1] in ".!?…;:—" else -40
    bare = _bare(word)
    if bare in FUNCTION_WORDS:
        return 10_000
    return 120 if bare in WEAK_WORDS else 0


def _line_split(words):
    """The best place to break a cue's words into two lines of at most ``LINE`` characters:
    ``(cost, k)`` with line one = ``words[:k]``; ``k == len(words)`` is one line."""
    text = " ".join(words)
    if len(text) <= LINE:
        return 0, len(words)
    best = None
    for k in range(1, len(words)):
        one, two = " ".join(words[:k]), " ".join(words[k:])
        if len(one) > LINE or len(two) > LINE:
            continue
        cost = abs(len(one) - len(two)) + max(0, _break_cost(words, k - 1) // 4)
        if best is None or cost < best[0]:
            best = (cost, k)
    return best


def _segments(words):
    """Split one sentence's words into cues: ``[(first, last + 1, line break index)]``."""
    n = len(words)
    best = [(0, None, None)] + [(float("inf"), None, None)] * n  # (cost, previous end, split)
    for end in range(1, n + 1):
        for start in range(end - 1, -1, -1):
            length = len(" ".join(words[start:end]))
            if length > 2 * LINE + 1 and end - start > 1:
                break
            split = _line_split(words[start:end])
            if split is None:
                if end - start > 1:
                    continue
                split = (0, 1)  # one word longer than a line: it stands alone
            cost = best[start][0] + (TARGET - min(length, TARGET)) ** 2 / 40 + split[0] / 4
            if end < n:
                cost += _break_cost(words, end - 1)
            if cost < best[end][0]:
                best[end] = (cost, start, start + split[1])
    out, end = [], n
    while end > 0:
        _, start, split = best[end]
        out.append((start, end, split))
        end = start
    return out[::-1]


def cues_from_narration(narration, duration):
    """Cues for every placed sentence, in order, inside ``[0, duration]``."""
    cues = []
    for sentence in narration.sentences:
        words = sentence.words
        texts = [w.text for w in words]
        for first, last, split in _segments(texts):
            lines = [" ".join(texts[first:split]), " ".join(texts[split:last])]
            start, end = words[first].start, words[last - 1].end
            cues.append(Cue(sentence.start + start, sentence.start + end,
                            "\n".join(line for line in lines if line),
                            tuple(sentence.start + w.start for w in words[first:last])))
    # ordered, non-overlapping, long enough to read and inside the video
    out = []
    for i, cue in enumerate(cues):
        nxt = cues[i + 1].start if i + 1 < len(cues) else duration
        end = min(max(cue.end + LINGER, cue.start + MIN_CUE), nxt, duration)
        start = max(cue.start, out[-1].end if out else 0.0)
        if end - start >= 0.05:
            said = tuple(round(min(max(t, start), end), 3) for t in cue.words)
            out.append(Cue(round(start, 3), round(end, 3), cue.text,
                           tuple(max(said[:k + 1]) for k in range(len(said)))))
    return out


def _stamp(seconds):
    ms = int(round(seconds * 1000))
    h, rest = divmod(ms, 3600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}.{ms:03d}"


def timed_text(cue):
    """The cue's text with a WebVTT timestamp tag before each word after the first (karaoke
    style: ``The <00:00:01.250>door <00:00:01.600>opened``), lines kept."""
    out, k = [], 0
    for line in cue.text.split("\n"):
        words = []
        for word in line.split():
            if 0 < k < len(cue.words) and cue.start < cue.words[k] < cue.end:
                word = f"<{_stamp(cue.words[k])}>{word}"
            words.append(word)
            k += 1
        out.append(" ".join(words))
    return "\n".join(out)


def write_vtt(path, cues, title="", word_times=False):
    """The WebVTT track; ``word_times`` adds each word's time inside its cue."""
    lines = ["WEBVTT"]
    if title:
        lines[0] += " - " + " ".join(str(title).split())[:80].replace("-->", "->")
    lines.append("")
    for i, cue in enumerate(cues, 1):
        lines.append(str(i))
        lines.append(f"{_stamp(cue.start)} --> {_stamp(cue.end)}")
        lines.append((timed_text(cue) if word_times else cue.text).replace("-->", "->"))
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
