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


_NICKNAME = re.compile(r"(?:^|\s)[\"“‘'](?P<nick>[^\"“”‘’']+)[\"”’'](?=\s|$)")


def _nickname(name):
    """The nickname said in quotes in a name ("Jimmy 'Knuckles' Malone" -> "Knuckles"), or ''."""
    quoted = _NICKNAME.search(name)
    return quoted.group("nick").strip() if quoted and quoted.group(0).strip() != name.strip() else ""


def _quotes_tidied(name_part):
    """A name's nickname in single quotes, so a line of dialogue that says the name stays whole
    ('Jimmy "Knuckles" Malone' -> "Jimmy 'Knuckles' Malone"); a name that is all nickname
    ('"Bones"') without them."""
    whole = re.fullmatch(r"[\"“‘'](?P<nick>[^\"“”‘’']+)[\"”’']", name_part.strip())
    if whole:
        return whole.group("nick").strip()
    return _NICKNAME.sub(lambda m: m.group(0)[:-len(m.group(0).lstrip())] + f"'{m.group('nick').strip()}'",
                         name_part)


def _given_marker(given):
    """'she'/'he' from a middle name that says it in a name said family name first ("Nguyen Thi Lan")."""
    markers = lexicon().given_name_markers
    return next((p for p in ("she", "he") if any(_word(g) in markers[p] for g in given)), "")


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
    nickname = _nickname(name)
    if not rest and len(titles) == 1 and titles[0][:1].isupper() and _word(titles[0]) in words.kin_said_alone:
        name = handle = titles[0].rstrip(".")  # "Grandma", "Nonna": the word is what they are called
    elif not rest:  # "the Captain": a title is what they are called
        handle = "the " + " ".join(titles).lower().rstrip(".")
        name = handle
    elif nickname:  # "Jimmy 'Knuckles' Malone" is Knuckles after he is first named
        handle = nickname
    elif titles:
        kin = any(_word(t) in words.kin_titles for t in titles)
        handle = " ".join([*titles, rest[0] if kin else rest[-1]])
    elif _surname_first(rest) or len(rest) == 1 or re.match(r"^[A-Z]\.?$", rest[0]) or _particle_then_name(rest) \
            or any(ch.isdigit() for ch in name) or _epithet(rest):  # "Room 237", "Bloody Mary": whole
        handle = " ".join(rest)
    else:
        handle = rest[0]
    given = [] if not rest else rest[1:] if (_surname_first(rest) or _epithet(rest)) else rest[:1]
    pronouns = (title_pronoun or _own_cue(description) or next((name_pronoun(g) for g in given if name_pronoun(g)), "")
                or (_given_marker(given) if _surname_first(rest) else "")
                or _name_word_cue(rest) or _pronoun_words(description) or "they")
    keys = tuple(_word(t) for t in rest) or tuple(_word(t) for t in titles)
    return Reading(name=name, handle=handle, pronouns=pronouns, look=description, keys=keys)


def read_description(text):
    """A ``Reading`` for a person or thing described, not named ("the passenger in cabin 14 who
    is never seen to eat"): the description is the name, a short noun phrase the handle."""
    pronouns = phrase_pronoun(text)
    parsed = parse_phrase(text)
    head = _word(parsed.head.split()[0]) if parsed.head else ""
    if _several(text, parsed):
        pronouns = "they"
    return Reading(name=text, handle=best_handle(text), pronouns=pronouns, described=True,
                   animal=head in lexicon().animals, keys=(head,) if head else ())


def _several(text, parsed):
    """Whether a description is of several people ("the twins", "three kids from the trailer
    park", "the Harlan brothers"): they are a they."""
    words = lexicon()
    if parsed.thing or not parsed.head.strip():
        return False
    last = _word(parsed.head.split()[-1])
    counted = _word(text.split()[0]) in words.number_words - {"one"}
    people = words.person_nouns | words.kin_nouns | words.female_words | words.male_words | words.animals
    plural = last in words.plural_people or last in words.groups or last.endswith("men") \
        or (last.endswith("s") and (last[:-1] in people or last[:-2] in people))
    return plural or (counted and last.endswith("s"))


def _relation_then_name(text):
    """("her brother", "Nils") for "her brother Nils", ("an old man", "Jonah") for "an old man
    named Jonah", or None: lower-case words that say what someone is, then their name."""
    named = re.match(r"(?i)^(.*?)\s+(?:named|called|known as)\s+(.+)$", text)
    if named:
        return named.group(1).strip(), named.group(2).strip()
    tokens = text.split()
    owned = any(re.search(r"\w['’]s$", t) for t in tokens[:3])  # "Mrs. Tanaka's cat Mochi"
    if not tokens or (_word(tokens[0]) not in POSSESSIVES | _ARTICLES and not owned):
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
                     | words.someone_leads | words.first_person | words.number_words | POSSESSIVES | _ARTICLES)


def _capitalised(name_part):
    """A name typed in lower case as a name ("maya" -> "Maya", "ana de la cruz" -> "Ana de la
    Cruz", "old mr. tanaka who owns the place" -> "old Mr. Tanaka who owns the place") when it
    reads as one: a title or a first name the list knows, up to the first word that starts a
    description; or a word or three that are no noun, adjective or article the lists know.
    Anything else is left as it is (a description)."""
    words = lexicon()
    tokens = name_part.split()
    if not tokens or not name_part.islower():
        return name_part
    start = 0
    while start < len(tokens) - 1 and _word(tokens[start]) in words.name_prefixes:
        start += 1  # "old jonah": the name is Jonah
    first = _word(tokens[start])
    if (first in words.title_pronoun and start + 1 < len(tokens)) or name_pronoun(first):
        end = start + 1
        while end < len(tokens) and _word(tokens[end]) not in _description_starts():
            end += 1
    elif len(tokens) <= 4 and not any(_word(t) in _known_words() for t in tokens):
        start, end = 0, len(tokens)  # "zofia kowalczyk": no word the lists know
    elif len(tokens) > 2 and _word(tokens[-2]) in words.kin_nouns and name_pronoun(tokens[-1]):
        start, end = len(tokens) - 1, len(tokens)  # "his sister joy"
    else:
        return name_part
    named = [t if (k and t in _PARTICLES) else t[:1].upper() + t[1:] for k, t in enumerate(tokens[start:end])]
    return " ".join([*tokens[:start], *named, *tokens[end:]])


@lru_cache(maxsize=1)
def _description_starts():
    """Words after a name typed in lower case that start what is said of them ("who", "from", "the")."""
    words = lexicon()
    return frozenset(words.clause_words | words.kept_prepositions | words.other_prepositions | _ARTICLES
                     | POSSESSIVES | set(_JOINERS))


_STATED_PRONOUNS = re.compile(r"(?i)(?:\bpronouns?:?\s*)?\b(?P<p>she|he|they)\s*/\s*(?:her|hers|him|his|them|theirs)\b")


def read_person(text):
    """A ``Reading`` of one person as the characters, protagonist or antagonist field gives them;
    the pronouns the field states ("Dana (she/her)", "Alex, they/them") over any the reading finds."""
    stated = _STATED_PRONOUNS.search(text or "")
    if not stated:
        return _read_person(text)
    person = _read_person(re.sub(r",\s*(?=,)", "", _STATED_PRONOUNS.sub(" ", text)))
    person.pronouns = stated.group("p").lower()
    return person


def _read_person(text):
    words = lexicon()
    text = _tidy(text)
    if re.search(r"[A-Z]", text) and not re.search(r"[a-z]", text):
        text = text.lower()  # "ANA GARCIA, A NURSE": read as typed in lower case
    name_part, _, description = (s.strip() for s in text.partition(","))
    name_part = _quotes_tidied(name_part)
    if description and not _has_capital(name_part) and is_bare_name(description):
        name_part, description = description, name_part  # "the landlord, Mr. Petrov": Mr. Petrov, the landlord
    if name_part in ("It", "IT"):  # the thing that is only ever called It
        return Reading(name="It", handle="It", pronouns="it", look=description, described=True, keys=("it",),
                       source=text)
    name_part = _capitalised(name_part)
    name_part, more = _name_then_more(name_part)
    description = ", ".join(filter(None, [more, description]))  # "Mr. Tanaka who owns the place"
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
    owned = any(re.search(r"\w['’]s$|s['’]$", t) and not t.startswith(("'", "‘")) and tokens[k + 1][:1].islower()
                for k, t in enumerate(tokens[:-1]))  # "Priya's reflection", "Lady Ashcombe's maid": a description
    is_name = not owned and (_starts_name(first) or _particle_then_name(tokens))
    if not is_name:
        person = read_description(name_part if not description else text)
        if _word(first) in POSSESSIVES and not description:
            person.handle = _kin_handle(name_part)  # "her brother", "Mother": whose they are matters
        elif "," in person.handle:  # "the stranger, a tall man in grey" is "the stranger" after
            person.handle = best_handle(name_part)
        person.source = text
        return person
    person = read_name(name_part, description)
    if description and any(_word(t) in words.animals for t in description.split()[:4]):
        person.animal = True
        if person.pronouns == "they":
            person.pronouns = "it"
    person.source = text
    return person


def _particle_then_name(tokens):
    """Whether a name starts with its particle in lower case ("van Helsing", "de la Cruz")."""
    return len(tokens) > 1 and tokens[0][:1].islower() and _is_particle(tokens[0]) \
        and any(_capital(t) for t in tokens[1:])


def _has_capital(text):
    return any(_capital(t) for t in text.split())


def _capital(token):
    return token.lstrip("\"“‘'")[:1].isupper()


def _starts_name(first):
    """Whether a word can start a name: capitalised, and no article, possessive or word that leads
    a description ("The", "Her", "Something")."""
    words = lexicon()
    return _capital(first) and _word(first) not in _ARTICLES | POSSESSIVES | words.things_leads | words.someone_leads


def is_bare_name(text):
    """Whether a comma's piece is a name and nothing else ("Mr. Petrov", "Ruth Ames", "Ana de la Cruz")."""
    tokens = text.split()
    return 0 < len(tokens) <= 4 and _starts_name(tokens[0]) \
        and all(_capital(t) or _is_particle(t) for t in tokens)


def _is_particle(token):
    """A lower-case word that belongs to a name: "van", "de la", "bin", "al-Rashid", "d'Arcy"."""
    word = _word(token)
    return word in _PARTICLES or bool(re.match(r"^[a-z]{1,3}[-'’]\w", token)) and re.split(r"[-'’]", word)[0] in \
        _PARTICLES | {"d", "l", "o", "ad", "ar", "as", "ash", "az", "an", "at", "ul"}


#: words after a name that join another person to it, never a description of them ("Tom and his dog")
_JOINERS = ("and", "or", "nor", "&")


def _name_then_more(name_part):
    """("Mr. Tanaka", "who owns the place") for "old Mr. Tanaka who owns the place" ("old" is read
    later), ("her brother Nils", "from the mill"), ("Mrs. Okoye", "whose son drowned"): the name
    ends at the first lower-case word after it that is no particle of a name. A description
    without a name ("the janitor that nobody remembers hiring") is left whole."""
    tokens = name_part.split()
    for k in range(1, len(tokens)):
        token, before = tokens[k], tokens[k - 1]
        if not token[:1].islower() or _is_particle(token) or _word(token) in _JOINERS or not _capital(before) \
                or re.search(r"['’]s?$", before):
            continue  # "Room 237", "Ana de la Cruz", "Tom and his dog": no description starts here
        if (_word(token) == "of" and any(_capital(t) for t in tokens[k + 1:])) \
                or (_word(token) == "the" and k + 1 < len(tokens) and _capital(tokens[k + 1])):
            continue  # "Lady of the Lake", "Jack the Ripper": the name goes on
        head = tokens[:k]
        while len(head) > 1 and _word(head[0]) in lexicon().name_prefixes and head[0].islower():
            head = head[1:]  # "old Mr. Tanaka"
        if _starts_name(head[0]) or _relation_then_name(" ".join(head)):
            return " ".join(tokens[:k]), " ".join(tokens[k:])
    return name_part, ""


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
