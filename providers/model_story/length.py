"""Keeping a model to a length: token caps, stopping at a sentence end, cutting a long text.

Pure functions and small counters (no model, no network), shared by every model provider.
"""
import re

#: English prose runs at about 1.3-1.4 tokens per word in the tokenizers of current models
TOKENS_PER_WORD = 1.4
#: a part may run this much past its share before the token cap stops it
TOKEN_MARGIN = 1.5
#: the least a call may generate (a title, a short part)
MIN_TOKENS = 32

_WORD = re.compile(r"\S+")
#: a sentence ends at . ! ? or … (with closing quotes or brackets) followed by a space or the end
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*(?=\s|$)")


def token_cap(words):
    """``max_tokens`` for an answer of about ``words`` words (with a margin)."""
    return max(MIN_TOKENS, int(max(0, int(words or 0)) * TOKENS_PER_WORD * TOKEN_MARGIN) + 16)


def count_words(text):
    return len(_WORD.findall(text or ""))


def ends_sentence(text):
    """Whether the text (trailing spaces aside) ends at the end of a sentence."""
    text = (text or "").rstrip()
    return bool(text) and _last_end(text) == len(text)


def _last_end(text):
    ends = [match.end() for match in _SENTENCE_END.finditer(text)]
    return ends[-1] if ends else None


def drop_unfinished_sentence(text):
    """The text up to its last sentence end (unchanged when it has none at all)."""
    text = (text or "").rstrip()
    end = _last_end(text)
    return text[:end].rstrip() if end else text


def cut_to_length(text, words, tolerance=0.1, first_sentence_limit=None):
    """Cut a text that runs long, keeping at most ``words`` (+ tolerance) words.

    The cut is the last sentence end within the limit. A text without one there keeps its first
    sentence if that ends within ``first_sentence_limit`` words; otherwise it is cut after the
    last word within the limit and closed with an ellipsis, so it never stops mid-word.
    """
    text = (text or "").rstrip()
    limit = int(words * (1 + tolerance))
    if count_words(text) <= limit:
        return text
    end = None
    for match in _SENTENCE_END.finditer(text):
        length = count_words(text[:match.end()])
        if length > limit:
            if end is None and first_sentence_limit and length <= first_sentence_limit:
                end = match.end()
            break
        end = match.end()
    if end:
        return text[:end].rstrip()
    last_word = list(_WORD.finditer(text))[max(0, limit - 1)]
    return text[:last_word.end()].rstrip(" ,;:-–—") + "…"


class StreamedWords:
    """Counts the words of a streamed answer as its pieces arrive (a split word counts once)."""

    def __init__(self):
        self.words = 0
        self.text = ""
        self._inside_word = False

    def add(self, piece):
        count = len(_WORD.findall(piece))
        if count and self._inside_word and not piece[0].isspace():
            count -= 1  # the first word of this piece continues the last one
        self.words += count
        self._inside_word = not piece[-1].isspace()
        self.text += piece
        return count


class LengthGuard:
    """``on_text`` for one streamed part: reports its words (up to its share) and says when to
    stop reading.

    It asks to stop (returns True) once the part has its ``words`` and the current sentence has
    ended, so a model that would ramble on to its token cap is not waited for.
    """

    def __init__(self, words, on_words=None):
        self.target = max(1, int(words or 1))
        self.counter = StreamedWords()
        self.on_words = on_words

    def __call__(self, piece):
        if not piece:
            return False
        before = self.counter.words
        self.counter.add(piece)
        # words past the part's share are not progress: the part will be cut back to it
        credited = min(self.counter.words, self.target) - min(before, self.target)
        if credited > 0 and self.on_words is not None:
            self.on_words(credited)
        return self.counter.words >= self.target and ends_sentence(self.counter.text)
