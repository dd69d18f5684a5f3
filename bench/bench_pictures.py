"""Hit rate of the picture matcher (providers.video.imagery.pictures) on free-text settings and
key elements as creators write them, each with the picture a person would pick.

Usage: .venv/bin/python bench/bench_pictures.py [-v]
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from providers.video.imagery import pictures  # noqa: E402

SETTINGS = [
    ("the lighthouse on Raven Point", "lighthouse"), ("an abandoned lighthouse", "lighthouse"),
    ("St. Mary's psychiatric hospital", "hospital"), ("a derelict sanatorium", "hospital"),
    ("the Blackwood Asylum", "hospital"), ("a hospitl morgue", "hospital"),
    ("a crumbling chapel", "church"), ("the cathedral crypt", "church"),
    ("deep in the Black Forest", "forest"), ("the woods behind the school", "forest"),
    ("a fishing trawler in the North Sea", "ship"), ("aboard a ghost ship", "ship"),
    ("a remote cabin by the lake", "cabin"), ("a hunting lodge", "cabin"),
    ("an old boarding school", "school"), ("the empty classroom", "school"),
    ("a collapsed coal mine", "mine"), ("the mineshaft", "mine"),
    ("Hollow Creek cemetery", "graveyard"), ("an overgrown graveyard", "graveyard"),
    ("the cemetary gates", "graveyard"), ("a ruined castle in the Carpathians", "castle"),
    ("the fortress on the hill", "castle"), ("the last subway train", "subway"),
    ("an underground metro station", "subway"), ("an isolated farmhouse", "farmhouse"),
    ("the Miller ranch", "farmhouse"), ("a Victorian mansion", "house"),
    ("grandmother's attic", "house"), ("a basement apartment", "house"),
    ("a seaside village", "village"), ("downtown at night", "city"),
    ("a travelling carnival", "carnival"), ("the caves under the town", "cave"),
    ("a mountain pass in winter", "mountain"), ("the old mill", "factory"),
    ("a roadside motel in the desert", "desert"), ("the summer camp", "camp"),
    ("the state penitentiary", "prison"), ("a manor house on the moors", "house"),
]
ELEMENTS = [
    ("a music box", "music box"), ("an antique porcelain doll", "doll"), ("a cracked mirror", "mirror"),
    ("a bloody kitchen knife", "knife"), ("black candles", "candle"), ("a human skull", "skull"),
    ("eyes in the dark", "eye"), ("a rusted key", "key"), ("the old rotary telephone", "telephone"),
    ("church bells", "bell"), ("a grandfather clock", "clock"), ("a porcelain mask", "mask"),
    ("a raven", "raven"), ("a noose", "rope"), ("writhing tentacles", "tentacle"),
    ("spiders", "spider"), ("a silver crucifix", "cross"), ("blood on the walls", "blood"),
    ("an unsigned letter", "letter"), ("old photographs", "camera"), ("an oil lantern", "lantern"),
    ("a radio that plays static", "radio"), ("a leather-bound diary", "book"), ("an open coffin", "coffin"),
    ("a rusty axe", "axe"), ("a chainsaw", "chainsaw"), ("a locket", "necklace"),
    ("a rocking chair", "rocking chair"), ("the locked door", "door"), ("a birdcage", "cage"),
    ("a ritual dagger", "dagger"), ("a revolver", "gun"), ("bones", "bones"), ("a beating heart", "heart"),
    ("maggots", "worm"), ("a swarm of flies", "fly"), ("a howling wolf", "wolf"), ("a black cat", "cat"),
    ("rats in the walls", "rat"), ("a jack-o'-lantern", "pumpkin"),
]


def rate(cases, match):
    hits, misses = 0, []
    for text, expected in cases:
        got = match(text)
        if got == expected:
            hits += 1
        else:
            misses.append((text, expected, got))
    return hits, misses


def main():
    verbose = "-v" in sys.argv
    for label, cases, match in (
            ("settings", SETTINGS, lambda t: pictures.match_setting(t)),
            ("elements", ELEMENTS, lambda t: (pictures.match_elements(t) or [None])[0])):
        hits, misses = rate(cases, match)
        print(f"{label}: {hits}/{len(cases)} = {hits / len(cases):.0%} matched to the expected picture")
        for text, expected, got in misses if verbose else ():
            print(f"   miss: {text!r}: expected {expected}, got {got}")


if __name__ == "__main__":
    main()
