"""What a long description is called when its head noun alone is an ordinary thing of the world:
"the star that is not on any chart" said twice in full, then "the star" fifty times, read as a
real star in the sky. The handle keeps what makes it strange: a modifier of its own ("the
faceless child"), a prepositional phrase that says where it is or what it wears ("the voice on
channel 16", "the man in the orange snowsuit"), or its relative clause made a short modifier where
the lists say how ("the uncharted star", "the woman on the water", "the dog with no shadow", "the
weeping woman"). A handle never has a verb in it (the story is told in the past; "the star that
is not there" would not be). The lists are ``data/reading/epithets.json``."""
import json
import re
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace

from .lexicon import fold, lexicon, listed

DATA = Path(__file__).resolve().parent.parent / "data" / "reading" / "epithets.json"
MOST = 6  # words after the article a handle may have ("man at the end of the pier")


def _words(value, where):
    return listed(value, f"{DATA.name}: {where}")


def _table(value, where, many=False):
    value = {k: v for k, v in value.items() if k != "about"}
    ok = (lambda v: isinstance(v, list) and v and all(isinstance(x, str) and x == x.lower() for x in v)) if many \
        else (lambda v: isinstance(v, str) and v and v == v.lower())
    if not all(isinstance(k, str) and k == k.lower() and ok(v) for k, v in value.items()):
        raise ValueError(f"{DATA.name}: {where} maps lower-case words to lower-case {'lists' if many else 'words'}")
    return value


@lru_cache(maxsize=1)
def epithets():
    """``data/reading/epithets.json``, checked."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    most = raw["handle_words"]["most"]
    if not (isinstance(most, int) and 2 <= most <= MOST):
        raise ValueError(f"{DATA.name}: handle_words.most is a number of words from 2 to {MOST}")
    return SimpleNamespace(
        handle_words=most,
        ordinary=_words(raw["ordinary_heads"], "ordinary_heads"),
        plain=_words(raw["plain_modifiers"], "plain_modifiers"),
        where=_words(raw["where"], "where"),
        parts=_words(raw["part_nouns"], "part_nouns"),
        from_heads=_words(raw["from_heads"], "from_heads"),
        turned=_table(raw["part_nouns"]["turned"], "part_nouns.turned"),
        be=_words(raw["be"], "be"),
        adverbs=_words(raw["adverbs"], "adverbs"),
        negations=_words(raw["negations"], "negations"),
        absent=_table(raw["absent"], "absent", many=True),
        colours=_words(raw["worn"]["colours"], "worn.colours"),
        clothes=_words(raw["worn"]["clothes"], "worn.clothes"),
        lack_verbs=_words(raw["lacks"]["verbs"], "lacks.verbs"),
        lacks=_table(raw["lacks"]["words"], "lacks.words"),
        doing=_table(raw["doing"], "doing"),
    )


def _word(token):
    return fold(token).strip(".,'’\"")


def is_short(handle):
    """Whether an epithet handle is short enough to stand for its thing however often it comes
    ("the man in orange"; not "the man in the Zamboni driver's parka", said in full twice at most)."""
    return len(handle.split()) - 1 <= epithets().handle_words


def is_ordinary(head):
    """Whether a head noun alone is an ordinary thing of the world ("star", "voice", "man")."""
    words = head.split()
    return bool(words) and _word(words[-1]) in epithets().ordinary


def _stop(token):
    words = lexicon()
    word = _word(token)
    return word in words.clause_words or word in ("and", "or", "but") or (
        word in words.other_prepositions and word != "of")


def place_of(tokens):
    """The object of a preposition as a handle says it: 'the farthest tub', 'the end of the pier',
    'channel 16'; "" when it runs too long or says nothing."""
    e = epithets()
    out = []
    for token in tokens:
        word = _word(token)
        if out and (_stop(token) or (word in e.where and word != "of")):
            break
        if word == "of" and not (out and _word(out[-1]) in e.parts):
            break
        out.append(token)
    if not out or _word(out[-1]) in lexicon().determiners or _word(out[-1]) == "of":
        return ""
    if _word(out[0]) in ("a", "an", "some", "one", "any"):
        out = ["the", *out[1:]]
    low = [_word(w) for w in out]
    if len(low) >= 4 and low[0] == "the" and low[1] in e.turned and low[2] == "of" and low[3] == "the" \
            and len(low) == 5:
        out = ["the", f"{out[4]}'s", out[1]]  # "the end of the pier" -> "the pier's end"
    if out[-1][:1].isupper():
        return ""  # "in Osaka", "in the Dolomites" say where in the world, not which one
    return " ".join(out)


def _after_clause(rest):
    """The words of a relative clause after its pronoun and any adverbs ("who is always in the
    farthest tub" -> ["is", "in", "the", "farthest", "tub"]), or None when there is no clause or
    it says what the thing is not ("who is never seen")."""
    e = epithets()
    if not rest or _word(rest[0]) not in ("who", "that", "which"):
        return None
    words = list(rest[1:])
    lacks = len(words) > 1 and _word(words[0]) in e.lack_verbs and _word(words[1]) == "no"  # "has no shadow"
    if any(_word(w) in e.negations for w in words[:3]) and not lacks and not _absent(words):
        return None
    return words


def _absent(words):
    """'is not on any chart' -> ['uncharted', 'nameless']; [] otherwise."""
    e = epithets()
    low = [_word(w) for w in words]
    if len(low) >= 4 and low[0] in ("is", "are") and low[1] == "not" and low[2] in e.where:
        rest = low[3:]
        if rest and rest[0] in ("any", "the", "a"):
            rest = rest[1:]
        for size in (2, 1):
            key = " ".join(rest[:size])
            if key in e.absent:
                return e.absent[key]
    return []


def _said_shorter(prep, where, head):
    """A prepositional phrase as a handle says it, and shorter ways to say it again: "in the
    orange snowsuit", "in the snowsuit", "in orange"; "on channel 16" alone; none for a "from"
    that is not a sound's or a light's."""
    e = epithets()
    if prep == "from" and _word(head) not in e.from_heads:
        return []
    out = [f"{prep} {where}"]
    words = where.split()
    low = [_word(w) for w in words]
    turned = len(words) == 3 and re.search(r"['’]s$", words[1])
    if turned and low[2] in e.turned:  # "at the pier's end" -> "on the pier"
        whole = re.sub(r"['’]s$", "", words[1])
        out.append(f"{e.turned[low[2]]} the {whole}")
    if len(words) > 2 and low[0] == "the" and not turned:
        out.append(f"{prep} the {words[-1]}")  # "in the sealed chamber" -> "in the chamber"
    colour = next((w for w in low[:-1] if w in e.colours), "")
    if prep == "in" and colour and low[-1] in e.clothes:
        out.append(f"in {colour}")  # "the man in orange"
    return out


def _wheres(parsed, head):
    """(preposition, object) pairs that say where a described thing is or what it wears, from its
    own prepositional phrase and its relative clause: ("in", "the farthest tub") for "the bather
    who is always in the farthest tub", ("on", "channel 16")."""
    e = epithets()
    out = []
    if parsed.prep and parsed.prep in e.where:
        where = place_of([*parsed.object, *parsed.rest])  # "at the bottom of the well"
        if where:
            out.append((parsed.prep, where))
    clause = _after_clause(parsed.rest)
    low = [_word(w) for w in clause or ()]
    if low and low[0] in e.be and not _absent(clause):
        k = 1
        while k < len(low) and low[k] in e.adverbs and not (low[k] in e.where and k + 1 < len(low)
                                                             and low[k + 1] not in e.where
                                                             and low[k + 1] not in e.adverbs):
            k += 1
        while k + 1 < len(low) and low[k] in e.where and low[k + 1] in e.where:
            k += 1  # "comes on in the sealed chamber": the last of a run
        if k < len(low) and low[k] in e.where:
            where = place_of(clause[k + 1:])
            if where and (low[k] != "from" or _word(head) in e.from_heads):
                out.append(("in" if low[k] == "inside" else low[k], where))
    return out


def marks(phrase_parsed):
    """What a described thing is known by, for a title, whatever its head: its place or what it
    wears ("the farthest tub", "channel 16", "the burlap mask"), and itself there ("the bather
    in the farthest tub")."""
    parsed = phrase_parsed
    head = parsed.head
    if not head or parsed.someone or head[:1].isupper():
        return []
    named = " ".join(filter(None, [" ".join(parsed.possessor), head]))
    return [(f"the {named} {prep} {where}", where) for prep, where in _wheres(parsed, head)]


def strange_handles(parsed):
    """The handles of a parsed phrase (``phrases.Phrase``) whose head alone is ordinary, longest
    first: its own modifier, its prepositional phrase, its relative clause as a short modifier.
    [] when the head is not ordinary or nothing in the phrase tells it from the ordinary kind."""
    e = epithets()
    head = parsed.head
    if not head or parsed.thing or parsed.someone or not is_ordinary(head) or head[:1].isupper():
        return []
    if parsed.possessor:
        return []  # "the farmer's son": whose it is tells it already
    before, after = [], []
    mods = [m for m in parsed.modifiers if _word(m) not in e.plain]
    if mods:
        before.append(" ".join(mods[-2:]))
    for prep, where in _wheres(parsed, head):
        after += _said_shorter(prep, where, head)
    clause = _after_clause(parsed.rest)
    if clause:
        absent = _absent(clause)
        low = [_word(w) for w in clause]
        if absent:
            before[:0] = absent[::-1]  # the list's first is the handle ("the uncharted star")
        elif low[0] in e.lack_verbs and len(low) > 2 and low[1] == "no":
            if low[2] in e.lacks:
                before.append(e.lacks[low[2]])  # "the faceless man"
            if low[0] != "leaves":  # "leaves no footprints" is no "with no footprints"
                after.append(f"with no {clause[2]}")
        elif low[0] in e.doing:
            before.append(e.doing[low[0]])
    out = [f"the {b} {head}" for b in before] + [f"the {head} {a}" for a in after]
    out = [re.sub(r"\s+", " ", h) for h in out if len(h.split()) - 1 <= MOST]
    return sorted(dict.fromkeys(out), key=lambda h: -len(h.split()))  # the phrase itself may be one
