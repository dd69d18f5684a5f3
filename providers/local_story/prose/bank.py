"""The phrase bank (``data/phrases.json``), loaded and validated once: each template with what it
does, where it fits (beat kinds, perspective, format) and what it needs."""
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from core.story_plan import BEAT_KINDS, FORMATS

from .things import lines_data, sound_as_noun, template_sound_needs

DATA = Path(__file__).resolve().parents[1] / "data" / "phrases.json"
#: "built": the world has buildings, walls and the dust in them (not a truck on its way, not a salt flat)
NEEDS = {"next", "visible", "unseen", "description", "companion", "fixture", "sound", "smell", "touch", "element", "sky", "outdoors", "indoors",
         "antagonist_seen", "dialogue", "readable", "surface", "sound_lasts", "sound_moves", "built", "portable"}
TAGS = {"gore", "violence", "supernatural", "hero_alive", "companion_alive", "sounds", "body"}
SLOTS = {"next", "description", "called", "I", "me", "my", "myself", "was", "C", "C_they", "C_them", "C_their", "C_was", "A", "A_them", "A_their",
         "A_was", "place", "fixture", "sound", "sound_noun", "smell", "touch", "home", "E", "weather", "outside", "dark", "cold",
         "quiet", "slowly", "hands", "night", "wrong", "afraid", "moment", "looked", "shape"}
#: slots whose number a template's words may follow ("{fixture:was/were}")
NUMBERED = {"place", "fixture", "home", "E"}
PERSPECTIVES = {"first", "second", "third"}
PALETTE = {"dark", "cold", "quiet", "slowly", "hands", "night", "wrong", "afraid", "moment", "looked", "shape"}
#: slots that hold the story's own nouns (a place, a fixture, a key element, a name): no two stories
#: share them, so a fixed run of words stops there. The palette does not break a run: with a handful
#: of words each, three stories in twelve pick the same one.
VARYING = {"next", "description", "called", "C", "A", "place", "fixture", "sound", "sound_noun", "smell", "touch", "home", "E", "weather",
           "outside"}
#: at most this many words in a row are the same in every story (a reader should not meet the same six
#: words in story after story)
MOST_FIXED = 5


def fixed_run(text, varying=VARYING, articled=None):
    """The longest run of words a template writes the same way in any two stories. A slot with the
    story's own words (``varying``) breaks a run, but the article of a noun slot (``articled``, all
    of ``varying`` unless said) is counted as fixed; a pronoun or palette slot does not break it,
    nor a choice [a|b] (counted as its longest option). "{At}" is the slot "{at}" capitalised."""
    articled = varying if articled is None else articled

    def slot(m):
        key = m.group(1) if m.group(1) in varying else m.group(1)[:1].lower() + m.group(1)[1:]
        return (" the | " if key in articled else " | ") if key in varying else " w "
    text = re.sub(r"\[([^\]]*)\]", lambda m: max(m.group(1).split("|"), key=lambda o: len(o.split())), text)
    text = re.sub(r"\{(\w+):[^{}]*\}", " w ", text)  # "{fixture:was/were}": one word
    text = re.sub(r"\{(\w+)\}", slot, text)
    return max((len(re.findall(r"[\w']+", run)) for run in text.split("|")), default=0)
#: slots a sentence says once: "This was not the wind; I knew the wind by now" says a sound twice
ONCE = ("sound", "smell", "touch", "fixture", "place", "home", "E", "outside", "weather", "next")
#: a sentence that stops on its auxiliary ("Behind the stove, where nobody would look, someone had.");
#: "nearer than I was", "before the wind did", "told myself it was" and "Everything had." are whole
_CUT_OFF = re.compile(r"(?i)\b(?:had|has|have|was|were|is|are|would|could|did|does|been|{was}|{A_was}|{C_was})[.!?]$")
_WHOLE = re.compile(r"(?i)^(?:everything|nothing) had[.!?]$|\b(?:than|as|before|where|always|\w*sel(?:f|ves)\}? it|seemed to)\s+(?:[^\s,;:]+\s+){0,6}[^\s,;:]+[.!?]$")


def _choices(text):
    """Every way the choices of ``text`` ([a|b]) can be said."""
    m = re.search(r"\[([^\[\]]*)\]", text)
    if not m:
        return [text]
    return [x for option in m.group(1).split("|") for x in _choices(text[:m.start()] + option + text[m.end():])]


def check_lines(text, variants_of, where):
    """What a template must not say (``data/lines.json``): a surface action without needing a
    surface, a place spoken to, a slot said twice, a sentence cut off on its auxiliary, or a past
    tense where a participle goes ("had went"), itself or by a variant. Raises ``ValueError``."""
    data = lines_data()
    problems = []
    for slot in ONCE:
        if len(re.findall(r"\{" + slot + r"(?:_noun)?\}", text)) > 1:
            problems.append(f"says {{{slot}}} twice")
    if sound_as_noun(text):  # "Water running came from behind them": what is heard, where a noun goes
        problems.append("puts {sound} where a noun goes (say {sound_noun})")
    if any(re.search(frame, text) for frame in data["listener_frames"]):
        problems.append("speaks to a place")
    past = "|".join(data["past_only"])
    for said in _choices(text):
        for sentence in re.split(r"(?<=[.!?])\s+", said):  # what is said aloud may stop anywhere
            if not sentence.startswith('"') and _CUT_OFF.search(sentence) and not _WHOLE.search(sentence):
                problems.append(f"stops on its auxiliary: {sentence!r}")
        words = [said] + [re.sub(r"\b" + w + r"\b", o, said) for w, options in variants_of.items() for o in options
                          if re.search(r"\b" + w + r"\b", said)]
        if any(re.search(rf"(?i)\b(?:had|has|have)\s+(?:{past})\b", w) for w in words):
            problems.append("says a past tense after had (itself or by a variant)")
    if problems:
        raise ValueError(f"{DATA.name} {where}: {'; '.join(sorted(set(problems)))}: {text!r}")


def needs_surface(text):
    """Whether ``text`` lays, leaves or puts something on or under its fixture, or rocks or nudges it."""
    return any(re.search(frame, text) for frame in lines_data()["surface_frames"])
#: what a slot needs to be filled (a template with {C} needs a companion in the beat)
DERIVED = {"next": "next", "description": "description", "C": "companion", "E}": "element", "fixture": "fixture", "sound": "sound", "smell": "smell",
           "touch": "touch", "weather": "sky", "A": "antagonist_seen"}


@dataclass(frozen=True)
class Template:
    id: str
    text: str
    does: str
    kinds: frozenset
    needs: frozenset
    tags: frozenset
    perspective: frozenset
    format: frozenset

    def fits(self, kind, have, avoid, fmt, perspective):
        return (("any" in self.kinds or kind in self.kinds) and self.needs <= have and not (self.tags & avoid)
                and (not self.perspective or perspective in self.perspective)
                and (not self.format or fmt in self.format))


def _check(name, values, allowed, where):
    unknown = set(values) - allowed
    if unknown:
        raise ValueError(f"{DATA.name} {where}: unknown {name} {sorted(unknown)}")


@lru_cache(maxsize=1)
def palette():
    """The words a story picks once for its voice: ``{"dark": ["dark", "gloom", ...], ...}``."""
    data = json.loads(DATA.read_text())["palette"]
    words = {k: v for k, v in data.items() if not k.startswith("_")}
    if set(words) != PALETTE or not all(words.values()):
        raise ValueError(f"{DATA.name}: the palette has words for exactly {sorted(PALETTE)}")
    return words


@lru_cache(maxsize=1)
def variants():
    """Words the bank may say another way: ``{"stood": ["stood", "waited", "stayed"], ...}``."""
    data = {k: v for k, v in json.loads(DATA.read_text())["variants"].items() if not k.startswith("_")}
    for word, options in data.items():
        if word not in options or len(options) < 2:
            raise ValueError(f"{DATA.name}: the variants of {word!r} include it and another")
    return data


@lru_cache(maxsize=1)
def stray_sounds():
    """Sounds any place may have, for when a story has used up its own (``["a knock, once", ...]``)."""
    sounds = json.loads(DATA.read_text())["stray_sounds"]["sounds"]
    if not sounds or not all(isinstance(s, str) and s.strip() for s in sounds):
        raise ValueError(f"{DATA.name}: stray_sounds has a list of sounds")
    return tuple(sounds)


@lru_cache(maxsize=1)
def templates():
    """Every template of the bank, by what it does: ``{"arrive": [Template, ...], ...}``."""
    data = json.loads(DATA.read_text())
    out = {}
    for g, group in enumerate(data["groups"]):
        where = f"group {g} ({group.get('does')})"
        if not group.get("does") or not group.get("templates"):
            raise ValueError(f"{DATA.name} {where}: a group says what it does and has templates")
        for key, allowed in (("kinds", set(BEAT_KINDS) | {"any"}), ("needs", NEEDS), ("tags", TAGS),
                             ("perspective", PERSPECTIVES), ("format", set(FORMATS))):
            _check(key, group.get(key, []), allowed, where)
        for t, item in enumerate(group["templates"]):
            item = item if isinstance(item, dict) else {"t": item}
            _check("slots", re.findall(r"\{(\w+)\}", item["t"]), SLOTS, f"{where} template {t}")
            _check("number slots", re.findall(r"\{(\w+):", item["t"]), NUMBERED, f"{where} template {t}")
            if re.search(r"\{\w+:(?![^/{}]+/[^/{}]+\})", item["t"]):
                raise ValueError(f"{DATA.name} {where} template {t}: a number word is {{slot:singular/plural}}")
            if fixed_run(item["t"]) > MOST_FIXED:
                raise ValueError(f"{DATA.name} {where} template {t}: more than {MOST_FIXED} fixed words in a row: "
                                 f"{item['t']!r}")
            derived = {need for slot, need in DERIVED.items() if "{" + slot in item["t"]}
            check_lines(item["t"], variants(), f"{where} template {t}")
            needs = set(item.get("needs", group.get("needs", [])))
            if needs_surface(item["t"]) and "surface" not in needs:
                raise ValueError(f"{DATA.name} {where} template {t}: a thing laid on or put under {{fixture}} needs "
                                 f"\"surface\": {item['t']!r}")
            out.setdefault(group["does"], []).append(Template(
                id=f"{group['does']}.{g}.{t}", text=item["t"], does=group["does"],
                kinds=frozenset(item.get("kinds", group.get("kinds", ["any"]))),
                needs=frozenset(item.get("needs", group.get("needs", []))) | derived | template_sound_needs(item["t"]),
                tags=frozenset(item.get("tags", group.get("tags", []))),
                perspective=frozenset(item.get("perspective", group.get("perspective", []))),
                format=frozenset(item.get("format", group.get("format", [])))))
    return out
