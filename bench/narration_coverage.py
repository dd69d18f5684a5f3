"""How much of the film the narration fills, per duration: the offline engine writes a story from a
field set (a ger on the Mongolian steppe, 1,500 words), and for 30, 60, 120, 180 and 300 s the
script is sized to the voice and spoken; prints the lines and words narrated, the seconds of
speech, where the last caption ends and the gap before the end card (target: within 4 s, no silent
tail). Speech is synthesised (the installed voices), no video is rendered.

Usage: .venv/bin/python bench/narration_coverage.py [--voice "Deep Male"]
"""
import argparse

from common import ROOT  # noqa: F401  (puts the checkout on sys.path)

FIELDS = dict(genre="Folk Horror", mood="Eerie", setting="a ger on the Mongolian steppe in winter",
              characters="Altan, a herder's son", protagonist="Altan",
              antagonist="the rider who circles the ger at night",
              key_elements="the felt door, a horse-head fiddle",
              plot_twist="the rider is Altan's father, who froze on the steppe last winter",
              weather="Foggy", time_of_day="Night", length_words=1500, seed=5,
              narrative_perspective="Third Person", pacing="Moderate", intensity=6)


def main():
    from core.providers import StoryRequest
    from core.services.video_render import script_paragraphs
    from providers.local_story import LocalStoryProvider
    from providers.video.audio import narration
    from providers.video.frames import cards, subtitles
    from providers.video.script import script

    parser = argparse.ArgumentParser()
    parser.add_argument("--voice", default="Deep Male")
    args = parser.parse_args()
    story = LocalStoryProvider().generate(StoryRequest(**FIELDS))
    paragraphs = script_paragraphs(story.content)
    print(f"story: {story.title!r}, {len(story.content.split())} words; voice {args.voice}")
    for duration in (30, 60, 120, 180, 300):
        narrated = duration - cards.end_card_seconds(duration)
        lines = script.write_script(paragraphs, narrated, args.voice, 1.0, FIELDS["pacing"],
                                    FIELDS["plot_twist"], "", plan=story.plan)
        voice = narration.fit_narration(lines, args.voice, 1.0, narrated)
        cues = subtitles.cues_from_narration(voice, narrated)
        speech = sum(cue.end - cue.start for cue in cues)
        last = max(cue.end for cue in cues)
        words = sum(len(line.split()) for line in lines)
        print(f"{duration:>3} s: {len(lines):>2} lines, {words:>3} words narrated, speech {speech:5.1f} s, "
              f"last caption ends {last:5.1f} s, end card at {narrated:5.1f} s, gap {narrated - last:.1f} s")


if __name__ == "__main__":
    main()
