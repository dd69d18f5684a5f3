"""The weather a still shows by itself (the video adds moving rain, snow and dust on top): rain
falls in slanted streaks over everything and darkens the air; wind tears the clouds into long
streaks and drives spray low over the ground. Fog and snow are painted with the land
(``scenes``), as is the ground's light."""
import json
from pathlib import Path

import numpy as np
from PIL import Image

from providers.video.imagery.canvas import mask as _mask
from providers.video.imagery.canvas import paste as _paste
from providers.video.imagery.paint_base import fbm

RAIN = ("Rainy", "Stormy")
WIND = ("Windy", "Stormy")
_MOON = json.loads((Path(__file__).resolve().parents[1] / "data" / "skies.json").read_text())["moon"]


def moon_through(weather):
    """(alpha, blur, halo) of the moon in ``weather`` (data/skies.json): a clear night's crisp
    disc, fog's smudge of light, no moon at all behind rain."""
    seen = _MOON.get(weather or "", _MOON[""])
    return seen["alpha"], seen["blur"], seen["halo"]


def clouds(h, w, rng, weather):
    """The cloud field (0-1): on a windy day torn into long horizontal streaks."""
    if weather not in WIND:
        return fbm(h, w, rng, octaves=5, base=3)
    narrow = fbm(h, max(8, w // 5), rng, octaves=5, base=3)
    return np.asarray(Image.fromarray(narrow).resize((w, h), Image.BICUBIC), np.float32)


def streaks(w, h, rng, weather, night):
    """(mask, colour) of the weather's streaks over a ``w`` x ``h`` painting, or None: rain as
    long slanted lines from top to bottom, wind as short fast strokes of spray near the ground."""
    if weather in RAIN:
        n = int(w * h / 900)
        xs, ys = rng.random(n) * w * 1.2 - w * 0.1, rng.random(n) * h
        lengths = h * rng.uniform(0.05, 0.12, n)
        slant = 0.28 if weather == "Stormy" else 0.16

        def draw(d):
            for x, y, length in zip(xs, ys, lengths):
                d.line([(x, y), (x - slant * length, y + length)], fill=255, width=1)
        colour = np.asarray((0.62, 0.66, 0.74), np.float32) * (0.7 if night else 1.0)
        return _mask(h, w, draw, blur=0.4) * 0.55, colour
    if weather in WIND:
        n = int(w * h / 1100)
        xs, ys = rng.random(n) * w, h * (0.3 + 0.7 * rng.random(n) ** 0.8)
        lengths = w * rng.uniform(0.04, 0.12, n)
        widths = 1 + (rng.random(n) < 0.3)

        def draw(d):
            for x, y, length, width in zip(xs, ys, lengths, widths):
                d.line([(x, y), (x + length, y - length * 0.05)], fill=255, width=int(width))
        colour = np.asarray((0.8, 0.82, 0.86), np.float32) * (0.75 if night else 1.0)
        return _mask(h, w, draw, blur=0.7) * 0.6, colour
    return None


def over(layers, streak):
    """Paint ``streak`` (from ``streaks``) over each layer; rain darkens what it falls over."""
    if streak is None:
        return
    m, colour = streak
    for layer in layers:
        _paste(layer, m, colour)
