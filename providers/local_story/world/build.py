"""``world_for_setting``: the world of a setting, from a kind's table when its words name one; from
its class of journey when it is a vehicle on its way or a journey (``journeys.toml``: a truck's cab,
the way ahead, the stop for the night); else from the setting's own head noun: the parts any place
of that noun has (``heads.toml``: a tower's ladder and top) or neutral parts, furnished from pools
by the setting; modifiers (Arctic, 1920s, abandoned) then add their surroundings, sounds, smells and
weather.
"""
import re

from .era import fits, of_its_time, story_year
from .model import World
from .parse import handles, read_setting, singular
from .places import generic, journey_places, pick, sampled, to_parts
from .tables import heads, journeys, tables
from .weather import weather_key, weather_lines


def _merged(*lists, limit=8):
    out = []
    for items in lists:
        for item in items:
            if item not in out:
                out.append(item)
    return out[:limit]


def _noun_phrase(reading):
    """How the neutral parts name a place no table knows: its two-word handle when it has one
    ("treatment plant"), else its head noun."""
    said = handles(reading)
    if said and not said[0].startswith("the "):
        return said[0]  # a name: "Pripyat"
    for handle in said:
        if handle.endswith(" " + reading.head_noun) and handle.count(" ") == 2:
            return handle[4:]
    return reading.head_noun


def _vehicle_said(reading):
    """How a journey's fixtures name its vehicle, one and many: "camels" -> ("camel", "camels");
    ("", "") on foot or on skis."""
    table = journeys()
    written = reading.vehicle
    joined = written.replace("-", "")
    if joined != written and any(joined in spec["vehicles"] for spec in table["classes"].values()):
        written = joined  # "snowcat": "the snow-cat" would be shortened to "the cat"
    words = written.split()
    if not words:
        return "", ""
    one = " ".join(words[:-1] + [singular(words[-1])])
    one = table["names"].get(written, table["names"].get(one, one))
    if not one:
        return "", ""
    words = one.split()
    last = words[-1]
    many = table["plurals"].get(last) or (last + "es" if last.endswith(("s", "x", "ch", "sh")) else last + "s")
    return one, " ".join(words[:-1] + [many])


def _journey(reading):
    """The places, surroundings, sounds, smells, keepsakes and weather surfaces of a journey (a
    vehicle on its way, a party on foot), from its class in ``journeys.toml``."""
    table = journeys()["classes"][reading.journey]
    vehicle, vehicles = _vehicle_said(reading)
    seed = reading.setting.lower()
    specs = journey_places(table["places"], vehicle, vehicles, seed)

    def said(lines):
        return [line.replace("{vehicles}", vehicles).replace("{vehicle}", vehicle) for line in lines
                if vehicle or "{vehicle" not in line]

    own = {"outside": said(table["outside"]), "sounds": said(table["sounds"]), "smells": said(table["smells"]),
           "keepsakes": sampled(said(table["keepsakes"]), seed, 6)}
    surfaces = {key: (said([table[key]]) or [""])[0] for key in ("roof", "glass", "place")}
    return specs, own, surfaces, vehicle if table["named"] else ""


def _is_terrain(reading, neutral):
    """Whether the setting's head is open country by the words before its noun ("a dune field", "an
    ice shelf"), whatever its noun would otherwise be."""
    words = [w.lower() for token in reading.head_words[:-1] for w in token.replace("-", " ").split()]
    return any(w in neutral["terrain_words"] for w in words)


def _in_its_time(specs, year, fallback, own=""):
    """Place specs with nothing that came after ``year``: a place named or described by something
    newer ("the engine room", "a room facing a dead television") is left out, and a fixture that is
    (the fridge of 1887); a place left with no fixtures goes. Fewer than three left: the neutral
    ``fallback`` places make up the rest."""
    out = []
    for spec in specs:
        if not all(fits(spec.get(key, ""), year, own) for key in ("name", "handle", "about")):
            continue
        kept = of_its_time(spec["fixtures"], year, own)
        if kept:
            out.append({**spec, "fixtures": kept, "sounds": of_its_time(spec.get("sounds", []), year, own)})
    names = {spec["name"] for spec in out}
    for spec in _in_its_time(fallback, year, [], own) if len(out) < 3 else []:
        if len(out) >= 3:
            break
        if spec["name"] not in names:
            out.append(spec)
    return out


def _compound_head(reading):
    """The heads.toml table of the setting's two-word head ("ice house", "ice-house"), or None."""
    words = [w.lower() for token in reading.head_words for w in token.replace("-", " ").split()]
    compound = " ".join(words[-2:])
    return heads().get(compound) or heads().get(compound.replace(" ", "")) if len(words) > 1 else None


def _said_as_written(surface, table, reading):
    """A kind's roof or glass said with the setting's own word for it: "the asylum roof" of a
    sanatorium is "the sanatorium roof" (a sanatorium shares an asylum's table, not its name)."""
    own = reading.kind_phrase.lower()
    for word in sorted(table["words"], key=len, reverse=True):
        if own and word not in own.split() and " " not in word and re.search(r"\b%s\b" % re.escape(word), surface):
            return re.sub(r"\b%s\b" % re.escape(word), own, surface)
    return surface


def world_for_setting(setting, weather="", time_of_day=""):
    """The ``World`` of ``setting`` under ``weather`` at ``time_of_day`` (both optional)."""
    kinds, modifiers, _, neutral = tables()
    reading = read_setting(setting)
    mods = [modifiers[name] for name in reading.modifiers]
    has_sky = not any(m["no_sky"] for m in mods)
    others = reading.others[:1]
    named, built = "", not reading.journey
    if reading.journey:
        specs, own, surfaces, named = _journey(reading)
        medium, kind, kind_handle = "land", reading.head_noun, ""
    elif reading.kind:
        table = kinds[reading.kind]
        specs = pick(table["places"], kinds, others)
        medium, has_sky = table["medium"], has_sky and table["has_sky"]
        own = {"outside": table["outside"], "sounds": table["sounds"], "smells": table["smells"],
               "keepsakes": table["keepsakes"]}
        surfaces = {key: _said_as_written(table[key], table, reading) for key in ("roof", "glass")}
        kind, kind_handle = reading.kind, table["handle"]
    else:
        noun = _noun_phrase(reading)
        head = _compound_head(reading)  # "an ice house" is an ice house before it is ice
        terrain = not head and _is_terrain(reading, neutral)
        head = head or (None if terrain else heads().get(reading.head_noun) or heads().get(singular(reading.head_noun)))
        shape = (head["shape"] if head else "open" if terrain or reading.head_noun in neutral["open_nouns"] else
                 "rooms" if reading.head_noun in neutral["room_nouns"] else "built")
        built = shape != "open" or bool(head)
        seed = reading.setting.lower()
        specs = pick(generic(head["places"] if head else neutral[shape], noun, seed), kinds, others)
        medium = "land"
        # open country has no door to ease shut and no plaster to smell
        sounds, smells = ((neutral["sounds_open"], neutral["smells_open"]) if shape == "open"
                          else (neutral["sounds"], neutral["smells"]))
        own = {"outside": neutral[f"outside_{shape}"],
               "sounds": (head["sounds"] if head else []) + sampled(sounds, seed, 6),
               "smells": (head["smells"] if head else []) + sampled(smells, seed, 4),
               "keepsakes": sampled(neutral["keepsakes"], seed, 6)}
        own = {key: [v.replace("{noun}", noun) for v in values] for key, values in own.items()}
        surfaces = {"roof": f"the roof of the {noun}" if shape == "built" else "", "glass": ""}
        kind, kind_handle = noun if reading.use else reading.head_noun, ""
    for other in others:
        for key in own:
            own[key] = own[key][:4] + kinds[other][key][:2]
        has_sky = has_sky and kinds[other]["has_sky"]
    year = story_year(setting)
    if year is not None:  # no fridge in 1887, no engine room on a dhow
        fallback = generic(neutral["built"], _noun_phrase(reading), reading.setting.lower())
        specs = _in_its_time(specs, year, fallback, setting)
        own = {key: of_its_time(values, year, setting) for key, values in own.items()}
        mods = [{**m, **{key: of_its_time(m[key], year, setting) for key in
                         ("outside_land", "outside_sea", "sounds", "smells", "keepsakes")}} for m in mods]
        surfaces = {key: value if fits(value, year, setting) else "" for key, value in surfaces.items()}
    used = [k for k in [reading.kind, *others] if k]
    sea = medium == "sea"
    around = [m["outside_sea" if sea else "outside_land"] for m in mods]
    outside = _merged(*around, own["outside"], limit=5) if sea else _merged(own["outside"][:2], *around, own["outside"],
                                                                            limit=5)
    said = handles(reading, kind_handle)
    if named and f"the {named}" not in said:
        said.append(f"the {named}")  # "the traverse", then "the snow-cat"
    surfaces.setdefault("place", "")
    surfaces.update(ground=outside[0], place=surfaces["place"] or said[0])
    extra = [line for m in mods for line in m["weather"].get(weather_key(weather), [])]
    return World(
        setting=setting, kind=kind, name=reading.name, handles=said,
        places=to_parts(specs, own["sounds"], [s for m in mods for s in m["sounds"]]), outside=outside,
        smells=_merged(*[m["smells"][:1] for m in mods], own["smells"], limit=6),
        sounds=_merged(*[m["sounds"][:2] for m in mods], own["sounds"], limit=8),
        keepsakes=_merged(*[m["keepsakes"][:1] for m in mods], own["keepsakes"], limit=8),
        weather_lines=[] if medium == "space" else of_its_time(
            weather_lines(weather, time_of_day, surfaces, has_sky, extra, seed=setting or ""), year, setting),
        has_sky=has_sky, medium=medium, coastal=medium in ("shore", "sea") or any(m["coastal"] for m in mods),
        known=bool(reading.kind), kinds=used, modifiers=list(reading.modifiers), built=built, journey=reading.journey,
        year=year)

