"""Painting on a float32 (h, w, 3) image in 0-1: shapes drawn by PIL as masks, blended in a
colour, and soft glows of light."""
import numpy as np
from PIL import Image, ImageDraw, ImageFilter


def paste(img, mask, color, alpha=1.0):
    """Blend ``color`` into ``img`` where ``mask`` (h, w, 0-1) is set (only the rows it covers
    are touched: most masks are a band, the ground or the sky)."""
    rows = np.flatnonzero(mask.max(axis=1) > 0)
    if not len(rows):
        return
    top, bottom = rows[0], rows[-1] + 1
    m = (mask[top:bottom] * np.float32(alpha))[..., None]
    band = img[top:bottom]
    band *= 1 - m
    band += m * np.asarray(color, np.float32)


def mask(h, w, draw_fn, blur=0.0):
    """An (h, w) mask in 0-1 of what ``draw_fn`` draws on a PIL ``ImageDraw`` in white."""
    im = Image.new("L", (w, h), 0)
    draw_fn(ImageDraw.Draw(im))
    if blur:
        im = im.filter(ImageFilter.GaussianBlur(blur))
    return np.asarray(im, np.float32) / 255


def add_glow(img, cx, cy, radius, color):
    """``img += glow * color`` inside the glow's box only (beyond 3 radii it is < 0.0002)."""
    h, w = img.shape[:2]
    x0, x1 = max(0, int(cx - 3 * radius)), min(w, int(cx + 3 * radius) + 1)
    y0, y1 = max(0, int(cy - 3 * radius)), min(h, int(cy + 3 * radius) + 1)
    if x1 <= x0 or y1 <= y0:
        return
    # exp(-(dx² + dy²) / r²) = exp(-dx² / r²) · exp(-dy² / r²): two rows of exponentials and
    # one outer product, in float32, instead of an exponential per pixel in float64
    r2 = float(radius * radius)
    gx = np.exp(-((np.arange(x0, x1, dtype=np.float32) - np.float32(cx)) ** 2) / np.float32(r2))
    gy = np.exp(-((np.arange(y0, y1, dtype=np.float32) - np.float32(cy)) ** 2) / np.float32(r2))
    colour = np.asarray(color, np.float32)
    img[y0:y1, x0:x1] += gy[:, None, None] * (gx[:, None] * colour)[None, :, :]


def _shape(img, points, draw, pad, color, alpha):
    """Blend ``color`` into ``img`` where ``draw(ImageDraw, points)`` draws, working only on the
    shape's bounding box (grown by ``pad``), not on the whole frame."""
    h, w = img.shape[:2]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0 = max(0, int(np.floor(min(xs))) - pad), max(0, int(np.floor(min(ys))) - pad)
    x1, y1 = min(w, int(np.ceil(max(xs))) + pad + 1), min(h, int(np.ceil(max(ys))) + pad + 1)
    if x1 <= x0 or y1 <= y0:
        return
    moved = [(x - x0, y - y0) for x, y in points]
    paste(img[y0:y1, x0:x1], mask(y1 - y0, x1 - x0, lambda d: draw(d, moved)), color, alpha)


def polygon(img, points, color, alpha=1.0):
    """A filled polygon (frame coordinates) blended into ``img``."""
    _shape(img, points, lambda d, p: d.polygon(p, fill=255), 2, color, alpha)


def line(img, points, color, width=1, alpha=1.0):
    """A line through ``points`` of ``width`` pixels blended into ``img``."""
    _shape(img, points, lambda d, p: d.line(p, fill=255, width=width), width + 2, color, alpha)
