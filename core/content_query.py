"""The words of a text search (``core.content_search``) and the queries its indexes are asked:
FTS5's (the last word a prefix, spelt out as the indexed words it begins), PostgreSQL's
to_tsquery; the common words left to be tested on each row instead."""
import importlib
import re

from core import db

#: the words PostgreSQL's GIN index leaves out (migration 0012, which built it from this list), so
#: that it is never asked for them; nor is SQLite's FTS5 when a search has others (nor for a last
#: word that begins one of them): a row the index gives for the others is tested for them
#: (``core.text_words``): "barometer wa" asked FTS5 for the stories holding any of the 30 words
#: that begin "wa", in every story (58 ms on a million)
COMMON = frozenset(importlib.import_module("core.migrations.0012_content_keywords").COMMON_WORDS)
#: SQLite: the indexed words (migration 0009), for a prefix spelt out as the words it begins
WORDS = "stories_content_words"
#: a last word that begins more indexed words than this stays a prefix query
PREFIX_WORDS = 64
#: a last word shorter than this is a whole word, not a prefix ("a", "I")
MIN_PREFIX = 2
WORD = re.compile(r"[^\W_]+")


def words(text):
    """The query's words (letters and digits), in order."""
    return WORD.findall(text)


def fts_query(found, prefix=True):
    """An FTS5 query: every word a quoted string, the last one a prefix (spelt out as the words
    it begins when it is ASCII and begins few) unless ``prefix`` is false; None when no indexed
    word begins with it."""
    last = found[-1]
    if not prefix:
        return " AND ".join(f'"{word}"' for word in found)
    ending = f'"{last}"*' if len(last) >= MIN_PREFIX else f'"{last}"'
    if last.isascii() and len(last) >= MIN_PREFIX:
        stem = last.lower()
        words_of = [term for (term,) in db.database.execute_sql(
            f'SELECT term FROM "{WORDS}" WHERE term >= ? AND term < ? LIMIT ?',
            (stem, stem + chr(0x10FFFF), PREFIX_WORDS + 1))]
        if not words_of:
            return None
        if len(words_of) <= PREFIX_WORDS:
            ending = "(" + " OR ".join(f'"{term}"' for term in words_of) + ")"
    return " AND ".join([*(f'"{word}"' for word in found[:-1]), ending])


def tsquery(found):
    """A to_tsquery text: the words joined by ``&``, the last one a prefix."""
    return " & ".join(found) + ":*"


def split_common(found, whole_if_short=False):
    """``(asked, last_asked, tested)``: the words of ``found`` (the last one a prefix) an index is
    asked for: not in ``COMMON``, the last one only if it begins no common word (or, with
    ``whole_if_short``, when it is read as a whole word: shorter than ``MIN_PREFIX`` or not ASCII);
    whether the last is among them; and the others, as ``holds_words`` wants them ("the wa*")."""
    *whole, last = found
    folded_last = last.lower()
    last_asked = ((whole_if_short and (len(last) < MIN_PREFIX or not last.isascii()))
                  or not any(word.startswith(folded_last) for word in COMMON))
    asked = [word for word in whole if word.lower() not in COMMON] + ([last] if last_asked else [])
    tested = [word.lower() for word in whole if word.lower() in COMMON]
    return asked, last_asked, tested + ([] if last_asked else [folded_last + "*"])


def keyword_query(found):
    """PostgreSQL: the to_tsquery text of the words of ``found`` that the GIN index holds
    (``split_common``); None when no word is left (the feed is walked)."""
    asked, last_asked, _ = split_common(found)
    return " & ".join(asked) + (":*" if last_asked else "") if asked else None


def asked_and_tested(found):
    """SQLite: ``(asked, prefix, tested)``: the words its index is asked for, whether the last of
    them is a prefix, and the others for ``holds_words`` ("the wa*"), None when there are none
    (``split_common``). Every word is asked when all are common (the index is then all there is)."""
    asked, last_asked, tested = split_common(found, whole_if_short=True)
    if not asked or not tested:
        return found, True, None
    return asked, last_asked, " ".join(tested)
