"""The choice lists of the spec (§5): creation forms, explore filters and the video editor; the
statuses of jobs and videos."""
import tomllib
from enum import StrEnum
from pathlib import Path

_LISTS = tomllib.loads((Path(__file__).with_name("data") / "genres.toml").read_text("utf-8"))
#: the creation forms' genres and Explore's (``core/data/genres.toml``): Explore's name of a genre
#: finds what creation saves under its own ("Psychological Horror": "Psychological" stories too)
CREATION_GENRES = tuple(_LISTS["creation_genres"])
EXPLORE_GENRES = tuple(_LISTS["explore_genres"])
#: accepted when saving: either list's names
GENRES = tuple(dict.fromkeys(CREATION_GENRES + EXPLORE_GENRES))
ALL_GENRES = "All Genres"
SAME_GENRE = {key: (explore, creation) for explore, creation in _LISTS["same_genre"].items()
              for key in (explore, creation)}


def genre_values(genre):
    """The stored genres a filter on ``genre`` finds."""
    return SAME_GENRE.get(genre, (genre,))


CREATION_MOODS = EXPLORE_MOODS = MOODS = tuple(_LISTS["moods"])
ALL_MOODS = "All Moods"

SORTS = ("newest", "oldest", "most_liked", "most_viewed", "most_commented")

TIMES_OF_DAY = ("Dawn", "Morning", "Noon", "Afternoon", "Dusk", "Night", "Midnight")
WEATHER = ("Clear", "Cloudy", "Foggy", "Rainy", "Stormy", "Snowy", "Windy")
PERSPECTIVES = ("First Person", "Third Person", "Second Person")
PACINGS = ("Slow Burn", "Moderate", "Fast-Paced", "Intense")

STORY_LENGTH_LABELS = {"short": 600, "medium": 1500, "long": 2500}

# Video: the creation form's lists and the editor's lists are both accepted.
CREATION_ANIMATION_STYLES = ("Cinematic", "Horror Classic", "Dark Gothic", "Psychological",
                             "Supernatural", "Retro Horror", "Minimalist", "Abstract Horror")
EDITOR_ANIMATION_STYLES = ("Cinematic", "Motion Graphics", "3D Animation", "Stop Motion",
                           "Minimalist", "Horror Style")
ANIMATION_STYLES = tuple(dict.fromkeys(CREATION_ANIMATION_STYLES + EDITOR_ANIMATION_STYLES))
CREATION_NARRATION_VOICES = ("Deep Male", "Mysterious Female", "Elderly Narrator",
                             "Whispering Voice", "Dramatic Male", "Haunting Female", "Child Voice",
                             "Robotic")
EDITOR_NARRATION_VOICES = ("Deep Male", "Female Narrator", "British Male", "Whispery", "Dramatic",
                           "Neutral")
NARRATION_VOICES = tuple(dict.fromkeys(CREATION_NARRATION_VOICES + EDITOR_NARRATION_VOICES))
CREATION_MUSIC = ("Dark Atmospheric", "Suspenseful Orchestral", "Eerie Ambient",
                  "Horror Soundscape", "Minimalist Tension", "Gothic Symphony", "Industrial Horror",
                  "Silent Film", "No Music")
EDITOR_MUSIC = ("Dark Orchestral", "Eerie Ambient", "Horror Soundtrack", "Tension Builder",
                "Minimalist", "No Music")
MUSIC = tuple(dict.fromkeys(CREATION_MUSIC + EDITOR_MUSIC))
CREATION_ASPECT_RATIOS = ("16:9", "9:16", "1:1", "4:3")
EDITOR_ASPECT_RATIOS = ("16:9", "9:16", "1:1", "4:3", "21:9")
CREATION_RESOLUTIONS = ("720p", "1080p", "1440p", "4K")
EDITOR_RESOLUTIONS = ("720p", "1080p", "4K", "8K")
ASPECT_RATIOS = tuple(dict.fromkeys(CREATION_ASPECT_RATIOS + EDITOR_ASPECT_RATIOS))
RESOLUTIONS = tuple(dict.fromkeys(CREATION_RESOLUTIONS + EDITOR_RESOLUTIONS))
FRAME_RATES = (24, 30, 60)
COLOR_GRADINGS = ("Horror", "Dark & Moody", "High Contrast", "Desaturated", "Vintage", "Natural")
TRANSITIONS = ("Fade", "Cut", "Dissolve", "Wipe", "Glitch", "Horror Effect")
#: subtitles cue by cue, or with the spoken word highlighted and timed in the WebVTT
CAPTIONS = ("phrase", "word")
CREATION_MODES = ("from_story", "direct")

# Every action an admin can take, as stored in ``AuditEntry.action`` (the audit log's filter).
AUDIT_ACTIONS = (
    "user.role_change", "user.activate", "user.deactivate", "user.ban", "user.unban",
    "user.delete", "story.visibility", "story.delete", "video.visibility", "video.delete",
    "report.resolve", "report.dismiss",
)
AUDIT_TARGET_TYPES = ("user", "story", "video", "comment", "report")

class JobStatus(StrEnum):
    """A background job's status (``jobs.status``), as the API shows it."""

    QUEUED = "queued"
    PROCESSING = "processing"
    COMPLETED = "completed"
    FAILED = "failed"


#: a job still to finish: waiting on the queue or running
JOB_ACTIVE = (JobStatus.QUEUED, JobStatus.PROCESSING)


class VideoStatus(StrEnum):
    """A video's render status (``videos.status``), as the API shows it."""

    PENDING = "pending"
    PROCESSING = "processing"
    COMPLETED = "completed"
    FAILED = "failed"


VIDEO_STATUSES = tuple(VideoStatus)
#: the admin panel's filters: visibility (and a video's render status)
STORY_FILTERS = ("all", "public", "private")
VIDEO_FILTERS = (*STORY_FILTERS, *VIDEO_STATUSES)

#: a report's state (``reports.status``), and the admin queue's filter over it
REPORT_STATES = ("open", "resolved", "dismissed")
REPORT_FILTERS = (*REPORT_STATES, "all")
#: the admin users table's status filter
USER_FILTERS = ("all", "active", "inactive", "banned", "admin")
