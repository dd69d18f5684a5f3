"""Streams video frames: per-scene layers are prepared once at frame size, each frame is a view.

Frames are built in the encoder's own format, planar YUV 4:2:0 (``yuv``), so ffmpeg neither
converts nor receives more than 1.5 bytes a pixel. For every scene the painting (procedural or a
fetched key image) is upscaled once to a canvas slightly larger than the frame, with film grain
(variants A/B) that travels with a panning view; a zooming view gets its grain after the camera,
fixed on the frame. A layered painting (see ``scenes.paint``) is split into that background and
a foreground sprite with alpha (the key element and figures), see ``layers``. A frame is the
camera's view of the background, a crop when it only pans or a nearest-neighbour resample of a
box when it pushes in or pulls out, with the foreground pasted over it where a nearer layer
would be (it travels and magnifies more: parallax); then dim
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

from providers.video.frames import layers, overlays, transitions, yuv
from providers.video.frames.layers import Layer
from providers.video.frames.subtitles import cue_at

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
    # (and the narration's ONNX runs hand theirs back sentence by sentence); the per-frame work
    # therefore allocates nothing that large: each would cost fresh pages
    _LIBC.mallopt(-3, 1 << 20)  # M_MMAP_THRESHOLD
    # two malloc arenas, not eight per core: the render's threads (two voices, the painter, the
    # music, the mix, the next scene) each left a part-used arena behind; the 60 s benchmark's
    # Python side while encoding went from 291-310 to 281-287 MiB
    _LIBC.mallopt(-8, 2)  # M_ARENA_MAX


def trim_heap():
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _nearest(plane, x, y, box_w, box_h, out, scratch):
    """The (box_w, box_h) box at (x, y) of ``plane`` resampled into ``out`` (height, width),
    nearest neighbour: rows gathered into ``scratch`` (height, plane width), then columns (no
    frame-size temporaries: each would be a fresh mmap, see ``_LIBC``)."""
    height, width = out.shape
    rows = np.clip(((np.arange(height) + 0.5) * (box_h / height) + y).astype(np.intp), 0,
                   plane.shape[0] - 1)
    cols = np.clip(((np.arange(width) + 0.5) * (box_w / width) + x).astype(np.intp), 0,
                   plane.shape[1] - 1)
    # mode "clip" (the indices are in range): "raise" would gather into a hidden copy first
    np.take(plane, rows, axis=0, out=scratch, mode="clip")
    np.take(scratch, cols, axis=1, out=out, mode="clip")


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


class Compositor:
    def __init__(self, width, height, fps, duration, plan, painter, look, transition="Fade",
                 weather="", cues=(), burn_subtitles=True, watermark=False, seed=0,
                 stormy=False, pace="medium", title_sprites=(), title_seconds=0.0,
                 word_captions=False):
        self.width, self.height, self.fps = width, height, fps
        self.n_frames = int(round(duration * fps))
        self.plan = plan
        self.painter = painter
        self.look = look
        self.transition = transition
        self.trans_frames = int(round(transitions.duration(transition) * fps))
        self.cues = list(cues)
        self.burn = burn_subtitles
        self.word_captions = word_captions
        self.seed = seed
        margin = max(0.0, look.drift)
        self.cw = width + 2 * int(math.ceil(width * margin / 2)) + 2 * look.jitter
        self.ch = height + 2 * int(math.ceil(height * margin / 2)) + 2 * look.jitter
        rng = np.random.default_rng(seed + 5)
        self.grain = []
        if look.grain > 0:
            # noise equal on R, G and B only changes Y
            for _ in range(GRAIN_VARIANTS if look.grain_every else 1):
                self.grain.append((rng.standard_normal((self.ch, self.cw), dtype=np.float32)
                                   * (look.grain * yuv.LUMA_GAIN)).astype(np.int16))
        # grain of zooming scenes, fixed on the frame
        self.frame_grain = [layers.frame_grain(noise[:height, :width]) for noise in self.grain]
        # frame-level schedules: flicker runs and lightning flashes
        self.flicker = np.zeros(self.n_frames + 1, bool)
        if look.flicker > 0:
            starts = np.flatnonzero(rng.random(self.n_frames + 1) < look.flicker / 2)
            for s in starts:
                self.flicker[s:s + int(rng.integers(1, 3))] = True
        self.flash = np.zeros(self.n_frames + 1, bool)
        if stormy:
            from providers.video.audio.music import lightning_times
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
        self._cue_sprite = (None, None, {})
        self._layers = {}
        self._rows = {}  # plane -> scratch rows of a zooming view's resample
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
        back, sprite, at = layers.split_layers(self.painter(scene, self.cw, self.ch))
        ph, pw = back.shape[:2]
        variants, canvas = layers.background(back, self.cw, self.ch, self.grain, zooms)
        del back
        if sprite is not None:  # the foreground at canvas scale, with the first grain
            sprite, at = layers.foreground(sprite, at, (self.cw / pw, self.ch / ph), self.grain,
                                           zooms)
        first, last = self.scene_frames[i]
        count = last - first + self.trans_frames
        j = self.look.jitter
        rng = np.random.default_rng(self.seed * 31 + i)
        jitter = rng.integers(-j, j + 1, size=(count // max(1, self.look.hold) + 2, 2)) if j else None
        return Layer(variants, canvas, sprite, at, *camera, first, last - first, jitter)

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
        front = self._foreground_at(layer, cx, cy, zoom) if layer.sprite is not None else None
        if layer.zooms:
            key = (variant, round(cx, 2), round(cy, 2), round(zoom, 5), front)
        else:
            key = (variant, round(x), round(y), front)
        if layer.base[0] == key:  # the camera has not moved a pixel: the last frame again
            for plane, base in zip(out, layer.base[1]):
                np.copyto(plane, base)
        else:
            self._view(layer, out, x, y, cx, cy, zoom, variant)
            if front is not None:
                layers.paste(out, self._foreground(layer, front[2]), front[0], front[1])
            if self.look.scanlines:
                yuv.scale_luma(out[0][::3], 0.72)
            base = layer.base[1] or [np.empty_like(plane) for plane in out]
            for plane, copy in zip(out, base):
                np.copyto(copy, plane)
            layer.base = (key, base)
        if self.flash[min(f, len(self.flash) - 1)]:  # a few frames per storm: done in RGB
            rgb = yuv.to_rgb(out)
            for c, lut in enumerate(FLASH_LUTS):
                rgb[..., c] = lut[rgb[..., c]]
            yuv.from_rgb(rgb, out)
        elif self.flicker[min(f, len(self.flicker) - 1)]:
            yuv.scale_toward_black(out, self.look.flicker_depth)

    def _view(self, layer, out, x, y, cx, cy, zoom, variant):
        """The background as the camera sees it: a crop of the canvas, or a resampled box."""
        if not layer.zooms:
            layer.canvas.crop(round(x), round(y), self.width, self.height, out,
                              layer.variants[variant])
            return
        # the camera looks at the view's centre, magnified: a nearest-neighbour resample of the
        # box it sees (the canvas is already smooth, upscaled from the painting)
        hw, hh = self.width / 2 / zoom, self.height / 2 / zoom
        for k, (plane, target) in enumerate(zip(layer.canvas, out)):  # Y, then half-size U, V
            d = 1 if k == 0 else 2
            shape = (target.shape[0], plane.shape[1])
            if self._rows.get(k, np.empty(0)).shape != shape:
                self._rows[k] = np.empty(shape, np.uint8)
            _nearest(plane, (cx - hw) / d, (cy - hh) / d, 2 * hw / d, 2 * hh / d, target,
                     self._rows[k])
        if self.frame_grain:
            layers.add_frame_grain(out[0], self.frame_grain[variant], out[0])  # in place

    def _foreground_at(self, layer, cx, cy, zoom):
        """``(left, top, scale)`` of the foreground in the frame: it is nearer, so it travels
        and magnifies more than the background."""
        mid_x, mid_y = self.cw / 2, self.ch / 2
        fx = mid_x + (cx - mid_x) * PARALLAX
        fy = mid_y + (cy - mid_y) * PARALLAX
        fz = 1.0 + (zoom - 1.0) * FOREGROUND_PUSH
        left = round((layer.sprite_at[0] - fx) * fz + self.width / 2)
        top = round((layer.sprite_at[1] - fy) * fz + self.height / 2)
        return left, top, fz

    def _foreground(self, layer, fz):
        """The foreground's parts magnified ``fz`` times (zooming views; resized once a size)."""
        sprite = layer.sprite
        if not isinstance(sprite[0], Image.Image):
            return sprite
        size = (max(1, round(sprite[0].width * fz)), max(1, round(sprite[0].height * fz)))
        if layer.sized[0] != size:
            half = (max(1, round(sprite[2].width * fz)), max(1, round(sprite[2].height * fz)))
            layer.sized = (size, [np.asarray(part.resize(size if k < 2 else half, Image.NEAREST))
                                  for k, part in enumerate(sprite)])
        return layer.sized[1]

    # --- the stream ----------------------------------------------------------------------------

    def frames(self):
        """Yield each frame as a new ``(h, w, 3)`` uint8 RGB array, in order (for tools and
        tests; the encoder takes ``yuv_frames``)."""
        for buf in self.yuv_frames():
            yield yuv.to_rgb(yuv.planes(buf, self.width, self.height))

    def yuv_frames(self):
        """Yield each frame (the same reused flat I420 uint8 buffer, see ``yuv``) in order."""
        size = yuv.frame_bytes(self.width, self.height)
        flat, spare = np.empty(size, np.uint8), np.empty(size, np.uint8)
        buf = yuv.planes(flat, self.width, self.height)
        tmp = yuv.planes(spare, self.width, self.height)
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
                        lambda out, dx=0, dy=0: self._draw(a, f, out, dx, dy),  # noqa: B023 (called in this iteration)
                        lambda out, dx=0, dy=0: self._draw(b, f, out, dx, dy),  # noqa: B023 (called in this iteration)
                        buf, tmp, f)
                else:
                    self._draw(self._layer(scene), f, buf)
                indoors = bool(getattr(self.plan[scene].shot, "room", ""))
                for particles in self.particles:
                    if not (indoors and particles.weather):  # no rain falls in a room
                        particles.apply(buf, f)
                if self.letterbox:
                    lb = self.letterbox
                    chroma_rows = (lb + 1) // 2
                    for plane, value, rows in zip(buf, yuv.BLACK, (lb, chroma_rows, chroma_rows)):
                        plane[:rows] = value
                        plane[-rows:] = value
                if self.title_frames and f < self.title_frames:
                    fade = max(0, f - (self.title_frames - self.fps * 0.6)) / (self.fps * 0.6)
                    level = min(len(self.title_sprites) - 1, int(fade * len(self.title_sprites)))
                    self.title_sprites[level].apply_yuv(buf)
                if f == self.poster_frame:
                    self.poster = yuv.to_rgb(buf)
                if f in self.thumb_frames:  # planes made small first: cheap to convert
                    self.thumbnails[self.thumb_frames[f]] = self._thumbnail(buf)
                if self.burn and self.cues:
                    self._subtitle(buf, f / self.fps)
                if self.watermark is not None:
                    self.watermark.apply_yuv(buf)
                yield flat
        finally:
            self.close()

    def _thumbnail(self, buf):
        height = max(2, int(round(self.height * THUMB_WIDTH / self.width)))
        sizes = ((THUMB_WIDTH, height), ((THUMB_WIDTH + 1) // 2, (height + 1) // 2))
        small = [np.asarray(Image.fromarray(p).resize(sizes[min(k, 1)], Image.BILINEAR))
                 for k, p in enumerate(buf)]
        return Image.fromarray(yuv.to_rgb(small))

    def _subtitle(self, buf, t):
        self._cue_hint, cue = cue_at(self.cues, t, self._cue_hint)
        if cue is None:
            return
        if self._cue_sprite[0] is not cue:
            margin = 0.06 + (self.look.letterbox / 2 if self.look.letterbox else 0) * 0.3
            self._cue_sprite = (cue, overlays.subtitle_sprite(cue.text, self.width, self.height,
                                                              self.sub_size, margin=margin), {})
        _cue, sprite, said = self._cue_sprite
        sprite.apply_yuv(buf)
        word = cue.word_at(t) if self.word_captions else None
        if word is not None:  # the word being said, highlighted over the cue
            if word not in said:
                said[word] = overlays.word_sprite(sprite, word, self.width, self.height)
            said[word].apply_yuv(buf)
