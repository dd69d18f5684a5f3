"""A paragraph read back for its rhythm, not its words: short lines of unease one after another
("He heard a drip. He waited for the next.") join, so that no paragraph says more than two
sentences of five words or fewer in a row; a sentence that says again what the paragraph already
said ("The bather was inside. ... They had found him inside."; "Against the voice, the torque wrench
held ... Against the voice, the torque wrench held") goes; and a line that points back at nothing
("It was worse.", "I hope.") goes. The words it needs are data (``data/lines.json``:
``orphan_lines``, ``lowered_openers``, ``no_repeat_ends``)."""
import re
from functools import lru_cache

from ..prose.things import DATA, lines_data

#: a sentence this short is a line of unease; three of them running read as a list
SHORT = 5
#: two sentences of one subject join when both are at most this long
_JOINS = 7
#: sentences opening on the same words (a frame: "Against the voice, the torque wrench held"; fewer
#: words would take "Out on the open ice, the thermos ..." for a frame)
_FRAME = 6
#: after a plural "they" these do not follow a singular subject ("The bather was inside and were ...")
_PLURAL_VERBS = frozenset(("were", "are", "have", "do", "weren't", "aren't", "haven't", "don't"))
_PRONOUNS = ("i", "he", "she", "they", "it", "we", "you")
#: a line answering the one before on its verb ("Nothing had changed inside. Everything had."): it stands alone
_ECHO = re.compile(r"(?i)\b(?:had|has|have|was|were|is|are|did|does|do|could|would|will)[.!?]$")


@lru_cache(maxsize=1)
def _words():
    data = lines_data()
    for key in ("orphan_lines", "lowered_openers", "no_repeat_ends"):
        if not data.get(key) or not all(isinstance(x, str) and x for x in data[key]):
            raise ValueError(f"{DATA.name}: {key} is a list of words")
    orphans = re.compile("|".join(f"(?:{p})" for p in data["orphan_lines"]))
    return orphans, frozenset(data["lowered_openers"]), frozenset(data["no_repeat_ends"])


def words(sentence):
    return len(sentence.split())


def is_short(sentence):
    """A line of unease: five words or fewer, not a line of speech."""
    return words(sentence) <= SHORT and not _quoted(sentence)


def _quoted(sentence):
    return sentence.startswith(('"', "“")) or '"' in sentence or "“" in sentence


def rhythm(said, people):
    """``said`` (a paragraph's sentences) read back for its rhythm. ``people``: as ``reread`` has them
    (names, pronoun forms, a pattern of the names opening a sentence)."""
    said = _tags(said)
    said = _orphans(said)
    said = _repeats(said, people)
    return _joins(said, people)


def _tags(said):
    """A line of speech and its tag as one ("\"Did you hear it?\" Mrs. Ueda asked."): the tag is no
    sentence of its own to join or drop."""
    out = []
    for sentence in said:
        if out and out[-1].endswith(('"', "”")) and not _quoted(sentence) and words(sentence) <= SHORT + 1:
            out[-1] += " " + sentence
            continue
        out.append(sentence)
    return out


def _orphans(said):
    """A line that points back at nothing goes ("It was worse.", "I hope."), and so does a paragraph
    opening on three words or fewer that say "it" or "that" of nothing before them."""
    orphans = _words()[0]
    out = []
    for sentence in said:
        bare = sentence.strip()
        if orphans.match(bare) or (not out and words(bare) <= 3 and len(said) > 1
                                   and re.match(r"(?:It|That|This)\b", bare)):
            continue
        out.append(sentence)
    return out or said


def _subject(sentence, people):
    """Who opens ``sentence``: (``("p", index)`` or ``("pron", word)``, the words that say it) or (None, "")."""
    if _quoted(sentence):
        return None, ""
    for i, (_, _, opens) in enumerate(people):
        m = opens.match(sentence)
        if m and len(sentence) > m.end() + 1:
            return ("p", i), m.group(0)
    m = re.match(r"(I|He|She|They|It|We|You)\b(?!['’])", sentence)
    if m:
        return ("pron", m.group(1).lower()), m.group(1)
    return None, ""


def _who(sentence, people, last):
    """The person or thing ``sentence`` opens on, a pronoun taken as the one named last with it
    (``last``: pronoun -> index)."""
    key, said = _subject(sentence, people)
    if key and key[0] == "pron" and key[1] in last:
        return ("p", last[key[1]]), said
    return key, said


def _repeats(said, people):
    """A sentence saying again what the paragraph said goes: one opening on the same six words as an
    earlier one (the same frame), or one of the same subject ending on the same place or thing ("The
    bather was inside. ... They had found him inside.")."""
    plain = _words()[2]
    out, seen_frames, seen_ends, last = [], set(), set(), {}
    for sentence in said:
        if _quoted(sentence):
            out.append(sentence)
            continue
        frame = tuple(re.findall(r"[\w'’-]+", sentence.lower())[:_FRAME])
        who, _ = _who(sentence, people, last)
        tail = re.findall(r"[\w'’-]+", sentence.lower())
        end = tail[-1] if tail else ""
        again = (len(frame) == _FRAME and frame in seen_frames) or \
            (who is not None and end not in plain and len(end) > 3 and (who, end) in seen_ends
             and words(sentence) <= 8)
        if again and out:
            continue
        seen_frames.add(frame)
        if who is not None:
            seen_ends.add((who, end))
            if who[0] == "p":
                last[people[who[1]][1][0]] = who[1]
        out.append(sentence)
    return out


def _joins(said, people):
    """Two short sentences of one subject join ("He heard a drip and waited for the next."; "The bather
    was inside; they had always been there."), and a third short one running joins the one before."""
    out, run, last = [], 0, {}
    for sentence in said:
        prev = out[-1] if out else ""
        joined = None
        if _ECHO.search(sentence):  # an answer stands alone; two short lines before it become one
            before = out[-2] if len(out) >= 2 else ""
            if is_short(sentence) and run >= 2 and before.endswith(".") and not _quoted(before) \
                    and not _quoted(prev) and not re.search(r"[;:]", before):
                out[-2:] = [before[:-1] + "; " + _lowered(prev)]  # "The cold found my neck; nothing had ..."
                run = 1
            out.append(sentence)
            run = run + 1 if is_short(sentence) else 0
            continue
        if prev and not _quoted(sentence) and not _quoted(prev) and prev.endswith(".") and \
                words(prev) <= _JOINS and words(sentence) <= _JOINS and (is_short(prev) or is_short(sentence)):
            joined = _same_subject(prev, sentence, people, last)
        if joined is None and is_short(sentence) and run >= 2 and prev.endswith(".") and not _quoted(prev) \
                and not re.search(r"[;:]", prev):  # "Kenji listened: a faint ticking; he ..." is no sentence
            joined = prev[:-1] + "; " + _lowered(sentence)
        who, _ = _who(sentence, people, last)
        if who is not None and who[0] == "p":
            last[people[who[1]][1][0]] = who[1]
        if joined is not None:
            out[-1] = joined
            run = 1 if is_short(joined) else 0
            continue
        out.append(sentence)
        run = run + 1 if is_short(sentence) else 0
    return out


def _same_subject(prev, sentence, people, last):
    """``prev`` and ``sentence`` as one, when they open on one subject; None when they do not."""
    a, a_said = _who(prev, people, last)
    b, b_said = _who(sentence, people, last)
    if a is None or a != b:
        return None
    rest = sentence[len(b_said):]
    if re.search(r"\b(?:it|its|them)\b", rest, re.I):  # "hummed beside it" said of the thing before, not a new one
        return None
    _, b_word = _subject(sentence, people)
    verb = (re.findall(r"[\w'’]+", rest)[:1] or [""])[0].lower()
    # the same words, or "he" after "Haruto" ("they" after "the bather" when the verb does not agree with it):
    # "and" carries the subject on
    same_form = b_said.lower() == a_said.lower() or (b_word.lower() in _PRONOUNS and b_word.lower() != a_said.lower()
                                                     and a[0] == "p" and (b_word != "They" or verb not in _PLURAL_VERBS))
    if same_form and re.match(r"\s+[a-z]", rest) and not re.search(r"\band\b|[;:,]", prev) and \
            not re.match(r"\s+(?:and|but|too|then)\b", rest):
        return prev[:-1] + " and" + rest
    if re.search(r"[;:]", prev):
        return None
    return prev[:-1] + "; " + _lowered(sentence)


def _lowered(sentence):
    first = sentence.split(" ", 1)[0]
    if first.lower() in _words()[1] and first != "I":
        return sentence[:1].lower() + sentence[1:]
    return sentence
