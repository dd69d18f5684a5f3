"""What stands in a room of a scene, painted in the room's one-point perspective
(``scenes._interior``): a bed in a bedroom, beds down a ward, a desk in an office, shelves in a
cellar, the great lens of a lighthouse's lamp room, stairs in a stairwell, a boiler in a boiler
room, and in a room the story does not name, one chair.

A room is measured ``across`` (0 its left wall, 1 its right wall), ``up`` (0 its floor, 1 its
ceiling) and in ``depth`` (0 the frame's edge, the doorway the scene is seen from; 1 its back
wall). The back wall is a rectangle of the frame, the doorway the frame itself, and a point is
drawn between the two by its depth.
"""
import numpy as np

from providers.video.imagery import canvas
from providers.video.imagery.canvas import add_glow

#: a room (``Shot.room``; "lamp room" by its first word) -> what stands in it, far to near
FURNISHINGS = {
    "bedroom": ("bed",), "chamber": ("bed",), "nursery": ("cot",),
    "dormitory": ("beds",), "ward": ("beds",),
    "office": ("desk",), "lobby": ("desk",), "study": ("desk",), "radio": ("desk",),
    "records": ("shelves", "desk"), "classroom": ("desks",), "school": ("desks",),
    "library": ("shelves", "armchair"),
    "kitchen": ("table",), "dining": ("table",), "mess": ("table",), "vestry": ("shelves", "table"),
    "pantry": ("shelves",), "cupboard": ("shelves",), "closet": ("shelves",),
    "cellar": ("shelves", "crates"), "basement": ("shelves", "crates"), "attic": ("crates",),
    "store": ("crates",), "staircase": ("stairs",), "stairwell": ("stairs",),
    "bathroom": ("bathtub",), "hydrotherapy": ("bathtub",), "laundry": ("bathtub",),
    "parlour": ("armchair",), "parlor": ("armchair",), "sitting": ("armchair",),
    "drawing": ("armchair",), "living": ("armchair",), "music": ("armchair",),
    "waiting": ("chairs",), "lamp": ("lens",),
    "boiler": ("boiler",), "engine": ("boiler",), "pump": ("boiler",), "generator": ("boiler",),
    "nave": ("pews",), "morgue": ("slab",), "quarters": ("bed",), "galley": ("table",),
    "pharmacy": ("shelves",), "darkroom": ("table",),
    "crypt": ("slab",), "vault": ("slab",), "operating": ("slab",), "cell": ("bed",), "compartment": ("bed",),
    "sleeping": ("bed",), "medical": ("beds",), "sick": ("beds",), "nurses'": ("desk", "shelves"),
    "lab": ("shelves", "table"), "pub": ("table",), "organ": ("pews",),
    "studio": ("desk",), "control": ("desk",), "projection": ("desk",), "auditorium": ("pews",),
    "barn": ("crates",), "hayloft": ("crates",), "shed": ("crates",), "loading": ("crates",),
    "shop": ("crates",), "transmitter": ("boiler",), "dressing": ("table",), "visiting": ("table",),
    "locker": ("shelves",), "specimen": ("shelves",), "bunk": ("bed",),
    "room": ("chair",),
}
WOOD = np.asarray((0.2, 0.12, 0.07), np.float32)
IRON = np.asarray((0.11, 0.11, 0.12), np.float32)
LINEN = np.asarray((0.5, 0.48, 0.43), np.float32)
BLANKETS = ((0.3, 0.27, 0.24), (0.26, 0.09, 0.08), (0.16, 0.2, 0.24))
VELVET = np.asarray((0.24, 0.06, 0.07), np.float32)
ENAMEL = np.asarray((0.6, 0.6, 0.55), np.float32)
BRASS = np.asarray((0.45, 0.37, 0.2), np.float32)
WARM = np.asarray((1.0, 0.74, 0.4), np.float32)


def furnishings(room):
    """What stands in ``room``: nothing in a corridor, a hall or a passage (their doors are
    along the walls), one chair in any other room not listed."""
    first = (room or "").split(" ")[0]
    if first in FURNISHINGS:
        return FURNISHINGS[first]
    return FURNISHINGS["room"] if room.endswith("room") else ()


class RoomSpace:
    """Draws in a room's perspective on ``img``; ``back``: the back wall's (x0, y0, x1, y1)."""

    def __init__(self, img, back, light=1.0):
        self.img, self.light = img, light
        self.h, self.w = img.shape[:2]
        self.x0, self.y0, self.x1, self.y1 = back

    def at(self, across, up, depth):
        """The frame's (x, y) of a point in the room."""
        fx, fy = across * self.w, self.h * (1 - up)
        bx = self.x0 + across * (self.x1 - self.x0)
        by = self.y1 - up * (self.y1 - self.y0)
        return fx + (bx - fx) * depth, fy + (by - fy) * depth

    def quad(self, corners, colour, alpha=1.0):
        """A flat shape through room points ``corners`` ((across, up, depth) each)."""
        canvas.polygon(self.img, [self.at(*corner) for corner in corners],
                       np.asarray(colour, np.float32) * self.light, alpha)

    def line(self, start, end, colour, width=1.0, alpha=1.0):
        canvas.line(self.img, [self.at(*start), self.at(*end)],
                    np.asarray(colour, np.float32) * self.light, max(1, int(width * self.w / 400)), alpha)

    def glow(self, across, up, depth, radius, colour):
        x, y = self.at(across, up, depth)
        add_glow(self.img, x, y, radius * self.h, np.asarray(colour, np.float32) * self.light)

    def box(self, across, up, depth, colour):
        """A box standing in the room, each of ``across``, ``up``, ``depth`` a (low, high)
        pair: the faces the doorway sees, the top lit, the sides in shade."""
        (a0, a1), (u0, u1), (d0, d1) = across, up, depth
        colour = np.asarray(colour, np.float32)
        if self.at(a0, u0, d1)[0] < self.at(a0, u0, d0)[0]:  # right of the eye: its left side
            self.quad([(a0, u0, d0), (a0, u0, d1), (a0, u1, d1), (a0, u1, d0)], colour * 0.62)
        if self.at(a1, u0, d1)[0] > self.at(a1, u0, d0)[0]:  # left of the eye: its right side
            self.quad([(a1, u0, d0), (a1, u0, d1), (a1, u1, d1), (a1, u1, d0)], colour * 0.62)
        if self.at(a0, u1, d1)[1] < self.at(a0, u1, d0)[1]:  # below the eye: its top
            self.quad([(a0, u1, d0), (a1, u1, d0), (a1, u1, d1), (a0, u1, d1)],
                      np.minimum(colour * 1.45 + 0.02, 1.0))
        self.quad([(a0, u0, d0), (a1, u0, d0), (a1, u1, d0), (a0, u1, d0)], colour)


def furnish(img, back, room, rng, side, night=False):
    """Paint what stands in ``room`` on ``img`` (the room painted, its back wall at ``back``);
    ``rng`` (seeded by the room) places it, so the room has the same things each time;
    ``side`` (1 or -1): the back wall's side that has the window."""
    space = RoomSpace(img, back, 0.75 if night else 1.0)
    for name in furnishings(room):
        PIECES[name](space, rng, side, night)


def _chair(space, across, depth, facing=0, colour=WOOD):
    """A chair at ``across``/``depth``, its back to the wall it stands by (``facing`` 1: the
    right, -1: the left, 0: toward the doorway)."""
    seat = (across - 0.05, across + 0.05)
    space.box(seat, (0.0, 0.15), (depth, depth + 0.05), colour * 0.6)
    if facing == 0:
        space.box(seat, (0.15, 0.38), (depth + 0.045, depth + 0.055), colour)
    else:
        edge = across - 0.05 if facing > 0 else across + 0.04
        space.box((edge, edge + 0.01), (0.15, 0.38), (depth, depth + 0.05), colour)


def bed(space, rng, side, night):
    """A bed, its head against the back wall, on the window's other side, with a pillow."""
    a0, a1 = (0.04, 0.42) if side > 0 else (0.58, 0.96)
    d0, d1 = 0.42, 0.8
    space.box((a0, a1), (0.0, 0.3), (d1, d1 + 0.02), WOOD)  # the headboard
    space.box((a0, a1), (0.0, 0.1), (d0, d1), WOOD * 0.8)
    space.box((a0 + 0.01, a1 - 0.01), (0.1, 0.16), (d0, d1 - 0.01),
              BLANKETS[int(rng.integers(len(BLANKETS)))])
    space.box((a0 + 0.03, a1 - 0.03), (0.16, 0.2), (d1 - 0.07, d1 - 0.015), LINEN)


def beds(space, rng, side, night):
    """Iron beds down both walls, their heads against the wall (a ward, a dormitory)."""
    colour = BLANKETS[int(rng.integers(len(BLANKETS)))]
    for d0 in (0.72, 0.5, 0.26):  # far to near
        d1 = d0 + 0.1
        for wall, inward in ((0.0, 1), (1.0, -1)):
            def across(near, far):
                return tuple(sorted((wall + inward * near, wall + inward * far)))  # noqa: B023 (called in this iteration)
            space.box(across(0.0, 0.015), (0.0, 0.24), (d0, d1), IRON)
            space.box(across(0.0, 0.3), (0.0, 0.1), (d0, d1), IRON)
            space.box(across(0.0, 0.3), (0.1, 0.15), (d0, d1), colour)
            space.box(across(0.02, 0.07), (0.15, 0.18), (d0 + 0.01, d1 - 0.01), LINEN)


def cot(space, rng, side, night):
    c = 0.5 - side * 0.22
    a0, a1 = c - 0.12, c + 0.12
    space.box((a0, a1), (0.0, 0.13), (0.55, 0.75), WOOD)
    space.box((a0 + 0.01, a1 - 0.01), (0.13, 0.16), (0.56, 0.74), LINEN * 0.8)
    for k in range(11):  # the bars, then the rail
        a = a0 + (a1 - a0) * k / 10
        space.line((a, 0.13, 0.55), (a, 0.32, 0.55), WOOD * 1.2, 1.5)
    space.box((a0, a1), (0.31, 0.33), (0.55, 0.75), WOOD * 1.2)
    space.glow(c + 0.25, 0.5, 0.8, 0.05, WARM * 0.15)  # a night light


def desk(space, rng, side, night):
    c = 0.5 - side * rng.uniform(0.08, 0.16)
    _chair(space, c, 0.64)
    space.box((c - 0.21, c - 0.12), (0.0, 0.22), (0.46, 0.6), WOOD * 0.8)  # pedestals
    space.box((c + 0.12, c + 0.21), (0.0, 0.22), (0.46, 0.6), WOOD * 0.8)
    space.box((c - 0.22, c + 0.22), (0.22, 0.25), (0.45, 0.61), WOOD)
    space.quad([(c - 0.12, 0.251, 0.49), (c - 0.02, 0.251, 0.49), (c - 0.03, 0.251, 0.56),
                (c - 0.13, 0.251, 0.56)], LINEN * 1.2, 0.9)  # papers
    space.box((c + 0.12, c + 0.15), (0.25, 0.34), (0.52, 0.55), BRASS)  # a lamp on it
    space.glow(c + 0.135, 0.33, 0.53, 0.07, WARM * (0.45 if night else 0.2))


def desks(space, rng, side, night):
    for depth in (0.62, 0.4, 0.18):
        for c in (0.22, 0.5, 0.78):
            space.box((c - 0.09, c - 0.08), (0.0, 0.19), (depth, depth + 0.1), WOOD * 0.7)
            space.box((c + 0.08, c + 0.09), (0.0, 0.19), (depth, depth + 0.1), WOOD * 0.7)
            space.box((c - 0.1, c + 0.1), (0.19, 0.22), (depth, depth + 0.1), WOOD)


def table(space, rng, side, night):
    c = 0.5 - side * rng.uniform(0.0, 0.08)
    for depth in (0.66, 0.48, 0.3):
        _chair(space, c - 0.19, depth, facing=-1)
        _chair(space, c + 0.19, depth, facing=1)
    for a in (c - 0.11, c + 0.09):
        for d in (0.25, 0.76):
            space.box((a, a + 0.02), (0.0, 0.24), (d, d + 0.02), WOOD * 0.7)
    space.box((c - 0.12, c + 0.12), (0.24, 0.27), (0.24, 0.79), WOOD)
    space.box((c - 0.01, c + 0.01), (0.27, 0.33), (0.5, 0.52), LINEN)  # a candle
    space.glow(c, 0.35, 0.51, 0.04, WARM * (0.4 if night else 0.15))


def shelves(space, rng, side, night):
    wall = 0.0 if side > 0 else 1.0  # the wall without the window
    inner = wall + (0.1 if wall == 0 else -0.1)
    a = (min(wall, inner), max(wall, inner))
    space.box(a, (0.0, 0.82), (0.18, 0.88), WOOD * 0.7)
    for k in range(5):
        u = 0.04 + k * 0.19
        for _ in range(int(rng.integers(4, 9))):  # jars, books, boxes on the shelf
            d = rng.uniform(0.2, 0.82)
            tall = rng.uniform(0.06, 0.14)
            colour = np.asarray((rng.uniform(0.15, 0.4), rng.uniform(0.12, 0.3),
                                 rng.uniform(0.08, 0.25)), np.float32)
            space.quad([(inner, u, d), (inner, u, d + 0.05), (inner, u + tall, d + 0.05),
                        (inner, u + tall, d)], colour)
        space.line((inner, u, 0.18), (inner, u, 0.88), WOOD * 1.3, 2)


def crates(space, rng, side, night):
    for _ in range(int(rng.integers(3, 6))):
        a = rng.uniform(0.02, 0.3) if rng.random() < 0.5 else rng.uniform(0.65, 0.85)
        size = rng.uniform(0.12, 0.22)
        d = rng.uniform(0.4, 0.8)
        space.box((a, a + size), (0.0, size * 1.1), (d, d + size * 0.8),
                  WOOD * rng.uniform(0.8, 1.3))


def stairs(space, rng, side, night):
    c = 0.5 + side * 0.12
    steps = 10
    for k in reversed(range(steps)):  # far (high) to near
        d0 = 0.15 + k * 0.07
        space.box((c - 0.17, c + 0.17), (0.0, (k + 1) * 0.075), (d0, d0 + 0.07), WOOD)
    rail = c + side * 0.17
    space.line((rail, 0.3, 0.15), (rail, 0.3 + steps * 0.075, 0.15 + steps * 0.07), WOOD * 1.5, 3)
    for k in range(0, steps, 2):
        d0 = 0.15 + k * 0.07
        space.line((rail, (k + 1) * 0.075, d0), (rail, (k + 1) * 0.075 + 0.22, d0), WOOD * 1.3, 1.5)


def bathtub(space, rng, side, night):
    c = 0.5 - side * 0.15
    space.box((c - 0.2, c + 0.2), (0.0, 0.17), (0.62, 0.96), ENAMEL * 0.8)
    space.quad([(c - 0.17, 0.171, 0.65), (c + 0.17, 0.171, 0.65), (c + 0.17, 0.171, 0.93),
                (c - 0.17, 0.171, 0.93)], (0.05, 0.06, 0.05))  # dark water


def armchair(space, rng, side, night):
    c = 0.5 - side * 0.2
    space.box((c - 0.12, c + 0.12), (0.0, 0.42), (0.66, 0.72), VELVET)  # its back
    space.box((c - 0.1, c + 0.1), (0.0, 0.15), (0.5, 0.67), VELVET * 0.8)  # the seat
    space.box((c - 0.13, c - 0.09), (0.0, 0.24), (0.5, 0.7), VELVET)  # the arms
    space.box((c + 0.09, c + 0.13), (0.0, 0.24), (0.5, 0.7), VELVET)
    lamp = c + 0.2 * (1 if c < 0.5 else -1)  # a standard lamp beside it
    space.line((lamp, 0.0, 0.72), (lamp, 0.55, 0.72), BRASS, 2)
    space.quad([(lamp - 0.05, 0.5, 0.72), (lamp + 0.05, 0.5, 0.72), (lamp + 0.03, 0.62, 0.72),
                (lamp - 0.03, 0.62, 0.72)], (0.5, 0.38, 0.22))
    space.glow(lamp, 0.56, 0.72, 0.1, WARM * (0.5 if night else 0.2))


def chairs(space, rng, side, night):
    wall = 0.06 if side > 0 else 0.94
    for depth in (0.7, 0.55, 0.4, 0.25):
        _chair(space, wall, depth, facing=1 if wall < 0.5 else -1)


def chair(space, rng, side, night):
    _chair(space, 0.5 - side * rng.uniform(0.1, 0.2), rng.uniform(0.5, 0.65))


def lens(space, rng, side, night):
    """The lighthouse's great lens on its pedestal, lit (the light it sends out)."""
    space.box((0.44, 0.56), (0.0, 0.28), (0.55, 0.65), IRON)
    x, top = space.at(0.5, 0.82, 0.6)
    _, bottom = space.at(0.5, 0.28, 0.6)
    half = (space.at(0.62, 0.5, 0.6)[0] - x)
    glass = np.asarray((0.42, 0.5, 0.45), np.float32) * space.light
    rings = 9
    for k in range(rings):  # bands of prisms, widest at the middle
        t0, t1 = k / rings, (k + 1) / rings
        y0, y1 = top + (bottom - top) * t0, top + (bottom - top) * t1
        width0 = half * (0.55 + 0.45 * np.sin(np.pi * t0))
        width1 = half * (0.55 + 0.45 * np.sin(np.pi * t1))
        shade = 1.15 if k % 2 else 0.8
        canvas.polygon(space.img, [(x - width0, y0), (x + width0, y0), (x + width1, y1), (x - width1, y1)],
                       glass * shade)
    add_glow(space.img, x, (top + bottom) / 2, half * 1.3, WARM * (0.8 if night else 0.35))


def boiler(space, rng, side, night):
    c = 0.5 - side * 0.18
    space.box((c - 0.17, c + 0.17), (0.0, 0.58), (0.52, 0.82), IRON)
    for u in (0.12, 0.3, 0.48):  # its seams
        space.line((c - 0.17, u, 0.52), (c + 0.17, u, 0.52), IRON * 2, 1.5)
    space.quad([(c - 0.06, 0.06, 0.519), (c + 0.06, 0.06, 0.519), (c + 0.06, 0.16, 0.519),
                (c - 0.06, 0.16, 0.519)], (0.9, 0.35, 0.08))  # the firebox door, glowing
    space.glow(c, 0.1, 0.5, 0.08, (0.9, 0.35, 0.08))
    for a in (c - 0.1, c + 0.08):  # pipes up into the ceiling
        space.box((a, a + 0.03), (0.58, 1.0), (0.64, 0.67), IRON * 1.3)


def pews(space, rng, side, night):
    """Pews down both sides of the aisle, toward an altar and its candles at the back."""
    space.box((0.4, 0.6), (0.0, 0.22), (0.86, 0.96), LINEN * 0.9)
    for a in (0.44, 0.56):
        space.glow(a, 0.3, 0.9, 0.03, WARM * (0.6 if night else 0.25))
    for depth in (0.72, 0.56, 0.4):  # far to near
        for a0, a1 in ((0.04, 0.38), (0.62, 0.96)):
            space.box((a0, a1), (0.0, 0.12), (depth, depth + 0.05), WOOD * 0.7)
            space.box((a0, a1), (0.0, 0.26), (depth + 0.05, depth + 0.065), WOOD)


def slab(space, rng, side, night):
    """The morgue's drawers in the back wall and a steel table, a body under a sheet on it."""
    first = 0.38 if side > 0 else 0.18  # clear of the door in the back wall
    for row in range(2):
        for col in range(2):
            a0, u0 = first + col * 0.24, 0.12 + row * 0.3
            space.quad([(a0, u0, 1.0), (a0 + 0.2, u0, 1.0), (a0 + 0.2, u0 + 0.24, 1.0),
                        (a0, u0 + 0.24, 1.0)], IRON * 2.2)
            space.quad([(a0 + 0.08, u0 + 0.1, 1.0), (a0 + 0.12, u0 + 0.1, 1.0),
                        (a0 + 0.12, u0 + 0.13, 1.0), (a0 + 0.08, u0 + 0.13, 1.0)], BRASS)
    c = 0.5 - side * 0.12
    space.box((c - 0.1, c + 0.1), (0.0, 0.22), (0.45, 0.75), IRON * 2.5)
    space.box((c - 0.08, c + 0.08), (0.22, 0.27), (0.47, 0.7), LINEN)  # the sheet over it
    space.box((c - 0.05, c + 0.05), (0.22, 0.3), (0.66, 0.73), LINEN)  # its head


PIECES = {"bed": bed, "beds": beds, "cot": cot, "desk": desk, "desks": desks, "table": table,
          "shelves": shelves, "crates": crates, "stairs": stairs, "bathtub": bathtub,
          "armchair": armchair, "chairs": chairs, "chair": chair, "lens": lens,
          "boiler": boiler, "pews": pews, "slab": slab}
