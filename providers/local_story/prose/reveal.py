"""Whether a line tells the twist again: the reveal is told once, at its beat, and the clues it
re-reads are not listed a second time right after it, nor is the twist said again at the end."""
import re

#: what says a twist over ("had been dead all along", "it was Luc's doing all along")
AGAIN = re.compile(r"(?i)\ball along\b")
_STOP = frozenset("the a an and was were had has have been is are of in on at to that this it its his her their who which with "
                  "for from by as".split())


def _words(text):
    return {w for w in re.findall(r"[a-z']+", text.lower()) if len(w) > 2 and w not in _STOP}


def says(line, text, share=0.7):
    """Whether ``line`` says most of the words of ``text``."""
    words = _words(text)
    return bool(words) and len(words & _words(line)) >= share * len(words) - 1e-9


def rereads(text, clues):
    """Whether ``text`` (the reveal's line) already goes back over one of ``clues``."""
    return any(says(text, clue, 0.8) for clue in clues)


def restates(line, reveal):
    """Whether ``line`` tells the twist (``reveal``) again."""
    return bool(reveal) and (bool(AGAIN.search(line)) or says(line, reveal))
