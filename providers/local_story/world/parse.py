"""Reading a setting for its world: the head phrase ("a gondola station high in the Dolomites" ->
"gondola station"), the kinds its words name, the modifiers it carries, and how the story names it
("a ger on the Mongolian steppe", then "the ger").
"""
import re
from dataclasses import dataclass, field
from functools import cache

from .tables import journeys, tables

_TOKEN = re.compile(r"[\w'’]+(?:[-.][\w'’]+)*|[,;:()\u2013\u2014/!?]")
_LEAD = frozenset({"a", "an", "the", "one", "some"})
MAX_NOUN = 40  # a longer "word" is not a noun a story can repeat
_CUT = frozenset(
    "at on in of under beneath below above near by beyond behind outside inside off to from across with "
    "without for where which that who whose when after during before between among along around over past "
    "through toward towards within upon against while since until into onto aboard and or but as like than "
    "amid amidst atop".split())
_DETERMINERS = frozenset("the a an his her their its my our your this these those every each".split())
_NOT_PARTICIPLE = re.compile(r"(shed|bed|sled|stead|eed|building|ring|wing|spring|ceiling|landing|clearing|"
                             r"dwelling|lodging|offing|siding|railing|piling|ding|king|ling|thing|ping)$")

#: past participles that do not end in -ed ("a hotel built of salt blocks" is a hotel)
_PARTICIPLES = frozenset("built made dug hewn cut carved sunk set kept held hidden frozen grown worn torn woven "
                         "left lost found run known thrown sewn drawn".split())

#: nouns that look like adjectives and name a kind of room or building ("a panic room")
_NOUNS_LIKE_ADJECTIVES = frozenset({"panic", "music", "traffic", "magic", "attic", "clinic", "signal", "hospital",
                                    "festival", "mineral", "animal", "metal", "rental", "arrival", "survival"})


@dataclass
class Reading:
    """What a setting's words say about its world."""

    setting: str
    name: str
    head_words: list            # the head phrase as written ("Dolomites", "gondola", "station")
    head_noun: str              # its last word, lower-cased ("station")
    kind: str = ""              # the table kind its head names ("" when none)
    kind_phrase: str = ""       # the words that named it, as written ("gondola station")
    others: list = field(default_factory=list)     # other kinds its words name ("sauna")
    modifiers: list = field(default_factory=list)  # modifiers its words carry ("arctic")
    part: str = ""              # "ruins" in "the ruins of a monastery"
    number: str = ""            # "237" in "Room 237"
    journey: str = ""           # the class of a journey ("cab": "a snow-cat traverse"; "party": "a trek")
    vehicle: str = ""           # its vehicle as written ("snow-cat", "camels"; "" on foot)
    use: str = ""               # the use a home's word names ("ice" in "an ice house": no home, no "the house")


def _words(text):
    return [w.lower().replace("’", "'") for w in re.findall(r"[\w'’]+", text)]


@cache
def _indexes():
    kinds, modifiers, _, generic = tables()
    by_words = {}
    for kind, table in kinds.items():
        for word in table["words"]:
            by_words[tuple(_words(word))] = kind
    mods = {}
    for name, table in modifiers.items():
        for word in table["words"]:
            mods[tuple(_words(word))] = name
    return by_words, mods, frozenset(generic["parts"]), frozenset(generic["adjectives"])


@cache
def _joined_words():
    """The kind words joined by "and" ("bed and breakfast"), and every word of a modifier."""
    by_words, mods, _, _ = _indexes()
    return frozenset(k for k in by_words if len(k) == 3 and k[1] == "and"), frozenset(w for key in mods for w in key)


def singular(word):
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def matches(words, index, longest=4):
    """(start, end, value) for every run of ``words`` that ``index`` knows (the last word may be a
    plural), longest first at each start."""
    found = []
    for start in range(len(words)):
        for size in range(min(longest, len(words) - start), 0, -1):
            run = words[start:start + size]
            key = tuple(run)
            value = index.get(key) or index.get(tuple(run[:-1] + [singular(run[-1])]))
            if value:
                found.append((start, start + size, value))
                break
    return [m for m in found if not any(o[0] <= m[0] and m[1] <= o[1] and o != m for o in found)]


def _head(tokens, adjectives, known=frozenset()):
    """The head phrase's tokens: from the first word up to a preposition, a clause, a punctuation
    mark, or a participle with an object ("crossing the Strait"); trailing adverbs dropped ("high")."""
    head, used = [], 0
    for i, token in enumerate(tokens):
        low = token.lower()
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if low == "and" and i and (tokens[i - 1].lower(), "and", nxt) in known:  # "a bed and breakfast"
            used = i + 1
            head.append("and")
            continue
        if not re.match(r"\w", token) or (head and (low in _CUT or low in _DETERMINERS)):
            break
        takes_object = nxt in _DETERMINERS or (nxt[:1].isalpha() and tokens[i + 1][:1].isupper())
        if head and not _NOT_PARTICIPLE.search(low) and (
                (low.endswith("ing") and takes_object) or
                ((low.endswith("ed") or low in _PARTICIPLES) and (takes_object or nxt in _CUT))):
            break
        used = i + 1
        if not head and low in _LEAD:
            continue
        head.append(token)
    rest = tokens[used:]
    while len(head) > 1 and head[-1].lower() in adjectives:
        rest.insert(0, head.pop())
    return head, rest


def _named(setting, tokens, modifier_words):
    """The setting as the story first says it: a lower-cased lead article, one added before a common
    noun phrase or a modifier ("Soviet radio telescope" -> "a Soviet radio telescope")."""
    text = re.sub(r"\s+", " ", setting.strip()).rstrip(".")
    if not any(re.match(r"\w", token) for token in tokens):
        return "a place"
    first = tokens[0]
    if first.lower() in _LEAD:
        return first.lower() + text[len(first):]
    if re.match(r"(?i)(my|his|her|their|our|your)\s", text) or re.match(r"[\w'’]+'s\s", text) and first[:1].isupper():
        return text[:1].lower() + text[1:] if first.lower() in {"my", "his", "her", "their", "our", "your"} else text
    if first[:1].isupper() and first.lower() not in modifier_words:
        return text  # a name: "Blackmoor Academy"
    if first[:1].isupper() and len(tokens) == 1:
        return text
    article = "an" if re.match(r"(?i)[aeiou]|8|11|18", first) and not re.match(r"(?i)(uni|use|one|eu)", first) else "a"
    return f"{article} {text}"


def _as_said(tokens):
    """A kind's words as a handle says them: lower-case, but a capital that comes before a
    lower-case noun stays ("Tibetan monastery"; "Blackmoor Academy" is an academy)."""
    out = [t.lower() for t in tokens]
    for i in range(len(tokens) - 1):
        if tokens[i][:1].isupper() and tokens[i + 1][:1].islower():
            out[i] = tokens[i]
    return " ".join(out)


def _split(tokens):
    """The words of ``tokens`` ("snow-cat" is two) and, for each word, the index of its token."""
    split, origin = [], []
    for number, token in enumerate(tokens):
        for word in _words(token.replace("-", " ")):
            split.append(word)
            origin.append(number)
    return split, origin


@cache
def _vehicle_index():
    return {tuple(_words(word)): name for name, spec in journeys()["classes"].items() for word in spec["vehicles"]}


def _vehicle(tokens, ending=False):
    """(class, the vehicle as written, its length in words) of the last vehicle ``tokens`` name (the
    one that ends them, when ``ending``), or None."""
    split, origin = _split(tokens)
    found = [m for m in matches(split, _vehicle_index()) if not ending or m[1] == len(split)]
    if not found:
        return None
    start, end, name = found[-1]
    return name, " ".join(tokens[origin[start]:origin[end - 1] + 1]).lower(), end - start


#: the words after which a journey names what it goes by: "a trek by camel", "a caravan of camels"
_BY = frozenset({"by", "of", "on", "aboard", "in"})


def _vehicle_after(rest, by_words):
    """What a journey goes by, said after it ("a trek by camel", "a convoy of aid trucks" -> the
    truck; "a voyage by ship" -> the kind "ship"): ("vehicle", class, written) or ("kind", kind,
    written), or None."""
    if len(rest) < 2 or rest[0].lower() not in _BY:
        return None
    words = []
    for token in rest[1:6]:  # up to the next preposition: "of camels crossing the Sahara"
        if not re.match(r"\w", token) or (words and token.lower() in _CUT):
            break
        words.append(token)
    vehicle = _vehicle(words)
    if vehicle:
        return "vehicle", vehicle[0], vehicle[1]
    split, origin = _split(words)
    kinds = [(s, e, k) for s, e, k in matches(split, by_words) if tables()[0][k]["category"] == "vehicle"]
    if kinds:
        start, end, kind = kinds[-1]
        return "kind", kind, " ".join(words[origin[start]:origin[end - 1] + 1])
    return None


def _read_journey(reading, head, rest, found):
    """Mark ``reading`` a journey when its head is a vehicle no kind takes first ("a long-haul truck")
    or a journey ("a snow-cat traverse", "a trek by camel", "a caravan of camels"; on foot when it
    names no vehicle), or give it the kind of vehicle its journey names ("a sleeper train journey" is
    a train)."""
    table = journeys()
    kind_span = max((e - s for s, e, _ in found if e == len(_split(head)[0])), default=0)
    ending = _vehicle(head, ending=True)
    if ending and ending[2] > kind_span:  # "a road train" is a truck, not a train
        reading.journey, reading.vehicle = ending[0], ending[1]
    else:
        noun = singular(reading.head_noun)
        before = _vehicle(head[:-1])
        # "a convoy of trucks", "a mule train": a caravan alone is a caravan, a train a train
        collective = noun in table["collective_nouns"] and (bool(before) or rest[:1] and rest[0].lower() == "of")
        if noun not in table["journey_nouns"] and not collective:
            return
        vehicles = [k for k in reading.others if tables()[0][k]["category"] == "vehicle"]
        after = _vehicle_after(rest, _indexes()[0])
        if before:
            reading.journey, reading.vehicle = before[0], before[1]
        elif vehicles and not reading.kind:  # "a yacht race" is a yacht
            reading.kind, reading.others = vehicles[-1], [k for k in reading.others if k != vehicles[-1]]
            reading.kind_phrase = reading.head_noun
            return
        elif after and after[0] == "kind":  # "a voyage by ship"
            reading.kind, reading.others, reading.kind_phrase = after[1], [], reading.head_noun
            return
        elif after:
            reading.journey, reading.vehicle = after[1], after[2]
        elif reading.kind or collective:  # a caravan alone is a caravan
            return
        else:
            reading.journey = "party"  # on foot
    reading.kind, reading.kind_phrase, reading.others = "", "", []


def _names_a_use(split, start, end):
    """Whether the kind word ending the head is a home's word ("house", "cottage") after a word for
    a use ("ice", "pump", "dye"): the building of that use, no home ("generic.toml": ``home_heads``,
    ``use_words``)."""
    generic = tables()[3]
    return (end - start == 1 and start > 0 and split[start] in generic["home_heads"]
            and split[start - 1] in generic["use_words"])


def read_setting(setting):
    """A ``Reading`` of ``setting``'s words."""
    by_words, mods, parts, adjectives = _indexes()
    tokens = _TOKEN.findall((setting or "").replace("&", " and "))
    joined, modifier_words = _joined_words()
    head, rest = _head(tokens, adjectives, joined)
    number = head.pop() if len(head) > 1 and head[-1].isdigit() else ""  # "Room 237" is a room
    all_words = _words(setting or "")
    modifiers = list(dict.fromkeys(value for _, _, value in matches(all_words, mods, 3)))
    head_noun = (_words(head[-1]) or ["place"])[-1][:MAX_NOUN] if head else "place"
    reading = Reading(setting=setting or "", name=_named(setting or "", tokens, modifier_words), head_words=head,
                      head_noun=head_noun, modifiers=modifiers, number=number)
    split, origin = _split(head)
    found = matches(split, by_words)
    ends_head = [m for m in found if m[1] == len(split)]
    if ends_head:
        start, end, kind = max(ends_head, key=lambda m: m[1] - m[0])
        if _names_a_use(split, start, end):  # "an ice house" keeps ice, not a family
            reading.use = split[start - 1]
            reading.others = list(dict.fromkeys(k for s, e, k in found if e <= start))
            if "-" in head[-1]:  # "an ice-house": the story says it whole
                reading.head_noun = head[-1].lower()[:MAX_NOUN]
            _read_journey(reading, head, rest, found)
            return reading
        written = _as_said(head[origin[start]:origin[end - 1] + 1])
        reading.kind = kind
        reading.kind_phrase = written if len(_words(written.replace("-", " "))) == end - start else " ".join(split[start:end])
        reading.others = [k for s, e, k in found if k != kind and (e <= start or s >= end)]
    else:  # "a garden shed": a shed, with something of the garden
        reading.others = list(dict.fromkeys(k for _, _, k in found))
    _read_journey(reading, head, rest, found)
    if rest and rest[0].lower() == "of" and reading.head_noun in parts and not reading.journey:
        inner = read_setting(" ".join(rest[1:]))
        if inner.kind:
            reading.part = reading.head_noun
            reading.others = [k for k in [reading.kind] + reading.others if k and k != inner.kind]
            reading.kind, reading.kind_phrase = inner.kind, inner.kind_phrase
            reading.modifiers = list(dict.fromkeys(reading.modifiers + inner.modifiers))
    return reading


def handles(reading, kind_handle=""):
    """Shorter ways to say the setting after its first mention ("the gondola station", "the
    station"), each ending in a noun of the setting or its kind, never a bare adjective."""
    _, _, _, adjectives = _indexes()
    rooms = frozenset(tables()[3]["room_nouns"])
    if reading.number:
        named = [f"{reading.head_words[-1]} {reading.number}"]  # "Room 237", then "the room"
        return named + [f"the {reading.kind_phrase or reading.head_noun}"]
    if not reading.kind and len(reading.head_words) == 1 and reading.head_words[0][:1].isupper() \
            and reading.head_noun not in _joined_words()[1]:
        return [reading.head_words[0][:MAX_NOUN]]  # a name: "Pripyat", "Hogwarts"
    found = []
    if reading.part:
        found.append(f"the {reading.part}")
    head = [w.lower() for w in reading.head_words]
    if reading.kind_phrase and head[-len(reading.kind_phrase.split()):] == reading.kind_phrase.lower().split():
        found.append(f"the {reading.kind_phrase}")
    elif reading.kind_phrase and not reading.part:
        found.append(f"the {reading.head_noun}")
    if kind_handle:
        found.append(kind_handle)
    if len(reading.head_words) >= 2:
        before, last = reading.head_words[-2], reading.head_words[-1]
        suffix = r"(ed|ous|ful|ive|ic|al|ish|less|ern|ian|ese)$" if reading.head_noun in rooms else \
            r"(ed|ous|ful|ive|ic|al|ish|less|ern|ian|ese|ing)$"  # a waiting room; not a "living facility"
        if (before.isalpha() and last.isalpha() and before.islower() and last.islower() and before not in adjectives
                and before not in _CUT
                and (before in _NOUNS_LIKE_ADJECTIVES or not re.search(suffix, before))):
            found.append(f"the {before} {reading.head_noun}")
    if (reading.kind_phrase.lower().startswith(reading.head_noun) or not reading.part) \
            and " and " not in reading.kind_phrase:
        found.append(f"the {reading.head_noun}")
    if reading.part:
        found.append(f"the {reading.kind_phrase}")
    if reading.use:  # a counting house is "the counting house", never "the house"
        whole = reading.head_noun if "-" in reading.head_noun else f"{reading.use} {reading.head_noun}"
        found = [f"the {whole}"] + [handle for handle in found if handle != f"the {reading.head_noun}"]
    out = []
    for handle in found:
        last = handle.split()[-1]
        if handle not in out and last not in adjectives and last.isalpha():
            out.append(handle)
    # the fuller name first ("the sauna village", then "the village"); a part first of all ("the ruins")
    out.sort(key=lambda h: (not reading.part or h != f"the {reading.part}", -len(h.split())))
    return out or [f"the {reading.head_noun}"]
