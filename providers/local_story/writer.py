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
        self._cast()
        self._story_facts()
        self.ctx = self._context()

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
        self.proper = {w.strip(".,") for p in [self.hero, *self.companions] for w in (p.full + " " + p.short).split()
                       if w[:1].isupper()} | {w for w in antagonist.split() if w[:1].isupper()}
        self.villain_gender = guess_gender(antagonist, "it")
        self.voice = Voice.for_perspective(req.narrative_perspective, self.hero)

    def _story_facts(self):
        req = self.req
        setting = self._clean(req.setting) or "the old house"
        self.setting = Mention(setting)
        if setting[:1].isupper() and not setting.lower().startswith(("the ", "a ", "an ")):
            self.setting.short = setting
        elif not setting.lower().startswith(("the ", "a ", "an ", "some ")):
            self.setting.short = "the " + setting
        self.elements = [as_noun_phrase(self._clean(e)) for e in split_list(req.key_elements)]
        twist = lower_first(self._clean(req.plot_twist))
        self.twist = twist or expand(self.rng.choice(self.genre["twists"]), self._pron_ctx(), self.rng)
        prompt = self._clean(req.custom_prompt)
        prompt = _PROMPT_PREFIX.sub("", prompt, count=1).strip() or prompt
        self.prompt = lower_first(prompt) if prompt else ""
        self.prompt_np = bool(re.match(r"(?i)^(a|an|the|some|one|his|her|their|its|every|an?)\b", self.prompt))

    # --- template context ---------------------------------------------------------------------

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
            "A_PRON": pb and ("they" if villain_plural else {"she": "she", "he": "he"}.get(self.villain_gender, "it")),
            "A_OBJ": {"she": "her", "he": "him", "they": "them"}.get(self.villain_gender, "it"),
            "A_WAS": "was",
            "SETTING": self.setting.first, "SETTING_CAP": lambda: capitalize_first(self.setting.first()),
            "PLACE": self.setting.later, "PLACE_CAP": lambda: capitalize_first(self.setting.later()),
            "light": self.time["light"], "light_cap": lambda: capitalize_first(rng.choice(self.time["light"])),
            "wx": self.weather["desc"], "wx_sound": self.weather["sound"], "wx_touch": self.weather["touch"],
            "mood": self.mood["adj"], "mood_atmos": self.mood["atmos"],
            "dread": tier["dread"], "fear": tier["fear"], "fear_cap": lambda: capitalize_first(rng.choice(tier["fear"])),
            "body": tier["body"], "body_cap": lambda: capitalize_first(expand(rng.choice(tier["body"]), self.ctx, rng)),
            "act": tier["act"], "image": self.genre["images"], "sign": self.genre["signs"],
            "threat": self.genre["threat"],
            "sound": pb.SOUNDS, "sound_cap": lambda: capitalize_first(rng.choice(pb.SOUNDS)),
            "smell": pb.SMELLS, "texture": pb.TEXTURES, "surface": tp.SURFACES,
            "move": pb.MOVE, "look": pb.LOOK, "adv": pb.ADV, "dark": pb.NOUN_DARK,
            "arrived": tp.ARRIVED, "where": tp.WHERE, "reason": tp.REASONS, "reason2": tp.REASONS2,
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
        return tidy(expand(self._deck(templates), ctx, self.rng))

    def _make(self, templates, section, kind, tag="", extra=None, person=None, tries=8, speech=False):
        """One new sentence (never a repeat), or None when every try repeated."""
        for _ in range(tries):
            text = self._render(templates, extra, person)
            if text not in self.used:
                self.used.add(text)
                return Sentence(text, len(text.split()), section, kind, tag, speech=speech)
        return None

    def _shape(self, sentence):
        """Apply the pacing: split long sentences for fast pacing."""
        if sentence is None or sentence.speech or sentence.kind == REQUIRED and sentence.tag == "twist":
            return [sentence] if sentence else []
        if self.rng.random() < self.pace.split:
            parts = re.split(r",? and (?=(?:I|you|she|he|they|it|the|a|[A-Z])\b)|; | — ", sentence.text, maxsplit=1)
            if len(parts) == 2 and all(len(p.split()) >= 3 for p in parts):
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
        first = self._make(tp.FILLER[section], section, FILLER, "filler")
        if first and self.rng.random() < self.pace.join:
            second = self._make(tp.FILLER[section], section, FILLER, "filler")
            if second:
                glue = self.rng.choice([", and ", "; ", ", while ", " — "])
                text = first.text.rstrip(".!?") + glue + self._tail(second.text)
                return [Sentence(text, len(text.split()), section, FILLER, "filler")]
        return self._shape(first)

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
        reply = self._speech_line(pool, a)
        if reply:
            out.append(_tag(reply, speaker, rng))
        sentences = []
        for text in out:
            text = capitalize_first(text)
            if text in self.used:
                continue
            self.used.add(text)
            sentences.append(Sentence(text, len(text.split()), section, kind, "speech", speech=True))
        return sentences

    def _speech_line(self, lines, person):
        for _ in range(10):
            line = tidy(expand(self.rng.choice(lines), self._with_companion(self.ctx, person), self.rng))
            if line not in self.used:
                self.used.add(line)
                return line
        return None

    def _tail(self, text):
        """``text`` lower-cased at the start unless it opens with a name or 'I'."""
        first = text.split()[0].strip('",.;:!?') if text.split() else ""
        if first == "I" or first in self.proper or not first[:1].isalpha():
            return text
        return text[0].lower() + text[1:]

    def _transition(self, sentence):
        """Open a new scene with a time or place shift."""
        lead = self._deck(tp.TRANSITIONS)
        text = capitalize_first(expand(lead, self.ctx, self.rng)) + " " + self._tail(sentence.text)
        sentence.text, sentence.words = text, len(text.split())

    # --- planning -----------------------------------------------------------------------------

    def _beats(self, section, budget, compact):
        """The ordered beats of one section as (callable -> [Sentence]) pairs."""
        req, rng = self.req, self.rng
        one = lambda tpl, kind=REQUIRED, tag="", **kw: (lambda: self._shape(self._make(tpl, section, kind, tag, **kw)))
        beats = []
        senses = [tp.SOUND, tp.SMELL, tp.TOUCH]
        rng.shuffle(senses)
        if section == "begin":
            beats.append(one(tp.OPENING, tag="opening"))
            if self.voice.perspective != "third" or not compact:
                beats.append(one(tp.INTRO[self.voice.perspective], tag="intro"))
            if req.include_description:
                beats.append(one(senses[0], REQUIRED, "sense"))
        elif section == "escalate":
            if compact and len(self.companions) > 1:
                names = [c.mention() for c in self.companions]
                people = ", ".join(names[:-1]) + " and " + names[-1]
                beats.append(one([f"{people} were there too, and none of them wanted to stay."], tag="people"))
            else:
                for c in self.companions:
                    beats.append(one(tp.COMPANION, tag="people", person=c))
            beats.append(one(tp.ANTAGONIST_FIRST, tag="villain"))
            if compact and len(self.elements) > 1:
                klist = ", ".join(self.elements[:-1]) + " and " + self.elements[-1]
                beats.append(one(tp.KEYS_ALL, tag="key", extra={"KLIST": klist}))
            else:
                for k in self.elements:
                    beats.append(one(tp.KEY, tag="key", extra={"K": k, "K_CAP": capitalize_first(k)}))
            if self.prompt:
                beats.append(one(tp.PROMPT_NP if self.prompt_np else tp.PROMPT_CLAUSE, tag="prompt"))
            if req.include_dialogue:
                beats.append(lambda: self._dialogue(section, REQUIRED))
                for _ in range(int(budget // 350)):
                    beats.append(lambda: self._dialogue(section, OPTIONAL))
            if req.include_description:
                for s in senses[1:]:
                    beats.append(one(s, OPTIONAL, "sense"))
            if not compact:
                beats.append(one(tp.SETTING_RECUR, OPTIONAL, "recur"))
                beats.append(one(self.time["recur"], OPTIONAL, "recur"))
                beats.append(one(self.weather["recur"], OPTIONAL, "recur"))
                beats.append(one(tp.ANTAGONIST, OPTIONAL, "villain"))
                beats.append(one(tp.COMPANION_AGAIN, OPTIONAL, "people"))
            lead = sum(1 for _ in self.companions) if not (compact and len(self.companions) > 1) else 1
            lead += 1
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
            beats.append(one(self.weather["recur"] + self.time["recur"], tag="recur"))
            beats.append(one(tp.ENDING, tag="ending"))
        return beats, (2 if section == "begin" else 0)

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

    def _fit(self, sections):
        target = self.target
        lo, hi = target * 0.97, target * 1.03
        total = lambda: sum(s.words for sec in sections.values() for s in sec)
        guard = 0
        while total() < lo and guard < 400:
            guard += 1
            sec = sections["escalate"]
            made = self._filler("escalate")
            if not made:
                made = self._filler("begin")
                if not made:
                    break
            first_ok = next((i for i, s in enumerate(sec) if s.tag == "villain"), 0) + 1
            pos = self.rng.randint(first_ok, len(sec))
            sec[pos:pos] = made
        for kind in (FILLER, OPTIONAL):
            for name in ("escalate", "begin", "twist", "end"):
                sec = sections[name]
                idx = [i for i, s in enumerate(sec) if s.kind == kind and s.words <= total() - lo + 2]
                self.rng.shuffle(idx)
                drop = set()
                for i in idx:
                    if total() - sum(sec[j].words for j in drop) <= hi:
                        break
                    if total() - sum(sec[j].words for j in drop) - sec[i].words >= lo * 0.95:
                        drop.add(i)
                if drop:
                    sections[name] = sec = [s for j, s in enumerate(sec) if j not in drop]
                    if sec and not sec[0].scene_start and name != "escalate":
                        sec[0].scene_start = True
        return sections

    def _twist_position_ok(self, sections):
        before = sum(s.words for n in ("begin", "escalate") for s in sections[n])
        twist_sec = sections["twist"]
        for s in twist_sec:
            if s.tag == "twist":
                break
            before += s.words
        total = sum(s.words for sec in sections.values() for s in sec)
        return before >= total * 0.68

    def _rebalance_twist(self, sections):
        """Move words from before the twist to after it until the twist sits in the final third."""
        guard = 0
        while not self._twist_position_ok(sections) and guard < 60:
            guard += 1
            early = [i for i, s in enumerate(sections["twist"]) if s.kind != REQUIRED and s.tag != "twist"]
            twist_at = next(i for i, s in enumerate(sections["twist"]) if s.tag == "twist")
            early = [i for i in early if i < twist_at]
            if early:
                del sections["twist"][early[0]]
                continue
            made = self._filler("escalate")
            if not made:
                break
            sections["escalate"].extend(made)
            # keep the total in band: drop a filler after the twist if there is one
            late = [i for i, s in enumerate(sections["end"]) if s.kind == FILLER]
            if late:
                del sections["end"][late[0]]
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

    # --- entry point --------------------------------------------------------------------------

    def write(self, progress):
        compact = self.target < 400
        sections = {}
        for name, share, pct, message in SECTIONS:
            progress(pct, message)
            sections[name] = self._section(name, self.target * share, compact)
        progress(92, "Polishing")
        sections = self._fit(sections)
        sections = self._rebalance_twist(sections)
        sections = self._fit(sections)
        content = "\n\n".join(self._paragraphs(sections))
        title = self._clean(self.req.suggested_title) or make_title(self.req, self.hero, self.villain.full,
                                                                    self.elements, self.genre, self.rng)
        progress(100, "Done")
        return title, content


def _tag(line, speaker, rng):
    kind = "question" if line.endswith("?") else "exclaim" if line.endswith("!") else "statement"
    verb = rng.choice(pb.SAID[kind])
    if kind == "statement":
        body = line[:-1] + "," if line.endswith(".") else line + ","
        return f'"{body}" {speaker} {verb}.'
    if rng.random() < 0.3:
        return f'{capitalize_first(speaker)} {verb}, "{line}"'
    return f'"{line}" {speaker} {verb}.'
