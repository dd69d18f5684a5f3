"""Frames as the encoder stores them: planar YUV 4:2:0 (BT.601, limited range), in numpy.

The compositor builds each frame straight in this format from per-scene planes, so ffmpeg gets
half the bytes of RGB and skips its own RGB -> YUV conversion (a third of its CPU time here).
Pictures are converted once per scene, at paint size, and only the planes are upscaled.

A frame is one flat uint8 buffer (Y, then U, then V) and ``planes(buf, w, h)`` its three views.
"""
import numpy as np
from PIL import Image

#: RGB 0-255 -> (Y, U, V) as swscale computes them for yuv420p (BT.601, limited range)
TO_YUV = np.array([[0.256788, 0.504129, 0.097906],
                   [-0.148223, -0.290993, 0.439216],
                   [0.439216, -0.367788, -0.071427]], np.float32)
OFFSET = np.array([16.0, 128.0, 128.0], np.float32)
BLACK = (16, 128, 128)
#: how much of an equal change to R, G and B reaches Y
LUMA_GAIN = float(TO_YUV[0].sum())


def frame_bytes(width, height):
    return width * height * 3 // 2


def planes(buf, width, height):
    """(Y, U, V) views of a flat I420 buffer."""
    n, q = width * height, (width // 2) * (height // 2)
    return (buf[:n].reshape(height, width), buf[n:n + q].reshape(height // 2, width // 2),
            buf[n + q:n + 2 * q].reshape(height // 2, width // 2))


def to_float_yuv(rgb):
    """uint8 or float (h, w, 3) RGB 0-255 -> float32 (3, h, w) YUV."""
    rgb = np.asarray(rgb, np.float32)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    # by hand, not tensordot: a BLAS call leaves OpenBLAS's threads spinning on the other
    # cores (~1.5 CPU-s wasted per minute of video, measured)
    out = np.empty((3, *rgb.shape[:2]), np.float32)
    for k, (kr, kg, kb) in enumerate(TO_YUV):
        np.multiply(r, kr, out=out[k])
        out[k] += g * kg
        out[k] += b * kb
        out[k] += OFFSET[k]
    return out


def color(rgb):
    """(Y, U, V) ints of one RGB colour."""
    return tuple(int(round(v)) for v in TO_YUV @ np.asarray(rgb, np.float32) + OFFSET)


def _u8(a):
    return np.clip(np.rint(a), 0, 255).astype(np.uint8)


def to_rgb(yuv):
    """(Y, U, V) planes (chroma at half size) -> uint8 (h, w, 3) RGB."""
    y, u, v = yuv
    h, w = y.shape
    u = np.repeat(np.repeat(u, 2, axis=0), 2, axis=1)[:h, :w].astype(np.float32) - 128
    v = np.repeat(np.repeat(v, 2, axis=0), 2, axis=1)[:h, :w].astype(np.float32) - 128
    y = (y.astype(np.float32) - 16) * 1.164383
    out = np.empty((h, w, 3), np.uint8)
    out[..., 0] = _u8(y + 1.596027 * v)
    out[..., 1] = _u8(y - 0.391762 * u - 0.812968 * v)
    out[..., 2] = _u8(y + 2.017232 * u)
    return out


def from_rgb(rgb, out):
    """Write uint8 (h, w, 3) RGB into (Y, U, V) planes ``out`` (chroma: 2x2 averages)."""
    y, u, v = out
    h, w = y.shape
    f = to_float_yuv(rgb)
    y[...] = _u8(f[0])
    for plane, c in ((u, f[1]), (v, f[2])):
        c = c[:h // 2 * 2, :w // 2 * 2]
        plane[...] = _u8(c.reshape(h // 2, 2, w // 2, 2).mean(axis=(1, 3)))


def subsample(values, weight=None):
    """2x2 averages of a full-size plane (float), weighted by ``weight`` when given."""
    h, w = values.shape
    h2, w2 = h // 2, w // 2
    values = values[:h2 * 2, :w2 * 2]
    if weight is None:
        return values.reshape(h2, 2, w2, 2).mean(axis=(1, 3))
    weight = weight[:h2 * 2, :w2 * 2].astype(np.float32)
    total = weight.reshape(h2, 2, w2, 2).sum(axis=(1, 3))
    summed = (values * weight).reshape(h2, 2, w2, 2).sum(axis=(1, 3))
    return summed / np.maximum(total, 1e-6)


class Canvas:
    """A picture upscaled to a canvas (cw, ch) as a Y plane and chroma planes for each of the
    four (x, y) parities of a crop's corner, so a crop at any integer position is three copies.

    Made from the picture at its own size: the planes are upscaled, not the RGB."""

    def __init__(self, rgb, cw, ch):
        ph, pw = rgb.shape[:2]
        yuv = to_float_yuv(rgb)
        self.size = (cw, ch)
        self.y = self._resize(yuv[0], (cw, ch), (0, 0, pw, ph))
        sx, sy = pw / cw, ph / ch
        self.chroma = {}
        for py in (0, 1):
            for px in (0, 1):
                n_w, n_h = (cw - px) // 2, (ch - py) // 2
                box = (px * sx, py * sy, (px + 2 * n_w) * sx, (py + 2 * n_h) * sy)
                self.chroma[px, py] = tuple(self._resize(c, (n_w, n_h), box) for c in yuv[1:])

    @staticmethod
    def _resize(plane, size, box):
        img = Image.fromarray(plane.astype(np.float32), "F").resize(size, Image.BICUBIC, box=box)
        return _u8(np.asarray(img))

    def crop(self, x, y, width, height, out, luma=None):
        """Copy the (width, height) view at integer (x, y) into planes ``out``."""
        oy, ou, ov = out
        np.copyto(oy, (self.y if luma is None else luma)[y:y + height, x:x + width])
        cu, cv = self.chroma[x & 1, y & 1]
        x2, y2 = x >> 1, y >> 1
        np.copyto(ou, cu[y2:y2 + height // 2, x2:x2 + width // 2])
        np.copyto(ov, cv[y2:y2 + height // 2, x2:x2 + width // 2])


def scale_toward_black(plane_set, k):
    """Darken planes by ``k`` (0-1) in place, in 8.8 fixed point: Y toward 16, U/V toward 128."""
    w = int(round(min(1.0, max(0.0, k)) * 256))
    for plane, base in zip(plane_set, BLACK):
        _scale(plane, w, base)


#: rows per pass of the in-place arithmetic: a band's uint16 scratch stays well below the 1 MB
#: above which every allocation is a fresh mmap (see ``compositor``), whose page faults cost more
#: than the arithmetic
BAND_ROWS = 128


def _scale(plane, w, base):
    lift = base * (256 - w)
    for r in range(0, plane.shape[0], BAND_ROWS):
        band = plane[r:r + BAND_ROWS]
        acc = band.astype(np.uint16)
        acc *= w
        acc += lift
        acc >>= 8
        band[...] = acc


def scale_luma(plane, k):
    """Darken a Y plane (or a view of it) toward black by ``k``."""
    _scale(plane, int(round(min(1.0, max(0.0, k)) * 256)), BLACK[0])
