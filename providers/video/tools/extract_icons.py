"""Re-extract the bundled art and font from the web app's npm packages.

    cd webapp && npm install          # @iconify-json/game-icons, @fontsource/creepster
    .venv/bin/python -m providers.video.tools.extract_icons

Writes ``providers/video/data/icons.json`` (the SVG bodies of the icons that
``pictures.py`` names, 512x512 viewBox, CC BY 3.0, game-icons.net) and copies the Creepster
font (SIL OFL 1.1) with its licence into ``data/fonts/``.
"""
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ROOT = HERE.parent.parent
MODULES = ROOT / "webapp" / "node_modules"
ICONS = MODULES / "@iconify-json" / "game-icons" / "icons.json"
FONT_DIR = MODULES / "@fontsource" / "creepster"


def wanted():
    from providers.video.imagery import pictures
    names = {icon for icon, _ in pictures.SETTINGS.values()}
    names |= {icon for icon, _ in pictures.ELEMENTS.values()}
    names |= set(pictures.FIGURE_ICONS.values())
    return sorted(names)


def main():
    data = json.loads(ICONS.read_text())
    out, missing = {}, []
    for name in wanted():
        icon = data["icons"].get(name)
        if icon is None:
            missing.append(name)
            continue
        out[name] = icon["body"]
    if missing:
        sys.exit(f"not in game-icons: {', '.join(missing)}")
    target = HERE / "data" / "icons.json"
    target.write_text(json.dumps({"size": data.get("width", 512), "icons": out}, indent=0,
                                 sort_keys=True))
    fonts = HERE / "data" / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    shutil.copy(FONT_DIR / "files" / "creepster-latin-400-normal.woff", fonts / "Creepster-Regular.woff")
    shutil.copy(FONT_DIR / "LICENSE", fonts / "OFL.txt")
    print(f"{len(out)} icons -> {target} ({target.stat().st_size // 1024} KiB); font -> {fonts}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
