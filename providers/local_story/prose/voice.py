"""The narration's voice: perspective (I / you / a name), the past tense, and how each person and
long field phrase is called (in full at most twice, then by its handle)."""
import re

from ..fields import is_plural
from ..grammar import _IRREGULAR_PAST, _PAST_FORMS, narrative_past
from ..reading import handles_for

OBJ = {"she": "her", "he": "him", "they": "them", "it": "it", "i": "me"}
POS = {"she": "her", "he": "his", "they": "their", "it": "its", "i": "my"}
SELF = {"she": "herself", "he": "himself", "they": "themselves", "it": "itself"}
#: the words after which a second mention of the protagonist in a line is their pronoun
_PREPOSITIONS = "between|behind|at|to|for|with|from|toward|towards|past|near|beside|by|on|after|around|before|against"
#: a past verb after the protagonist's name makes it the subject: "I knew", "I came"
_PAST_ALT = "".join("|" + re.escape(w) for w in sorted(_PAST_FORMS))
_VERB_AFTER = re.compile(r"\b(and|then|but|or|while)\s+([a-z]+s)\b")
#: the present verbs of the outline's own lines (``data/beats.json``), moved to the past wherever they stand
PAST = {"stays": "stayed", "pours": "poured", "looks": "looked", "sits": "sat", "falls": "fell", "speaks": "spoke",
        "eats": "ate", "drinks": "drank", "knows": "knew", "keeps": "kept", "watches": "watched", "comes": "came",
        "answers": "answered", "uses": "used", "goes": "went", "records": "recorded", "wants": "wanted",
        "talk": "talked", "talks": "talked", "corrects": "corrected", "mentions": "mentioned", "matters": "mattered",
        "writes": "wrote", "shows": "showed", "tells": "told", "waits": "waited", "says": "said", "comes up": "came up",
        "admits": "admitted", "pays": "paid", "asks": "asked", "means": "meant", "seems": "seemed", "leaves": "left", "lays": "laid", "lies": "lied", "stands": "stood",
        "reaches": "reached", "looks out": "looked out", "follows": "followed", "searches": "searched",
        "finds": "found", "lets": "let", "takes": "took", "makes": "made", "turns": "turned"}
_PAST_WORD = re.compile(r"\b(" + "|".join(sorted(PAST, key=len, reverse=True)) + r")\b")


def perspective_of(request, fmt):
    if fmt in ("transcript", "diary", "letters", "logbook", "recording"):
        return "first"
    p = (request.narrative_perspective or "").lower()
    return "first" if "first" in p else "second" if "second" in p else "third"


def to_past(text):
    """A present-tense line of the outline in the narration's past ('finds ... and keeps it' ->
    'found ... and kept it')."""
    text = _PAST_WORD.sub(lambda m: PAST[m.group(1)], text)
    text = narrative_past(text)

    def verb(m):
        word = m.group(2)
        if word in _IRREGULAR_PAST:
            return f"{m.group(1)} {_IRREGULAR_PAST[word]}"
        if word.endswith(("ss", "us", "is")) or len(word) < 4:
            return m.group(0)
        return m.group(1) + " " + narrative_past("it " + word)[3:]
    text = _VERB_AFTER.sub(verb, text)
    return _PAST_WORD.sub(lambda m: PAST[m.group(1)], text)


FIRST = {"first": {"I am": "I was", "I'm": "I was"},
         "second": {"I am": "you were", "I'm": "you were", "I was": "you were", "I": "you", "my": "your", "me": "you",
                    "myself": "yourself"},
         "third": {}}


class Voice:
    def __init__(self, plan, perspective):
        self.protected = sorted({x for part in list(plan.elements) + list(plan.places) for x in (part.name, part.handle)
                                 if x}, key=len, reverse=True)
        self.perspective = perspective
        self.cast = {p.id: p for p in plan.cast}
        self.hero = next(p for p in plan.cast if p.role == "protagonist")
        self.villain = next((p for p in plan.cast if p.role == "antagonist"), None)
        self.full_said = {}
        self.handles = {}
        for p in plan.cast:
            self.handles[p.id] = ([p.handle] if p.handle else []) + (
                handles_for(p.name) if p.role == "antagonist" else [])
        self.last_hero = 99
        self.plurals = [
            n for part in list(plan.cast) + list(plan.elements) for n in {part.name, getattr(part, "handle", "")} - {""}
            if getattr(part, "role", "") != "protagonist" and not n[:1].isupper() and is_plural(n)]
        self.alias = ""
        subject = re.match(r"(?i)(the\s+[\w' -]+?)\s+(?:is|was|has|had)\b", plan.twist.reveal or "")
        if plan.twist.about == self.hero.id and subject:
            self.alias = subject.group(1)
        # "her husband had been poisoning her": the one the twist is about, by name
        self.named = None
        kin = re.match(r"(?i)((?:her|his|their|my)\s+[\w-]+)\s+(?:is|was|has|had)\b", plan.twist.reveal or "")
        about = self.cast.get(plan.twist.about)
        if kin and about is not None and about.role != "protagonist":
            self.named = (kin.group(1), about.handle or about.name)
        self.reveal = (plan.twist.reveal or "").lower()

    # --- the protagonist -------------------------------------------------------------------
    def hero_slots(self, fresh):
        pron = self.hero.pronouns if self.hero.pronouns in OBJ else "they"
        if self.perspective == "first":
            return {"I": "I", "me": "me", "my": "my", "myself": "myself", "was": "was"}
        if self.perspective == "second":
            return {"I": "you", "me": "you", "my": "your", "myself": "yourself", "was": "were"}
        name = self.hero.handle or self.hero.name
        subject = name if fresh else pron
        return {"I": subject, "me": OBJ[pron], "my": POS[pron],
                "myself": SELF.get(pron, "themselves"), "was": "were" if subject == "they" else "was"}

    def called(self):
        """What others call the protagonist: the first name, or a title with the surname."""
        name = self.hero.handle or self.hero.name
        first = name.split()[0]
        return name if re.match(r"(?i)(dr|mr|mrs|ms|miss|professor|captain|coach|uncle|aunt)\.?$", first) else first

    # --- others ------------------------------------------------------------------------------
    def name(self, person):
        """The person as the story calls them now: a long description in full at most twice, then
        its handles in turn; a name once in full, then the short name."""
        said = self.full_said.get(person.id, 0)
        handles = self.handles.get(person.id) or []
        self.full_said[person.id] = said + 1
        if said == 0 or (said == 1 and len(person.name.split()) > 3 and person.role == "antagonist"):
            return person.name if person.role == "antagonist" or said == 0 else handles[0]
        if not handles:
            return person.name
        return handles[(said - 1) % len(handles)] if person.role == "antagonist" else handles[0]

    def person_slots(self, person, prefix):
        if person is None:
            return {}
        pron = person.pronouns if person.pronouns in OBJ else "they"
        name = self.name(person)
        return {prefix: name, f"{prefix}_they": pron, f"{prefix}_them": OBJ[pron],
                f"{prefix}_their": POS[pron], f"{prefix}_was": "were" if is_plural(name) else "was"}

    def _narrator(self, text):
        """A line the author wrote in the first person ("I was the ghost") in the story's person."""
        if not re.search(r"\b(I|my|me|myself)\b", text):
            return text
        if self.perspective == "third":
            name = self.hero.handle or self.hero.name
            pron = self.hero.pronouns if self.hero.pronouns in OBJ else "they"
            own = f"{pron} {SELF.get(pron, 'themselves')}"  # "I had been dead" -> "she herself had been dead"
            table = {"I am": f"{own} was", "I'm": f"{own} was", "I was": f"{own} {'were' if pron == 'they' else 'was'}",
                     "I": own, "my": POS[pron], "me": OBJ[pron], "myself": SELF.get(pron, "themselves")}
            del name
        else:
            table = FIRST[self.perspective]
        if not table:
            return text
        pattern = re.compile(r"\b(" + "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True)) + r")\b")
        return pattern.sub(lambda m: table[m.group(1)], text)

    def _own_pronouns(self, line, text, subj, obj, pos):
        """"June reported the fire twenty years before she was born", told by June: "before I was
        born". Only when the line named the protagonist and no one else it could mean."""
        pron = self.hero.pronouns
        if pron not in ("she", "he") or not any(n and n in line for n in (self.hero.name, self.hero.handle)):
            return text
        if any(p.pronouns == pron and p.id != self.hero.id and p.name.lower() in line.lower()
               for p in self.cast.values()):
            return text
        possessive = POS[pron]
        table = {pron: subj, SELF[pron]: "myself" if subj == "I" else "yourself"}
        text = re.sub(r"\b(" + "|".join(table) + r")\b", lambda m: table[m.group(1)], text)
        text = re.sub(r"\b" + possessive + r"\b(\s+(?!(?:the|a|an|and|or|to|at|in|on|of|that|was|is|with|for|from|by)\b)"
                      r"[a-z][\w-]*)", lambda m: pos + m.group(1), text)
        if subj == "you":
            text = re.sub(r"\byou was\b", "you were", text)
        return text

    def _hero_again(self, text, name):
        """"Haruka got a door shut between Haruka and the guest" -> "between her and the guest": the
        protagonist named again in the line after a preposition is their pronoun, when nobody else
        it names could be meant by it."""
        pron = self.hero.pronouns
        if pron not in ("she", "he", "they") or text.count(name) < 2:
            return text
        first = text.index(name) + len(name)
        # "between her and the grandmother": the other one is named right after, so "her" is the protagonist
        text = text[:first] + re.sub(r"\bbetween " + re.escape(name) + r" and\b", f"between {OBJ[pron]} and",
                                     text[first:])
        if any(p.id != self.hero.id and p.pronouns == pron and any(
                n and n.lower() in text.lower() for n in (p.name, p.handle)) for p in self.cast.values()):
            return text
        first = text.index(name) + len(name)
        rest = re.sub(r"\b(" + _PREPOSITIONS + r")\s+" + re.escape(name) + r"(['’]s\b)?(?![\w'’-])",
                      lambda m: f"{m.group(1)} {POS[pron] if m.group(2) else OBJ[pron]}", text[first:])
        return text[:first] + rest

    # --- the outline's lines ------------------------------------------------------------------
    def tell(self, line, as_written=False):
        """A beat's or clue's line in the narration: past tense, the protagonist as I/you or by
        name, everyone else by what they are called by now (``as_written``: a line the author
        wrote or changed keeps the names as they wrote them)."""
        # the longest first, whoever owns it: "the star atlas" is kept whole before "the star" is
        names = sorted({n for p in self.cast.values() for n in (p.name, p.handle) if n} | set(self.protected), key=len,
                       reverse=True)
        keep = {}
        text = line.strip().rstrip(".")
        revealing = bool(self.reveal) and self.reveal[:25] in text.lower()
        if self.named and revealing:
            text = re.sub(re.escape(self.named[0]), self.named[1], text, count=1, flags=re.I)
            if self.perspective in ("first", "second") and self.hero.pronouns in ("she", "he"):
                obj, pos = ("me", "my") if self.perspective == "first" else ("you", "your")
                word = "her" if self.hero.pronouns == "she" else "him|his"
                text = re.sub(r"\b(" + word + r")\b(\s+(?!and\b|to\b|at\b|in\b)[a-z]+)?",
                              lambda m: (pos + m.group(2)) if m.group(2) else obj, text)
        for i, n in enumerate(names):
            if n in text:  # whole words only: "the turbine" in "the turbines" is not the name
                keep[f"Zq{i}Q"] = n
                text = re.sub(re.escape(n) + r"(?![\w'’-])", f"Zq{i}Q", text)
        text = to_past(text)
        text = self._narrator(text)
        if self.alias and re.search(r"\b" + re.escape(self.alias) + r"\b", text, re.I):
            pron = self.hero.pronouns if self.hero.pronouns in OBJ else "they"
            own = {"first": "I myself", "second": "you yourself"}.get(self.perspective,
                                                                       f"{pron} {SELF.get(pron, 'themselves')}")
            text = re.sub(r"\b" + re.escape(self.alias) + r"\b", own, text, count=1, flags=re.I)
        for token, n in keep.items():
            text = text.replace(token, n)
        for n in self.plurals:  # "the twins were", "the old photographs were"
            text = re.sub(re.escape(n) + r" was\b", n + " were", text, flags=re.I)
        hero_names = sorted({self.hero.name, self.hero.handle or self.hero.name}, key=len, reverse=True)
        if self.perspective in ("first", "second"):
            subj, obj, pos = ("I", "me", "my") if self.perspective == "first" else ("you", "you", "your")
            own_alone = "mine" if self.perspective == "first" else "yours"
            for n in hero_names:
                # "the hand was not Rúni's" -> "not mine": a possessive with no noun after it
                text = re.sub(re.escape(n) + r"['’]s(?=\s*(?:[,.;:!?)]|$)|\s+(?:has|had|was|is)\b)", own_alone, text)
                text = re.sub(re.escape(n) + r"['’]s\b", pos, text)
                text = re.sub(r"(^|[.;:!?]\s+|\b(?:and|then|but|while|when|as|until|so|that|since|because|if|though|although|once)\s+|,\s+)" + re.escape(n)
                              + r"\b", lambda m: m.group(1) + subj, text)
                text = re.sub(r"\b" + re.escape(n) + r"\b(?=\s+(?:is|was|were|had|has|went|goes|stood|would|could|should|might|must|will|can|did|\w+ed"
                              + _PAST_ALT + r")\b)", subj, text)  # "by now I knew", never "me knew"
                if self.hero.pronouns in ("she", "he"):  # "Bree crashed her truck" -> "I crashed my truck"
                    own = POS[self.hero.pronouns]
                    text = re.sub(r"\b(" + subj + r" \w+ )" + own + r"\b", lambda m: m.group(1) + pos, text)
                text = re.sub(r"\b" + re.escape(n) + r"\b", obj, text)
            text = re.sub(r"\bI (was|is) I\b", "I was", text)
            text = re.sub(r"\bme (was|went|is|had)\b", lambda m: subj + " " + m.group(1), text)
            text = self._own_pronouns(line, text, subj, obj, pos)
        else:
            handle = self.hero.handle
            if not self.full_said.get(self.hero.id) and handle and self.hero.name.lower() not in text.lower():
                # the first mention says the name (one the author may have changed on the outline)
                text = re.sub(r"\b" + re.escape(handle) + r"\b", self.hero.name, text, count=1, flags=re.I)
            for n in hero_names[:-1]:
                if self.full_said.get(self.hero.id):
                    text = text.replace(n, hero_names[-1])
            self.full_said[self.hero.id] = 1
            text = self._hero_again(text, hero_names[-1])
        for person in self.cast.values():
            if person.role == "protagonist":
                continue
            if person.name.lower() in text.lower():
                if as_written:
                    self.full_said[person.id] = self.full_said.get(person.id, 0) + 1
                    continue
                parts = re.split(re.escape(person.name), text, flags=re.I)
                rest = (self.handles.get(person.id) or [person.name])[-1]
                text = parts[0] + self.name(person) + parts[1] + "".join(rest + part for part in parts[2:])
        if self.perspective == "second":
            text = re.sub(r"\b([Yy]ou) was\b", r"\1 were", text)
        return text[:1].upper() + text[1:] + "."
