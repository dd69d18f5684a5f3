"""Two videos from stories the offline engine writes in different settings (a ger on the Mongolian
steppe, a gondola station in the Dolomites), 60 s 720p30 with word captions, rendered by the local
provider from each story's own plan, and three frames of each as PNGs in docs/samples/video/ (with
each video's story, plan and scenes: what each shows).

Usage: .venv/bin/python bench/video_samples.py [--out docs/samples/video]
"""
import argparse
import json
import subprocess
import tempfile
import time
from pathlib import Path

from common import ROOT  # puts the checkout on sys.path

FIELDS = {
    "ger": dict(genre="Folk Horror", mood="Eerie", setting="a ger on the Mongolian steppe in winter",
                characters="Altan, a herder's son; the rider", protagonist="Altan",
                antagonist="the rider who circles the ger at night",
                key_elements="the felt door, a horse-head fiddle",
                plot_twist="the rider is Altan's father, who froze on the steppe last winter",
                weather="Foggy", time_of_day="Night", length_words=700, seed=5,
                narrative_perspective="Third Person", pacing="Moderate", intensity=6),
    "gondola": dict(genre="Survival Horror", mood="Terrifying", setting="a gondola station high in the Dolomites",
                    characters="Giulia Ferrari, the lift operator; a man in a frozen orange snowsuit",
                    protagonist="Giulia Ferrari", antagonist="a man in a frozen orange snowsuit",
                    key_elements="the gondola cabin, the cable",
                    plot_twist="the man in the snowsuit is the operator who vanished in 1987",
                    weather="Snowy", time_of_day="Dusk", length_words=700, seed=7,
                    narrative_perspective="Third Person", pacing="Intense", intensity=7),
}


def render(key, fields, out):
    from core.providers import StoryRequest, VideoRenderRequest
    from core.services.video_render import script_paragraphs
    from providers.local_story import LocalStoryProvider
    from providers.local_video import LocalVideoProvider
    from providers.video.encode.encoder import ffmpeg_exe
    story = LocalStoryProvider().generate(StoryRequest(**fields))
    request = VideoRenderRequest(
        title=story.title, paragraphs=script_paragraphs(story.content), genre=fields["genre"],
        mood=fields["mood"], setting=fields["setting"], time_of_day=fields["time_of_day"],
        weather=fields["weather"], duration=60, resolution="720p", frame_rate=30, seed=fields["seed"],
        characters=fields["characters"], protagonist=fields["protagonist"],
        antagonist=fields["antagonist"], key_elements=fields["key_elements"],
        plot_twist=fields["plot_twist"], pacing=fields["pacing"], author="Dreadforge samples",
        captions="word", plan=story.plan)  # the story's own plan, as the site passes it
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        result = LocalVideoProvider().render(request, Path(tmp))
        seconds = time.perf_counter() - t0
        scenes = result.scenes
        picks = [scenes[k] for k in (1, len(scenes) // 2, len(scenes) - 1)]
        for n, scene in enumerate(picks, 1):
            at = scene["start"] + 1.5
            subprocess.run([ffmpeg_exe(), "-v", "error", "-y", "-ss", f"{at:.2f}", "-i", str(result.video_path),
                            "-frames:v", "1", str(out / f"{key}-{n}.png")], check=True)
            scene["frame"] = f"{key}-{n}.png"
    (out / f"{key}.json").write_text(json.dumps(
        {"title": story.title, "fields": fields, "render_seconds": round(seconds, 1), "scenes": scenes,
         "plan": story.plan, "story": story.content}, indent=1) + "\n")
    print(key, story.title, f"{seconds:.1f} s", [s["shows"] for s in scenes])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs" / "samples" / "video"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for key, fields in FIELDS.items():
        render(key, fields, out)


if __name__ == "__main__":
    main()
