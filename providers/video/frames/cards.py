"""Title and end cards, set in Creepster (Font Diner, SIL OFL 1.1, bundled in ``data/fonts``).

The title card is an overlay on the opening scene (the title and "by" the author, fading out);
the end card is a scene of its own: the title, the author and the credits, including the
game-icons.net attribution the art's licence asks for.
"""
import functools
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from providers.video.frames import overlays
from providers.video.imagery.icons import ATTRIBUTION

FONT = Path(__file__).resolve().parents[1] / "data" / "fonts" / "Creepster-Regular.woff"
FONT_CREDIT = "Title font: Creepster by Font Diner, SIL OFL 1.1"
TITLE_SECONDS = 3.2
FADE_LEVELS = 5


@functools.lru_cache(maxsize=16)
def horror_font(size):
    try:
        return ImageFont.truetype(str(FONT), size)
    except OSError:  # a Pillow without WOFF support: the plain bold face
        return overlays.font(size)


def end_card_seconds(duration):
    return round(min(4.0, max(2.0, float(duration) * 0.1)), 2)


def _fit_font(draw, text, max_width, size, make=horror_font):
    while size > 12 and draw.textlength(text, font=make(size)) > max_width:
        size = int(size * 0.9)
    return make(size)


def _centered(draw, y, text, fnt, width, fill, stroke=0):
    x = (width - draw.textlength(text, font=fnt)) / 2
    draw.text((x, y), text, font=fnt, fill=fill, stroke_width=stroke, stroke_fill=(0, 0, 0, 255))
    box = draw.textbbox((x, y), text, font=fnt, stroke_width=stroke)
    return box[3]


def _title_image(title, author, width, height):
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    short = min(width, int(height * 1.5))
    fnt = _fit_font(draw, title, width * 0.86, int(short * 0.12))
    y = _centered(draw, int(height * 0.30), title, fnt, width, (196, 24, 24, 255),
                  stroke=max(2, fnt.size // 18))
    if author:
        small = _fit_font(draw, f"by {author}", width * 0.8, int(short * 0.05))
        _centered(draw, y + int(short * 0.03), f"by {author}", small, width, (226, 214, 200, 255),
                  stroke=max(1, small.size // 14))
    return im


def title_sprites(title, author, width, height):
    """Sprites of the title card from fully opaque to faint, for the fade-out."""
    if not title:
        return []
    base = _title_image(str(title), str(author or ""), width, height)
    out = []
    for k in range(FADE_LEVELS):
        im = base.copy()
        alpha = np.asarray(im)[..., 3].astype(np.float32) * (1 - k / FADE_LEVELS)
        im.putalpha(Image.fromarray(alpha.astype(np.uint8)))
        out.append(overlays.Sprite(im, 0, 0, width, height))
    return out


def end_card(width, height, title, author="", voice=""):
    """The end card as a uint8 (height, width, 3) image."""
    y = np.linspace(0, 1, height, dtype=np.float32)[:, None, None]
    x = np.linspace(-1, 1, width, dtype=np.float32)[None, :, None]
    glow = np.exp(-(x ** 2) * 2.5 - ((y - 0.35) ** 2) * 6)
    img = (np.array((8, 6, 8), np.float32) + glow * np.array((70, 6, 8), np.float32))
    im = Image.fromarray(np.broadcast_to(img, (height, width, 3)).astype(np.uint8))
    draw = ImageDraw.Draw(im)
    short = min(width, int(height * 1.5))
    fnt = _fit_font(draw, str(title or "Dreadforge"), width * 0.84, int(short * 0.1))
    bottom = _centered(draw, int(height * 0.2), str(title or "Dreadforge"), fnt, width, (200, 28, 28),
                       stroke=max(2, fnt.size // 18))
    lines = []
    if author:
        lines.append(f"Written by {author}")
    if voice:
        lines.append(f"Narrated by the {voice} voice")
    lines += ["Made with Dreadforge", ATTRIBUTION, FONT_CREDIT]
    size = max(10, int(short * 0.032))
    top = bottom + int(short * 0.06)
    for k, line in enumerate(lines):
        f = _fit_font(draw, line, width * 0.9, size if k else int(size * 1.3), make=overlays.font)
        top = _centered(draw, top, line, f, width, (220, 210, 200) if k < 2 else (160, 150, 145)) \
            + int(size * 0.6)
    return np.asarray(im)
