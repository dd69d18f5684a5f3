"""A story's paragraphs: the blocks between blank lines (what the editor shows, "Rewrite this
paragraph" counts by index and Continue writes after)."""
import re

_BREAK = re.compile(r"\n[ \t]*(?:\r?\n)+")


def split(text):
    """The paragraphs of ``text``, each without the spaces at its edges; none when it is blank."""
    text = (text or "").replace("\r\n", "\n").strip()
    return [part.strip() for part in _BREAK.split(text) if part.strip()]


def join(paragraphs):
    return "\n\n".join(paragraphs)


def replaced(text, index, paragraph):
    """``text`` with paragraph ``index`` replaced by ``paragraph`` (the others as they were)."""
    paragraphs = split(text)
    paragraphs[index] = paragraph.strip()
    return join(paragraphs)


def appended(text, more):
    """``text`` with ``more`` after it, a paragraph break between them."""
    text, more = (text or "").rstrip(), (more or "").strip()
    return f"{text}\n\n{more}" if text and more else text or more
