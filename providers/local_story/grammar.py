"""Grammar helpers: people parsed from free text, their likely pronouns, noun phrases."""
import re
from dataclasses import dataclass

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
    return _unique(p.strip(" .\t\"'") for p in parts)


def split_cast(text):
    """The people of a characters field, each as the user described them: ``split_list``'s items,
    except that a description set after a name stays with it ("Edith, a widowed lighthouse
    keeper"): every comma's, when semicolons or lines separate the people ("Edith, the keeper;
    Tom, her son"), else an "a"/"an" one's ("Mara, a nurse, Elias": two people)."""
    if not text:
        return []
    text = str(text)
    if re.search(r"[;\n]", text):
        return _unique(c.strip(" .,\t\"'") for c in re.split(r"\s*[;\n]\s*", text))
    people = []
    for item in split_list(text):
        named = people and not people[-1].lower().startswith(ARTICLES) and "," not in people[-1]
        if named and re.match(r"(?i)(a|an)\s", item):
            people[-1] = f"{people[-1]}, {item}"
        else:
            people.append(item)
    return people


def _unique(items):
    """The non-empty ``items``, each once (whatever its case), in their order."""
    seen, out = set(), []
    for item in items:
        if item and item.lower() not in seen:
            seen.add(item.lower())
            out.append(item)
    return out


def _named_last(phrase):
    """Whether a described person ends in their name: 'her silent son Tom' (not 'the Pale
    Nurse', a name in itself)."""
    words = phrase.split()
    return len(words) > 2 and words[-1][:1].isupper() and not any(
        w[:1].isupper() for w in words[1:-1])


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


def capitalize_first(s):
    """Upper-case the first letter of a sentence (skipping an opening quote)."""
    for i, ch in enumerate(s):
        if ch.isalpha():
            return s[:i] + ch.upper() + s[i + 1:]
        if ch not in "\"'“‘(":
            return s
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
        elif name.lower().startswith(ARTICLES) and not _named_last(name):
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
