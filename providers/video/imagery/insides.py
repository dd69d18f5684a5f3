"""The inside of a drawn place, for every scene the story sets inside it whatever room the prose
names: a ger seen from its door, with its round lattice wall (khana) under the felt, the roof
poles (uni) running up to the crown ring (toono) open on the sky, the two painted posts, the
stove in the middle with its flue through the ring, and a rug on the floor; lit by the stove's
fire and what little sky comes down through the ring."""
import numpy as np

from providers.video.imagery import canvas
from providers.video.imagery.canvas import add_glow
from providers.video.imagery.paint_base import fbm, is_night, sky_colours

FELT = np.asarray((0.42, 0.36, 0.28), np.float32)
WOOD = np.asarray((0.62, 0.3, 0.1), np.float32)  # the poles and lattice are painted orange-red
RUG = np.asarray((0.38, 0.08, 0.06), np.float32)
FIRE = np.asarray((1.0, 0.55, 0.18), np.float32)


def ger(w, h, rng, layout, time_of_day, weather):
    """A float32 (h, w, 3) ger's inside; ``layout`` (seeded by the place) keeps it the same ger
    from scene to scene, ``rng`` (the scene's) moves the viewpoint a little."""
    night = is_night(time_of_day)
    light = 0.5 if night else 0.8
    cx = w * (0.5 + rng.uniform(-0.06, 0.06))
    xs = np.arange(w, dtype=np.float32)
    bend = ((xs - cx) / (w * 0.5)) ** 2
    wall_top = h * 0.36 - h * 0.22 * bend  # the far wall curves toward us at both sides
    wall_foot = h * 0.7 + h * 0.16 * bend
    ring_y, ring_rx, ring_ry = h * 0.07, w * 0.075, h * 0.05
    yy = np.arange(h, dtype=np.float32)[:, None]
    stains = (0.8 + 0.4 * fbm(h, w, layout, octaves=4, base=5))[..., None]
    img = np.empty((h, w, 3), np.float32)
    img[...] = FELT * light * 0.6 * stains  # the roof's felt
    wall = ((yy >= wall_top[None, :]) & (yy < wall_foot[None, :])).astype(np.float32)
    canvas.paste(img, wall, FELT * light * 0.9)

    def lattice(d):  # crossed laths of the khana
        step = w / 26
        for k in range(-30, 60):
            x = k * step
            d.line([(x, h * 0.0), (x + h * 0.9, h * 0.9)], fill=255, width=max(1, w // 320))
            d.line([(x, h * 0.0), (x - h * 0.9, h * 0.9)], fill=255, width=max(1, w // 320))
    canvas.paste(img, canvas.mask(h, w, lattice) * wall, WOOD * light * 0.8, 0.85)
    rug = (yy >= wall_foot[None, :]).astype(np.float32)
    canvas.paste(img, rug, RUG * light)

    def pattern(d):  # the rug's border
        for k in range(3):
            y = h * (0.84 + k * 0.05)
            d.line([(0, y), (w, y)], fill=255, width=max(1, h // 120))
    canvas.paste(img, canvas.mask(h, w, pattern) * rug, (0.75, 0.55, 0.2), 0.5 * light)
    # the crown ring, open on the sky, with its spokes
    zenith, _horizon = sky_colours(time_of_day)
    sky = canvas.mask(h, w, lambda d: d.ellipse([cx - ring_rx, ring_y - ring_ry, cx + ring_rx, ring_y + ring_ry],
                                                 fill=255))
    canvas.paste(img, sky, np.asarray(zenith, np.float32) * 1.6 + (0.18 if weather == "Snowy" else 0.05))

    def poles(d):
        for k in range(34):  # the roof poles, from the ring down to the wall's top
            x = w * (-0.25 + 1.5 * k / 33)
            foot_y = h * 0.36 - h * 0.22 * ((x - cx) / (w * 0.5)) ** 2  # the wall's top, as above
            angle = np.arctan2(foot_y - ring_y, x - cx)
            sx, sy = cx + ring_rx * np.cos(angle), ring_y + ring_ry * np.sin(angle)
            d.line([(sx, sy), (x, foot_y)], fill=255, width=max(1, w // 200))
        d.ellipse([cx - ring_rx, ring_y - ring_ry, cx + ring_rx, ring_y + ring_ry], outline=255,
                  width=max(2, w // 110))
        for k in range(4):  # the ring's crossed spokes
            a = k * np.pi / 4
            d.line([(cx - ring_rx * np.cos(a), ring_y - ring_ry * np.sin(a)),
                    (cx + ring_rx * np.cos(a), ring_y + ring_ry * np.sin(a))], fill=255, width=max(1, w // 260))
    canvas.paste(img, canvas.mask(h, w, poles), WOOD * light, 0.95)
    # two painted posts holding the ring, the stove between them, its flue up through the ring
    stove_x = cx + w * layout.uniform(-0.04, 0.04)
    for dx in (-0.09, 0.09):
        px = cx + w * dx
        canvas.polygon(img, [(px - w * 0.008, ring_y + ring_ry), (px + w * 0.008, ring_y + ring_ry),
                             (px + w * 0.011, h * 0.8), (px - w * 0.011, h * 0.8)], WOOD * light * 0.9)
    sw, sh, foot = w * 0.075, h * 0.1, h * 0.77
    add_glow(img, stove_x, foot - sh * 0.45, h * 0.55, FIRE * (0.3 if night else 0.18))  # the fire's light
    add_glow(img, cx, ring_y, h * 0.25, np.asarray((0.5, 0.55, 0.65), np.float32) * 0.12)
    canvas.polygon(img, [(stove_x - w * 0.006, ring_y), (stove_x + w * 0.006, ring_y),
                         (stove_x + w * 0.006, foot - sh), (stove_x - w * 0.006, foot - sh)], (0.05, 0.05, 0.05))
    canvas.polygon(img, [(stove_x - sw / 2, foot - sh), (stove_x + sw / 2, foot - sh),
                         (stove_x + sw / 2, foot), (stove_x - sw / 2, foot)], (0.06, 0.055, 0.05))
    canvas.polygon(img, [(stove_x - sw * 0.25, foot - sh * 0.65), (stove_x + sw * 0.25, foot - sh * 0.65),
                         (stove_x + sw * 0.25, foot - sh * 0.25), (stove_x - sw * 0.25, foot - sh * 0.25)], FIRE)
    add_glow(img, stove_x, foot - sh * 0.45, sw * 0.6, FIRE * 0.5)
    vignette = 1 - 0.55 * np.clip(((xs[None, :] - cx) / (w * 0.6)) ** 2 + ((yy - h * 0.55) / h) ** 2, 0, 1)
    img *= vignette[..., None]
    return np.clip(img, 0, 1)
