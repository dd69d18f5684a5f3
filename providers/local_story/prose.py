"""Prose from a plan: each beat's events in order, atmosphere between them, fitted to the length.

Every sentence is checked against the story so far: no sentence twice and, as far as the banks
allow, no 5-word sequence twice (names, places and elements count as one word, so naming them
again is not repetition). Intensity picks the body's reactions, pacing the paragraph size,
perspective the pronouns, time/weather/mood the atmosphere.
"""
import random
import re

from . import atmosphere as at
from . import beatbank as bb
from . import humour
from .composer import Deck, expand, tidy
from .fields import (
    definite,
    is_plural,
    premise_clause,
    premise_event,
    premise_heard,
    premise_person,
)
from .genres import genre_key
from .grammar import is_animal, is_quiet, narrative_past
from .likeness import GLIMPSE, describe, many, nature
from .texture import immovable, texture
from .threads import CHOICES, TAKES_UP, UNSEEN_AFTER, record_burnt_at, record_of
from .voice import vary
from .worlds import (
    FURNITURE,
    INDOORS,
    OUTDOOR_KINDS,
    OUTDOOR_ROOMS,
    OUTDOOR_THINGS,
    OUTDOORS_WRONG,
    UNFURNISHED,
    carried,
    fixtures,
    head_noun,
    keepsakes,
    placed,
    short_place,
    unplaced,
    world_for,
)

PRONOUNS = {"she": ("she", "her", "her", "herself", "was"), "he": ("he", "him", "his", "himself", "was"),
            "they": ("they", "them", "their", "themselves", "were"), "it": ("it", "it", "its", "itself", "was"),
            "first": ("I", "me", "my", "myself", "was"), "second": ("you", "you", "your", "yourself", "were")}
PARAGRAPH = {"slow": (4, 6), "moderate": (3, 5), "fast": (2, 3), "intense": (1, 2)}
MUST, THREAD, STEP, COLOUR, AIR = 0, 1, 2, 3, 4
#: a companion who knows the hero already ("her friend Jules", "Sam, her brother")
_KNOWN = re.compile(r"(?i)\b(her|his|my|their|your|friend|brother|sister|husband|wife|son|daughter|mother|"
                    r"father|mum|mom|dad|aunt|uncle|cousin|partner|girlfriend|boyfriend|fianc[eé]e?)\b")
#: what only a person in the cast does: no template with these tells of an animal companion
_PEOPLE_ONLY = re.compile(r'"|\b(said|asked|begged|whisper\w*|talking|hands?|wrote|coat|torch|lamp|'
                          r'promised?|knock|slept|sleeve|arm|palm|cry|crying|spoke|speak)\b')
_CHILDLIKE = re.compile(r"the way a child|remembering being small")
#: not the object of a preposition ("the food set out for the rescuers was grey")
_NOT_AFTER = "".join(rf"(?<!\b{p} )" for p in ("for", "of", "to", "at", "with", "from", "by", "in", "about"))
#: a bank sentence in which the antagonist is seen ("{A} stood at the far end", "saw {A}")
_SIGHTING = re.compile(r"\bsaw \{A\}|\{A\} (stood|was there|stepped|came in|came across|was waiting)|stood \{A\}")
_WORD = re.compile(r"[a-z0-9'§]+")
_SLOT = re.compile(r"\{(\w+)\}")


def cap(text):
    return text[:1].upper() + text[1:] if text else text


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


#: a kind of thing ``bb.SOLVE_WITH`` and ``bb.USE_WITH`` know, named in an element's words,
#: plural or not, the longest first ("music box" before "box")
_THING_KIND = re.compile(r"\b(%s)(?:e?s)?\b" % "|".join(
    re.escape(kind) for kind in sorted(bb.SOLVE_WITH, key=len, reverse=True)))


class ProseWriter:
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

    def _nature(self):
        """What the antagonist is (the dead, a killer, …): the twist's "had been dead", else the
        genre's, else the method's."""
        twist = self.plan["twist"]
        dead = bool(twist["reveal"] and twist["category"] == "dead" and twist.get("about") == self.villain["name"]) \
            or self.villain.get("lost") in ("dead", "drowned", "late", "murdered", "buried")
        return nature(genre_key(self.plan["genre"]), self.plan["method"], dead)

    # --- context ----------------------------------------------------------------------------

    def _context(self):
        req, plan, rng, world = self.request, self.plan, self.rng, self.world
        time = at.time_key(req.time_of_day) or "dusk"
        tod = at.TIMES[time]
        wx = at.weather_for(req.weather, time, rng)
        forms = self.forms
        setting = self._owned(plan["places"][0]["name"])
        place = short_place(setting)
        noun = "the " + head_noun(setting)  # "the freighter": this setting's own short name
        names = [place, place, noun] if noun.lower() not in place.lower() else [place]
        self.place, self.place_names = place, names
        want = self._owned(self.hero["want"])
        ctx = {"S": self._subject, "S_cap": lambda: cap(self._subject()), "WAS": lambda: "were" if self.state["plural"] else "was",
               "O": forms[1], "POS": forms[2], "POS_CAP": cap(forms[2]), "REFL": forms[3],
               "HN": self.hero["name"], "setting": setting, "setting_cap": cap(setting), "place": lambda: rng.choice(names),
               "place_cap": lambda: cap(rng.choice(names)), "want": want, "want_bare": re.sub(r"^to ", "", want),
               "time": tod["at"], "time_bare": tod["bare"], "wx": wx["wx"], "wx_short": wx["short"],
               "theme": plan["theme"], "premise": premise_clause(plan["premise"]), "reveal": self._reveal(),
               "subj": plan["twist"]["subject"], "log": record_of(plan["world"]),
               "own": self._own_premise(), "own_rest": self._own_premise(rest=True),
               "own_theirs": self._own_theirs(),
               "event": self._as_the_protagonist(premise_event(plan["premise"]))}
        # the record, when the story burns it, is not scenery either (before or after)
        burnt = (head_noun(record_of(plan["world"]))
                 if record_burnt_at(plan["beats"]) is not None else None)
        for key, field in (("sound", "sounds"), ("smell", "smells"), ("touch", "touch")):
            deck = Deck(world[field], rng)
            ctx[key] = deck
            ctx[key + "_cap"] = (lambda d: lambda: cap(d()))(deck)
        # the place's things: the story's own are introduced by their events, never as scenery
        # beside themselves; "the …" is something the place is fitted with (one leans on the
        # banister, not on a bugle); a room indoors has none of what stands outside
        def scenery(items):
            kept = [o for o in items if o.lower() not in self._elements() and head_noun(o) != burnt]
            return kept or list(items)
        self.things = {}
        for inside in (False, True):
            def fit(items):
                return [o for o in items if not OUTDOOR_THINGS.search(o)] if inside else items  # noqa: B023 (called in this iteration)
            things = Deck(scenery(fit(world["objects"]) or world["objects"]), rng)
            fitted = Deck(scenery(fit(fixtures(world)) or fixtures(world)), rng)
            self.things[inside] = {"obj": things, "obj_cap": (lambda d: lambda: cap(d()))(things),
                                   "obj_the": (lambda d: lambda: definite(d()))(fitted)}
        ctx.update(self.things[False])
        # what a hand can close on: the world's carried things, never "a cold fireplace"
        carried_things = [o for o in keepsakes(world) if unplaced(o).lower() not in self._elements()]
        ctx["keepsake"] = Deck(carried_things or ["a torch with a weak battery"], rng)
        ctx.update(_slots("A", self.villain))
        self.weather_lines, self.time_lines = wx["lines"], tod["lines"]
        mood = req.mood[0] if isinstance(req.mood, (list, tuple)) and req.mood else req.mood
        self.mood_lines = at.MOOD.get((mood or "").strip().lower(), [])
        return ctx

    def _elements(self):
        return {form.lower() for e in self.plan["elements"] for form in (e, definite(e))}

    def _owned(self, text):
        """The form's "my" (as in "my grandmother's house") is the narrator's: "her" in the third
        person, "your" in the second."""
        return re.sub(r"\b[Mm]y\b", self.forms[2], text) if self.person != "first" else text

    def _reveal(self):
        """The twist as the narrator tells it: in the past, and naming the character it is about
        as the story does ("the keeper had been dead" for Edith the keeper: "she herself had
        been dead"; "I am the monster" in the third person: "he himself was the monster")."""
        twist, hero = self.plan["twist"], self.hero
        raw, subject, about = twist["reveal"], twist["subject"], twist.get("about", "")
        if not (about and subject and raw.lower().startswith(subject.lower())):
            return self._narrator_named(narrative_past(raw))
        if about != hero["name"]:
            who = about
        elif self.person != "third":
            who = self.forms[0]
        elif subject.lower() == hero["name"].lower():
            who = hero["name"]
        else:
            who = f"{self.forms[0]} {self.forms[3]}"  # "she herself"
        told = narrative_past(who + raw[len(subject):])
        plural = who.split()[0] in ("you", "they") or many(who)
        told = re.sub(rf"^{re.escape(who)} (was|were)\b", lambda m: f"{who} {'were' if plural else 'was'}", told)
        other = next((c for c in self.plan["cast"] if c["name"] == about), None)
        if other and other["pronouns"] != hero["pronouns"]:  # "her" can only be the protagonist
            told = self._narrator_pronouns(told)  # "her husband had been poisoning her": "… me"
        return self._narrator_named(told)

    def _narrator_pronouns(self, text):
        """In the first or second person, the protagonist's "her"/"him" in a twist the form wrote
        in the third ("Mark had been poisoning her" -> "poisoning me", "… her tea" -> "my tea")."""
        if self.person == "third" or self.hero["pronouns"] not in ("she", "he"):
            return text
        me, my = self.forms[1], self.forms[2]
        if self.hero["pronouns"] == "he":
            return re.sub(r"\bhis\b", my, re.sub(r"\bhim\b", me, text))
        before = r"(?=\s*(?:$|[,.;:!?]|\s(?:and|but|or|to|in|on|at|for|with|from|all|again|since|before|after|until)\b))"
        return re.sub(r"\bher\b", my, re.sub(rf"\bher\b{before}", me, text))

    def _own_premise(self, rest=False):
        """The premise as the protagonist's own story ("Sarah heard her dead son on the baby
        monitor"; "I heard my dead son …" in the first person), or ''; with ``rest``, from its
        verb on ("heard her dead son …")."""
        own = self._narrator_named(self.plan.get("premise_own", ""))
        if own and self.person != "third":
            own = re.sub(r"\b(her|his|their)\b", self.forms[2], own)
        if rest:  # "heard her dead son …"; not a premise of what is theirs ("my late wife kept …")
            verb_on = re.sub(rf"^(?:{re.escape(self.hero['name'])}|I|you|You)\s+", "", own)
            return "" if verb_on == own else verb_on
        return own

    def _as_the_protagonist(self, text):
        """A premise's "you" (anyone) as the protagonist once it happens to them ("the mirror
        showed how you would die" -> "how she would die"; "… followed you" -> "followed her")."""
        if self.person == "second":
            return text
        subject, obj, pos, refl = self.forms[:4]
        text = re.sub(r"\byourself\b", refl, text)
        text = re.sub(r"\byour\b", pos, text)
        text = re.sub(r"\byou(?=\s+(?:would|will|could|had|were|was|are|did|can|might|must|should|never)\b)",
                      subject, text)
        return re.sub(r"\byou\b", obj, text)

    def _own_theirs(self):
        """The protagonist's own premise when it is of what is theirs, from after "'s" ("late
        wife kept setting the table for two" of "Edmund's late wife kept …"), or ''."""
        own = self.plan.get("premise_own", "")
        head = self.hero["name"] + "'s "
        return own[len(head):] if own.startswith(head) else ""

    def _premise_happens(self):
        """The premise happening in front of the protagonist, then how it was to hear or see it
        (told as a place's story at the start, it is shown once in the middle), or None when it
        cannot happen as told ("a town where the dead come back"; a mother's premise for a man)."""
        plan = self.plan
        own = bool(plan.get("premise_own"))
        if not own and (not self.ctx["event"] or premise_person(plan["premise"])):
            return None
        heard = premise_heard(plan["premise"])
        before, after = (bb.PREMISE_BEFORE_HEARD, bb.PREMISE_HEARD) if heard else (bb.PREMISE_BEFORE_SEEN, bb.PREMISE_SEEN)
        happens = (bb.PREMISE_OWN_HAPPENS if own else
                   bb.PREMISE_HAPPENS_AFAR if bb.OUT_OF_DOORS.search(self.ctx["event"]) else bb.PREMISE_HAPPENS)
        if sum(b["words"] for b in plan["beats"]) < 500:  # a short story: it happens, and that is all
            return THREAD, list(happens), {}
        return THREAD, [f"{b} {h} {a}" for b in before for h in happens for a in after], {}

    def _narrator_named(self, text):
        """In the first or second person the narrator is "I"/"you", not their name ("… and
        Edith talked to him" -> "… and I talked to him")."""
        if self.person == "third":
            return text
        name = re.escape(self.hero["name"])
        text = re.sub(rf"\b{name}'s\b", self.forms[2], text)
        text = re.sub(rf"\b{name}\b(?= [a-z])", self.forms[0], text)
        return re.sub(rf"\b{name}\b", self.forms[1], text)

    def _entities(self):
        names = [c["name"] for c in self.plan["cast"]] + [p["name"] for p in self.plan["places"]]
        names += [definite(e) for e in self.plan["elements"]] + self.plan["elements"] + self.place_names
        names += list(self.world["objects"])
        names = sorted({n.lower() for n in names if len(n.split()) > 1}, key=len, reverse=True)
        return re.compile("|".join(re.escape(n) for n in names)) if names else None

    def _subject(self):
        if self.person != "third":
            self.state["plural"] = self.person == "second"
            return self.forms[0]
        self.state["since_name"] += 1
        self.state["in_sentence"] = self.state.get("in_sentence", 0) + 1
        if self.state["since_name"] >= 3 and self.state["in_sentence"] == 1:
            self.state["since_name"] = 0
            self.state["plural"] = False
            return self.hero["name"]
        self.state["plural"] = self.forms[0] == "they"
        return self.forms[0]

    # --- sentences ----------------------------------------------------------------------------

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
                steps = [t for t in steps if "{C}" not in t] or bb.IMITATION_OF_A_STRANGER
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
                ev.append((COLOUR, humour.COMPANION if self.comic else bb.COMPANION_LINES, {}))
        if kind != "climax":
            for n in beat["use"]:
                ev.append((THREAD, self._use(n, beat.get("room")), self._element(n)))
        if talk and kind == "escalation":
            ev.append((COLOUR, humour.ANTAGONIST + bb.ANTAGONIST_LINES[:4] if self.comic else bb.ANTAGONIST_LINES, {}))
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
            ev += ([(MUST, bb.LAND, {}), (STEP, bb.LAND_AFTER, {})] if beat["twist"] else [(STEP, bb.TURN, {})])
            if beat["twist"] and plan["twist"].get("masked"):  # the mask comes off
                ev.append((MUST, bb.UNMASKED, {"U": plan["twist"]["about"]}))
        if kind == "climax":
            ev.append((COLOUR, bb.CONFRONT, {}))
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
            after = self._of(0, bb.AFTER, (bb.AFTER_MOTIF, bb.AFTER_MOTIF_SEEN), bb.AFTER_FIXED)
            if self._hero_dead():  # nothing carried out by the one who never left
                after = [t for t in after if not bb.LEFT_ALIVE.search(t)] + (bb.AFTER_STAYED if after is bb.AFTER else [])
            ev.append((STEP, after, self._element(0)))
            ev.append((MUST, bb.ENDING[plan["twist"]["category"] if plan["twist"]["reveal"] else ""], {}))
        return [(p, t, dict(extra, **x)) for p, t, x in (e for e in ev if e)]

    def _companion_after(self, beat, present):
        """What became of the first companion, told once at the end: one who walked off alone and
        was never found, or one who got out too (the dead have had their line)."""
        left, dead = self._departed(beat)
        first = self.support[0] if self.support else None
        if first is None or first["name"] in dead:
            return None
        if self._unmasked(beat) is first:
            return (THREAD, bb.AFTER_UNMASKED, {"U": first["name"]})
        if self._turned(beat) is first and first["name"] not in left:
            return (THREAD, bb.AFTER_TURNED, _companion(first))
        if first["name"] in left:
            return (THREAD, bb.AFTER_LEFT, _companion(first))
        if first in present:
            if self._hero_dead():  # out alone (a dog does not tell of it)
                return None if is_animal(first["full"]) else (THREAD, bb.AFTER_SURVIVOR_ALONE,
                                                              _companion(first))
            lines = bb.AFTER_ANIMAL if is_animal(first["full"]) else bb.AFTER_SURVIVOR
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
        return self._of_kind(n, room, self._of(n, bb.SOLVE, (bb.SOLVE_MOTIF, bb.SOLVE_MOTIF_SEEN), bb.SOLVE_FIXED),
                             bb.SOLVE, bb.SOLVE_WITH)

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
                             bb.USE, bb.USE_WITH)

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
            return [(MUST, bb.DEATH_OF_A_STRANGER, {})]
        if is_animal(victim["full"]):
            return [(MUST, bb.ANIMAL_DEATH, _companion(victim))]
        return [(MUST, bb.DEATH_AFTER_LEAVING if death["after_leaving"] else bb.DEATH, _companion(victim))]

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


def _slots(key, person):
    """A character's slots: {A}/{A_S}/{A_O}/{A_POS}/{A_WAS} for ``key`` "A", and so on."""
    forms = PRONOUNS[person["pronouns"]]
    return {key: person["name"], f"{key}_S": forms[0], f"{key}_O": forms[1], f"{key}_POS": forms[2],
            f"{key}_WAS": forms[4]}


def _companion(person):
    """The {C} slots for a supporting character, and whether they speak."""
    return {**_slots("C", person), "C_quiet": is_quiet(person["full"]), "C_animal": is_animal(person["full"]),
            "C_known": bool(_KNOWN.search(person["full"]))}
