"""The cast of a story read from the form: the characters field split into people ("Dakota, a
high-school senior; her friends Eli and Rosa" is three), the protagonist and antagonist fields
matched to them, each person a ``PersonSchema`` part of the plan.

Exactly one protagonist (the protagonist field, else the first person of the characters field);
the antagonist field becomes the antagonist, a description kept whole as its name with a short
handle; no antagonist is invented here when the field is empty (the engine decides). The plot twist
is accepted for the interface but never read for pronouns: its "her grandmother" belongs to the
grandmother, not to the boy it happens to.
"""
import re

from core.story_plan import MAX_CAST, PersonSchema

from .lexicon import fold, lexicon
from .people import Reading, is_bare_name, read_person
from .phrases import parse_phrase

_PERSON_SCHEMA = PersonSchema()  # one instance: building a schema costs more than a load

_NAMED_LEAD = re.compile(r"^(?:[A-Z]|I\b)")
#: "the Okafor twins, Ada and Obi": the names of a group said after it, read as "the Okafor twins Ada and Obi"
_GROUP_THEN_NAMES = re.compile(
    r"(?P<group>\b(?:the|her|his|their|my|our)\s+(?:[\w'’-]+\s+)?(?:twins|sisters|brothers|sons|daughters|friends|"
    r"kids|children|cousins|parents|grandparents|neighbours|neighbors)),\s+"
    r"(?P<names>[A-Z][\w'’-]*(?:\s*,\s*[A-Z][\w'’-]*)*\s+(?:and|&)\s+[A-Z][\w'’-]*)")


def split_people(characters):
    """The people of a characters field, each as written with their description: semicolons or
    lines separate people when there are any; otherwise commas do, except before a description of a
    named person or one that starts with "a" ("Edith, a widowed lighthouse keeper", "the old priest, a drunk";
    "a novice nun, the bell ringer" are two); "and" joins two people ("Eli and Rosa"); a plural
    before names gives each the singular ("her friends Eli and Rosa" -> "her friend Eli",
    "her friend Rosa")."""
    text = (characters or "").strip()
    if not text:
        return []
    if re.search(r"[A-Z]", text) and not re.search(r"[a-z]", text):
        text = text.lower()  # typed in capitals: read as typed in lower case (names are found again)
    text = _GROUP_THEN_NAMES.sub(lambda m: f"{m.group('group')} {m.group('names')}", text)
    text = re.sub(r"(?m)^\s*(?:[-*•·–]|\d+[.)])\s+", "", text)  # a list typed with bullets or numbers
    if re.search(r"[;\n|]|\s/\s", text):  # "nurse/midwife" is one person's
        parts = [p.strip(" .,") for p in re.split(r"\s*[;\n|]+\s*|\s+/\s+", text)]
    else:
        parts = []
        for piece in (p.strip(" .") for p in text.split(",")):
            if parts and piece and _is_description(piece) and (_is_named(parts[-1]) or re.match(r"(?i)an?\s", piece)):
                parts[-1] = f"{parts[-1]}, {piece}"  # "Edith, a widowed lighthouse keeper"
            elif parts and is_bare_name(piece) and _is_role(parts[-1]):
                parts[-1] = f"{piece}, {parts[-1]}"  # "the landlord, Mr. Petrov": one man
            else:
                parts.append(piece)
    people = []
    for part in filter(None, (re.sub(r"(?i)^(?:and|&)\s+", "", p) for p in parts)):
        people.extend(_split_and(part))
    seen, out = set(), []
    for person in people:
        if person and person.lower() not in seen:
            seen.add(person.lower())
            out.append(person)
    return out


def _is_description(piece):
    """Whether a comma's piece describes the person before it ("a German actress", "the
    ferryman", "his apprentice") rather than being a person ("Tom", "her brother Nils", "the
    Pale Nurse": a name at the start or the end)."""
    words = piece.split()
    at = next((k for k, w in enumerate(words) if fold(w) in lexicon().kept_prepositions | lexicon().other_prepositions), 0)
    placed = at > 0 and not any(w[:1].isupper() for w in words[:at])  # not "the Lady in White"
    return bool(words) and not _NAMED_LEAD.match(piece) and (not re.match(r"^[A-Z]", words[-1]) or placed) \
        and fold(words[0]) not in ("and", "&")  # "a student from Chengdu" describes; "the Pale Nurse" is one


def _is_role(part):
    """Whether a comma's piece says what someone is, the name to follow ("the landlord", "my
    mother"): short, lower case, after "the" or a possessive."""
    words = part.split()
    owner = next((k for k, w in enumerate(words[:3]) if re.search(r"\w['’]s$", w)), None)  # "Lady Ashcombe's maid"
    lead = fold(words[0]) in {"the"} | lexicon().possessives if words else False
    said = " ".join(words[owner + 1:] if owner is not None else words)
    return 0 < len(words) <= 4 and (lead or owner is not None) \
        and not re.search(r"[A-Z]", said) and not any(fold(w) in ("and", "&") for w in words)


def _is_named(part):
    """Whether a part names someone ("Edith", "her brother Nils", "Mrs. Hale"): a description after it
    is theirs. After a description alone ("a novice nun, the bell ringer") another one is another person."""
    return bool(re.search(r"(?:^|\s)(?:[A-Z][\w'’.-]*|I)\b", part))


def _kin_named(piece):
    """Whether ``piece`` is someone's kin or animal by name ("his younger sister Saran", "my
    brother Nils", "his dog Rufus")."""
    tokens = piece.split()
    return (len(tokens) >= 3 and fold(tokens[0]) in lexicon().possessives and tokens[-1][:1].isupper()
            and fold(tokens[-2]) in lexicon().kin_nouns | lexicon().animals)


def _kin_unnamed(piece):
    """Whether ``piece`` is someone's kin or animal without a name ("her son", "his old dog"): after
    a name, "Dr. Okafor and her son" are two."""
    tokens = piece.split()
    return 2 <= len(tokens) <= 4 and fold(tokens[0]) in lexicon().possessives \
        and fold(tokens[-1]) in lexicon().kin_nouns | lexicon().animals


def _split_and(part):
    """'her friends Eli and Rosa' -> ['her friend Eli', 'her friend Rosa']; 'Mr. and Mrs. Okafor'
    -> ['Mr. Okafor', 'Mrs. Okafor']; 'Eli and Rosa' -> ['Eli', 'Rosa']; a description's own
    "and" ("Anna, a nurse and mother") stays."""
    words = lexicon()
    name_part, comma, description = part.partition(",")
    pieces = re.split(r"\s+(?:and|&)\s+", name_part)
    if len(pieces) < 2 or not all(_NAMED_LEAD.match(p.strip()) or _kin_named(p.strip())
                                  or (_NAMED_LEAD.match(pieces[0]) and _kin_unnamed(p.strip())) for p in pieces[1:]):
        return [part]
    first_tokens = pieces[0].split()
    group = next(((k, t) for k, t in enumerate(first_tokens) if fold(t) in words.groups), None)
    if group:
        k, plural = group
        singular = words.groups[fold(plural)][0]
        lead = " ".join([*first_tokens[:k], singular])
        names = [" ".join(first_tokens[k + 1:]), *pieces[1:]]
        return [f"{lead} {n.strip()}" + (f", {description.strip()}" if comma else "") for n in names if n.strip()]
    tail = f", {description.strip()}" if comma else ""
    if len(first_tokens) == 1 and fold(first_tokens[0]).strip(".") in words.title_pronoun and len(pieces) == 2:
        last = pieces[1].split()
        surname = last[-1] if len(last) > 1 else ""
        return [f"{pieces[0]} {surname}".strip() + tail, pieces[1] + tail]  # "Mr. and Mrs. Okafor"
    plural = next((t for t in description.split()[:3] if fold(t).strip(".,") in words.groups), None)
    if plural:  # "Rosa and Ines, sisters": each a sister
        singular = description.replace(plural, words.groups[fold(plural).strip(".,")][0], 1).strip()
        return [f"{p.strip()}, {singular}" for p in pieces]
    return [p.strip() for p in pieces[:-1]] + [pieces[-1].strip() + (f", {description.strip()}" if comma else "")]


def same_person(a, b):
    """Whether two readings are one person ("Dr. Helen Marsh" and "Helen Marsh", "Amélie" and
    "Amélie, his apprentice"): the name words of one, titles aside, are all in the other."""
    x, y = set(a.keys) - {"the"}, set(b.keys) - {"the"}
    if {a.pronouns, b.pronouns} == {"she", "he"}:
        return False  # "Mr. Okafor" and "Mrs. Okafor"
    if a.described or b.described:  # "the rider" and "the rider who circles the ger": one
        return a.name.lower() == b.name.lower() or _called_by_head(a, b) or _called_by_head(b, a)
    return bool(x and y and (x <= y or y <= x))


def _called_by_head(a, b):
    """Whether ``a`` is ``b`` said by its head noun alone: "the man" is "a man in a frozen orange
    snowsuit" (not "a man in a blue coat": that one says more)."""
    plain = fold(a.name).strip(" .,")
    head = parse_phrase(b.name).head.lower()
    return bool(head) and plain in (f"the {head}", b.handle.lower())


def _owners_pronouns(people):
    """What one person's entry says of the one before it: "her friends Eli and Rosa" after
    "Dakota, a high-school senior" says Dakota is a she; "Amélie, his apprentice" after "Luc
    Perrin" that Luc is a he. Only for someone nothing else has said anything of."""
    def possessive(person):
        said = person.look or (person.name if person.described else "")  # "her son", unnamed
        word = said.split()[0].lower() if said else ""
        return word if word in ("her", "his") else ""

    for at, person in enumerate(people):
        owner_word = possessive(person)
        # the owner: the nearest one before who is not also someone's ("her friends Eli and Rosa")
        owner = next((p for p in reversed(people[:at]) if not possessive(p)), None)
        if owner_word and owner and owner.pronouns == "they" and not owner.described:
            owner.pronouns = "she" if owner_word == "her" else "he"


def _richer(a, b):
    """Of two readings of one person, the one that says more (a description, a title)."""
    return a if (len(a.source) >= len(b.source)) else b


def _is_someone(reading):
    """Whether a reading names anyone at all (not "", "a", "her", ",,,")."""
    words = lexicon()
    name = fold(reading.name).strip(" .,'\"")
    return bool(re.search(r"\w", name)) and (name not in words.not_alone or reading.name == "It") \
        and name not in ("a", "an", "some")


_WANT = re.compile(r"(?i)\b(?:who|that)\s+(?:wants|wanted|needs|hopes|is trying|tries|has come|came|is desperate)\s+"
                   r"(to\s+[^,;]+)")


def _part(reading, pid, role):
    """A PersonSchema part; what the description says they want ("who wants to sell the farm")
    becomes their ``want``."""
    want = _WANT.search(reading.look or "")
    return _PERSON_SCHEMA.load({"id": pid, "name": reading.name[:200], "handle": reading.handle[:200],
                                "pronouns": reading.pronouns, "role": role, "look": reading.look[:200],
                                "want": want.group(1).strip()[:200] if want else ""})


def read_cast(characters, protagonist="", antagonist="", plot_twist=""):
    """The plan's cast (``PersonSchema`` parts, ids "c1"...; the protagonist first, then the
    antagonist when the form has one, then the rest in the characters field's order)."""
    del plot_twist  # never a source of names or pronouns (see the module's note)
    people = [p for p in (read_person(text) for text in split_people(characters)) if _is_someone(p)]
    hero_text, villain_text = (protagonist or "").strip(), (antagonist or "").strip()
    hero_field = read_person(hero_text) if hero_text else None
    if hero_field and not _is_someone(hero_field):
        hero_field = None
    _owners_pronouns(people if not hero_field or any(same_person(p, hero_field) for p in people)
                     else [hero_field, *people])
    villain = read_person(villain_text) if villain_text else None
    if villain and not _is_someone(villain):
        villain = None
    if villain:
        match = next((p for p in people if same_person(p, villain)), None)
        if match:
            people.remove(match)
            villain = _richer(match, villain)
    hero = hero_field
    if hero:
        match = next((p for p in people if same_person(p, hero)), None)
        if match:
            people.remove(match)
            hero = _richer(match, hero)
    elif people:
        hero = people.pop(0)
    cast = []
    if hero:
        cast.append(("protagonist", hero))
    if villain:
        cast.append(("antagonist", villain))
    cast.extend(("supporting", p) for p in people if not any(same_person(p, c) for _, c in cast))
    return [_part(reading, f"c{n}", role) for n, (role, reading) in enumerate(cast[:MAX_CAST], start=1)]


__all__ = ["read_cast", "split_people", "same_person", "Reading"]
