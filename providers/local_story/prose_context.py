"""What a ``ProseWriter`` knows of the story before it writes: the slots every template is filled
with (names, pronouns, the place, the element, the premise), its entities and the antagonist's
nature."""
import re

from . import atmosphere as at
from . import beatbank as bb
from .composer import Deck
from .fields import (
    definite,
    premise_clause,
    premise_event,
    premise_heard,
    premise_person,
)
from .genres import genre_key
from .grammar import narrative_past
from .likeness import many, nature
from .prose_slots import (
    THREAD,
    _slots,
    cap,
)
from .threads import record_burnt_at, record_of
from .worlds import (
    OUTDOOR_THINGS,
    fixtures,
    head_noun,
    keepsakes,
    short_place,
    unplaced,
)


class ProseContext:
    """The ``ProseWriter``'s context (a mixin: its state is the writer's)."""

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
