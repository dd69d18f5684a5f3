"""What the prose modules share: the pronouns of each person, the priorities of a sentence,
a character's template slots."""
import re

from .grammar import is_animal, is_quiet

PRONOUNS = {"she": ("she", "her", "her", "herself", "was"), "he": ("he", "him", "his", "himself", "was"),
            "they": ("they", "them", "their", "themselves", "were"), "it": ("it", "it", "its", "itself", "was"),
            "first": ("I", "me", "my", "myself", "was"), "second": ("you", "you", "your", "yourself", "were")}
MUST, THREAD, STEP, COLOUR, AIR = 0, 1, 2, 3, 4
#: a companion who knows the hero already ("her friend Jules", "Sam, her brother")
_KNOWN = re.compile(r"(?i)\b(her|his|my|their|your|friend|brother|sister|husband|wife|son|daughter|mother|"
                    r"father|mum|mom|dad|aunt|uncle|cousin|partner|girlfriend|boyfriend|fianc[eé]e?)\b")
#: a bank sentence in which the antagonist is seen ("{A} stood at the far end", "saw {A}")
_SIGHTING = re.compile(r"\bsaw \{A\}|\{A\} (stood|was there|stepped|came in|came across|was waiting)|stood \{A\}")


def cap(text):
    return text[:1].upper() + text[1:] if text else text


def _slots(key, person):
    """A character's slots: {A}/{A_S}/{A_O}/{A_POS}/{A_WAS} for ``key`` "A", and so on."""
    forms = PRONOUNS[person["pronouns"]]
    return {key: person["name"], f"{key}_S": forms[0], f"{key}_O": forms[1], f"{key}_POS": forms[2],
            f"{key}_WAS": forms[4]}


def _companion(person):
    """The {C} slots for a supporting character, and whether they speak."""
    return {**_slots("C", person), "C_quiet": is_quiet(person["full"]), "C_animal": is_animal(person["full"]),
            "C_known": bool(_KNOWN.search(person["full"]))}
