"""Transitions between two scenes, per SPEC option (Fade, Cut, Dissolve, Wipe, Glitch, Horror Effect).

``draw_a(out, dx=0, dy=0)`` / ``draw_b`` paint the outgoing / incoming scene's current frame into
``out``; ``apply`` combines them for transition progress ``p`` (0-1) into ``buf``. Full-frame
arithmetic happens only during the short transition windows.
"""
import numpy as np

DURATIONS = {"Fade": 1.0, "Dissolve": 1.2, "Wipe": 0.8, "Glitch": 0.4, "Horror Effect": 0.7, "Cut": 0.0}


def duration(kind):
    return DURATIONS.get(kind, DURATIONS["Fade"])


def scale(buf, k):
    """Multiply the frame (or a view of it) by ``k`` (0-1) in place, in 8.8 fixed point."""
    w = int(round(min(1.0, max(0.0, k)) * 256))
    acc = buf.astype(np.uint16)
    acc *= w
    acc >>= 8
    buf[...] = acc


def mix(buf, other, k):
    """``buf = buf * (1 - k) + other * k`` on uint8 frames, in place."""
    w = int(round(k * 256))
    acc = buf.astype(np.uint16)
    acc *= 256 - w
    acc += other.astype(np.uint16) * w
    acc >>= 8
    buf[...] = acc


def apply(kind, p, draw_a, draw_b, buf, tmp, frame_number):
    p = min(1.0, max(0.0, p))
    if kind == "Dissolve":
        draw_a(buf)
        draw_b(tmp)
        mix(buf, tmp, p)
    elif kind == "Wipe":
        draw_a(buf)
        draw_b(tmp)
        w = buf.shape[1]
        x = int(p * w)
        buf[:, :x] = tmp[:, :x]
        edge = max(2, w // 80)
        lo, hi = max(0, x - edge), min(w, x + edge)
        if hi > lo:
            scale(buf[:, lo:hi], 0.3)
    elif kind == "Glitch":
        rng = np.random.default_rng(frame_number)
        (draw_a if p < 0.5 else draw_b)(buf)
        draw_b(tmp) if p < 0.5 else draw_a(tmp)
        h, w = buf.shape[:2]
        for _ in range(int(rng.integers(3, 8))):
            y0 = int(rng.integers(0, h - 2))
            y1 = min(h, y0 + int(rng.integers(2, max(3, h // 10))))
            buf[y0:y1] = np.roll(buf[y0:y1], int(rng.integers(-w // 10, w // 10)), axis=1)
        bh, bw = int(rng.integers(h // 10, h // 3)), int(rng.integers(w // 8, w // 2))
        by, bx = int(rng.integers(0, h - bh)), int(rng.integers(0, w - bw))
        buf[by:by + bh, bx:bx + bw] = tmp[by:by + bh, bx:bx + bw]
        s = int(rng.integers(4, max(5, w // 60)))
        buf[:, s:, 0] = buf[:, :-s, 0].copy()
    elif kind == "Horror Effect":
        rng = np.random.default_rng(frame_number)
        shake = int(12 * (1 - abs(p - 0.5) * 2))
        dx, dy = (int(rng.integers(-shake, shake + 1)), int(rng.integers(-shake, shake + 1))) if shake else (0, 0)
        (draw_a if p < 0.5 else draw_b)(buf, dx, dy)
        redness = 1 - abs(p - 0.5) * 2
        scale(buf[..., 1], 1 - 0.75 * redness)
        scale(buf[..., 2], 1 - 0.8 * redness)
        if 0.35 < p < 0.65 and frame_number % 3 == 0:
            np.subtract(255, buf, out=buf)
    elif kind == "Cut":
        (draw_a if p < 0.5 else draw_b)(buf)
    else:  # Fade (through black)
        if p < 0.5:
            draw_a(buf)
            scale(buf, 1 - 2 * p)
        else:
            draw_b(buf)
            scale(buf, 2 * p - 1)
    return buf
