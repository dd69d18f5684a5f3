"""What the story's things are, as far as a sentence needs to know: whether a fixture is a surface
(a table, a crate, a bunk) that a thing can be laid on or put under, and what a sound can be said as
and do (``data/lines.json``)."""
import json
import re
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..grammar import _ED_NOUNS

DATA = Path(__file__).resolve().parents[1] / "data" / "lines.json"
#: what follows a fixture's own noun: "a tin mug on the stove", "a dust sheet over a chair"
_AFTER_HEAD = re.compile(r"\s+(?:on|in|of|with|by|at|over|under|behind|for|from|against|that|which|full|half|beside|"
                         r"near|along|to|where|where's)\s+|,")


@lru_cache(maxsize=1)
def lines_data():
    data = json.loads(DATA.read_text())
    for key in ("surface_heads", "surface_frames", "past_only", "listener_frames", "sound_heads", "sound_stops",
                "sound_participles", "sound_once", "sound_everywhere", "sound_far", "sound_as_noun", "not_adverbs", "sound_of",
                "sound_adjectives"):
        if not data.get(key) or not all(isinstance(x, str) and x for x in data[key]):
            raise ValueError(f"{DATA.name}: {key} is a list of words")
    frames = data.get("sound_frames")
    if not isinstance(frames, dict) or set(frames) != set(SOUND_NEEDS) or \
            not all(v and all(isinstance(x, str) and x for x in v) for v in frames.values()):
        raise ValueError(f"{DATA.name}: sound_frames lists what only a sound that {sorted(SOUND_NEEDS)} is said to do")
    for pattern in [*data["sound_as_noun"], *(x for v in frames.values() for x in v)]:
        re.compile(pattern)
    return data


#: what a template may need of its sound, beyond having one
SOUND_NEEDS = {"lasts": "sound_lasts", "moves": "sound_moves"}


@dataclass(frozen=True)
class Sound:
    """A sound as the sentences say it. ``heard``: what is heard, after "heard" or a colon ("water
    running", "a bucket being emptied"); ``noun``: where a noun goes, a subject or after a preposition
    ("the sound of water running", "the noise of the jukebox", "a dull thud"); ``lasts``: it goes on, so it can stop, grow or be
    stopped for (not "a dull thud"); ``moves``: it comes from one place one can go toward, follow or
    hear nearer (not the rain, not a train a long way off)."""
    heard: str
    noun: str
    lasts: bool
    moves: bool
    named: bool = True  # a noun already ("a dull thud"); else ``noun`` is one of ``sound_of`` + ``heard``
    thing: bool = False  # its maker alone ("the compressors"): a thing too, a sound only as ``noun``

    def noun_by(self, rng):
        """``noun``, its "the sound of" said another way of ``sound_of`` (a story's own choice, not every story's)."""
        return self.noun if self.named else rng.choice(lines_data()["sound_of"]) + " " + self.heard


_DETERMINERS = frozenset("a an the some one two three".split())


def _word(w):
    return re.sub(r"(?:'s|s')$", "", w.strip(",;:.").lower())


@lru_cache(maxsize=4096)
def sound(phrase):
    """What ``phrase`` (a world's sound, "a bucket emptied") is said as and can do: a ``Sound``."""
    data = lines_data()
    words = phrase.split()
    low = [w.strip(",;:.").lower() for w in words]
    stops = frozenset(data["sound_stops"])
    participles = frozenset(data["sound_participles"])
    first = 1 if low and low[0] in _DETERMINERS else 0
    end = len(words)  # where the maker ends: "a bucket | emptied", "water | running", "gulls | on the roof"
    for i in range(first, len(words)):
        if words[i - 1].endswith(",") and i > first:
            end = i
            break
        w = low[i]
        if i > first and (w in stops or (w.endswith("ing") and w not in _NOT_VERBS) or w in participles
                          or (w.endswith("ed") and len(w) > 4)):
            end = i
            break
    heard = list(words)
    if end < len(words) and end > first:  # "a bucket emptied" is heard as "a bucket being emptied"
        w = low[end]
        after = low[end + 1] if end + 1 < len(low) else ""
        if (w in participles or (w.endswith("ed") and len(w) > 4)) and after != "by" and not after.endswith("ing") \
                and low[end - 1] not in ("being", "that", "which", "who") and \
                not (low[end - 1].endswith("ing") and low[end - 1] not in _NOT_VERBS):
            heard.insert(end, "being")
    heard = " ".join(heard)
    maker = low[first:end] or low[:1]
    said = {_word(w) for w in low}
    heads = frozenset(data["sound_heads"])
    if end < len(low) and low[end] in heads and first and all(w in data["sound_adjectives"] for w in low[first:end]):
        end += 1  # "a faint ticking": the -ing word is the sound itself, not what a maker does
        maker = low[first:end]
    verb = low[end] if end < len(low) else ""
    acting = verb.endswith("ing") or verb.endswith("ed") or verb in participles  # "a bell ringing", "a name called"
    named = (_word(maker[-1]) in frozenset(data["sound_heads"]) or maker[-1] in frozenset(data["sound_heads"])) \
        and not acting
    noun = heard if named else data["sound_of"][zlib.crc32(phrase.encode("utf-8")) % len(data["sound_of"])] + " " + heard
    plural = maker[-1].endswith("s") and not maker[-1].endswith("ss") and low[0] not in ("a", "an")
    once_words = frozenset(data["sound_once"])
    once = "once" in said or "single" in said or _word(maker[-1]) in once_words or \
        (verb in once_words and not plural)
    lasts = not once
    far = any(f in phrase.lower() for f in data["sound_far"])
    moves = lasts and not far and not ({_word(w) for w in maker} | said) & frozenset(data["sound_everywhere"])
    return Sound(heard=heard, noun=noun, lasts=lasts, moves=moves, named=named, thing=not named and end >= len(words))


def sound_needs(phrase):
    """What a sound can do as a template's needs: ``{"sound_lasts", "sound_moves"}`` or fewer."""
    s = sound(phrase)
    return {need for key, need in SOUND_NEEDS.items() if getattr(s, key)}


def template_sound_needs(text):
    """What a template says of its sound that only some sounds do (``sound_frames``), as needs."""
    frames = lines_data()["sound_frames"]
    return {need for key, need in SOUND_NEEDS.items() if any(re.search(f, text) for f in frames[key])}


def sound_as_noun(text):
    """Whether ``text`` puts {sound} (what is heard) where a noun goes: "{sound} came from ..."."""
    return any(re.search(f, text) for f in lines_data()["sound_as_noun"])


_NOT_VERBS = frozenset("ceiling ring thing nothing something anything everything morning evening building "
                       "wing spring string king ding ceiling railing landing awning".split())


def head(phrase):
    """The noun a thing is named by: "a tin mug on the stove" -> "mug", "the rod rack" -> "rack"."""
    words = _AFTER_HEAD.split(phrase.lower(), maxsplit=1)[0].split()
    # a participle after the noun is none: "the bedding folded in the cupboard" -> "bedding"
    cut = next((i for i, w in enumerate(words) if i and words[i - 1] not in ("the", "a", "an", "some")
                and w.endswith("ed") and w not in _ED_NOUNS), len(words))
    words = words[:cut]
    while len(words) > 2 and words[-1] in _not_heads():  # "the ladder down" is a ladder, not a "down"
        words = words[:-1]
    return words[-1] if words else ""


@lru_cache(maxsize=1)
def _not_heads():
    return frozenset(lines_data()["not_heads"])


@lru_cache(maxsize=4096)
def is_surface(fixture):
    """A fixture a thing can be laid on, left on or put under: "the kitchen table", not "the goat-hair walls"."""
    return bool(fixture) and head(fixture) in frozenset(lines_data()["surface_heads"])


_ARTICLE_WORD = re.compile(r"\b([Aa])(n?) ([A-Za-z][\w'’-]*)")


def an_or_a(text):
    """``text`` with each "a" or "an" agreeing with the sound of the word after it ("A outline" ->
    "An outline", "an cold night" -> "a cold night"; "a one-way door", "an hour", "an X-ray")."""
    rules = lines_data()["articles"]
    keep_a, keep_an, letters = tuple(rules["a_before_vowel"]), tuple(rules["an_before_consonant"]), rules["vowel_letters"]

    def agree(m):
        word = m.group(3)
        if m.group(1) == "A" and not re.search(r"(?:^|[.!?:;\"“(]\s*|\n)$", m.string[:m.start()]):
            return m.group(0)  # a capital "A" inside a sentence is a name: "cabin A opened"
        if re.match(r"[A-Z](?:$|[-\d]|[A-Z])", word):  # a letter said by its name: "an X-ray", "a UFO"
            vowel = word[0] in letters and not word.startswith(("U", "EU"))
        else:
            low = word.lower()
            vowel = (low[0] in "aeiou" and not low.startswith(keep_a) and not re.match(r"u[bcfgkprst][aeiou]", low)) \
                or low.startswith(keep_an)
        return f"{m.group(1)}{'n' if vowel else ''} {word}"
    return _ARTICLE_WORD.sub(agree, text)
