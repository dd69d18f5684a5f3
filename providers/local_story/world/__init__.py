"""The world of a story's setting, for any setting: what kind of place it is, the places a story
can move through, what surrounds it, its sounds, smells, keepsakes and how the weather shows there.

``world_for_setting(setting, weather="", time_of_day="") -> World`` is the whole interface
(``model.World``; its places are plan places, ``PlanPart`` through ``core.story_plan``). The
tables are data (``data/``: kinds, journeys, modifiers, weather, the neutral parts of an unknown place),
validated once on first use (``tables``). ``foreign.foreign_terms`` says which of a world's words
belong to some other kind of place.
"""
from .build import world_for_setting
from .model import World

__all__ = ["World", "world_for_setting"]
