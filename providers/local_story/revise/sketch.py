"""The story plan: logline, title, cast, places, twist and beats, built from the form (no prose).

Layers follow Dramatron's hierarchy (logline -> title -> characters -> places -> beats); the plan is
plain JSON data, returned with the story (``StoryResult.plan``) and used by ``prose`` to write each
beat, and by ``revise`` to continue a story along its open threads. ``build_plan`` is the public
entry point; other providers fall back to it.
"""
import random
import re

from .. import fields
from ..cast import (
    ANTAGONIST_WANTS,
    HERO_WANTS,
    MASKED,
    OBJECT,
    OWNED_KINDS,
    SUPPORT_WANTS,
    build_cast,
    twist_person,
)
from ..genres import GENRES, METHODS, genre_key
from ..grammar import is_animal, is_quiet, narrative_past
from ..threads import BURNS_RECORD, CHOICES, CLUES, DEPARTURES, ENDINGS, record_burnt_at, record_of
from ..titles import HOURS, SKIES, _bare, title_case
from ..worlds import (
    INDOORS,
    OUTDOOR_ROOMS,
    carried,
    head_noun,
    keepsakes,
    short_place,
    unplaced,
    world_for,
)

PURPOSES = {
    "hook": "open on the protagonist and the promise of dread",
    "arrival": "bring the protagonist into the place and close the way back",
    "first_sign": "let the antagonist show its method for the first time",
    "investigation": "make the protagonist search, find a clue and choose",
    "escalation": "the antagonist's method goes one step further and a choice costs something",
    "reversal": "what the protagonist believed turns over",
    "climax": "the planted element decides the confrontation",
    "aftermath": "show what is left and what the ending now means",
}
WEIGHTS = {"hook": 0.8, "arrival": 1.0, "first_sign": 1.0, "investigation": 1.2, "escalation": 1.1,
           "reversal": 1.0, "climax": 1.3, "aftermath": 0.7}
PACING_WEIGHTS = {"slow": {"hook": 1.3, "arrival": 1.4, "investigation": 1.3, "climax": 0.9},
                  "fast": {"arrival": 0.8, "escalation": 1.2, "climax": 1.3},
                  "intense": {"hook": 0.7, "arrival": 0.6, "escalation": 1.3, "climax": 1.5}}

def pacing_key(pacing):
    low = (pacing or "").lower()
    return "slow" if "slow" in low else "intense" if "intense" in low else "fast" if "fast" in low else "moderate"


def rng_for(request):
    key = "|".join(str(v) for v in (request.seed, request.genre, request.mood, request.setting,
                                     request.characters, request.protagonist, request.antagonist,
                                     request.key_elements, request.plot_twist, request.custom_prompt))
    return random.Random(key)


def beat_kinds(words, pacing):
    if words < 200:
        return ["hook", "first_sign", "climax", "aftermath"]
    if words < 450:
        return ["hook", "arrival", "first_sign", "reversal", "climax", "aftermath"]
    n = 1 if words < 800 else 2 if words < 1600 else 3
    if pacing in ("fast", "intense") and words >= 800:
        n += 1
    if pacing == "slow" and n > 1:
        n -= 1
    search = ["investigation"] * (2 if words >= 2000 else 1)
    return (["hook", "arrival", "first_sign"] + search + ["escalation"] * n +
            ["reversal", "climax", "aftermath"])


def split_words(kinds, total, pacing):
    extra = PACING_WEIGHTS.get(pacing, {})
    weights = [WEIGHTS[k] * extra.get(k, 1.0) for k in kinds]
    scale = total / sum(weights)
    sizes = [int(w * scale) for w in weights]
    for i in range(total - sum(sizes)):
        sizes[i % len(sizes)] += 1
    return sizes


def _fill(text, names):
    return re.sub(r"\{(\w+)\}", lambda m: names.get(m.group(1), m.group(0)), text)


def build_plan(request):
    """The plan of the story the form asks for, as plain JSON data (see the module docstring)."""
    rng = rng_for(request)
    genre = genre_key(request.genre)
    total = fields.target_words(request.length_words)
    pacing = pacing_key(request.pacing)
    kind, world = world_for(request.setting)
    setting = fields._clean(request.setting) or "the house at the end of the road"
    setting = fields.lower_lead(setting)
    place_short = short_place(setting)
    cast = build_cast(request, genre, rng, kind)
    hero, villain, support = cast[0], cast[1], cast[2:]
    method = rng.choice(GENRES[genre]["methods"])
    prompt = fields.parse_prompt(request.custom_prompt, rng.choice(GENRES[genre]["themes"]))
    twist = fields.parse_twist(request.plot_twist)
    about = twist_person(twist["subject"], twist["category"], cast)
    # "Hannah was the killer": a companion unmasked as the one the story was afraid of
    unmasks = bool(about and about["role"] == "supporting" and re.search(
        r"\b(killer|murderer|monster|culprit|stalker|the one (who|behind))\b", twist["reveal"].lower()))
    # no stock killer beside the one unmasked: until the twist, the one the story fears is masked
    masked = unmasks and not (request.antagonist or "").strip()
    if masked:
        mask = rng.choice(MASKED)
        villain.update(name=mask, full=mask, pronouns=about["pronouns"])  # (a fair clue)
    elements = fields.key_elements(request.key_elements) + ([prompt["motif"]] if prompt["motif"] else [])
    if not elements and (thing := fields.premise_thing(prompt["premise"])):  # the prompt's own object
        elements = [thing]
    if not elements:
        elements = [unplaced(rng.choice(keepsakes(world) or ["a torch with a weak battery"]))]
    names = {"H": hero["name"], "A": villain["name"], "C": support[0]["name"] if support else "the others",
             "him": OBJECT[hero["pronouns"]], "place": place_short, "E": fields.definite(elements[0])}
    # the want follows the setting in the opening line: there, its short name ("the lighthouse")
    noun = head_noun(setting)
    short = f"the {noun}" if place_short.lower().endswith(" " + noun) else place_short
    wants = [want for want in HERO_WANTS if (support or "{C}" not in want)
             and (kind in OWNED_KINDS or not re.search(r"sell|demolition", want))]  # no one sells a ship
    hero["want"] = _fill(rng.choice(wants), {**names, "place": short})
    villain["want"] = ANTAGONIST_WANTS[method]
    for s in support:
        s["want"] = _fill(rng.choice(SUPPORT_WANTS), names)
    rooms = rng.sample(world["rooms"], 3)
    places = [{"name": setting, "description": _describe(setting, world)}]
    places += [{"name": name, "description": desc} for name, desc in rooms]

    kinds = beat_kinds(total, pacing)
    sizes = split_words(kinds, total, pacing)
    beats = [{"kind": k, "purpose": PURPOSES[k], "words": w, "room": places[1 + (i - 1) % 3]["name"]
              if i else setting, "plant": [], "use": [], "clue": "", "method_step": None,
              "choice": None, "twist": False}
             for i, (k, w) in enumerate(zip(kinds, sizes))]
    deadly = _intensity(request.intensity) >= DEADLY and total >= MIN_DEATH_WORDS  # room for a death
    unmasked_c = unmasks and about["name"] == names["C"]
    _assign_threads(beats, elements, twist, about, method, kind, places, names, support, rng,
                    deadly and not unmasked_c, unmasked_c)
    for i, beat in enumerate(beats):
        beat["summary"], beat["state_change"] = _summarise(beat, i, elements, names, method, twist, support)

    title = _title(request, genre, elements, setting, hero, villain, [p["name"] for p in places[1:]], rng,
                   sky=kind not in SKYLESS)
    premise = prompt["premise"] or f"{hero['name']} comes to {setting} {hero['want']}"
    # "a mother hears her dead son on the baby monitor": the protagonist is that mother
    personal = fields.premise_person(prompt["premise"])
    own = ""
    if personal and fields.fits_person(personal[0], hero["pronouns"]):
        own = narrative_past(hero["name"] + ("" if personal[1].startswith("'s ") else " ") + personal[1])
    logline = (f"{hero['name']}, who wants {hero['want']}, faces {villain['name']}, who wants "
               f"{villain['want']}; {names['E']} decides how it ends.")
    return {"logline": logline, "title": title, "premise": premise, "theme": prompt["theme"],
            "premise_from_prompt": bool(prompt["premise"]), "premise_own": own,
            "genre": request.genre, "world": kind, "method": method, "cast": cast, "places": places,
            "elements": elements, "motif": prompt["motif"],
            "twist": {"reveal": twist["reveal"], "subject": twist["subject"], "category": twist["category"],
                      "about": about["name"] if about else "", "unmasks": unmasks, "masked": masked,
                      "clues": [b["clue"] for b in beats if b["clue"]]},
            "ending": ENDINGS[twist["category"] if twist["reveal"] else ""], "beats": beats}


def _describe(setting, world):
    return f"{setting}: " + ", ".join(name for name, _ in world["rooms"][:3]) + "; " + world["smells"][0]


def _assign_threads(beats, elements, twist, about, method, kind, places, names, support, rng, deadly=False,
                    unmasked_c=False):
    kinds = [b["kind"] for b in beats]
    # plant every element early, use it later: the first element decides the climax
    early = [i for i, k in enumerate(kinds) if k in ("hook", "arrival", "first_sign")]
    for n, _ in enumerate(elements):
        beats[early[min(n, len(early) - 1)]]["plant"].append(n)
    late = [i for i, k in enumerate(kinds) if k in ("investigation", "escalation", "reversal")]
    climax = kinds.index("climax")
    beats[climax]["use"].append(0)
    for n in range(1, len(elements)):  # the latest turns first: the reversal, then the last escalations
        beats[late[-1 - (n - 1) % len(late)] if late else climax]["use"].append(n)
    # the antagonist's method: one escalating step per beat from the first sign to the climax
    steps = [i for i, k in enumerate(kinds) if k in ("first_sign", "investigation", "escalation", "climax")]
    for n, i in enumerate(steps):
        beats[i]["method_step"] = round(n * 3 / max(1, len(steps) - 1))
    # choices with costs
    pairs = list(range(len(CHOICES))) if support else _without_companion(range(len(CHOICES)))
    if not carried(elements[0]):  # "takes up the 112th step" cannot happen
        pairs = [n for n in pairs if "{E}" not in CHOICES[n][0]]
    record = head_noun(record_of(kind))
    if any(head_noun(e) == record for e in elements):  # the story's own object is not burnt midway
        pairs = [n for n in pairs if n != BURNS_RECORD]
    if support and is_animal(support[0]["full"]):  # no promise, no lie, no begging to a dog
        pairs = _without_companion(pairs)
    if support and is_quiet(support[0]["full"]):  # a silent companion neither begs nor asks
        pairs = [n for n in pairs if not re.search(r"\{C\} (begged|asked)|asked what", " ".join(CHOICES[n][2]))]
    rng.shuffle(pairs)
    land = kinds.index("reversal") if "reversal" in kinds else climax  # where a twist lands
    dies = _death_beat(kinds) if deadly else None  # after it, no choice involves {C}
    if unmasked_c and twist["reveal"]:  # nor after {C} is unmasked as the killer
        dies = land
        # and while masked, the companion behind the mask is rarely with the hero: no choice
        # made with them (a promise, a lie, a question) either
        pairs = _without_companion(pairs)
    for i, k in enumerate(kinds):
        if dies is not None and i > dies:
            pairs = _without_companion(pairs)
        room = beats[i]["room"]
        fitting = [n for n in pairs if _fits(n, room)]
        if k == "climax":  # no one falls asleep at the climax
            fitting = [n for n in fitting if "asleep" not in CHOICES[n][0]]
        if k in ("investigation", "escalation", "climax") and fitting:
            n = fitting[-1]
            pairs.remove(n)
            beats[i]["choice"] = {"choice": _fill(CHOICES[n][0], {**names, "room": room}),
                                  "cost": _fill(CHOICES[n][1], {**names, "room": room}), "id": n}
            if "record" in CHOICES[n][0]:  # a record burnt is not read afterwards, nor the other way
                pairs = [p for p in pairs if "record" not in CHOICES[p][0]]
            if CHOICES[n][1] in DEPARTURES:  # {C} has left: no later choice involves {C}
                beats[i]["choice"]["leaves"] = names["C"]
                pairs = _without_companion(pairs)
    if dies is not None and deadly:
        _assign_death(beats, dies, names, support)
    # the twist lands in the reversal (or the climax of a short story), after two clues at least
    if twist["reveal"]:
        beats[land]["twist"] = True
        # clues never name the protagonist; a pronoun is no one's name ("about they")
        subj = about["name"] if about else twist["subject"]
        if not subj or subj == names["H"] or subj.lower() in ("he", "she", "they", "i", "you", "we", "it"):
            subj = "the others"
        pool = CLUES[twist["category"]][:]
        if subj == "the others":
            pool = [c for c in pool if "{subj}" not in c] or CLUES["self"][:]
        rng.shuffle(pool)
        before = list(range(land))
        spots = (before[-3:] if len(before) >= 3 else before)[-len(pool):]  # no clue twice
        # a coat on a hook, a mirror, a drawer: found indoors when the story has an indoor place
        rooms = [p["name"] for p in places[1:4]]
        rooms = [room for room in rooms if room not in OUTDOOR_ROOMS] or rooms
        burnt = record_burnt_at(beats)
        for n, i in enumerate(spots):
            if burnt is not None and i > burnt and "{log}" in pool[n]:  # the record is ash by then
                other = next((k for k in range(n + 1, len(pool)) if "{log}" not in pool[k]), None)
                if other is not None:
                    pool[n], pool[other] = pool[other], pool[n]
            clue = pool[n % len(pool)].format(subj=subj, log=record_of(kind),
                                              room=rooms[n % len(rooms)])
            beats[i]["clue"] = clue[0].upper() + clue[1:]


def _fits(n, room):
    """Whether choice ``n`` (an index into CHOICES) can happen in ``room``."""
    told = " ".join([CHOICES[n][0], *CHOICES[n][2], *CHOICES[n][3]])
    return room not in OUTDOOR_ROOMS or not INDOORS.search(told)


def _without_companion(pairs):
    """The choices of ``pairs`` (indexes into CHOICES) that do not involve {C}."""
    return [n for n in pairs if "{C}" not in CHOICES[n][0] + CHOICES[n][1]]


DEADLY = 8  # from this intensity someone dies on the page


def _intensity(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return 5


def _death_beat(kinds):
    """Where the antagonist kills: the last escalation (else the reversal, else the climax)."""
    spots = [i for i, k in enumerate(kinds) if k == "escalation"] or \
            [i for i, k in enumerate(kinds) if k in ("reversal", "climax")]
    return spots[-1] if spots else None


def _assign_death(beats, at, names, support):
    """At intensity 8 and over, the antagonist kills: the companion (or, without one, a stranger)
    in beat ``at``; a companion who left alone before is the one found dead, in the beat after."""
    left = next((i for i, b in enumerate(beats) if b["choice"] and b["choice"].get("leaves")), None)
    if left is not None and left + 1 < len(beats):
        at = left + 1
    beats[at]["death"] = {"victim": names["C"] if support else "", "after_leaving": left is not None}


def _summarise(beat, i, elements, names, method, twist, support):
    H, A = names["H"], names["A"]
    parts, change = [], ""
    k = beat["kind"]
    if k == "hook":
        parts.append(f"{H} is drawn toward {names['place']}")
        change = f"{H} is committed"
    elif k == "arrival":
        parts.append(f"{H} enters {beat['room']}" + (f" with {support[0]['name']}" if support else ""))
        change = "the way back is closed"
    elif k == "reversal":
        parts.append("the twist lands" if beat["twist"] else f"{H}'s plan against {A} fails")
        change = "the story means something else now" if beat["twist"] else f"{H} has lost the upper hand"
    elif k == "aftermath":
        parts.append(f"{H} after the end")
        change = "the ending settles"
    for n in beat["plant"]:
        parts.append(f"{elements[n]} is noticed")
    if beat["method_step"] is not None:
        parts.append(_fill(METHODS[method][beat["method_step"]], names))
        change = change or f"the threat has grown to step {beat['method_step'] + 1} of 4"
    if beat["clue"]:
        parts.append("clue: " + beat["clue"].rstrip("."))
    for n in beat["use"]:
        parts.append(f"{fields.definite(elements[n])} is used to {'end it' if k == 'climax' else 'act'}")
    if beat["choice"]:
        parts.append(f"{beat['choice']['choice']}; cost: {beat['choice']['cost']}")
        change = f"{beat['choice']['cost']}"
    if beat["twist"]:
        parts.append(f"reveal: {twist['reveal']}")
    if beat.get("death"):
        parts.append(f"{beat['death']['victim'] or 'a stranger'} is found dead")
        change = change or "someone has died"
    return "; ".join(parts), change or "the dread deepens"


#: a story shorter than this has no room for a death (it would take a third of it)
MIN_DEATH_WORDS = 150
SKYLESS = {"ship", "mine"}  # a ship in space or under the sea, a mine: no dusk, no fog there


def _title(request, genre, elements, place, hero, villain, rooms, rng, sky=True):
    """The story's title, from what is in it: the one it is afraid of at the place, what
    waited there, one of its rooms, the key element, the last night (or day) there; the
    genre's own nouns ("The Graft", "Hollow Crown") only for a story with nothing else to name."""
    if (request.suggested_title or "").strip():
        return title_case(fields._clean(request.suggested_title))
    # a name in the setting, with its "the" ("the Pacific"), but not a place's word ("the Cornish coast")
    proper = [("the " if re.search(r"(?i)\bthe\s*$", place[:m.start()]) else "") + m.group(0).strip()
              for m in re.finditer(r"\b(?:(?:St|Mt|Ft)\. )?(?:[A-Z][a-z'-]+ ?)+(?:\d+\b)?", place)
              if m.group(0).split()[0] not in ("The", "A", "An")
              and not (re.search(r"(?i)\bthe\s*$", place[:m.start()]) and re.match(r" ?[a-z]", place[m.end():]))]
    spot = proper[-1].strip() if proper else ("the " if re.match(r"(?i)(the|a|an)\s", place) else "") + _bare(place, 4)
    # "in Maine", "on Ferry Street", "at Raven Point", "at the Old Cemetery"
    at = "at"
    if proper and re.search(r"(?i)\bin\s+(the\s+)?$", place[:place.rfind(proper[-1].strip())]):
        at = "in"
    elif proper and re.search(r"\b(Street|Road|Avenue|Lane|Drive|Boulevard|Way|Row)$|^(Route|Highway|Interstate)\b", spot):
        at = "on"
    noun = rng.choice(GENRES[genre]["titles"])
    bare = re.sub(r"(?i)^(a|an|the|some)\s+", "", elements[0]) if elements else ""
    element = title_case(bare) if bare and len(bare.split()) <= 4 and not re.search(r"[,;]", bare) else ""
    noun = noun if " " in noun else "The " + noun
    feared = title_case(villain["name"]) if len(villain["name"].split()) <= 3 else ""
    day = (request.time_of_day or "") in ("Dawn", "Morning", "Noon", "Afternoon")
    room = rng.choice(rooms) if rooms else ""
    # one stock frame or the other, not both: a feed of them reads as one title
    stock = rng.choice((f"What Waited {at} {spot}", f"The Last {'Day' if day else 'Night'} {at} {spot}"))
    options = [f"{feared} {at} {spot}" if spot and feared else "",
               title_case(room) if room.startswith("the ") and len(room.split()) <= 4 else "",
               stock if spot else "",
               f"The {element}" if element and not element.lower().startswith("the ") else element,
               f"{hero['name']} and the {element}" if element and hero["name"][:1].isupper() else "",
               title_case(spot) if proper or len(spot.split()) <= 4 else "",
               f"{HOURS[request.time_of_day]} {at} {spot}"
               if sky and spot and request.time_of_day in HOURS else "",
               f"{SKIES[request.weather]} {at} {spot}" if sky and spot and request.weather in SKIES else ""]
    options = [o for o in options if o and len(o.split()) >= 2]
    return rng.choice(options) if options else f"{noun} at Night"
