"""Grammar helpers: perspective and pronouns, people parsed from free text, noun phrases.

The writer narrates in the past tense, so the only verb that agrees with its subject is
``was/were``; every other protagonist reference goes through a ``Voice``.
"""
import re
from dataclasses import dataclass, field

FEMALE_NAMES = set("""
mary sarah emma olivia ava sophia isabella mia amelia harper evelyn abigail emily elizabeth
ella grace chloe victoria lily hannah zoe nora clara lucy anna alice eleanor ruby violet
rose iris ivy jane margaret helen laura rachel rebecca julia diana ellen martha agnes edith
mara lena elena maria sofia nina tess tessa jessica jennifer amanda ashley megan lauren kate
katherine catherine kathleen claire beth bethany lisa linda susan karen nancy betty dorothy
sandra carol ruth sharon michelle amy anne annie molly maggie hazel esther judith vera wendy
eliza beatrice cora delia ada ophelia lucia mina selene morgana luna willow autumn scarlett
sadie stella naomi leah sara samantha sam alexis riley jordan madison natalie audrey piper
""".split())
MALE_NAMES = set("""
james john robert michael william david richard joseph thomas charles daniel matthew anthony
mark paul steven andrew joshua kevin brian george edward ronald timothy jason jeffrey ryan
jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin samuel frank
gregory raymond alexander patrick jack dennis jerry tyler aaron henry adam peter nathan
zachary douglas harold kyle carl arthur gerald roger keith jeremy terry lawrence sean
christian albert joe ethan austin noah liam lucas oliver elijah logan mason leo max oscar
hugo felix victor vincent simon owen caleb isaac luke gabriel elias jonah silas abel cain
tom tim ben sam will bill bob dan dave mike nick rick tony jake josh luke eli finn declan
dorian damien lucien viktor ivan dmitri marcus julian sebastian edgar ambrose edmund
""".split())
FEMALE_WORDS = set("""woman girl lady mother mom mum widow bride nun sister wife queen witch
daughter aunt grandmother granny niece actress waitress priestess hostess heiress governess
matron madam mrs ms miss duchess countess princess maid she her""".split())
MALE_WORDS = set("""man boy father dad husband priest brother son uncle king widower monk lord
sir mr grandfather nephew prince duke count baron butler he him his""".split())
TITLES = {"dr", "mr", "mrs", "ms", "miss", "detective", "father", "sister", "brother", "mother", "professor",
          "captain", "coach", "uncle", "aunt", "nurse", "officer", "sheriff", "agent", "reverend", "pastor",
          "lord", "lady", "sir", "madam", "count", "countess", "baron", "doctor", "inspector", "judge", "saint",
          "grandma", "grandpa", "granny", "old", "young", "little", "big", "king", "queen", "prince", "princess"}
ARTICLES = ("a ", "an ", "the ", "some ", "my ", "his ", "her ", "their ", "our ", "one ")

PRONOUNS = {
    "she": ("she", "her", "her", "herself", "was"),
    "he": ("he", "him", "his", "himself", "was"),
    "they": ("they", "them", "their", "themselves", "were"),
    "it": ("it", "it", "its", "itself", "was"),
}


def split_list(text):
    """Items of a comma/semicolon/'and'-separated list, trimmed, without empties or duplicates."""
    if not text:
        return []
    parts = re.split(r"\s*[,;\n]\s*|\s+and\s+|\s*&\s*", str(text))
    seen, out = set(), []
    for p in parts:
        p = p.strip(" .\t\"'")
        if p and p.lower() not in seen:
            seen.add(p.lower())
            out.append(p)
    return out


def guess_gender(text, default="they"):
    """'she', 'he' or ``default`` from a first name or a describing word."""
    words = re.findall(r"[A-Za-z]+", (text or "").lower())
    if not words:
        return default
    first = words[0] if words[0] not in ("dr", "doctor", "professor", "detective", "officer", "captain",
                                        "father", "sister", "brother", "mother") else None
    if words[0] in ("mrs", "ms", "miss", "lady", "madam"):
        return "she"
    if words[0] in ("mr", "sir", "lord"):
        return "he"
    for w in ([first] if first else []) + words[1:]:
        if w in FEMALE_NAMES:
            return "she"
        if w in MALE_NAMES:
            return "he"
    for w in words:
        if w in FEMALE_WORDS:
            return "she"
        if w in MALE_WORDS:
            return "he"
    return default


def definite(np):
    """'a shadowy figure' -> 'the shadowy figure'; names and 'the ...' unchanged."""
    low = np.lower()
    for art in ("a ", "an ", "some ", "one "):
        if low.startswith(art):
            return "the " + np[len(art):]
    return np


def as_noun_phrase(text):
    """A key element as a noun phrase: 'cursed mirror' -> 'the cursed mirror'."""
    t = text.strip()
    if t.lower().startswith(ARTICLES) or t[:1].isupper() or t[:1].isdigit():
        return t
    return "the " + t


def is_proper(text):
    """True when ``text`` reads as a name ('Mara', 'Dr. Hale', 'the Pale Man')."""
    words = [w for w in re.findall(r"[A-Za-z][\w'.-]*", text or "") if w.lower() not in ("the", "of", "a", "an")]
    return bool(words) and all(w[0].isupper() for w in words)


def capitalize_first(s):
    """Upper-case the first letter of a sentence (skipping an opening quote)."""
    for i, ch in enumerate(s):
        if ch.isalpha():
            return s[:i] + ch.upper() + s[i + 1:]
        if ch not in "\"'“‘(":
            return s
    return s


def lower_first(s):
    """'The house was alive.' -> 'the house was alive' (keeps 'I' and names like 'Mara')."""
    s = s.strip().rstrip(".!?").strip()
    if len(s) > 1 and s[0].isupper() and s[1].islower():
        first = s.split()[0]
        if first.lower() in ("the", "a", "an", "it", "there", "everyone", "nobody", "someone", "all",
                             "his", "her", "their", "my", "your", "every", "this", "that", "what",
                             "she", "he", "they", "we", "you", "in", "at", "on", "when", "after"):
            return s[0].lower() + s[1:]
    return s


@dataclass
class Person:
    """Someone in the cast: ``full`` as the user wrote it, ``short`` for later mentions."""

    full: str
    short: str
    gender: str
    introduced: bool = False

    @classmethod
    def parse(cls, text, default_gender="they"):
        text = text.strip()
        name, _, desc = text.partition(",")
        name = name.strip()
        m = re.match(r"(?i)^(?:a|an|the)\s+.*?\bnamed\s+(.+)$", name)
        if m:
            short = m.group(1).strip()
        elif name.lower().startswith(ARTICLES):
            short = definite(name)
        else:
            words = name.split()
            caps = [i for i, w in enumerate(words) if w[:1].isupper()]
            if caps and caps[0] > 0:  # 'old Jonah' -> 'Jonah'
                words = words[caps[0]:]
            titled = words[0].rstrip(".").lower() in TITLES
            if titled and len(words) > 2:
                short = f"{words[0]} {words[-1]}"  # 'Detective Ray Cole' -> 'Detective Cole'
            else:
                short = " ".join(words[:2]) if titled else words[0] if words else name
        return cls(full=text if not desc else f"{name}, {desc.strip()}", short=short,
                   gender=guess_gender(text, default_gender))

    @property
    def pron(self):
        return PRONOUNS[self.gender]

    def mention(self):
        """Full text on first mention, the short form afterwards."""
        if not self.introduced:
            self.introduced = True
            return self.full
        return self.short


@dataclass
class Voice:
    """Pronouns for the protagonist under one narrative perspective.

    ``subject()`` in third person alternates the name and the pronoun so a reader always knows who
    'she' is: the name at least every few references.
    """

    perspective: str
    hero: Person
    _since_name: int = field(default=99)
    _in_sentence: int = field(default=0)

    @classmethod
    def for_perspective(cls, perspective, hero):
        p = (perspective or "").lower()
        kind = "first" if "first" in p else "second" if "second" in p else "third"
        return cls(kind, hero)

    def forms(self):
        if self.perspective == "first":
            return ("I", "me", "my", "myself", "was")
        if self.perspective == "second":
            return ("you", "you", "your", "yourself", "were")
        return self.hero.pron

    def subject(self, rng):
        if self.perspective != "third":
            return self.forms()[0]
        self._since_name += 1
        self._in_sentence += 1
        if self._in_sentence == 1 and (self._since_name > 3 or rng.random() < 0.2):
            self._since_name = 0
            return self.hero.short
        return self.hero.pron[0]

    def name_subject(self):
        """The protagonist by name in third person (for first mentions), else I/you."""
        if self.perspective != "third":
            return self.forms()[0]
        self._since_name = 0
        return self.hero.short

    def new_sentence(self):
        self._in_sentence = 0

    def reset(self):
        self._since_name = 99
