"""How each animation style (both SPEC lists) looks and moves, as plain numbers.

Scenes, the compositor and the encoder read a ``Look``; nothing here draws.
"""
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Look:
    grain: float = 10.0  # film grain amplitude (0-255 scale)
    grain_every: int = 0  # frames between grain changes; 0 keeps one grain (cheap to encode)
    film_damage: bool = False  # flickering specks and scratches (sparse, per frame)
    vignette: float = 0.55  # 0 none, 1 black corners
    flicker: float = 0.02  # chance per frame of a dimmed frame
    flicker_depth: float = 0.75  # brightness of a flickering frame
    desaturate: float = 0.0  # 0 keep colour, 1 greyscale
    posterize: int = 0  # colour levels per channel, 0 off
    scanlines: bool = False
    chroma_shift: int = 0  # px of red/blue split at paint scale
    bloom: float = 0.0  # glow of bright areas
    letterbox: float = 0.0  # bar height as a fraction of frame height
    warp: float = 0.0  # swirl / displacement strength
    hold: int = 1  # show every frame this many times (stop motion)
    jitter: int = 0  # px of per-hold camera shake (stop motion)
    drift: float = 0.06  # camera travel over a scene, fraction of the frame
    palette: tuple = (1.0, 1.0, 1.0)  # RGB multipliers on the painting
    abstract: bool = False  # paint fields and shapes, no landscape
    geometric: bool = False  # flat geometric motion-graphics shapes
    shaded: bool = False  # volumetric light and shaded 3D-ish forms
    minimal: bool = False  # few elements, flat colours
    gothic_frame: bool = False  # a pointed-arch window frames the view
    wisps: int = 0  # glowing spirits
    red_accent: bool = False


LOOKS = {
    "Cinematic": Look(grain=7, vignette=0.5, flicker=0.0, letterbox=0.1, drift=0.07,
                      palette=(1.0, 0.98, 1.04), bloom=0.25),
    "Horror Classic": Look(grain=14, film_damage=True, vignette=0.8, flicker=0.08, flicker_depth=0.7, desaturate=0.85,
                           drift=0.04),
    "Dark Gothic": Look(grain=10, vignette=0.7, flicker=0.02, palette=(1.05, 0.82, 1.15),
                        gothic_frame=True, drift=0.05),
    "Psychological": Look(grain=12, vignette=0.6, flicker=0.04, warp=1.0, chroma_shift=3, drift=0.08),
    "Supernatural": Look(grain=8, vignette=0.55, flicker=0.03, bloom=0.6, palette=(0.8, 1.05, 1.1),
                         wisps=5, drift=0.06),
    "Retro Horror": Look(grain=12, film_damage=True, vignette=0.45, flicker=0.05, posterize=12, scanlines=True,
                         chroma_shift=2, palette=(1.08, 0.95, 0.9), drift=0.05),
    "Minimalist": Look(grain=0, vignette=0.2, flicker=0.0, posterize=4, minimal=True, drift=0.04),
    "Abstract Horror": Look(grain=12, vignette=0.6, flicker=0.03, abstract=True, warp=0.6, drift=0.09),
    "Motion Graphics": Look(grain=0, vignette=0.15, flicker=0.0, geometric=True, posterize=6,
                            drift=0.12),
    "3D Animation": Look(grain=3, vignette=0.45, flicker=0.0, shaded=True, bloom=0.35, drift=0.08),
    "Stop Motion": Look(grain=9, vignette=0.5, flicker=0.02, posterize=16, hold=3, jitter=2,
                        drift=0.05, palette=(1.05, 0.97, 0.9)),
    "Horror Style": Look(grain=12, film_damage=True, vignette=0.75, flicker=0.06, desaturate=0.6, red_accent=True,
                         drift=0.05),
}
DEFAULT_LOOK = "Cinematic"


def look_for(style, genre="", mood=""):
    """The ``Look`` of an animation style, nudged by genre and mood."""
    look = LOOKS.get(style) or LOOKS[DEFAULT_LOOK]
    if genre in ("Supernatural", "Supernatural Horror", "Paranormal") and look.wisps == 0 \
            and not look.geometric:
        look = replace(look, wisps=2)
    if genre in ("Psychological", "Psychological Horror") and look.warp == 0:
        look = replace(look, warp=0.35)
    if mood in ("Terrifying", "Disturbing", "Menacing") and not look.minimal:
        look = replace(look, flicker=min(0.15, look.flicker + 0.03), vignette=min(0.9, look.vignette + 0.1))
    return look
