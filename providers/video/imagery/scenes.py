"""Procedural key images: one painting per scene, at a small "paint" size, as float32 RGB 0-1.

A scene is layered: sky and light by time of day and weather (gradient, moon or sun, clouds),
distant hills, the setting's silhouette on the horizon (a game-icons.net picture matched to the
story's setting), ground and fog, then the line's key element lit in the foreground and the
characters as black silhouettes (a ``pictures.Shot``). A scene inside a room of the place
(``Shot.room``: "office", "lamp room") is painted as that room instead, seen from its doorway,
with what stands in it (``furniture``: a desk, the great lens). The animation style (``Look``) changes
how the layers are drawn, not only their colours. Everything is seeded, so the same request paints
the same pictures.
"""
import copy
import math

import numpy as np

from providers.video.imagery import canvas, furniture, icons, insides, lands, worlds
from providers.video.imagery import weather as skies
from providers.video.imagery.canvas import add_glow
from providers.video.imagery.canvas import mask as _mask
from providers.video.imagery.canvas import paste as _paste
from providers.video.imagery.paint_base import (
    _gradient,
    _rng_for,
    _tree,
    fbm,
    is_night,
    sky_colours,
)
from providers.video.imagery.pictures import ShotPlanner
from providers.video.imagery.scene_styles import _abstract, _geometric, _style


def paint(w, h, look, text="", genre="", mood="", time_of_day="", weather="", seed=0, index=0,
          shot=None, layered=False):
    """A float32 (h, w, 3) painting in 0-1 for one scene showing ``shot`` (from ``text``
    when not given). ``layered``: a ``(painting, background)`` pair, the background being the
    same painting without its foreground (key element, figures), so the compositor can move the
    foreground apart from the background (parallax); only landscapes have one, other looks give
    ``(painting, None)``."""
    if shot is None:
        shot = ShotPlanner(text, genre).shot(text, index)
    rng = _rng_for(seed, f"scene{index}:{text[:80]}")
    back = None
    if look.abstract:
        img = _abstract(w, h, rng, genre, shot)
    elif look.geometric:
        img = _geometric(w, h, rng, time_of_day, shot)
    elif getattr(shot, "inside", "") == "ger":
        img = insides.ger(w, h, rng, _rng_for(seed, f"inside:{shot.setting_icon}"), time_of_day, weather)
        back = img.copy() if layered else None
        foreground(img, w, h, rng, look, *shot.icon_names()[1:], 1 if rng.random() < 0.5 else -1, back,
                   close=_close_one(shot), colours=getattr(shot, "figure_colours", ()),
                   large=getattr(shot, "large", False))
    elif shot.room:
        img, back = _interior(w, h, rng, _rng_for(seed, f"room:{shot.setting}:{shot.room}"),
                              look, shot, time_of_day, weather, layered)
    else:
        img, back = _landscape(w, h, rng, look, shot, time_of_day, weather, layered)
    if back is not None:  # the same style (warp, bloom, noise) on both layers
        back = _style(back, look, copy.deepcopy(rng), mood)
    img = _style(img, look, rng, mood)
    return (img, back) if layered else img


WATER_SETTINGS = {"ship", "sea", "lake", "lighthouse"}
LIT_SETTINGS = {"lighthouse": (0.27, 0.13), "house": (0.45, 0.45), "cabin": (0.5, 0.55),
                "church": (0.5, 0.5), "hospital": (0.5, 0.55), "castle": (0.5, 0.5),
                "farmhouse": (0.5, 0.6), "school": (0.5, 0.6), "village": (0.5, 0.6)}


def _landscape(w, h, rng, look, shot, time_of_day, weather, layered=False):
    zenith, horizon_col = sky_colours(time_of_day)
    horizon = rng.uniform(0.6, 0.66)
    land = getattr(shot, "land", None) or worlds.DEFAULT
    snowy = weather == "Snowy" or land.snow
    light = lands.light_of(time_of_day)
    img = _gradient(h, w, zenith, horizon_col, horizon)
    if look.minimal:  # one flat colour: the pictures carry the scene
        img[...] = (np.asarray(zenith, np.float32) + np.asarray(horizon_col, np.float32)) * 0.6
    night = is_night(time_of_day)
    # stars and the moon / a pale sun
    if night and weather in ("", "Clear") and not look.minimal:
        stars = rng.random((h, w)) > 0.9985
        img[stars] = np.maximum(img[stars], 0.8)
    side = 1 if rng.random() < 0.5 else -1  # the setting stands left or right of the centre
    cx, cy = w * (0.5 - side * rng.uniform(0.15, 0.3)), h * rng.uniform(0.12, 0.26)
    tint = (0.95, 0.25, 0.2) if look.red_accent else (0.92, 0.92, 0.82)
    if night and not look.minimal:
        r = h * rng.uniform(0.06, 0.09)
        alpha, blur, halo = skies.moon_through(weather)  # fog veils it, rain hides it
        moon = _mask(h, w, lambda d: d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=255),
                     blur=max(1, r * blur))
        add_glow(img, cx, cy, r * halo, np.array(tint, np.float32) * 0.18 * max(alpha, 0.35))
        if alpha:
            _paste(img, moon, tint, alpha)
        if look.shaded and alpha:  # a lit sphere instead of a disc
            yy, xx = np.ogrid[:h, :w]
            shade = np.clip(1 - ((xx - cx + r * 0.4) ** 2 + (yy - cy + r * 0.4) ** 2) / (1.6 * r * r), 0.25, 1)
            img *= np.where(moon[..., None] > 0.5, shade[..., None], 1).astype(np.float32)
    else:
        add_glow(img, cx, cy, h * 0.25, (0.25, 0.22, 0.15))
    # clouds
    cloudy = {"Cloudy": 0.55, "Rainy": 0.7, "Stormy": 0.85, "Foggy": 0.3, "Snowy": 0.6,
              "Windy": 0.6}.get(weather, 0.15)
    clouds = skies.clouds(h, w, rng, weather)
    cmask = np.clip((clouds - (1 - cloudy) * 0.75) * 3, 0, 1) * (1 - np.linspace(0, 1, h)[:, None] * 0.7)
    if look.minimal:
        cmask = cmask * 0
    ccol = np.array((0.16, 0.16, 0.2), np.float32) if night else np.array((0.45, 0.45, 0.48), np.float32)
    _paste(img, cmask.astype(np.float32), ccol, 0.85)
    # distant hills
    base_y = int(h * horizon)
    water = shot.setting in WATER_SETTINGS
    lands.far_land(img, w, h, rng, land if not water else worlds.Land("sea", "sea", land.ground, False),
                   base_y, zenith, light, snowy)
    # fog banks near the ground, behind the setting (the setting stays a crisp silhouette)
    fog_amount = {"Foggy": 0.8, "Rainy": 0.3, "Stormy": 0.25, "Snowy": 0.35}.get(weather, 0.18)
    fog = fbm(h, w, rng, octaves=4, base=5)
    band = np.clip((np.linspace(0, 1, h) - horizon + 0.25) * 2.5, 0, 1)[:, None]
    fog_mask = np.clip(fog * 1.6 - 0.4, 0, 1) * band * fog_amount * (0 if look.minimal else 1)
    if weather == "Foggy" and not look.minimal:
        fog_mask = np.maximum(fog_mask, 0.35 * fog)
    fog_col = np.array((0.5, 0.52, 0.55), np.float32) * (0.6 if night else 1.0)
    _paste(img, fog_mask.astype(np.float32), fog_col)
    # the setting's silhouette on the horizon, a glow behind it, its lights
    silhouette = (0.02, 0.02, 0.03) if not look.red_accent else (0.06, 0.0, 0.0)
    sx_center = w * (0.5 + side * rng.uniform(0.12, 0.22))
    if look.minimal:
        sx_center = w * 0.5
    tall = shot.setting in ("lighthouse", "castle", "church", "hospital")
    framing = (1.0, 0.72, 1.35)[int(rng.integers(3))] if not look.minimal else 1.0  # mid, wide, close
    size = int(h * (0.62 if tall else 0.5) * framing)
    sx, sy = int(sx_center - size / 2), int(max(h * 0.05, base_y + h * 0.06 - size))  # top in view
    if not look.minimal:
        add_glow(img, sx_center, sy + size * 0.5, size * 0.7,
                 np.array(tint, np.float32) * (0.12 if night else 0.05))
    setting_icon, element_icon, figure_icons = shot.icon_names()
    if shot.setting == "forest" and not look.minimal:
        def trees(d):
            for _ in range(int(rng.integers(3, 6))):
                _tree(d, w * rng.random(), base_y + h * 0.1, h * rng.uniform(0.2, 0.34),
                      math.pi / 2 + rng.uniform(-0.15, 0.15), 6, rng, h * 0.016)
        _paste(img, _mask(h, w, trees), silhouette)
        for k in range(3):
            icons.stamp(img, setting_icon, sx + (k - 1) * size * 0.55, sy + abs(k - 1) * size * 0.12,
                        int(size * (1 - abs(k - 1) * 0.25)), silhouette)
    else:
        if setting_icon.startswith(icons.SHAPE):  # a drawn place (a ger, a cable car): larger
            size = int(size * 1.25)
            sx = int(sx_center - size / 2)
        ground_y = base_y + h * 0.075  # standing on the ground line, not floating above it
        icons.stand(img, setting_icon, sx + size / 2, ground_y, size, silhouette, flip=side < 0)
        sy = int(ground_y - icons.ground_row(setting_icon, size))
    lit = LIT_SETTINGS.get(shot.setting)
    if lit and night and not look.minimal:
        lx = sx + size * (1 - lit[0] if side < 0 else lit[0])
        ly = sy + size * lit[1]
        warm = np.array((1.0, 0.78, 0.35), np.float32)
        add_glow(img, lx, ly, size * 0.08, warm * 0.9)
    # ground or water
    if water:
        water_y = base_y + int(h * 0.06)
        refl = np.flipud(img[max(0, 2 * water_y - h):water_y]).copy()
        rows = min(refl.shape[0], h - water_y)
        ripple = 0.55 + 0.15 * np.sin(np.arange(rows)[:, None] * 1.7 + rng.random() * 6)
        img[water_y:water_y + rows] = refl[:rows] * ripple[..., None] * np.array((0.6, 0.7, 0.85), np.float32)
    else:
        lands.ground(img, w, h, rng, land, int(base_y + h * 0.06), light, snowy, silhouette)
    veil = np.asarray((0.42, 0.44, 0.47), np.float32) * (0.55 if night else 1.0)
    if weather == "Foggy":  # the distance goes grey: the place is a shape in the fog
        img += (veil - img) * 0.5
    # the foreground: the line's element, lit, on the other side from the setting; figures
    back = img.copy() if layered and not look.minimal else None
    foreground(img, w, h, rng, look, element_icon, figure_icons, side, back, close=_close_one(shot),
               colours=getattr(shot, "figure_colours", ()), large=getattr(shot, "large", False))
    wisps = [(w * rng.random(), h * rng.uniform(0.35, 0.85), h * rng.uniform(0.03, 0.07))
             for _ in range(look.wisps)]
    for layer in (img, back) if back is not None else (img,):
        for wx, wy, wr in wisps:
            add_glow(layer, wx, wy, wr, (0.36, 0.72, 0.68))
        if weather in ("Rainy", "Stormy"):
            layer *= 0.85
        if weather == "Snowy":  # falling snow thickens the air: the distance goes pale
            layer += (lands.SNOW * 0.55 * light - layer) * 0.18
        if weather == "Foggy":  # and a thinner veil over what is near
            layer += (veil - layer) * 0.25
    if not look.minimal:  # rain and wind, over the figures too
        skies.over((img, back) if back is not None else (img,), skies.streaks(w, h, rng, weather, night))
    return img, back


#: wall colours of a room (faded ochre, damp green, old burgundy, hospital grey)
WALLS = ((0.24, 0.19, 0.13), (0.14, 0.19, 0.16), (0.22, 0.12, 0.13), (0.17, 0.17, 0.19))
#: rooms seen down their length, with doors along both walls
LONG_ROOMS = {"corridor", "hallway", "passage", "ward", "hall", "medical bay", "sick bay", "long gallery",
              "cell block"}
#: rooms without a window
WINDOWLESS = {"cellar", "basement", "corridor", "passage", "cupboard", "closet", "pantry",
              "stairwell", "vestry", "morgue", "darkroom", "crypt", "vault", "operating theatre", "store",
              "auditorium", "studio", "projection booth", "transmitter room"}


def _interior(w, h, rng, layout, look, shot, time_of_day, weather, layered=False):
    """Inside a room of the setting, seen from its doorway in one-point perspective: back wall,
    side walls, ceiling and floorboards, stained; a window onto the story's sky (time of day,
    weather) unless the room has none; doors, one of them ajar with light behind it; one lamp.
    ``layout`` (seeded by the room) places the walls, window and doors, so a room looks the
    same each time the story comes back to it; ``rng`` (the scene's) moves the viewpoint a
    little and sets the foreground on either side, so two scenes in one room are two shots."""
    night = is_night(time_of_day)
    long_room = shot.room in LONG_ROOMS
    wall = np.asarray(WALLS[int(layout.integers(len(WALLS)))], np.float32) * (0.7 if night else 1.0)
    vx = w * (layout.uniform(0.4, 0.6) + rng.uniform(-0.07, 0.07))
    vy = h * (layout.uniform(0.36, 0.44) + rng.uniform(-0.03, 0.03))
    bw = w * (0.2 if long_room else layout.uniform(0.4, 0.5))
    bh = h * (0.34 if long_room else 0.52)
    x0, x1, y0, y1 = vx - bw / 2, vx + bw / 2, vy - bh * 0.45, vy + bh * 0.55
    stains = 0.7 + 0.55 * fbm(h, w, rng, octaves=5, base=4)[..., None]
    img = np.empty((h, w, 3), np.float32)
    img[...] = wall
    img *= stains

    def polygon(points, color, alpha=1.0):
        canvas.polygon(img, points, color, alpha)
    polygon([(0, 0), (x0, y0), (x0, y1), (0, h)], wall * 0.62 * stains.mean(), 0.9)  # left
    polygon([(w, 0), (x1, y0), (x1, y1), (w, h)], wall * 0.5 * stains.mean(), 0.9)  # right
    polygon([(0, 0), (w, 0), (x1, y0), (x0, y0)], wall * 0.3)  # ceiling
    floor = np.asarray((0.13, 0.085, 0.05), np.float32) * (0.8 if night else 1.0)
    polygon([(0, h), (w, h), (x1, y1), (x0, y1)], floor)

    def boards(d):  # floorboards run to the vanishing point
        for k in range(1, 12):
            bx = -w * 0.6 + k * w * 2.2 / 12
            d.line([(x0 + (x1 - x0) * k / 12, y1), (bx, h)], fill=255, width=max(1, w // 300))
    _paste(img, _mask(h, w, boards), floor * 0.45)

    def corners(d):
        width = max(1, w // 250)
        for a, b in (((x0, y0), (0, 0)), ((x1, y0), (w, 0)), ((x0, y1), (0, h)),
                     ((x1, y1), (w, h))):
            d.line([a, b], fill=255, width=width)
        d.rectangle([x0, y0, x1, y1], outline=255, width=width)
    _paste(img, _mask(h, w, corners, blur=0.6), (0.02, 0.02, 0.02), 0.7)
    cold = np.asarray((0.55, 0.62, 0.8), np.float32)
    warm = np.asarray((1.0, 0.74, 0.4), np.float32)
    side = 1 if layout.random() < 0.5 else -1  # the window's side of the back wall
    if shot.room not in WINDOWLESS:  # a window onto the story's sky
        zenith, horizon_col = sky_colours(time_of_day)
        ww, wh = bw * 0.26, bh * 0.42
        wx = vx + side * bw * 0.18 - ww / 2
        wy = y0 + bh * 0.16
        box = [int(wx), int(wy), int(wx + ww), int(wy + wh)]
        sky = _gradient(box[3] - box[1], box[2] - box[0], zenith, horizon_col, 1.0)
        img[box[1]:box[3], box[0]:box[2]] = sky
        if weather in ("Rainy", "Stormy", "Snowy"):  # running down the glass
            def streaks(d):
                for _ in range(int(ww * wh / 60) + 3):
                    sx, sy = wx + ww * rng.random(), wy + wh * rng.random()
                    d.line([(sx, sy), (sx + ww * 0.02, sy + wh * rng.uniform(0.08, 0.25))],
                           fill=255, width=1)
            _paste(img, _mask(h, w, streaks), (0.75, 0.8, 0.9), 0.35)
        add_glow(img, wx + ww / 2, y1 + (h - y1) * 0.45, ww * 1.6, cold * (0.1 if night else 0.2))

        def mullions(d):
            line = max(1, int(ww / 14))
            d.rectangle(box, outline=255, width=line * 2)
            d.line([(wx + ww / 2, wy), (wx + ww / 2, wy + wh)], fill=255, width=line)
            d.line([(wx, wy + wh / 2), (wx + ww, wy + wh / 2)], fill=255, width=line)
        _paste(img, _mask(h, w, mullions), (0.03, 0.025, 0.02))
    # doors: along both walls of a long room, else one in the back wall; one is ajar
    doors = []
    if long_room:
        for edge, frame_edge in ((x0, 0), (x1, w)):  # the back wall's edge, the frame's
            def at(x, back_y, frame_y):  # a side wall's top or bottom line at x
                return back_y + (x - edge) / (frame_edge - edge) * (frame_y - back_y)  # noqa: B023 (called in this iteration)
            for t in (0.3, 0.62):  # how far from the back wall toward the viewer
                xa, xb = (edge + (frame_edge - edge) * f for f in (t, t + 0.16))
                tall = [at(x, y1, h) - at(x, y0, 0) for x in (xa, xb)]
                doors.append([(xa, at(xa, y1, h) - tall[0] * 0.78), (xb, at(xb, y1, h) - tall[1] * 0.78),
                              (xb, at(xb, y1, h)), (xa, at(xa, y1, h))])
    else:
        dx = vx - side * bw * 0.3
        dw, dh = bw * 0.2, bh * 0.72
        doors.append([(dx - dw / 2, y1 - dh), (dx + dw / 2, y1 - dh), (dx + dw / 2, y1),
                      (dx - dw / 2, y1)])
    ajar = int(layout.integers(len(doors)))
    for k, door in enumerate(doors):
        polygon(door, (0.025, 0.02, 0.018))
        if k == ajar:  # a line of light down its edge
            (ax, _), (bx, by), (cx, cy), _ = door
            gap = max(1.5, abs(bx - ax) * 0.08)
            polygon([(bx - gap, by), (bx, by), (cx, cy), (cx - gap, cy)], warm * 0.9)
            add_glow(img, (bx + cx) / 2, (by + cy) / 2, h * 0.06, warm * 0.25)
    # one lamp: a bare bulb under the ceiling, or the room lit only from outside
    if layout.random() < 0.65:
        lx, ly = vx + side * bw * 0.1, y0 * 0.55
        add_glow(img, lx, ly, h * 0.05, warm * 0.9)
        add_glow(img, lx, ly + h * 0.25, h * 0.35, warm * 0.12)
    furniture.furnish(img, (x0, y0, x1, y1), shot.room, layout, side, night)
    back = img.copy() if layered and not look.minimal else None
    foreground(img, w, h, rng, look, *shot.icon_names()[1:], 1 if rng.random() < 0.5 else -1, back,
               close=_close_one(shot), colours=getattr(shot, "figure_colours", ()),
               large=getattr(shot, "large", False))
    return img, back


#: where what stands in the foreground has its feet (a fraction of the height): above the
#: subtitles' band with room for the camera's push-in, so no caption covers a figure
FEET = 0.72


def _close_one(shot):
    """The index among the shot's figures of the antagonist seen up close, or None."""
    return shot.figures.index("figure") if shot.close else None  # close: "figure" is among them


def foreground(img, w, h, rng, look, element_icon, figure_icons, side, back=None, close=None,
               colours=(), large=False):
    """The scene's key element in a pool of light, and its characters as silhouettes; the
    pools of light are also cast on ``back`` (the background layer), the pictures are not.
    ``close``: the index of the figure seen up close, drawn looming at the side of the frame, cut
    off by its bottom edge, the other figure small and further off. ``colours``: each figure's
    colour (None: a black silhouette); ``large``: the element is what the scene turns on, drawn
    large. Everything stands on the ground (its lowest covered row on the ground line)."""
    def glow(*args):
        for layer in (img, back) if back is not None else (img,):
            add_glow(layer, *args)

    glow_col = np.array((0.95, 0.2, 0.15) if look.red_accent else (1.0, 0.8, 0.5), np.float32)
    lit_col = (0.85, 0.1, 0.08) if look.red_accent else (0.93, 0.86, 0.72)
    if element_icon:
        size = int(h * (0.5 if look.minimal else 0.36) * (1.45 if large else 1.0))
        ex = w * (0.5 if look.minimal else 0.5 - side * rng.uniform(0.18, 0.26))
        ey = h * (0.62 if look.minimal else 0.74)
        if not look.minimal:  # its foot on the ground
            ey = h * FEET - icons.ground_row(element_icon, size) + size / 2
        if not look.minimal:
            glow(ex, ey, size * 0.75, glow_col * 0.35)
        if look.shaded:  # a drop shadow and a lit face: a little depth
            icons.stamp(img, element_icon, ex - size / 2 + size * 0.05, ey - size / 2 + size * 0.05,
                        size, (0.0, 0.0, 0.0), 0.7)
        if look.hold > 1:  # stop motion: a paper cut-out with a pale edge
            edge = int(size * 1.06)
            icons.stamp(img, element_icon, ex - edge / 2, ey - edge / 2, edge, (0.98, 0.96, 0.9))
        icons.stamp(img, element_icon, ex - size / 2, ey - size / 2, size, lit_col)
    if look.minimal:
        return
    for k, name in enumerate(figure_icons[:2]):
        drawn = name.startswith((icons.DRAWN, icons.SHAPE))  # a drawn figure, a rider on horseback
        size = int(h * (0.56 if name == "executioner-hood" else 0.62 if drawn else 0.5))
        fx = w * (0.5 + side * (0.05 + 0.22 * k) * (1 if element_icon else 0.7)) - size / 2  # side by side
        fy = h - size * 0.96
        if close is not None:  # up close: it fills one side of the frame; the other stands off
            size = int(h * 1.3) if k == close else int(size * 0.75)
            fx = w * (0.5 + (0.3 if k == close else -0.12) * side) - size / 2
            fy = h - size * (0.8 if k == close else 0.96)
        if close is None:  # its feet on the ground line
            fy = h * FEET - icons.ground_row(name, size)
        glow(fx + size / 2, fy + size * 0.45, size * 0.55, (0.4, 0.45, 0.55))  # backlight: the silhouette reads
        flip = (k == 1) != (side < 0)
        if look.hold > 1:
            edge = int(size * 1.04)
            icons.stamp(img, name, fx - (edge - size) / 2, fy - (edge - size) / 2, edge,
                        (0.75, 0.7, 0.62), flip=flip)
        colour = colours[k] if k < len(colours) and colours[k] is not None else (0.0, 0.0, 0.0)
        colour = tuple(0.65 * c for c in colour)  # in the scene's dark: the colour still reads
        icons.stamp(img, name, fx, fy, size, colour, flip=flip)
