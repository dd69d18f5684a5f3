"""A scene's layers, made once per scene in the encoder's YUV 4:2:0 (see ``yuv``).

The background becomes a canvas slightly larger than the frame: a Y plane per film-grain variant
(the grain travels with a panning view) plus chroma planes for each crop parity, or, for a
zooming camera, grain-free planes as PIL images to resample. The foreground (the key element and
figures, cut from a layered painting) becomes a sprite per plane with a mask: ``colour`` is 0 and
``through`` 255 where the background shows, so pasting it is two byte-wise operations.
"""
from dataclasses import dataclass

import numpy as np
from PIL import Image

from providers.video.frames import yuv


@dataclass
class Layer:
    variants: list  # Y planes of the background canvas, one per grain variant (panning views)
    canvas: object  # yuv.Canvas (panning views), or its (Y, U, V) planes (zooming views)
    sprite: tuple  # foreground at canvas scale: (Y colour, Y through, U, V, chroma through)
    # uint8 arrays (PIL images to zoom); or None
    sprite_at: tuple  # its top-left corner on the canvas
    x0: float  # top-left corner of the camera's (unzoomed) view at the start and the end
    y0: float
    x1: float
    y1: float
    z0: float  # zoom of the background at the start and the end of the scene
    z1: float
    first: int  # first frame number of the scene
    count: int  # frames in the scene (without the transition tail)
    jitter: np.ndarray = None
    sized: tuple = (None, None)  # (size, parts): the last zoomed foreground
    base: tuple = (None, None)  # (key, (Y, U, V)): the last frame drawn, before any overlay

    @property
    def zooms(self):
        return self.z0 != 1.0 or self.z1 != 1.0


def _uint8(img):
    if img is None or img.dtype == np.uint8:
        return img
    return (np.clip(img, 0, 1) * 255).astype(np.uint8)


def split_layers(painting):
    """``(painting, background)`` -> (background uint8, foreground RGBA uint8, (x, y)) with the
    foreground cut to the box where the two differ, its alpha on or off (pasted with a cheap
    masked copy); a single image -> (image, None, None)."""
    if not isinstance(painting, tuple):
        return _uint8(painting), None, None
    full, back = (_uint8(p) for p in painting)
    if back is None:
        return full, None, None
    diff = np.abs(full.astype(np.int16) - back).max(axis=2)
    ys, xs = np.nonzero(diff > 3)
    if not len(ys):
        return full, None, None
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    alpha = np.where(diff[y0:y1, x0:x1] > 3, 255, 0).astype(np.uint8)
    sprite = np.dstack([full[y0:y1, x0:x1], alpha])
    return back, sprite, (int(x0), int(y0))


def add_grain(img, noise):
    """``img += noise`` (uint8 plane, int16 noise) in row bands, clipped, in place."""
    for r in range(0, img.shape[0], 128):
        band = img[r:r + 128].astype(np.int16)
        band += noise[r:r + 128]
        np.clip(band, 0, 255, out=band)
        img[r:r + 128] = band


def frame_grain(noise):
    """int16 ``(h, w)`` noise -> (cap, lift, drop) uint8 planes for ``add_frame_grain``."""
    lift = np.clip(noise, 0, 255).astype(np.uint8)
    return 255 - lift, lift, np.clip(-noise, 0, 255).astype(np.uint8)


def add_frame_grain(img, grain, out):
    """``out = img + noise``, saturating, with four uint8 passes (no int16 temporaries)."""
    cap, lift, drop = grain
    img = np.minimum(img, cap, out=out)
    img += lift
    np.maximum(img, drop, out=img)
    img -= drop
    return img


def background(back, cw, ch, grain, zooms):
    """(variants, canvas) of ``back`` (uint8 RGB at any size) on a (cw, ch) canvas."""
    canvas = yuv.Canvas(back, cw, ch)
    if zooms:
        # a zooming background gets its grain after the camera, fixed on the frame: grain
        # resampled with the view would change every few frames and cost the encoder dearly
        return [], (canvas.y, *canvas.chroma[0, 0])
    variants = []
    for noise in grain:
        v = canvas.y.copy() if len(grain) > 1 else canvas.y
        add_grain(v, noise)
        variants.append(v)
    return variants or [canvas.y], canvas


def foreground(sprite, at, scale, grain, zooms):
    """The foreground sprite (RGBA, painting scale) at canvas scale ``scale`` (sx, sy), with
    the first grain: ``((Y, Y through, U, V, chroma through), (x, y))``. Converted to YUV at
    painting scale, then each plane upscaled (no canvas-size float RGB)."""
    sx, sy = scale
    size = (max(1, round(sprite.shape[1] * sx)), max(1, round(sprite.shape[0] * sy)))
    half = ((size[0] + 1) // 2, (size[1] + 1) // 2)
    at = (round(at[0] * sx), round(at[1] * sy))
    planes = yuv.to_float_yuv(sprite[..., :3])
    alpha = Image.fromarray(sprite[..., 3])

    def up(plane, to):
        img = Image.fromarray(plane, "F").resize(to, Image.BICUBIC)
        return np.clip(np.rint(np.asarray(img)), 0, 255).astype(np.uint8)

    keep = np.asarray(alpha.resize(size, Image.BICUBIC)) > 127
    colour = up(planes[0], size)
    if grain:
        noise = grain[0][at[1]:at[1] + size[1], at[0]:at[0] + size[0]]
        add_grain(colour[:noise.shape[0], :noise.shape[1]], noise)
    colour *= keep
    through = np.where(keep, 0, 255).astype(np.uint8)
    keep_c = np.asarray(alpha.resize(half, Image.BICUBIC)) > 127
    chroma = [up(c, half) * keep_c for c in planes[1:]]
    parts = (colour, through, *chroma, np.where(keep_c, 0, 255).astype(np.uint8))
    if zooms:
        parts = tuple(Image.fromarray(part) for part in parts)
    return parts, at


def paste(out, parts, left, top):
    """Paste a foreground sprite's planes with its top-left corner at (left, top)."""
    colour, through, cu, cv, cthrough = parts
    _masked(out[0], colour, through, left, top)
    for plane, c in ((out[1], cu), (out[2], cv)):
        _masked(plane, c, cthrough, left >> 1, top >> 1)


def _masked(region_plane, colour, through, left, top):
    height, width = region_plane.shape
    h, w = colour.shape[:2]
    x0, y0 = max(0, left), max(0, top)
    x1, y1 = min(width, left + w), min(height, top + h)
    if x1 <= x0 or y1 <= y0:
        return
    region = region_plane[y0:y1, x0:x1]
    rows, cols = slice(y0 - top, y1 - top), slice(x0 - left, x1 - left)
    np.bitwise_and(region, through[rows, cols], out=region)  # a masked copy, byte-wise
    np.bitwise_or(region, colour[rows, cols], out=region)
