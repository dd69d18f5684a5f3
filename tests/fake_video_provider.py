"""A video provider for the render-job tests, loaded into a worker process through
DREADFORGE_PLUGIN_MODULES: it reads what the title asks of it (``FAIL``, ``CRASH``, ``UNPLUGGED``, ``SLOW``) and
records what the Video row looked like while it rendered (``observed.json``). Like the local
renderer it narrates the request's script, or writes one (a line per paragraph) when it is empty,
and returns one scene per line with a thumbnail under ``scenes/``."""
import json
import time
from pathlib import Path

from core.hookspecs import hookimpl
from core.providers import ProviderError, RenderResult, VideoProvider


def _thumbnail():
    """A real 32x18 JPEG (the browser tests display it)."""
    import io

    from PIL import Image
    buffer = io.BytesIO()
    Image.new("RGB", (32, 18), (90, 10, 20)).save(buffer, "JPEG")
    return buffer.getvalue()


THUMBNAIL = _thumbnail()


class FakeVideoProvider(VideoProvider):
    name = "fake"
    label = "Fake renderer (tests)"
    max_height = 1080

    def render(self, request, out_dir, progress):
        from core.models import Video
        out_dir = Path(out_dir)
        video_id = int(out_dir.parent.name)
        seen = []

        def report(percent, message):
            progress(percent, message)
            row = Video.get_by_id(video_id)
            seen.append([row.status, row.progress, row.progress_message])

        row = Video.get_by_id(video_id)
        seen.append([row.status, row.progress, row.progress_message])
        report(10, "Recording narration")
        if "FAIL" in request.title:
            raise ProviderError(f"The fake renderer refused '{request.title}'")
        if "CRASH" in request.title:
            raise RuntimeError("the fake renderer fell over")
        if "UNPLUGGED" in request.title:  # the embedded queue went away under the render
            import redis
            raise redis.ConnectionError(f"Error 2 connecting to {out_dir}/queue.sock. "
                                        "No such file or directory.")
        report(20, "Painting scenes")
        if "SLOW" in request.title:
            for step in range(600):
                progress(20 + step // 10, "Encoding video")
                time.sleep(0.1)
        report(60, "Encoding video")
        report(96, "Finishing")
        (out_dir / "video.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42FAKE:"
                                            + request.title.encode())
        (out_dir / "poster.jpg").write_bytes(b"\xff\xd8\xff\xe0fake poster")
        (out_dir / "subtitles.vtt").write_text("WEBVTT\n\n00:00.000 --> 00:02.000\n"
                                               + request.paragraphs[0] + "\n")
        script = list(request.script) or [f"Retold: {p}" for p in request.paragraphs]
        scenes = []
        (out_dir / "scenes").mkdir(exist_ok=True)
        for number, line in enumerate(script, 1):
            thumbnail = f"scenes/scene-{number:02d}.jpg"
            (out_dir / thumbnail).write_bytes(THUMBNAIL)
            scenes.append({"start": (number - 1) * 7.5, "text": line,
                           "shows": ["lighthouse", "figure"] if number % 2 else ["music box"],
                           "thumbnail": thumbnail})
        (out_dir / "observed.json").write_text(json.dumps({
            "seen": seen, "paragraphs": request.paragraphs, "request": request.to_dict()}))
        return RenderResult(video_path=out_dir / "video.mp4", poster_path=out_dir / "poster.jpg",
                            subtitles_path=out_dir / "subtitles.vtt", duration=request.duration,
                            width=640, height=360, fps=request.frame_rate, script=script,
                            scenes=scenes)


@hookimpl
def register_video_providers():
    return [FakeVideoProvider]
