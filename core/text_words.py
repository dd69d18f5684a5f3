"""Whether a text holds words, read as SQLite's FTS5 ``unicode61`` tokenizer reads them: runs of
letters and digits, case and accents folded. SQLite calls it as ``holds_words(text, wanted)``
(registered on every connection, ``core.db``) to test a row for the words of a search that its
word index is not asked for (``core.content_search``)."""
import re
import unicodedata

TOKEN = re.compile(r"[^\W_]+")


def folded(text):
    """``text`` in lower case without accents ("Été" → "ete")."""
    text = text.lower()
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def holds_words(text, wanted):
    """1 when ``text`` holds every word of ``wanted`` (space-separated, folded; one ending in
    ``*`` is a prefix of a word), else 0."""
    if not text:
        return 0
    tokens = set(TOKEN.findall(folded(text)))
    for word in wanted.split():
        if word.endswith("*"):
            stem = word[:-1]
            if not any(token.startswith(stem) for token in tokens):
                return 0
        elif word not in tokens:
            return 0
    return 1
