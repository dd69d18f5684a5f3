"""The places a story moves through, as plan places (``PlanPart`` through ``PlaceSchema``): a
kind's own places, a few from a second kind the setting names ("sauna" in "a sauna village"), or,
for a setting no table knows, the parts of its head noun (a tower's ladder and top, a well's shaft)
or neutral parts, named from the setting's own noun ("the laundrette's entrance", "the road out"),
each with a few fixtures of its pool chosen by the setting (two unknown settings are not furnished
alike).
"""
import json
import random
import re
from functools import lru_cache

from core.story_plan import PlaceSchema, PlanPart

MAX_PLACES = 6
_PLACES = PlaceSchema(many=True)
_TAIL = re.compile(r"\s+(?:between|behind|under|beneath|above|below|beside|at|by|on|in|with|where|of the)\s.*$")


def short_handle(name):
    """'the lashing gangways between the stacks' -> 'the lashing gangways'."""
    return _TAIL.sub("", name)


def pick(first_places, kind_tables, others):
    """Place specs: the first places (4 when another kind shares the world, else up to 6; 3 of a
    setting no table knows), then the others' (two of the sauna in a sauna village, three of the
    garden in a garden shed), at most six."""
    places = list(first_places)
    if not others:
        return places[:MAX_PLACES]
    keep = 4 if len(places) > 5 else 3
    chosen = places[:keep]
    for other in others:
        chosen += list(kind_tables[other]["places"])[:MAX_PLACES - keep]
    return chosen[:MAX_PLACES]


#: fixtures a neutral place keeps from its pool, chosen by the setting
GENERIC_FIXTURES = 3


def sampled(items, seed, count):
    """``count`` of ``items``, the same ones for the same ``seed`` (a setting), in a seeded order."""
    items = list(items)
    return random.Random(seed).sample(items, min(count, len(items)))


def generic(specs, noun, seed=""):
    """Neutral place specs with the setting's own noun put in ("the {noun}'s entrance"), each keeping
    ``GENERIC_FIXTURES`` of its pool, chosen by ``seed`` (the setting)."""
    owner = noun + ("'" if noun.endswith("s") else "'s")
    article = "" if noun[:1].isupper() else "the "  # "Pripyat's entrance", "the back of Pripyat"

    def fill(text):
        return text.replace("the {noun}", article + "{noun}").replace("{noun}'s", owner).replace("{noun}", noun)

    def furnish(spec):
        return sampled(spec["fixtures"], f"{seed}|{spec['name']}", GENERIC_FIXTURES)

    return [{**spec, "name": fill(spec["name"]), "handle": fill(spec.get("handle", "")), "about": fill(spec["about"]),
             "fixtures": [fill(f) for f in furnish(spec)], "sounds": [fill(s) for s in spec.get("sounds", [])]}
            for spec in specs]


def journey_places(specs, vehicle, vehicles, seed=""):
    """A journey's place specs with its vehicle put in ("the cab of the snow-cat"), each keeping
    ``GENERIC_FIXTURES`` of its pool, chosen by ``seed``; a place or fixture that needs a vehicle
    the journey has not got (a trek on foot) is left out."""
    def fill(text):
        return text.replace("{vehicles}", vehicles).replace("{vehicle}", vehicle)

    def usable(text):
        return vehicle or "{vehicle" not in text

    out = []
    for spec in specs:
        if not all(usable(spec.get(key, "")) for key in ("name", "handle", "about")):
            continue
        pool = [f for f in spec["fixtures"] if usable(f)]
        out.append({**spec, "name": fill(spec["name"]), "handle": fill(spec.get("handle", "")),
                    "about": fill(spec["about"]), "sounds": [fill(s) for s in spec.get("sounds", []) if usable(s)],
                    "fixtures": [fill(f) for f in sampled(pool, f"{seed}|{spec['name']}", GENERIC_FIXTURES)]})
    return out


def to_parts(specs, sounds, outdoor_sounds=()):
    """``PlanPart`` places p1.. from specs; a place with no sounds of its own gets one of the
    world's in turn, an outdoor place one of ``outdoor_sounds`` (what surrounds it) when there
    are any."""
    data = []
    for number, spec in enumerate(specs, start=1):
        own = list(spec.get("sounds") or [])
        pool = outdoor_sounds if spec.get("outdoors") and outdoor_sounds else sounds
        if not own and pool:
            own = [pool[(number - 1) % len(pool)]]
        # "the foot of the ladder" is not "the foot": a place told with its own preposition keeps its whole name
        handle = spec.get("handle") or (spec["name"] if spec.get("at") and " of " in spec["name"]
                                        else short_handle(spec["name"]))
        data.append({"id": f"p{number}", "name": spec["name"], "handle": handle,
                     "description": spec["about"], "fixtures": list(spec["fixtures"]), "sounds": own,
                     "outdoors": bool(spec.get("outdoors")), "at": spec.get("at") or _at(spec)})
    # fresh objects every call (a planner may edit them), validated once per distinct set of places
    return [PlanPart(**{key: list(value) if isinstance(value, list) else value for key, value in place.items()})
            for place in _validated(json.dumps(data))]


@lru_cache(maxsize=2048)
def _validated(data):
    return tuple(vars(place) for place in _PLACES.load(json.loads(data)))


def _at(spec):
    """The preposition of an outdoor place the table gave none: "at the foot of the fly tower"."""
    return "at" if spec.get("outdoors") and re.match(r"the (foot|top|bottom|end|edge) of ", spec["name"]) else ""
