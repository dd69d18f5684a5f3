"""Reading the form's free-text fields: custom prompt, plot twist, key elements, length.

The custom prompt becomes a premise and a theme (never pasted back as written); the plot twist
becomes a reveal with a subject and a category that picks how it is foreshadowed.
"""
import re

from .genres import THEMES
from .grammar import FEMALE_WORDS, MALE_WORDS, narrative_past, split_list
from .worlds import head_noun

_PROMPT_LEAD = re.compile(
    r"(?i)^\s*(please\s+)?(can you\s+)?((write|tell|create|make|give me|i want|i'd like|generate)\s+)?"
    r"((me\s+)?(a|an|the)\s+(short\s+|scary\s+|creepy\s+|horror\s+)*(story|tale|piece)\s*)?"
    r"((that\s+is\s+)?(about|where|in which|featuring|with|involving|set around|on)\s+)?")
_MOTIF_LEAD = re.compile(r"(?i)^\s*(please\s+)?(make sure (to|you)\s+)?(include|add|feature|have|use|mention|put in)\s+")
#: a thing the premise ends on ("… hears her dead child on the baby monitor"): the story's object
_PREMISE_THING = re.compile(r"(?i)\b(?:on|in|through|from|inside|under|behind|with)\s+(?:the|a|an|her|his|their|my|"
                            r"its|our|your)\s+((?:[a-z-]+\s+){0,2}[a-z-]+)$")
_NOT_THINGS = {"house", "home", "room", "night", "dark", "woods", "forest", "town", "village", "city", "world",
               "attic", "basement", "cellar", "walls", "wall", "mind", "head", "dreams", "dream", "past", "end",
               "morning", "evening", "winter", "summer", "autumn", "spring", "family", "mother", "father",
               "child", "children", "daughter", "son", "husband", "wife", "sister", "brother", "friend", "friends",
               # places and weather are not carried either ("calling from the lake")
               "lake", "sea", "river", "pond", "ocean", "water", "waves", "sky", "shore", "beach", "field", "fields",
               "hill", "hills", "mountain", "mountains", "road", "street", "sand", "snow", "rain", "fog", "mist",
               "static", "wind", "storm", "dust", "earth", "ground", "floor", "ceiling", "stairs", "hallway",
               "corridor", "graveyard", "cemetery", "grave", "marsh", "moor", "well", "ice", "darkness"}


def premise_clause(premise):
    """A premise as a clause the narration can tell as a place's story (in the present, as a
    legend is told): 'a mother who hears her dead child on the baby monitor' -> 'a mother hears
    her dead child on the baby monitor'."""
    m = re.match(r"(?i)^((?:a|an|the|some|two|three)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+(?:who|that|which)\s+(.+)$",
                 premise or "")
    if m and narrative_past(m.group(1)) == m.group(1):  # not "the house remembers everyone| who …"
        premise = f"{m.group(1)} {m.group(2)}"
    return premise


#: how often a premise says it happens ("every winter", "each night"): a happening in the story is once
_HOW_OFTEN = re.compile(r"(?i),?\s*\b(?:(?:every|each)\s+(?:single\s+)?(?:night|day|year|summer|winter|autumn|fall|"
                        r"spring|week|month|morning|evening|halloween|full moon|time)|always|sometimes|often|"
                        r"usually)\b,?")
_SUBORDINATE = re.compile(r"(?i)\b(?:where|when|who|whom|whose|that|which|if|because|until|while)\b")


#: a premise heard rather than seen ("a signal that repeats a dead woman's voice")
_HEARD = re.compile(r"(?i)\b(hears?|heard|voices?|sings?|sang|songs?|calls?|called|whispers?|rings?|rang|"
                    r"radio|signal|phone|monitor|music|cry|cries|crying|screams?|knocks?|broadcasts?)\b")


def premise_heard(premise):
    """Whether the premise is something heard (a voice, a signal, a call) rather than seen."""
    return bool(_HEARD.search(premise or ""))


def premise_event(premise):
    """The premise as a thing that happens once, in the narration's past, for the story to show
    happening ('a signal that repeats a dead woman's voice' -> 'the signal repeated a dead
    woman's voice'; 'every winter the village gives one person to the sea' -> 'the village gave
    one person to the sea'), or '' when it has no verb of its own to happen by ('a town where the
    dead come back', 'a haunted doll') or is already history ('a girl drowned in the lake')."""
    clause = premise_clause(premise)
    past = narrative_past(clause)
    at = next((i for i, (a, b) in enumerate(zip(clause, past)) if a != b), None)
    if at is None:
        return ""
    subject = clause[:clause.rfind(" ", 0, at) + 1]
    if not subject.strip() or _SUBORDINATE.search(subject) or len(subject.split()) > 6:
        return ""  # "a town where the dead come back": the verb is not the premise's own
    event = re.sub(r"\s{2,}", " ", _HOW_OFTEN.sub("", past)).strip(" ,")
    return re.sub(r"(?i)^(?:a|an)\s+", "the ", event)


#: things a premise can be about that someone can carry ("a mirror that shows how you will die")
_PORTABLE = {"mirror", "doll", "dummy", "puppet", "box", "phone", "radio", "camera", "photograph", "photo",
             "tape", "cassette", "book", "diary", "journal", "letter", "locket", "ring", "necklace", "watch",
             "key", "mask", "toy", "teddy", "bear", "lantern", "candle", "monitor", "recorder", "compass", "knife",
             "coin", "bell", "whistle", "globe", "board", "card", "cards", "film", "reel", "notebook", "map",
             "hairbrush", "comb", "bracelet", "amulet", "skull", "jar", "bottle", "violin", "flute"}


def premise_thing(premise):
    """The object a premise ends on ('a baby monitor') or is about ('a mirror that shows how you
    will die'), as a key element, or ''."""
    m = _PREMISE_THING.search(premise or "")
    if m and m.group(1).split()[-1].lower() not in _NOT_THINGS:
        return key_elements(m.group(1).lower(), limit=1)[0]
    about = re.match(r"(?i)(?:a|an|the|this|that)\s+((?:[a-z'-]+\s+){0,2}?([a-z-]+))\s+(?:that|which|who|whose)\b",
                     premise or "")
    if about and about.group(2).lower() in _PORTABLE:
        return key_elements(about.group(1).lower(), limit=1)[0]
    return ""


def _clean(text):
    text = re.sub(r"\s+", " ", (text or "")).strip().strip("\"'“”")
    return text.rstrip(" .!?;:,")


def lower_lead(text):
    """Lower-case a leading common word but keep names ('Sarah', 'I')."""
    if text[:2].istitle() and text.split()[0].lower() in (
            "the", "a", "an", "it", "there", "someone", "something", "every", "all", "no", "nobody",
            "his", "her", "their", "my", "this", "that", "what", "she", "he", "they", "we", "everyone"):
        return text[0].lower() + text[1:]
    return text


def parse_prompt(prompt, default_theme):
    """``{"premise": clause, "theme": noun, "motif": noun phrase or ""}`` from a custom prompt."""
    text = _clean(prompt)
    if not text:
        return {"premise": "", "theme": default_theme, "motif": ""}
    low = text.lower()
    theme = next((t for t in THEMES if re.search(r"\b%s\b" % t, low)), default_theme)
    motif = ""
    m = _MOTIF_LEAD.match(text)
    if m:
        motif = narrative_past(lower_lead(_clean(text[m.end():])))
        if not re.match(r"(?i)(a|an|the|some|one|two|three)\b", motif):
            motif = "a " + motif if not motif.endswith("s") else motif
        premise = ""
    else:
        premise = lower_lead(_clean(_PROMPT_LEAD.sub("", text, count=1)))
        if premise.lower() in THEMES:
            premise = ""
    return {"premise": premise, "theme": theme, "motif": motif}


_TWIST_LEAD = re.compile(r"(?i)^\s*(the twist( is)?:?|twist:|it turns out( that)?|in the end,?|"
                         r"it was revealed( that)?|reveal:?|spoiler:?)\s*(that\s+)?")
_VERB = re.compile(r"\b(was|were|had|has|is|are|am|did|never|would|could|wasn't|weren't|hadn't|killed|"
                   r"died|lived|became|turned|wanted|knew|made|built|lured|brought)\b")
CATEGORIES = (
    ("dead", r"\b(dead|died|ghost|drowned|buried|corpse|deceased|never left|passed away|killed in)\b"),
    ("unreal", r"\b(dream|dreaming|imagined|imaginary|never existed|in (her|his|their) head|hallucinat\w*|coma)\b"),
    ("family", r"\b(mother|father|sister|brother|daughter|son|twin|child|wife|husband|grandmother)\b"),
    ("self", r"\b(all along|herself|himself|themselves|own|the same person|was (her|him|them)|patient)\b"),
    ("trap", r"\b(planned|lured|bait|trap|wanted|waiting|chose|summoned|invited|brought)\b"),
)


def parse_twist(twist):
    """``{"reveal": clause, "subject": noun phrase, "category": str}``; an empty reveal without a twist."""
    text = _clean(twist)
    text = _TWIST_LEAD.sub("", text, count=1)
    if not text:
        return {"reveal": "", "subject": "", "category": ""}
    reveal = lower_lead(text)
    m = _VERB.search(reveal)
    subject = reveal[:m.start()].strip(" ,") if m and m.start() > 0 else ""
    category = next((name for name, pattern in CATEGORIES if re.search(pattern, reveal.lower())), "other")
    return {"reveal": reveal, "subject": subject, "category": category}


def key_elements(text, limit=3):
    """The key elements as noun phrases with an article ('music box' -> 'a music box')."""
    out = []
    for item in split_list(text)[:limit]:
        item = _clean(item)
        if not item:
            continue
        if not re.match(r"(?i)(a|an|the|some|my|his|her|their|one|two|three|four)\b", item) \
                and not item[:1].isupper() and not is_plural(item):
            item = ("an " if item[:1].lower() in "aeiou" else "a ") + item
        out.append(item)
    return out


def is_plural(np):
    """Whether the noun phrase names more than one thing, by its head noun: 'old photographs',
    'footprints in the ash' are; 'a music box', 'a portrait with no face', 'glass' are not."""
    if re.match(r"(?i)(a|an|one|this|that)\s", np.strip()):
        return False
    word = head_noun(np)  # 'footprints| in the ash'
    return word.endswith("s") and not word.endswith(("ss", "us", "is", "'s", "atlas", "canvas", "gas", "bus", "lens",
                                                     "thermos", "chaos", "cosmos", "series", "species", "news"))


def definite(np):
    """'a music box' -> 'the music box'; 'old photographs' -> 'the old photographs'; names stay."""
    low = np.lower()
    for art in ("a ", "an ", "some ", "one "):
        if low.startswith(art):
            return "the " + np[len(art):]
    if np[:1].islower() and not re.match(r"(the|my|his|her|their|two|three|four)\b", low):
        return "the " + np
    return np


def target_words(value):
    """``length_words`` as an int in 100..3000; accepts the labels 'short', 'medium', 'long'."""
    labels = {"short": 600, "medium": 1500, "long": 2500}
    if isinstance(value, str):
        v = value.strip().lower()
        value = labels.get(v, v)
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = 1000
    return max(100, min(3000, n))


#: a premise about someone the protagonist can be ("a mother hears her dead son on the baby monitor")
_PREMISE_PERSON = re.compile(
    r"(?i)^(?:a|an|the)\s+(?:young\s+|old\s+|lonely\s+|grieving\s+|widowed\s+|new\s+)?"
    r"(mother|mom|mum|father|dad|woman|man|girl|boy|widow|widower|wife|husband|sister|brother|daughter|"
    r"son|nurse|teacher|doctor|detective|student|parent|babysitter|priest|caretaker|writer|child)\s+"
    r"(?:(?=(?:who\s+)?[a-z]+s\b)(?:who\s+)?|(?=whose\s))")


#: what the premise's person does that makes them the one to fear, not the one it happens to: harm
#: ("an old man who collects teeth", "a nurse who kills her patients") or haunting ("a girl who calls
#: every night", "a woman who appears in every photograph")
_THREAT_VERBS = {"collects", "kills", "takes", "steals", "eats", "hunts", "stalks", "watches", "follows",
                 "lures", "kidnaps", "murders", "buries", "wears", "skins", "traps", "haunts", "poisons",
                 "dissects", "devours",
                 "calls", "sings", "whispers", "knocks", "visits", "appears", "waits", "walks", "screams",
                 "cries", "laughs", "returns", "comes", "wanders", "stands"}


#: what the one a premise has lost was to the protagonist, as the story calls them ("her drowned
#: husband" -> "the drowned man") and sees them ("a man")
LOST_AS = {"husband": "man", "father": "man", "grandfather": "old man", "brother": "young man", "boyfriend": "young man",
           "fiance": "young man", "fiancé": "young man", "wife": "woman", "mother": "woman",
           "grandmother": "old woman", "sister": "young woman", "girlfriend": "young woman", "fiancee": "young woman",
           "fiancée": "young woman", "son": "boy", "daughter": "girl", "child": "child", "baby": "child",
           "twin": "child", "friend": "friend"}


def premise_threat(premise):
    """The premise's person as the one the story fears ("an old man who collects teeth" -> "the
    old man"), or ''."""
    m = _PREMISE_PERSON.match(premise or "")
    rest = premise[m.end():] if m else ""
    if not m or not rest.split() or rest.split()[0].lower() not in _THREAT_VERBS:
        return ""
    np = re.sub(r"(?i)\s+who\s*$", "", premise[:m.end()].strip())
    return re.sub(r"(?i)^(?:a|an)\s+", "the ", np)


def premise_person(premise):
    """``(what the premise's person is, the rest from its verb)`` for a premise about someone the
    protagonist can be ("a mother hears her dead son …" -> ("mother", "hears her dead son …");
    "a widower whose late wife …" -> ("widower", "'s late wife …")), else None."""
    m = _PREMISE_PERSON.match(premise or "")
    if not m or premise_threat(premise):  # "an old man who collects teeth" is who is feared
        return None
    rest = premise[m.end():]
    if rest.startswith("whose "):  # "a widower whose late wife keeps …": "'s late wife keeps …"
        rest = "'s " + rest[len("whose "):]
    return m.group(1).lower(), rest


def fits_person(noun, pronouns):
    """Whether a protagonist of ``pronouns`` can be the premise's ``noun`` (no "he" mother)."""
    return not ((noun in FEMALE_WORDS and pronouns == "he") or (noun in MALE_WORDS and pronouns == "she"))

