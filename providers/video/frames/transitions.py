"""Transitions between two scenes, per SPEC option (Fade, Cut, Dissolve, Wipe, Glitch, Horror Effect).

Frames are (Y, U, V) plane tuples (see ``yuv``). ``draw_a(out, dx=0, dy=0)`` / ``draw_b`` paint
the outgoing / incoming scene's current frame into ``out``; ``apply`` combines them for
transition progress ``p`` (0-1) into ``buf``. Full-frame arithmetic happens only during the short
transition windows.
"""
import numpy as np

from providers.video.frames import yuv

DURATIONS = {"Fade": 1.0, "Dissolve": 1.2, "Wipe": 0.8, "Glitch": 0.4, "Horror Effect": 0.7, "Cut": 0.0}


def duration(kind):
    return DURATIONS.get(kind, DURATIONS["Fade"])


def scale(buf, k):
    """Multiply an RGB frame (or a view of it) by ``k`` (0-1) in place, in 8.8 fixed point."""
    w = int(round(min(1.0, max(0.0, k)) * 256))
    acc = buf.astype(np.uint16)
    acc *= w
    acc >>= 8
    buf[...] = acc


def mix(buf, other, k):
    """``buf = buf * (1 - k) + other * k`` on uint8 planes, in place."""
    w = int(round(k * 256))
    for a, b in zip(buf, other):
        acc = a.astype(np.uint16)
        acc *= 256 - w
        acc += b.astype(np.uint16) * w
        acc >>= 8
        a[...] = acc


def _columns(planes, lo, hi):
    """The views of columns ``lo:hi`` (luma pixels) in each plane."""
    return tuple(p[:, a:b] for p, (a, b) in zip(planes, ((lo, hi), (lo // 2, hi // 2),
                                                          (lo // 2, hi // 2))))


def _glitch(p, draw_a, draw_b, buf, tmp, frame_number):
    rng = np.random.default_rng(frame_number)
    (draw_a if p < 0.5 else draw_b)(buf)
    draw_b(tmp) if p < 0.5 else draw_a(tmp)
    h, w = buf[0].shape
    for _ in range(int(rng.integers(3, 8))):  # torn rows
        y0 = int(rng.integers(0, h - 2))
        y1 = min(h, y0 + int(rng.integers(2, max(3, h // 10))))
        shift = int(rng.integers(-w // 10, w // 10))
        buf[0][y0:y1] = np.roll(buf[0][y0:y1], shift, axis=1)
        for c in buf[1:]:
            c[y0 // 2:y1 // 2] = np.roll(c[y0 // 2:y1 // 2], shift // 2, axis=1)
    bh, bw = int(rng.integers(h // 10, h // 3)), int(rng.integers(w // 8, w // 2))
    by, bx = int(rng.integers(0, h - bh)), int(rng.integers(0, w - bw))
    buf[0][by:by + bh, bx:bx + bw] = tmp[0][by:by + bh, bx:bx + bw]  # a block of the other scene
    for c, o in zip(buf[1:], tmp[1:]):
        c[by // 2:(by + bh) // 2, bx // 2:(bx + bw) // 2] = o[by // 2:(by + bh) // 2,
                                                              bx // 2:(bx + bw) // 2]
    s = max(1, int(rng.integers(4, max(5, w // 60))) // 2)  # the red split off to the side
    v = buf[2]
    v[:, s:] = v[:, :-s].copy()


def _horror(p, draw_a, draw_b, buf, frame_number):
    rng = np.random.default_rng(frame_number)
    shake = int(12 * (1 - abs(p - 0.5) * 2))
    dx, dy = (int(rng.integers(-shake, shake + 1)), int(rng.integers(-shake, shake + 1))) if shake else (0, 0)
    (draw_a if p < 0.5 else draw_b)(buf, dx, dy)
    rgb = yuv.to_rgb(buf)  # a red wash: only a few frames per boundary, done in RGB
    redness = 1 - abs(p - 0.5) * 2
    scale(rgb[..., 1], 1 - 0.75 * redness)
    scale(rgb[..., 2], 1 - 0.8 * redness)
    if 0.35 < p < 0.65 and frame_number % 3 == 0:
        np.subtract(255, rgb, out=rgb)
    yuv.from_rgb(rgb, buf)


def apply(kind, p, draw_a, draw_b, buf, tmp, frame_number):
    p = min(1.0, max(0.0, p))
    if kind == "Dissolve":
        draw_a(buf)
        draw_b(tmp)
        mix(buf, tmp, p)
    elif kind == "Wipe":
        draw_a(buf)
        draw_b(tmp)
        w = buf[0].shape[1]
        x = int(p * w)
        for a, b in zip(_columns(buf, 0, x), _columns(tmp, 0, x)):
            a[...] = b
        edge = max(2, w // 80)
        lo, hi = max(0, x - edge), min(w, x + edge)
        if hi > lo:
            yuv.scale_toward_black(_columns(buf, lo, hi), 0.3)
    elif kind == "Glitch":
        _glitch(p, draw_a, draw_b, buf, tmp, frame_number)
    elif kind == "Horror Effect":
        _horror(p, draw_a, draw_b, buf, frame_number)
    elif kind == "Cut":
        (draw_a if p < 0.5 else draw_b)(buf)
    else:  # Fade (through black)
        if p < 0.5:
            draw_a(buf)
            yuv.scale_toward_black(buf, 1 - 2 * p)
        else:
            draw_b(buf)
            yuv.scale_toward_black(buf, 2 * p - 1)
    return buf
