"""The bundled ffmpeg (imageio-ffmpeg): a raw-video pipe encoder, the audio mux pass, probing.

Video frames go to ffmpeg through stdin as raw yuv420p (the compositor builds them in the
encoder's own format: no conversion in ffmpeg, half the bytes of RGB) and become H.264.
The audio mix is written as a WAV while the frames encode, and a last pass copies the video and
encodes the audio to AAC: feeding a raw pipe and an audio file to one ffmpeg made it buffer
hundreds of MB of frames, and an AAC encoder running beside the frames' one added its own 50 MiB
to the render's peak.
"""
import os
import re
import subprocess
import tempfile
from pathlib import Path

from core.providers import ProviderError

PRESET = "ultrafast"
CRF = "26"
# ultrafast with two B-frames back, 20 s of a rainy night scene at 720p30, x264 alone on one core:
# 2.9 CPU-s, SSIM 0.947, 10.3 MB, where veryfast with a short lookahead, diamond search and
# subme 1 (the setting before) took 4.4-5.6 CPU-s for SSIM 0.937 and 6.4 MB. CABAC would save
# 15 % of the bytes for 11 % more CPU: left off (the 60 s render's 15 s budget, bench_render.py)
X264_PARAMS = "bframes=2:sync-lookahead=0"  # no frames held back for threads: less memory
THREADS = "2"  # 1, 3, 4 or 6 measured no faster on two cores
PIPE_BYTES = 1 << 20  # Linux's default ceiling for an unprivileged pipe (/proc/sys/fs/pipe-max-size)


def ffmpeg_exe():
    try:
        import imageio_ffmpeg
        return imageio_ffmpeg.get_ffmpeg_exe()
    except Exception as exc:  # pragma: no cover - depends on the installation
        raise ProviderError(f"ffmpeg is not available: {exc}") from exc


def video_args(width, height, fps, output):
    """The encode command for yuv420p frames on stdin (shared with the benchmark)."""
    return [ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y", "-filter_threads", "1",
            "-thread_queue_size", "2", "-f", "rawvideo", "-pix_fmt", "yuv420p",
            "-s", f"{width}x{height}", "-r", str(fps),
            "-i", "-", "-an", "-c:v", "libx264", "-preset", PRESET, "-crf", CRF,
            "-x264-params", X264_PARAMS, "-threads", THREADS,
            "-pix_fmt", "yuv420p", "-r", str(fps), "-movflags", "+faststart", str(output)]


def _widen_pipe(fd, size=PIPE_BYTES):
    """Ask Linux for a pipe of ``size`` bytes (64 KiB by default): a 720p frame then crosses in a
    couple of writes instead of ~20, each waking ffmpeg. Elsewhere, or when refused: as it is."""
    try:
        import fcntl
        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), size)
    except (ImportError, OSError):
        pass


class VideoEncoder:
    """``with VideoEncoder(...) as enc: enc.write(frame)`` -> a video-only MP4."""

    def __init__(self, width, height, fps, output):
        self.output = Path(output)
        self.args = video_args(width, height, fps, output)
        self.proc = None
        self.log = None

    def __enter__(self):
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     stderr=self.log)
        self._fd = self.proc.stdin.fileno()
        _widen_pipe(self._fd)
        return self

    def write(self, frame):
        view = memoryview(frame).cast("B")
        try:
            while len(view):
                written = os.write(self._fd, view)
                view = view[written:]
        except (BrokenPipeError, OSError):
            self.proc.wait()
            raise ProviderError(f"The video encoder stopped: {self._stderr()}") from None

    def _stderr(self):
        self.log.seek(0)
        text = self.log.read().decode("utf-8", "replace").strip()
        return text.splitlines()[-1] if text else f"ffmpeg exited with {self.proc.returncode}"

    def __exit__(self, exc_type, exc, tb):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        if exc_type is not None:
            self.proc.kill()
            self.proc.wait()
            self.log.close()
            return False
        code = self.proc.wait()
        message = self._stderr() if code else ""
        self.log.close()
        if code:
            raise ProviderError(f"The video encoder failed: {message}")
        return False


def run_ffmpeg(args, what):
    proc = subprocess.run([ffmpeg_exe(), "-hide_banner", "-loglevel", "error", "-y", *args],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    if proc.returncode:
        tail = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ProviderError(f"{what} failed: {tail[-1] if tail else proc.returncode}")


# ffmpeg's fast AAC coder: 60 s of the mono mix in 0.2 CPU-s instead of 0.4 (the default two-loop
# search), which matters now that the audio is encoded after the frames rather than beside them
AAC = ["-c:a", "aac", "-aac_coder", "fast", "-b:a", "128k", "-ar", "44100"]


def mux(video, wav, output):
    """The H.264 video (copied) and the WAV mix as AAC, web-ready (moov first)."""
    run_ffmpeg(["-i", str(video), "-i", str(wav), "-map", "0:v:0", "-map", "1:a:0",
                "-c:v", "copy", *AAC, "-movflags", "+faststart", str(output)],
               "Muxing the audio")


def probe(path):
    """Parse ``ffmpeg -i`` (there is no ffprobe): duration, size, fps and codecs."""
    proc = subprocess.run([ffmpeg_exe(), "-hide_banner", "-i", str(path)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    text = proc.stderr.decode("utf-8", "replace")
    info = {"duration": 0.0, "width": 0, "height": 0, "fps": 0.0, "video_codec": None,
            "audio_codec": None, "pix_fmt": None, "text": text}
    m = re.search(r"Duration: (\d+):(\d+):(\d+(?:\.\d+)?)", text)
    if m:
        info["duration"] = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
    m = re.search(r"Stream #\S+.*?Video: (\w+)[^,]*, (\w+)[^,]*?(?:\([^)]*\))?, (\d+)x(\d+)", text)
    if m:
        info["video_codec"], info["pix_fmt"] = m.group(1), m.group(2)
        info["width"], info["height"] = int(m.group(3)), int(m.group(4))
    m = re.search(r"(\d+(?:\.\d+)?) fps", text)
    if m:
        info["fps"] = float(m.group(1))
    m = re.search(r"Stream #\S+.*?Audio: (\w+)", text)
    if m:
        info["audio_codec"] = m.group(1)
    return info
