"""Suggestions about a story and the four revisions: expand, shorten, enhance, continue.

Everything is derived from the text itself (``analysis.read``): its names, perspective, setting and
weakest paragraph. Revisions are seeded from a checksum of the text, so they are repeatable.
"""
import random
import re
import zlib

from core.providers import ProviderError, no_progress

from . import phrasebank as pb
from . import templates as tp
from .analysis import STOP, read, senses_in, split_sentences
from .composer import Deck, expand, tidy
from .grammar import Person, Voice, capitalize_first, guess_gender

EXPAND = [
    "{S} stopped to listen, and the {dark} seemed to listen back.",
    "For a long moment {S} did not move at all.",
    "{C} said nothing, but {C_POS} eyes kept drifting toward the {dark}.",
    "{S} thought about leaving {PLACE} and knew, somehow, that it was already too late.",
    "Every breath tasted of {smell}.",
    "Somewhere in {PLACE}, {sound} began and would not stop.",
    "{C} moved closer to {O}, as if distance had become dangerous.",
    "The {surface} was {texture} under {POS} hand.",
    "{S} counted the seconds between each sound and lost count at nine.",
    "It occurred to {O}, too late, that no one would know where to look.",
    "{C} tried to smile, and it came out wrong.",
    "The shadows in {PLACE} had grown longer than the light could explain.",
    "{S} remembered, too late, every warning {S} had ignored.",
    "{POS_CAP} own heartbeat seemed far too loud in the {dark}.",
    "{C} whispered something, very softly, like a warning.",
    "The quiet in {PLACE} had weight, and it pressed down on everything.",
]
SENSORY_CLAUSES = [
    ", and the air smelled of {smell}", ", while {sound} carried through the {dark}",
    ", the {surface} {texture} beneath {POS} fingers", ", and somewhere close came {sound}",
    ", with the faint scent of {smell} hanging in the air", ", the air against {POS} skin {texture}",
]
CONTINUE = [
    ["When {S} finally moved again, {PLACE} had changed.", "The {dark} had crept closer while no one was watching.",
     "{C} stood where the light ended, very still.", "{S} called {C_OBJ_NAME}, and the answer came from somewhere else."],
    ["Hours passed, or seemed to.", "{S} heard {sound}, and this time it was nearer.",
     "{C} reached for {POS} hand and found it already shaking.",
     "There was only one way out of {PLACE}, and something was standing in it."],
    ["By the time the light changed, {S} understood that leaving would not be enough.",
     "{PLACE_CAP} would remember {O}.", "The air smelled of {smell}, and under it, something older.",
     "{S} took one step forward, and then another, into the {dark}."],
    ["Nobody spoke of what had happened, not at first.", "But {C} kept glancing back at {PLACE}.",
     "And on the third night, {S} woke to {sound} at the foot of the bed.",
     "It had followed {O} home."],
]


class Reviser:
    def __init__(self, content):
        self.text = content or ""
        self.r = read(self.text)
        self.rng = random.Random(zlib.crc32(self.text.encode("utf-8")))
        self.ctx = self._context()
        self.used = set(s for para in self.r.sentences for s in para)

    def _context(self):
        r, rng = self.r, self.rng
        hero_name = r.protagonist if r.perspective == "third" else ""
        if r.perspective == "third" and r.pronoun in ("she", "he"):
            matching = [n for n in r.names[:4] if guess_gender(n, "") == r.pronoun]
            hero_name = matching[0] if matching else hero_name
        others = [n for n in r.names if n not in (hero_name, r.narrator)][:4]
        if r.perspective == "third" and not hero_name:
            hero_name = {"she": "she", "he": "he"}.get(r.pronoun, "they")
        gender = r.pronoun if r.perspective == "third" else "they"
        hero = Person(full=hero_name or "the narrator", short=hero_name or "the narrator", gender=gender)
        if hero.short in ("she", "he", "they"):
            hero.short = hero.full = {"she": "the woman", "he": "the man"}.get(hero.short, "the stranger")
        self.voice = Voice.for_perspective(r.perspective, hero)
        self.others = others
        forms = self.voice.forms()
        state = {"plural": forms[0] in ("you", "they")}

        def subj():
            s = self.voice.subject(rng)
            state["plural"] = s in ("you", "they")
            return s

        place = r.setting or "the house"
        ctx = {"S": subj, "O": forms[1], "POS": forms[2], "POS_CAP": capitalize_first(forms[2]),
               "REFL": forms[3], "WAS": lambda: "were" if state["plural"] else "was",
               "NAME": r.protagonist or "you", "PLACE": place, "PLACE_CAP": capitalize_first(place),
               "dark": pb.NOUN_DARK, "smell": pb.SMELLS, "sound": pb.SOUNDS, "texture": pb.TEXTURES,
               "surface": tp.SURFACES}
        for key, value in list(ctx.items()):
            if isinstance(value, list):
                ctx[key] = Deck(value, rng)
        return ctx

    def _sentence(self, templates):
        """A new sentence in the story's voice; templates naming a companion need one."""
        pool = [t for t in templates if "{C" not in t] if not self.others else templates
        if not pool:
            pool = [t for t in EXPAND if "{C" not in t]
        for _ in range(12):
            ctx = dict(self.ctx)
            if self.others:
                c = self.rng.choice(self.others)
                p = Person.parse(c)
                ctx.update({"C": c, "C_POS": p.pron[2], "C_OBJ_NAME": c})
            self.voice.new_sentence()
            text = tidy(expand(self.rng.choice(pool), ctx, self.rng))
            if text not in self.used:
                self.used.add(text)
                return text
        return ""

    # --- suggestions --------------------------------------------------------------------------

    def suggest(self, kind="improvement"):
        r = self.r
        out = []
        names = r.names
        if names:
            least = min(names[:4], key=lambda n: r.name_counts[n])
            most = names[0]
            if least != most:
                out.append(f"{least} is mentioned only {_times(r.name_counts[least])} while {most} carries "
                           f"the story: give {least} a decision, a secret or a line that changes what "
                           f"{most} does next.")
            else:
                out.append(f"Let the reader inside {most}'s head at the turning point: one private thought "
                           f"or physical reaction (a dry mouth, a shaking hand) just before the reveal.")
        weakest = self._weakest_paragraph()
        if weakest is not None:
            i, para, missing = weakest
            opening = " ".join(para.split()[:6])
            missing_txt = ", ".join(sorted(missing)) if missing else "a concrete detail"
            out.append(f'Paragraph {i + 1} ("{opening}…") is the thinnest, {len(para.split())} words; '
                       f"add {missing_txt} so the reader can feel where they are.")
        if r.dialogue_lines == 0:
            pair = " and ".join(names[:2]) if len(names) >= 2 else (names[0] if names else "your characters")
            out.append(f"There is no dialogue: let {pair} speak — even a whispered exchange makes the fear "
                       f"audible and breaks up the narration.")
        elif r.dialogue_lines < 3 and r.words > 400:
            out.append(f"Only {r.dialogue_lines} line(s) of dialogue in {r.words} words; an argument or a "
                       f"frightened question between {' and '.join(names[:2]) or 'the characters'} "
                       f"would raise the tension.")
        if r.setting:
            last = r.paragraphs[-1].lower() if r.paragraphs else ""
            place_word = r.setting.split()[-1]
            mentions = r.text.lower().count(place_word)
            if place_word not in last:
                out.append(f"{capitalize_first(r.setting)} is mentioned {_times(mentions)} but not in the "
                           f"final paragraph; bring it back at the end so the place itself feels like the threat.")
            else:
                out.append(f"Make {r.setting} act, not just appear: a door that locks itself, a room that "
                           f"should not exist — so far it is mentioned {_times(mentions)}, mostly as backdrop.")
        repeated = self._repeated_word()
        if repeated:
            word, n = repeated
            richer = pb.RICHER.get(word)
            alt = f" (try {', '.join(repr(x) for x in richer[:2])})" if richer else ""
            out.append(f"The word '{word}' appears {n} times; vary it{alt} so the prose does not blunt itself.")
        if len(out) < 5 and r.paragraphs:
            last_sentence = split_sentences(r.paragraphs[-1])[-1] if r.paragraphs[-1] else ""
            out.append(f'The ending ("{" ".join(last_sentence.split()[:8])}…") closes the door; consider '
                       f"ending on an image or a question that lingers after the last line.")
        if len(out) < 5 and r.sentences and r.sentences[0]:
            first = r.sentences[0][0]
            lengths = [len(x.split()) for para in r.sentences for x in para]
            avg = sum(lengths) / len(lengths)
            if len(first.split()) > 14:
                out.append(f'The first sentence ("{" ".join(first.split()[:8])}…") runs {len(first.split())} '
                           f"words; open with a hook of under twelve words before the description begins.")
            elif avg < 9:
                out.append(f"Sentences average {avg:.0f} words; vary the rhythm with one long, winding "
                           f"sentence before each shock so the short ones hit harder.")
            else:
                out.append(f"Sentences average {avg:.0f} words; break the longest ones at the moment of fear "
                           f"so the prose speeds up when the reader's pulse should.")
        if kind and kind != "improvement":
            key = kind.lower()
            out.sort(key=lambda s: 0 if key in s.lower() else 1)
        return out[:5]

    def _weakest_paragraph(self):
        r = self.r
        if not r.paragraphs:
            return None
        candidates = range(len(r.paragraphs)) if len(r.paragraphs) < 3 else range(1, len(r.paragraphs) - 1)
        best = min(candidates, key=lambda i: len(r.paragraphs[i].split()) + 25 * len(r.sense_hits[i]))
        missing = {"a sound", "a smell", "a texture"} - {{"sound": "a sound", "smell": "a smell",
                                                         "touch": "a texture"}[s] for s in r.sense_hits[best]}
        return best, r.paragraphs[best], missing

    def _repeated_word(self):
        words = [w.lower() for w in re.findall(r"[A-Za-z']+", self.r.text)]
        names = {w.lower() for n in self.r.names for w in n.split()}
        counts = {}
        for w in words:
            if len(w) > 3 and w not in STOP and w not in names:
                counts[w] = counts.get(w, 0) + 1
        if not counts:
            return None
        word = max(counts, key=lambda w: (counts[w], w in pb.RICHER))
        return (word, counts[word]) if counts[word] >= 4 else None

    # --- revisions ----------------------------------------------------------------------------

    def expand(self):
        r = self.r
        target = r.words * 1.4
        paras = [list(s) for s in r.sentences]
        words = r.words
        senses = [tp.SOUND, tp.SMELL, tp.TOUCH]
        i = 0
        while words < target and i < 400:
            idx = i % len(paras)
            templates = senses[i % 3] if i % 3 == 2 else EXPAND
            text = self._sentence([t for t in templates if "{wx" not in t and "{A" not in t])
            i += 1
            if not text:
                continue
            pos = self.rng.randint(1, len(paras[idx])) if paras[idx] else 0
            if idx == len(paras) - 1:
                pos = max(0, len(paras[idx]) - 1)  # keep the story's last sentence last
            paras[idx].insert(pos, text)
            words += len(text.split())
        return "\n\n".join(" ".join(p) for p in paras)

    def shorten(self):
        r = self.r
        target = r.words * 0.7
        paras = [list(s) for s in r.sentences]
        if sum(len(p) for p in paras) < 3:
            return r.text
        names = [n for n in r.names]
        keep_first, keep_last = (0, 0), (len(paras) - 1, len(paras[-1]) - 1)
        scored = []
        for pi, para in enumerate(paras):
            for si, s in enumerate(para):
                if (pi, si) in (keep_first, keep_last):
                    continue
                score = sum(2 for n in names if n in s) + (1 if '"' in s else 0)
                score += 0.5 if si == 0 else 0
                score -= len(s.split()) / 40
                scored.append((score, self.rng.random(), pi, si))
        scored.sort()
        drop, words = set(), r.words
        for score, _, pi, si in scored:
            if words <= target:
                break
            drop.add((pi, si))
            words -= len(paras[pi][si].split())
        out = []
        for pi, para in enumerate(paras):
            kept = [s for si, s in enumerate(para) if (pi, si) not in drop]
            if kept:
                out.append(" ".join(kept))
        return "\n\n".join(out)

    def enhance(self):
        rng = self.rng
        protected = {w for n in self.r.names for w in n.split()}

        def swap(m):
            word = m.group(0)
            low = word.lower()
            if word in protected or low not in pb.RICHER or rng.random() < 0.25:
                return word
            new = rng.choice(pb.RICHER[low])
            return capitalize_first(new) if word[0].isupper() else new

        pattern = re.compile(r"\b(%s)\b" % "|".join(sorted(pb.RICHER, key=len, reverse=True)), re.I)
        out = []
        for para in self.r.paragraphs:
            sentences = [pattern.sub(swap, s) for s in split_sentences(para)]
            sentences = [re.sub(r"\bvery (\w)", r"\1", s) for s in sentences]
            present = senses_in(para)
            # add one sensory clause to a narrative sentence, and a sensory sentence if senses are missing
            narrative = [i for i, s in enumerate(sentences) if '"' not in s and s.endswith(".")]
            if narrative:
                i = rng.choice(narrative)
                clause = expand(rng.choice(SENSORY_CLAUSES), self.ctx, rng)
                sentences[i] = sentences[i][:-1] + clause + "."
            if len(present) < 2 and len(sentences) >= 3:
                missing = [s for s in ("sound", "smell", "touch") if s not in present]
                sense = {"sound": tp.SOUND, "smell": tp.SMELL, "touch": tp.TOUCH}[rng.choice(missing)]
                extra = self._sentence(sense)
                if extra:
                    sentences.insert(min(1, len(sentences)), extra)
            out.append(" ".join(sentences))
        return "\n\n".join(out)

    def continue_(self):
        rng = self.rng
        blocks = CONTINUE[:]
        rng.shuffle(blocks)
        n = 2 if self.r.words < 600 else 3
        paras = []
        for block in blocks[:n]:
            sentences = [self._sentence([t]) for t in block]
            paras.append(" ".join(s for s in sentences if s))
        return self.text.rstrip() + "\n\n" + "\n\n".join(p for p in paras if p)


def _times(n):
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


MODES = {"expand": Reviser.expand, "shorten": Reviser.shorten, "enhance": Reviser.enhance,
         "continue": Reviser.continue_}


def suggest(content, kind="improvement", progress=no_progress):
    if not (content or "").strip():
        raise ProviderError("There is no text to review.")
    progress(30, "Reading the story")
    out = Reviser(content).suggest(kind)
    progress(100, "Done")
    return out


def enhance(content, mode, progress=no_progress):
    key = (mode or "").strip().lower()
    if key not in MODES:
        raise ProviderError(f"Unknown enhancement type: {mode}")
    if not (content or "").strip():
        raise ProviderError("There is no text to revise.")
    progress(30, "Reading the story")
    out = MODES[key](Reviser(content))
    progress(100, "Done")
    return out
