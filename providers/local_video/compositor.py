"""Streams video frames: per-scene layers are prepared once at frame size, each frame is a view.

For every scene the painting (procedural or a fetched key image) is upscaled once to a canvas
slightly larger than the frame, with film grain (variants A/B) that travels with a panning
view; a zooming view gets its grain after the camera, fixed on the frame. A layered painting (see
``scenes.paint``) is split into that background and a foreground sprite with alpha (the key
element and figures). A frame is the camera's view of the background, a crop when it only pans or
a nearest-neighbour resample of a box when it pushes in or pulls out, with the foreground pasted
over it where a nearer layer would be (it travels and magnifies more: parallax); then dim
"flicker" frames and lightning flashes, sparse overlays (weather particles, subtitles, watermark)
and, near scene boundaries, a transition. What the camera does (push-in, pull-out, pan) is chosen
by pacing and varies scene by scene. Only the current and the next scene are held in memory, and
the next one is prepared on a worker thread while the current one streams.
"""
import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from PIL import Image

from . import overlays, transitions
from .subtitles import cue_at

GRAIN_VARIANTS = 2
#: a lightning flash, per channel: (gain, lift)
FLASH_LUTS = [np.clip(np.arange(256) * gain + lift, 0, 255).astype(np.uint8)
              for gain, lift in ((1.5, 70), (1.55, 75), (1.7, 95))]


def _libc():
    try:
        import ctypes
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


_LIBC = _libc()
if _LIBC is not None:
    # frame-size arrays (> 1 MB) always get their own mmap, so freeing a scene gives memory back
    _LIBC.mallopt(-3, 1 << 20)  # M_MMAP_THRESHOLD


def _add_grain(img, noise):
    """``img += noise`` (uint8 image, int16 noise) in row bands, clipped, in place."""
    for r in range(0, img.shape[0], 128):
        band = img[r:r + 128].astype(np.int16)
        band += noise[r:r + 128]
        np.clip(band, 0, 255, out=band)
        img[r:r + 128] = band


def _frame_grain(noise):
    """int16 ``(h, w, 1)`` noise -> (cap, lift, drop) ``(h, w, 3)`` uint8 arrays for
    ``_add_frame_grain`` (full channels: numpy is slow on a broadcast last axis)."""
    lift = np.repeat(np.clip(noise, 0, 255).astype(np.uint8), 3, axis=2)
    return 255 - lift, lift, np.repeat(np.clip(-noise, 0, 255).astype(np.uint8), 3, axis=2)


def _add_frame_grain(img, grain, out):
    """``out = img + noise``, saturating, with four uint8 passes (no int16 temporaries)."""
    cap, lift, drop = grain
    img = np.minimum(img, cap, out=out)
    img += lift
    np.maximum(img, drop, out=img)
    img -= drop
    return img


def trim_heap():
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


@dataclass
class ScenePlan:
    start: float
    end: float
    text: str
    index: int
    shot: object = None  # pictures.Shot: what the scene shows
    card: str = ""  # "end": the end card instead of a painting
    line: int = 0  # index of the script line the scene narrates


#: camera moves, cycled scene by scene: (start, end) as -1..1 positions in the margin (x, y)
MOVES = (((-1, 0.2), (1, -0.2)), ((1, -0.3), (-1, 0.1)), ((0, 1), (0, -1)),
         ((-0.8, -0.8), (0.8, 0.6)), ((0.9, 0.7), (-0.6, -0.9)))
#: share of the margin a move travels, by pace (``script.pace``)
TRAVEL = {"slow": 0.55, "medium": 0.8, "fast": 1.0, "intense": 1.0}
#: what the camera does in each scene, cycled scene by scene (offset by the seed), by pace:
#: "push" zooms in, "pull" zooms out (a reveal), "pan" only travels
SHOTS = {"slow": ("push", "pan", "pan", "push", "pull"),
         "medium": ("push", "pan", "pull", "push", "pan"),
         "fast": ("push", "pan", "push", "pull"),
         "intense": ("push", "push", "pull", "push", "pan")}
#: how much a push-in magnifies the background over a scene, by pace
PUSH = {"slow": 0.08, "medium": 0.11, "fast": 0.14, "intense": 0.18}
#: the foreground layer is nearer the camera: it travels and magnifies this many times as much
#: as the background (parallax)
PARALLAX = 1.8
FOREGROUND_PUSH = 2.2
#: frames between two resamples of a zooming background (the foreground moves every frame)
ZOOM_EVERY = 3
THUMB_WIDTH = 320


@dataclass
class Layer:
    variants: list  # background canvases, one per grain variant: uint8 arrays, PIL images to zoom
    sprite: tuple  # foreground at canvas scale: (colour, through) uint8 arrays (PIL images to
    # zoom), colour 0 and through 255 where the background shows; or None
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
    view: tuple = (None, None)  # (key, frame): the last zoomed background view
    sized: tuple = (None, None)  # (size, (colour, through)): the last zoomed foreground

    @property
    def zooms(self):
        return self.z0 != 1.0 or self.z1 != 1.0


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


def _uint8(img):
    if img is None or img.dtype == np.uint8:
        return img
    return (np.clip(img, 0, 1) * 255).astype(np.uint8)


class Compositor:
    def __init__(self, width, height, fps, duration, plan, painter, look, transition="Fade",
                 weather="", cues=(), burn_subtitles=True, watermark=False, seed=0,
                 stormy=False, pace="medium", title_sprites=(), title_seconds=0.0):
        self.width, self.height, self.fps = width, height, fps
        self.n_frames = int(round(duration * fps))
        self.plan = plan
        self.painter = painter
        self.look = look
        self.transition = transition
        self.trans_frames = int(round(transitions.duration(transition) * fps))
        self.cues = list(cues)
        self.burn = burn_subtitles
        self.seed = seed
        margin = max(0.0, look.drift)
        self.cw = width + 2 * int(math.ceil(width * margin / 2)) + 2 * look.jitter
        self.ch = height + 2 * int(math.ceil(height * margin / 2)) + 2 * look.jitter
        rng = np.random.default_rng(seed + 5)
        self.grain = []
        if look.grain > 0:
            for _ in range(GRAIN_VARIANTS if look.grain_every else 1):
                self.grain.append((rng.standard_normal((self.ch, self.cw, 1), dtype=np.float32)
                                   * look.grain).astype(np.int16))
        # grain of zooming scenes, fixed on the frame
        self.frame_grain = [_frame_grain(noise[:height, :width]) for noise in self.grain]
        # frame-level schedules: flicker runs and lightning flashes
        self.flicker = np.zeros(self.n_frames + 1, bool)
        if look.flicker > 0:
            starts = np.flatnonzero(rng.random(self.n_frames + 1) < look.flicker / 2)
            for s in starts:
                self.flicker[s:s + int(rng.integers(1, 3))] = True
        self.flash = np.zeros(self.n_frames + 1, bool)
        if stormy:
            from .music import lightning_times
            for t in lightning_times(duration, seed):
                f = int(t * fps)
                for k in (0, 1, 3):
                    if f + k < len(self.flash):
                        self.flash[f + k] = True
        self.particles = overlays.particles_for(weather, width, height, fps, seed, look.film_damage)
        self.letterbox = int(height * look.letterbox / 2) if look.letterbox else 0
        self.watermark = overlays.text_sprite("Dreadforge", width, height, max(12, height // 28),
                                              anchor="corner", opacity=150) if watermark else None
        self.sub_size = max(14, int(min(width, height * 1.4) * 0.04))
        self.pace = pace
        self.travel = TRAVEL.get(pace, TRAVEL["medium"])
        self.title_sprites = list(title_sprites)
        self.title_frames = int(title_seconds * fps) if self.title_sprites else 0
        self.thumbnails = {}  # scene index -> small PIL image of the scene's middle frame
        self._cue_hint = 0
        self._cue_sprite = (None, None)
        self._layers = {}
        self._pending = {}
        self._pool = ThreadPoolExecutor(max_workers=1)
        self.scene_frames = []  # (first, last) frame numbers of each scene
        for scene in plan:
            a = int(round(scene.start * fps))
            b = int(round(scene.end * fps))
            self.scene_frames.append((a, max(a + 1, b)))
        self.poster = None
        self.poster_frame = min(self.n_frames - 1, max(0, int(min(2.0, duration / 3) * fps)))
        self.thumb_frames = {min(self.n_frames - 1, (a + b) // 2): i
                             for i, (a, b) in enumerate(self.scene_frames)}

    # --- scene layers --------------------------------------------------------------------------

    def _prepare(self, i):
        scene = self.plan[i]
        camera = self._camera(i, scene)
        zooms = camera[4] != 1.0 or camera[5] != 1.0  # zoomed views are resampled by PIL
        back, sprite, at = split_layers(self.painter(scene, self.cw, self.ch))
        ph, pw = back.shape[:2]
        canvas = np.array(Image.fromarray(back).resize((self.cw, self.ch), Image.BICUBIC))
        variants = []
        # a zooming background gets its grain after the camera, fixed on the frame: grain
        # resampled with the view would change every few frames and cost the encoder dearly
        for noise in self.grain if not zooms else ():  # in row bands: no int16 temporaries
            v = canvas.copy() if len(self.grain) > 1 else canvas
            _add_grain(v, noise)
            variants.append(v)
        if not variants:
            variants.append(Image.fromarray(canvas) if zooms else canvas)
        del canvas
        if sprite is not None:  # the foreground at canvas scale, with the first grain
            sx, sy = self.cw / pw, self.ch / ph
            size = (max(1, round(sprite.shape[1] * sx)), max(1, round(sprite.shape[0] * sy)))
            at = (round(at[0] * sx), round(at[1] * sy))
            big = np.array(Image.fromarray(sprite, "RGBA").resize(size, Image.BICUBIC))
            keep = big[..., 3:] > 127
            colour = np.ascontiguousarray(big[..., :3])  # 0 outside the foreground
            del big
            if self.grain:
                noise = self.grain[0][at[1]:at[1] + size[1], at[0]:at[0] + size[0]]
                _add_grain(colour[:noise.shape[0], :noise.shape[1]], noise)
            colour *= keep
            through = np.repeat(np.where(keep, 0, 255).astype(np.uint8), 3, axis=2)
            sprite = (colour, through)  # through: 255 where the background shows
            if zooms:
                sprite = tuple(Image.fromarray(part) for part in sprite)
        first, last = self.scene_frames[i]
        count = last - first + self.trans_frames
        j = self.look.jitter
        rng = np.random.default_rng(self.seed * 31 + i)
        jitter = rng.integers(-j, j + 1, size=(count // max(1, self.look.hold) + 2, 2)) if j else None
        return Layer(variants, sprite, at, *camera, first, last - first, jitter)

    def _camera(self, i, scene):
        """(x0, y0, x1, y1, z0, z1): where the camera's view starts and ends, and its zoom."""
        mx, my = self.cw - self.width, self.ch - self.height
        j = self.look.jitter
        cx, cy = mx / 2, my / 2
        rx, ry = (mx / 2 - j) * 0.95 * self.travel, (my / 2 - j) * 0.95 * self.travel
        (ax, ay), (bx, by) = MOVES[(i + self.seed) % len(MOVES)]
        shots = SHOTS.get(self.pace, SHOTS["medium"])
        shot = shots[(i + self.seed) % len(shots)]
        push = PUSH.get(self.pace, PUSH["medium"])
        z0, z1 = {"push": (1.0, 1.0 + push), "pull": (1.0 + push, 1.0)}.get(shot, (1.0, 1.0))
        if shot != "pan":  # a zoom travels less: the move stays on its subject
            ax, ay, bx, by = ax * 0.4, ay * 0.4, bx * 0.4, by * 0.4
        if scene.card:
            ax = ay = bx = by = 0.0
            z0 = z1 = 1.0
        return cx + rx * ax, cy + ry * ay, cx + rx * bx, cy + ry * by, z0, z1

    def _layer(self, i):
        if i not in self._layers:
            future = self._pending.pop(i, None)
            self._layers[i] = future.result() if future else self._prepare(i)
        return self._layers[i]

    def _prefetch(self, i):
        if 0 <= i < len(self.plan) and i not in self._layers and i not in self._pending:
            self._pending[i] = self._pool.submit(self._prepare, i)

    def _release_before(self, i):
        for k in [k for k in self._layers if k < i]:
            del self._layers[k]
        trim_heap()

    def close(self):
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._layers.clear()
        self._pending.clear()

    # --- one scene frame -----------------------------------------------------------------------

    def _draw(self, layer, f, out, dx=0, dy=0):
        local = f - layer.first
        hold = max(1, self.look.hold)
        step = local // hold
        held = step * hold
        if layer.zooms:  # the background's view is resampled every few frames (see ZOOM_EVERY)
            held -= held % ZOOM_EVERY
        p = min(1.0, max(0.0, held / max(1, layer.count - 1)))
        p = p * p * (3 - 2 * p) * 0.85 + p * 0.15  # ease in/out, never fully stopping
        x = layer.x0 + (layer.x1 - layer.x0) * p + dx
        y = layer.y0 + (layer.y1 - layer.y0) * p + dy
        if layer.jitter is not None:
            jx, jy = layer.jitter[min(step, len(layer.jitter) - 1)]
            x += jx
            y += jy
        x = min(max(x, 0), self.cw - self.width)
        y = min(max(y, 0), self.ch - self.height)
        every = max(hold, self.look.grain_every or 1)
        variant = (f // every) % max(1, len(self.grain))  # grain variant
        zoom = layer.z0 + (layer.z1 - layer.z0) * p
        cx, cy = x + self.width / 2, y + self.height / 2
        if layer.zooms:
            key = (variant, round(cx, 2), round(cy, 2), round(zoom, 5))
            if layer.view[0] != key:
                # the camera looks at the view's centre, magnified: a nearest-neighbour resample
                # of the box it sees (the canvas is already smooth, upscaled from the painting)
                hw, hh = self.width / 2 / zoom, self.height / 2 / zoom
                view = np.asarray(layer.variants[0].resize((self.width, self.height),
                                                           Image.NEAREST,
                                                           box=(cx - hw, cy - hh, cx + hw, cy + hh)))
                if self.frame_grain:
                    view = _add_frame_grain(view, self.frame_grain[variant], np.empty_like(view))
                layer.view = (key, view)
            np.copyto(out, layer.view[1])
        else:
            x, y = round(x), round(y)
            np.copyto(out, layer.variants[variant][y:y + self.height, x:x + self.width])
        if layer.sprite is not None:
            self._paste_foreground(out, layer, cx, cy, zoom)
        if self.look.scanlines:
            transitions.scale(out[::3], 0.72)
        if self.flash[min(f, len(self.flash) - 1)]:
            for c, lut in enumerate(FLASH_LUTS):
                out[..., c] = lut[out[..., c]]
        elif self.flicker[min(f, len(self.flicker) - 1)]:
            transitions.scale(out, self.look.flicker_depth)

    def _paste_foreground(self, out, layer, cx, cy, zoom):
        """The foreground is nearer: it travels and magnifies more than the background."""
        mid_x, mid_y = self.cw / 2, self.ch / 2
        fx = mid_x + (cx - mid_x) * PARALLAX
        fy = mid_y + (cy - mid_y) * PARALLAX
        fz = 1.0 + (zoom - 1.0) * FOREGROUND_PUSH
        sprite = layer.sprite
        if isinstance(sprite[0], Image.Image):
            size = (max(1, round(sprite[0].width * fz)), max(1, round(sprite[0].height * fz)))
            if layer.sized[0] != size:
                layer.sized = (size, [np.asarray(part.resize(size, Image.NEAREST))
                                      for part in sprite])
            sprite = layer.sized[1]
        colour, through = sprite
        left = round((layer.sprite_at[0] - fx) * fz + self.width / 2)
        top = round((layer.sprite_at[1] - fy) * fz + self.height / 2)
        h, w = colour.shape[:2]
        x0, y0 = max(0, left), max(0, top)
        x1, y1 = min(self.width, left + w), min(self.height, top + h)
        if x1 <= x0 or y1 <= y0:
            return
        region = out[y0:y1, x0:x1]
        rows, cols = slice(y0 - top, y1 - top), slice(x0 - left, x1 - left)
        np.bitwise_and(region, through[rows, cols], out=region)  # a masked copy, byte-wise
        np.bitwise_or(region, colour[rows, cols], out=region)

    # --- the stream ----------------------------------------------------------------------------

    def frames(self):
        """Yield each frame (the same reused ``(h, w, 3)`` uint8 buffer) in order."""
        buf = np.empty((self.height, self.width, 3), np.uint8)
        tmp = np.empty_like(buf)
        scene = 0
        half = self.trans_frames // 2
        self._prefetch(0)
        self._prefetch(1)
        try:
            for f in range(self.n_frames):
                while scene + 1 < len(self.plan) and f >= self.scene_frames[scene + 1][0] + half:
                    scene += 1
                    self._release_before(scene)
                    self._prefetch(scene + 1)
                nxt = scene + 1
                boundary = self.scene_frames[nxt][0] if nxt < len(self.plan) else None
                if boundary is not None and self.trans_frames and f >= boundary - half:
                    a, b = self._layer(scene), self._layer(nxt)
                    p = (f - (boundary - half)) / max(1, self.trans_frames)
                    transitions.apply(
                        self.transition, p,
                        lambda out, dx=0, dy=0: self._draw(a, f, out, dx, dy),
                        lambda out, dx=0, dy=0: self._draw(b, f, out, dx, dy),
                        buf, tmp, f)
                else:
                    self._draw(self._layer(scene), f, buf)
                for particles in self.particles:
                    particles.apply(buf, f)
                if self.letterbox:
                    buf[:self.letterbox] = 0
                    buf[-self.letterbox:] = 0
                if self.title_frames and f < self.title_frames:
                    fade = max(0, f - (self.title_frames - self.fps * 0.6)) / (self.fps * 0.6)
                    level = min(len(self.title_sprites) - 1, int(fade * len(self.title_sprites)))
                    self.title_sprites[level].apply(buf)
                if f == self.poster_frame:
                    self.poster = buf.copy()
                if f in self.thumb_frames:
                    thumb = Image.fromarray(buf)
                    height = max(2, int(round(self.height * THUMB_WIDTH / self.width)))
                    self.thumbnails[self.thumb_frames[f]] = thumb.resize((THUMB_WIDTH, height),
                                                                          Image.BILINEAR)
                if self.burn and self.cues:
                    self._subtitle(buf, f / self.fps)
                if self.watermark is not None:
                    self.watermark.apply(buf)
                yield buf
        finally:
            self.close()

    def _subtitle(self, buf, t):
        self._cue_hint, cue = cue_at(self.cues, t, self._cue_hint)
        if cue is None:
            return
        if self._cue_sprite[0] is not cue:
            margin = 0.06 + (self.look.letterbox / 2 if self.look.letterbox else 0) * 0.3
            self._cue_sprite = (cue, overlays.subtitle_sprite(cue.text, self.width, self.height,
                                                              self.sub_size, margin=margin))
        self._cue_sprite[1].apply(buf)
