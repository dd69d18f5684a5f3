"""A story's cover card: the picture a shared link shows (Open Graph, Twitter cards), 1200×630 PNG.

Drawn with Pillow in the site's look: near-black with a dark red glow, the title in Creepster (the
site's display font, SIL OFL, bundled with the video pipeline), the author and the genre below, the
site's name above. Made once per look (title, author, genre) and kept on disk under
``DATA_DIR/covers/``: a changed title makes a new file, the URL stays ``/covers/story/{id}.png``.
"""
import hashlib
import os
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from core.config import ROOT

SIZE = (1200, 630)
VERSION = 1  # bump when the drawing changes: every cached card is made again
DISPLAY_FONT = ROOT / "providers" / "video" / "data" / "fonts" / "Creepster-Regular.woff"
BACKGROUND, GLOW, RED, TEXT, MUTED = "#0b0709", (120, 12, 24), "#b3121f", "#efe6e8", "#b9a9ad"
MARGIN = 80
TITLE_SIZES = (92, 80, 68, 58, 50)  # the largest at which the title fits in three lines


def _display(size):
    return ImageFont.truetype(str(DISPLAY_FONT), size)


def _sans(size):
    return ImageFont.load_default(size=size)


def _wrap(draw, text, font, width):
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if draw.textlength(candidate, font=font) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines


def _fit_title(draw, title, width):
    for size in TITLE_SIZES:
        font = _display(size)
        lines = _wrap(draw, title, font, width)
        if len(lines) <= 3:
            return font, lines
    lines = lines[:3]
    lines[2] = lines[2][:max(1, len(lines[2]) - 1)] + "…"
    return font, lines


def draw_card(title, author, genre):
    """The cover card as a Pillow image."""
    image = Image.new("RGB", SIZE, BACKGROUND)
    glow = Image.radial_gradient("L").resize((1500, 1100)).point(lambda v: 255 - v)
    tint = Image.new("RGB", glow.size, GLOW)
    image.paste(tint, (-150, -520), glow.point(lambda v: v * 0.55))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, SIZE[1] - 14, SIZE[0], SIZE[1]), fill=RED)
    draw.text((MARGIN, 56), "DREADFORGE", font=_display(44), fill=RED)
    font, lines = _fit_title(draw, title or "Untitled", SIZE[0] - 2 * MARGIN)
    line_height = int(font.size * 1.12)
    top = 150 + (3 - len(lines)) * line_height // 2
    for n, line in enumerate(lines):
        draw.text((MARGIN, top + n * line_height), line, font=font, fill=TEXT)
    byline = f"by {author}" if author else "by anonymous"
    draw.text((MARGIN, SIZE[1] - 120), byline, font=_sans(36), fill=MUTED)
    if genre:
        tag = _sans(30)
        width = draw.textlength(genre, font=tag)
        right = SIZE[0] - MARGIN
        draw.rounded_rectangle((right - width - 36, SIZE[1] - 126, right, SIZE[1] - 74), radius=24,
                               outline=RED, width=3)
        draw.text((right - width - 18, SIZE[1] - 118), genre, font=tag, fill=TEXT)
    return image


def cover_file(data_dir, kind, item_id, title, author, genre):
    """The card's PNG on disk (made now if this look has none yet)."""
    look = hashlib.sha256(f"{VERSION}\0{title}\0{author}\0{genre}".encode()).hexdigest()[:16]
    folder = Path(data_dir) / "covers" / kind
    path = folder / f"{item_id}-{look}.png"
    if path.is_file():
        return path
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{item_id}-*.png"):  # an older look of this item
        old.unlink(missing_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
    with os.fdopen(handle, "wb") as out:
        draw_card(title, author, genre).save(out, "PNG", optimize=True)
    os.replace(temporary, path)  # a reader never sees half a file
    return path
