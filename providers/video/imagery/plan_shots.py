"""What each scene shows, from the story's plan (``core.story_plan``), not from the prose.

Each line of the script is told in one beat of the plan (the beat whose words and names it
shares, near its place in the story). The scene shows that beat's place (its icon from the place's
own nouns: a ger, a cable car), who is in it (each cast member one figure, the same in every scene:
a rider on horseback, a figure in an orange snowsuit drawn orange) and its key element, large when
the beat turns on it (a twist clue, the reversal or the climax). The scene's ``shows`` list names
these in the story's words ("the felt door", "the rider"); the creator can correct it on the
storyboard, and a corrected list is drawn as written.
"""
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from core.story_plan import load_plan
from providers.video.imagery import figures, icon_index
from providers.video.imagery.pictures import ROOM_PAIRS, ROOMS

_COLOURS = json.loads((Path(__file__).resolve().parents[1] / "data" / "colours.json").read_text())["colours"]
RIDER = re.compile(r"(?i)\b(rider|horse|horseback|horseman|mounted)\b")
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


def figure_icon(person):
    """One figure per cast member: a rider on horseback, the antagonist hooded, the others drawn
    with what their look names (a coat, a habit, long hair, a child's height)."""
    described = f"{person.name} {person.handle} {person.look}"
    if RIDER.search(described):
        return "cloaked-figure-on-horseback"
    parts = [part for pattern, part in figures.PARTS if re.search(pattern, person.look or "", re.I)]
    if person.role == "antagonist" and not parts:
        return "hooded-figure"
    if person.pronouns == "she" and "hair" not in parts:
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

    def icon_names(self):
        return self.setting_icon, self.element_icon or None, list(self.figure_icons)


class PlanShotPlanner:
    """``shot(line, index, context)`` for the lines of a script, from ``plan`` (its JSON);
    ``corrections``: {line: shows list} the creator set on the storyboard."""

    def __init__(self, plan, lines=(), corrections=None, world=""):
        self.plan = load_plan(plan) if isinstance(plan, dict) else plan
        self.lines = [str(line) for line in lines]
        self.corrections = {str(k).strip(): list(v) for k, v in (corrections or {}).items()}
        self.world = world or self.plan.world
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

    def shows_of(self, beat, index):
        place = self.places.get(beat.place) or self.last_place
        self.last_place = place
        out = [_label(place)]
        if place.fixtures:
            out.append(place.fixtures[index % len(place.fixtures)])
        out += [_label(self.people[p]) for p in beat.who[:2]]
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

    def draw(self, shows, beat=None):
        """A ``PlanShot`` drawing the phrases of ``shows``."""
        place, element, people, fixtures, things = None, None, [], [], []
        for phrase in shows:
            kind, part = self._part_named(phrase)
            if kind == "person" and part not in people:
                people.append(part)
            elif kind == "place" and place is None:
                place = part
            elif kind == "element" and element is None:
                element = part
            elif kind is None:
                (fixtures if any(phrase.lower() in f.lower() for p in self.places.values()
                                 for f in p.fixtures) else things).append(phrase)
        place = place or self.last_place
        setting_icon = (icon_index.icon_for(place.name) or icon_index.icon_for(place.handle)
                        or icon_index.icon_for(self.world) or "family-house")
        element_name = _label(element) if element else (things or fixtures or [""])[0]
        element_icon = ""
        world = " ".join(f"{p.name} {p.handle}" for p in self.places.values()) + f" {self.world}"
        if element is not None:
            element_icon = (icon_index.icon_in(element.name, world) or icon_index.icon_in(element.handle, world)
                            or "")
        elif element_name:
            element_icon = icon_index.icon_in(element_name, world) or ""
        if element_icon == setting_icon:
            element_icon = ""
        large = bool(beat is not None and element is not None
                     and (beat.id in self.clue_beats or beat.kind in TURNS))
        roles = tuple("figure" if p.role == "antagonist" else "person" for p in people[:2])
        setting = "sea" if WATER.search(f"{place.name} {place.description}") else place.id
        room = "" if place.outdoors or setting_icon.startswith("shape:") else room_of(place)
        return PlanShot(setting, setting_icon, element_name, element_icon, roles,
                        tuple(figure_icon(p) for p in people[:2]),
                        tuple(colour_of(p.look) for p in people[:2]), list(shows), large, room)

    def shot(self, line, index=0, context=""):
        beat = self.beat_of(line, index)
        corrected = self.corrections.get(str(line).strip())
        shows = corrected if corrected is not None else self.shows_of(beat, index)
        return self.draw(shows, beat)
