"""Benchmark of the offline video renderer (providers.video, for the local provider).

Prints three figures:

1. end-to-end time, stage timings and peak resident memory (process tree) of a 60 s 1280x720
   30 fps render of a story the offline engine wrote (a lighthouse keeper's, with its plan: the
   scenes come from the plan's beats, as on the site), run in a fresh child process that has first
   loaded its voices as a `dreadforge worker` does (target <= 10 s on a quiet machine, <= 400 MiB);
   ``BENCH_STORY=attic`` renders the hand-written story below instead (no plan: one is read out
   of it, as for a story its author typed);
2. frame-pipeline speed as a ratio of the speed at which the same ffmpeg settings encode the very
   same frames pre-made on disk (target >= 0.80);
3. peak resident memory of the process tree (Python + ffmpeg children, sampled with psutil every
   20 ms) during a 300 s 1920x1080 render, run in a fresh child process (target < 500 MB).

Usage: .venv/bin/python bench/bench_render.py [--skip-memory] [--ratio-seconds 20]
(``BENCH_CAPTIONS=word`` renders word-by-word captions)
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from common import ROOT  # puts the checkout on sys.path

STORY = [
    "The house at the end of Mill Lane had been empty for forty years. Nobody went near it after "
    "dark, and the children who dared each other to touch the gate never stayed long.",
    "One night, Sarah saw a light in the attic window. It flickered, then went out. She told "
    "herself it was a reflection, a trick of the moon on old glass.",
    "The next morning the front door stood open, and muddy footprints led up the stairs toward "
    "the attic. They were small, bare, and they only went one way.",
    "She followed them, one creaking step at a time, until she heard something breathing behind "
    "the attic door. It was slow and patient, as if it had been waiting for her all along.",
    "When the door swung open, the room was empty except for a chair facing the window, and on "
    "the dusty glass, written from the inside, was her own name.",
]


PLANNED = dict(genre="Supernatural", mood="Eerie", time_of_day="Night", weather="Rainy",
               setting="a lighthouse on a rock off the coast of Maine",
               characters="Ezra Coffin, the keeper; the woman in the lamp room",
               protagonist="Ezra Coffin", antagonist="the woman in the lamp room",
               key_elements="the logbook, the foghorn",
               plot_twist="the woman is the keeper's wife, drowned the winter before",
               narrative_perspective="Third Person", pacing="Moderate", intensity=6,
               length_words=1200, seed=11)


def _story():
    """(title, paragraphs, plan, fields) of the story rendered."""
    if os.environ.get("BENCH_STORY") == "attic":
        return "The Attic", STORY * 3, None, dict(
            genre="Gothic Horror", mood="Eerie", setting="an abandoned house", time_of_day="Night",
            weather="Rainy", key_elements="footprints, attic door", characters="Sarah",
            protagonist="Sarah", antagonist="something breathing", plot_twist="her own name")
    from core.providers import StoryRequest
    from core.services.video_render import script_paragraphs
    from providers.local_story import LocalStoryProvider
    story = LocalStoryProvider().generate(StoryRequest(**PLANNED))
    fields = {k: v for k, v in PLANNED.items()
              if k not in ("narrative_perspective", "intensity", "length_words", "seed")}
    return story.title, script_paragraphs(story.content), story.plan, fields


def request(duration, resolution, **extra):
    from core.providers import VideoRenderRequest
    title, paragraphs, plan, fields = _story()
    values = dict(fields, title=title, paragraphs=paragraphs, plan=plan, duration=duration,
                  resolution=resolution, frame_rate=30, seed=11, author="A. Reader",
                  captions=os.environ.get("BENCH_CAPTIONS", "phrase"))  # "word": word by word
    values.update(extra)
    return VideoRenderRequest(**values)


def cpu_seconds():
    """CPU time (user + system) of this process and its finished children (ffmpeg)."""
    import resource
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def end_to_end(req):
    from providers.local_video import LocalVideoProvider
    provider = LocalVideoProvider()
    start = time.perf_counter()
    provider.preload()  # as `dreadforge worker` does once, before it forks a process per render
    preload = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as out:
        cpu = cpu_seconds()
        start = time.perf_counter()
        result = provider.render(req, Path(out), lambda p, m: None)
        elapsed = time.perf_counter() - start
        timings = dict(provider.last_timings, cpu=cpu_seconds() - cpu, preload=preload)
    return elapsed, result, timings


def pipeline_ratio(seconds, rounds=2):
    """Time our frames -> ffmpeg pipe against ffmpeg encoding the same frames read from disk."""
    from providers.video import pipeline
    from providers.video.audio import narration
    from providers.video.encode import encoder
    from providers.video.frames import subtitles
    from providers.video.script import scene_plan
    req = request(seconds, "720p")
    ctx = pipeline.prepare(req)
    paragraphs = pipeline.script_of(req)
    voice = narration.fit_narration(paragraphs, req.narration_voice, 1.0, ctx.duration)
    cues = subtitles.cues_from_narration(voice, ctx.duration)
    plan = scene_plan.plan_scenes(paragraphs, voice.sentences, ctx.duration, req.title)
    painter = pipeline.local_painter(ctx)
    prepared = {scene.index: painter(scene, ctx.width, ctx.height) for scene in plan}
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
        raw = Path(tmp) / "frames.yuv"
        # 1) make the frames once, to disk
        with open(raw, "wb") as fh:
            for frame in pipeline.build_compositor(ctx, plan, prepared, cues).yuv_frames():
                fh.write(memoryview(frame).cast("B"))
        frames = raw.stat().st_size // (ctx.width * ctx.height * 3 // 2)
        with open(raw, "rb") as fh:  # warm the page cache so the baseline is not disk-bound
            while fh.read(1 << 24):
                pass
        # 2) baseline: the same ffmpeg command, frames streamed from the file, and
        # 3) our pipeline: frames generated and piped as they are made.
        # Alternated over a few rounds; the best of each counts (other load on the machine only
        # ever makes a run slower).
        args = encoder.video_args(ctx.width, ctx.height, ctx.fps, Path(tmp) / "premade.mp4")
        premade = live = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            with open(raw, "rb") as fh:
                subprocess.run(args, stdin=fh, check=True)
            premade = min(premade, time.perf_counter() - start)
            comp = pipeline.build_compositor(ctx, plan, prepared, cues)
            start = time.perf_counter()
            with encoder.VideoEncoder(ctx.width, ctx.height, ctx.fps, Path(tmp) / "live.mp4") as enc:
                for frame in comp.yuv_frames():
                    enc.write(frame)
            live = min(live, time.perf_counter() - start)
        raw.unlink()
    return frames, premade, live


def child_render(result_file):
    """Render the request the parent wrote into ``result_file``, then write the figures there."""
    from core.providers import VideoRenderRequest
    req = VideoRenderRequest(**json.loads(Path(result_file).read_text()))
    elapsed, result, timings = end_to_end(req)
    Path(result_file).write_text(json.dumps({"elapsed": elapsed, "width": result.width,
                                             "height": result.height, "duration": result.duration,
                                             "timings": timings}))


def peak_tree_rss(duration, resolution):
    from dataclasses import asdict

    import psutil
    # the story is written here, not in the child: a video worker does not load the story engine
    req = asdict(request(duration, resolution))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(req, fh)
        result_file = fh.name
    child = subprocess.Popen([sys.executable, __file__, "--child", result_file], cwd=str(ROOT))
    proc = psutil.Process(child.pid)
    peak = {"total": 0, "python": 0, "ffmpeg": 0}
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            try:
                py = proc.memory_info().rss
                ff = 0
                for c in proc.children(recursive=True):
                    try:
                        # a child not yet ffmpeg is the render's own vfork, sharing its pages
                        if "ffmpeg" in c.name():
                            ff += c.memory_info().rss
                    except psutil.Error:
                        pass
            except psutil.Error:
                break
            if py + ff > peak["total"]:
                peak.update(total=py + ff, python=py, ffmpeg=ff)
            stop.wait(0.02)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    code = child.wait()
    stop.set()
    thread.join()
    if code:
        raise SystemExit(f"child render failed with {code}")
    data = json.loads(Path(result_file).read_text())
    os.unlink(result_file)
    return peak, data


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child_render(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--skip-ratio", action="store_true")
    parser.add_argument("--ratio-seconds", type=int, default=20)
    parser.add_argument("--memory-seconds", type=int, default=300)
    parser.add_argument("--skip-e2e", action="store_true")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of the ratio measurement")
    args = parser.parse_args()

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} CPUs (other work on the machine slows every figure)")
    if not args.skip_e2e:
        peak, data = peak_tree_rss(60, "720p")
        timings = data["timings"]
        mb = 1024 * 1024
        paint, mix = timings.get("paint_cpu", 0.0), timings.get("mix_cpu", 0.0)
        frames, x264 = timings.get("frames_cpu", 0.0), timings.get("ffmpeg_cpu", 0.0)
        print(f"end-to-end 60 s {data['width']}x{data['height']}@30: {data['elapsed']:.1f} s "
              f"(target <= 10 s quiet) [script+narration {timings.get('audio', 0):.1f} s, paint "
              f"{timings.get('paint', 0):.1f} s (waited for after the narration "
              f"{timings.get('paint_wait', timings.get('paint', 0)):.1f} s), frames+encode "
              f"{timings.get('encode', 0):.1f} s, duration {data['duration']:.2f} s]")
        print(f"  CPU time {timings['cpu']:.1f} s incl. ffmpeg [painting {paint:.1f} s, "
              f"frames (python) {frames:.1f} s, x264 {x264:.1f} s, audio mix {mix:.1f} s, "
              f"script+narration+music+mux+files "
              f"{timings['cpu'] - paint - mix - frames - x264:.1f} s] "
              f"(= {timings['cpu'] / (os.cpu_count() or 1):.1f} s of wall time on idle cores)")
        print(f"  (the worker's voices loaded before, once per worker: {timings.get('preload', 0):.1f} s)")
        print(f"  peak tree RSS {peak['total'] / mb:.0f} MiB (python {peak['python'] / mb:.0f} + "
              f"ffmpeg {peak['ffmpeg'] / mb:.0f}; target <= 400 MiB)")
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not args.skip_ratio:
        frames, premade, live = pipeline_ratio(args.ratio_seconds, args.rounds)
        print(f"frame pipeline vs pre-made frames ({frames} frames, 720p30, same ffmpeg args, "
              f"best of {args.rounds}): "
              f"pre-made {premade:.2f} s ({frames / premade:.0f} fps), live {live:.2f} s "
              f"({frames / live:.0f} fps) -> ratio {premade / live:.2f} (target >= 0.80)")
    if not args.skip_memory:
        peak, data = peak_tree_rss(args.memory_seconds, "1080p")
        mb = 1024 * 1024
        print(f"{args.memory_seconds} s {data['width']}x{data['height']} render: {data['elapsed']:.1f} s, "
              f"peak tree RSS "
              f"{peak['total'] / mb:.0f} MB (python {peak['python'] / mb:.0f} MB + ffmpeg "
              f"{peak['ffmpeg'] / mb:.0f} MB at that moment; target < 500 MB)")


if __name__ == "__main__":
    main()
