"""Prose from a plan: each beat's events in order, atmosphere between them, fitted to the length.

Every sentence is checked against the story so far: no sentence twice and, as far as the banks
allow, no 5-word sequence twice (names, places and elements count as one word, so naming them
again is not repetition). Intensity picks the body's reactions, pacing the paragraph size,
perspective the pronouns, time/weather/mood the atmosphere.
"""
import random
import re

from .. import atmosphere as at
from .. import beatbank as bb
from ..composer import expand, tidy
from ..genres import genre_key
from ..likeness import GLIMPSE, describe, many
from ..prose_context import ProseContext
from ..prose_events import BeatEvents
from ..prose_slots import (
    _SIGHTING,
    AIR,
    COLOUR,
    MUST,
    PRONOUNS,
    THREAD,
)
from ..texture import immovable, texture
from ..voice import vary
from ..worlds import (
    FURNITURE,
    INDOORS,
    OUTDOOR_KINDS,
    OUTDOOR_ROOMS,
    OUTDOORS_WRONG,
    UNFURNISHED,
    placed,
    world_for,
)

PARAGRAPH = {"slow": (4, 6), "moderate": (3, 5), "fast": (2, 3), "intense": (1, 2)}
#: what only a person in the cast does: no template with these tells of an animal companion
_PEOPLE_ONLY = re.compile(r'"|\b(said|asked|begged|whisper\w*|talking|hands?|wrote|coat|torch|lamp|'
                          r'promised?|knock|slept|sleeve|arm|palm|cry|crying|spoke|speak)\b')
#: not the object of a preposition ("the food set out for the rescuers was grey")
_NOT_AFTER = "".join(rf"(?<!\b{p} )" for p in ("for", "of", "to", "at", "with", "from", "by", "in", "about"))
_WORD = re.compile(r"[a-z0-9'§]+")
_SLOT = re.compile(r"\{(\w+)\}")




#: the beats before the threat shows itself in full
QUIETER = {"hook", "arrival", "first_sign", "investigation"}


def tier(intensity):
    try:
        n = int(intensity)
    except (TypeError, ValueError):
        n = 5
    return 0 if n <= 3 else 1 if n <= 7 else 2


class Sentence:
    __slots__ = ("text", "words", "priority", "beat")

    def __init__(self, text, priority, beat):
        self.text, self.priority, self.beat = text, priority, beat
        self.words = len(text.split())




class ProseWriter(ProseContext, BeatEvents):
    def __init__(self, request, plan, pacing):
        self.request, self.plan, self.pacing = request, plan, pacing
        self.rng = random.Random(plan["logline"] + str(request.seed))
        self.tier = tier(request.intensity)
        self.beat_kind = "hook"
        self.villain_seen = False  # the antagonist named in the story yet (an event, a voice)
        cast = plan["cast"]
        self.hero, self.villain, self.support = cast[0], cast[1], cast[2:]
        p = (request.narrative_perspective or "").lower()
        self.person = "first" if "first" in p else "second" if "second" in p else "third"
        self.forms = PRONOUNS[self.person if self.person != "third" else self.hero["pronouns"]]
        self.state = {"since_name": 99, "plural": self.forms[4] == "were"}
        self.seen, self.sentences, self.used, self.twice, self.parts = set(), set(), set(), set(), set()
        _, self.world = world_for(request.setting)
        self.ctx = self._context()
        self.entities = self._entities()
        self.nature = self._nature()
        self.likeness = describe(self.villain, self.nature, self.rng)
        self.looked = None  # the kind of beat where the antagonist was first seen (heard, felt)
        self.comic = genre_key(plan["genre"]) == "comedy"  # a horror comedy: asides, jokes, manners
        # the cast who are more than one ("the rescuers", "the crew", "the twins"), as the subject of "was"
        names = "|".join(re.escape(p["name"]) for p in [self.villain, *self.support] if many(p["name"]))
        self.many_was = re.compile(rf"(?i){_NOT_AFTER}\b({names}) was\b") if names else None

    def _grams(self, text):
        low = text.lower()
        if self.entities:
            low = self.entities.sub(lambda m: "§" + str(abs(hash(m.group(0))) % 9973), low)
        words = _WORD.findall(low)
        return {" ".join(words[i:i + 5]) for i in range(len(words) - 4)}

    def _wrong_place(self, template, room):
        """A telling the place cannot have: a cupboard in a clearing or on a stair, "inside the
        cemetery", a face pressed to its glass."""
        return bool((room in OUTDOOR_ROOMS and INDOORS.search(template))
                    or (self.plan["world"] in OUTDOOR_KINDS and OUTDOORS_WRONG.search(template))
                    or (room and UNFURNISHED.search(room) and "{room}" in template
                        and FURNITURE.search(template)))

    def render(self, template, extra=None):
        ctx = dict(self.ctx, **(extra or {}))
        if ctx.get("room") and ctx["room"] not in OUTDOOR_ROOMS:
            ctx.update(self.things[True])
        if '"' in template and not self.request.include_dialogue:
            return None
        if "{C}" in template and ctx.get("C_quiet") and re.search(r'"|talking|said|whisper', template):
            return None  # "her silent son Tom" does not talk
        if self._wrong_place(template, ctx.get("room")):
            return None
        if "{HN}" in template and "You'll be" in template and ctx.get("C_known"):
            return None  # a friend or a brother does not greet the hero like a stranger
        if "{C}" in template and ctx.get("C_animal") and _PEOPLE_ONLY.search(template):
            return None  # nor does a dog write, wear a coat or carry a torch
        if '"' in template and "{HN}" in template and re.match(r"(?i)(the|a|an)\s", self.hero["name"]):
            return None  # nobody calls out "Stay where I can see you, the night nurse"
        if self.villain.get("lost") and "face of someone {S} loved" in template:
            return None  # the one lost is someone loved
        if not self.likeness["seen"] and ("saw {A}" in template or self.likeness["bodiless"].search(template)):
            return None  # a voice is heard, a presence felt: neither stands in a doorway
        if template in self.likeness["at_last"] and self.looked:
            return None  # seen plainly already
        if template in self.likeness["close"] and self.looked in (None, "climax"):
            return None  # up close only after a first sight, and not in the same breath
        self.state["in_sentence"] = 0
        needed = set(_SLOT.findall(template))
        if any(k not in ctx or ctx[k] in ("", None) for k in needed):
            return None
        if not ctx.get("verbatim"):
            template = vary(template, self.rng)
        text = self._agreed(tidy(placed(expand(template, ctx, self.rng))))
        return None if "{obj_the}" in template and immovable(text) else text

    def _agreed(self, text):
        """"The rescuers were", "the twins were", not "was", where the antagonist or a companion
        is more than one (and is the subject: the food set out for the rescuers was grey)."""
        return self.many_was.sub(r"\1 were", text) if self.many_was else text

    def pick(self, templates, priority, beat, extra=None, must=False):
        """The first fresh sentence from ``templates`` (shuffled); with ``must``, the least stale."""
        pool = [t for t in templates if t not in self.used]
        if must:
            self.rng.shuffle(pool)
            pool += [t for t in templates if t in self.used]
        elif pool:
            pool = self.rng.sample(pool, min(8, len(pool)))
        elif priority == AIR and templates is at.WORLD:
            pool = [t for t in templates if t not in self.twice]
            pool = self.rng.sample(pool, min(8, len(pool)))
        best = None
        for template in pool:
            if priority >= COLOUR and "{A}" in template and not self.villain_seen:
                continue  # no "fear of the night clerk" before the night clerk has been seen
            saved = dict(self.state)
            text = self.render(template, extra)
            if not text or text in self.sentences:
                self.state = saved
                continue
            grams = self._grams(text)
            overlap = len(grams & self.seen)
            if overlap == 0:
                (self.twice if template in self.used else self.used).add(template)
                return self._accept(*self._shown(text, template, beat, extra, priority), beat)
            if must and (best is None or overlap < best[0]):
                best = (overlap, text, template, dict(self.state))
            self.state = saved
        if best:
            self.state = best[3]
            return self._accept(*self._shown(best[1], best[2], beat, extra, priority), beat)
        return None

    def _shown(self, text, template, beat, extra, priority):
        """(``text``, ``priority``), or, when it is the first time the antagonist is seen (or
        heard), ``text`` followed by what they look like (or sound like): one sentence with the
        sighting, so that the two stay or go together, and kept when the length is fitted unless
        the story is very short (the reader is shown the antagonist the end comes face to face with)."""
        look = self.likeness
        if self.looked or not self._names_villain(text):
            return text, priority  # (after the unmasking {A} is the one behind the mask)
        if not (template in (look["first"] or bb.FIRST_SIGHT) or template in look["at_last"]
                or (look["first"] is None and _SIGHTING.search(template))):
            return text, priority
        self.looked = beat
        if template in look["at_last"] or not look["look"]:
            return text, priority  # (it tells the look itself; a presence is only felt)
        lines = look["glimpsed"] if GLIMPSE.search(template) else look["look"]
        more = self.render(self.rng.choice(lines), dict(extra or {}, **look))
        if not more:
            return text, priority
        short = sum(b["words"] for b in self.plan["beats"]) < 300
        return f"{text} {more}", priority if short else MUST

    def _method_step(self, beat):
        """The threat's templates for ``beat`` (none when it takes no step there)."""
        step = beat["method_step"]
        return bb.METHOD[self.plan["method"]][step] if step is not None and beat["kind"] != "climax" else []

    def atmosphere_after(self, sentences, extra):
        """An atmosphere sentence to follow ``sentences`` (added to fit the length): it names the
        antagonist only if they have."""
        self.villain_seen = any(self._names_villain(s.text) for s in sentences)
        return self.atmosphere(extra)

    def _names_villain(self, text):
        return self.villain["name"].lower() in text.lower()

    def _accept(self, text, priority, beat):
        grams = self._grams(text)
        self.villain_seen = self.villain_seen or self._names_villain(text)
        self.sentences.add(text)
        self.seen |= grams
        return Sentence(text, priority, beat)

    # --- beats --------------------------------------------------------------------------------

    def atmosphere(self, extra):
        pools = [at.WORLD] * (4 if self.request.include_description else 1)
        pools += [self.weather_lines, self.time_lines, self.mood_lines, self._react(self.beat_kind), at.INNER]
        pools = [p for p in pools if p]
        order = pools[:]
        self.rng.shuffle(order)
        if self.rng.random() < 0.3:
            order.insert(0, None)
        order.append(None)
        for pool in order:
            fixed = pool is None  # texture is already assembled from parts: no phrasings to vary
            if fixed:
                pool = [t for t in (texture(self.rng, self.parts) for _ in range(3)) if t]
            s = self.pick(pool, AIR, None, dict(extra, verbatim=True) if fixed else extra)
            if s:
                return s
        return None

    def _react(self, kind):
        """The protagonist's reactions for a beat of ``kind``: one tier quieter before the threat
        has shown itself in full (no blood under the nails on arrival), as the intensity allows."""
        return bb.REACT[max(0, self.tier - 1) if kind in QUIETER else self.tier]

    def write_beat(self, beat, budget):
        self.beat_kind = beat["kind"]
        events = self.events(beat)
        out = [s for p, t, x in events for s in [self.pick(t, p, beat["kind"], x, must=p <= THREAD)] if s]
        air = []
        words = sum(s.words for s in out)
        extra = events[0][2] if events else {}
        while words + 6 < budget:
            s = self.atmosphere(extra)
            if not s:
                break
            s.beat = beat["kind"]
            air.append(s)
            words += s.words
        # atmosphere goes between the events, never before the opening; in the aftermath it lingers
        # after the climax, before the way out and the last line, so the ending follows the climax
        if beat["kind"] == "aftermath":
            return air + out
        merged = out[:1]
        rest = out[1:]
        slots = len(rest) + 1
        for i in range(slots):
            take = len(air) * (i + 1) // slots - len(air) * i // slots
            merged += air[len(air) * i // slots: len(air) * i // slots + take]
            if i < len(rest):
                merged.append(rest[i])
        return merged


def paragraphs(beats, pacing, rng):
    lo, hi = PARAGRAPH.get(pacing, PARAGRAPH["moderate"])
    out = []
    for sentences in beats:
        para, size = [], rng.randint(lo, hi)
        for s in sentences:
            speech = s.text.startswith('"')
            if para and (len(para) >= size or speech):
                out.append(" ".join(para))
                para, size = [], rng.randint(lo, hi)
            para.append(s.text)
            if speech:
                out.append(" ".join(para))
                para, size = [], rng.randint(lo, hi)
        if para:
            out.append(" ".join(para))
    return out




