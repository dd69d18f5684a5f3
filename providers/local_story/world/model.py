"""The world a story happens in, as the engine receives it: ``World``, a small typed record.

``places`` are ``PlanPart`` objects made through ``core.story_plan.PlaceSchema`` (the plan's one
description of a place), so the planner can put them into a plan as they are.
"""
from dataclasses import dataclass, field


@dataclass
class World:
    """What a setting is and holds.

    kind: what sort of place it is ("ger", "daycare"; the setting's head noun when no table knows it)
    name: the setting as the story first says it ("a ger on the Mongolian steppe")
    handles: shorter ways to say it after the first mention ("the ger")
    places: 3-6 ``PlanPart`` places a story can move through (id, name, handle, description,
        fixtures, sounds, outdoors)
    outside: what surrounds it ("the steppe"); smells, sounds: of the whole place
    keepsakes: small things someone there might pick up and carry
    weather_lines: how the story's weather shows in this place (nothing where it cannot be: none in
        space)
    has_sky: False underground, underwater, in a cave or a submarine (no sky, sun or stars)
    medium: "land", "shore", "sea", "under" (water or ground), "air" or "space"
    coastal: whether the sea or a lake shore may be mentioned (a ship, a harbour, "a coastal ...")
    known: whether a table described it (False: built from the setting's own words)
    kinds: the tables it drew on, its kind first ("village", "sauna" for a sauna village)
    modifiers: the modifiers its words matched ("arctic", "soviet")
    built: whether it has buildings, their walls and the dust in them (False on a journey and in open
        country no table knows: a snow-cat's cab, a salt flat)
    journey: the class of journey it is ("cab": a truck on its way; "party": a trek on foot), "" when
        it is a place
    year: the year its setting dates the story to ("in 1887", "Victorian"), None when undated;
        nothing of the world came later (``era``)
    """

    setting: str
    kind: str
    name: str
    handles: list
    places: list
    outside: list
    smells: list
    sounds: list
    keepsakes: list
    weather_lines: list
    has_sky: bool = True
    medium: str = "land"
    coastal: bool = False
    known: bool = True
    kinds: list = field(default_factory=list)
    modifiers: list = field(default_factory=list)
    built: bool = True
    journey: str = ""
    year: int | None = None

    def text(self):
        """Every phrase of the world in one lower-cased string (for checks and searches)."""
        parts = [self.name, *self.handles, *self.outside, *self.smells, *self.sounds, *self.keepsakes,
                 *self.weather_lines]
        for place in self.places:
            parts += [place.name, place.handle, place.description, *place.fixtures, *place.sounds]
        return " | ".join(parts).lower()
