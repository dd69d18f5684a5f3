"""Render the sample video of docs/samples/: six frames (PNG) and what each scene shows.

Usage: .venv/bin/python bench/make_samples.py [--style Cinematic] [--out docs/samples]
"""
import argparse
import subprocess
import tempfile
from pathlib import Path

from common import ROOT  # puts the checkout on sys.path

STORY = [
    "Priya came to the lighthouse on Raven Point in the last week of October, when the ferries "
    "stopped running and the island belonged to the gulls.",
    "The old keeper, Tomas, met her at the door: a stooped man in an oilskin coat, a lantern in his "
    "hand. He said very little, only that the lamp must never go dark and that she should not wind "
    "the music box in the lamp room.",
    "For three nights she kept the light. The wind screamed through the gallery rail and the sea "
    "threw itself against the rocks below.",
    "On the fourth night she heard the music box playing by itself, a thin lullaby drifting down "
    "the iron stairs.",
    "She climbed toward the sound with her lantern shaking. The lamp room was empty, but the brass "
    "key of the music box was still turning.",
    "In the keeper's logbook she found her own handwriting, dated forty years before she was born.",
    "Tomas had been dead for years; the island had only been waiting for a new keeper to take his "
    "place.",
    "When the ferry returned in spring, the light on Raven Point was still burning, and a woman in "
    "the lamp room was slowly winding the music box.",
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", default="Cinematic")
    parser.add_argument("--out", default=str(ROOT / "docs" / "samples"))
    args = parser.parse_args()
    from core.providers import VideoRenderRequest
    from providers.local_video import LocalVideoProvider
    from providers.video.encode import encoder
    from providers.video.frames import cards
    req = VideoRenderRequest(
        title="The Keeper of Raven Point", paragraphs=STORY, genre="Supernatural Horror",
        mood="Eerie", setting="the lighthouse on Raven Point", time_of_day="Night",
        weather="Stormy", duration=60, resolution="720p", seed=5, key_elements="music box, logbook",
        characters="Priya, Tomas", protagonist="Priya", antagonist="Tomas, the old keeper",
        plot_twist="Tomas had been dead for years", pacing="Moderate", author="M. Vale",
        animation_style=args.style)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        result = LocalVideoProvider().render(req, Path(tmp), lambda p, m: None)
        starts = [s["start"] for s in result.scenes] + [result.duration]
        picks = list(range(len(result.scenes)))
        picks = [picks[round(k * (len(picks) - 1) / 4)] for k in range(5)]
        # a third into each scene (a long scene turns to its second shot at its middle), and not
        # under the title, which fades out after cards.TITLE_SECONDS
        after_title = cards.TITLE_SECONDS + 1.0
        times = [(0.9, "title card")] + [(max(after_title, starts[i] + (starts[i + 1] - starts[i]) / 3),
                                          f"scene {i + 1}") for i in picks]
        times = times[:5] + [(result.duration - 1.0, "end card")]
        rows = ["# Sample video: six frames", "",
                f"`bench/make_samples.py` renders \"{req.title}\" (60 s, 720p, {args.style}, "
                f"{req.weather}, {req.time_of_day}, setting \"{req.setting}\", key elements "
                f"\"{req.key_elements}\", twist \"{req.plot_twist}\").", "",
                "## Frames", "", "| frame | second | what it is |", "| --- | --- | --- |"]
        for k, (t, label) in enumerate(times, 1):
            name = f"frame-{k}.png"
            subprocess.run([encoder.ffmpeg_exe(), "-v", "error", "-y", "-ss", f"{t:.2f}", "-i",
                            str(result.video_path), "-frames:v", "1", "-s", "960x540", str(out / name)],
                           check=True)
            rows.append(f"| ![{label}]({name}) | {t:.1f} | {label} |")
        rows += ["", "## Scenes (the video's `scenes`)", "", "| # | start | line | shows |",
                 "| --- | --- | --- | --- |"]
        for i, scene in enumerate(result.scenes, 1):
            rows.append(f"| {i} | {scene['start']:.1f} s | {scene['text']} | {', '.join(scene['shows'])} |")
        (out / "README.md").write_text("\n".join(rows) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
