"""The story's own hour and weather, kept: a story at noon says "the long day", not "the long
night", and no stars; one at midnight has no noon sun; one under a clear sky no fog. The words are
data (``data/hours.json``)."""
import json
import re
from functools import lru_cache
from pathlib import Path

from ..world.weather import weather_key

DATA = Path(__file__).resolve().parents[1] / "data" / "hours.json"


@lru_cache(maxsize=1)
def _data():
    data = json.loads(DATA.read_text())
    never = {k: re.compile(v) for k, v in data["never"].items()}
    rewrites = [(re.compile(a), b) for a, b in data["rewrites"]]
    return data, never, rewrites


def hour_key(time_of_day):
    """'Noon' -> 'noon'; '' for no hour."""
    return (time_of_day or "").strip().lower()


class Hour:
    """What the hour and the weather of a story allow it to say."""

    def __init__(self, time_of_day="", weather="", keep=()):
        data, never, self._rewrites = _data()
        #: the story's own names, never read as the hour: "the night clerk" at noon is still the night clerk
        keep = sorted({k for k in keep if k}, key=len, reverse=True)
        self._keep = re.compile("|".join(re.escape(k) for k in keep), re.I) if keep else None
        self.key = hour_key(time_of_day)
        self.day = self.key in data["day"]
        self.night = self.key in data["night"]
        self._never = [never[k] for k in ("day" if self.day else "", self.key, weather_key(weather)) if k in never]
        self._palette = data["palette"].get(self.key, [])

    def night_words(self, words):
        """What ``{night}`` may say at this hour: the night's own words, or the day's in a daylight story."""
        return list(self._palette) if self.day and self._palette else list(words)

    def fits(self, text):
        """Whether ``text`` keeps to the hour and the weather (its names aside)."""
        text = self._keep.sub("", text) if self._keep else text
        return not any(p.search(text) for p in self._never)

    def mend(self, text):
        """``text`` with a plan line's night made the day in a daylight story ("to cover the night"
        -> "to cover the day shift"); as it was otherwise."""
        if not self.day or self.fits(text):
            return text
        kept = []
        if self._keep:  # the names stay as they are
            text = self._keep.sub(lambda m: kept.append(m.group(0)) or f"\0{len(kept) - 1}\0", text)
        for pattern, repl in self._rewrites:
            text = pattern.sub(repl, text)
        return re.sub(r"\0(\d+)\0", lambda m: kept[int(m.group(1))], text)
