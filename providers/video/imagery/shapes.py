"""Places no game-icons.net picture draws, drawn as silhouettes in the icons' manner (a coverage
mask in a ``size`` square, standing on its bottom edge): a ger (round felt wall, low cone of a
roof, its crown ring and door), a cable car (a pylon on the ground, its cable across the sky,
the cabin hanging from it), a ger's felt door (a quilted felt curtain in a low door frame, its
top rolled) and a rider on horseback (a figure, not a place)."""
import functools

import numpy as np
from PIL import Image, ImageDraw

SUPER = 3  # drawn larger and shrunk: smooth edges


def _ger(d, s):
    wall_top, base = s * 0.7, s * 0.98
    d.rounded_rectangle([s * 0.06, wall_top, s * 0.94, base], radius=s * 0.05, fill=255)  # felt wall
    d.chord([s * 0.0, s * 0.5, s * 1.0, s * 0.9], 180, 360, fill=255)  # the low domed roof
    d.rectangle([s * 0.45, s * 0.47, s * 0.55, s * 0.52], fill=255)  # the crown (toono)
    d.rectangle([s * 0.6, s * 0.36, s * 0.635, s * 0.52], fill=255)  # the stove's flue
    d.rectangle([s * 0.43, s * 0.78, s * 0.57, base - s * 0.01], fill=0)  # the felt door
    for y in (0.76, 0.9):  # the ropes round the felt
        d.line([(s * 0.06, s * y), (s * 0.94, s * y)], fill=0, width=max(1, int(s * 0.01)))


def _gondola(d, s):
    foot = s * 0.995
    d.polygon([(s * 0.04, foot), (s * 0.1, s * 0.12), (s * 0.14, s * 0.12), (s * 0.2, foot)], fill=255)  # pylon
    d.rectangle([s * 0.02, s * 0.1, s * 0.22, s * 0.14], fill=255)
    cable = max(2, int(s * 0.012))
    d.line([(s * 0.02, s * 0.12), (s * 1.0, s * 0.02)], fill=255, width=cable)  # the cable
    cx = s * 0.6
    top = s * 0.12 - (cx / s) * s * 0.1
    d.line([(cx, top), (cx, top + s * 0.16)], fill=255, width=max(2, int(s * 0.02)))  # the hanger
    d.rounded_rectangle([cx - s * 0.16, top + s * 0.16, cx + s * 0.16, top + s * 0.46],
                        radius=s * 0.04, fill=255)  # the cabin
    for k in range(3):  # its windows
        x = cx - s * 0.13 + k * s * 0.09
        d.rectangle([x, top + s * 0.2, x + s * 0.07, top + s * 0.3], fill=0)


def _felt_door(d, s):
    """A ger's door seen from outside: the felt curtain hanging to the ground, quilted in
    diamonds, its top edge rolled up, in a low dark door frame, the ger's felt wall with its ropes
    at both sides and the edge of the roof above."""
    foot, wall_top = s * 0.99, s * 0.2
    line = max(1, int(s * 0.014))
    x0, x1, top = s * 0.27, s * 0.73, s * 0.36
    frame = s * 0.06

    def wall(a, b):  # the felt wall between x=a and x=b, its two ropes
        d.rectangle([a, wall_top, b, foot], fill=255)
        for y in (0.3, 0.92):
            d.line([(a, s * y), (b, s * y)], fill=0, width=line)
    d.chord([-s * 0.2, -s * 0.25, s * 1.2, wall_top + s * 0.08], 0, 180, fill=255)  # the roof's edge
    wall(0, s)
    d.line([(0, wall_top), (s, wall_top)], fill=0, width=line * 2)  # where the roof meets the wall
    d.rectangle([x0 - frame, top - frame, x1 + frame, foot], fill=0)  # the frame's dark opening
    d.rectangle([x0, top, x1, foot], fill=255)  # the curtain
    step = (x1 - x0) / 2.5
    for k in range(-4, 5):  # the quilting: stitched diagonals both ways
        x = x0 + (x1 - x0) / 2 + k * step
        d.line([(x, top), (x + (foot - top) * 0.6, foot)], fill=0, width=line)
        d.line([(x, top), (x - (foot - top) * 0.6, foot)], fill=0, width=line)
    d.rectangle([x0 - frame, top - frame, x0 - 1, foot], fill=0)  # the frame again, over the stitches
    d.rectangle([x1 + 1, top - frame, x1 + frame, foot], fill=0)
    wall(0, x0 - frame)
    wall(x1 + frame, s)
    d.rectangle([x0 - frame * 0.4, top - frame * 0.9, x1 + frame * 0.4, top + s * 0.06], fill=255)  # the roll
    d.line([(x0 - frame * 0.4, top - frame * 0.1), (x1 + frame * 0.4, top - frame * 0.1)], fill=0, width=line)


def _rider(d, s):
    """A rider on horseback seen side on, facing right: the horse's barrel, neck and head, four
    legs and a tail; the rider upright in the saddle, a cloak falling behind."""
    foot = s * 0.99
    d.ellipse([s * 0.2, s * 0.46, s * 0.74, s * 0.7], fill=255)  # the barrel
    d.polygon([(s * 0.62, s * 0.52), (s * 0.74, s * 0.3), (s * 0.8, s * 0.27), (s * 0.74, s * 0.58)],
              fill=255)  # the neck
    d.polygon([(s * 0.73, s * 0.27), (s * 0.81, s * 0.24), (s * 0.95, s * 0.37), (s * 0.92, s * 0.41),
               (s * 0.78, s * 0.36)], fill=255)  # the head, its muzzle down
    d.polygon([(s * 0.76, s * 0.26), (s * 0.78, s * 0.19), (s * 0.8, s * 0.25)], fill=255)  # an ear
    leg = max(2, int(s * 0.035))
    for top, bottom in (((0.28, 0.64), (0.24, 0.98)), ((0.34, 0.66), (0.38, 0.98)),
                        ((0.62, 0.64), (0.6, 0.98)), ((0.68, 0.64), (0.74, 0.98))):
        d.line([(s * top[0], s * top[1]), (s * bottom[0], min(foot, s * bottom[1]))], fill=255, width=leg)
    d.polygon([(s * 0.21, s * 0.5), (s * 0.1, s * 0.62), (s * 0.12, s * 0.8), (s * 0.2, s * 0.58)],
              fill=255)  # the tail
    d.polygon([(s * 0.42, s * 0.5), (s * 0.44, s * 0.22), (s * 0.54, s * 0.22), (s * 0.56, s * 0.5)],
              fill=255)  # the rider's body
    d.ellipse([s * 0.44, s * 0.1, s * 0.54, s * 0.22], fill=255)  # the head
    d.polygon([(s * 0.44, s * 0.2), (s * 0.3, s * 0.5), (s * 0.42, s * 0.48)], fill=255)  # the cloak
    d.line([(s * 0.5, s * 0.5), (s * 0.52, s * 0.68)], fill=255, width=leg)  # a leg down the flank


DRAW = {"ger": _ger, "gondola": _gondola, "rider": _rider, "felt-door": _felt_door}


@functools.lru_cache(maxsize=64)
def mask(name, size):
    """Coverage of shape ``name`` in a ``size`` square, float32 0-1, read-only."""
    big = size * SUPER
    img = Image.new("L", (big, big), 0)
    DRAW[name](ImageDraw.Draw(img), big)
    out = np.asarray(img.resize((size, size), Image.LANCZOS), np.float32) / 255
    out.setflags(write=False)
    return out
