"""Setting worlds: what a kind of place holds, sounds like and smells of (the data:
``data/worlds.json``).

A world is chosen from the setting's words (``world_for``); a setting the engine does not know gets
a generic world built from its own head noun, so a freighter never grows a banister and a carnival
never borrows a lighthouse's lamp. Every phrase is a noun phrase usable after "the"/"a" as written.
"""
import json
import re
from pathlib import Path

from .world.era import fits, of_its_time, story_year
from .world.parse import handles, read_setting


def _load_worlds():
    """``data/worlds.json``: kind -> its words (a tuple), rooms ((name, description) tuples),
    objects, sounds, smells, touch (and ``unlike``, a tuple, where a world has it)."""
    worlds = json.loads((Path(__file__).resolve().parent / "data" / "worlds.json").read_text())
    for world in worlds.values():
        world["words"] = tuple(world["words"])
        world["rooms"] = [tuple(room) for room in world["rooms"]]
        if "unlike" in world:
            world["unlike"] = tuple(world["unlike"])
    return worlds


WORLDS = _load_worlds()

#: the places of the worlds that are out of doors: no door to open, no wall to hide a wire in
OUTDOOR_ROOMS = {"the back lot", "the gallery", "the outer perimeter", "the clearing", "the creek bed", "the old trail",
                 "the deadfall", "the churchyard", "the lych gate", "the empty pool", "the square",
                 "the harbour wall", "the lane behind the church", "the bus shelter", "the promenade deck",
                 "the lifeboat deck", "the midway", "the carousel", "the old section", "the yew walk",
                 "the paupers' corner", "the fresh grave", "the roof", "the lake shore", "the campfire circle",
                 "the collapse", "the flooded seam", "the catwalk", "the exercise yard", "the cornfield",
                 "the yard"}

#: the outdoor places one is on, by or at rather than in ("on the lake shore", "by the fresh grave")
ROOM_PREPOSITIONS = {"the lake shore": "on", "the yew walk": "on", "the midway": "on", "the back lot": "on",
                     "the roof": "on", "the harbour wall": "on", "the old trail": "on", "the promenade deck": "on",
                     "the lifeboat deck": "on", "the gallery": "on", "the catwalk": "on",
                     "the outer perimeter": "on", "the carousel": "by", "the fresh grave": "by",
                     "the lych gate": "under", "the campfire circle": "at",
                     "the shop floor": "on"}
_IN_ROOM = re.compile(r"\b([Ii]n) (%s)\b" % "|".join(re.escape(room) for room in ROOM_PREPOSITIONS))


def placed(text):
    """``text`` with "in the lake shore" as "on the lake shore", "in the fresh grave" as "by" it."""
    return _IN_ROOM.sub(lambda m: (ROOM_PREPOSITIONS[m.group(2)].capitalize() if m.group(1) == "In"
                                   else ROOM_PREPOSITIONS[m.group(2)]) + " " + m.group(2), text)


#: a telling that needs its place indoors: a door, a wall, a cupboard, a way down
INDOORS = re.compile(r"(door|doorway) (in|of|into|to) \{room\}|down into \{room\}|go into \{room\}|"
                     r"went into \{room\} alone, because|(wall|walls|ceiling|window|threshold|wood) of "
                     r"\{room\}|(box|cupboard|drawer) in \{room\}|locked \{A\} in \{room\}|way out of \{room\}|\{room\}[^.]*(drawer by drawer|shelf by shelf)|"
                     r"by the far wall|was there, in the doorway|where the boards complained|flat to the wall|"
                     r"Inside, \{room\}|\{room\} was only a room")
#: rooms with no furniture to search or hide in (a stair, a shaft, a hall of mirrors): no cupboard,
#: drawer or shelf "in" them
UNFURNISHED = re.compile(r"\b(stairs?|staircase|corridor|passage|hall of mirrors|ghost train|big top|shaft|"
                         r"tunnel|catwalk|lift|midway|carousel|seam|workings|dome|gallery)\b")
FURNITURE = re.compile(r"\b(cupboards?|drawers?|shelf|shelves)\b")
#: the worlds that are out of doors as a whole: no "inside the cemetery", no face at the glass
OUTDOOR_KINDS = {"forest", "cemetery", "carnival", "camp"}
OUTDOORS_WRONG = re.compile(r"inside \{place\}|\bthe glass\b|\bwindows?\b|\boutside\b")

#: the objects a world's places are fitted with, not carried: never what someone takes up to end it
_FIXTURES = re.compile(r"(?i)\b(door|window|windows|hatch|wheel|panel|rack|locker|lockers|stand|rail|board|"
                       r"memorial|box|shop|car|post|gate|barrel|lift|props|cord|blind|latch|telescope|crank|"
                       r"fireplace|piano|chalkboard|radiator|case|machine|cart|heater|drums|flags|campfire|"
                       r"swing|tomb|screen|font|stones|trap|trolley|lights|bells|banister|lens|lever|"
                       r"clock|trunk|marker|porthole|chair|plate|kneelers|pegs|row|sled|wheelchair|ring|"
                       r"noticeboard|tent|poster|peephole|line|length|stack|crate|suit|rope|booth|carousel|angel|"
                       r"gurney|shies)\b")


_MODIFIER = re.compile(r"(?i)\s(at|on|in|of|under|beneath|near|by|beyond|behind|outside|off|to|from|across|"
                       r"with|for|where|which|that|who|whose|when|after|during|before)\s")


#: buildings of their own that no world has: what comes before them only says which one
BUILDINGS = {"office", "shop", "store", "bakery", "pharmacy", "laundromat", "garage", "bank", "restaurant",
             "diner", "cafe", "café", "salon", "gym", "surgery", "practice", "agency", "bookshop",
             "bookstore", "boutique", "supermarket", "arcade", "bowling", "rink", "clinic"}


def _kind_for(setting):
    """The world of the setting's head ('a carnival at the edge of town' is a carnival, not a town)."""
    parts = _MODIFIER.split(" " + (setting or ""))
    head = parts[0]
    # 'a suburban house' is a house (not a suburb): the head's last word first
    noun = head_noun(setting)
    unlike = {kind for kind, world in WORLDS.items()
              if any(word in (setting or "").lower() for word in world.get("unlike", ()))}
    for kind, world in WORLDS.items():
        if noun in world["words"] and kind not in unlike:
            return kind
    if noun in BUILDINGS:  # "a small town dentist's office" is an office, not a town
        return None
    # 'the basement of an old hospital': a part of a place takes the place's world
    part_of = [parts[2]] if len(parts) > 2 and parts[1].lower() == "of" else []
    for text in [head] + part_of:
        low = text.lower()
        best, best_pos = None, None
        for kind, world in WORLDS.items():
            for word in world["words"] if kind not in unlike else ():
                m = re.search(_word_pattern(word), low)
                if m and (best_pos is None or m.start() < best_pos):
                    best, best_pos = kind, m.start()
        if best:
            return best
    return None


def _word_pattern(word):
    """A world's word as it may start a setting's word: a long one as a prefix ('lighthouses',
    'woodlands'), a short one whole or plural ('port' is not 'portrait', 'ward' not 'wardrobe')."""
    if len(word) <= 4:
        return r"\b%ss?\b" % re.escape(word)
    return r"\b%s" % re.escape(word)


_PLACE_TAIL = re.compile(r"(?i)\s+(on|at|in|by|near|under|beyond|outside|off|behind|where|which|that|who|after|"
                         r"during|before)\s.*$")


def short_place(setting):
    """The setting as the story names it again: 'a crumbling lighthouse on the Cornish coast' ->
    'the crumbling lighthouse'; names and possessives stay ('Blackmoor Academy', 'my
    grandmother's house')."""
    place = _PLACE_TAIL.sub("", setting)
    if re.match(r"(?i)(a|an|some|one)\s", place):
        return "the " + place.split(" ", 1)[1]
    if place[:1].islower() and not re.match(r"(?i)(the|my|his|her|their|our|your)\s|\S+'s\s", place):
        return "the " + place
    return place


def head_noun(setting):
    """'an abandoned carnival at the edge of town' -> 'carnival'; 'a seaside bed and breakfast'
    -> 'bed and breakfast' (not 'breakfast')."""
    phrase = _MODIFIER.split(" " + (setting or ""), maxsplit=1)[0]
    if re.search(r"(?i)\bbed and breakfast\s*$", phrase):
        return "bed and breakfast"
    words = re.findall(r"[A-Za-z'-]+", phrase)
    return words[-1].lower() if words else "place"


def generic_world(setting, noun=None):
    """A sensible world from the setting's own words (``noun``: how it is named, its head noun when
    not given), with nothing borrowed from another place."""
    noun = noun or head_noun(setting)
    return {
        "words": (noun,),
        # its own name in a few of them only: the story names the place often enough
        "rooms": [("the front room", "the only way in, narrower than it had looked"),
                  ("the storeroom", "shelves to the ceiling and boxes nobody had opened in years"),
                  ("the main room", "the biggest room, the one every other door opened onto"),
                  ("the far corner", "a corner where the last visitors had left their things"),
                  ("the stairwell", "a flight of bare stairs going up into the dark"),
                  ("the narrow back room", "a room behind the rest, reached by a door that stuck"),
                  ("the cramped office", "a cramped room of papers and a dead telephone")],
        "objects": [f"a sign bearing the {noun}'s name", "a torch with a weak battery", "a bag dropped by the door",
                    "a door that should have been locked", "a heap of old belongings", "a cold cup of something",
                    f"a photograph of the {noun} left face down", "a bunch of keys on the ground", "a child's shoe",
                    "a notice pinned up and half torn away", "a chair set facing the wrong way",
                    "a padlock, hanging open"],
        "sounds": ["the wind finding every gap", "footsteps that stopped a beat after every pause",
                   f"the {noun} settling in the dark", f"a knocking somewhere in the {noun}", "something dragging far off",
                   "a breath that was not quite an echo", f"a radio playing somewhere in the {noun}", "a slow, wet dripping"],
        "smells": ["dust and damp", "something sweet going bad", "cold air from nowhere", "old smoke",
                   "mould and rust", "spilled petrol"],
        "touch": ["every surface was cold", "the ground was uneven underfoot",
                  "the air clung like a damp cloth", "grit came away on the fingers"],
    }


#: what a story can turn on without anyone carrying it: marks, parts of a building, sounds
_NOT_CARRIED = re.compile(r"(?i)\b(steps?|stairs?|staircase|footprints?|prints|floor|ceiling|roof|corridor|hallway|"
                          r"room|cellar|attic|well|pit|grave|mark|marks|stain|sound|smell|voice|song|lullaby|"
                          r"whispers?|knocking|scratching|footsteps|fog|mist|shadows?|silence|light|cold|"
                          r"doors?|windows?|banister|hatch|gate|fireplace|memorial|tomb|font|rail|lever|lift|"
                          r"chimney|porch|wall|walls|handprints?|hole|crack|deck|trail|writing|symbols?|"
                          r"scratches|carvings?|graffiti|tunnel|bed|stand)\b")


def carried(element):
    """Whether a key element is a thing someone can pick up ('a music box'), not a mark, a part
    of the building or a sound ('the 112th step', 'wet footprints')."""
    head = re.split(r"(?i)\s(?:with|without)\s", _MODIFIER.split(" " + element, maxsplit=1)[0])[0]
    words = re.findall(r"[A-Za-z'-]+", head)
    return not (words and _NOT_CARRIED.fullmatch(words[-1]))  # "a brass room key" is a key


def unplaced(thing):
    """A world's thing without where it is kept, once someone carries it off: 'a portrait in the
    hall' -> 'a portrait', 'a storm lantern from the barn' -> 'a storm lantern'."""
    return re.sub(r"(?i)\s+(?:in|on|at|from) the [\w' -]+$", "", thing)


def keepsakes(world):
    """The objects of ``world`` someone can pick up and carry ('a storm lantern', not 'the
    banister' or 'a fire door')."""
    return [o for o in world["objects"] if re.match(r"(?i)an?\s", o)
            and not _FIXTURES.search(_MODIFIER.split(" " + o, maxsplit=1)[0])]


#: things that stand out of doors: never "by the flagpole" in a cabin, nor the Ferris wheel in a booth
OUTDOOR_THINGS = re.compile(r"(?i)\b(flagpole|canoes|ferris wheel|coconut shies|lych-gate|grave marker|"
                            r"stone angel|war memorial|phone box|lamp post|garden gate|parked car|"
                            r"rain barrel|trail marker|hunting stand|ring of stones|carved trunk|"
                            r"nailed to a trunk|rope swing|campfire|tent|guide flags|sled|shuttered shop|"
                            r"deck chair)\b")


def fixtures(world):
    """The objects of ``world`` its places are fitted with ('the banister', 'a fire door'): what
    one leans on, stands by or finds dust over; all its objects when it has fewer than four."""
    carried_things = set(keepsakes(world))
    fitted = [o for o in world["objects"] if o not in carried_things]
    return fitted if len(fitted) >= 4 else list(world["objects"])


def _of_its_time(world, year, setting):
    """``world`` with nothing that came after ``year`` (no radio in an 1887 story) but what the
    setting itself says; its rooms kept whole when fewer than three would be left."""
    rooms = [room for room in world["rooms"] if fits(" ".join(room), year, setting)]
    return {**world, "rooms": rooms if len(rooms) >= 3 else world["rooms"],
            **{key: of_its_time(world[key], year, setting) or world[key][:1]
               for key in ("objects", "sounds", "smells", "touch") if key in world}}


def world_for(setting):
    """(kind, world) of ``setting``: its kind's world, or one from its own words ("an ice house" is
    no family house: a use's building is read whole), without what its date rules out."""
    reading = read_setting(setting or "")
    kind = None if reading.use else _kind_for(setting)
    world = generic_world(setting, handles(reading)[0][4:] if reading.use else None) if kind is None else WORLDS[kind]
    year = story_year(setting)
    return kind or "generic", world if year is None else _of_its_time(world, year, setting)
