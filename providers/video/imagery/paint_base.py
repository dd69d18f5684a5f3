"""What every painting is made of: the sky's colours by time of day, seeded noise (``fbm``),
gradients, trees."""
import math
import zlib

import numpy as np
from PIL import Image

SKIES = {  # time of day -> (zenith, horizon) RGB 0-1
    "Dawn": ((0.16, 0.12, 0.26), (0.62, 0.36, 0.32)),
    "Morning": ((0.30, 0.36, 0.46), (0.62, 0.62, 0.60)),
    "Noon": ((0.36, 0.42, 0.50), (0.70, 0.70, 0.68)),
    "Afternoon": ((0.30, 0.33, 0.42), (0.66, 0.56, 0.44)),
    "Dusk": ((0.12, 0.07, 0.16), (0.62, 0.22, 0.12)),
    "Night": ((0.04, 0.05, 0.12), (0.22, 0.24, 0.38)),
    "Midnight": ((0.015, 0.015, 0.04), (0.13, 0.13, 0.24)),
}
DEFAULT_SKY = "Night"


def sky_colours(time_of_day):
    """(zenith, horizon) colours of the sky at ``time_of_day`` (night when not given)."""
    return SKIES.get(time_of_day or DEFAULT_SKY, SKIES[DEFAULT_SKY])


def is_night(time_of_day):
    return time_of_day in ("Night", "Midnight", "Dusk", "") or not time_of_day


def _rng_for(seed, key):
    return np.random.default_rng(zlib.crc32(f"{seed}:{key}".encode()))


def fbm(h, w, rng, octaves=4, base=3, persistence=0.55):
    """Fractal value noise in 0-1, made by upscaling small random grids (cheap, smooth)."""
    out = np.zeros((h, w), np.float32)
    amp, total = 1.0, 0.0
    for o in range(octaves):
        gh = max(2, int(base * 2 ** o * h / max(h, w)) + 2)
        gw = max(2, int(base * 2 ** o * w / max(h, w)) + 2)
        grid = (rng.random((gh, gw)) * 255).astype(np.uint8)
        layer = np.asarray(Image.fromarray(grid).resize((w, h), Image.BICUBIC), np.float32) / 255
        out += amp * layer
        total += amp
        amp *= persistence
    return out / total


def _gradient(h, w, top, bottom, horizon=0.7):
    y = np.clip(np.linspace(0, 1, h, dtype=np.float32) / horizon, 0, 1) ** 1.3
    top, bottom = np.array(top, np.float32), np.array(bottom, np.float32)
    col = top[None, :] * (1 - y[:, None]) + bottom[None, :] * y[:, None]
    return np.broadcast_to(col[:, None, :], (h, w, 3)).copy()


def _tree(draw, x, y, length, angle, depth, rng, width):
    if depth == 0 or length < 2:
        return
    x2 = x + length * math.cos(angle)
    y2 = y - length * math.sin(angle)
    draw.line([(x, y), (x2, y2)], fill=255, width=max(1, int(width)))
    for _ in range(2 + (rng.random() < 0.4)):
        _tree(draw, x2, y2, length * rng.uniform(0.55, 0.78), angle + rng.uniform(-0.7, 0.7),
              depth - 1, rng, width * 0.65)
