"""A beat told in sentences: its line from the plan (the cause carried from the beat before), the
place, the key element doing its job, the twist's clue, then sentences from the phrase bank fitted
to what the beat needs, until its share of the length is written."""
import re
from functools import lru_cache

from ..beats.at import told_at
from ..beats.state import GIVEN, settled
from ..beats.things import fits
from ..fields import definite, is_plural, target_words
from ..grammar import is_quiet
from ..reading import is_readable
from ..reading.phrases import epithet_handles, parse_phrase
from ..world.era import fits as said_then
from ..world.era import story_year
from .bank import palette, stray_sounds, templates, variants
from .body import body_frames, frames
from .company import SHORT, Company
from .hour import Hour
from .opening import opening_name
from .presence import GLIMPSE, Approach
from .reveal import rereads, restates
from .scene import SENTENCE_PIECES, fragments, refer, referable, sizes
from .sight import Sight
from .things import SOUND_NEEDS, an_or_a, head, is_surface, lines_data, sound, sound_needs

POOLS = {"hook": ["arrive", "sense", "companion", "say", "dread", "weather"],
         "arrival": ["arrive", "element_find", "sense", "search", "companion", "say", "dread"],
         "first_sign": ["sign", "sense", "body", "say", "say_hero", "dread"],
         "investigation": ["search", "element_clue", "sense", "sign", "companion", "say", "dread"],
         "escalation": ["body", "say", "choice", "sense", "element_tool", "sign"],
         "reversal": ["reread", "body", "say_hero", "sense", "dread"],
         "climax": ["confront", "body", "element_tool", "say", "choice", "sense"],
         "aftermath": ["ending", "element_cost"],  # morning: no more night weather, no more stock unease
         "scene": ["sense", "search", "sign", "dread"]}
#: how a beat follows from the one before (its reason is that beat's change)
CONNECT = {"arrival": ["So", "That was why"], "first_sign": ["That was when", "Then"],
           "investigation": ["So", "Because of that,", "Next"], "escalation": ["Then", "It was then that"],
           "reversal": ["And then", "At last"], "climax": ["So it came to this:", "In the end"],
           "aftermath": ["Afterwards,", "When it was over,"], "scene": ["Then"]}
#: what only someone who speaks does
SPEECH = re.compile(r'"|\b(said|say|asked|talked|chattered|laughed|lied|answered|admitted|spoke)\b')
#: what may be told in any beat once a beat's own templates run out
LOOSE = {"sense", "dread", "search", "body", "arrive", "sign", "companion", "say", "element_find", "choice"}
JOB_POOL = {"clue": "element_clue", "tool": "element_tool", "cost": "element_cost"}
#: a scene's sounds, smells and textures at most: more is a list of sensed things, not a scene
MOST_SENSES = 2
#: a beat's scenes that find something that matters (more, and every look finds a clue)
MOST_FOUND = 2
#: bank words told before a template is used again: never in a story of up to 3,000 words (it tells
#: fewer bank words than that). A story of 3,000 words once ran out of lines two thirds of the way
#: (2,492 words) and came back only by saying lines again 1,250 bank words on (eight stories:
#: 2,705-3,004 words, up to 2.9 % of five-word runs said twice). With more dread, search, sense,
#: body, reread and spoken lines, the same eight come out at 2,794-3,002 words with no line told
#: twice and 0.6-1.6 % of five-word runs said twice; a gap of 1,800 would bring lines back for a
#: few words more (2,870-2,997, up to 1.8 %), 1,250 for more again (2,904-2,994, up to 2.8 %)
REUSE_AFTER = 3000
#: what a climax says once, not over and over ("the turbine hesitated" ... "the turbine gave ground" ...)
ONCE_IN_CLIMAX = {"element_tool", "choice"}
#: what any beat says once: a sign of something unseen ("Something in the yard breathed out with her.
#: Through the yard, past the scrap pile, something kept pace. Something was amiss in the yard.")
ONCE_A_BEAT = {"sign"}
#: lines of the bank that name the antagonist, besides its approach, in one beat at most: it is told
#: once a beat, not named in every other sentence ("the dryer" 40 to 60 times in 1,200 words)
NAMED_IN_BEAT = 1
#: how often a story may say one of its place's sounds, smells or textures in full: a sound heard a
#: fourth time becomes a refrain ("the tannoy chiming" fifteen times in one crossing), and what makes
#: it is no sound ("The ice again, nearer the hut."): a spent sound is not said at all; a fixture as
#: often as the story needs it; a place's description once ("The hut: a plywood hut on runners" and
#: "The hut, then: a plywood hut on runners" in one beat)
MOST_SAID = {"sound": 3, "smell": 3, "touch": 3, "fixture": 99, "description": 1}
#: ... in a story of this many words; a longer story may say each a little more often
SAID_PER = 1200
#: a fixture or place said this often (in SAID_PER words) is tired: a sentence without one is preferred,
#: so a world with few ("the radio", "the log book") does not name them in every other sentence
TIRED = 8
#: a phrase of this many words or more is said twice at most ("water slapping against the pilings",
#: "chairs set out for people who had not come")
LONG = 5


class Sentence:
    """One sentence of a beat, or of a small scene (``scene``: its number; 0 for none), or a whole
    scene once its sentences are joined (``join``)."""
    __slots__ = ("text", "must", "soft", "scene")

    def __init__(self, text, must=False, soft=False, scene=0):
        self.text, self.must, self.soft, self.scene = text, must, soft, scene

    @property
    def words(self):
        return len(self.text.split())


class Writer:
    def __init__(self, plan, voice, request, rng, world):
        self.plan, self.voice, self.rng, self.world = plan, voice, rng, world
        self.bank = templates()
        self.variants = variants()
        self._variant = re.compile(r"(?<![{\w])(" + "|".join(sorted(self.variants, key=len, reverse=True)) + r")(?![\w}])")
        self.used = {}  # a template's id -> the bank words told when it was last used
        self.words_told = 0  # words of the bank's lines told so far
        self.scenes = 0  # the small scenes written so far (each one's sentences carry its number)
        self.sentences = set()  # each sentence of the bank said so far: none twice, even within another line  # the templates of scenes said a second time (of another fixture)
        names = [x for p in [*plan.cast, *plan.elements] for x in (p.name, getattr(p, "handle", ""))]
        self.hour = Hour(getattr(plan, "time_of_day", ""), getattr(plan, "weather", ""),
                         [*names, plan.setting or request.setting or ""])
        # no fridge in an 1887 story, unless the writer's own words bring one (a key element, a name)
        self.year = story_year(plan.setting or request.setting or "")
        self.own_words = " | ".join([*names, plan.setting or request.setting or ""])
        words = dict(palette(), night=self.hour.night_words(palette()["night"]))  # "the long day" at noon
        self.palette = {k: rng.choice(v) for k, v in sorted(words.items())}
        self.said = set()
        self.picked = {}
        self.imitated = False
        ins = plan.instructions
        self.avoid = _avoid(ins.avoid)
        self.focus = _focus(ins.focus, getattr(ins, "dialogue", ""))
        self.fmt = ins.format
        self.dialogue = request.include_dialogue and self.fmt not in ("logbook",)
        self.places = {p.id: p for p in plan.places}
        self.written = set()
        self._fitting = {}
        self.tiny = False
        self.elements = {e.id: e for e in plan.elements}
        self.seen_villain = False
        self.sight = Sight(plan, request, rng)
        self.approach = Approach(plan)
        self.named = {}  # the bank's lines that named the antagonist, by beat
        self.element_said = {}
        self.visited = set()
        self.heard = {}  # how often each sound, smell, texture and fixture has been written
        self.surfaces = set()  # the lines that lay a thing on their fixture (a surface)
        self.frames_said = set()  # the body's and the senses' frames told so far: each once a story
        self.scene_body = self.body_before = False  # a body sensation in this scene, in the one before
        self.scene_senses = 0  # the sounds, smells and textures of this scene
        self.scene_adverbs = set()  # its adverbs ("faintly" once a scene)
        self.scene_sounds, self.in_scene = 0, False  # its sounds (one a scene), and whether one is being written
        #: the antagonist's bare ordinary head ("the light" of "the light that is not on any chart"): a
        #: template that says it ("turned the printout to the light") reads as the antagonist
        bare = next((parse_phrase(p.name).head for p in plan.cast if p.role == "antagonist"
                     and epithet_handles(p.name)), "")
        self.bare_villain = re.compile(r"(?i)\bthe " + re.escape(bare) + r"\b") if bare else None
        scale = max(1.0, target_words(request.length_words) / SAID_PER)
        self.most_said = {key: round(most * scale) for key, most in MOST_SAID.items()}
        self.most_said["description"] = MOST_SAID["description"]
        self.tired = round(TIRED * scale)
        kind = twist_kind_of(plan)
        about = plan.twist.about
        others = [p for p in plan.cast if p.role == "supporting"]
        self.short = target_words(request.length_words) < SHORT
        self.company = Company(plan, voice, rng, self.dialogue, kind, self.short)
        if kind == "dead_hero":
            self.avoid.add("hero_alive")
        if kind == "dead_other" and others and about == others[0].id:
            self.avoid.add("companion_alive")

    # --- slots ---------------------------------------------------------------------------------
    def _pick(self, items, key):
        # a sound is said in full or not at all: what makes it ("the ice", "the tannoy") is no sound
        # ("The ice again, nearer the hut."); a place's sounds spent, the world's and then stray ones
        # a long phrase ("chairs set out for people who had not come") is said twice at most
        items = [i for i in items if i and not self._worn(i) and not self._spent(i, key)]
        if not items:
            return ""
        fresh = [i for i in items if (key, i) not in self.said] or items
        if key == "fixture":  # the one said least so far: a place's things take turns, none is a refrain
            least = min(self.heard.get((key, i), 0) for i in fresh)
            fresh = [i for i in fresh if self.heard.get((key, i), 0) == least]
        choice = self.rng.choice(fresh)
        self.said.add((key, choice))
        self.picked[choice] = self.picked.get(choice, 0) + 1
        return choice

    def _sense(self, key, place):
        """A fixture, sound, smell or texture of ``place`` (or its world) not yet said too often."""
        if key == "fixture":
            here = {place.name.lower(), (place.handle or "").lower()}
            return self._pick([f for f in place.fixtures or self.world.get("fixtures", []) if f.lower() not in here],
                              "fixture")
        if key == "sound":
            # a stray sound ("a single knock") is any story's: twice in a story at most, not a refrain
            return self._pick(place.sounds, "sound") or self._pick(self.world.get("sounds", []), "sound") \
                or self._pick([x for x in stray_sounds() if self.heard.get(x, 0) < 2], "sound")
        return self._pick(self.world.get(key + "s" if key == "smell" else key, []), key)

    def _spent(self, phrase, key, need=1):
        most = self.most_said.get(key, 99)
        return self.heard.get(phrase, 0) + need > (min(most, 2) if _long(phrase) else most)

    def _times(self, text, key, value):
        """How often ``text`` says ``value`` in full: a sound said twice is named by its maker the second time."""
        return 1 if key == "sound" and _sounder(value) else _says(text, key)

    def _worn(self, phrase):
        return len(phrase.split()) >= 4 and self.picked.get(phrase, 0) >= 4

    def slots(self, beat, fresh):
        place = self.places.get(beat.place) or self.plan.places[0]
        if place.outdoors and beat.kind == "aftermath":  # looking back: the place where it ended
            climax = next((b for b in self.plan.beats if b.kind == "climax"), None)
            place = self.places.get(climax.place, place) if climax else place
        companion = next((self.voice.cast[c] for c in beat.who if self.voice.cast[c].role == "supporting"), None)
        element = next((self.elements[e] for e in beat.elements if e in self.elements), None)
        s = self.voice.hero_slots(fresh)
        s.update(place=place.handle or place.name, home=self.plan.setting_short,
                 **{key: self._sense(key, place) for key in ("fixture", "sound", "smell", "touch")},
                 weather=self.world.get("weather", ""), outside=self.world.get("outside", ""))
        s["_place"] = place
        s["description"] = place.description or ""
        s["companion"], s["element"] = companion, element
        return s

    def _have(self, beat, s):
        have = {k for k in ("fixture", "sound", "smell", "touch", "description", "next") if s.get(k)}
        if s.get("sound"):  # a thud is not followed, nor does it go on
            have |= sound_needs(s["sound"])
        if is_surface(s.get("fixture") or ""):  # a thing is laid on a table, not on the goat-hair walls
            have.add("surface")
        if s["companion"] is not None:
            have.add("companion")
        if s["element"] is not None:
            have.add("element")
            if _readable(s["element"].name):  # read, dated, named in: a page, not a fishing net
                have.add("readable")
            have |= settled(self.plan, beat, s["element"])  # given up at the choice: not held after it
            if getattr(s["element"], "portable", True):  # turned to the light, kept by a fixture: not a balcony
                have.add("portable")
        if self.world.get("weather") and self.world.get("has_sky"):
            have.add("sky")
        if self.seen_villain:
            have.add("antagonist_seen")
        have.add("visible" if self.sight.kind not in ("voice", "presence") else "unseen")
        if self.dialogue:
            have.add("dialogue")
        place = self.places.get(beat.place)
        have.add("outdoors" if place is not None and place.outdoors else "indoors")
        if self.world.get("built", True):  # dust, cobwebs and walls: not in a truck's cab, nor on a salt flat
            have.add("built")
        return have

    def fill(self, template, beat, s):
        s = dict(s)
        if "{E}" in template.text and s.get("element") is not None and any(
                "{" + key + "}" in template.text and head(s["element"].name) == head(s.get(key) or "")
                for key in ("fixture", "next", "place")):  # "the book pointed at the book", "the cable led: the cable"
            return ""
        if "{sound" in template.text and "{fixture}" in template.text and s.get("sound") and s.get("fixture") and \
                s["fixture"].lower() in s["sound"].lower():  # "An ear to the compressors: the compressors."
            return ""
        for key in self.most_said:  # the beat's slots are drawn for a few sentences: one may be spent since
            if _says(template.text, key) and s.get(key) and \
                    self._spent(s[key], key, self._times(template.text, key, s[key])):
                s[key] = self._sense(key, s["_place"]) if s.get("_place") else ""
                if not s[key] or self._spent(s[key], key, self._times(template.text, key, s[key])):
                    return ""  # nothing left to hear here that would not be a refrain
                if key == "sound" and not template.needs & set(SOUND_NEEDS.values()) <= sound_needs(s[key]):
                    return ""  # the sound drawn again does not do what the sentence says (go on, be followed)
        if "surface" in template.needs and not is_surface(s.get("fixture") or ""):
            return ""  # drawn again above: not a thing to lay anything on
        values = dict(self.palette, **s)
        text = number(template.text, values)
        referred = bool(s.get("_refer")) and referable(template.text) and bool(s.get("fixture"))
        if referred:  # the scene's thing, named already: "it", "behind it", "they would not give"
            text = refer(text, is_plural(s["fixture"]))
        for key in self.most_said:
            if _says(text, key) and values.get(key):  # said again in the sentence, by its maker if it has one
                self.heard[values[key]] = self.heard.get(values[key], 0) + self._times(text, key, values[key])
        for key in ("fixture", "place"):
            if "{" + key + "}" in text and values.get(key):
                self.heard[(key, values[key])] = self.heard.get((key, values[key]), 0) + text.count("{" + key + "}")
        if "{C" in text and s["companion"] is not None:
            values.update(self.voice.person_slots(s["companion"], "C"))
        if "{A" in text and self.voice.villain is not None:
            values.update(self.voice.person_slots(self.voice.villain, "A"))
        if "{E}" in text and s["element"] is not None:
            values["E"] = self.element_name(s["element"])
        text = re.sub(r"\[([^\[\]]*)\]", lambda m: self.rng.choice(m.group(1).split("|")), text)
        text = self._variant.sub(lambda m: self.rng.choice(self.variants[m.group(1)]), text)
        seen, said = set(), {}

        def slot(m):
            key = m.group(1)
            if key == "I" and key in seen and self.voice.perspective == "third":
                said["I"] = self.voice.hero_slots(False)["I"]
                return said["I"]
            if key == "I":
                said["I"] = str(values.get("I", ""))
            if key == "was" and said.get("I") in ("they", "you"):  # "they were", after "Rowan was"
                return "were"
            if key in ("sound", "sound_noun") and "sound" in seen:  # "This was not the dryers turning; I knew the dryers by now"
                return _sounder(str(values.get("sound", ""))) or sound(str(values.get("sound", ""))).noun
            if key in ("sound", "sound_noun") and values.get("sound"):  # "a bucket being emptied", "the sound of water running"
                seen.add("sound")
                heard = sound(str(values["sound"]))
                return heard.noun_by(self.rng) if key == "sound_noun" else heard.heard
            if key in ("A", "C") and key in seen:  # "{A} looked back at {A}": the second time, its short handle
                person = self.voice.villain if key == "A" else s["companion"]
                return (self.voice.handles.get(person.id) or [values[key]])[-1]
            seen.add(key)
            return str(values.get(key, ""))
        out = re.sub(r"\{(\w+)\}", slot, text)
        out = told_at(out, s.get("_place"))  # "at the counter", "by the outdoor pool": the place's own preposition
        out = re.sub(r"([.!?] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), out).replace(" ,", ",")
        out = an_or_a(out)  # "a instant" -> "an instant", "A outline" -> "An outline"
        if _doubled(out):  # a slot ending on the word the line goes on with: "a bird that stopped stopped"
            return ""
        if self.voice.perspective == "second":
            out = re.sub(r"\b([Yy]ou) was\b", r"\1 were", out)
        for key in ("place", "fixture", "E", "home"):  # "the washers were", "the sleeping mats held their breath"
            if values.get(key) and isinstance(values[key], str) and is_plural(values[key]):
                out = agree(out, values[key])
        if referred and is_plural(s["fixture"]):
            out = agree(out, "they")
        return _cap(out)

    def company_slots(self, s):
        """What a supporting person's line may name: the protagonist, the beat's place, the setting and
        its key element."""
        element = s.get("element")
        return dict(self.voice.hero_slots(False), place=s.get("place", ""), home=self.plan.setting_short,
                    E=(element.handle or element.name) if element is not None else "")

    def element_name(self, element):
        said = self.element_said.get(element.id, 0)
        self.element_said[element.id] = said + 1
        return element.name if said == 0 else element.handle or element.name

    # --- a beat --------------------------------------------------------------------------------
    def beat(self, beat, budget, first):
        look = None
        s = self.slots(beat, True)
        out = [Sentence(self.spine(beat, first), must=True)]
        if self._names_villain(out[0].text):  # the plan's line named it: the bank's lines need not again
            self.named[beat.id] = self.named.get(beat.id, 0) + 1
        if beat.kind == "reversal":  # unmasked as the reveal says it: every line after it calls them by name
            out.extend(Sentence(t, must=True) for t in self.unmask())
        if first and self.voice.perspective != "third":  # the narrator is named early, by the one who greets them
            greeting = self.one("greet", beat, dict(s, called=self.voice.called())) or \
                self.one("greet_plain", beat, dict(s, called=self.voice.called()))
            if greeting:
                look = Sentence(greeting, must=True, soft=True)  # kept next to the opening line
                out.append(look)
        if self.voice.villain is not None and self.voice.villain.id in beat.who:
            subject, obj = self.voice.hero_slots(False)["I"], self.voice.hero_slots(False)["me"]
            line = self.sight.first(subject, obj) if not self.seen_villain else (
                self.sight.close(self.voice.name(self.voice.villain), subject, obj) if beat.kind == "climax" else "")
            if line:
                look = Sentence(_cap(line), must=True, soft=self.tiny)
                out.append(look)
            self.seen_villain = True
        level = self.approach.level(beat) if self.voice.villain is not None else None
        if level is not None and look is None:
            line = self.one(self.approach.does(level), beat, s, any_kind=True)
            if line:  # a trace may go when the story runs long, as may any of a short story's
                out.append(Sentence(line, must=True, soft=self.tiny or self.short or level < GLIMPSE))
                self.approach.told(level)
        elif level is not None:  # seen plainly already, or up close: no trace of it after, no second telling
            self.approach.told(max(level, GLIMPSE))
        after = ""  # what the key element made the protagonist do: told last, so the next beat follows from it
        for element_id in beat.elements:
            element = self.elements.get(element_id)
            if element is None or GIVEN in settled(self.plan, beat, element):  # handed over: not used
                continue
            # at a choice the companion speaks for themselves: the element's line does not name them first
            # ("The token did not match what Mrs. Tsereteli had said. She shook her head: ...")
            here = dict(s, element=element, companion=None if getattr(getattr(beat, "choice", None), "taken", "") else s["companion"])
            line = next((line for does in (JOB_POOL[element.job], "element_find", "element_clue", "element_tool")
                         for line in [self.one(does, beat, here, any_kind=True)] if line), "")
            if line:
                out.append(Sentence(line, must=True, soft=self.tiny))
                after = after or self.after_element(beat, s, element)
        if beat.clue:
            out.append(Sentence(self.voice.tell(beat.clue), must=True, soft=self.tiny))
        # a very short story may drop them, as it drops all but its plan's own lines
        plural = [n for n in (s.get("place"), self.plan.setting_short) if n and is_plural(n)]
        for line in self.company.lines(beat, self.company_slots(s)):
            for noun in plural:  # "One winter the sleeping tents were shut," as the bank's own lines agree
                line = agree(line, noun)
            out.append(Sentence(line, must=True, soft=self.tiny))
        out[1:1] = [Sentence(line, must=True, soft=self.tiny) for line in self.company.early if line]  # met at their post
        out.extend(Sentence(t, must=True) for t in self.imitation(beat))
        if beat.kind == "reversal":
            out.extend(Sentence(t, must=True) for t in self.recall(beat))
        pools = list(POOLS.get(beat.kind, POOLS["scene"]))
        if "sounds" in self.focus:
            pools.insert(1, "sense")
        if "body" in self.focus:
            pools.insert(1, "body")
        if "dialogue" in self.focus and self.dialogue:
            pools[1:1] = ["say", "say"]
        if beat.place not in self.visited:
            self.visited.add(beat.place)
            outdoors = getattr(self.places.get(beat.place), "outdoors", False)
            arrive = self.one("arrive_out" if outdoors else "arrive", beat, self.slots(beat, False))
            if arrive:
                out.insert(1, Sentence(arrive))
        written = sum(x.words for x in out)
        changes = Sentence(self.voice.tell(beat.changes), must=True, soft=True) if beat.changes and not first else None
        if changes is not None and beat.kind == "aftermath" and restates(changes.text, self.plan.twist.reveal):
            changes = None  # the twist was told at its beat: the ending does not say it over again
        if changes is not None and changes.text in self.written:
            changes = None  # said already, the same way: once is enough
        elif changes is not None:
            self.written.add(changes.text)
        written += changes.words if changes else 0
        once = {}  # the climax tells its confrontation once: one sight of the antagonist, one use of the tool
        if beat.kind == "aftermath":  # the morning after: its own few lines, no scene
            written = self.loose(beat, pools, out, written, budget, once)
        if "weather" in pools:  # the weather, in a paragraph of its own: what it does to this place
            pools = [p for p in pools if p != "weather"]
            lines = [line for line in (self.one("weather", beat, s), self.one("weather", beat, s)) if line]
            if lines:
                self.scenes += 1
                at = min(2, len(out))
                out[at:at] = [Sentence(line, scene=self.scenes if len(lines) > 1 else 0) for line in lines]
                written += sum(len(line.split()) for line in lines)
        scenes = 0
        while beat.kind != "aftermath" and written < budget:
            lines = self.scene(beat, pools, once, scenes)
            if not lines:
                break
            scenes += 1
            self.scenes += 1  # a scene is a paragraph of its own (its lines joined once renamed: ``join``)
            at = len(out) if len(out) < 3 else self.rng.choice(  # not inside another scene
                [i for i in range(2, len(out) + 1) if i == len(out) or not out[i].scene or out[i].scene != out[i - 1].scene])
            out[at:at] = [Sentence(line, scene=self.scenes if len(lines) > 1 else 0) for line in lines]
            written += sum(len(line.split()) for line in lines)
        if after:
            out.append(Sentence(after, must=True, soft=True))
        if changes:
            out.append(changes)
        if look is not None:  # what it looks like, right after it is first seen
            out.remove(look)
            out.insert(1, look)
        return self.in_hour(out)

    def _names_villain(self, text):
        villain = self.voice.villain
        if villain is None:
            return False
        low = text.lower()
        return any(n and n.lower() in low for n in (villain.name, villain.handle, *self.voice.handles.get(villain.id, [])))

    def in_hour(self, sentences):
        """``sentences`` in the story's own hour and weather: the plan's night made the day in a
        daylight story ("to cover the day shift"), and what still says another hour left out."""
        kept = []
        for sentence in sentences:
            sentence.text = self.hour.mend(sentence.text)
            if sentence.must or (self.hour.fits(sentence.text) and said_then(sentence.text, self.year, self.own_words)):
                kept.append(sentence)
        return kept


    def loose(self, beat, pools, out, written, budget, once):
        """Sentences from the bank, one by one, until the beat's share is written."""
        misses = 0
        i = 0
        broken = sum(fragments(x.text) for x in out)  # one fragment at most ("Sleep came at last. Rust, in it.")
        while written < budget and misses < len(pools) * 6:
            does = pools[i % len(pools)]
            if i % 3 == 0:
                here = self.slots(beat, i % 6 == 0)
            if (beat.kind == "climax" and does in ONCE_IN_CLIMAX or does in ONCE_A_BEAT) and once.get(does):
                i += 1
                misses += 1
                continue
            line = self.one(does, beat, here, any_kind=misses >= len(pools) and does in LOOSE and beat.kind != "aftermath",
                            fragment=0 if broken else 1, spare=True)
            i += 1
            if not line:
                misses += 1
                continue
            once[does] = True
            broken += fragments(line)
            out.insert(len(out) if len(out) < 3 else self.rng.randrange(2, len(out) + 1), Sentence(line))
            written += out[-1].words
        return written

    def scene(self, beat, pools, once, count):
        """A small scene (the lines of one paragraph): one fixture of the place, named once and then
        referred to ("it"), the protagonist doing something by it, noticing, reacting; one fragment
        at most."""
        here = self.slots(beat, count % 2 == 0)
        here["_have"] = self._have(beat, here)  # what the scene's slots offer: the same for each of its lines
        fixture = here.get("fixture") or ""
        if self.heard.get(("fixture", fixture), 0) >= self.tired // 2:  # said often: a scene of something else
            fixture = ""
        size = self.rng.choice(sizes())
        lines, named, broken = [], False, 0  # broken: the fragments said so far
        self.scene_body = False  # the body's answer: once a paragraph at most, and not in the next one
        self.scene_senses, self.scene_adverbs, self.scene_sounds, self.in_scene = 0, set(), 0, True
        for n in range(size):
            focus = bool(fixture) and (n < 2 or self.rng.random() < 0.35)  # then what else is there, or a reaction
            line = ""
            if n == 0 and fixture and once.get("find", 0) < MOST_FOUND:  # looking for something there, first
                line = self.one("search", beat, dict(here, _refer=False), focus=True, fragment=0 if broken else 1)
            if n == 1 and named and once.get("find", 0) < MOST_FOUND:
                # what looking there found that matters now: the element, a trace, the companion (the
                # thing named again: "it" would be the element or the antagonist as well)
                short = f"the {head(fixture)}" if len(fixture.split()) > 2 and head(fixture) else fixture
                line = self.one("find", beat, dict(here, _refer=False, fixture=short), focus=True,
                                fragment=0 if broken else 1)  # "the pot", named in full just before
                once["find"] = once.get("find", 0) + bool(line)
            line = line or self.scene_line(beat, pools, dict(here, _refer=named), once, focus, 0 if broken else 1)
            if not line and focus:  # nothing more to say about it: the scene goes on without it
                line = self.scene_line(beat, pools, dict(here, _refer=named), once, False, 0 if broken else 1)
            if not line:
                break
            if here.get("sound") and _heard_in(here["sound"], line):  # said once a scene, not "the same sound" after
                here["sound"] = ""
                here["_have"] = here["_have"] - {"sound", *SOUND_NEEDS.values()}
            named = named or (bool(fixture) and fixture.lower() in line.lower())
            broken += fragments(line)
            lines.append(line)
        self.body_before, self.in_scene = self.scene_body, False
        return lines

    def scene_line(self, beat, pools, s, once, focus, fragment):
        order = self.rng.sample(pools, len(pools))
        for any_kind in (False, True):
            for does in order:
                if (beat.kind == "climax" and does in ONCE_IN_CLIMAX or does in ONCE_A_BEAT) and once.get(does):
                    continue
                if any_kind and does not in LOOSE:
                    continue
                if does == "sense" and self.scene_senses >= MOST_SENSES:
                    continue
                line = self.one(does, beat, s, any_kind=any_kind, focus=focus, fragment=fragment, spare=True)
                if line:
                    once[does] = True
                    self.scene_senses += does == "sense"
                    return line
        return ""

    def after_element(self, beat, s, element):
        """What using the key element made the protagonist do: where it sends them next, the place
        of the next beat ("Whatever the ice auger meant, it meant the back of the hut")."""
        if element.job not in ("clue", "tool"):
            return ""
        at = next((i for i, b in enumerate(self.plan.beats) if b.id == beat.id), -1)
        later = self.plan.beats[at + 1] if 0 <= at < len(self.plan.beats) - 1 else None
        nxt = self.places.get(later.place) if later is not None else None
        if nxt is None or later.place == beat.place or later.kind == "aftermath":
            return ""
        return self.one("element_after", beat, dict(s, element=element, next=nxt.name), any_kind=True)

    def spine(self, beat, first):
        text = beat.text
        if beat.kind == "hook" and not beat.edited and self.plan.setting:  # "the drying shed", not the whole field
            text = text.replace(definite(self.plan.setting), opening_name(self.plan.setting, self.plan.setting_short))
        line = self.voice.tell(text, as_written=beat.edited)
        if first or self.rng.random() < 0.35:
            return line
        lead = self.rng.choice(CONNECT.get(beat.kind, CONNECT["scene"]))
        if (lead, beat.kind) in self.said or re.match(r"(In|At|On|By|Past|Through)\b", line):
            return line
        if lead.rstrip(",").lower() in line.lower():  # not "When it was over, I walked out when it was over"
            return line
        self.said.add((lead, beat.kind))
        # a name keeps its capital, whatever its letters: "Then Inês heard", not "Then inês heard"
        keep = re.match(r"(I|[^\W\d_a-z][^\W\d_]+(?: [^\W\d_a-z][^\W\d_]+)*)\b", line) \
            and not re.match(r"(In|The|At|By|On|Past)\b", line)
        if re.match(r"You\b", line):  # "That was when you heard", not "when You"
            keep = False
        lower = [n for p in self.plan.cast for n in (p.name, p.handle) if n and n[:1].islower()]
        if any(line.startswith(n[:1].upper() + n[1:]) for n in lower):  # "something unseen" is no name
            keep = False
        return f"{lead} {line if keep else line[:1].lower() + line[1:]}"

    def one(self, does, beat, s, any_kind=False, focus=False, fragment=None, spare=False):
        """A sentence of what ``does``, fitted to ``beat`` and its slots ``s``: with ``focus``, one
        about the fixture of ``s`` (said as "it" once named, ``s["_refer"]``); without
        ``fragment`` (a number), that many fragments at most ("Hot lint, in it."); ``spare``: a
        line to fill the beat, which names the antagonist only if the beat has not yet."""
        if not self.approach.allows(does):  # near already: no more "something, somewhere"
            return ""
        if does == "weather":  # how the weather shows in this place: the world's own lines, each once
            lines = [w for w in self.world.get("weather_lines", []) if w not in self.written and self.hour.fits(w)]
            if not lines or beat.kind not in ("hook", "arrival", "aftermath", "first_sign"):
                return ""
            self.written.add(lines[0])
            return lines[0]
        have = s.get("_have") or self._have(beat, s)
        key = (does, beat.kind, any_kind)
        if key not in self._fitting:  # what fits this kind of beat, perspective and format: once a story
            perspective = self.voice.perspective
            self._fitting[key] = [t for t in self.bank.get(does, []) if (any_kind or (
                ("any" in t.kinds or beat.kind in t.kinds) and (not t.perspective or perspective in t.perspective)
                and (not t.format or self.fmt in t.format))) and not (t.tags & self.avoid)
                and not (self.bare_villain is not None and self.bare_villain.search(t.text))]
        narrow = (key, focus and (2 if s.get("_refer") else 1), fragment)
        if narrow not in self._fitting:  # about the scene's thing; one fragment at most ("Hot lint, in it.")
            self._fitting[narrow] = [t for t in self._fitting[key] if (not focus or (
                referable(t.text) if s.get("_refer") else "{fixture}" in t.text)) and (
                fragment is None or fragments(t.text) <= fragment)]
        options = [t for t in self._fitting[narrow] if t.needs <= have
                   and self.words_told - self.used.get(t.id, -REUSE_AFTER) >= REUSE_AFTER]
        if s.get("element") is not None:  # nobody carries a door about: lines its kind of thing allows
            options = [t for t in options if "{E" not in t.text or fits(t.text, {"E": s["element"].name})]
        if self.named.get(beat.id, 0) >= NAMED_IN_BEAT and (spare or does.startswith("element_")):
            # named in this beat already: the key element's line says what it does without naming it
            # again ("Against that guest, the key held"), if the bank has one
            unnamed = [t for t in options if "{A" not in t.text]
            options = unnamed if unnamed or spare else options
        if not does.startswith("approach_"):
            options = [t for t in options if self.approach.fits(t.text)]
        if not options:
            return ""
        if self.focus:
            preferred = [t for t in options if t.tags & self.focus]
            options = preferred or options
        for key in ("fixture", "place"):  # tired of it: a sentence of something else, if there is one
            if not focus and s.get(key) and self.heard.get((key, s[key]), 0) >= self.tired * 3 // 4:
                options = [t for t in options if "{" + key + "}" not in t.text] or options
        if s["companion"] is not None and (s["companion"].pronouns == "it" or is_quiet(
                f"{s['companion'].name}, {s['companion'].look}")):  # a dog, or someone who does not speak
            if does in ("say", "greet"):
                return ""
            options = [t for t in options if "{C" not in t.text or not SPEECH.search(t.text)]
        for template in self.rng.sample(options, min(4, len(options))):
            if self.in_scene and "sound" in template.needs and self.scene_sounds:
                continue  # one sound a scene: two are a list of what was heard
            self.used[template.id] = self.words_told
            line = self.fill(template, beat, s)
            # its sentences, without the subject a later read-back may make a pronoun ("Clara thought
            # of the road out" and "She thought of the road out" are one sentence said twice)
            said = [" ".join(x.split()[1:]).lower() for x in SENTENCE_PIECES.split(line) if len(x.split()) > 2]
            if fragment is not None and line and fragments(line) > fragment:  # a fragment once filled in
                continue
            if line and not does.startswith("approach_") and not self.approach.fits(line):
                continue  # "Something dragging, caught, then lost.": a sound of something unseen, filled in
            if line and line not in self.written and self.hour.fits(line) and said_then(line, self.year, self.own_words) \
                    and not any(x in self.sentences for x in said):
                if frames(line) & self.frames_said or (body_frames(line) and (self.scene_body or self.body_before)):
                    continue  # "her neck prickled" after "my arms prickled"; two of the body's answers in a row
                if _adverbs(line) & self.scene_adverbs:
                    continue  # "From the tents, faintly: a knock. The rugs ticked faintly at her touch."
                self.frames_said |= frames(line)
                self.scene_body = self.scene_body or bool(body_frames(line))
                self.scene_adverbs |= _adverbs(line)
                self.scene_sounds += self.in_scene and "sound" in template.needs
                self.written.add(line)
                self.words_told += len(line.split())
                self.sentences.update(said)
                if "surface" in template.needs:
                    self.surfaces.add(line)
                if "{A" in template.text:
                    self.named[beat.id] = self.named.get(beat.id, 0) + 1
                return line
        return ""

    def imitation(self, beat):
        """An antagonist that imitates: once the companion has left for good (never before), something
        comes back wearing their face, once."""
        if getattr(self.plan, "method", "") != "imitation" or self.imitated:
            return []
        gone = next((i for i, b in enumerate(self.plan.beats) if getattr(getattr(b, "choice", None), "leaves", False)), None)
        at = next((i for i, b in enumerate(self.plan.beats) if b.id == beat.id), -1)
        others = [p for p in self.plan.cast if p.role == "supporting"]
        if gone is None or at <= gone or not others or beat.kind == "aftermath":
            return []
        self.imitated = True
        name = others[0].handle or others[0].name
        subject = self.voice.hero_slots(False)["me"]
        return [f"Something came back to {subject} wearing {name}'s face, and smiled with it a little wrong."]

    def unmask(self):
        """A companion unmasked as the killer: the masked one had been them, and is them from now on."""
        villain = self.voice.villain
        about = self.voice.cast.get(self.plan.twist.about)
        if villain is None or about is None or about.role != "supporting" or twist_kind_of(self.plan) != "culprit" \
                or "mask" not in villain.name:
            return []
        name = about.handle or about.name
        self.voice.handles[villain.id] = [name]
        self.voice.full_said[villain.id] = 2
        return [_cap(f"{villain.name} had been {name} all along.")]

    def recall(self, beat):
        """The twist's clues gone over again, unless the reveal's own line re-reads one already
        ("So that is why ..."): then the list would only say them a second time."""
        clues = [b.clue for b in self.plan.beats if b.id in self.plan.twist.clues and b.clue]
        if len(clues) < 2 or rereads(beat.text, clues):
            return []
        told = [c.rstrip(".") for c in clues[:3]]
        told = [t[:1].lower() + t[1:] if re.match(r"(The|Nobody|Someone|There|Every|Each|A|An)\b", t) else t for t in told]
        home = self.plan.setting_short
        lead = self.rng.choice([f"From the start, {home} had shown it", f"{_cap(home)} had shown it plainly",
                                f"{_cap(home)} had said it twice over", "The signs had been there",
                                f"Every sign in {home} had pointed the same way"])
        return [self.voice.tell(f"{lead}: " + "; ".join(told))]


def join(sentences):
    """``sentences`` with each small scene's sentences made one (a paragraph of its own, kept or
    dropped whole when the story is fitted to its length)."""
    out = []
    for sentence in sentences:
        if sentence.scene and out and out[-1].scene == sentence.scene:
            out[-1].text += " " + sentence.text
        else:
            out.append(sentence)
    return out


#: after a plural noun, what its verbs and pronouns become (each pattern is what follows the noun)
_AGREE = [(r" wasn't\b", " weren't"), (r" isn't\b", " aren't"), (r" hasn't\b", " haven't"), (r" doesn't\b", " don't"),
          (r" was\b", " were"), (r" is\b", " are"), (r" has\b", " have"), (r" does\b", " do"),
          (r"( \w+(?: \w+)?) its\b", r"\1 their"), (r"( \w+) itself\b", r"\1 themselves"),
          (r"(,? as if) it (was|were)\b", r"\1 they were"),
          (r"([,;][^.;:\"]{0,25}?) it (would|did|had)\b", r"\1 they \2"),
          (r"([,;][^.;:\"]{0,25}?) it was\b", r"\1 they were"),
          (r"(, then \w+| (?:under|around|behind)|, (?:under|around)) it\b", r"\1 them")]


#: a template's word that goes with a slot's number: "{fixture:was/were}" is "was" after "the stove",
#: "were" after "the bedrolls" ("How long {fixture:has/have} {fixture} been like that?")
NUMBER = re.compile(r"\{(place|fixture|home|E):([^/{}]+)/([^/{}]+)\}")
#: a noun after one of these is not the subject: "Someone in the tents was waiting"
_PREPOSITIONS = frozenset("in on at by near into onto over under behind past through from of with beside round "
                          "around across along among inside outside".split())


def number(text, values):
    """``text`` with each "{slot:singular/plural}" said as the slot's value needs it."""
    def word(m):
        value = values.get(m.group(1))
        name = getattr(value, "name", value)
        return m.group(3) if isinstance(name, str) and name and is_plural(name) else m.group(2)
    return NUMBER.sub(word, text)


def agree(text, noun):
    """``text`` with the verbs and pronouns after a plural ``noun`` made plural: "the washers held
    their breath", "I tried the reclining seats; they would not give"."""
    if noun.lower() not in text.lower():
        return text
    def inflect(m, r):
        before = re.search(r"(\w+)\W*$", m.string[:m.start()])
        if r[1:2].isalpha() and before and before.group(1).lower() in _PREPOSITIONS:
            return m.group(0)  # "Someone in the tents was waiting": the tents are not who waits
        return m.group(1) + re.sub(r"\\(\d)", lambda g: m.group(int(g.group(1)) + 1) or "", r)
    for pattern, repl in _agreeing(noun):
        text = pattern.sub(lambda m, r=repl: inflect(m, r), text)
    return text


@lru_cache(maxsize=512)
def _agreeing(noun):
    """The patterns of ``_AGREE`` after ``noun``, compiled once."""
    return [(re.compile("((?i:" + re.escape(noun) + "))" + pattern), repl) for pattern, repl in _AGREE]


@lru_cache(maxsize=1024)
def _readable(name):
    return is_readable(name)


@lru_cache(maxsize=4096)
def _long(phrase):
    return len(phrase.split()) >= LONG


_NOT_VERBS = frozenset("ceiling ring thing nothing something anything everything morning evening building "
                       "wing spring string king ding".split())
_NOT_A_MAKER = frozenset("like of in on at from through against over under by with".split())


def _heard_in(said, line):
    """Whether ``line`` says the sound ``said`` (by its last word: "the hum of lights left on for
    nobody", "a sound like a washer shuddering into its spin")."""
    words = re.findall(r"[a-z']+", said.lower())
    return bool(words) and re.search(r"\b" + re.escape(words[-1]) + r"\b", line.lower()) is not None


@lru_cache(maxsize=4096)
def _adverbs(text):
    """The adverbs of ``text`` ("faintly", "unhurriedly"; not "only", "early"): a scene says each once."""
    return frozenset(w.lower() for w in re.findall(r"\b[A-Za-z]{5,}ly\b", text)) - _not_adverbs()


@lru_cache(maxsize=1)
def _not_adverbs():
    return frozenset(lines_data()["not_adverbs"])


def _says(text, key):
    """How often ``text`` has the slot ``key`` (a sound, as heard or as a noun: "{sound}", "{sound_noun}")."""
    return text.count("{" + key + "}") + (text.count("{sound_noun}") if key == "sound" else 0)


def _sounder(sound):
    """What makes a sound, to name it by once it has been heard in full: "the tannoy chiming" ->
    "the tannoy", "snow creaking underfoot" -> "the snow"; "" when nothing does ("the fluorescent hum")."""
    words = sound.split()
    at = next((i for i, w in enumerate(words) if i and w.endswith("ing") and w not in _NOT_VERBS), 0)
    if at and (words[at - 1].endswith(",") or words[at - 1] in ("then", "and")):  # "a knock, then nothing"
        return ""
    if not at or words[0] in ("something", "someone", "nothing") or words[at - 1] in _NOT_A_MAKER:
        return ""
    head = words[:at]
    if head[0] not in ("the", "a", "an"):
        head = ["the", *head]
    elif head[0] in ("a", "an"):
        head[0] = "the"
    return " ".join(head)


def _avoid(items):
    """The bank's tags an instruction rules out ("no gore", "keep the violence offstage")."""
    out = set()
    for item in items:
        low = item.lower()
        out |= {tag for word, tag in (("gore", "gore"), ("blood", "gore"), ("violence", "violence"),
                                       ("death", "violence"), ("supernatural", "supernatural")) if word in low}
    return out


def _focus(items, dialogue=""):
    """The bank's tags a focus prefers ("the drums, the fluorescent hum" are sounds; "skin, breath" the body)."""
    out = {"dialogue"} if dialogue == "more" else set()
    for item in items:
        low = item.lower()
        if any(w in low for w in ("sound", "hum", "drum", "noise", "coin", "voice", "music", "silence")):
            out.add("sounds")
        if any(w in low for w in ("body", "skin", "breath", "hand", "blood", "bone", "flesh")):
            out.add("body")
        if "dialogue" in low or "conversation" in low:
            out.add("dialogue")
    return out


def twist_kind_of(plan):
    from ..beats.clues import twist_kind
    return twist_kind(plan) if plan.twist.reveal else ""


def _doubled(text):
    """Whether a word is said twice running ("stopped stopped", "in in"), but for "had had", "that that"."""
    return any(m.group(1).lower() not in ("had", "that") for m in _DOUBLED.finditer(text))


_DOUBLED = re.compile(r"\b(\w+)\s+\1\b", re.I)


def _cap(text):
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
    return text
