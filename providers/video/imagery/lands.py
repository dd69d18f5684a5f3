"""The far land of a landscape and its ground, by the world's land (``worlds.Land``): the steppe
flat to the horizon, mountains as snow-capped peaks, the ice flat and white, dunes, a tree line
(rounded cork oaks or pines), a city's skyline with lit windows, rolling hills otherwise. Drawn
at the paint size; everything is seeded by the scene's ``rng``.
"""
import math

import numpy as np

from providers.video.imagery import canvas
from providers.video.imagery.paint_base import fbm

SNOW = np.asarray((0.86, 0.89, 0.95), np.float32)
WINDOW = np.asarray((1.0, 0.8, 0.45), np.float32)


def light_of(time_of_day):
    """How lit the land is: night 0.32, dusk or dawn 0.6, day 1."""
    t = str(time_of_day or "").lower()
    return 0.32 if t in ("night", "midnight") else 0.6 if t in ("dusk", "dawn", "twilight", "sunset") else 1.0


def far_land(img, w, h, rng, land, base_y, zenith, light, snowy):
    """Draw the land between the sky and the ground line ``base_y``; returns the far colour."""
    far = np.asarray(zenith, np.float32) * 0.5 * 1.4 + 0.02
    yy = np.arange(h)[:, None]
    xs = np.arange(w)
    ridge = land.ridge
    if ridge == "peaks":
        tops = np.full(w, float(base_y))
        for _ in range(int(rng.integers(4, 7))):
            px, ph = rng.uniform(-0.1, 1.1) * w, h * rng.uniform(0.16, 0.34)
            slope = ph / (w * rng.uniform(0.12, 0.22))
            tops = np.minimum(tops, base_y - ph + np.abs(xs - px) * slope)
        tops += fbm(1, w, rng, octaves=5, base=12)[0] * h * 0.025
        body = (yy >= tops[None, :]).astype(np.float32)
        canvas.paste(img, body, far * 1.1)
        snowline = tops.min() + (base_y - tops.min()) * 0.45  # snow on the upper slopes
        snowline = snowline + fbm(1, w, rng, octaves=5, base=20)[0] * h * 0.06
        cap = body * (yy < snowline[None, :])
        canvas.paste(img, cap.astype(np.float32), SNOW * max(0.35, light), 0.85)
        return far
    if ridge == "skyline":
        mask = np.zeros((h, w), np.float32)
        windows = np.zeros((h, w), np.float32)
        x = 0.0
        while x < w:
            bw, bh = w * rng.uniform(0.04, 0.09), h * rng.uniform(0.08, 0.3)
            x0, x1, top = int(x), int(min(w, x + bw)), int(base_y - bh)
            mask[max(0, top):base_y, x0:x1] = 1
            for wy in range(top + 3, base_y - 2, max(3, h // 60)):
                for wx in range(x0 + 2, x1 - 2, max(3, w // 110)):
                    if rng.random() < 0.22:
                        windows[wy:wy + 2, wx:wx + 1] = 1
            x += bw + w * rng.uniform(0, 0.01)
        canvas.paste(img, mask, far * 0.8)
        canvas.paste(img, windows, WINDOW, 0.9 * (1.1 - light))
        return far
    if ridge == "trees":
        mask = np.zeros((h, w), np.float32)

        def crowns(d):
            x = -w * 0.02
            while x < w * 1.02:
                r = h * rng.uniform(0.035, 0.07)
                cy = base_y - h * rng.uniform(0.05, 0.09)
                d.rectangle([x - r * 0.12, cy, x + r * 0.12, base_y + 2], fill=255)  # trunk
                d.ellipse([x - r * 1.4, cy - r * 0.8, x + r * 1.4, cy + r * 0.5], fill=255)  # a spreading crown
                x += r * rng.uniform(1.6, 2.6)
        mask = canvas.mask(h, w, crowns)
        canvas.paste(img, mask, far * 0.7)
        return far
    amplitude = {"flat": 0.015, "ice": 0.03, "dunes": 0.07, "sea": 0.03}.get(ridge, 0.14)
    if ridge == "dunes":
        wave = np.sin(xs / w * math.tau * rng.uniform(1.2, 2.2) + rng.random() * 6)
        top = base_y - (0.5 + 0.5 * wave) * h * amplitude
    else:
        top = base_y - fbm(1, w, rng, octaves=4, base=4)[0] * h * amplitude
    hills = (yy >= top[None, :].astype(int)).astype(np.float32)
    colour = far
    if ridge == "ice" or snowy:
        colour = SNOW * max(0.3, light) * 0.85
    elif ridge in ("dunes", "flat"):
        colour = np.asarray(land.ground, np.float32) * light * 0.8
    canvas.paste(img, hills, colour)
    return colour


def ground(img, w, h, rng, land, base_y, light, snowy, silhouette):
    """The near ground from ``base_y`` down: the land's colour (snow when it lies there), darker
    toward the viewer, so what stands on it reads as a silhouette."""
    def shape(d):
        d.polygon([(0, h)] + [(x, base_y + h * 0.02 * math.sin(x / w * 6 + rng.random()))
                              for x in np.linspace(0, w, 24)] + [(w, h)], fill=255)
    mask = canvas.mask(h, w, shape)
    colour = SNOW * max(0.5, light) if snowy else np.asarray(land.ground, np.float32) * light
    shade = np.linspace(1.0, 0.85 if snowy else 0.55, h, dtype=np.float32)[:, None, None]  # snow stays pale
    texture = 0.85 + 0.3 * fbm(h, w, rng, octaves=3, base=8)[..., None]
    layer = np.clip(colour * shade * texture, 0, 1)
    img[...] = img * (1 - mask[..., None]) + layer * mask[..., None]
    if not snowy:  # a dark band at the very front: the ground the figures stand on
        canvas.paste(img, mask * np.clip((np.arange(h)[:, None] - h * 0.9) / (h * 0.1), 0, 1), silhouette, 0.6)
