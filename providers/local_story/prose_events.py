"""The events of each beat a ``ProseWriter`` writes: which templates each kind of beat picks,
in order (the element planted, used and solving, deaths, the ending, the aftermath)."""
import re

from . import atmosphere as at
from . import beatbank as bb
from . import beatbank_end as be
from . import humour
from .fields import (
    definite,
    is_plural,
    premise_heard,
)
from .grammar import is_animal
from .prose_slots import _SIGHTING, COLOUR, MUST, STEP, THREAD, _companion, _slots, cap
from .threads import CHOICES, TAKES_UP, UNSEEN_AFTER
from .worlds import (
    carried,
)

_CHILDLIKE = re.compile(r"the way a child|remembering being small")
#: a kind of thing ``be.SOLVE_WITH`` and ``be.USE_WITH`` know, named in an element's words,
#: plural or not, the longest first ("music box" before "box")
_THING_KIND = re.compile(r"\b(%s)(?:e?s)?\b" % "|".join(
    re.escape(kind) for kind in sorted(be.SOLVE_WITH, key=len, reverse=True)))


class BeatEvents:
    """The ``ProseWriter``'s events (a mixin: its state is the writer's)."""

    def events(self, beat):
        """(priority, templates, extra) in reading order for one beat of the plan."""
        kind, plan = beat["kind"], self.plan
        room = beat["room"] if kind != "hook" else plan["places"][1]["name"]
        rooms = {p["name"]: p["description"] for p in plan["places"]}
        extra = {"room": room, "room_cap": cap(room), "room_desc": rooms.get(room, ""),
                 "room_was": "were" if re.search(r"[^s']s$", room) else "was"}  # the old workings were
        gone = self._gone(beat)
        unmasked = self._unmasked(beat)
        present = [c for c in self.support if c["name"] not in gone and c is not unmasked]
        if present:
            extra.update(_companion(present[beat.get("index", 0) % len(present)]))
        if unmasked:  # after the reveal, the one behind it all is the antagonist, by name
            extra.update(_slots("A", unmasked))
        talk = self.request.include_dialogue
        ev = []
        if kind not in ("hook", "arrival", "aftermath"):
            # no "Nobody was in the bakery when she got there" where someone is about to be seen
            seen_here = kind in ("first_sign", "investigation", "climax") or beat["twist"] or any(
                _SIGHTING.search(t) for t in self._method_step(beat))
            ev.append((COLOUR, [t for t in at.MOVE if not (seen_here and t == at.NOBODY_THERE)], {}))
        if beat["words"] > 220 and kind not in ("hook", "aftermath"):
            ev.append((COLOUR, at.INNER, {}))
        if kind == "hook":
            ev.append((MUST, bb.OPEN, {}))
            if self.person == "first" and re.match(r"[A-Z]", self.hero["name"]):
                short = sum(b["words"] for b in plan["beats"]) < 200  # the length comes first
                ev.append((THREAD if short else MUST, bb.NAMED, {}))
            prompt = (self.request.custom_prompt or "").lower()
            own = bool(plan.get("premise_own"))  # the premise is the protagonist's own ("a mother hears …")
            ev.append((THREAD, bb.PREMISE_OWN if own else bb.PREMISE, {}) if plan.get("premise_from_prompt")
                      else (COLOUR, bb.WANT, {}))
            if plan["theme"] and plan["theme"].lower() in prompt:
                ev.append((THREAD, bb.THEME, {}))
        if kind == "arrival":
            meet = bb.ANIMAL_MEET if extra.get("C_animal") else bb.MEET
            # a companion who already greeted the narrator by name at the door is not met again
            greeted = any("{C}" in t and t in self.used for t in bb.NAMED)
            # met at the door or the gate, then in: no one opens the door to a knock once inside
            ev += [(COLOUR, meet, {}) if present and not greeted else None, (COLOUR, bb.ARRIVE, {})]
        for n in beat["plant"]:
            ev.append((THREAD, self._plant(n), self._element(n)))
        if kind == "arrival":
            ev.append((COLOUR, bb.CLOSE, {}))
        if kind == "investigation":
            ev.append((COLOUR, bb.SEARCH, {}))
        steps = self._method_step(beat)
        if kind in ("first_sign", "investigation") and not self.looked and not any(
                _SIGHTING.search(t) for t in steps):
            # seen (or heard, or felt) before anyone fears it by name
            ev.append((THREAD, self.likeness["first"] or bb.FIRST_SIGHT, {}))
        if steps:
            # whoever has left may still come back as the imitation, wearing their face
            wears = _companion(self.support[0]) if gone and plan["method"] == "imitation" else {}
            if plan["method"] == "imitation" and not wears:  # no one has left whose face it could wear
                steps = [t for t in steps if "{C}" not in t] or be.IMITATION_OF_A_STRANGER
            ev.append((STEP, steps, wears))
            ev.append((COLOUR, self._react(kind), {}))
        if beat["clue"]:
            clue = beat["clue"].replace("{", "(").replace("}", ")")
            leads = ([lead for lead in bb.CLUE_LEAD if "{room}" not in lead]
                     if bb.ELSEWHERE.search(clue) else bb.CLUE_LEAD)
            lead = self.rng.choice(leads) + " " if kind == "investigation" else ""
            # a twist needs its clues; under 200 words the length comes first, after the first clue
            total = sum(b["words"] for b in plan["beats"])
            keep = total >= 200 or (total >= 150 and beat["clue"] == plan["twist"]["clues"][0])
            ev.append((MUST if keep else THREAD, [lead + clue], {"verbatim": True}))
        # while the masked one is still masked, the companion behind the mask is rarely seen with the hero
        hidden = plan["twist"].get("masked") and not unmasked and kind not in ("arrival", "first_sign")
        # a companion the twist turns ("Mark had committed her") has nothing kind to say after it
        turned = self._turned(beat)
        if turned and extra.get("C") == turned["name"]:
            hidden = True
        if kind in ("arrival", "first_sign", "investigation", "climax") and present and not hidden:
            if extra.get("C_animal"):  # an animal does not talk: it knows first
                ev.append((COLOUR, bb.ANIMAL_LINES, {}))
            elif talk:
                ev.append((COLOUR, humour.COMPANION if self.comic else be.COMPANION_LINES, {}))
        if kind != "climax":
            for n in beat["use"]:
                ev.append((THREAD, self._use(n, beat.get("room")), self._element(n)))
        if talk and kind == "escalation":
            ev.append((COLOUR, humour.ANTAGONIST + be.ANTAGONIST_LINES[:4] if self.comic else be.ANTAGONIST_LINES, {}))
        if self.comic and kind in ("arrival", "first_sign", "investigation", "escalation", "climax"):
            ev.append((STEP, humour.ASIDES, {}))  # the voice telling it notices how absurd it is
        # the prompt's premise happens once in front of the protagonist (before the beat's choice,
        # while they are still where the beat began)
        happens = self._premise_happens() if plan.get("premise_from_prompt") else None
        if happens and beat.get("index") == self._first("investigation", "escalation", "first_sign"):
            ev.append(happens)
        if kind in ("investigation", "escalation") and beat["choice"]:
            ev += self._choice(beat)
        if beat.get("death"):
            ev += self._death(beat["death"])
        if kind == "reversal" or (kind == "climax" and beat["twist"]):
            ev += ([(MUST, be.LAND, {}), (STEP, be.LAND_AFTER, {})] if beat["twist"] else [(STEP, be.TURN, {})])
            if beat["twist"] and plan["twist"].get("masked"):  # the mask comes off
                ev.append((MUST, be.UNMASKED, {"U": plan["twist"]["about"]}))
        if kind == "climax":
            ev.append((COLOUR, be.CONFRONT, {}))
            ev.append((STEP, bb.METHOD[plan["method"]][3], {}))
            # face to face at last (seen plainly now, if never before): before the hero hides or the
            # light goes, else after the choice (once the door is opened to the knock)
            face = [] if unmasked else [(STEP if self.looked else THREAD,
                                         self.likeness["close"] + self.likeness["at_last"], self.likeness)]
            unseen = beat["choice"] and beat["choice"]["id"] in UNSEEN_AFTER
            ev += face if unseen else []
            ev.append((COLOUR, self._react(kind), {}))
            ev += self._choice(beat) if beat["choice"] else []
            ev += [] if unseen else face
            ev += [(THREAD, self._solve(n, room), self._element(n)) for n in beat["use"]]
        if plan.get("premise_from_prompt"):
            # a place's story, once it has happened, is found written down by someone who knew it
            # before; the protagonist's own is simply nearer
            echo = self._first("escalation", "investigation")
            if beat.get("index") == echo and not (happens and plan.get("premise_own")):
                ev.append((THREAD, bb.PREMISE_OWN_ECHO if plan.get("premise_own") else bb.PREMISE_ECHO, {}))
        if kind == "aftermath":
            if plan.get("premise_from_prompt"):
                true = bb.PREMISE_OWN_TRUE_THEIRS if self.ctx["own_theirs"] else bb.PREMISE_OWN_TRUE
                ev.append((THREAD, true if plan.get("premise_own") else bb.PREMISE_TRUE, {}))
            ev.append(self._companion_after(beat, present))
            after = self._of(0, be.AFTER, (be.AFTER_MOTIF, be.AFTER_MOTIF_SEEN), be.AFTER_FIXED)
            if self._hero_dead():  # nothing carried out by the one who never left
                after = [t for t in after if not be.LEFT_ALIVE.search(t)] + (be.AFTER_STAYED if after is be.AFTER else [])
            ev.append((STEP, after, self._element(0)))
            ev.append((MUST, be.ENDING[plan["twist"]["category"] if plan["twist"]["reveal"] else ""], {}))
        return [(p, t, dict(extra, **x)) for p, t, x in (e for e in ev if e)]

    def _companion_after(self, beat, present):
        """What became of the first companion, told once at the end: one who walked off alone and
        was never found, or one who got out too (the dead have had their line)."""
        left, dead = self._departed(beat)
        first = self.support[0] if self.support else None
        if first is None or first["name"] in dead:
            return None
        if self._unmasked(beat) is first:
            return (THREAD, be.AFTER_UNMASKED, {"U": first["name"]})
        if self._turned(beat) is first and first["name"] not in left:
            return (THREAD, be.AFTER_TURNED, _companion(first))
        if first["name"] in left:
            return (THREAD, be.AFTER_LEFT, _companion(first))
        if first in present:
            if self._hero_dead():  # out alone (a dog does not tell of it)
                return None if is_animal(first["full"]) else (THREAD, be.AFTER_SURVIVOR_ALONE,
                                                              _companion(first))
            lines = be.AFTER_ANIMAL if is_animal(first["full"]) else be.AFTER_SURVIVOR
            return (THREAD, lines, _companion(first))
        return None

    def _hero_dead(self):
        """Whether the twist is that the protagonist had been dead all along ("she herself had
        been dead for years"): then no one got out beside them."""
        twist = self.plan["twist"]
        return bool(twist["reveal"] and twist["category"] == "dead"
                    and twist.get("about") == self.hero["name"])

    def _first(self, *kinds):
        """The index of the plan's first beat of the first of ``kinds`` it has."""
        beats = self.plan["beats"]
        return next((i for kind in kinds for i, b in enumerate(beats) if b["kind"] == kind), None)

    def _of(self, n, thing, motif, fixed):
        """The templates for element ``n``: a thing carried, the prompt's motif (a happening:
        ``motif`` is the templates for one heard and for one seen), or a fixed thing no one
        carries (a mark, a step)."""
        element = self.plan["elements"][n]
        if element == self.plan["motif"]:
            return motif[0] if premise_heard(element) else motif[1]
        return thing if carried(element) else fixed

    def _solve(self, n, room):
        """How element ``n`` ends it in ``room``: the way a thing of its kind does (a key locks
        the antagonist in, a candle burns the place down) where the place allows it, else any
        way a carried thing can."""
        return self._of_kind(n, room, self._of(n, bb.SOLVE, (be.SOLVE_MOTIF, be.SOLVE_MOTIF_SEEN), be.SOLVE_FIXED),
                             bb.SOLVE, be.SOLVE_WITH)

    def _plant(self, n):
        """How element ``n`` is first seen: taken when it is carried to the end and no later
        choice takes it up; else seen, or put back (to be taken up later), never both."""
        templates = self._of(n, bb.PLANT, (bb.PLANT_MOTIF, bb.PLANT_MOTIF), bb.PLANT_FIXED)
        if templates is not bb.PLANT:
            return templates
        if n == 0 and any(b["choice"] and b["choice"]["id"] == TAKES_UP for b in self.plan["beats"]):
            return [t for t in templates if t != bb.KEPT_AT_ONCE]
        if n == 0:  # carried to the end: taken now
            return bb.PLANT_TAKEN
        return [t for t in templates if t != bb.PUT_BACK] + bb.TAKEN

    def _use(self, n, room):
        """How element ``n`` is used before the end, to find something out: the way a thing of
        its kind is (a key tried in every lock, a telescope turned on the dark), else any way."""
        return self._of_kind(n, room, self._of(n, bb.USE, (bb.USE_MOTIF, bb.USE_MOTIF_SEEN), bb.USE_FIXED),
                             bb.USE, be.USE_WITH)

    def _of_kind(self, n, room, templates, carried_lines, by_kind):
        kind = _THING_KIND.search(" ".join(re.findall(r"[a-z]+", self.plan["elements"][n].lower())))
        if templates is carried_lines and kind:
            own = [t for t in by_kind[kind.group(1)] if not self._wrong_place(t, room) and self._suits(t)]
            return own or templates
        return templates

    def _suits(self, template):
        """Whether an ending suits the antagonist: a killer does not take a toy back "the way a
        child takes back a thing it lost", nor stop to listen to a music box "as if remembering
        being small"; the dead and the lost may."""
        return not (self.nature in ("killer", "comic") and _CHILDLIKE.search(template))

    def _element(self, n):
        e = self.plan["elements"][n]
        many = is_plural(e)  # 'the old photographs': 'took them out', 'they were still warm'
        return {"E": definite(e), "E_CAP": cap(definite(e)), "E_FIRST": e, "E_FIRST_CAP": cap(e),
                "E_IT": "them" if many else "it", "E_THEY": "they" if many else "it",
                "E_WAS": "were" if many else "was"}

    def _choice(self, beat):
        _, _, choice, cost = CHOICES[beat["choice"]["id"]]
        el = self._element(0)
        if self.support:  # the plan's choices are about the first companion
            el.update(_companion(self.support[0]))
        return [(STEP, list(choice), el), (STEP, list(cost), el)]

    def _death(self, death):
        victim = next((c for c in self.support if c["name"] == death["victim"]), None)
        if victim is None:
            return [(MUST, be.DEATH_OF_A_STRANGER, {})]
        if is_animal(victim["full"]):
            return [(MUST, be.ANIMAL_DEATH, _companion(victim))]
        return [(MUST, be.DEATH_AFTER_LEAVING if death["after_leaving"] else be.DEATH, _companion(victim))]

    def _unmasked(self, beat):
        """The companion the twist unmasks ("Hannah was the killer"), from the beat after it."""
        twist = self.plan["twist"]
        if not twist.get("unmasks"):
            return None
        land = next((i for i, b in enumerate(self.plan["beats"]) if b["twist"]), len(self.plan["beats"]))
        if beat.get("index", 0) <= land:
            return None
        return next((c for c in self.support if c["name"] == twist["about"]), None)

    def _turned(self, beat):
        """The companion the twist is about when it is not that they were dead, dreamed or the
        killer ("Mark had committed her", "Jo was working for the doctor"), from the beat after it
        lands: the one the protagonist can no longer trust."""
        twist = self.plan["twist"]
        if not twist["reveal"] or twist.get("unmasks") or twist["category"] in ("dead", "unreal", "self"):
            return None
        land = next((i for i, b in enumerate(self.plan["beats"]) if b["twist"]), len(self.plan["beats"]))
        if beat.get("index", 0) <= land:
            return None
        return next((c for c in self.support if c["name"] == twist.get("about") and not is_animal(c["full"])), None)

    def _departed(self, beat):
        """(the names of the companions who walked off, of those who died) before ``beat``."""
        before = self.plan["beats"][:beat.get("index", 0)]
        return ({b["choice"]["leaves"] for b in before if b["choice"] and b["choice"].get("leaves")},
                {b["death"]["victim"] for b in before if b.get("death")})

    def _gone(self, beat):
        """The names of the companions who left the story before ``beat``."""
        left, dead = self._departed(beat)
        return left | dead
