"""Video rendering on the `videos` queue: pending -> processing -> completed | failed.

``start(video, user, allowed_from, conflict_message)`` moves a video to ``processing`` and
enqueues a ``video.render`` job. The job (``run_render``, in a worker):

1. claims the video (``job_id``) and mirrors its progress onto the Video row (``progress`` 0-100,
   ``progressMessage``: script, narration, scenes, encoding, finishing);
2. *script*: the video's ``content`` split into paragraphs; a video without text (direct mode)
   gets a script from the active story provider, stored in ``content`` and reused by
   regeneration (send ``content: ""`` in a PATCH to have a new one written);
3. renders with the active video provider into a new folder ``videos/{id}/{jobId}/`` of the media
   storage, and swaps it in only when the render succeeded, then removes the previous folder. The
   provider narrates the video's ``script`` (the creator's lines) or, when it is empty, writes one
   from the paragraphs; the narrated script and the render's scenes (their thumbnails are files of
   the same folder, served like the poster) are stored on the row.

Failure (a render error, a job timeout, a worker killed mid-render noticed by
``core.job_reaper.reconcile``): the job's ``on_fail`` removes the new folder and

* a video that never rendered becomes ``failed`` with the reason in ``error``;
* a video that has a previous render (a failed *regeneration*) goes back to ``completed`` with the
  previous files still served (``videoUrl`` unchanged, so it stays playable) and ``error`` saying
  that the regeneration failed and why. ``status`` only reads ``failed`` when nothing is playable.
"""
import json
import logging
import random
import re
import shutil
import zlib
from pathlib import Path

import peewee
from flask import current_app

from core import db
from core.choices import JobStatus, VideoStatus
from core.errors import abort
from core.jobs import QueueUnavailable, enqueue
from core.models import Job, User, Video, utcnow
from core.plugins import plugin_host
from core.providers import ProviderError, StoryRequest, VideoRenderRequest
from core.services import video_corrections
from core.services.video_plans import keep_plan, story_plan_of
from core.storage import get_storage

log = logging.getLogger(__name__)

KIND = "video.render"
WORDS_PER_SECOND = 2.5
SCRIPT_END = 5  # percent of the whole job spent on the script stage
LOST_AFTER_SECONDS = 60
MEDIA_NAMES = {"video": "video.mp4", "poster": "poster.jpg", "subtitles": "subtitles.vtt"}


def render_prefix(video_id, job_id):
    return f"videos/{video_id}/{job_id}"


def video_prefix(video_id):
    return f"videos/{video_id}"


def folder_of(key):
    return key.rsplit("/", 1)[0] if key and "/" in key else None


# --- starting (in the web app) -------------------------------------------------------------------


def start(video, user, allowed_from, conflict_message):
    """Move ``video`` to processing (only from ``allowed_from``; 409 otherwise) and enqueue its
    render; returns the refreshed video."""
    previous = (video.status, video.progress, video.progress_message, video.error, video.job_id)
    with db.write_transaction():
        moved = (Video.update(status=VideoStatus.PROCESSING, progress=0,
                              progress_message="Waiting for a worker", error=None, job_id=None,
                              updated_at=utcnow())
                 .where((Video.id == video.id) & Video.status.in_(list(allowed_from)))
                 .execute())
    if not moved:
        abort(409, message=conflict_message(Video.get_by_id(video.id).status))
    try:
        job = enqueue(KIND, user=user, queue="videos", video=video.id,
                      timeout=current_app.config["JOB_TIMEOUT_VIDEO"],
                      payload={"videoId": video.id})
    except QueueUnavailable:
        status, progress, message, error, job_id = previous
        Video.update(status=status, progress=progress, progress_message=message, error=error,
                     job_id=job_id).where(Video.id == video.id).execute()
        raise
    # The worker may already have claimed the video with this job id; either way it is this job.
    (Video.update(job_id=job.id)
     .where((Video.id == video.id) & (Video.status == VideoStatus.PROCESSING)
            & (Video.job_id.is_null() | (Video.job_id == job.id)))
     .execute())
    return Video.get_by_id(video.id)


# --- noticing dead renders (in the web app, on read) ---------------------------------------------


def reconcile_video(video):
    """While ``video`` is processing, bring it in line with its job: a job that failed, timed out,
    or whose worker died (``core.job_reaper.reconcile``) leaves the video failed. Returns the video."""
    if video.status != VideoStatus.PROCESSING:
        return video
    from core import job_reaper, jobs
    job = Job.get_or_none(Job.id == video.job_id) if video.job_id else None
    if job is None:  # (job_id is set right after enqueueing: allow that moment)
        age = (utcnow() - (video.updated_at or video.created_at)).total_seconds()
        if video.job_id or age > LOST_AFTER_SECONDS:
            render_failed(video.id, video.job_id, "The render job was lost. Please try again.")
    else:
        job = job_reaper.reconcile(job)
        if job.status == JobStatus.FAILED:  # normally done by the job's on_fail already; idempotent
            render_failed(video.id, job.id, job.error or "The render failed.")
    fresh = Video.get_or_none(Video.id == video.id)
    if fresh is None:
        return video
    for attribute in ("status", "progress", "progress_message", "error", "job_id", "video_file",
                      "poster_file", "subtitles_file", "rendered_at", "script", "scenes"):
        setattr(video, attribute, getattr(fresh, attribute))
    if (job is not None and job.status == JobStatus.QUEUED
            and video.status == VideoStatus.PROCESSING):
        video.progress_message = jobs.waiting_message(job)  # what it waits for, how long
    return video


# --- failing -------------------------------------------------------------------------------------


def render_failed(video_id, job_id, reason):
    """Mark the render of ``job_id`` failed (see the module docstring); removes its folder."""
    reason = (reason or "The render failed.").strip()
    video = Video.get_or_none(Video.id == video_id)
    if video is None:
        if job_id:
            get_storage(current_app).delete_prefix(render_prefix(video_id, job_id))
        return
    mine = (Video.id == video_id) & (Video.status == VideoStatus.PROCESSING)
    mine &= (Video.job_id == job_id) if job_id else Video.job_id.is_null()
    if video.video_file and get_storage(current_app).exists(video.video_file):
        changes = dict(status=VideoStatus.COMPLETED, progress=100,
                       progress_message="Regeneration failed",
                       error=f"Regeneration failed: {reason} The previous video is kept.")
    else:
        changes = dict(status=VideoStatus.FAILED, progress_message="Failed", error=reason)
    Video.update(**changes).where(mine).execute()
    if job_id and folder_of(video.video_file) != render_prefix(video_id, job_id):
        get_storage(current_app).delete_prefix(render_prefix(video_id, job_id))


def on_fail(job, reason):
    if job.video_id:
        render_failed(job.video_id, job.id, reason)


def on_retry(job):
    """Ready the video for another run of its render ``job`` (the queue lost it, or an admin
    retries it): only while the video is still this render's and the render published nothing
    (its files are not the ones served). The video goes back to processing (its previous render,
    if any, still served) and whatever a lost run left in the render's folder is removed.
    Returns None, or why the render cannot run again."""
    video = Video.get_or_none(Video.id == job.video_id) if job.video_id else None
    if video is None or video.job_id != job.id:
        return "The video was deleted or another render replaced this one."
    prefix = render_prefix(video.id, job.id)
    if folder_of(video.video_file) == prefix:
        return "This render was already published."
    get_storage(current_app).delete_prefix(prefix)
    moved = (Video.update(status=VideoStatus.PROCESSING, progress=0,
                          progress_message="Waiting for a worker", error=None, updated_at=utcnow())
             .where((Video.id == video.id) & (Video.job_id == job.id))
             .execute())
    return None if moved else "The video was deleted or another render replaced this one."


# --- the job (in a worker) -----------------------------------------------------------------------


def script_paragraphs(text):
    """Paragraphs of a script: blank-line separated, else line separated."""
    text = (text or "").strip()
    if not text:
        return []
    parts = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    if len(parts) == 1 and "\n" in parts[0]:
        parts = [p.strip() for p in parts[0].splitlines() if p.strip()]
    return parts


def story_request(video, seed):
    words = int(video.duration * WORDS_PER_SECOND * (video.voice_speed or 1.0))
    return StoryRequest(
        genre=video.genre, mood=video.mood, setting=video.setting, characters=video.characters,
        intensity=video.intensity, length_words=max(100, min(3000, words)),
        time_of_day=video.time_of_day, weather=video.weather_condition,
        protagonist=video.protagonist, antagonist=video.antagonist,
        narrative_perspective=video.narrative_perspective, pacing=video.pacing,
        include_dialogue=video.include_dialogue, include_description=video.include_description,
        key_elements=video.key_elements, plot_twist=video.plot_twist,
        custom_prompt=video.custom_prompt, suggested_title=video.title, seed=seed)


def render_request(video, paragraphs, seed):
    """What the provider renders: the video's settings, its script (empty: the provider writes
    one from ``paragraphs``) and the story fields its scenes draw on."""
    author = User.get_or_none(User.id == video.user_id)
    return VideoRenderRequest(
        title=video.title, paragraphs=paragraphs, genre=video.genre, mood=video.mood,
        setting=video.setting, time_of_day=video.time_of_day, weather=video.weather_condition,
        animation_style=video.animation_style, narration_voice=video.narration_voice,
        music_ambience=video.music_ambience, duration=video.duration,
        aspect_ratio=video.aspect_ratio, resolution=video.resolution,
        frame_rate=video.frame_rate, voice_speed=video.voice_speed,
        music_volume=video.music_volume, narration_volume=video.narration_volume,
        color_grading=video.color_grading, transitions=video.transitions,
        subtitles=video.subtitles, captions=video.captions or "phrase",
        watermark=video.watermark, seed=seed,
        script=list(video.script or []), characters=video.characters,
        protagonist=video.protagonist, antagonist=video.antagonist,
        key_elements=video.key_elements, plot_twist=video.plot_twist, pacing=video.pacing,
        author=author.display_name if author else "", plan=story_plan_of(video),
        **video_corrections.of(video))


def mirror_onto(video_id, job_id):
    """A ProgressReporter listener copying the job's progress onto the Video row."""
    def listener(percent, message):
        (Video.update(progress=percent, progress_message=(message or "")[:200])
         .where((Video.id == video_id) & (Video.job_id == job_id)
                & (Video.status == VideoStatus.PROCESSING))
         .execute())
    return listener


def write_script(video, app, progress, seed):
    """The script stage: the video's own text (a from_story video's copy of its story), or, when
    it has none (direct mode), one written by the active story provider."""
    progress(2, "Writing script")
    paragraphs = script_paragraphs(video.content)
    if paragraphs:
        return paragraphs
    result = plugin_host(app).story_provider().generate(
        story_request(video, seed),
        lambda percent, message: progress(2 + int(percent) * (SCRIPT_END - 2) // 100,
                                          "Writing script"))
    paragraphs = script_paragraphs(result.content)
    if not paragraphs:
        raise ProviderError("The story provider returned an empty script.")
    Video.update(content=result.content).where(Video.id == video.id).execute()
    return paragraphs


def _collect(result, out_dir):
    """{"video"|"poster"|"subtitles": file name in ``out_dir``}, copying files a provider wrote
    elsewhere into ``out_dir``."""
    files = {}
    for name, path in (("video", result.video_path), ("poster", result.poster_path),
                       ("subtitles", result.subtitles_path)):
        if not path:
            continue
        path = Path(path)
        if not path.is_file():
            if name == "video":
                raise ProviderError("The renderer produced no video file.")
            continue
        if path.resolve().parent != Path(out_dir).resolve():
            target = Path(out_dir) / MEDIA_NAMES[name]
            shutil.copyfile(path, target)
            path = target
        files[name] = path.name
    return files


def _scenes(result, out_dir, prefix, corrected=()):
    """The result's scenes as stored on the row: each thumbnail (a file under ``out_dir``)
    replaced by its media key, or None when the provider made none (or named a file outside);
    a scene whose line the creator corrected (``corrected``: those lines) stays ``edited``."""
    root = Path(out_dir).resolve()
    scenes = []
    for scene in result.scenes or []:
        if not isinstance(scene, dict):
            continue
        thumbnail = scene.get("thumbnail")
        key = None
        if thumbnail:
            path = (root / str(thumbnail)).resolve()
            if root in path.parents and path.is_file():
                key = f"{prefix}/{path.relative_to(root).as_posix()}"
        scenes.append({"start": round(float(scene.get("start") or 0), 2),
                       "text": str(scene.get("text") or ""),
                       "shows": [str(name) for name in scene.get("shows") or []],
                       "who": [str(name) for name in scene.get("who") or []],
                       "where": str(scene.get("where") or ""),
                       "thumbnail": key,
                       "edited": str(scene.get("text") or "").strip() in corrected})
        if scenes[-1]["edited"] and isinstance(corrected, dict):
            scenes[-1]["corrected"] = sorted(corrected[scenes[-1]["text"].strip()])
    return scenes



def run_render(job, progress, app):
    """The ``video.render`` job: script, render into a new folder, swap in on success."""
    from rq.timeouts import JobTimeoutException
    try:
        return _render(job, progress, app)
    except JobTimeoutException:
        raise ProviderError(timeout_message()) from None


def _render(job, progress, app):
    video_id = job.video_id or (job.payload or {}).get("videoId")
    claimed = (Video.update(job_id=job.id)
               .where((Video.id == video_id) & (Video.status == VideoStatus.PROCESSING)
                      & (Video.job_id.is_null() | (Video.job_id == job.id)))
               .execute())
    if not claimed:
        return {"skipped": "The video was deleted or another render replaced this one."}
    progress.listeners.append(mirror_onto(video_id, job.id))
    video = Video.get_by_id(video_id)
    seed = zlib.crc32(job.id.encode()) % 100_000 or random.randrange(1, 100_000)
    paragraphs = write_script(video, app, progress, seed)
    video = Video.get_by_id(video_id)

    storage = get_storage(app)
    prefix = render_prefix(video_id, job.id)
    out_dir = storage.workdir(prefix)
    provider = plugin_host(app).video_provider()

    def render_progress(percent, message=None):
        percent = SCRIPT_END + int(max(0, min(100, percent)) * (99 - SCRIPT_END) / 100)
        progress(percent, message or "Rendering")

    request = render_request(video, paragraphs, seed)
    try:
        result = provider.render(request, out_dir, render_progress)
        files = _collect(result, out_dir)
        scenes = _scenes(result, out_dir, prefix, video_corrections.parts(request))
        storage.publish(out_dir, prefix)
    except BaseException:
        storage.delete_prefix(prefix)
        raise

    keys = {name: storage.key_for(prefix, file_name) for name, file_name in files.items()}
    previous = Video.get_or_none(Video.id == video_id)
    swapped = (Video.update(status=VideoStatus.COMPLETED, progress=100,
                            progress_message="Completed", error=None, video_file=keys["video"],
                            poster_file=keys.get("poster"), subtitles_file=keys.get("subtitles"),
                            scenes=scenes, script=narrated_script(request.script, result.script),
                            rendered_at=utcnow())
               .where((Video.id == video_id) & (Video.job_id == job.id)
                      & (Video.status == VideoStatus.PROCESSING))
               .execute())
    if not swapped:
        storage.delete_prefix(prefix)
        return {"skipped": "The video was deleted or another render replaced this one."}
    keep_plan(video, result.plan)
    old = folder_of(previous.video_file) if previous else None
    if old and old != prefix:
        storage.delete_prefix(old)
    return {"videoId": video_id, "videoFile": keys["video"], "width": result.width,
            "height": result.height, "fps": result.fps, "duration": result.duration}


def _json_text(lines):
    """``lines`` as the JSON text the column holds (peewee would expand a bare list)."""
    return peewee.Value(json.dumps(lines), unpack=False, converter=False)


def narrated_script(sent, narrated):
    """The value of the ``script`` column after a render: the script that was narrated, unless
    the creator saved another one meanwhile (then theirs is kept for the next render)."""
    if not narrated or narrated == sent:
        return Video.script
    unchanged = Video.script == _json_text(sent)
    if not sent:
        unchanged |= Video.script.is_null()
    return peewee.Case(None, [(unchanged, _json_text(list(narrated)))], Video.script)


def timeout_message():
    seconds = None
    try:
        from rq import get_current_job
        current = get_current_job()
        seconds = int(current.timeout) if current is not None and current.timeout else None
    except Exception:  # only for the message
        seconds = None
    if seconds:
        return f"The render took longer than {seconds} seconds and was stopped."
    return "The render took too long and was stopped."
