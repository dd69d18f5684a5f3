"""The bundled game-icons.net art (the whole set, CC BY 3.0) as alpha masks, rasterised with resvg.

``mask(name, size)`` gives a float32 (size, size) coverage mask in 0-1, cached per size; names
beginning ``drawn:`` are figures drawn as the story describes them (``figures``), ``shape:`` the
places no icon draws (``shapes``: a ger, a cable car on its cable).
"""
import functools
import gzip
import io
import json
from pathlib import Path

import numpy as np
from PIL import Image

from providers.video.imagery import figures

DATA = Path(__file__).resolve().parents[1] / "data"
ATTRIBUTION = "Icons: game-icons.net, CC BY 3.0"
DRAWN = "drawn:"
SHAPE = "shape:"


@functools.lru_cache(maxsize=1)
def catalog():
    """{"size": 512, "icons": {name: SVG body}, "aliases": {name: name}} (all of game-icons)."""
    return json.loads(gzip.decompress((DATA / "game-icons.json.gz").read_bytes()))


@functools.lru_cache(maxsize=256)
def _mask(name, size):
    import resvg_py
    data = catalog()
    body = data["icons"].get(name) or data["icons"][data["aliases"][name]]
    box = data.get("size", 512)
    body = body.replace("<path ", '<path fill="currentColor" ')
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
           f'viewBox="0 0 {box} {box}" color="#fff">{body}</svg>')
    png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size, skip_system_fonts=True)
    alpha = np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGBA"))[..., 3]
    out = alpha.astype(np.float32) / 255
    out.setflags(write=False)
    return out


def mask(name, size):
    """Coverage of icon ``name`` drawn in a ``size`` x ``size`` square (read-only array); a name
    ``drawn:<look>`` is a figure drawn as the story describes it (``figures.mask``)."""
    if name.startswith(DRAWN):
        return figures.mask(name[len(DRAWN):], max(4, int(size)))
    if name.startswith(SHAPE):
        from providers.video.imagery import shapes
        return shapes.mask(name[len(SHAPE):], max(4, int(size)))
    return _mask(name, max(4, int(size)))


def stamp(target, name, x, y, size, color, alpha=1.0, flip=False):
    """Paint icon ``name`` in ``color`` into float image ``target`` with its top-left at (x, y)."""
    m = mask(name, size)
    if flip:
        m = m[:, ::-1]
    h, w = target.shape[:2]
    x, y, s = int(x), int(y), m.shape[0]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(w, x + s), min(h, y + s)
    if x1 <= x0 or y1 <= y0:
        return
    a = m[y0 - y:y1 - y, x0 - x:x1 - x, None] * alpha
    region = target[y0:y1, x0:x1]
    region *= 1 - a
    region += a * np.asarray(color, np.float32)


@functools.lru_cache(maxsize=4096)
def ground_row(name, size):
    """The lowest row of icon ``name`` at ``size`` that it covers (its feet): an icon is drawn
    standing on the ground line, not with its empty margin above it."""
    rows = np.nonzero(mask(name, size).max(axis=1) > 0.3)[0]
    return int(rows[-1]) if len(rows) else size - 1


def stand(target, name, cx, ground_y, size, color, alpha=1.0, flip=False):
    """Paint icon ``name`` centred on ``cx`` with its lowest covered row on ``ground_y``."""
    stamp(target, name, cx - size / 2, ground_y - ground_row(name, int(size)), size, color,
          alpha, flip)
