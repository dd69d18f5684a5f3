"""The setting read into places, over today's worlds module: a thin stand-in with the name of the
``world`` package's ``world_for_setting``; it goes when that package lands."""
import re

from core.story_plan import PlanPart

from .fields import definite
from .worlds import OUTDOOR_ROOMS, OUTDOOR_THINGS, fixtures, keepsakes, short_place, world_for


def home_handle(setting):
    """The setting as the story calls it after the first time: 'a night ferry crossing the Strait
    of Magellan' -> 'the night ferry', 'a call centre for a bank in Glasgow' -> 'the call centre'."""
    home = short_place(setting)
    cut = re.sub(r"(?i)(?<=\w)\s+(?:\w+ing|for|during|with|near)\b.*$", "", home)
    home = cut if len(cut.split()) >= 2 else home
    words = home.split()
    return " ".join(words[:1] + words[-2:]) if len(words) > 3 and words[0].lower() == "the" else home


def world_for_setting(setting, weather="", time_of_day=""):
    kind, world = world_for(setting)
    home = home_handle(setting)
    fitted = fixtures(world)
    indoor_things = [f for f in fitted if not OUTDOOR_THINGS.search(f)] or fitted
    places = []
    for i, (name, description) in enumerate(world["rooms"][:6]):
        places.append(PlanPart(id=f"p{i + 1}", name=name, handle=name, description=description,
                               fixtures=[definite(f) for f in ((fitted if name in OUTDOOR_ROOMS else indoor_things)[i::6][:3]
                                                               or fitted[:2])],
                               sounds=world["sounds"][i::6][:2], outdoors=name in OUTDOOR_ROOMS))
    outside = PlanPart(id=f"p{len(places) + 1}", name=f"outside {home}", handle=f"outside {home}", description="",
                       fixtures=[], sounds=world["sounds"][-2:], outdoors=True)
    return PlanPart(kind=kind, name=home, handles=[home], places=places + [outside],
                    outside=outside.name, smells=list(world["smells"]), sounds=list(world["sounds"]),
                    touch=list(world.get("touch", [])), keepsakes=keepsakes(world),
                    weather_lines=[], has_sky=kind not in ("mine",))
