"""Turns a ``StoryRequest`` into a story: plan the beats, fill them from templates, fit the length.

The story has four sections (beginning, escalation, twist, ending) with word budgets. Each section
is a list of beats: required beats carry a form field (setting, people, key elements, twist...),
optional beats (recurrences, extra senses) and fillers (imagery) carry mood. After writing, the
length is fitted to the target by adding or dropping fillers, never required beats, and the
sentences are grouped into paragraphs whose size follows the pacing.
"""
import random
import re
from dataclasses import dataclass

from . import phrasebank as pb
from . import templates as tp
from .composer import Deck, expand, tidy
from .grammar import (Person, Voice, as_noun_phrase, capitalize_first, definite, guess_gender,
                      lower_first, split_list)
from .pacing import pacing_profile
from .titles import make_title

AT_TIME = {"dawn": "at dawn", "morning": "one morning", "noon": "at noon", "afternoon": "one afternoon",
           "dusk": "at dusk", "night": "one night", "midnight": "at midnight"}
FIXED_SLOTS = {"S", "SN", "O", "POS", "POS_CAP", "REFL", "WAS", "PLACE", "PLACE_CAP", "NAME", "A", "A_CAP",
               "C", "C_POS", "C_OBJ", "C_PRON", "C_WAS", "AF", "AF_CAP", "SETTING", "SETTING_CAP"}
PLAIN_SLOTS = {"{sign}", "{mood_atmos}", "{body_cap}."}
NO_LEAD = {"In", "At", "Under", "By", "For", "Somewhere", "Out", "As", "When", "Then", "Just", "Again",
           "Still", "Even", "Meanwhile", "Once", "After", "Before", "Minutes", "Later", "Much", "Deeper",
           "Further", "On", "Without", "Some", "Every", "Past", "Nothing", "Close", "Far", "With", "Around",
           "Worse", "Sure", "Before", "Strangest", "All", "Little", "Not"}
SENSORY = re.compile(r"\{(smell|sound|sound_cap|texture|wx_touch|wx_sound)\}|\b(smell|scent|stench|odour|reek)")
SPLITTABLE = {"people", "genre", "mood", "sense"}  # required beats intense pacing may split
UNDECORATED = {"twist", "ending", "opening", "intro", "speech"}
SECTIONS = (("begin", 0.22, 10, "Setting the scene"), ("escalate", 0.46, 35, "Building dread"),
            ("twist", 0.18, 65, "Twisting the knife"), ("end", 0.14, 85, "Finalizing"))
REQUIRED, OPTIONAL, FILLER = 0, 1, 2
GENERIC_COMPANIONS = ["the old caretaker", "a stranger from the village", "the night porter"]
_PROMPT_PREFIX = re.compile(
    r"(?i)^\s*(please\s+)?((write|tell|create|make|include|add|give me|i want|have|feature|show)\s+)?"
    r"((a|an|the)\s+(horror\s+|scary\s+|short\s+)?(story|tale)\s+)?"
    r"((about|where|in which|with|that|featuring)\s+)?")


@dataclass
class Sentence:
    text: str
    words: int
    section: str
    kind: int
    tag: str = ""
    scene_start: bool = False
    speech: bool = False


def target_words(value):
    """``length_words`` as an int in 100..3000; accepts labels 'short', 'medium', 'long'."""
    labels = {"short": 500, "medium": 1500, "long": 2500}
    if isinstance(value, str):
        v = value.strip().lower()
        value = labels.get(v, v)
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = 1000
    return max(100, min(3000, n))


class Mention:
    """A noun phrase named in full the first time and in its definite short form afterwards."""

    def __init__(self, full):
        self.full = full
        self.short = definite(full)
        self.used = False

    def first(self):
        self.used = True
        return self.full

    def later(self):
        if not self.used:
            return self.first()
        return self.short


class StoryWriter:
    def __init__(self, request):
        self.req = request
        key = "|".join(str(v) for v in request.to_dict().values())
        self.rng = random.Random(f"dreadforge:{request.seed}:{key}")
        self.target = target_words(request.length_words)
        self.pace = pacing_profile(request.pacing)
        self.genre = pb.GENRES[pb.genre_key(request.genre)]
        self.mood = pb.MOODS[pb.mood_key(request.mood)]
        self.tier = pb.INTENSITY[pb.intensity_tier(request.intensity)]
        self.time = pb.TIMES[pb.time_key(request.time_of_day)]
        self.weather = pb.WEATHER[pb.weather_key(request.weather)]
        self.used = set()
        self._decks = {}
        self.used_lines = set()
        self.tiny = False
        self._plain = False
        self._section_name = ""
        self._cast()
        self._story_facts()
        self.ctx = self._context()
        self.fillers = {k: self._sensory_ok(v) for k, v in tp.FILLER.items()}

    # --- facts from the form ------------------------------------------------------------------

    def _clean(self, text):
        text = (text or "").strip()
        if not self.req.include_dialogue:
            text = text.replace('"', "'").replace("“", "'").replace("”", "'")
        return text

    def _cast(self):
        req, rng = self.req, self.rng
        names = [self._clean(n) for n in split_list(req.characters)]
        hero_text = self._clean(req.protagonist) or (names[0] if names else "the stranger")
        self.hero = Person.parse(hero_text)
        antagonist = self._clean(req.antagonist) or rng.choice(self.genre["antagonists"])
        low = {hero_text.lower(), self.hero.short.lower(), antagonist.lower()}
        self.companions = [Person.parse(n) for n in names
                           if n.lower() not in low and Person.parse(n).short.lower() not in low]
        if not self.companions:
            self.companions = [Person.parse(rng.choice(GENERIC_COMPANIONS))]
        self.villain = Mention(antagonist)
        people_words = " ".join(p.full + " " + p.short for p in [self.hero, *self.companions]).split()
        self.proper = {w.strip(".,") for w in people_words if w[:1].isupper()}
        self.proper |= {w for w in antagonist.split() if w[:1].isupper()}
        self.proper |= {w.strip(".,") for w in (self.req.setting or "").split() if w[:1].isupper()}
        self.villain_gender = guess_gender(antagonist, "it")
        self.voice = Voice.for_perspective(req.narrative_perspective, self.hero)

    def _story_facts(self):
        req = self.req
        setting = self._clean(req.setting) or "the old house"
        self.setting = Mention(setting)
        if setting[:1].isupper() and not setting.lower().startswith(("the ", "a ", "an ")):
            self.setting.short = setting
        elif not setting.lower().startswith(("the ", "a ", "an ", "some ")):
            self.setting.full = self.setting.short = "the " + setting  # 'old mill' -> 'the old mill'
        self.elements = [as_noun_phrase(self._clean(e)) for e in split_list(req.key_elements)]
        twist = lower_first(self._clean(req.plot_twist))
        if not twist:
            options = self.genre["twists"]
            if target_words(req.length_words) < 220:  # very short stories take the shortest twist
                options = [min(options, key=len)]
            twist = expand(self.rng.choice(options), self._pron_ctx(), self.rng)
        self.twist = twist
        prompt = self._clean(req.custom_prompt)
        prompt = _PROMPT_PREFIX.sub("", prompt, count=1).strip() or prompt
        self.prompt = lower_first(prompt) if prompt else ""

    # --- template context ---------------------------------------------------------------------

    def _sensory_ok(self, templates):
        """Without 'include description', leave out templates that are sensory passages."""
        if self.req.include_description:
            return templates
        return [t for t in templates if not SENSORY.search(t)] or templates

    def _pron_ctx(self):
        forms = self.voice.forms()
        return {"S": forms[0], "O": forms[1], "POS": forms[2], "REFL": forms[3], "WAS": forms[4]}

    def _context(self):
        rng, voice, tier = self.rng, self.voice, self.tier
        forms = voice.forms()
        state = {"plural": forms[0] in ("you", "they")}

        def subj():
            s = voice.subject(rng)
            state["plural"] = s in ("you", "they")
            return s

        def subj_name():
            if voice.perspective == "third":
                voice.name_subject()
                state["plural"] = False
                return self.hero.mention()
            state["plural"] = forms[0] == "you"
            return forms[0]

        def hero_full():
            self.hero.introduced = True
            return self.hero.full

        v = self.villain
        villain_plural = self.villain_gender == "they"
        ctx = {
            "S": subj, "SN": subj_name, "O": forms[1], "POS": forms[2], "POS_CAP": capitalize_first(forms[2]),
            "REFL": forms[3], "WAS": lambda: "were" if state["plural"] else "was",
            "HERO": hero_full, "NAME": self.hero.short,
            "AF": v.first, "AF_CAP": lambda: capitalize_first(v.first()), "A": v.later,
            "A_CAP": lambda: capitalize_first(v.later()),
            "A_PRON": "they" if villain_plural else {"she": "she", "he": "he"}.get(self.villain_gender, "it"),
            "A_OBJ": {"she": "her", "he": "him", "they": "them"}.get(self.villain_gender, "it"),
            "A_WAS": "was",
            "SETTING": self.setting.first, "SETTING_CAP": lambda: capitalize_first(self.setting.first()),
            "PLACE": self.setting.later, "PLACE_CAP": lambda: capitalize_first(self.setting.later()),
            "light": self.time["light"], "light_cap": lambda: capitalize_first(rng.choice(self.time["light"])),
            "wx": self.weather["desc"], "wx_word": self.weather["word"], "wx_verb": self.weather["verb"],
            "at_time": AT_TIME.get(self.time["word"], "one evening"),
            "wx_sound": self.weather["sound"], "wx_touch": self.weather["touch"],
            "mood": self.mood["adj"], "mood_atmos": self.mood["atmos"],
            "mood_cap": lambda: capitalize_first(rng.choice(self.mood["adj"])),
            "dread": tier["dread"], "fear": tier["fear"],
            "fear_cap": lambda: capitalize_first(rng.choice(tier["fear"])),
            "body": tier["body"],
            "body_cap": lambda: capitalize_first(expand(rng.choice(tier["body"]), self.ctx, rng)),
            "act": tier["act"], "image": self.genre["images"], "sign": self._sensory_ok(self.genre["signs"]),
            "threat": self.genre["threat"],
            "sound": pb.SOUNDS, "sound_cap": lambda: capitalize_first(rng.choice(pb.SOUNDS)),
            "smell": pb.SMELLS, "texture": pb.TEXTURES, "surface": tp.SURFACES,
            "move": pb.MOVE, "look": pb.LOOK, "adv": pb.ADV, "dark": pb.NOUN_DARK,
            "arrived": tp.ARRIVED, "reached": tp.REACHED, "where": tp.WHERE,
            "reason": tp.REASONS, "reason2": tp.REASONS2,
            "reason_cap": lambda: capitalize_first(expand(rng.choice(tp.REASONS), self.ctx, rng)),
            "TWIST": self.twist, "PROMPT": self.prompt, "K_HUNG": tp.KEY_HUNG,
            "K_END": lambda: self.elements[0] if self.elements else rng.choice(self.genre["images"]),
        }
        for key, value in list(ctx.items()):
            if isinstance(value, list) and len(value) > 1:
                ctx[key] = Deck(value, rng)
        return ctx

    def _deck(self, templates):
        key = tuple(templates)
        deck = self._decks.get(key)
        if deck is None:
            deck = self._decks[key] = Deck(templates, self.rng)
        return deck()

    def _with_companion(self, ctx, person=None):
        p = person or self.rng.choice(self.companions)
        c = dict(ctx)
        c.update({"C": p.short, "CF": lambda: p.mention(), "C_POS": p.pron[2], "C_OBJ": p.pron[1],
                  "C_PRON": p.pron[0], "C_WAS": "was"})
        return c

    # --- emitting sentences -------------------------------------------------------------------

    def _render(self, templates, extra=None, person=None):
        ctx = self._with_companion(self.ctx, person)
        if extra:
            ctx.update(extra)
        self.voice.new_sentence()
        template = self._deck(templates)
        slots = set(re.findall(r"\{(\w+)\}", template))
        self._plain = not (slots - FIXED_SLOTS) or template in PLAIN_SLOTS
        return tidy(expand(template, ctx, self.rng))

    def _make(self, templates, section, kind, tag="", extra=None, person=None, tries=8, speech=False,
              decorate=True):
        """One new sentence (never a repeat), or None when every try repeated."""
        self._section_name = section
        for _ in range(tries):
            if self.tiny and kind == REQUIRED:
                text = min((self._render(templates, extra, person) for _ in range(3)), key=len)
            else:
                text = self._render(templates, extra, person)
                if decorate and tag not in UNDECORATED:
                    text = self._decorate(text)
            if text not in self.used:
                self.used.add(text)
                return Sentence(text, len(text.split()), section, kind, tag, speech=speech)
        return None

    def _shape(self, sentence):
        """Apply the pacing: split long sentences for fast pacing."""
        if sentence is None or sentence.speech:
            return [sentence] if sentence else []
        if sentence.kind != FILLER and (self.pace.split < 0.45 or sentence.tag not in SPLITTABLE):
            return [sentence]
        if self.rng.random() < self.pace.split and sentence.section != "end":
            parts = re.split(r", and (?=(?:I|you|she|he|they|it|the|a|[A-Z])\b)|; | — |, while |, though ",
                             sentence.text, maxsplit=1)
            if len(parts) == 2 and all(len(p.split()) >= 5 for p in parts):
                out = []
                for p in parts:
                    t = tidy(p.rstrip(".") + ".")
                    if t not in self.used:
                        self.used.add(t)
                        out.append(Sentence(t, len(t.split()), sentence.section, sentence.kind, sentence.tag))
                if len(out) == 2:
                    return out
        return [sentence]

    def _filler(self, section):
        """A filler sentence; slow pacing joins two into one long sentence."""
        pool = self.fillers[section]
        if section in ("escalate", "twist") and self.rng.random() < self.pace.fragment:
            frag = self._make(self._sensory_ok(tp.FRAGMENTS), section, FILLER, "filler", decorate=False)
            if frag:
                return [frag]
        first = self._make(pool, section, FILLER, "filler")
        if first and not self.tiny and self.rng.random() < self.pace.join:
            second = self._make(pool, section, FILLER, "filler", decorate=False)
            if second:
                glue = self.rng.choice([", and ", "; ", ", while ", " — "])
                text = first.text.rstrip(".!?") + glue + self._tail(second.text)
                return [Sentence(text, len(text.split()), section, FILLER, "filler")]
        return self._shape(first)

    def _short_filler(self, section):
        """The shortest of a few undecorated fillers (for squeezing words in where room is tight)."""
        made = [m for m in (self._make(self.fillers[section], section, FILLER, "filler", decorate=False)
                            for _ in range(4)) if m]
        if not made:
            return None
        best = min(made, key=lambda m: m.words)
        for m in made:
            if m is not best:
                self.used.discard(m.text)
        return best

    def _dialogue(self, section, kind):
        """An exchange of quoted speech between named characters."""
        rng = self.rng
        a = rng.choice(self.companions)
        others = [c for c in self.companions if c is not a]
        lines = self.genre["lines"] + tp.DIALOGUE_LINES
        out = []
        line = self._speech_line(lines, a)
        if line:
            if rng.random() < 0.3:
                beat = self._make(tp.ACTION_BEATS, section, kind, "speech", person=a)
                text = (beat.text + " " if beat else "") + f'"{line}"'
            else:
                text = _tag(line, a.short, rng)
            out.append(text)
        if others and rng.random() < 0.4:
            speaker = rng.choice(others).short
        else:
            speaker = self.voice.name_subject() if self.voice.perspective == "third" else self.voice.forms()[0]
        pool = tp.REPLIES + lines
        if speaker in (self.hero.short, "I", "you"):
            pool = [x for x in pool if "{NAME}" not in x]
        reply = self._speech_line(pool, a, hero_speaks=speaker in (self.hero.short, "I", "you"))
        if reply:
            used_verbs = {w for t in out for w in re.findall(r"[a-z]+", t.rsplit('"', 1)[-1])}
            out.append(_tag(reply, speaker, rng, avoid=used_verbs))
        sentences = []
        for text in out:
            text = capitalize_first(text)
            if text in self.used:
                continue
            self.used.add(text)
            sentences.append(Sentence(text, len(text.split()), section, kind, "speech", speech=True))
        return sentences

    def _speech_line(self, lines, person, hero_speaks=False):
        for _ in range(10):
            ctx = self._with_companion(self.ctx, person)
            raw = base = self.rng.choice(lines)
            if base in self.used_lines:
                continue
            if self.rng.random() < 0.45 and not raw.startswith("{NAME}"):
                vocatives = [v for v in tp.VOCATIVES if not (hero_speaks and "NAME" in v)]
                raw = self.rng.choice(vocatives) + raw[0].lower() + raw[1:] if not raw.startswith("I ") and \
                    not raw.startswith("I'") else self.rng.choice(vocatives) + raw
            line = tidy(expand(raw, ctx, self.rng))
            if line not in self.used:
                self.used.add(line)
                self.used_lines.add(base)
                return line
        return None

    def _decorate(self, text):
        """Sometimes add a lead-in and/or a trailing clause (variety across seeds)."""
        rng = self.rng
        lead_p, tail_p = (0.55, self.pace.tail + 0.3) if self._plain else (0.25, self.pace.tail)
        if self._section_name == "end":
            tail_p = 0.35 if self._plain else 0.1
        r = rng.random()
        if self._plain and r >= lead_p and r < 0.85:
            lead_p = 1.0  # a sentence with no slots never appears bare... mostly
        first = text.split(" ", 1)[0].strip(",")
        can_lead = not text.startswith('"') and self._section_name != "end" and first not in NO_LEAD
        tails = tp.TAILS
        if self.pace.split >= 0.45 or self._section_name == "end":
            tails = tp.CLOSE_TAILS  # a fast-pacing split would cut an ', and ...' clause off on its own
        if self._plain and not can_lead:
            tail_p = max(tail_p, 0.6 if self.pace.split >= 0.45 else 0.85)
        if r < lead_p and can_lead:
            lead = expand(self._deck(tp.LEADS), self.ctx, rng)
            overlap = set(re.findall(r"[a-z]{4,}", lead.lower())) & set(re.findall(r"[a-z]{4,}", text.lower()))
            if not overlap:
                text = capitalize_first(lead) + " " + self._tail(text)
        if rng.random() < tail_p and text.endswith(".") and len(text.split()) < 20 and not text.endswith('."'):
            text = text[:-1] + expand(self._deck(tails), self.ctx, rng)
        return text

    def _tail(self, text):
        """``text`` lower-cased at the start unless it opens with a name or 'I'."""
        first = text.split()[0].strip('",.;:!?') if text.split() else ""
        if first == "I" or first in self.proper or not first[:1].isalpha():
            return text
        return text[0].lower() + text[1:]

    def _transition(self, sentence):
        """Open a new scene with a time or place shift (the sentence stays unique)."""
        first = sentence.text.split(" ", 1)[0].strip(",")
        if first in NO_LEAD or "," in sentence.text[:22]:
            return
        for _ in range(4):
            lead = self._deck(tp.TRANSITIONS)
            text = capitalize_first(expand(lead, self.ctx, self.rng)) + " " + self._tail(sentence.text)
            if text not in self.used:
                self.used.add(text)
                sentence.text, sentence.words = text, len(text.split())
                return

    # --- planning -----------------------------------------------------------------------------

    def _beats(self, section, budget, compact):
        """The ordered beats of one section as (callable -> [Sentence]) pairs."""
        req, rng = self.req, self.rng
        def one(tpl, kind=REQUIRED, tag="", **kw):
            return lambda: self._shape(self._make(tpl, section, kind, tag, **kw))

        beats = []
        senses = [tp.SOUND, tp.SMELL, tp.TOUCH]
        rng.shuffle(senses)
        if self.tiny:
            return self._tiny_beats(section, one)
        if section == "begin":
            beats.append(one(tp.OPENING, tag="opening"))
            if self.voice.perspective != "third" or not compact:
                beats.append(one(tp.INTRO[self.voice.perspective], tag="intro"))
            if req.include_description:
                beats.append(one(senses[0], REQUIRED, "sense"))
            beats.append(one(tp.GENRE_IMAGE, REQUIRED, "genre"))
            beats.append(one(tp.MOOD_LINE, REQUIRED, "mood"))
        elif section == "escalate":
            if compact and len(self.companions) > 1:
                names = [c.mention() for c in self.companions]
                people = ", ".join(names[:-1]) + " and " + names[-1]
                beats.append(one(tp.PEOPLE_ALL, tag="people", extra={"PEOPLE": people}))
            else:
                for c in self.companions:
                    beats.append(one(tp.COMPANION, tag="people", person=c))
            beats.append(one(tp.ANTAGONIST_FIRST, tag="villain"))
            if compact and len(self.elements) > 1:
                klist = ", ".join(self.elements[:-1]) + " and " + self.elements[-1]
                beats.append(one(tp.KEYS_ALL, tag="key", extra=_klist(klist)))
            else:
                for k in self.elements:
                    beats.append(one(tp.KEY, tag="key", extra={"K": k, "K_CAP": capitalize_first(k)}))
            if self.prompt:
                beats.append(one(tp.PROMPT, tag="prompt"))
            beats.append(one(["{sign}"], REQUIRED, "genre"))
            if req.include_dialogue:
                beats.append(lambda: self._dialogue(section, REQUIRED))
                for _ in range(int(budget // 350)):
                    beats.append(lambda: self._dialogue(section, OPTIONAL))
            if req.include_description:
                for s in senses[1:]:
                    beats.append(one(s, REQUIRED, "sense"))
            if not compact:
                beats.append(one(tp.SETTING_RECUR, OPTIONAL, "recur"))
                beats.append(one(self.time["recur"], OPTIONAL, "recur"))
                beats.append(one(self.weather["recur"], OPTIONAL, "recur"))
                beats.append(one(tp.ANTAGONIST, OPTIONAL, "villain"))
                beats.append(one(tp.COMPANION_AGAIN, OPTIONAL, "people"))
            lead = (1 if compact and len(self.companions) > 1 else len(self.companions)) + 1  # people, villain
            head, tail = beats[:lead], beats[lead:]
            rng.shuffle(tail)
            return head + tail, lead
        elif section == "twist":
            if not compact:
                beats.append(one(tp.TWIST_BUILD, OPTIONAL, "build"))
            beats.append(one([lead + ": {TWIST}." for lead in tp.TWIST_LEAD], tag="twist"))
            if req.include_dialogue and not compact:
                beats.append(lambda: self._dialogue(section, OPTIONAL))
        else:
            recur = self.weather["recur"] if self.rng.random() < 0.5 else self.time["recur"]
            beats.append(one(recur, tag="recur"))
            beats.append(lambda: self._ending(section))
        return beats, (2 if section == "begin" else 0)

    def _ending(self, section):
        """The closing line, sometimes opened with a looking-back phrase."""
        made = self._make(self._sensory_ok(tp.ENDING), section, REQUIRED, "ending")
        if made and self.rng.random() < 0.5:
            first = made.text.split(" ", 1)[0]
            if first not in NO_LEAD and first not in ("And", "Whatever", "Nobody", "The"):
                lead = self._deck(tp.ENDING_LEADS)
                made.text = lead + " " + self._tail(made.text)
                made.words = len(made.text.split())
        return [made] if made else []

    def _tiny_beats(self, section, one):
        req, beats = self.req, []
        if section == "begin":
            beats.append(one(tp.TINY_OPEN[self.voice.perspective], tag="opening"))
        elif section == "escalate":
            names = [c.mention() for c in self.companions]
            people = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
            beats.append(one(tp.TINY_PEOPLE, tag="villain", extra={"PEOPLE": people}))
            if len(self.elements) == 1:
                k = self.elements[0]
                beats.append(one(tp.KEY, tag="key", extra={"K": k, "K_CAP": capitalize_first(k)}))
            elif self.elements:
                klist = ", ".join(self.elements[:-1]) + " and " + self.elements[-1]
                beats.append(one(tp.KEYS_ALL, tag="key", extra=_klist(klist)))
            if self.prompt:
                beats.append(one(tp.PROMPT, tag="prompt"))
            if req.include_description:
                beats.append(one(tp.TINY_SENSE, tag="sense"))
            if req.include_dialogue:
                beats.append(lambda: self._dialogue(section, REQUIRED)[:1])
        elif section == "twist":
            beats.append(one([lead + ": {TWIST}." for lead in tp.TWIST_LEAD], tag="twist"))
        else:
            beats.append(lambda: self._ending(section))
        return beats, len(beats)

    def _section(self, section, budget, compact):
        beats, lead = self._beats(section, budget, compact)
        rng = self.rng
        est_required = 14 * len(beats)
        n_fill = max(0, round((budget - est_required) / self.pace.filler_words))
        plan = [("beat", b) for b in beats]
        if section == "end":  # fillers, then the recurrence, then the closing line
            plan = [("fill", None)] * n_fill + plan
        else:  # leading beats keep their place; fillers fall between the others
            for _ in range(n_fill):
                plan.insert(rng.randint(lead, len(plan)), ("fill", None))
        out = []
        scenes = self.pace.scenes(budget) if section == "escalate" else 1
        scene_every = max(1, len(plan) // scenes)
        for i, (kind, beat) in enumerate(plan):
            made = beat() if kind == "beat" else self._filler(section)
            if made and section == "escalate" and i and i % scene_every == 0:
                made[0].scene_start = True
                if not made[0].speech:
                    self._transition(made[0])
            out.extend(made)
        if out:
            out[0].scene_start = True
        return out

    # --- length fitting -----------------------------------------------------------------------

    def _grow(self, sections, lo):
        """Add escalation fillers (after the antagonist's entrance) until the story reaches ``lo``."""
        sec = sections["escalate"]
        misses = 0
        while self._total(sections) < lo and misses < 20:
            gap = self.target - self._total(sections)
            if gap < 2.5 * self.pace.filler_words:
                short = self._short_filler("escalate")
                made = [short] if short else []
            else:
                made = self._filler("escalate") or self._filler("begin")
            if not made:
                misses += 1
                continue
            if self._total(sections) + sum(m.words for m in made) > self.target * 1.06:
                for m in made:
                    self.used.discard(m.text)
                break
            first_ok = next((i for i, s in enumerate(sec) if s.tag == "villain"), 0) + 1
            pos = self.rng.randint(min(first_ok, len(sec)), len(sec))
            sec[pos:pos] = made

    def _shrink(self, sections, lo, hi):
        """Drop fillers, then optional beats, until the story is at most ``hi`` words."""
        for kind in (FILLER, OPTIONAL):
            for name in ("escalate", "begin", "twist", "end"):
                sec = sections[name]
                idx = [i for i, s in enumerate(sec) if s.kind == kind]
                self.rng.shuffle(idx)
                drop, total = set(), self._total(sections)
                for i in idx:
                    if total <= hi:
                        break
                    after = total - sec[i].words
                    if after >= lo * 0.96 or abs(after - self.target) < abs(total - self.target):
                        drop.add(i)
                        total -= sec[i].words
                if drop:
                    keep = [s for j, s in enumerate(sec) if j not in drop]
                    if keep and not keep[0].scene_start and name != "escalate":
                        keep[0].scene_start = True
                    sections[name] = keep

    def _last_resort(self, sections):
        """Very short stories with many fields: give up colour (senses, imagery) before length."""
        for tag in ("genre", "mood", "recur", "sense"):
            for name in ("begin", "escalate", "end"):
                if self._total(sections) <= self.target * 1.06:
                    return
                sec = sections[name]
                hit = [i for i, s in enumerate(sec) if s.tag == tag]
                if hit and (tag != "sense" or sum(s.tag == "sense" for n in sections for s in sections[n]) > 1
                            or self._total(sections) > self.target * 1.08):
                    del sec[hit[-1]]

    def _fit(self, sections):
        lo, hi = self.target * 0.97, self.target * 1.03
        self._grow(sections, lo)
        self._shrink(sections, lo, hi)
        return sections

    @staticmethod
    def _total(sections):
        return sum(s.words for sec in sections.values() for s in sec)

    def _twist_position_ok(self, sections):
        """True when the twist text starts after 69% of the words (safely in the final third)."""
        before = sum(s.words for n in ("begin", "escalate") for s in sections[n])
        for s in sections["twist"]:
            if s.tag == "twist":
                at = s.text.lower().find(self.twist.lower()[:24])
                before += len(s.text[:max(at, 0)].split())
                break
            before += s.words
        return before >= self._total(sections) * 0.69

    def _rebalance_twist(self, sections):
        """Move words from before the twist to after it until the twist sits in the final third."""
        guard = 0
        while not self._twist_position_ok(sections) and guard < 60:
            guard += 1
            twist_at = next((i for i, s in enumerate(sections["twist"]) if s.tag == "twist"), None)
            if twist_at is None:
                break
            late = [(name, i) for name in ("end", "twist") for i, s in enumerate(sections[name])
                    if s.kind != REQUIRED and (name == "end" or i > twist_at)]
            if late:  # shorten what follows the twist first
                name, i = late[0]
                del sections[name][i]
                if self._total(sections) >= self.target * 0.93:
                    continue
            made = self._short_filler("escalate")
            if not made or self._total(sections) + made.words > self.target * 1.08:
                if made:
                    self.used.discard(made.text)
                break
            sections["escalate"].append(made)
        return sections

    # --- paragraphs ---------------------------------------------------------------------------

    def _paragraphs(self, sections):
        paras = []
        for name, _, _, _ in SECTIONS:
            current = []
            size = self.pace.paragraph_size(self.rng)
            for s in sections[name]:
                if current and (s.scene_start or len(current) >= size or s.speech != current[-1].speech):
                    paras.append(" ".join(x.text for x in current))
                    current, size = [], self.pace.paragraph_size(self.rng)
                current.append(s)
            if current:
                paras.append(" ".join(x.text for x in current))
        return [p for p in paras if p.strip()]

    def _ensure_full_mentions(self, content):
        """Name everyone and everything in full once, even if that sentence was dropped in fitting."""
        pairs = [(self.setting.full, self.setting.short), (self.villain.full, self.villain.short),
                 (self.hero.full, self.hero.short)] + [(c.full, c.short) for c in self.companions]
        for full, short in pairs:
            if full.lower() in content.lower() or not short:
                continue
            m = re.search(r"(?i)\b" + re.escape(short) + r"\b", content)
            if m:
                rep = full if not m.group(0)[:1].isupper() else capitalize_first(full)
                content = content[:m.start()] + rep + content[m.end():]
        return content

    # --- entry point --------------------------------------------------------------------------

    def write(self, progress):
        compact = self.target < 400
        self.tiny = self.target < 220
        sections = {}
        for name, share, pct, message in SECTIONS:
            progress(pct, message)
            sections[name] = self._section(name, self.target * share, compact)
        progress(92, "Polishing")
        sections = self._fit(sections)
        sections = self._rebalance_twist(sections)
        self._grow(sections, self.target * 0.95)
        self._last_resort(sections)
        content = "\n\n".join(self._paragraphs(sections))
        content = self._ensure_full_mentions(content)
        title = self._clean(self.req.suggested_title) or make_title(self.req, self.hero, self.villain.full,
                                                                    self.elements, self.genre, self.rng)
        progress(100, "Done")
        return title, content


def _klist(klist):
    return {"KLIST": klist, "KLIST_CAP": capitalize_first(klist)}


def _tag(line, speaker, rng, avoid=()):
    kind = "question" if line.endswith("?") else "exclaim" if line.endswith("!") else "statement"
    verb = rng.choice([v for v in pb.SAID[kind] if v not in avoid] or pb.SAID[kind])
    if kind == "statement":
        body = line[:-1] + "," if line.endswith(".") else line + ","
        return f'"{body}" {speaker} {verb}.'
    return f'{capitalize_first(speaker)} {verb}, "{line}"'
