"""Long field phrases read as noun phrases: what they are about (their head noun), what a writer
calls them after the first full mention ("the passenger in cabin 14 who is never seen to eat" ->
"the passenger in cabin 14", "the passenger"), and whether they are a she, a he, a they or an it.

A reader forgives a long description once; said whole seven times it is the form showing through.
The reading is heuristic (word lists in ``data/reading/lexicon.json``, no tagger): a phrase is cut at
its first relative clause, participle or preposition; the head is the last word before the cut;
adjectives fall away, one noun modifier may stay ("the gondola station"), and a short
prepositional phrase that tells one thing from another stays ("in cabin 14"), one that only says
where in the world ("in the Dolomites") does not.
"""
import re
from dataclasses import dataclass, field

from .epithets import strange_handles
from .lexicon import fold, lexicon

DETERMINERS = lexicon().determiners
_TOKEN = re.compile(r"[^\s,;:()\[\]]+")
_CUT = re.compile(r"\s*(?:[,;:(\[]|\s[—–-]\s|\s--\s).*$", re.S)
_NUMBERISH = re.compile(r"^(?:no\.?|#)?\d[\w-]*$", re.I)


@dataclass
class Phrase:
    """A noun phrase taken apart: ``head`` ("passenger"), the ``modifiers`` before it, a
    ``possessor`` ("the farmer's"), the first prepositional phrase (``prep`` + ``object``), what
    follows (``rest``) and whether it opened on "whatever"/"something" (``thing``) or
    "someone" (``someone``)."""

    text: str
    head: str = ""
    modifiers: list = field(default_factory=list)
    possessor: list = field(default_factory=list)
    prep: str = ""
    object: list = field(default_factory=list)
    rest: list = field(default_factory=list)
    thing: bool = False
    someone: bool = False
    article: str = ""


def _word(token):
    return fold(token).strip(".'’\"")


def _is_clause(token):
    return _word(token) in lexicon().clause_words


def _is_prep(token):
    words = lexicon()
    return _word(token) in words.kept_prepositions or _word(token) in words.other_prepositions


_POST_HEAD = lexicon().post_head
_AFTER_PARTICIPLE = lexicon().after_participle
_IRREGULAR_PARTICIPLES = lexicon().irregular_participles


def _noun_like(token):
    """Whether a word before a participle can be the noun it describes ("ship" in "ship carrying
    …"), not a modifier ("30-tonne", "old") or an article."""
    word = _word(token)
    return (word.isalpha() and word not in DETERMINERS and word not in lexicon().adjectives
            and not _is_prep(token) and not _is_clause(token))


def _is_participle(token, previous, following=None):
    """'crossing', 'dated', 'stamped', 'stuck' after a noun and before what they govern
    ("crossing the Strait", "dated tomorrow", "stamped 1893", "carrying reefer containers"): the
    start of what the phrase says about it (but "a 30-tonne refrigerated container": a modifier)."""
    word = _word(token)
    if not previous or word in lexicon().noun_modifiers or len(word) < 4:
        return False
    ing = word.endswith("ing") and len(word) > 4
    ed = word.endswith("ed") and len(word) > 4 and word not in lexicon().adjectives \
        and word not in lexicon().not_participles
    if not (ing or ed or word in _IRREGULAR_PARTICIPLES) or following is None:
        return (ing or ed) and following is None and _noun_like(previous)
    if not _noun_like(previous):
        return False
    nxt = _word(following)
    return (ing or nxt in DETERMINERS or nxt in _AFTER_PARTICIPLE or following[:1].isupper()
            or following[:1].isdigit() or _is_prep(following) or _is_clause(following))


def parse_phrase(text):
    """A ``Phrase`` from field text ("the quiet girl in the yellow raincoat whom no parent ever collects")."""
    words = lexicon()
    clean = _CUT.sub("", (text or "").strip()).strip(" .!?\"'“”")
    # "the light itself" is the light: the intensifier says how much, never what
    tokens = [t for k, t in enumerate(_TOKEN.findall(clean)) if k == 0 or _word(t) not in words.intensifiers]
    phrase = Phrase(text=clean)
    if not tokens:
        return phrase
    i = 0
    lead = _word(tokens[0])
    if lead in words.things_leads or " ".join(_word(t) for t in tokens[:2]) in words.things_leads:
        phrase.thing = True
    elif lead in words.someone_leads:
        phrase.someone = True
    if phrase.thing or phrase.someone:
        # "whatever is inside reefer container 7714": what it is comes from where it is
        at = next((k for k, t in enumerate(tokens) if _word(t) in words.kept_prepositions and k > 0
                   and not _only_a_doing(tokens[k + 1:])), None)
        if at is not None:
            while at + 1 < len(tokens) and _word(tokens[at + 1]) in words.kept_prepositions:
                at += 1  # "from inside the ice machine": the last of a run of prepositions
            phrase.prep = "in" if _word(tokens[at]) in ("inside", "within", "from") else _word(tokens[at])
            phrase.object = _object(tokens[at + 1:])
        phrase.head = "thing" if phrase.thing else "one"
        return phrase
    if lead in DETERMINERS:
        phrase.article = lead
        i = 1
    start = i
    end = len(tokens)
    for k in range(start, len(tokens)):
        token = tokens[k]
        following = tokens[k + 1] if k + 1 < len(tokens) else None
        if k > start and (_is_clause(token) or _is_prep(token) or _is_participle(token, tokens[k - 1], following)
                          or _word(token) in ("the", "a", "an")):  # "Mr Crane the butler": what he is follows
            end = k
            break
    core = tokens[start:end]
    while len(core) > 1 and (_word(core[-1]) in words.adjectives or _word(core[-1]) in _POST_HEAD) \
            and _noun_like(core[-2]) and _word(core[-1]) not in words.person_nouns | words.thing_nouns:
        core = core[:-1]  # "a gondola station high in the Dolomites", "a cabin deep in the woods"
    # "the farmer's son": the possessor is another one, not a modifier of this one
    owner = max((k for k, t in enumerate(core[:-1]) if re.search(r"['’]s?$", t)), default=-1)
    if owner >= 0:
        phrase.possessor, core = core[:owner + 1], core[owner + 1:]
    if not core:
        return phrase
    if len(core) > 1 and _NUMBERISH.match(core[-1]):
        phrase.head = f"{core[-2]} {core[-1]}"  # "container 7714", "cabin 14"
        phrase.modifiers = core[:-2]
    else:
        phrase.head, phrase.modifiers = core[-1], core[:-1]
    if end < len(tokens) and _is_prep(tokens[end]):
        phrase.prep = _word(tokens[end])
        phrase.object = _object(tokens[end + 1:])
        phrase.rest = tokens[end + 1 + len(phrase.object):]
    else:
        phrase.rest = tokens[end:]
    return phrase


def _only_a_doing(tokens):
    """Whether what follows a preposition is no place or thing but a doing ("without paying",
    "from singing"): "the one without the paying" is no handle."""
    return not tokens or (_word(tokens[0]).endswith("ing") and _word(tokens[0]) not in lexicon().noun_modifiers
                          and (len(tokens) == 1 or _is_clause(tokens[1]) or _is_prep(tokens[1])))


def reads_as_clause(text):
    """Whether a description is a clause, not a noun phrase ("something that sings from the oyster
    beds", "whatever waits under the vat", "someone who rides the last bus"): said whole in a
    sentence of the story it does not read ("a print something that sings ... had left"), so a
    story says it by its handles. "something under the ice" is a noun phrase."""
    parsed = parse_phrase(text)
    tokens = _TOKEN.findall(parsed.text)
    if not (parsed.thing or parsed.someone) or len(tokens) < 2 or _word(tokens[0]) in DETERMINERS:
        return False  # "the thing that was my sister" is a noun phrase, said as it is
    lead = 2 if " ".join(_word(t) for t in tokens[:2]) in lexicon().things_leads else 1
    return lead < len(tokens) and not _is_prep(tokens[lead]) and _word(tokens[lead]) not in lexicon().adjectives


def _object(tokens):
    """The noun phrase a preposition governs, up to the next clause or preposition."""
    out = []
    for k, token in enumerate(tokens):
        following = tokens[k + 1] if k + 1 < len(tokens) else None
        if out and (_is_clause(token) or _is_prep(token) or _is_participle(token, tokens[k - 1], following)):
            break
        out.append(token)
    return out


def _noun_modifier(token):
    """Whether a word before the head names a kind ("gondola", "container", "CB", "curling")
    rather than describing (adjectives, names of places and peoples, "24-hour", "Georgian-era")."""
    words = lexicon()
    word = _word(token)
    if word in words.noun_modifiers or (token.isupper() and len(token) > 1 and token.isalpha()):
        return True
    if token[:1].isupper() or "-" in token or any(ch.isdigit() for ch in token) or word in words.adjectives \
            or word in words.number_words:  # "chair nine machine": never "the nine machine"
        return False
    if word.endswith(("ous", "ful", "less", "ish", "ive", "able", "ible", "ern", "ese", "ian", "ed", "est")):
        return False
    return word.isalpha()


def _definite_object(tokens):
    """A prepositional object as a later mention says it: 'a Zamboni driver's parka' -> 'the
    Zamboni driver's parka'; 'cabin 14' stays."""
    if not tokens:
        return ""
    first = _word(tokens[0])
    if first in ("a", "an", "some", "one"):
        tokens = ["the", *tokens[1:]]
    words = list(tokens)
    if len(words) > 4:  # "the long dark corridor under the stairs" is too much to repeat
        words = ["the", words[-1]]
    return " ".join(words)


def _object_keeps(phrase):
    """Whether the prepositional phrase tells this one from another ("in cabin 14", "in the
    yellow raincoat") rather than only where in the world it is ("in the Dolomites", "in Osaka")."""
    words = lexicon()
    if not phrase.object or phrase.prep not in words.kept_prepositions:
        return False
    head = phrase.object[-1]
    return not (head[:1].isupper() or _word(head) in words.place_nouns)  # "from 2009" stays


def _plain(text):
    return re.sub(r"^(?:a|an|the|some|one)\s+", "", text.strip().lower())


def _bad_head(head, modifiers):
    """A head no handle can stand on: a preposition or pronoun, or an adjective standing alone
    ("the high", "the quiet"; "the cheese iron" has a noun before it, so "iron" is one)."""
    words = lexicon()
    word = _word(head.split()[-1])
    return (not word or word in words.not_alone
            or (word in words.adjectives and not modifiers and word not in words.person_nouns
                and word not in words.thing_nouns))


def handles_for(phrase):
    """Shorter ways to say a long field phrase after its first full mention, longest first:
    "the quiet girl in the yellow raincoat whom no parent ever collects" -> ["the girl in the
    yellow raincoat", "the girl"]; "a gondola station in the Dolomites" -> ["the gondola station",
    "the station"]; "whatever is inside reefer container 7714" -> ["the thing in container 7714",
    "the thing"]. Never a bare adjective, preposition or "whatever"; [] when nothing fits (a name,
    or a phrase with no noun to stand for it)."""
    words = lexicon()
    parsed = parse_phrase(phrase)
    if not parsed.head or _is_prep(parsed.text.split()[0]):
        return []  # "in the dark" is where, not what
    if parsed.thing or parsed.someone:
        noun = "thing" if parsed.thing else "one"
        out = [f"the {noun} {parsed.prep} {_short_object(parsed.object)}"] if parsed.object else []
        return out + ([f"the {noun}"] if parsed.thing else ["the stranger"])
    if not parsed.article and not parsed.possessor and parsed.head[:1].isupper():
        # a name ("Hotel Cecil in Los Angeles"): only the name itself, when shorter
        name = " ".join([*parsed.modifiers, parsed.head])
        return [name] if _plain(name) != _plain(parsed.text) else []
    if parsed.head[:1].isupper() and parsed.modifiers and parsed.modifiers[-1][:1].isupper():
        # "the old Hotel Cecil": a proper name is said whole
        run = [parsed.head]
        for token in reversed(parsed.modifiers):
            if not token[:1].isupper():
                break
            run.insert(0, token)
        said = f"{parsed.article + ' ' if parsed.article == 'the' else ''}{' '.join(run)}"
        return [said] if said.lower() != parsed.text.lower() else []
    if _bad_head(parsed.head, parsed.modifiers):
        return []
    head = parsed.head
    out = []
    owner = " ".join(parsed.possessor)
    if parsed.possessor and not parsed.article and parsed.possessor[0][:1].isupper():
        # "Priya's reflection", "Salem's family": whose it is is what it is called
        said = f"{owner} {head}"
        return [said] if said.lower() != parsed.text.lower() else []
    kin = _word(head) in words.kin_nouns and parsed.possessor
    named = f"{owner} {head}" if kin else head
    if _object_keeps(parsed):
        out.append(f"the {named} {parsed.prep} {_definite_object(parsed.object)}")
    nearest = parsed.modifiers[-1] if parsed.modifiers else ""
    compound = f"{nearest} {head}"
    keep_whole = fold(compound) in words.keep_compounds
    if nearest and (keep_whole or _noun_modifier(nearest)):
        out.append(f"the {owner + ' ' if kin else ''}{compound}")
    if parsed.prep == "of" and _word(head.split()[-1]) in words.needs_of and _object_keeps(parsed):
        keep_whole = True  # "the lock of hair", never "the lock"
    if not keep_whole:
        numbered = _NUMBERISH.match(head.split()[-1]) and not kin
        out.append(head if numbered else f"the {named}")  # "container 7714", not "the container 7714"
    strange = strange_handles(parsed)
    if strange:  # "the uncharted star", never "the star" alone
        out = strange
    unique = []
    for handle in sorted(out, key=lambda h: -len(h.split())):
        if handle.lower() != parsed.text.lower() and handle.lower() not in (u.lower() for u in unique) \
                and len(handle.split()) <= 7:
            unique.append(handle)
    return unique


def _short_object(tokens):
    """'reefer container 7714' -> 'container 7714'; 'the ice machine' stays."""
    if not tokens:
        return ""
    if len(tokens) > 1 and _NUMBERISH.match(tokens[-1]):
        return f"{tokens[-2]} {tokens[-1]}"
    if _word(tokens[0]) in lexicon().quantifiers or _word(tokens[0]) in lexicon().number_words:
        return " ".join(tokens)  # "with too many teeth", never "with the too many teeth"
    return _definite_object(tokens if _word(tokens[0]) in DETERMINERS else ["the", *tokens])


def epithet_handles(phrase):
    """The handles of a phrase whose head alone is an ordinary thing ("the uncharted star", "the
    voice on channel 16"): what stands for it however often it is said; [] for any other."""
    return strange_handles(parse_phrase(phrase))


def best_handle(phrase):
    """The one handle a story uses most: the shortest, unless that is only "the thing" (then
    where it is: "the thing in container 7714"); the phrase itself when it has none."""
    handles = handles_for(phrase)
    if not handles:
        return phrase.strip()
    if handles[-1] in ("the thing", "the stranger") and len(handles) > 1:
        return handles[-2]
    return handles[-1]


def phrase_pronoun(text):
    """How a description is spoken of: 'it' for a thing, 'she'/'he' when its own words say
    (woman, girl, widow, man, son...), 'they' for a person who could be either."""
    words = lexicon()
    parsed = parse_phrase(text)
    if parsed.thing:
        return "it"
    if parsed.someone:
        return "they"
    if not parsed.head.strip():
        return "they"
    own = [_word(t) for t in (*parsed.modifiers, *parsed.head.split())]
    own += [w[:-1] for w in own if w.endswith("s")]  # "sisters", "sons"
    head = _word(parsed.head.split()[0]) if parsed.head else ""
    for word in reversed(own):
        if word in words.female_words - words.pronoun_words["she"]:
            return "she"
        if word in words.male_words - words.pronoun_words["he"]:
            return "he"
    if head in words.animals:
        return "it"
    if head.endswith(("woman", "women")) and len(head) > 5:
        return "she"  # "the washerwoman", "the crewman": a compound of the word says who
    if head.endswith(("man", "men")) and len(head) > 4 and head not in ("human", "humans", "shaman", "talisman"):
        return "he"
    if head in words.person_nouns or head.endswith(("ist", "ician", "eer")):
        return "they"
    if head in words.thing_nouns or _NUMBERISH.match(parsed.head.split()[-1] or ""):
        return "it"
    follower = next((_word(t) for t in parsed.rest if _is_clause(t)), "")
    if follower in ("who", "whom"):
        return "they"
    if follower in ("that", "which", "where"):
        return "it"
    if parsed.head[:1].isupper() or head.endswith(("er", "or", "ist", "ian", "ant", "ent", "eer", "ess")):
        return "they"  # "the Grey", "the watcher": someone, for all the form says
    return "it"
