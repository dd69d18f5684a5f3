"""What the prose draws on besides the plan's places: the world's smells, touch and sounds, the
weather and what lies outside, re-read from the setting."""
from ..adapter import world_for_setting


def world_lines(plan, request):
    world = world_for_setting(plan.setting or request.setting, plan.weather, plan.time_of_day)
    fixtures = [f for p in plan.places for f in p.fixtures]
    weather = (plan.weather or "").strip().lower()
    sky = {"windy": "the wind worried at every edge", "rainy": "the rain kept on", "stormy": "the storm leaned on the walls",
           "foggy": "fog stood against the windows", "snowy": "snow came down steadily", "clear": "the sky was clear and hard",
           "cloudy": "cloud sat low and still"}
    return {"fixtures": fixtures, "sounds": list(world.sounds), "smells": list(world.smells),
            "touch": list(getattr(world, "touch", [])), "weather": sky.get(weather, ""),
            "has_sky": world.has_sky, "outside": world.outside}
