"""What the antagonist looks like (or sounds like), told once when first seen and again up close.

A reader who is shown "the night clerk" wants to see her: a small woman in a cardigan buttoned one
hole wrong, whose smile stays on a moment after the rest of her face has finished with it. The
figure comes from a word in the antagonist's name or description (a keeper's oilskin, a nun's
habit, a sack for a face); what is wrong with it comes from what it is, by the twist, the genre and
the threat's method (the dead leave no breath on the cold, a killer holds something down at its
side). A voice is heard, not seen, and a presence is felt. Slots are the prose writer's ({A_S},
{A_POS}, {S}, {room}, …).
"""
import json
import re
from pathlib import Path

from .fields import LOST_AS, is_plural

DATA = Path(__file__).resolve().parent / "data" / "likeness.json"
_TABLES = ("figures", "many", "creatures")
_LISTS = ("someone_many", "someone", "worn_how", "creature_wrong", "creature_close", "voice_wrong")
_BY = ("who", "wrong", "close", "voice")


def _looks():
    """``data/likeness.json``, checked once: each table a list of (pattern, look or looks) with a
    pattern that compiles, each list of looks non-empty strings, each by-key table a dict."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    out = {}
    for key in _TABLES:
        rows = []
        for pattern, look in raw[key]:
            re.compile(pattern)
            looks = look if isinstance(look, list) else [look]
            if not looks or not all(isinstance(x, str) and x.strip() for x in looks):
                raise ValueError(f"{DATA.name}: {key} {pattern!r} has a look")
            rows.append((pattern, look))
        out[key] = rows
    for key in _LISTS:
        if not raw[key] or not all(isinstance(x, str) and x.strip() for x in raw[key]):
            raise ValueError(f"{DATA.name}: {key} is a list of looks")
        out[key] = list(raw[key])
    for key in _BY:
        if not isinstance(raw[key], dict) or not raw[key]:
            raise ValueError(f"{DATA.name}: {key} is a table by kind")
        out[key] = dict(raw[key])
    return out

#: the looks, from ``data/likeness.json`` (loaded and checked once, below)
_LOOKS = _looks()
FIGURES, MANY, CREATURES = (_LOOKS[k] for k in ("figures", "many", "creatures"))
SOMEONE_MANY, SOMEONE, WORN_HOW = (_LOOKS[k] for k in ("someone_many", "someone", "worn_how"))
WHO, WRONG, CLOSE, VOICE = (_LOOKS[k] for k in ("who", "wrong", "close", "voice"))
CREATURE_WRONG, CREATURE_CLOSE, VOICE_WRONG = (_LOOKS[k] for k in ("creature_wrong", "creature_close", "voice_wrong"))
GROUP = re.compile(r"(?i)\b(crew|family|congregation|staff|town|townsfolk|village|villagers|people|choir|coven|cult|dead)$")
#: heard, not seen; and felt, not seen
VOICES = re.compile(r"(?i)\b(voice|broadcast|static|whisper\w*|song|call|caller|signal|radio|transmission|echo)\b")
#: what an antagonist is said to wear ("a man in a Zamboni driver's parka"): seen in that, first of all
WORN = re.compile(r"(?i)\bin (?:a|an|the|his|her|their) ((?:[\w'-]+ ){0,3}?(?:parka|coat|raincoat|overcoat|anorak|dress|gown|"
                  r"suit|uniform|overalls|apron|cloak|hood|hoodie|jacket|cardigan|habit|robe|nightdress|nightgown|"
                  r"pyjamas|boots|hat|cap|shawl|oilskins?))\b")
PRESENCES = re.compile(r"(?i)\b(presence|poltergeist|cold|absence|nothing)\b")
PERSONS = re.compile(r"(?i)\b(man|woman|lady|lord|child|girl|boy|dr|mr|mrs|miss|mother|father|sister|brother|"
                     r"knight|queen|witch|bride|warden|keeper|clerk|nurse|surgeon|landlord|aunt|hitchhiker|"
                     r"figure|one|stranger|guest|visitor|wife|husband)\b|(?-i:^[A-Z])")
#: a figure whose face cannot be seen (a mask, a visor, a veil, a face to the wall): nothing is
#: told of its smile, eyes or skin
HIDDEN = re.compile(r"mask|sack|visor|veil|face turned|own face")
FACE = re.compile(r"smile|face|lips|teeth|mouth|eyes|skin of")
CHILD = re.compile(r"(?i)\b(child|girl|boy|kid|twin)\b")


#: the sentence that shows the antagonist, after the first sight ({LOOK}: who and what they wear);
#: after a glimpse ("… and then not there"); seen plainly for the first time at the end
LOOK = ["It was {LOOK}, and {WRONG}.", "What stood there was {LOOK}; {WRONG}.", "It was {LOOK}. Worse, {WRONG}.",
        "There, where the light gave out, was {LOOK}; {WRONG}."]
LOOK_CREATURE = ["It was {LOOK}, and {WRONG}.", "What was there was {LOOK}; {WRONG}."]
GLIMPSED = ["{S} had time to see {LOOK}, and that {WRONG}.", "It had been {LOOK}, and {WRONG}."]
LOOK_MANY = ["They were {LOOK}, and {WRONG}.", "{S} saw them plainly: {LOOK}; {WRONG}."]
GLIMPSED_MANY = ["{S} had time to see {LOOK}, and that {WRONG}.", "They had been {LOOK}, and {WRONG}."]
GLIMPSE = re.compile(r"not there|gone when|was empty")
AT_LAST = ["Now {S} saw {A} plainly, for the first time: {LOOK}, and {WRONG}.",
           "For the first time {A} stood in plain sight, {LOOK}, and {WRONG}."]
HEARD = ["It was {VOICE}, and {WRONG}.", "It spoke in {VOICE}, and {WRONG}."]
#: face to face at the climax, before the end
CLOSE_UP = ["{A} {NAME_WAS} near enough now, and {CLOSE}.",
            "Close to, {A} {NAME_WAS} worse, and {CLOSE}.",
            "Then {A} {NAME_WAS} closer than {S} had ever let {A_O} come, and {CLOSE}.",
            "{A} came close enough to touch, and {CLOSE}.",
            "Near enough to touch, {A} stopped, and {CLOSE}.",
            "{A} leaned in, and {CLOSE}."]
#: first seen (the prose writer's FIRST_SIGHT for a figure); first heard; first felt
FIRST_HEARD = [
    "{S} heard {A} for the first time in {room}, from somewhere just out of sight, and knew at once it had been listening far longer.",
    "That was the first time {S} heard {A}: in {room}, quite close, and then nothing.",
]
#: someone the protagonist has lost (the prompt's "her drowned husband"), seen again: known at once
FIRST_KNOWN = [
    "{S} had not seen {A} in a year, and then, in {room}, there {A_S} {A_WAS}, at the edge of the light, as if {A_S} had only stepped out.",
    "{S} knew {A} at once, across {room}, the way one knows a step in the dark: the set of the shoulders, the head a little to one side.",
    "In {room}, with {A_POS} back to {O}, stood {A}, exactly as {S} remembered and not at all.",
]
YOUNG = {"son", "daughter", "child", "baby", "twin"}
FIRST_FELT = [
    "{S} felt {A} for the first time in {room}: a weight in the air, a pressure at the back of the neck, the certainty of not being alone.",
    "That was the first time {S} felt {A}: in {room}, the air thickening the way it does before a storm, and something in it turning toward {O}.",
]


#: what an antagonist is, by the genre, else by the threat's method
NATURE_BY_GENRE = {"gothic": "dead", "supernatural": "dead", "paranormal": "dead", "slasher": "killer",
                   "psychological": "double", "cosmic": "other", "fantasy": "fae", "body": "flesh",
                   "comedy": "comic", "apocalyptic": "killer"}
NATURE_BY_METHOD = {"haunting": "dead", "possession": "dead", "stalking": "killer", "trap": "killer",
                    "imitation": "double", "gaslight": "double", "signal": "other", "bargain": "fae"}


#: tellings of a body, which a voice or a presence has not: standing, sitting, stepping, a hand,
#: a face worn, being looked at; a voice does not touch either (a presence may)
BODY = re.compile(r"\{A\} (?:stood|sat|stepped|began to walk|was there at the edge of sight|closed a hand|"
                  r"looked at|saw whose)|stood \{A\}|\{A\} standing|where \{A\} stood|\{A\}'s hand|"
                  r"held out a hand|wearing the face|not by a door but by \{A\}")
BODY_OR_TOUCH = re.compile(BODY.pattern + r"|\{A\} touched|\{A\} could surely see")


def _lost_who(relation):
    """How someone the protagonist lost is seen, by what they were to them ("a man", "an old
    woman"; a friend, of no age or sex the story knows, "a figure")."""
    noun = LOST_AS.get(relation, "figure")
    noun = "figure" if noun == "friend" else noun
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _with_article(noun_phrase):
    return ("an " if noun_phrase[:1].lower() in "aeiou" else "a ") + noun_phrase


def kind(antagonist):
    """'voice' (heard), 'presence' (felt), 'creature' (seen, not a person) or 'figure'."""
    text = antagonist["full"]
    if VOICES.search(antagonist["name"]):
        return "voice"
    if PRESENCES.search(antagonist["name"]) and not PERSONS.search(antagonist["name"]):
        return "presence"
    if not PERSONS.search(text) and _first(CREATURES, text):
        return "creature"
    return "figure"


def nature(genre_key, method, dead):
    """What the antagonist is, for what is wrong with it: the dead, a killer, a double, something
    from outside, the fair folk, flesh gone wrong, or a comedy's horror."""
    if dead:
        return "dead"
    return NATURE_BY_GENRE.get(genre_key) or NATURE_BY_METHOD.get(method, "dead")


def many(name):
    """Whether the antagonist is more than one: "the crew", "the rescuers" (not "Mother Agnes")."""
    return bool(GROUP.search(name) or (name.startswith("the ") and is_plural(name)))


def _first(table, text):
    return next((phrase for pattern, phrase in table if re.search(pattern, text, re.I)), None)


def describe(antagonist, what, rng):
    """The slots for the antagonist's look ({LOOK}, {WRONG}, {CLOSE}, {VOICE}) and the sentences
    that tell it: ``first`` (the first sight, heard or felt; None for the prose's own), ``look``
    and ``glimpsed`` (after it), ``at_last`` (first seen plainly at the end) and ``close`` (up
    close at the end): empty lists where the antagonist is not seen."""
    found = kind(antagonist)
    if found == "voice":
        return {"VOICE": VOICE[antagonist["pronouns"]], "WRONG": rng.choice(VOICE_WRONG), "first": FIRST_HEARD,
                "look": HEARD, "glimpsed": HEARD, "at_last": [], "close": [], "seen": False,
                "bodiless": BODY_OR_TOUCH}
    if found == "presence":
        return {"first": FIRST_FELT, "look": [], "glimpsed": [], "at_last": [], "close": [], "seen": False,
                "bodiless": BODY}
    wrong, close = WRONG[what], CLOSE[what]
    child = CHILD.search(antagonist["full"])
    if found == "creature":
        look, templates = _first(CREATURES, antagonist["full"]), LOOK_CREATURE
        wrong, close = CREATURE_WRONG, CREATURE_CLOSE
    elif many(antagonist["name"]):
        look, templates = _first(MANY, antagonist["full"]) or rng.choice(SOMEONE_MANY), LOOK_MANY
    else:
        worn = WORN.search(antagonist["full"])
        look = _first(FIGURES, antagonist["full"]) if not worn or HIDDEN.search(antagonist["full"]) else None
        look = look or ([w.replace("{WORN}", _with_article(worn.group(1))) for w in WORN_HOW] if worn else SOMEONE)
        look = rng.choice(look) if isinstance(look, list) else look
        who = (_lost_who(antagonist.get("relation")) if antagonist.get("lost") else
               f"a {child.group(1).lower()}" if child else rng.choice(WHO.get(antagonist["pronouns"], WHO["they"])))
        if "very straight" in look:  # not "a stooped figure … standing very straight"
            who = who.replace("stooped", "tall")
        look, templates = look.replace("{WHO}", who), LOOK
    plural = templates is LOOK_MANY
    if HIDDEN.search(look):  # no smile seen under a mask
        wrong = [w for w in wrong if not FACE.search(w)] or wrong
        close = [c for c in close if not FACE.search(c)] or close
    return {"LOOK": look, "WRONG": rng.choice(wrong), "CLOSE": rng.choice(close),
            "first": FIRST_KNOWN if antagonist.get("lost") else None,
            "NAME_WAS": "were" if plural else "was",  # "the crew were", "the butcher was" (they)
            "look": templates, "glimpsed": GLIMPSED_MANY if plural else GLIMPSED, "at_last": AT_LAST,
            # a child does not lean in "close enough to kiss"
            "close": CLOSE_UP[:-1] if plural or child or antagonist.get("relation") in YOUNG else CLOSE_UP,
            "seen": True, "bodiless": None}
