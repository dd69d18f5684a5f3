"""What each scene shows, from the story's plan (``core.story_plan``), not from the prose.

Each line of the script is told in one beat of the plan (the beat whose words and names it
shares, near its place in the story). The scene shows that beat's place (its icon from the place's
own nouns: a ger, a cable car), who is in it (each cast member one figure, the same in every scene:
a rider on horseback, a figure in an orange snowsuit drawn orange) and its key element, large when
the beat turns on it (a twist clue, the reversal or the climax). The scene's ``shows`` list names
these in the story's words ("the felt door", "the rider"); the creator can correct it on the
storyboard (who is in the scene, where it is, what it shows), and a correction is drawn as written.

Every scene is drawn in the setting's own world (``worlds``): a room the prose names in a ger is
the ger's inside (felt walls, roof ring, stove); a room of a place no drawing has an inside for is
that place in its land (the cable car over the snow, the bus in the city), never a generic room;
only a setting that is one building (a house, a hospital) has its rooms painted as rooms.
"""
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from core.story_plan import PlanPart, load_plan
from providers.video.imagery import figures, icon_index, icons, worlds
from providers.video.imagery.pictures import ROOM_PAIRS, ROOMS

_COLOURS = json.loads((Path(__file__).resolve().parents[1] / "data" / "colours.json").read_text())["colours"]
RIDER = re.compile(r"(?i)\b(rider|horse|horseback|horseman|mounted)\b")
CHILD = re.compile(r"(?i)\b(girl|boy|child|kid|toddler|baby|son|daughter)\b(?!'s)")
TURNS = {"reversal", "climax"}
WATER = re.compile(r"(?i)\b(sea|ocean|lake|harbour|harbor|ship|boat|ferry|pier|shore|lighthouse)\b")
STOP = set("a an the of in on at to and or but with by from into was were is are it he she they his her "
           "their its had has have that this then there not no as for so".split())


def _words(text):
    return {w for w in re.findall(r"[a-z][a-z'-]+", str(text or "").lower()) if w not in STOP}


def _label(part):
    return (part.handle or part.name or "").strip()


def colour_of(text):
    """The RGB a look names first ("a frozen orange snowsuit": orange), or None."""
    for word in re.findall(r"[a-z]+", str(text or "").lower()):
        if word in _COLOURS:
            return tuple(_COLOURS[word])
    return None


def room_of(place):
    """The room an indoor place is ("the lamp room", "the office"; painted inside), or ""."""
    ws = re.findall(r"[a-z]+", f"{place.handle} {place.name}".lower())
    for a, b in zip(ws, ws[1:]):
        if f"{a} {b}" in ROOM_PAIRS:
            return ROOM_PAIRS[f"{a} {b}"]
    for before, word in zip([""] + ws, ws):
        if word in ROOMS:
            return f"{before} room" if word == "room" and before and before not in STOP else ROOMS[word]
    return ""


def _is_way_in(place):
    """Whether a place is the way into the world's building ("the felt door", "the gate")."""
    head = (re.findall(r"[a-z]+", (place.handle or place.name or "").lower()) or [""])[-1]
    return head in worlds.WAYS_IN


def look_of(person):
    """What a person looks like: the cast's look, and a name that is itself a description ("a man
    in a frozen orange snowsuit")."""
    described = re.match(r"(?i)(a|an|the)\s", person.name or "")
    return f"{person.look or ''} {person.name if described else ''}".strip()


def figure_icon(person, indoors=False):
    """One figure per cast member, from the plan's cast (its name, handle and look): a rider on
    horseback (indoors, the rider is a person in a hat: the horse stays out), a child small, an
    old woman stooped, a coat, a snowsuit, long hair when they are "she"; the antagonist with no
    look at all is hooded."""
    described = f"{person.name} {person.handle} {person.look}"
    rider = bool(RIDER.search(described))
    if rider and not indoors:
        return "shape:rider"
    parts = [part for pattern, part in figures.PARTS if re.search(pattern, look_of(person), re.I)]
    parts += [part for pattern, part in figures.CALLINGS if re.search(pattern, described, re.I)]
    if CHILD.search(f"{person.name} {person.handle}") and "child" not in parts:
        parts.append("child")
    if rider:
        parts += ["coat", "hat"]
    if person.role == "antagonist" and not parts and not look_of(person).strip():
        return "hooded-figure"
    if person.pronouns == "she" and not {"hair", "hood", "veil"} & set(" ".join(parts).split()):
        parts.append("hair")
    return icons_drawn(parts or ["coat"])


def icons_drawn(parts):
    return "drawn:" + " ".join(dict.fromkeys(" ".join(parts).split()))


@dataclass
class PlanShot:
    """A scene drawn from the plan (what ``scenes.paint`` draws: the same fields as a
    ``pictures.Shot``, plus each figure's colour and whether the element is large)."""
    setting: str
    setting_icon: str
    element: str = ""
    element_icon: str = ""
    figures: tuple = ()
    figure_icons: tuple = ()
    figure_colours: tuple = ()
    shows: list = field(default_factory=list)
    large: bool = False
    room: str = ""
    close: bool = False
    figure_look: str = ""
    person_look: str = ""
    land: object = worlds.DEFAULT  # the world's land (``worlds.Land``): its horizon and ground
    inside: str = ""  # a drawn place's inside ("ger"), painted instead of a room
    where: str = ""  # the place, in the story's words (the storyboard's "where")
    who: tuple = ()  # the people, in the story's words (the storyboard's "who")

    def icon_names(self):
        return self.setting_icon, self.element_icon or None, list(self.figure_icons)


class PlanShotPlanner:
    """``shot(line, index, context)`` for the lines of a script, from ``plan`` (its JSON);
    ``corrections``, ``who``, ``where``: {line: shows list}, {line: people}, {line: place} the
    creator set on the storyboard; ``world``: the setting's words ("a ger on the Mongolian
    steppe in winter")."""

    def __init__(self, plan, lines=(), corrections=None, world="", who=None, where=None):
        self.plan = load_plan(plan) if isinstance(plan, dict) else plan
        self.lines = [str(line) for line in lines]
        self.corrections = {str(k).strip(): list(v) for k, v in (corrections or {}).items()}
        self.who = {str(k).strip(): [str(n) for n in v] for k, v in (who or {}).items()}
        self.where = {str(k).strip(): str(v) for k, v in (where or {}).items() if str(v or "").strip()}
        self.world = f"{world} {self.plan.world}".strip()
        names = " ".join(f"{p.name} {p.handle}" for p in self.plan.places)
        self.world_icon = (icon_index.icon_for(world) or icon_index.icon_for(self.plan.world)
                           or icon_index.icon_for(names) or "family-house")
        self.land = worlds.land_of(f"{self.world} {names}")
        self.people = {p.id: p for p in self.plan.cast}
        self.places = {p.id: p for p in self.plan.places}
        self.elements = {e.id: e for e in self.plan.elements}
        self.clue_beats = set(self.plan.twist.clues)
        self.last_place = self.plan.places[0]

    # --- which beat a line tells -------------------------------------------------------------

    def beat_of(self, line, index):
        beats = self.plan.beats
        n = max(1, len(self.lines) or index + 1)
        ws = _words(line)
        best, score = beats[0], -1.0
        for k, beat in enumerate(beats):
            names = " ".join(_label(self.people[p]) + " " + self.people[p].name for p in beat.who)
            names += " " + " ".join(self.elements[e].name for e in beat.elements)
            names += " " + (self.places[beat.place].name if beat.place else "")
            shared = len(ws & (_words(beat.text) | _words(names)))
            near = 1.0 - abs(index / n - k / max(1, len(beats) - 1 if len(beats) > 1 else 1))
            value = shared + 3.0 * near
            if value > score:
                best, score = beat, value
        return best

    # --- the story's words for a beat, and what they draw ----------------------------------------

    def named_in(self, line):
        """The ids of the cast the line names, in the order it names them ("had come after Giulia":
        Giulia; "the man in orange" by his handle)."""
        low, found = str(line or "").lower(), []
        for person in self.plan.cast:
            names = {n.strip().lower() for n in (person.name, person.handle)
                     if n and n.strip().lower() not in ("i", "you")}
            hits = [m.start() for n in names for m in re.finditer(rf"(?<![\w-]){re.escape(n)}(?![\w-])", low)]
            if hits:
                found.append((min(hits), person.id))
        return [pid for _at, pid in sorted(found)]

    def shows_of(self, beat, index, line=""):
        """The scene's place, a fixture of it, its people (whom the line names first, then the
        beat's) and the beat's key element."""
        place = self.places.get(beat.place) or self.last_place
        self.last_place = place
        out = [_label(place)]
        if place.fixtures:
            out.append(place.fixtures[index % len(place.fixtures)])
        named = self.named_in(line)
        people = [*named, *(p for p in beat.who if p not in named)]
        out += [_label(self.people[p]) for p in people[:2]]
        out += [_label(self.elements[e]) for e in beat.elements[:1]]
        return [text for text in dict.fromkeys(out) if text]

    def _part_named(self, phrase):
        text = phrase.lower().strip()
        for kind, parts in (("person", self.people.values()), ("place", self.places.values()),
                            ("element", self.elements.values())):
            for part in parts:
                names = {n.lower().strip() for n in (part.name, part.handle) if n}
                if text in names or any(n and (n in text or text in n) and len(text) > 2 for n in names):
                    return kind, part
        return None, None

    def draw(self, shows, beat=None, who=None, where=None, line=""):
        """A ``PlanShot`` drawing the phrases of ``shows``; ``who`` (people) and ``where`` (a
        place), when given, replace the people and the place ``shows`` names."""
        place, element, people, fixtures, things = None, None, [], [], []
        for phrase in shows:
            kind, part = self._part_named(phrase)
            if kind == "person" and part not in people:
                if who is None:
                    people.append(part)
            elif kind == "place" and place is None:
                if where is None:
                    place = part
            elif kind == "element" and element is None:
                element = part
            elif kind is None:
                (fixtures if any(phrase.lower() in f.lower() for p in self.places.values()
                                 for f in p.fixtures) else things).append(phrase)
        if where is not None:
            place = self._named(where, "place") or PlanPart(
                id=re.sub(r"[^a-z]+", "-", where.lower()).strip("-") or "place", name=where, handle=where,
                description="", fixtures=[], sounds=[], outdoors=not room_of_words(where))
        for name in who or ():
            person = self._named(name, "person") or PlanPart(
                id="who", name=name, handle=name, pronouns="they", role="supporting", look=name, want="")
            if person not in people:
                people.append(person)
        place = place or self.last_place
        setting_icon, room, inside = self._where(place, line)
        element_name = _label(element) if element else (things or fixtures or [""])[0]
        element_icon = ""
        world = " ".join(f"{p.name} {p.handle}" for p in self.places.values()) + f" {self.world}"
        # the words around the element in the story (this line, its beat, the beats it is in): its sense
        told = [b.text for b in self.plan.beats if element is not None and b.id in (element.beats or [])]
        context = " ".join([str(line), beat.text if beat is not None else ""] + told)
        if element is not None:
            element_icon = (icon_index.icon_in(element.name, world, context)
                            or icon_index.icon_in(element.handle, world, context) or "")
        elif element_name:
            element_icon = icon_index.icon_in(element_name, world, context) or ""
        if element_icon == setting_icon:
            element_icon = ""
        large = bool(beat is not None and element is not None
                     and (beat.id in self.clue_beats or beat.kind in TURNS))
        roles = tuple("figure" if p.role == "antagonist" else "person" for p in people[:2])
        setting = "sea" if WATER.search(f"{place.name} {place.description}") else place.id
        if setting_icon == self.world_icon and self.land.ridge == "sea":
            setting = "sea"
        icons_of = distinct([figure_icon(p, indoors=bool(inside or room)) for p in people[:2]], people[:2])
        listed = list(shows)
        if who is not None or where is not None:  # the corrected place and people, then the rest
            listed = [_label(place)] + [_label(p) for p in people] + [
                phrase for phrase in shows if self._part_named(phrase)[0] not in ("person", "place")]
        return PlanShot(setting, setting_icon, element_name, element_icon, roles, tuple(icons_of),
                        tuple(colour_of(look_of(p)) for p in people[:2]), list(dict.fromkeys(listed)), large, room,
                        land=self.land, inside=inside, where=_label(place),
                        who=tuple(_label(p) for p in people))

    def _named(self, phrase, kind):
        found, part = self._part_named(phrase)
        return part if found == kind else None

    def _where(self, place, line=""):
        """(setting icon, room, inside) of a scene at ``place``: its own picture when it has one
        and is not a room; else the world's: the drawn place's inside (a ger's), a room of a
        building, or the world's own picture in its land."""
        own = icon_index.icon_in(place.name, self.world) or icon_index.icon_in(place.handle, self.world)
        room = "" if place.outdoors else room_of(place)
        inside = worlds.interior_of(own) if own and not place.outdoors else ""
        if inside and worlds.says_outside(line):  # "she went out to the door": the ger from outside
            inside = ""
        world_inside = worlds.interior_of(self.world_icon)
        if (world_inside and own and not inside and not place.outdoors and not own.startswith(icons.SHAPE)
                and not worlds.says_outside(line)):  # the beds of a ger: inside the ger, not on the steppe
            return self.world_icon, f"inside the {world_inside}", world_inside
        if own and not inside and _is_way_in(place) and self.world_icon and self.world_icon != own:
            return self.world_icon, "", ""  # "the felt door": the ger from outside, not a door alone
        if own and not room and not worlds.is_building(place.name, own):
            return own, (f"inside the {inside}" if inside else ""), inside
        inside = worlds.interior_of(self.world_icon)
        if inside:
            return self.world_icon, f"inside the {inside}", inside
        if room and worlds.is_building(self.world, self.world_icon):
            return self.world_icon, room, ""
        return self.world_icon, "", ""

    def shot(self, line, index=0, context=""):
        beat = self.beat_of(line, index)
        key = str(line).strip()
        corrected = self.corrections.get(key)
        shows = corrected if corrected is not None else self.shows_of(beat, index, line)
        return self.draw(shows, beat, who=self.who.get(key), where=self.where.get(key), line=line)


def distinct(names, people=()):
    """Figure pictures, the second never the same as the first: a second drawn figure gets what
    the first has not (a coat, else a hat for him, long hair for her); a second hooded one, a
    cloak."""
    if len(names) == 2 and names[0] == names[1]:
        second = names[1]
        she = len(people) > 1 and people[1].pronouns == "she"
        extra = "coat" if "coat" not in second else "hair" if she and "hair" not in second else "hat"
        names[1] = (icons_drawn(second[len("drawn:"):].split() + [extra]) if second.startswith("drawn:")
                    else "cloaked-figure" if second != "cloaked-figure" else "hooded-figure")
    return names


def room_of_words(text):
    """Whether a place named in words ("the back room") is a room."""
    return bool(room_of(PlanPart(name=text, handle="")))
