"""Reading an existing story: paragraphs, sentences, names, perspective, setting, senses.

Used by ``revise`` so suggestions and revisions talk about *this* text.
"""
import re
from collections import Counter
from dataclasses import dataclass, field

from .grammar import FEMALE_NAMES, MALE_NAMES

_ABBREV = r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\bMrs\.)"
SENTENCE_END = re.compile(_ABBREV + r"(?<=[.!?])([\"”’']?)\s+(?=[\"“‘'(]?[A-Z0-9])")
QUOTED = re.compile(r"[\"“][^\"”]*[\"”]")
NAME_RUN = re.compile(r"\b(?:(?:Dr|Mr|Mrs|Ms|St)\.\s)?[A-Z][a-z'’]+(?:\s(?:of\s)?[A-Z][a-z'’]+)*")
SENSE_WORDS = {
    "sound": ("sound", "hear", "heard", "whisper", "hum", "creak", "drip", "echo", "silence", "quiet", "listen",
              "footstep", "knock", "thunder", "moan", "scrape", "tick", "rattle", "groan", "ring"),
    "smell": ("smell", "scent", "stench", "reek", "odour", "odor", "musty", "rot", "smoke", "perfume", "ash"),
    "touch": ("touch", "cold", "skin", "finger", "damp", "slick", "rough", "warm", "icy", "clammy", "texture",
              "felt", "palm", "brittle", "wet"),
}
STOP = set("""the a an and or but if of to in on at by for with from into onto over under through as is was
were be been being had has have it its this that these those there their them they he she him her his hers
i me my you your we our us not no nor so than then too very just only all any each every some such what
which who whom whose when where why how out up down off again once more most other own same can could
would should will shall may might must do did done said like one two back about after before still even
never ever now here also around while until against between because""".split())
NOT_NAMES = set("""I The A An And But Then When While As If It Its There This That These Those He She They
We You Your My His Her Their Our Nothing Something Someone Everything Everyone Nobody No Yes Oh God Just
Still Even Again Once Somewhere Out In At On By For From With Without After Before Later Much Some Every
Each All Not Now Here Whatever Whoever Above Below Behind Beneath Under Over Through Far Close Almost
Minutes Without Meanwhile Somehow Worse Inevitably Little Not Long Across Dawn Morning Noon Afternoon Dusk
Night Midnight Monday Tuesday Wednesday Thursday Friday Saturday Sunday Don Did Do Is Are Was Were Who What
Why How Where Please Stay Keep Run Look Listen Wait Stop Don't Can't We're I'm It's That's There's
Fear Dust Fog Rain Snow Thunder Lightning Sweat Blood Moonlight Pain Inside Beyond Past Near Halfway Among
Everything Nothing Dread Terror Hope Only Every Halfway Somebody Whatever Salt Frost Wind Water Smoke Silence Darkness Light Dark Cold Heat""".split())
PLACE_PREPS = {"on", "at", "in", "to", "from", "near", "into", "inside", "toward", "towards", "across"}
PLACE_WORDS = {"Point", "Manor", "House", "Hall", "Street", "Road", "Island", "Woods", "Asylum", "Hospital",
               "Church", "Abbey", "Castle", "Hill", "Hills", "Lake", "River", "Bay", "Harbor", "Harbour", "Forest",
               "Valley", "Park", "Station", "Hotel", "Inn", "Cemetery", "Chapel", "Town", "City", "County"}
PLACE_NOUNS = ("house", "asylum", "manor", "hospital", "forest", "woods", "church", "cabin", "lighthouse",
               "school", "hotel", "village", "town", "cellar", "basement", "attic", "crypt", "castle", "ship",
               "station", "mansion", "farm", "lake", "motel", "mine", "tunnel", "library", "museum", "cemetery",
               "graveyard", "chapel", "abbey", "ward", "city", "island", "camp", "orphanage", "sanatorium",
               "prison", "convent", "monastery", "estate", "cottage", "apartment", "building", "bunker", "lab",
               "laboratory", "swamp", "marsh", "moor", "valley", "carnival", "theatre", "theater", "mill",
               "factory", "warehouse", "hall", "tower", "keep", "ruins", "temple", "desert", "road", "bridge")


@dataclass
class Reading:
    text: str
    paragraphs: list
    sentences: list                    # per paragraph: list of sentences
    names: list                        # most mentioned first
    name_counts: Counter
    perspective: str                   # first / second / third
    pronoun: str                       # she / he / they for a third-person protagonist
    setting: str                       # e.g. "the abandoned asylum" or ""
    dialogue_lines: int
    words: int
    sense_hits: list = field(default_factory=list)   # per paragraph: set of senses present

    narrator: str = ""                # the name a first/second-person narrator gives, if any

    @property
    def protagonist(self):
        if self.narrator:
            return self.narrator
        return self.names[0] if self.names else ""


def split_sentences(paragraph):
    parts, last = [], 0
    for m in SENTENCE_END.finditer(paragraph):
        parts.append(paragraph[last:m.start() + len(m.group(1))].strip())
        last = m.end()
    parts.append(paragraph[last:].strip())
    return [p for p in parts if p]


def senses_in(text):
    low = text.lower()
    return {sense for sense, words in SENSE_WORDS.items() if any(w in low for w in words)}


def find_names(text):
    """Capitalised names, most frequent first; words also used in lower case are not names."""
    lower_words = set(re.findall(r"\b[a-z][a-z'’]+\b", text))
    counts, places = Counter(), Counter()
    for sentence in split_sentences(text.replace("\n", " ")):
        for m in NAME_RUN.finditer(sentence):
            run = m.group(0)
            words = run.split()
            while words and (words[0] in NOT_NAMES or words[0].lower() in lower_words):
                words = words[1:]
            if not words:
                continue
            run = " ".join(words)
            at_start = m.start() == 0 or sentence[:m.start()].strip() in ('"', "“", "'")
            first = words[0].rstrip(".")
            known = (first.lower() in FEMALE_NAMES or first.lower() in MALE_NAMES
                     or first in ("Dr", "Mr", "Mrs", "Ms"))
            if at_start and not known and len(words) == 1 and run.lower() in lower_words:
                continue
            counts[run] += 1
            before = sentence[:m.start()].split()
            prev = before[-1].lower().strip(",;:") if before else ""
            after = sentence[m.end():].lstrip()
            modifier = (prev in ("the", "a", "an") and len(words) == 1
                        and after[:1].islower())  # 'the Cornish coast': a place's word
            if prev in PLACE_PREPS or words[-1] in PLACE_WORDS or modifier:
                places[run] += 1
    # a single word seen only at sentence starts and never elsewhere is probably not a name
    merged = Counter()
    for name, n in counts.items():
        if len(name) < 2 or places[name] * 2 >= n:
            continue
        merged[name] += n
    return [n for n, _ in merged.most_common()], merged


def find_perspective(text):
    bare = QUOTED.sub(" ", text)
    first = len(re.findall(r"\bI\b|\b(?i:me|my|myself|mine)\b", bare))
    second = len(re.findall(r"(?i)\b(you|your|yourself)\b", bare))
    third = {p: len(re.findall(rf"(?i)\b{p}\b", bare)) for p in ("she", "he", "they")}
    pronoun = max(third, key=third.get) if any(third.values()) else "they"
    if first >= 2 and first > second and first >= third[pronoun] * 0.5:
        return "first", pronoun
    if second >= 2 and second > first and second >= third[pronoun] * 0.5:
        return "second", pronoun
    return "third", pronoun


def find_setting(text):
    pattern = re.compile(r"(?i)\b(the|an?)\s+((?:[a-z-]+\s+)?(?:%s))\b" % "|".join(PLACE_NOUNS))
    counts = Counter()
    for m in pattern.finditer(text):
        counts[m.group(2).lower()] += 1
    if counts:
        return "the " + counts.most_common(1)[0][0]
    named = re.search(r"\b(?:at|in|to|inside)\s+((?:[A-Z][a-z]+\s){0,2}"
                      r"(?:Manor|House|Hall|Asylum|Hospital|Island|Woods))", text)
    return named.group(1) if named else ""


def read(text):
    text = (text or "").strip()
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    if len(paragraphs) == 1 and "\n" in paragraphs[0]:
        paragraphs = [p.strip() for p in paragraphs[0].split("\n") if p.strip()]
    sentences = [split_sentences(p) for p in paragraphs]
    names, counts = find_names(text)
    perspective, pronoun = find_perspective(text)
    narrator = ""
    if perspective != "third":
        m = re.search(r"\b(?:[Mm]y name is|I am|I'm|call me|[Yy]our name is|You are|you are)\s+"
                      r"((?:Dr\.\s|Mr\.\s|Mrs\.\s|Ms\.\s)?[A-Z][a-z'’]+(?:\s[A-Z][a-z'’]+)?)", text)
        if m:
            narrator = m.group(1)
    return Reading(narrator=narrator, text=text, paragraphs=paragraphs, sentences=sentences, names=names,
                   name_counts=counts,
                   perspective=perspective, pronoun=pronoun, setting=find_setting(text),
                   dialogue_lines=len(QUOTED.findall(text)), words=len(text.split()),
                   sense_hits=[senses_in(p) for p in paragraphs])
