"""The render pipeline shared by the ``local`` and ``stability`` providers.

script (a retelling sized to the duration) -> narration + music (WAV) -> scene plan (one scene
per line, each with the pictures it shows) -> key images (painted or fetched) + end card ->
frames streamed into ffmpeg (title card, subtitles) while the mix is written -> video copied and
the mix encoded to AAC beside it -> poster JPEG, WebVTT and a thumbnail per scene. Only where the key images come
from differs between providers.
"""
import resource
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image

from core.providers import ProviderError, RenderResult
from providers.video.audio import mixer, music, narration
from providers.video.encode import encoder
from providers.video.frames import cards, overlays, subtitles
from providers.video.frames.compositor import Compositor, ScenePlan, trim_heap
from providers.video.imagery import grading, scenes
from providers.video.imagery.looks import look_for
from providers.video.script import script
from providers.video.script.scene_plan import (
    plan_story,
    script_of,
    shot_planner,
    story_plan,
    weather_of,
)

HEIGHTS = {"480p": 480, "720p": 720, "1080p": 1080, "1440p": 1440, "2K": 1440, "4K": 2160, "8K": 4320}
ASPECTS = {"16:9": (16, 9), "9:16": (9, 16), "1:1": (1, 1), "4:3": (4, 3), "21:9": (21, 9)}
PAINT_LONG_SIDE = 640
STAGES = {  # message -> (first, last) percent
    "Writing script": (0, 3),
    "Recording narration": (3, 14),
    "Painting scenes": (14, 20),
    "Encoding video": (20, 94),
    "Finishing": (94, 100),
}


def frame_size(aspect_ratio, resolution, max_height=1080):
    """(width, height): the resolution names the frame's short side (1080p portrait is
    1080x1920, as phones film it), capped at ``max_height``."""
    aw, ah = ASPECTS.get(str(aspect_ratio), ASPECTS["16:9"])
    short = min(HEIGHTS.get(str(resolution), 1080), int(max_height))
    short -= short % 2
    if aw >= ah:
        return int(short * aw / ah / 2 + 0.5) * 2, short
    return short, int(short * ah / aw / 2 + 0.5) * 2


def frame_rate(value):
    try:
        fps = int(round(float(value)))
    except (TypeError, ValueError):
        fps = 30
    return min(60, max(24, fps))


def clamp_duration(value):
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = 60.0
    return min(300.0, max(10.0, seconds))


class Reporter:
    """Monotonic ``progress(percent, message)`` within each stage's percent range."""

    def __init__(self, progress):
        self.progress = progress
        self.last = (-1, None)

    def __call__(self, stage, done=0, total=1):
        lo, hi = STAGES[stage]
        pct = int(lo + (hi - lo) * (done / total if total else 1.0))
        pct = max(pct, self.last[0])
        if (pct, stage) != self.last:
            self.last = (pct, stage)
            self.progress(pct, stage)


@dataclass
class RenderContext:
    request: object
    width: int
    height: int
    fps: int
    duration: float
    seed: int
    look: object
    paint_size: tuple
    timings: dict = field(default_factory=dict)
    weather: str = ""  # the form's, else the plan's
    plan: object = None  # the story's plan (typed), when there is one


def _to_uint8(img):
    return (np.clip(img, 0, 1) * 255).astype(np.uint8)


def local_painter(ctx):
    req = ctx.request

    def paint(scene, _cw, _ch):
        """The scene's painting, or a ``(painting, background)`` pair (see ``scenes.paint``)."""
        pw, ph = ctx.paint_size
        img, back = scenes.paint(pw, ph, ctx.look, scene.text, req.genre, req.mood,
                                 req.time_of_day, ctx.weather, ctx.seed, scene.index,
                                 shot=scene.shot, layered=True)
        img = _to_uint8(grading.grade(img, req.color_grading))
        return img if back is None else (img, _to_uint8(grading.grade(back, req.color_grading)))

    return paint


def prepare(request, max_height=1080):
    """Size, rate, duration, seed, look and paint size of a request."""
    width, height = frame_size(request.aspect_ratio, request.resolution, max_height)
    fps = frame_rate(request.frame_rate)
    duration = clamp_duration(request.duration)
    seed = int(request.seed or 0) or zlib.crc32(str(request.title).encode()) % 100000
    look = look_for(request.animation_style, request.genre, request.mood)
    scale = PAINT_LONG_SIDE / max(width, height)
    paint_size = (max(64, int(width * scale)), max(64, int(height * scale)))
    return RenderContext(request, width, height, fps, duration, seed, look, paint_size,
                         weather=request.weather or "")


def start_painting(painter, lines, shots, width, height, timings):
    """Paint one key image per line on a worker thread (while the narration is recorded);
    returns the pool and the futures, in line order."""
    pool = ThreadPoolExecutor(max_workers=1)
    timings["paint"] = timings["paint_cpu"] = 0.0

    def paint(k):
        t0, c0 = time.perf_counter(), time.thread_time()
        try:
            return painter(ScenePlan(0.0, 0.0, str(lines[k]).strip(), k, shot=shots[k]), width, height)
        finally:
            timings["paint"] += time.perf_counter() - t0
            timings["paint_cpu"] += time.thread_time() - c0

    return pool, [pool.submit(paint, k) for k in range(len(lines))]


def scene_entries(plan, thumbnails=()):
    """The ``RenderResult.scenes`` list: start, line and pictures of each narrated scene."""
    out = []
    for scene in plan:
        if scene.card or (out and out[-1]["text"] == scene.text):
            continue  # a long line spans two scenes: the storyboard lists it once
        entry = {"start": round(scene.start, 2), "text": scene.text,
                 "shows": scene.shot.shows if scene.shot else [],
                 "who": list(getattr(scene.shot, "who", ()) or ()), "where": getattr(scene.shot, "where", "") or ""}
        if scene.index in thumbnails:
            entry["thumbnail"] = thumbnails[scene.index]
        out.append(entry)
    return out


def build_compositor(ctx, plan, prepared, cues):
    req = ctx.request
    titles = cards.title_sprites(req.title, req.author, ctx.width, ctx.height)
    return Compositor(ctx.width, ctx.height, ctx.fps, ctx.duration, plan,
                      lambda scene, cw, ch: prepared[scene.index], ctx.look,
                      transition=req.transitions, weather=ctx.weather, cues=cues,
                      burn_subtitles=bool(req.subtitles), watermark=bool(req.watermark),
                      seed=ctx.seed, stormy=ctx.weather == "Stormy", pace=script.pace(req.pacing),
                      title_sprites=titles, title_seconds=cards.TITLE_SECONDS,
                      word_captions=req.captions == "word")


def _cpu():
    """(this process's, its finished children's) CPU seconds, user + system."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime


def render(request, out_dir, progress, max_height=1080, painter_factory=local_painter,
           timings=None):
    """Render ``request`` into ``out_dir``; ``painter_factory(ctx)`` gives each scene's image."""
    out_dir = Path(out_dir)
    report = Reporter(progress)
    clock = time.perf_counter()
    timings = {} if timings is None else timings
    timings["cpu_start"] = _cpu()[0]

    report("Writing script", 0, 1)
    ctx = prepare(request, max_height)
    ctx.timings = timings
    paragraphs = script_of(request)
    end_card = cards.end_card_seconds(ctx.duration)
    lines = script.write_script(paragraphs, ctx.duration - end_card, request.narration_voice,
                                float(request.voice_speed or 1.0),
                                request.pacing, request.plot_twist,
                                f"{request.key_elements} {request.antagonist}",
                                given=request.script, plan=request.plan) or paragraphs or [""]
    plan, extracted = story_plan(request)
    ctx.plan = plan
    ctx.weather = weather_of(request, plan)
    planner = shot_planner(request, lines, plan)
    shots = [planner.shot(line, k, script.paragraph_of(line, paragraphs))
             for k, line in enumerate(lines)]
    report("Writing script", 1, 1)
    pool, paintings = start_painting(painter_factory(ctx), lines, shots, ctx.width, ctx.height,
                                     timings)
    try:
        result = _render(request, out_dir, ctx, report, clock, timings, lines, shots, paintings,
                         end_card)
        if extracted:
            from core.story_plan import dump_plan
            result.plan = dump_plan(plan)
        return result
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _render(request, out_dir, ctx, report, clock, timings, lines, shots, paintings, end_card):
    width, height, fps, duration, seed = ctx.width, ctx.height, ctx.fps, ctx.duration, ctx.seed
    narrated = duration - end_card
    speed = float(request.voice_speed or 1.0)

    # narration, subtitles, music
    report("Recording narration", 0, 1)
    # the music does not depend on the narration: made on a worker thread meanwhile
    # (onnxruntime and numpy release the GIL)
    with ThreadPoolExecutor(max_workers=1) as music_pool:
        music_job = music_pool.submit(music.music_for, request.music_ambience, duration,
                                      mixer.SAMPLE_RATE, seed, ctx.weather)
        voice = narration.fit_narration(lines, request.narration_voice, speed, narrated)
        cues = subtitles.cues_from_narration(voice, narrated)
        track = music_job.result()
    trim_heap()  # what the voices' runs left in the heap goes back before the frames start
    work = out_dir / f".render-{seed}-{int(time.time() * 1000) % 10**8}"
    work.mkdir(parents=True, exist_ok=True)
    audio_path = work / "audio.wav"
    video_only = work / "video.mp4"
    # the mix is only needed for the mux: written on a worker thread while frames are encoded
    mix_pool = ThreadPoolExecutor(max_workers=1)
    try:
        mix_job = mix_pool.submit(_mix, timings, audio_path, duration, voice, track,
                                  request.narration_volume, request.music_volume)
        report("Recording narration", 1, 1)
        timings["audio"] = time.perf_counter() - clock
        timings["audio_cpu"] = _cpu()[0] - timings.get("cpu_start", 0.0)  # with the painting

        # scene plan and key images
        plan = plan_story(request, lines, shots, voice.sentences, duration, end_card)
        prepared = {}
        t0 = time.perf_counter()
        for k, scene in enumerate(plan):
            report("Painting scenes", k, len(plan))
            if scene.card:
                prepared[scene.index] = cards.end_card(width, height, request.title, request.author,
                                                       request.narration_voice)
            else:
                prepared[scene.index] = paintings[scene.line].result()
        report("Painting scenes", 1, 1)
        timings["paint_wait"] = time.perf_counter() - t0

        comp = build_compositor(ctx, plan, prepared, cues)
        t0 = time.perf_counter()
        cpu0 = _cpu()
        total = comp.n_frames
        every = max(1, total // 100)
        stream = comp.yuv_frames()
        try:
            with encoder.VideoEncoder(width, height, fps, video_only) as enc:
                for f, frame in enumerate(stream):
                    enc.write(frame)
                    if f % every == 0:
                        report("Encoding video", f, total)
        finally:
            stream.close()
        report("Encoding video", 1, 1)
        timings["encode"] = time.perf_counter() - t0
        cpu1 = _cpu()
        timings["frames_cpu"], timings["ffmpeg_cpu"] = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
        if mix_job.done():  # it ran meanwhile: its CPU time is not the frames'
            timings["frames_cpu"] -= timings.get("mix_cpu", 0.0)
        timings["frames"] = total

        report("Finishing", 0, 3)
        mix_job.result()
        video_path = out_dir / "video.mp4"
        encoder.mux(video_only, audio_path, video_path)
        report("Finishing", 1, 3)
        poster_path = out_dir / "poster.jpg"
        write_poster(comp.poster, "" if comp.title_frames > comp.poster_frame else request.title,
                     poster_path)
        thumbnails = write_thumbnails(comp.thumbnails, out_dir)
        vtt_path = out_dir / "subtitles.vtt"
        subtitles.write_vtt(vtt_path, cues, request.title, word_times=request.captions == "word")
        report("Finishing", 2, 3)
        info = encoder.probe(video_path)
        if not info["duration"] or not info["width"]:
            raise ProviderError("The rendered video could not be read back")
        report("Finishing", 3, 3)
        timings["total"] = time.perf_counter() - clock
        return RenderResult(video_path=video_path, poster_path=poster_path,
                            subtitles_path=vtt_path, duration=round(info["duration"], 3),
                            width=info["width"], height=info["height"], fps=fps,
                            script=[str(line) for line in lines if str(line).strip()],
                            scenes=scene_entries(plan, thumbnails))
    finally:
        mix_pool.shutdown(wait=True, cancel_futures=True)
        for path in (audio_path, video_only):
            path.unlink(missing_ok=True)
        try:
            work.rmdir()
        except OSError:
            pass


def _mix(timings, wav, *args):
    """The mix as a WAV (encoded to AAC by the mux, after the frames)."""
    start = time.thread_time()
    try:
        mixer.write_mix(wav, *args)
    finally:
        timings["mix_cpu"] = time.thread_time() - start


def write_thumbnails(images, out_dir):
    """``scenes/scene-NN.jpg`` per scene; returns {scene index: path relative to out_dir}."""
    folder = Path(out_dir) / "scenes"
    folder.mkdir(exist_ok=True)
    out = {}
    for index, image in sorted(images.items()):
        name = f"scenes/scene-{index + 1:02d}.jpg"
        image.save(Path(out_dir) / name, "JPEG", quality=80, optimize=True)
        out[index] = name
    return out


def write_poster(frame, title, path):
    if frame is None:
        raise ProviderError("No frame was rendered for the poster")
    frame = frame.copy()
    h, w = frame.shape[:2]
    if title:
        sprite = overlays.text_sprite(str(title), w, h, max(16, int(min(w, h * 1.4) * 0.065)),
                                      margin=0.12, color=(235, 225, 215))
        sprite.apply(frame)
    Image.fromarray(frame).save(path, "JPEG", quality=88, optimize=True)
