"""One person of the form read as a writer reads them: "Ilse Brandauer, a German actress" is a
woman called Ilse; "Herr Pichler" is Herr Pichler (never "Herr"); "her brother Nils" is Nils, a
he, and the "her" is his sister's; "whatever is inside reefer container 7714" is not a name at all
but a thing, called "the thing in container 7714" after the first mention.

Pronouns come only from the person's own words, strongest first: a title (Mrs., Herr, Uncle), what
the description says they are (actress, boy, nephew, widow), a first name the list is sure of,
a pronoun of their own description ("who keeps her head down"); "they" when nothing says.
"""
import re
from dataclasses import dataclass
from functools import lru_cache

from .lexicon import fold, lexicon, name_pronoun
from .phrases import best_handle, parse_phrase, phrase_pronoun

POSSESSIVES = lexicon().possessives
_ARTICLES = lexicon().articles


@dataclass
class Reading:
    """A person as read: ``name`` (as the story first says it), ``handle`` (after that),
    ``pronouns``, ``look`` (their description), and the words that name them (for matching the
    same person in another field or the twist)."""

    name: str
    handle: str
    pronouns: str
    look: str = ""
    described: bool = False
    animal: bool = False
    keys: tuple = ()
    source: str = ""


def _word(token):
    return fold(token).strip(".,'’\"")


def _tidy(text):
    """A description after a dash or in brackets is one after a comma: "Mr. O'Rourke — the
    supply-boat man", "Dr. Helen Cho (night-shift psychiatrist)"."""
    text = re.sub(r"\s+", " ", (text or "").strip())
    text = re.sub(r"\s+[—–]+\s+|\s+-{1,2}\s+", ", ", text, count=1)
    text = re.sub(r"\s*\(([^)]*)\)?", lambda m: ", " + m.group(1).strip(), text)
    return text.strip(" ,.;")


def _own_cue(words_of_description):
    """'she'/'he' from what a description says a person is: its head and modifiers ("a German
    actress", "a fisherman's daughter": the fisherman is someone else), '' when it does not say."""
    if not words_of_description.strip():
        return ""
    pronoun = phrase_pronoun(words_of_description)
    return pronoun if pronoun in ("she", "he") else ""


def _pronoun_words(description):
    """'she'/'he' from pronouns in a person's own description ("who keeps her head down"), leaving
    out a possessive that names someone else's relation ("her nephew", "his apprentice")."""
    words = lexicon()
    tokens = [_word(t) for t in description.split()]
    found = set()
    for k, token in enumerate(tokens):
        following = tokens[k + 1:k + 3]
        if token in POSSESSIVES and any(w in words.kin_nouns for w in following):
            continue
        for pronoun in ("she", "he"):
            if token in words.pronoun_words[pronoun]:
                found.add(pronoun)
    return found.pop() if len(found) == 1 else ""


def _is_first_person(text):
    return fold(text.strip()) in lexicon().first_person


def _split_title(tokens):
    """(titles, the rest) for name tokens: "Dr. Helen Marsh" -> (["Dr."], ["Helen", "Marsh"])."""
    words = lexicon()
    k = 0
    while k < len(tokens) and _word(tokens[k]) in words.title_pronoun and (tokens[k][:1].isupper() or k == 0):
        k += 1
    return tokens[:k], tokens[k:]


def _surname_first(rest):
    """Whether a name is said family name first (Korean, Chinese, Hungarian, Khmer...): its first
    word is a family name of those languages and not also a first name the list knows ("Simon")."""
    return len(rest) >= 2 and _word(rest[0]) in lexicon().surname_first and not name_pronoun(rest[0])


_NAME_ARTICLES = lexicon().name_articles


def _epithet(rest):
    """Whether a name is an epithet said whole: its first word is an adjective or an article of
    another language ("Bloody Mary", "Black Annis", "La Llorona", "Slender Man")."""
    first = _word(rest[0])
    return len(rest) > 1 and (first in _NAME_ARTICLES or first in lexicon().adjectives
                              or first in lexicon().epithet_words)


def _name_word_cue(rest):
    """'she'/'he' from a word of an epithet ("Slender Man", "Old Man Haskins", "Grey Lady")."""
    words = lexicon()
    for token in rest:
        word = _word(token)
        if word in words.female_words - words.pronoun_words["she"]:
            return "she"
        if word in words.male_words - words.pronoun_words["he"]:
            return "he"
    return ""


def read_name(name_text, description=""):
    """A ``Reading`` for a name ("Captain Aurelio Soto", "Herr Pichler", "Park Ji-woo") with its
    description ("a German actress", "her nephew")."""
    words = lexicon()
    tokens = name_text.split()
    while len(tokens) > 1 and _word(tokens[0]) in words.name_prefixes and tokens[0][:1].islower():
        tokens = tokens[1:]  # "old Jonah" -> "Jonah"
    titles, rest = _split_title(tokens)
    name = " ".join(tokens)
    title_pronoun = next((words.title_pronoun[_word(t)] for t in titles if words.title_pronoun[_word(t)]), "")
    if not rest:  # "the Captain": a title is what they are called
        handle = "the " + " ".join(titles).lower().rstrip(".")
        name = handle
    elif titles:
        kin = any(_word(t) in words.kin_titles for t in titles)
        handle = " ".join([*titles, rest[0] if kin else rest[-1]])
    elif _surname_first(rest) or len(rest) == 1 or re.match(r"^[A-Z]\.?$", rest[0]) \
            or any(ch.isdigit() for ch in name) or _epithet(rest):  # "Room 237", "Bloody Mary": whole
        handle = " ".join(rest)
    else:
        handle = rest[0]
    given = [] if not rest else rest[1:] if (_surname_first(rest) or _epithet(rest)) else rest[:1]
    pronouns = (title_pronoun or _own_cue(description) or next((name_pronoun(g) for g in given if name_pronoun(g)), "")
                or _name_word_cue(rest) or _pronoun_words(description) or "they")
    keys = tuple(_word(t) for t in rest) or tuple(_word(t) for t in titles)
    return Reading(name=name, handle=handle, pronouns=pronouns, look=description, keys=keys)


def read_description(text):
    """A ``Reading`` for a person or thing described, not named ("the passenger in cabin 14 who
    is never seen to eat"): the description is the name, a short noun phrase the handle."""
    pronouns = phrase_pronoun(text)
    parsed = parse_phrase(text)
    head = _word(parsed.head.split()[0]) if parsed.head else ""
    return Reading(name=text, handle=best_handle(text), pronouns=pronouns, described=True,
                   animal=head in lexicon().animals, keys=(head,) if head else ())


def _relation_then_name(text):
    """("her brother", "Nils") for "her brother Nils", ("an old man", "Jonah") for "an old man
    named Jonah", or None: lower-case words that say what someone is, then their name."""
    named = re.match(r"(?i)^(.*?)\s+(?:named|called|known as)\s+(.+)$", text)
    if named:
        return named.group(1).strip(), named.group(2).strip()
    tokens = text.split()
    if not tokens or (_word(tokens[0]) not in POSSESSIVES | _ARTICLES and not re.search(r"['’]s$", tokens[0])):
        return None
    at = len(tokens)
    while at > 1 and tokens[at - 1][:1].isupper():
        at -= 1  # the name is the run of capitalised words at the end ("the Okafor twin Ada")
    if at == len(tokens):
        return None
    relation, name = " ".join(tokens[:at]), " ".join(tokens[at:])
    if _word(tokens[0]) in _ARTICLES and at == 1:
        return None  # "the Pale Nurse": an article and a name, one epithet
    words = lexicon()
    plain = set(_ARTICLES) | POSSESSIVES
    if at > 4 or any(_word(t) in words.clause_words or _word(t) in words.kept_prepositions
                     or _word(t) in words.other_prepositions for t in tokens[:at] if _word(t) not in plain):
        return None  # "a man in a Zamboni driver's parka", "a caller who knows Fraser's PIN"
    if not all(t[:1].isupper() and not re.search(r"['’]s$", t) for t in tokens[at:]):
        return None
    return relation, name


_PARTICLES = lexicon().name_particles


@lru_cache(maxsize=1)
def _known_words():
    """Every word the lists know as something other than a name."""
    words = lexicon()
    return frozenset(words.person_nouns | words.thing_nouns | words.adjectives | words.not_alone | words.animals
                     | words.kin_nouns | words.female_words | words.male_words | words.things_leads
                     | words.someone_leads | words.first_person | POSSESSIVES | _ARTICLES)


def _capitalised(name_part):
    """A name typed in lower case as a name ("maya" -> "Maya", "ana de la cruz" -> "Ana de la
    Cruz") when it reads as one: a first name the list knows, or a word or three that are no
    noun, adjective or article the lists know. Anything else is left as it is (a description)."""
    words = lexicon()
    tokens = name_part.split()
    if not tokens or not name_part.islower() or len(tokens) > 4:
        return name_part
    known = _known_words()
    first = _word(tokens[0])
    if first in words.title_pronoun and len(tokens) > 1:
        pass  # "dr marsh", "uncle des"
    elif not name_pronoun(first) and (first in known or any(_word(t) in known for t in tokens)):
        return name_part
    return " ".join(t if (k and t in _PARTICLES) else t[:1].upper() + t[1:] for k, t in enumerate(tokens))


def read_person(text):
    """A ``Reading`` of one person as the characters, protagonist or antagonist field gives them."""
    words = lexicon()
    text = _tidy(text)
    if re.search(r"[A-Z]", text) and not re.search(r"[a-z]", text):
        text = text.lower()  # "ANA GARCIA, A NURSE": read as typed in lower case
    name_part, _, description = (s.strip() for s in text.partition(","))
    if name_part in ("It", "IT"):  # the thing that is only ever called It
        return Reading(name="It", handle="It", pronouns="it", look=description, described=True, keys=("it",),
                       source=text)
    name_part = _capitalised(name_part)
    if _is_first_person(name_part):
        # "I", "I, Maya, a nurse": the narrator, by name when the field gives one
        named = re.match(r"^([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)(?:\s*,\s*(.*))?$", description)
        if named:
            person = read_name(named.group(1), named.group(2) or "")
            person.pronouns, person.source = "i", text
            return person
        return Reading(name="I", handle="I", pronouns="i", look=description, keys=("i",), source=text)
    split = _relation_then_name(name_part)
    if split:
        relation, name = split
        name = _capitalised(name)  # "a nurse named maya"
        person = read_name(name, ", ".join(filter(None, [relation, description])))
        animal = any(_word(t) in words.animals for t in relation.split())
        if animal:
            cue = next((p for p, bank in (("she", words.animal_she), ("he", words.animal_he))
                        for t in relation.split() if _word(t) in bank), "")
            person.pronouns = cue or name_pronoun(name.split()[0]) or "it"
            person.animal = True
        else:
            relation_cue = _own_cue(_without_possessive(relation))
            if relation_cue and not any(words.title_pronoun.get(_word(t)) for t in name.split()[:1]):
                person.pronouns = relation_cue
        person.look, person.source = ", ".join(filter(None, [relation, description])), text
        return person
    tokens = name_part.split()
    while len(tokens) > 1 and tokens[0].islower() and _word(tokens[0]) in words.name_prefixes \
            and tokens[1][:1].isupper():
        description = ", ".join(filter(None, [tokens[0], description]))  # "old Jonah": Jonah, old
        tokens = tokens[1:]
    name_part = " ".join(tokens)
    first = tokens[0] if tokens else ""
    owned = len(tokens) > 1 and re.search(r"['’]s?$", first)  # "Priya's reflection": a description
    is_name = not owned and first[:1].isupper() and _word(first) not in _ARTICLES | POSSESSIVES | words.things_leads \
        | words.someone_leads
    if not is_name:
        person = read_description(name_part if not description else text)
        if _word(first) in POSSESSIVES and not description:
            person.handle = _kin_handle(name_part)  # "her brother", "Mother": whose they are matters
        person.source = text
        return person
    person = read_name(name_part, description)
    if description and any(_word(t) in words.animals for t in description.split()[:4]):
        person.animal = True
        if person.pronouns == "they":
            person.pronouns = "it"
    person.source = text
    return person


def _without_possessive(relation):
    tokens = relation.split()
    if tokens and (_word(tokens[0]) in POSSESSIVES or re.search(r"['’]s$", tokens[0])):
        tokens = tokens[1:]
    return " ".join(tokens)


def _kin_handle(phrase):
    """'my mother' -> 'Mother' (what a narrator calls a parent); 'her brother' stays."""
    tokens = phrase.split()
    if len(tokens) == 2 and _word(tokens[0]) == "my" and _word(tokens[1]) in lexicon().parent_kin:
        return tokens[1].capitalize()
    return phrase
