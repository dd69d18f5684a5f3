"""The looks that paint no place (abstract, geometric) and the style pass every painting gets
(``Look``: warp, bloom, noise)."""

import functools

import numpy as np
from PIL import Image, ImageFilter

from providers.video.imagery import icons
from providers.video.imagery.canvas import add_glow
from providers.video.imagery.canvas import mask as _mask
from providers.video.imagery.canvas import paste as _paste
from providers.video.imagery.paint_base import _gradient, fbm, sky_colours


def _abstract(w, h, rng, genre, shot):
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
        add_glow(img, cx, cy, r, np.array((0.8, 0.1, 0.1), np.float32) * rng.uniform(0.3, 0.9))
    # the pictures as ink blots bleeding into the field
    setting_icon, element_icon, _figures = shot.icon_names()
    ink_layer = np.zeros((h, w, 1), np.float32)
    icons.stamp(ink_layer, setting_icon, w * 0.05, h * 0.1, int(h * 0.85), (1.0,))
    if element_icon:
        icons.stamp(ink_layer, element_icon, w * 0.55, h * 0.3, int(h * 0.6), (1.0,))
    blot = Image.fromarray((ink_layer[..., 0] * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(2))
    _paste(img, np.asarray(blot, np.float32) / 255, (0.0, 0.0, 0.0), 0.92)
    return img


def _geometric(w, h, rng, time_of_day, shot):
    zenith, horizon_col = sky_colours(time_of_day)
    img = _gradient(h, w, zenith, horizon_col, 1.0) * 0.6
    palette = [(0.85, 0.1, 0.12), (0.95, 0.85, 0.8), (0.1, 0.1, 0.12), (0.6, 0.0, 0.2), (0.9, 0.4, 0.1)]

    for _ in range(int(rng.integers(5, 10))):
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
    # flat, hard-edged pictures in the palette: the setting large, the element in a disc
    setting_icon, element_icon, _figures = shot.icon_names()
    icons.stamp(img, setting_icon, w * 0.08, h * 0.12, int(h * 0.8), palette[2])
    if element_icon:
        r = h * 0.26
        disc = _mask(h, w, lambda d: d.ellipse([w * 0.7 - r, h * 0.5 - r, w * 0.7 + r, h * 0.5 + r], fill=255))
        _paste(img, disc, palette[0])
        icons.stamp(img, element_icon, w * 0.7 - r * 0.75, h * 0.5 - r * 0.75, int(r * 1.5), palette[1])
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
        img *= np.float32(0.8)
    elif mood in ("Eerie", "Creepy", "Unsettling"):
        img *= np.array((0.92, 1.02, 0.98), np.float32)
    if look.posterize:
        levels = look.posterize - 1
        img = np.round(np.clip(img, 0, 1) * levels) / levels
    if look.vignette:
        img *= _vignette(h, w, look.vignette)
    return np.clip(img, 0, 1, out=img) if img.dtype == np.float32 else np.clip(img, 0, 1).astype(np.float32)


@functools.lru_cache(maxsize=8)
def _vignette(h, w, strength):
    """The darkening toward the corners, (h, w, 1) float32, made once per size (read-only)."""
    yy, xx = np.ogrid[:h, :w]
    d = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
    out = (1 - strength * np.clip(d * 0.55, 0, 1) ** 1.4)[..., None].astype(np.float32)
    out.setflags(write=False)
    return out
