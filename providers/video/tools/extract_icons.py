"""Re-extract the bundled art and font from the web app's npm packages.

    cd webapp && npm install          # @iconify-json/game-icons, @fontsource/creepster
    .venv/bin/python -m providers.video.tools.extract_icons

Writes ``providers/video/data/game-icons.json.gz``: the SVG bodies of the whole game-icons.net
set (CC BY 3.0; 512x512 viewBox; coordinates rounded to a tenth of a unit, invisible at the
sizes a video draws them), by name, with the package's aliases; ``imagery/icon_index.py`` finds
the icon for a noun by these names. Copies the Creepster font (SIL OFL 1.1) with its licence
into ``data/fonts/``.
"""
import gzip
import json
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ROOT = HERE.parent.parent
MODULES = ROOT / "webapp" / "node_modules"
ICONS = MODULES / "@iconify-json" / "game-icons" / "icons.json"
FONT_DIR = MODULES / "@fontsource" / "creepster"
TARGET = HERE / "data" / "game-icons.json.gz"
NUMBER = re.compile(r"-?\d*\.\d+")


def compact(body):
    """The body with its decimals cut to one place ("12.3456" -> "12.3", "-.25" -> "-.2").

    A number that rounds to a whole one keeps its separation from the number before it: in
    "19.4.04" (19.4, then .04) the second becomes " 0", never the "19.40" that would merge them,
    and in "2.04.3" the first becomes "2 " before ".3", never "2.3"."""
    def short(match):
        text = f"{float(match.group()):.1f}"
        text = text[:-2] if text.endswith(".0") else text
        text = text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text
        if "." in text:
            return text
        before = match.string[match.start() - 1:match.start()]
        after = match.string[match.end():match.end() + 1]
        return ((" " if before and before in "0123456789." and not text.startswith("-") else "") + text
                + (" " if after == "." else ""))
    return NUMBER.sub(short, body.replace(' fill="currentColor"', ""))


def main():
    data = json.loads(ICONS.read_text())
    icons = {name: compact(icon["body"]) for name, icon in sorted(data["icons"].items())}
    aliases = {name: alias["parent"] for name, alias in sorted(data.get("aliases", {}).items())
               if alias.get("parent") in icons}
    blob = json.dumps({"size": data.get("width", 512), "icons": icons, "aliases": aliases},
                      separators=(",", ":"), sort_keys=True).encode()
    TARGET.write_bytes(gzip.compress(blob, 9, mtime=0))
    fonts = HERE / "data" / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    shutil.copy(FONT_DIR / "files" / "creepster-latin-400-normal.woff", fonts / "Creepster-Regular.woff")
    shutil.copy(FONT_DIR / "LICENSE", fonts / "OFL.txt")
    print(f"{len(icons)} icons -> {TARGET} ({TARGET.stat().st_size // 1024} KiB); font -> {fonts}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
