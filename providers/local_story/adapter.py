"""The form read into plan parts, over today's cast, fields and worlds modules.

A thin stand-in with the names of the ``reading`` and ``world`` packages (``read_cast``,
``handles_for``, ``read_elements``, ``read_instructions``, ``read_twist``, ``world_for_setting``);
it goes when those land.
"""
import re

from core.story_plan import PlanPart

from .fields import definite, key_elements
from .grammar import FEMALE_WORDS, MALE_WORDS, Person, guess_gender, split_cast
from .worlds import carried, fixtures, keepsakes, short_place, world_for

_RELATIVE = re.compile(r"(?i)\s+(who|whom|whose|that|which|where|with|from|whom)\b.*$")
_PREP = re.compile(r"(?i)\s+(in|on|at|inside|by|near|under|of|behind|beyond)\s.*$")
_THINGLIKE = re.compile(r"(?i)^(something|whatever|someone|somebody|it)\b")
_PERSONLIKE = re.compile(r"(?i)\b(man|woman|girl|boy|child|passenger|caller|widow|son|daughter|farmer|"
                         r"apothecary|figure|driver|stranger|nurse|priest|guest|mother|father|extra|"
                         r"keeper|clerk|lady|bride|twin|professor|doctor)\b")
_SHE_ENDINGS = ("a", "ie", "ée", "elle", "ine", "ene", "ette", "id")


def handles_for(phrase):
    """Shorter handles for a long phrase, longest first: 'the passenger in cabin 14 who is never
    seen to eat' -> ['the passenger in cabin 14', 'the passenger']."""
    text = phrase.strip().rstrip(".")
    out = []
    if _THINGLIKE.match(text):
        place = re.search(r"(?i)\b(?:inside|in|under|behind)\s+(?:the\s+)?([\w' -]+)$", text)
        if place:
            out.append("the thing in the " + place.group(1))
        out.append("the thing")
        return _unique(out)
    first = _RELATIVE.sub("", definite(text))
    if first.lower() != definite(text).lower():
        out.append(first)
    bare = _PREP.sub("", first)
    if bare.lower() != first.lower() and len(bare.split()) >= 2:
        out.append(bare)
    words = bare.split()
    if len(words) > 3:
        out.append("the " + words[-1])
    return _unique(out) or [definite(text)]


def _unique(items):
    seen, out = set(), []
    for item in items:
        if item.lower() not in seen:
            seen.add(item.lower())
            out.append(item)
    return out


def _pronoun(text, following="", mentions=""):
    """'she', 'he' or '': from the person's own words, the next person's "her brother Nils"
    (this one is a she), a pronoun soon after the name in the twist or the prompt, the name's ending."""
    own = re.sub(r"(?i),\s*(?:her|his|their)\s+[\w -]+$", "", text)  # "Amélie, his apprentice": Luc's
    gender = guess_gender(own, "")
    if gender:
        return gender
    name = Person.parse(text).short.split()[-1]
    following = following.partition(",")[2].strip() if "," in following else following
    cue = re.match(r"(?i)(her|his)\s+(?:\w+\s+)?(?:brother|sister|nephew|niece|son|daughter|apprentice|"
                   r"friends?|grandmother|grandfather|husband|wife|team lead|boss)\b", following)
    if cue:
        return "she" if cue.group(1).lower() == "her" else "he"
    later = re.search(re.escape(name) + r"\b(?:\W+\w+){0,5}?\W+(her|his|she|he)\b", mentions, re.I)
    if later:
        return "she" if later.group(1).lower() in ("her", "she") else "he"
    if name[:1].isupper() and name.lower().endswith(_SHE_ENDINGS):
        return "she"
    if name[:1].isupper() and name.lower().endswith(("o", "us")):
        return "he"
    return ""


def _pronoun_for_thing(text):
    words = set(re.findall(r"[a-z]+", text.lower()))
    if words & (FEMALE_WORDS - {"her"}):
        return "she"
    if words & (MALE_WORDS - {"his", "him"}):
        return "he"
    return "they" if _PERSONLIKE.search(text) and not _THINGLIKE.match(text) else "it"


def read_cast(characters, protagonist, antagonist, plot_twist=""):
    """The cast as Person parts: the protagonist first, the antagonist, the rest."""
    people = split_cast(characters)
    hero_text = (protagonist or "").strip() or (people[0] if people else "Mara")
    cast, used = [], set()

    def add(text, role, following=""):
        p = Person.parse(text)
        name = p.short
        if re.match(r"(?i)(her|his|their)\s", name):  # "her brother Nils" -> "Nils"
            name = name.split()[-1]
        full = re.split(r"\s*(?:,|\(|\s[—–-]+\s)", text)[0].strip()
        full = re.sub(r"(?i)^(?:her|his|their)\s+(?:\w+\s+)?(?:brother|sister|nephew|niece|son|daughter|"
                      r"apprentice|friends?|grandmother|grandfather|husband|wife)\s+", "", full)
        if name.lower() in used:
            return None
        used.add(name.lower())
        pron = _pronoun(text, following, plot_twist) or "they"
        description = text.partition(",")[2].strip()
        part = PlanPart(id=f"c{len(cast) + 1}", name=full if role != "antagonist" else text.strip(),
                        handle=name if name != full else "", pronouns=pron, role=role, look=description,
                        want="")
        cast.append(part)
        return part

    hero_full = next((p for p in people if Person.parse(p).short.lower() == Person.parse(hero_text).short.lower()),
                     hero_text)
    def after(text):
        return people[people.index(text) + 1] if text in people[:-1] else ""

    add(hero_full, "protagonist", after(hero_full))
    if antagonist.strip():
        handles = handles_for(antagonist)
        cast.append(PlanPart(id=f"c{len(cast) + 1}", name=antagonist.strip(), handle=handles[-1],
                             pronouns=_pronoun_for_thing(antagonist), role="antagonist", look="", want=""))
    for text in people:
        if " and " in text.split(",")[0] and re.match(r"(?i)(her|his|their)\s+friends", text):
            for name in text.split(",")[0].split()[-3::2]:
                add(name, "supporting")
            continue
        add(text, "supporting", after(text))
    return cast


def read_elements(text):
    out = []
    jobs = ("clue", "tool", "cost")
    for i, name in enumerate(key_elements(text, 4)):
        out.append(PlanPart(id=f"e{i + 1}", name=name, handle=handles_for(name)[-1] if len(name.split()) > 4
                            else definite(name), job=jobs[i % 3] if i else ("clue" if carried(name) else "clue"),
                            beats=[]))
    if len(out) >= 2 and out[1].job == "tool" and not carried(out[1].name):
        out[1].job = "clue"
    return out


_FORMATS = [("logbook", r"\blog(?:book)?\b|\bentries\b|\bentry by entry\b"), ("diary", r"\bdiary\b|\bjournal\b"),
            ("letters", r"\bletters?\b"), ("transcript", r"\btranscript\b|\bCB\b|\bover the radio\b"),
            ("recording", r"\brecording|\btapes?\b"), ("report", r"\breport\b"), ("notes", r"\bfield notes\b")]
_AVOID = [("gore", r"\bno gore\b|\bgentle\b|\bteenager|\bfamily\b|\bno blood\b"),
          ("violence", r"\bviolence offstage\b|\boffstage\b|\bgentle\b|\bteenager|\bno violence\b"),
          ("supernatural", r"\bno supernatural\b|\bno ghosts?\b")]
_FOCUS = [("sounds", r"\bsounds?\b|\bhear|\bnoise"), ("body", r"\bbody\b|\bskin\b|\bbreath|\bhands\b"),
          ("dialogue", r"\bdialogue\b|\bconversation"), ("humour", r"\bfunny\b|\bhumou?r\b|\bcomic")]


def read_instructions(custom_prompt):
    text = custom_prompt or ""
    low = text.lower()
    fmt = next((name for name, pattern in _FORMATS if re.search(pattern, text, re.I)), "prose")
    framing = ""
    m = re.search(r"(?i)\b(?:to|for)\s+((?:her|his|their|my)\s+[\w' ]+?)(?:[.,;]|$)", text)
    if fmt == "letters" and m:
        framing = m.group(1).strip()
    elif fmt == "logbook":
        log = re.search(r"(?i)\b((?:[a-z]+\s+)?log(?:book)?)\b", text)
        framing = log.group(1).lower() if log and log.group(1).lower() not in ("log", "logbook") else ""
        framing = re.sub(r"^(the|a|as|it|write|tell)\s+", "", framing)
    elif fmt == "transcript":
        radio = re.search(r"(?i)\b(the\s+)?(CB radio|radio|phone)\b", text)
        framing = "the " + radio.group(2) if radio else ""
    notes = "chapters" if re.search(r"\bchapters?\b", low) else ""
    if re.search(r"\bsting\b", low):
        notes += " sting"
    return PlanPart(format=fmt, avoid=[n for n, p in _AVOID if re.search(p, low)],
                    focus=[n for n, p in _FOCUS if re.search(p, low)], framing=framing, notes=notes.strip())


_CATEGORIES = [("dead", r"\b(dead|died|sank|sunk|drowned|crashed|killed in|ghost|never left|buried)\b"),
               ("culprit", r"\bkiller\b|\bmurderer\b|\bwas behind\b|\bresponsible\b"),
               ("chosen", r"\bchose\b|\bchosen\b|\bguiding\b|\bled\b|\bfeeding\b|\bbait\b"),
               ("identity", r"\bis\b|\bwas\b")]


def read_twist(plot_twist, cast):
    reveal = (plot_twist or "").strip().rstrip(".")
    low = reveal.lower()
    about, first = "", len(low) + 1
    for person in cast:
        names = {person.name.lower(), (person.handle or "").lower()} | {w.lower() for w in person.name.split()
                                                                          if w[:1].isupper() and len(w) > 2}
        for n in names:
            m = re.search(r"\b" + re.escape(n) + r"\b", low) if n else None
            if m and m.start() < first:
                about, first = person.id, m.start()
    category = next((c for c, p in _CATEGORIES if re.search(p, low)), "other") if reveal else ""
    return PlanPart(reveal=reveal, about=about, clues=[], category=category)


def home_handle(setting):
    """The setting as the story calls it after the first time: 'a night ferry crossing the Strait
    of Magellan' -> 'the night ferry', 'a call centre for a bank in Glasgow' -> 'the call centre'."""
    home = short_place(setting)
    home = re.sub(r"(?i)\s+(?:\w+ing|for|during|with|near)\b.*$", "", home)
    words = home.split()
    return " ".join(words[:1] + words[-2:]) if len(words) > 3 and words[0].lower() == "the" else home


def world_for_setting(setting, weather="", time_of_day=""):
    kind, world = world_for(setting)
    home = home_handle(setting)
    fitted = fixtures(world)
    places = []
    for i, (name, description) in enumerate(world["rooms"][:6]):
        places.append(PlanPart(id=f"p{i + 1}", name=name, handle=name, description=description,
                               fixtures=[definite(f) for f in (fitted[i::6][:3] or fitted[:2])], sounds=world["sounds"][i::6][:2],
                               outdoors=False))
    outside = PlanPart(id=f"p{len(places) + 1}", name=f"outside {home}", handle=f"outside {home}", description="",
                       fixtures=[], sounds=world["sounds"][-2:], outdoors=True)
    return PlanPart(kind=kind, name=home, handles=[home], places=places + [outside],
                    outside=outside.name, smells=list(world["smells"]), sounds=list(world["sounds"]),
                    touch=list(world.get("touch", [])), keepsakes=keepsakes(world),
                    weather_lines=[], has_sky=kind not in ("mine",))
