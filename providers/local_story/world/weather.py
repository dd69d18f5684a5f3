"""How the story's weather shows in a place: on its roof, its glass, the ground outside, or, where
there is no sky (a cave, a mine, a submarine), only as what reaches down to it.

Templates are data (``data/weather.toml``): ``sky`` lines for any hour, ``day`` and ``night``
lines, and ``sheltered`` lines for a place with no sky. A template naming a surface the place has
not got ({roof}, {glass}) is skipped.
"""
import re
import zlib

from .tables import tables

ALIASES = {"clear": "clear", "sunny": "clear", "fine": "clear", "cloudy": "cloudy", "overcast": "cloudy",
           "grey": "cloudy", "foggy": "foggy", "fog": "foggy", "misty": "foggy", "mist": "foggy",
           "rainy": "rainy", "rain": "rainy", "raining": "rainy", "drizzle": "rainy", "wet": "rainy",
           "stormy": "stormy", "storm": "stormy", "thunder": "stormy", "thunderstorm": "stormy",
           "snowy": "snowy", "snow": "snowy", "snowing": "snowy", "blizzard": "snowy", "sleet": "snowy",
           "windy": "windy", "wind": "windy", "gale": "windy", "gusty": "windy"}
NIGHT = {"dusk", "night", "midnight", "evening", "small hours"}
DAY = {"dawn", "morning", "noon", "afternoon", "midday", "day"}
SKY_WORDS = re.compile(r"(?i)\b(sky|skies|sun|sunlight|sunrise|sunset|stars?|starlight|moon|moonlight|clouds?|"
                       r"overhead|horizon)\b")
_SLOT = re.compile(r"\{(\w+)\}")


def weather_key(weather):
    """'Rainy' -> 'rainy'; '' for no weather or one not known."""
    for word in re.findall(r"[a-z]+", (weather or "").lower()):
        if word in ALIASES:
            return ALIASES[word]
    return ""


def _fill(template, surfaces):
    if any(not surfaces.get(slot) for slot in _SLOT.findall(template)):
        return None
    return _SLOT.sub(lambda m: surfaces[m.group(1)], template)


def _turned(lines, seed):
    """``lines`` starting at a place chosen by ``seed``: two settings in the same weather do not
    open on the same sentence."""
    if not lines:
        return []
    start = zlib.crc32(seed.encode("utf-8")) % len(lines)
    return list(lines[start:]) + list(lines[:start])


def weather_lines(weather, time_of_day, surfaces, has_sky, extra=(), limit=4, seed=""):
    """Up to ``limit`` lines for ``weather`` in a place with ``surfaces`` (roof, glass, ground,
    place): a modifier's ``extra`` lines, then one on this place's own roof or glass, then one for
    the hour, then the rest; ``seed`` (the setting) chooses which template of each comes first."""
    key = weather_key(weather)
    if not key:
        return []
    templates = tables()[2][key]
    hour = (time_of_day or "").strip().lower()
    if has_sky:
        sky = _turned(templates["sky"], seed)
        own = [t for t in sky if ("{roof}" in t and surfaces.get("roof")) or ("{glass}" in t and surfaces.get("glass"))]
        hours = _turned(templates["night"] if hour in NIGHT else templates["day"] if hour in DAY else [], seed)
        pool = list(extra) + own[:1] + hours[:1] + own[1:] + [t for t in sky if t not in own] + hours[1:]
    else:
        pool = _turned(templates["sheltered"], seed)
    lines = []
    for template in pool:
        line = _fill(template, surfaces)
        if line and line not in lines and (has_sky or not SKY_WORDS.search(line)):
            lines.append(line[:1].upper() + line[1:])
        if len(lines) == limit:
            break
    return lines
