"""The cast of a plan: the protagonist, the antagonist and the supporting characters, drawn from
the request's fields and the genre, what each wants, and who a twist unmasks."""
import re

from . import fields
from .genres import DEFAULT_NAMES, GENRES
from .grammar import TITLES, Person, is_animal, split_cast
from .reading.people import read_person
from .reading.phrases import parse_phrase

ANTAGONIST_WANTS = {"imitation": "to be let in", "possession": "to be worn again by the living",
                    "gaslight": "to be believed instead", "haunting": "to be acknowledged",
                    "signal": "to be heard and answered", "stalking": "to finish what was started",
                    "trap": "to keep whoever comes", "bargain": "to be paid in full"}
HERO_WANTS = ["to get through one night at {place}", "to find out what happened to the last person who kept {place}",
              "to finish the job left half done at {place}", "to sell {place} and be done with it",
              "to spend one last night at {place} before the demolition",
              "to prove there was nothing in {place}", "to bring {C} home from {place}"]
#: stock antagonists that belong to some places only (the night clerk haunts a motel, not a camp)
BELONGS = {"the night clerk": ("hotel",), "the hitchhiker": ("generic", "village", "forest", "train"),
           "the last Lord Ashcombe": ("house", "church", "village"), "the veiled bride": ("house", "church", "hotel"),
           "the Sleeper under the sea": ("sea", "lighthouse", "ship"), "the warden": ("asylum", "mine", "ice", "school", "camp", "prison"),
           "the witch of the fen": ("forest", "village", "generic")}
#: someone of the protagonist's lost ("her drowned husband"): the cast's "her husband Tom" is who haunts
LOST = re.compile(r"(?i)\b(?:her|his|their|my|your|whose)\s+(dead|drowned|late|murdered|missing|lost|vanished|buried)\s+"
                  r"(husband|wife|son|daughter|mother|father|brother|sister|child|twin|friend|boyfriend|girlfriend|"
                  r"fianc[ée]e?|baby|grandmother|grandfather)\b")
#: who is feared when the prompt's premise is a thing heard, and the methods a voice can work by
VOICES = [("the voice in the static", "they"), ("the voice in the hallway", "they")]
DEVICES = re.compile(r"(?i)\b(radio|signal|phone|monitor|broadcast|static|tape|receiver|walkie|frequency)")
UNSEEN_METHODS = {"signal", "haunting", "gaslight", "imitation", "possession"}
#: the one the story fears while a twist ("Jules is the killer") keeps who it is for the reveal
MASKED = ["the figure in the mask", "the one in the pig mask", "the one in the rubber mask", "the masked shape"]
#: the worlds whose places are bought, sold and pulled down (not ships, wards, forests or ice)
OWNED_KINDS = ("house", "hotel", "lighthouse", "church", "school", "observatory", "village", "hospital",
               "apartment", "camp", "factory", "museum", "theatre", "farm", "radio")
SUPPORT_WANTS = ["to leave before dark", "to keep {H} safe", "to be believed about what happened here"]
OBJECT = {"he": "him", "she": "her", "they": "them"}
PERSON_NOUNS = ("keeper", "doctor", "clown", "nurse", "priest", "vicar", "caretaker", "landlord", "landlady",
                "teacher", "neighbour", "neighbor", "guest", "clerk", "driver", "captain", "stranger", "visitor",
                "warden", "butler", "maid", "gardener", "surgeon", "killer", "widow", "lodger", "tenant", "child",
                "girl", "boy", "man", "woman", "twin", "hitchhiker", "rescuer", "crew", "figure", "host")


def _person(text, role, pronouns=None, want=""):
    """A person of the form; a named one called as the form reading calls them ("old Mr. Tanaka who
    owns the place" is Mr. Tanaka, never "Mr. place"), with the pronouns it finds when nothing else does."""
    p = Person.parse(text, pronouns or "they")
    read = read_person(text)
    named = not read.described and read.pronouns not in ("i", "it")
    gender = p.gender if p.gender in ("he", "she") or not named else read.pronouns
    unknown = parse_phrase(text)
    if read.described and (unknown.thing or unknown.someone):  # "something that sings ...": never "Make something escalate"
        return {"name": read.handle, "full": p.full, "role": role, "pronouns": pronouns or read.pronouns, "want": want}
    return {"name": read.handle if named else p.short, "full": p.full, "role": role,
            "pronouns": pronouns or gender, "want": want}


def _feared_in(premise, names, hero_text, hero):
    """Who the prompt's premise says the story fears: its person who does harm ("an old man who
    collects teeth" -> "the old man"), or the one of the cast it has lost ("her drowned husband"
    and "her husband Tom" -> "her husband Tom", with what was found); ("", None) for neither."""
    threat = fields.premise_threat(premise)
    if threat:
        return threat, None
    lost = LOST.search(premise)
    if not lost:
        return "", None
    who = next((n for n in names if n != hero_text and not _same_person(_person(n, ""), hero)
                and _describes(lost.group(2), n)), "")
    if not who:  # no one of the cast: "the drowned man" (her husband, as the story tells it)
        state = "dead" if lost.group(1).lower() == "late" else lost.group(1).lower()
        who = f"the {state} {fields.LOST_AS[lost.group(2).lower()]}"
    return who, lost


def build_cast(request, genre, rng, kind="generic"):
    names = split_cast(request.characters)
    hero_text = (request.protagonist or "").strip()
    villain_text = (request.antagonist or "").strip()
    if not hero_text:
        hero_text = next((n for n in names if n.lower() != villain_text.lower()), "")
    if not hero_text:
        pron = rng.choice(("she", "he", "they"))
        hero_text = rng.choice(DEFAULT_NAMES[pron])
    hero = _person(hero_text, "protagonist")
    if hero["pronouns"] not in ("he", "she"):
        hero["pronouns"] = _pronoun_in(request.plot_twist + " " + request.custom_prompt)
    if hero["name"].lower() in ("i", "me", "myself", "you", "yourself", "the narrator", "narrator"):
        # "I, a honeymooner": the narrator, who still needs a name for others to call
        hero["name"] = rng.choice(DEFAULT_NAMES[hero["pronouns"]])
    subject = fields.parse_twist(request.plot_twist)["subject"]
    described = [hero_text, *names]
    if not villain_text and re.search(r"(?i)\b(%s)s?$" % "|".join(PERSON_NOUNS), subject) \
            and not any(_describes(subject, text) for text in described):
        villain_text = subject  # "the clown was her brother": the clown is who the story is afraid of
    premise = fields.parse_prompt(request.custom_prompt, "")["premise"]
    lost = None
    if not villain_text:
        villain_text, lost = _feared_in(premise, names, hero_text, hero)
    if villain_text:
        villain = _person(villain_text, "antagonist")
        if lost:  # Tom is "her drowned husband Tom": what the premise says he is
            villain["full"] = re.sub(rf"(?i)(?<!{lost.group(1)} )\b{lost.group(2)}\b",
                                     f"{lost.group(1).lower()} {lost.group(2)}", villain["full"], count=1)
            villain["lost"], villain["relation"] = lost.group(1).lower(), lost.group(2).lower()
    else:
        fitting = [a for a in GENRES[genre]["antagonists"] if kind in BELONGS.get(a[0], (kind,))]
        if fields.premise_heard(premise) and set(GENRES[genre]["methods"]) & UNSEEN_METHODS:
            # "a signal that repeats a dead woman's voice": what is feared is heard (through a device)
            fitting = [VOICES[0 if DEVICES.search(premise) else 1]]
        name, pron = rng.choice(fitting or GENRES["default"]["antagonists"])
        villain = _person(name, "antagonist", pron)
    if villain["pronouns"] not in ("he", "she") and not (villain_text and villain["pronouns"] == "it"):
        villain["pronouns"] = "they"  # (the form's "something under the ice" stays an it)
    taken = {hero["name"].lower(), hero["full"].lower(), villain["name"].lower(), villain["full"].lower()}
    support = []
    for n in names:
        p = _person(n, "supporting")
        if p["name"].lower() in taken or p["full"].lower() in taken or _same_person(p, hero):
            continue
        taken.add(p["name"].lower())
        if is_animal(p["full"]):  # "her dog Buster": it, whatever the owner's pronoun
            p["pronouns"] = "it"
        elif p["pronouns"] not in ("he", "she"):
            p["pronouns"] = "they"
        support.append(p)
    return [hero, villain] + support[:3]


def _same_person(a, b):
    """Whether two people of the form are one: "Dr. Ines Varga" in the characters and "Ines
    Varga" as the protagonist (the words of one name, titles aside, are all in the other)."""
    def words(person):
        name = person["full"].split(",")[0]
        return {w for w in re.findall(r"[a-z']+", name.lower()) if w not in TITLES}
    x, y = words(a), words(b)
    return bool(x and y and (x <= y or y <= x))


def _describes(subject, text):
    """Whether the twist's ``subject`` ("the keeper", "her husband") is what a character's
    description ("Edith, a widowed lighthouse keeper", "her husband Mark") calls that character,
    or the character's name."""
    words = re.findall(r"[a-z'-]+", subject.lower())
    if not words or words[-1] in ("he", "she", "they", "i", "you"):
        return False
    person = Person.parse(text)
    if subject.lower() in (person.short.lower(), person.full.lower()):
        return True
    # the description after a comma ("Edith, a widowed lighthouse keeper") or before the name
    # ("her husband Mark")
    _, _, description = person.full.partition(",")
    description = description or person.full.replace(person.short, " ")
    head = words[-1]
    return bool(re.search(rf"(?i)\b{re.escape(head)}s?\b", description))


def twist_person(subject, category, cast):
    """The character the twist is about, or None: named ("Tom was never there"), described
    ("the keeper" for "Edith, a widowed lighthouse keeper"), "I" (the protagonist), or "she"/"he"
    when only one character is (the protagonist in a twist about the self)."""
    low = subject.lower().strip()
    if not low:
        return None
    if low in ("i", "me", "myself"):
        return cast[0]
    for person in cast:
        if low in (person["name"].lower(), person["full"].lower()):
            return person
    if low in ("she", "he"):
        same = [person for person in cast if person["pronouns"] == low]
        if len(same) == 1 or (category == "self" and cast[0] in same):
            return same[0] if len(same) == 1 else cast[0]
        return None
    return next((person for person in cast if _describes(subject, person["full"])), None)


def _pronoun_in(text):
    """'she' or 'he' when the form's free text speaks of the protagonist that way only, else 'they'."""
    words = set(re.findall(r"[a-z]+", text.lower()))
    she, he = bool(words & {"she", "her", "herself"}), bool(words & {"he", "him", "his", "himself"})
    return "she" if she and not he else "he" if he and not she else "they"
