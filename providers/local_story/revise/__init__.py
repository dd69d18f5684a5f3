"""Suggestions about a story and the four revisions (expand, shorten, enhance, continue).

They receive only the text, so ``recover`` reads back what it can (names, perspective, pronoun,
setting, the objects it keeps returning to) and builds the same kind of plan the engine writes
from; new sentences come from the engine's writer, primed with the text so nothing is repeated,
and a continuation writes the plan's remaining beats (escalation, climax, aftermath) around the
story's open threads. Revisions are seeded from a checksum of the text, so they are repeatable.
"""
import random
import re
import zlib
from collections import Counter

from core.providers import ProviderError, StoryRequest, no_progress

from ..analysis import STOP, read, senses_in, split_sentences
from ..genres import METHODS
from ..grammar import capitalize_first, guess_gender
from ..wordswap import RICHER
from ..worlds import world_for
from .sketch import build_plan
from .writer import ProseWriter, paragraphs

COMMON = set("""floor wall walls door doors light dark air room night day way window hand hands eyes face
head back time thing things end side moment place house corner corners voice sound silence breath
first last other same rest edge top bottom middle inside outside morning evening""".split())
SENSE_LINES = ["The air smelled of {smell}.", "{S} heard {sound}, faint and close.", "Under {POS} fingers, {touch}.",
               "There was a smell of {smell} here, and under it something worse.",
               "Somewhere near, the sound of {sound} began and stopped."]
SENSORY_CLAUSES = [", and the air smelled of {smell}", ", while {sound} carried through the dark",
                   ", with the faint scent of {smell} in the air", ", and somewhere close came {sound}"]
CONTINUE_KINDS = ("escalation", "reversal", "climax", "aftermath")


def recover(reading, text, length):
    """The form a story like ``text`` could have come from, as a StoryRequest."""
    r = reading
    titled = [n for n in r.names if re.search(r"\bthe %s\b" % re.escape(n), text)]  # "the Pale Nurse"
    people = [n for n in r.names if n not in titled]
    matching = [n for n in people if guess_gender(n, "") == r.pronoun]
    hero = (matching or people or [""])[0] if r.perspective == "third" else r.narrator
    if r.perspective == "third" and not hero:
        hero = {"she": "the woman", "he": "the man"}.get(r.pronoun, "the stranger")
    others = [n for n in people if n != hero][:3]
    villain = "the " + titled[0] if titled else ""
    low = text.lower()
    phrases = Counter(m.group(1) for m in re.finditer(r"\b(?:the|a|an)\s+((?:[a-z-]+\s)?[a-z-]+)\b", low))
    skip = COMMON | STOP | set((r.setting or "").lower().split()) | {w.lower() for n in r.names for w in n.split()}
    skip |= {w for name, _ in world_for(r.setting)[1]["rooms"] for w in name.lower().split()[-1:]}
    rooms = " ".join(name.lower() for name, _ in world_for(r.setting)[1]["rooms"])
    elements = [p for p, n in phrases.most_common(40)
                if n >= 2 and not set(p.split()) & skip and p not in rooms][:2]
    perspective = {"first": "First Person", "second": "Second Person"}.get(r.perspective, "Third Person")
    return StoryRequest(genre="", mood="", setting=r.setting or "the house", characters=", ".join([hero] + others),
                        protagonist=hero, antagonist=villain, key_elements=", ".join("the " + e for e in elements),
                        narrative_perspective=perspective, include_dialogue=r.dialogue_lines > 0,
                        length_words=length, seed=zlib.crc32(text.encode("utf-8")))


class Reviser:
    def __init__(self, content, length=None):
        self.text = (content or "").strip()
        self.r = read(self.text)
        self.rng = random.Random(zlib.crc32(self.text.encode("utf-8")))
        self.request = recover(self.r, self.text, length or max(150, min(600, int(self.r.words * 0.4))))
        self.plan = build_plan(self.request)
        if self.r.perspective == "third" and self.r.pronoun in ("she", "he", "they"):
            self.plan["cast"][0]["pronouns"] = self.r.pronoun
        self.writer = ProseWriter(self.request, self.plan, "moderate")
        self.writer.weather_lines = self.writer.time_lines = []  # the text's own weather is unknown
        for para in self.r.sentences:
            for s in para:
                self.writer.sentences.add(s)
                self.writer.seen |= self.writer._grams(s)

    def _new(self, templates):
        s = self.writer.pick(templates, 4, None, {"room": self.writer.place})
        return s.text if s else ""

    # --- suggestions --------------------------------------------------------------------------

    def suggest(self, kind="improvement"):
        r, plan = self.r, self.plan
        hero, villain = plan["cast"][0]["name"], plan["cast"][1]["name"]
        names = r.names
        out = []
        if self.request.key_elements:
            element = self.request.key_elements.split(", ")[0]
            n = r.text.lower().count(element.split()[-1])
            out.append(f"{capitalize_first(element)} comes back {_times(n)}; plant it in the first paragraph and let "
                       f"it cause or solve something at the end, so the reader sees why it mattered.")
        if self.request.antagonist:
            steps = [s.format(A=villain, H=hero) for s in METHODS[plan["method"]][1:]]
            out.append(f"Make {villain} escalate by what {villain} does, not by adjectives: for instance "
                       f"{steps[0]}, then {steps[1]}, then {steps[2]}.")
        elif names:
            choice = next((b["choice"] for b in plan["beats"] if b["choice"]), None)
            if choice:
                out.append(f"Give {names[0]} a choice that costs something: e.g. {choice['choice']} — and then "
                           f"{choice['cost']}.")
        weakest = self._weakest_paragraph()
        if weakest is not None:
            i, para, missing = weakest
            opening = " ".join(para.split()[:6])
            missing_txt = ", ".join(sorted(missing)) if missing else "a concrete detail"
            sound = self.writer.world["sounds"][0]
            out.append(f'Paragraph {i + 1} ("{opening}…") is the thinnest, {len(para.split())} words; add '
                       f"{missing_txt} ({sound}, say) so the reader can feel where they are.")
        if r.dialogue_lines == 0:
            cast = [c["name"] for c in plan["cast"] if c["name"] in r.text]
            pair = " and ".join(cast[:2]) if len(cast) >= 2 else (cast[0] if cast else "your characters")
            out.append(f"There is no dialogue: let {pair} speak — even a whispered exchange makes the fear "
                       f"audible and breaks up the narration.")
        repeated = self._repeated_word()
        if repeated:
            word, n = repeated
            richer = RICHER.get(word)
            alt = f" (try {', '.join(repr(x) for x in richer[:2])})" if richer else ""
            out.append(f"The word '{word}' appears {n} times; vary it{alt} so the prose does not blunt itself.")
        if len(out) < 3 and r.paragraphs:
            last = split_sentences(r.paragraphs[-1])[-1]
            out.append(f'The ending ("{" ".join(last.split()[:8])}…") closes the door; end on an image or a '
                       f"question about {hero if names else 'what was seen'} that lingers after the last line.")
        if len(out) < 3:
            out.append(f"Let {r.setting or 'the place'} act, not just appear: a door that locks itself, a room "
                       f"that should not exist.")
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
        names = {w.lower() for n in self.r.names for w in n.split()}
        counts = Counter(w for w in re.findall(r"[a-z']+", self.r.text.lower())
                         if len(w) > 3 and w not in STOP and w not in names)
        if not counts:
            return None
        word = max(counts, key=lambda w: (counts[w], w in RICHER))
        return (word, counts[word]) if counts[word] >= 4 else None

    # --- revisions ----------------------------------------------------------------------------

    def expand(self):
        r = self.r
        target = r.words * 1.4
        paras = [list(s) for s in r.sentences]
        words, i = r.words, 0
        while words < target and i < 400:
            idx = i % len(paras)
            i += 1
            s = self.writer.atmosphere({"room": self.writer.place})
            if not s:
                break
            pos = self.rng.randint(1, len(paras[idx])) if paras[idx] else 0
            if idx == len(paras) - 1:
                pos = max(0, len(paras[idx]) - 1)  # keep the story's last sentence last
            paras[idx].insert(pos, s.text)
            words += s.words
        return "\n\n".join(" ".join(p) for p in paras)

    def shorten(self):
        r = self.r
        target = r.words * 0.7
        paras = [list(s) for s in r.sentences]
        if sum(len(p) for p in paras) < 3:
            return r.text
        keep = {(0, 0), (len(paras) - 1, len(paras[-1]) - 1)}
        scored = []
        for pi, para in enumerate(paras):
            for si, s in enumerate(para):
                if (pi, si) in keep:
                    continue
                score = sum(2 for n in r.names if n in s) + (1 if '"' in s else 0) + (0.5 if si == 0 else 0)
                scored.append((score - len(s.split()) / 40, self.rng.random(), pi, si))
        scored.sort()
        drop, words = set(), r.words
        for _, _, pi, si in scored:
            if words <= target:
                break
            drop.add((pi, si))
            words -= len(paras[pi][si].split())
        out = [" ".join(s for si, s in enumerate(para) if (pi, si) not in drop) for pi, para in enumerate(paras)]
        return "\n\n".join(p for p in out if p)

    def enhance(self):
        rng = self.rng
        protected = {w for n in self.r.names for w in n.split()}

        def swap(m):
            word = m.group(0)
            if word in protected or word.lower() not in RICHER or rng.random() < 0.25:
                return word
            new = rng.choice(RICHER[word.lower()])
            return capitalize_first(new) if word[0].isupper() else new

        pattern = re.compile(r"\b(%s)\b" % "|".join(sorted(RICHER, key=len, reverse=True)), re.I)
        out = []
        for para in self.r.paragraphs:
            sentences = [re.sub(r"\bvery (\w)", r"\1", pattern.sub(swap, s)) for s in split_sentences(para)]
            narrative = [i for i, s in enumerate(sentences) if '"' not in s and s.endswith(".")]
            if narrative:
                i = rng.choice(narrative)
                clause = self.writer.render(rng.choice(SENSORY_CLAUSES))
                sentences[i] = sentences[i][:-1] + clause + "."
            if len(senses_in(para)) < 2:
                extra = self._new(SENSE_LINES)
                if extra:
                    sentences.insert(min(1, len(sentences)), extra)
            out.append(" ".join(sentences))
        return "\n\n".join(out)

    def continue_(self):
        beats = [dict(b, index=i) for i, b in enumerate(self.plan["beats"]) if b["kind"] in CONTINUE_KINDS]
        written = [self.writer.write_beat(b, b["words"]) for b in beats]
        added = paragraphs([b for b in written if b], "moderate", self.rng)
        return self.text + "\n\n" + "\n\n".join(added)


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
