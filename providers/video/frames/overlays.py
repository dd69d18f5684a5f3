"""Cheap per-frame overlays: sparse text sprites (subtitles, watermark) and weather particles.

Each overlay touches only its own pixels (flat indices into the frame), so a frame costs a few
thousand element writes instead of full-frame blends. Frames are (Y, U, V) planes (see ``yuv``);
a ``Sprite`` also blends onto an RGB image (the poster).
"""
import functools
import os
import textwrap

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from providers.video.frames import yuv

FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)


@functools.lru_cache(maxsize=16)
def font(size):
    for path in FONT_CANDIDATES:
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # very old Pillow
        return ImageFont.load_default()


class Sprite:
    """An RGBA image placed on the frame, blended inside its bounding box only.

    The box is kept premultiplied (``rgb * alpha`` and ``256 - alpha`` as uint16), so a frame
    costs four vector passes over the box; transparent pixels come out bit-identical.
    """

    def __init__(self, rgba, x, y, width, height):
        arr = np.asarray(rgba)
        h, w = arr.shape[:2]
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(width, x + w), min(height, y + h)
        arr = arr[y0 - y:y1 - y, x0 - x:x1 - x]
        self._origin = (y0, x0)
        alpha = arr[..., 3:4].astype(np.uint16)
        alpha += alpha >> 7  # 0-255 -> 0-256
        ys, xs = np.nonzero(arr[..., 3] > 0)
        if len(ys):  # shrink the box to the visible pixels
            by0, by1, bx0, bx1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
        else:
            by0 = by1 = bx0 = bx1 = 0
        self.box = (y0 + by0, y0 + by1, x0 + bx0, x0 + bx1)
        self._rgba = arr  # for the YUV planes (or the RGB terms), made on first use
        self._rgb = arr[by0:by1, bx0:bx1], alpha[by0:by1, bx0:bx1]
        self._yuv = None
        self.term = None

    def _rgb_terms(self):
        """The premultiplied RGB box (most sprites are only ever blended onto YUV planes)."""
        box, alpha = self._rgb
        self.term = box[..., :3].astype(np.uint16) * alpha
        self.inv = np.broadcast_to(256 - alpha, self.term.shape).copy()
        self._acc = np.empty(self.term.shape, np.uint16)

    def apply(self, frame):
        y0, y1, x0, x1 = self.box
        if y1 <= y0 or x1 <= x0:
            return
        if self.term is None:
            self._rgb_terms()
        region = frame[y0:y1, x0:x1]
        acc = self._acc
        np.multiply(region, self.inv, out=acc, casting="unsafe")
        acc += self.term
        acc >>= 8
        region[...] = acc

    def _yuv_parts(self):
        """Premultiplied (term, inv) per plane over the box grown to even edges."""
        y0, y1, x0, x1 = self.box
        y0, x0, y1, x1 = y0 - y0 % 2, x0 - x0 % 2, y1 + y1 % 2, x1 + x1 % 2
        oy, ox = self._origin
        rgba = np.zeros((y1 - y0, x1 - x0, 4), np.uint8)
        src = self._rgba[max(0, y0 - oy):y1 - oy, max(0, x0 - ox):x1 - ox]
        ty, tx = max(0, oy - y0), max(0, ox - x0)
        rgba[ty:ty + src.shape[0], tx:tx + src.shape[1]] = src
        self._rgba = self._rgb = None  # a sprite is blended onto YUV planes or RGB frames, not both
        alpha = rgba[..., 3].astype(np.float32) / 255
        planes = yuv.to_float_yuv(rgba[..., :3])
        parts = []
        for k, plane in enumerate(planes):
            a = alpha if k == 0 else yuv.subsample(alpha)
            value = plane if k == 0 else yuv.subsample(plane, alpha)
            a16 = np.rint(a * 256).astype(np.uint16)
            parts.append((np.rint(value * a16).astype(np.uint16), 256 - a16))
        return (y0, y1, x0, x1), parts

    def apply_yuv(self, planes):
        """Blend onto (Y, U, V) planes."""
        if self._yuv is None:
            self._yuv = self._yuv_parts()
        (y0, y1, x0, x1), parts = self._yuv
        if y1 <= y0 or x1 <= x0:
            return
        for k, (plane, (term, inv)) in enumerate(zip(planes, parts)):
            region = plane[y0:y1, x0:x1] if k == 0 else plane[y0 // 2:y1 // 2, x0 // 2:x1 // 2]
            acc = region * inv
            acc += term
            acc >>= 8
            region[...] = acc


def text_sprite(text, width, height, size, anchor="bottom", margin=0.06, opacity=255,
                color=(255, 255, 255), max_width=0.86):
    """Wrapped, outlined text as a ``Sprite``; anchor is bottom (centered) or corner."""
    fnt = font(size)
    stroke = max(1, size // 12)
    avg = max(1.0, fnt.getlength("abcdefghijklmnopqrstuvwxyz") / 26)
    lines = textwrap.wrap(text, max(8, int(width * max_width / avg))) or [""]
    lines = lines[:3]
    line_h = int(size * 1.25)
    widths = [int(fnt.getlength(line)) + 2 * stroke for line in lines]
    w = max(widths) + 4
    h = line_h * len(lines) + 2 * stroke + 4
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    for i, line in enumerate(lines):
        draw.text(((w - widths[i]) // 2 + stroke, i * line_h + stroke), line, font=fnt,
                  fill=color + (opacity,), stroke_width=stroke, stroke_fill=(0, 0, 0, opacity))
    if anchor == "bottom":
        x = (width - w) // 2
        y = height - h - int(height * margin)
    else:  # bottom-right corner
        x = width - w - int(width * 0.025)
        y = height - h - int(height * 0.03)
    return Sprite(im, x, y, width, height)


HIGHLIGHT = (255, 196, 64, 255)  # the word being said, in word-by-word captions


def subtitle_sprite(text, width, height, size, margin=0.06, max_chars=42):
    """A cue as at most two centred lines, white with a black outline on a translucent box.
    ``sprite.words`` places each word, for ``word_sprite``."""
    lines = [line.strip() for line in str(text).split("\n") if line.strip()]
    if len(lines) != 2 or any(len(line) > max_chars for line in lines):
        flat = " ".join(str(text).split())
        lines = textwrap.wrap(flat, max_chars) or [""]
        if len(lines) > 2:  # longer than two lines of max_chars: two wider lines
            lines = textwrap.wrap(flat, (len(flat) + 1) // 2 + 1)[:2]
    fnt = font(size)
    while size > 10 and max(fnt.getlength(line) for line in lines) > width * 0.9:
        size = int(size * 0.9)
        fnt = font(size)
    stroke = max(1, size // 10)
    pad = size // 2
    line_h = int(size * 1.3)
    widths = [int(fnt.getlength(line)) for line in lines]
    w = max(widths) + 2 * pad
    h = line_h * len(lines) + pad
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle([0, 0, w - 1, h - 1], radius=pad // 2, fill=(0, 0, 0, 140))
    x, y = (width - w) // 2, height - h - int(height * margin)
    placed = []
    for i, line in enumerate(lines):
        lx, ly = (w - widths[i]) // 2, pad // 2 + i * line_h
        draw.text((lx, ly), line, font=fnt, fill=(255, 250, 240, 255), stroke_width=stroke,
                  stroke_fill=(0, 0, 0, 255))
        words = line.split()
        for k, word in enumerate(words):
            lead = fnt.getlength(" ".join(words[:k]) + " ") if k else 0
            placed.append((x + lx + int(lead), y + ly, word))
    sprite = Sprite(im, x, y, width, height)
    sprite.words = (placed, fnt, stroke, line_h)
    return sprite


def word_sprite(cue_sprite, index, width, height):
    """The cue's word ``index`` in ``HIGHLIGHT``, drawn over it (a small sprite: the cue's own
    is made once, each spoken word costs only its own box)."""
    placed, fnt, stroke, line_h = cue_sprite.words
    x, y, word = placed[min(index, len(placed) - 1)]
    w = int(fnt.getlength(word)) + 2 * stroke + 2
    im = Image.new("RGBA", (w, line_h + stroke), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((stroke, 0), word, font=fnt, fill=HIGHLIGHT, stroke_width=stroke,
                            stroke_fill=(0, 0, 0, 255))
    return Sprite(im, x - stroke, y, width, height)


class Particles:
    """Rain streaks, snowflakes (far ones as specks, near ones as soft discs) or wind-blown dust,
    moved by frame number."""
    weather = True  # not drawn in a scene inside a room

    def __init__(self, kind, width, height, fps, seed=0):
        self.kind, self.width, self.height, self.fps = kind, width, height, fps
        rng = np.random.default_rng(seed + 99)
        area = width * height
        if kind == "rain":
            n = int(area / 5200)
            length = max(6, height // 28)
            self.offsets = [(int(round(i * 0.25)), i) for i in range(length)]  # slanted streak
            self.speed = height * 1.6 / fps
            self.color, self.opacity = np.array((175, 185, 205), np.uint16), 110
        elif kind == "snow":
            n = int(area / 2200)
            self.offsets = [(0, 0), (1, 0), (0, 1), (1, 1)] if height >= 480 else [(0, 0)]
            self.speed = height * 0.09 / fps
            self.color, self.opacity = np.array((235, 238, 245), np.uint16), 200
        elif kind == "flakes":  # near snowflakes: large soft discs, so a still reads as snow, not stars
            n = int(area / 7000)
            r = max(1, height // 200)
            self.offsets = [(dx, dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                            if dx * dx + dy * dy <= r * r + 1]
            self.speed = height * 0.2 / fps
            self.color, self.opacity = np.array((245, 247, 252), np.uint16), 215
        else:  # dust / leaves on the wind
            n = int(area / 9000)
            self.offsets = [(0, 0), (1, 0), (2, 1)]
            self.speed = width * 0.5 / fps
            self.color, self.opacity = np.array((60, 55, 45), np.uint16), 180
        self.x0 = rng.uniform(0, width, n)
        self.y0 = rng.uniform(0, height, n)
        self.phase = rng.uniform(0, 2 * np.pi, n)
        self.rate = rng.uniform(0.6, 1.4, n)
        self.off = np.array(self.offsets, np.int64)
        self.yuv = yuv.color(self.color)

    def apply(self, frame, f):
        """Draw frame ``f``'s particles on (Y, U, V) planes."""
        w, h = self.width, self.height
        if self.kind == "rain":
            y = (self.y0 + self.speed * self.rate * f) % (h + 40) - 20
            x = (self.x0 + 0.25 * self.speed * self.rate * f) % w
        elif self.kind in ("snow", "flakes"):
            y = (self.y0 + self.speed * self.rate * f) % h
            x = (self.x0 + 6 * np.sin(self.phase + f * 0.05 * self.rate)) % w
        else:
            x = (self.x0 + self.speed * self.rate * f) % w
            y = (self.y0 + 20 * np.sin(self.phase + f * 0.08)) % h
        xs = (x.astype(np.int64)[:, None] + self.off[None, :, 0]).ravel()
        ys = (y.astype(np.int64)[:, None] + self.off[None, :, 1]).ravel()
        ok = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
        xs, ys = xs[ok], ys[ok]
        a = self.opacity
        # a streak covers part of each 2x2 block its chroma sample stands for
        half = (ys >> 1) * (w >> 1) + (xs >> 1)
        for plane, index, value, alpha in ((frame[0], ys * w + xs, self.yuv[0], a),
                                           (frame[1], half, self.yuv[1], a // 3),
                                           (frame[2], half, self.yuv[2], a // 3)):
            flat = plane.reshape(-1)
            flat[index] = ((flat[index].astype(np.uint16) * (256 - alpha) + value * alpha)
                           >> 8).astype(np.uint8)


GREY_20, GREY_200, GREY_225 = (yuv.color((v, v, v))[0] for v in (20, 200, 225))


class FilmDamage:
    """Old-film specks and vertical scratches, new ones every frame (a few hundred pixels)."""
    weather = False

    def __init__(self, width, height, seed=0):
        self.width, self.height, self.seed = width, height, seed
        self.scratch_x = None

    def apply(self, frame, f):
        w, h = self.width, self.height
        rng = np.random.default_rng((self.seed, f))
        flat = frame[0].reshape(-1)  # grey specks: Y only
        n = int(rng.integers(0, 12))
        xs = rng.integers(0, w - 3, n)
        ys = rng.integers(0, h - 3, n)
        size = max(1, h // 360)
        for dx in range(size + 1):
            for dy in range(size + 1):
                idx = (ys + dy) * w + xs + dx
                flat[idx] = np.where(rng.random(n) < 0.5, GREY_20, GREY_225).astype(np.uint8)
        if self.scratch_x is None or rng.random() < 0.04:
            self.scratch_x = int(rng.integers(0, w)) if rng.random() < 0.6 else -1
        if self.scratch_x >= 0 and rng.random() < 0.85:
            x = min(w - 1, max(0, self.scratch_x + int(rng.integers(-1, 2))))
            self.scratch_x = x
            column = frame[0][:, x]  # halfway to grey 200, in Y
            column[...] = ((column.astype(np.uint16) + GREY_200) >> 1).astype(np.uint8)


def particles_for(weather, width, height, fps, seed=0, film_damage=False):
    kinds = {"Rainy": ["rain"], "Stormy": ["rain"], "Snowy": ["snow", "flakes"], "Windy": ["dust"]}
    out = [Particles(kind, width, height, fps, seed) for kind in kinds.get(weather, [])]
    if film_damage:
        out.append(FilmDamage(width, height, seed))
    return out
