"""Procedural key images: one painting per scene, at a small "paint" size, as float32 RGB 0-1.

What is painted depends on the look (animation style), the genre, the time of day, the weather and
words of the paragraph (forest, house, church, grave, sea, figure, eye, moon...). Everything is
seeded, so the same request paints the same pictures.
"""
import math
import re
import zlib

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

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
KEYWORDS = {
    "trees": r"forest|wood|tree|grove|branch|orchard|jungle",
    "house": r"house|home|mansion|manor|cabin|cottage|attic|door|window|hall|room|asylum|hotel",
    "church": r"church|chapel|cathedral|priest|monastery|abbey|tower|spire|castle",
    "graves": r"grave|cemetery|tomb|crypt|burial|buried|coffin|dead|corpse",
    "water": r"sea|ocean|lake|river|shore|pond|water|swamp|marsh|harbor|harbour|beach",
    "figure": r"figure|man|woman|girl|boy|child|stranger|shadow|someone|killer|he |she |they ",
    "eye": r"eye|watch|stare|gaze|abyss|void|star|cosmic|ancient",
    "moon": r"moon|night|midnight|dark",
}


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


def _paste(img, mask, color, alpha=1.0):
    """Blend ``color`` into ``img`` where ``mask`` (h, w, 0-1) is set."""
    m = (mask * alpha)[..., None]
    img *= 1 - m
    img += m * np.asarray(color, np.float32)


def _mask(h, w, draw_fn, blur=0.0):
    im = Image.new("L", (w, h), 0)
    draw_fn(ImageDraw.Draw(im))
    if blur:
        im = im.filter(ImageFilter.GaussianBlur(blur))
    return np.asarray(im, np.float32) / 255


def _glow(h, w, cx, cy, radius):
    yy, xx = np.ogrid[:h, :w]
    d = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2) / radius
    return np.exp(-d * d).astype(np.float32)


def _tree(draw, x, y, length, angle, depth, rng, width):
    if depth == 0 or length < 2:
        return
    x2 = x + length * math.cos(angle)
    y2 = y - length * math.sin(angle)
    draw.line([(x, y), (x2, y2)], fill=255, width=max(1, int(width)))
    for _ in range(2 + (rng.random() < 0.4)):
        _tree(draw, x2, y2, length * rng.uniform(0.55, 0.78), angle + rng.uniform(-0.7, 0.7),
              depth - 1, rng, width * 0.65)


def _house(draw, cx, base, size, rng, windows):
    w, h = size * 1.3, size
    left, right = cx - w / 2, cx + w / 2
    draw.rectangle([left, base - h, right, base], fill=255)
    draw.polygon([(left - size * 0.1, base - h), (cx, base - h - size * 0.7),
                  (right + size * 0.1, base - h)], fill=255)
    tx = right - w * 0.2
    draw.rectangle([tx - size * 0.12, base - h - size * 1.0, tx + size * 0.12, base - h], fill=255)
    draw.polygon([(tx - size * 0.18, base - h - size * 1.0), (tx, base - h - size * 1.5),
                  (tx + size * 0.18, base - h - size * 1.0)], fill=255)
    for i in range(int(rng.integers(2, 5))):
        wx = left + w * (0.15 + 0.7 * rng.random())
        wy = base - h * (0.3 + 0.5 * rng.random())
        windows.append((wx, wy, size * 0.07))


def _church(draw, cx, base, size):
    draw.rectangle([cx - size * 0.6, base - size * 0.8, cx + size * 0.6, base], fill=255)
    draw.rectangle([cx - size * 0.18, base - size * 1.9, cx + size * 0.18, base - size * 0.8], fill=255)
    draw.polygon([(cx - size * 0.25, base - size * 1.9), (cx, base - size * 2.7),
                  (cx + size * 0.25, base - size * 1.9)], fill=255)
    draw.line([(cx, base - size * 2.7), (cx, base - size * 3.0)], fill=255, width=2)
    draw.line([(cx - size * 0.08, base - size * 2.88), (cx + size * 0.08, base - size * 2.88)],
              fill=255, width=2)


def _figure(draw, cx, base, size):
    head = size * 0.13
    draw.ellipse([cx - head, base - size, cx + head, base - size + 2 * head], fill=255)
    draw.polygon([(cx - size * 0.2, base - size + 2 * head), (cx + size * 0.2, base - size + 2 * head),
                  (cx + size * 0.28, base), (cx - size * 0.28, base)], fill=255)


def _grave(draw, cx, base, size, cross):
    if cross:
        draw.rectangle([cx - size * 0.06, base - size, cx + size * 0.06, base], fill=255)
        draw.rectangle([cx - size * 0.3, base - size * 0.75, cx + size * 0.3, base - size * 0.62], fill=255)
    else:
        draw.rectangle([cx - size * 0.25, base - size * 0.6, cx + size * 0.25, base], fill=255)
        draw.ellipse([cx - size * 0.25, base - size * 0.85, cx + size * 0.25, base - size * 0.35], fill=255)


def elements_for(text, genre, look):
    """Which set pieces a paragraph gets, from its words and the genre."""
    text = " " + (text or "").lower() + " "
    found = {name for name, pattern in KEYWORDS.items() if re.search(pattern, text)}
    genre = genre or ""
    if "Gothic" in genre:
        found |= {"house", "church"} if "house" not in found else {"house"}
    if "Slasher" in genre:
        found.add("figure")
    if "Cosmic" in genre:
        found.add("eye")
    if genre in ("Paranormal", "Supernatural", "Supernatural Horror"):
        found.add("figure" if "figure" in found else "house")
    if not found - {"moon"}:
        found.add("trees")
    if look.minimal:
        keep = sorted(found - {"moon"})[:1]
        found = set(keep) | ({"moon"} & found)
    return found


def paint(w, h, look, text="", genre="", mood="", time_of_day="", weather="", seed=0, index=0):
    """A float32 (h, w, 3) painting in 0-1 for one scene."""
    rng = _rng_for(seed, f"scene{index}:{text[:80]}")
    if look.abstract:
        img = _abstract(w, h, rng, genre)
    elif look.geometric:
        img = _geometric(w, h, rng, time_of_day)
    else:
        img = _landscape(w, h, rng, look, text, genre, time_of_day, weather)
    return _style(img, look, rng, mood)


def _landscape(w, h, rng, look, text, genre, time_of_day, weather):
    zenith, horizon_col = SKIES.get(time_of_day or DEFAULT_SKY, SKIES[DEFAULT_SKY])
    horizon = rng.uniform(0.62, 0.74)
    img = _gradient(h, w, zenith, horizon_col, horizon)
    night = time_of_day in ("Night", "Midnight", "Dusk", "") or not time_of_day
    items = elements_for(text, genre, look)
    # stars and the moon / a pale sun
    if night and weather in ("", "Clear", "Windy"):
        stars = rng.random((h, w)) > 0.9985
        img[stars] = np.maximum(img[stars], 0.8)
    cx, cy = w * rng.uniform(0.2, 0.8), h * rng.uniform(0.12, 0.3)
    if night or "moon" in items:
        r = h * rng.uniform(0.06, 0.1)
        moon = _mask(h, w, lambda d: d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=255), blur=1)
        glow = _glow(h, w, cx, cy, r * 4) * 0.35
        tint = (0.95, 0.25, 0.2) if look.red_accent else (0.92, 0.92, 0.82)
        img += glow[..., None] * np.array(tint, np.float32) * 0.5
        _paste(img, moon, tint)
        if look.shaded:  # a lit sphere instead of a disc
            yy, xx = np.ogrid[:h, :w]
            shade = np.clip(1 - ((xx - cx + r * 0.4) ** 2 + (yy - cy + r * 0.4) ** 2) / (1.6 * r * r), 0.25, 1)
            img *= np.where(moon[..., None] > 0.5, shade[..., None], 1).astype(np.float32)
    else:
        img += _glow(h, w, cx, cy, h * 0.25)[..., None] * np.array((0.25, 0.22, 0.15), np.float32)
    # clouds
    cloudy = {"Cloudy": 0.55, "Rainy": 0.7, "Stormy": 0.85, "Foggy": 0.3, "Snowy": 0.6,
              "Windy": 0.4}.get(weather, 0.15)
    clouds = fbm(h, w, rng, octaves=5, base=3)
    cmask = np.clip((clouds - (1 - cloudy) * 0.75) * 3, 0, 1) * (1 - np.linspace(0, 1, h)[:, None] * 0.7)
    ccol = np.array((0.16, 0.16, 0.2), np.float32) if night else np.array((0.45, 0.45, 0.48), np.float32)
    _paste(img, cmask.astype(np.float32), ccol, 0.85)
    # distant hills
    base_y = int(h * horizon)
    ridge = fbm(1, w, rng, octaves=4, base=4)[0]
    hills_top = base_y - (ridge * h * 0.16).astype(int)
    yy = np.arange(h)[:, None]
    hills = (yy >= hills_top[None, :]).astype(np.float32)
    dark = np.array(zenith, np.float32) * 0.5
    _paste(img, hills, dark * 1.4 + 0.02)
    if "water" in items:
        water_y = base_y + int(h * 0.06)
        refl = np.flipud(img[max(0, 2 * water_y - h):water_y]).copy()
        rows = min(refl.shape[0], h - water_y)
        ripple = 0.55 + 0.15 * np.sin(np.arange(rows)[:, None] * 1.7 + rng.random() * 6)
        img[water_y:water_y + rows] = refl[:rows] * ripple[..., None] * np.array((0.7, 0.8, 0.9), np.float32)
    # the foreground silhouettes, drawn into one mask
    windows = []

    def draw_fg(d):
        ground = [(0, h)] + [(x, base_y + h * 0.08 + h * 0.04 * math.sin(x / w * 6 + rng.random()))
                             for x in np.linspace(0, w, 24)] + [(w, h)]
        if "water" not in items:
            d.polygon(ground, fill=255)
        fg_base = base_y + h * 0.1
        if "house" in items:
            _house(d, w * rng.uniform(0.55, 0.8), fg_base, h * rng.uniform(0.16, 0.24), rng, windows)
        if "church" in items:
            _church(d, w * rng.uniform(0.2, 0.45), fg_base, h * rng.uniform(0.1, 0.14))
        if "graves" in items:
            for _ in range(int(rng.integers(4, 9))):
                _grave(d, w * rng.random(), h * rng.uniform(0.84, 0.98), h * rng.uniform(0.06, 0.12),
                       rng.random() < 0.5)
        if "trees" in items:
            for _ in range(int(rng.integers(2, 6))):
                x = w * rng.random()
                _tree(d, x, h, h * rng.uniform(0.18, 0.32), math.pi / 2 + rng.uniform(-0.15, 0.15),
                      6, rng, h * 0.018)
        if "figure" in items:
            _figure(d, w * rng.uniform(0.3, 0.7), h * rng.uniform(0.86, 0.95), h * rng.uniform(0.22, 0.32))

    fg = _mask(h, w, draw_fg)
    _paste(img, fg, (0.01, 0.01, 0.015) if not look.red_accent else (0.05, 0.0, 0.0))
    for wx, wy, ws in windows:
        win = _mask(h, w, lambda d: d.rectangle([wx - ws, wy - ws * 1.4, wx + ws, wy + ws * 1.4], fill=255))
        _paste(img, win, (0.9, 0.7, 0.3), 0.85 if rng.random() < 0.6 else 0.2)
        img += _glow(h, w, wx, wy, ws * 5)[..., None] * np.array((0.3, 0.2, 0.05), np.float32)
    if "eye" in items:
        ex, ey, er = w * rng.uniform(0.3, 0.7), h * rng.uniform(0.2, 0.35), h * rng.uniform(0.12, 0.2)
        eye = _mask(h, w, lambda d: d.ellipse([ex - er * 1.8, ey - er * 0.7, ex + er * 1.8, ey + er * 0.7],
                                              fill=255), blur=2)
        iris = _mask(h, w, lambda d: d.ellipse([ex - er * 0.55, ey - er * 0.55, ex + er * 0.55, ey + er * 0.55],
                                               fill=255), blur=1)
        pupil = _mask(h, w, lambda d: d.ellipse([ex - er * 0.12, ey - er * 0.5, ex + er * 0.12, ey + er * 0.5],
                                                fill=255))
        _paste(img, eye, (0.75, 0.72, 0.6), 0.5)
        _paste(img, iris, (0.7, 0.45, 0.05) if not look.red_accent else (0.8, 0.05, 0.05), 0.8)
        _paste(img, pupil, (0, 0, 0))
    if look.wisps:
        for _ in range(look.wisps):
            wx, wy = w * rng.random(), h * rng.uniform(0.35, 0.85)
            g = _glow(h, w, wx, wy, h * rng.uniform(0.03, 0.07))
            img += g[..., None] * np.array((0.45, 0.9, 0.85), np.float32) * 0.8
    # fog banks near the ground
    fog_amount = {"Foggy": 0.8, "Rainy": 0.3, "Stormy": 0.25, "Snowy": 0.35}.get(weather, 0.18)
    fog = fbm(h, w, rng, octaves=4, base=5)
    band = np.clip((np.linspace(0, 1, h) - horizon + 0.25) * 2.5, 0, 1)[:, None]
    fog_mask = np.clip(fog * 1.6 - 0.4, 0, 1) * band * fog_amount
    if weather == "Foggy":
        fog_mask = np.maximum(fog_mask, 0.35 * fog)
    fog_col = np.array((0.5, 0.52, 0.55), np.float32) * (0.6 if night else 1.0)
    _paste(img, fog_mask.astype(np.float32), fog_col)
    if weather in ("Rainy", "Stormy"):
        img *= 0.8
    if weather == "Snowy":
        img[int(h * 0.9):] = np.maximum(img[int(h * 0.9):], 0.55)
    return img


def _abstract(w, h, rng, genre):
    a = fbm(h, w, rng, octaves=6, base=2)
    b = fbm(h, w, rng, octaves=5, base=4)
    bands = 0.5 + 0.5 * np.sin(a * 18 + b * 6)
    ink = np.clip((b - 0.5) * 6, 0, 1)
    base = np.array((0.5, 0.04, 0.06) if "Slasher" in genre or "Body" in genre else (0.12, 0.05, 0.22),
                    np.float32)
    img = bands[..., None] * base * 1.2 + (a[..., None] ** 3) * np.array((0.2, 0.3, 0.35), np.float32)
    _paste(img, ink.astype(np.float32), (0.0, 0.0, 0.0), 0.9)
    for _ in range(int(rng.integers(3, 8))):
        cx, cy, r = w * rng.random(), h * rng.random(), h * rng.uniform(0.03, 0.12)
        img += _glow(h, w, cx, cy, r)[..., None] * np.array((0.8, 0.1, 0.1), np.float32) * rng.uniform(0.3, 0.9)
    return img


def _geometric(w, h, rng, time_of_day):
    zenith, horizon_col = SKIES.get(time_of_day or DEFAULT_SKY, SKIES[DEFAULT_SKY])
    img = _gradient(h, w, zenith, horizon_col, 1.0) * 0.6
    palette = [(0.85, 0.1, 0.12), (0.95, 0.85, 0.8), (0.1, 0.1, 0.12), (0.6, 0.0, 0.2), (0.9, 0.4, 0.1)]

    for i in range(int(rng.integers(5, 10))):
        color = palette[int(rng.integers(len(palette)))]
        kind = int(rng.integers(3))
        cx, cy, s = w * rng.random(), h * rng.random(), h * rng.uniform(0.08, 0.35)

        def shape(d, kind=kind, cx=cx, cy=cy, s=s):
            if kind == 0:
                d.ellipse([cx - s, cy - s, cx + s, cy + s], outline=255, width=max(2, int(s * 0.12)))
            elif kind == 1:
                d.polygon([(cx, cy - s), (cx + s, cy + s * 0.8), (cx - s, cy + s * 0.8)], fill=255)
            else:
                d.rectangle([cx - s * 1.5, cy - s * 0.08, cx + s * 1.5, cy + s * 0.08], fill=255)

        _paste(img, _mask(h, w, shape), color, 0.9)
    return img


def _style(img, look, rng, mood):
    h, w, _ = img.shape
    if look.gothic_frame:
        def arch(d):
            d.rectangle([0, 0, w, h], fill=255)
            d.rectangle([w * 0.12, h * 0.35, w * 0.88, h], fill=0)
            d.ellipse([w * 0.12, h * 0.02, w * 0.88, h * 0.7], fill=0)
        _paste(img, _mask(h, w, arch, blur=2), (0.03, 0.01, 0.03))
    if look.warp:
        dx = (fbm(h, w, rng, octaves=3, base=2) - 0.5) * look.warp * w * 0.08
        dy = (fbm(h, w, rng, octaves=3, base=2) - 0.5) * look.warp * h * 0.08
        yy, xx = np.mgrid[:h, :w]
        cx, cy = w / 2, h / 2
        ang = look.warp * 0.6 * np.exp(-(((xx - cx) / w) ** 2 + ((yy - cy) / h) ** 2) * 6)
        sx = cx + (xx - cx) * np.cos(ang) - (yy - cy) * np.sin(ang) + dx
        sy = cy + (xx - cx) * np.sin(ang) + (yy - cy) * np.cos(ang) + dy
        img = img[np.clip(sy, 0, h - 1).astype(int), np.clip(sx, 0, w - 1).astype(int)]
    if look.chroma_shift:
        s = look.chroma_shift
        img[:, s:, 0] = img[:, :-s, 0].copy()
        img[:, :-s, 2] = img[:, s:, 2].copy()
    if look.bloom:
        lum = img.mean(axis=2)
        bright = np.clip((lum - 0.45) * 2, 0, 1)
        small = Image.fromarray((bright * 255).astype(np.uint8)).resize((max(1, w // 8), max(1, h // 8)),
                                                                         Image.BILINEAR)
        glow = np.asarray(small.filter(ImageFilter.GaussianBlur(2)).resize((w, h), Image.BILINEAR),
                          np.float32) / 255
        img = img + look.bloom * glow[..., None] * 0.6
    img = img * np.asarray(look.palette, np.float32)
    if look.desaturate:
        lum = img.mean(axis=2, keepdims=True)
        img = img * (1 - look.desaturate) + lum * look.desaturate
    if look.red_accent:
        img[..., 0] = np.minimum(1.0, img[..., 0] * 1.25 + 0.03)
    if mood in ("Dark", "Ominous", "Sinister", "Dreadful"):
        img = img * 0.8
    elif mood in ("Eerie", "Creepy", "Unsettling"):
        img = img * np.array((0.92, 1.02, 0.98), np.float32)
    if look.posterize:
        levels = look.posterize - 1
        img = np.round(np.clip(img, 0, 1) * levels) / levels
    if look.vignette:
        yy, xx = np.ogrid[:h, :w]
        d = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
        img = img * (1 - look.vignette * np.clip(d * 0.55, 0, 1) ** 1.4)[..., None]
    return np.clip(img, 0, 1).astype(np.float32)
