"""What the prose draws on besides the plan's places: the world's smells and sounds, how the
weather shows there and what lies outside, read from the setting (``world``)."""
from ..world import world_for_setting


def world_lines(plan, request):
    world = world_for_setting(plan.setting or request.setting, plan.weather, plan.time_of_day)
    fixtures = [f for p in plan.places for f in p.fixtures]
    return {"fixtures": fixtures, "sounds": list(world.sounds), "smells": list(world.smells), "touch": [],
            "weather": "", "weather_lines": list(world.weather_lines), "has_sky": world.has_sky,
            "outside": world.outside[0] if world.outside else "", "home": world.handles[0] if world.handles else "",
            "home_short": world.handles[1] if len(world.handles) > 1 else "", "built": world.built}
