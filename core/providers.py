"""Base classes and value objects for plugin-supplied providers.

A plugin returns subclasses of these from the ``register_*`` hooks in ``core.hookspecs``.
``plugins.toml`` names which provider is active per capability and carries its options; the options
are validated against the provider's ``Options`` marshmallow schema at start-up.
"""
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import quote

from marshmallow import Schema

Progress = Callable[[int, str], None]
"""``progress(percent, message)``: report 0-100 progress of the running job."""


def no_progress(percent, message):
    """A Progress that discards reports (for direct calls outside a job)."""


def report_partial(progress, text):
    """Tell the running job the whole text written so far (the editor shows it growing), when
    its ``progress`` listens (the worker's has a ``partial(text)``); a cancelled job raises
    ``ProviderError`` here, so the writer stops at the chunk it is on."""
    partial = getattr(progress, "partial", None)
    if partial is not None:
        partial(text)


class ProviderError(Exception):
    """A failure a user may read: bad key, refused prompt, timeout. Its text ends up in the job."""


class JobCancelled(ProviderError):
    """The job was cancelled while it was being written: the writer stops where it is (never
    caught to carry on)."""


class JobHandler:
    """What the ``register_jobs`` hook maps a job kind to: ``run(job, progress, app)`` returns the
    job's JSON result; ``on_fail(job, reason)`` and ``on_start(job)`` are optional.
    ``on_retry(job)``, optional, readies what the job makes for another run (an admin's Retry, or
    the automatic one) and returns None, or a sentence saying why it cannot run again;
    ``retry_lost``: a job the queue lost is put on it again once by itself (when ``on_retry``
    agrees) instead of failing."""

    def __init__(self, run, on_fail=None, on_start=None, on_retry=None, retry_lost=False):
        self.run, self.on_fail, self.on_start = run, on_fail, on_start
        self.on_retry, self.retry_lost = on_retry, retry_lost


class NoOptions(Schema):
    """Options schema of a provider that takes none."""


class Pluggable:
    """What every provider class declares: a name, a label, its options and their secrets."""

    name = "base"
    label = ""
    Options = NoOptions
    #: option names whose value is the name of an environment variable that must be set
    secret_env_options = ()

    def __init__(self, options=None):
        self.options = dict(options or {})


# --- stories -------------------------------------------------------------------------------------


@dataclass
class StoryRequest:
    genre: str
    mood: str
    setting: str
    characters: str
    intensity: int = 5
    length_words: int = 1000
    time_of_day: str = ""
    weather: str = ""
    protagonist: str = ""
    antagonist: str = ""
    narrative_perspective: str = "Third Person"
    pacing: str = "Moderate"
    include_dialogue: bool = True
    include_description: bool = True
    key_elements: str = ""
    plot_twist: str = ""
    custom_prompt: str = ""
    suggested_title: str = ""
    seed: int = 0

    def to_dict(self):
        return asdict(self)


@dataclass
class StoryResult:
    title: str
    content: str
    #: the plan the story was written from: the JSON of ``core.story_plan.StoryPlanSchema``
    plan: dict | None = None
    #: which writer wrote it, in a reader's words ("Offline engine", "Gemma 3 4B IT (llama.cpp)")
    writer: str = ""


class StoryProvider(Pluggable):
    """Writes, reviews and revises stories.

    A plan is the JSON of ``core.story_plan.StoryPlanSchema`` (``load_plan`` gives typed parts).
    ``outline`` makes one from the form without prose; ``generate`` with a ``plan`` writes from
    that plan (a beat the author added or changed is told), without one it plans first.
    """

    ENHANCE_MODES = ("expand", "shorten", "enhance", "continue")
    #: how many alternatives ``rewrite_paragraph`` offers
    REWRITE_ALTERNATIVES = 3

    @property
    def writer(self) -> str:
        """Which writer this is, in a reader's words (saved with the stories it writes)."""
        return self.label or self.name

    def generate(self, request: StoryRequest, progress: Progress = no_progress,
                 plan: dict | None = None) -> StoryResult:
        raise NotImplementedError

    def outline(self, request: StoryRequest, progress: Progress = no_progress) -> dict:
        """The plan (JSON) of the story the form asks for, without prose."""
        raise NotImplementedError

    def suggest(self, content: str, kind: str = "improvement",
                progress: Progress = no_progress) -> list:
        raise NotImplementedError

    def enhance(self, content: str, mode: str, progress: Progress = no_progress) -> str:
        raise NotImplementedError

    # co-writing: the author writes, the writer helps

    def continue_story(self, content: str, plan: dict | None = None, words: int = 0,
                       progress: Progress = no_progress) -> str:
        """The text that carries ``content`` on from its end (only the new text), in its voice,
        about ``words`` words (0: the writer's choice), following ``plan`` when there is one."""
        raise NotImplementedError

    def rewrite_paragraph(self, content: str, index: int, plan: dict | None = None,
                          progress: Progress = no_progress) -> list:
        """``REWRITE_ALTERNATIVES`` different rewritings of paragraph ``index`` (0-based, blank-
        line separated) of ``content``, each fitting between its neighbours."""
        raise NotImplementedError


# --- videos --------------------------------------------------------------------------------------


@dataclass
class VideoRenderRequest:
    title: str
    paragraphs: list
    genre: str = ""
    mood: str = ""
    setting: str = ""
    time_of_day: str = ""
    weather: str = ""
    animation_style: str = "Cinematic"
    narration_voice: str = "Deep Male"
    music_ambience: str = "Dark Atmospheric"
    duration: int = 60
    aspect_ratio: str = "16:9"
    resolution: str = "1080p"
    frame_rate: int = 30
    voice_speed: float = 1.0
    music_volume: int = 50
    narration_volume: int = 80
    color_grading: str = "Horror"
    transitions: str = "Fade"
    subtitles: bool = True
    watermark: bool = False
    seed: int = 0
    #: the narration script, one line per scene; empty: the provider writes it from ``paragraphs``
    script: list = field(default_factory=list)
    #: the story's fields that scenes draw on (empty when unknown)
    characters: str = ""
    protagonist: str = ""
    antagonist: str = ""
    key_elements: str = ""
    plot_twist: str = ""
    pacing: str = ""
    author: str = ""
    #: the story's plan (``core.story_plan`` JSON): scenes take their place, people and key element
    #: from its beats; None: the provider reads one out of the paragraphs (``RenderResult.plan``)
    plan: dict | None = None
    #: the creator's corrections on the storyboard: {script line: what its scene shows, in the
    #: story's words ("the felt door", "the rider")}
    shows: dict = field(default_factory=dict)
    #: who is in a line's scene and where it is, as the creator corrected them: {line: [people]},
    #: {line: place}
    who: dict = field(default_factory=dict)
    where: dict = field(default_factory=dict)
    #: subtitles cue by cue ("phrase") or with the spoken word highlighted ("word")
    captions: str = "phrase"

    def to_dict(self):
        return asdict(self)


@dataclass
class RenderResult:
    video_path: Path
    poster_path: Path | None = None
    subtitles_path: Path | None = None
    duration: float = 0.0
    width: int = 0
    height: int = 0
    fps: int = 0
    #: the script that was narrated, one line per scene
    script: list = field(default_factory=list)
    #: one entry per scene: ``{"start": seconds, "text": line, "shows": [picture names]}``
    scenes: list = field(default_factory=list)
    #: the plan the scenes were drawn from, when the provider read it out of the story (the
    #: request had none): saved with the story, corrected on the storyboard
    plan: dict | None = None


class VideoProvider(Pluggable):
    """Turns a script and render settings into an MP4, a poster and a WebVTT track."""

    #: the largest height this provider renders; larger requests are capped to it
    max_height = 1080

    def render(self, request: VideoRenderRequest, out_dir: Path,
               progress: Progress = no_progress) -> RenderResult:
        raise NotImplementedError

    def voices(self) -> list:
        """Which installed voice speaks each narration voice of the spec:
        ``[{"name", "speaker", "engine", "fallback", "pull", "licence"}]`` (``pull``: the neural
        voice that would speak it, when it falls back); empty when the provider does not say."""
        return []


# --- engagement ----------------------------------------------------------------------------------


@dataclass
class ShareTarget:
    """One entry of the share menu. ``url_template`` gets ``{title}`` and ``{url}`` URL-encoded."""

    id: str
    label: str
    icon: str
    share_type: str
    url_template: str | None = None
    popup: bool = True
    extra: dict = field(default_factory=dict)

    def build_url(self, title, link):
        if not self.url_template:
            return None
        return self.url_template.format(title=quote(title or "", safe=""), url=quote(link, safe=""))

    def to_json(self, title=None, link=None):
        data = {"id": self.id, "label": self.label, "icon": self.icon,
                "shareType": self.share_type, "popup": self.popup,
                "urlTemplate": self.url_template}
        if link is not None:
            data["url"] = self.build_url(title, link)
        return data


# --- moderation ----------------------------------------------------------------------------------


@dataclass
class Verdict:
    """What a moderation filter says of a text: ``reject`` stops the write, ``flag`` queues it."""

    action: str
    reason: str


class ModerationFilter(Pluggable):
    def check(self, text: str, kind: str) -> Verdict | None:
        raise NotImplementedError


# --- ads -----------------------------------------------------------------------------------------


class AdProvider(Pluggable):
    """Fills an ad slot ('banner' 728x90 on the dashboard, 'feed' between explore cards)."""

    #: extra Content-Security-Policy sources this provider needs, e.g. {"script-src": [...]}
    def csp_sources(self) -> dict:
        return {}

    def render(self, slot: str, index: int = 0, context: dict | None = None) -> dict | None:
        """The ad for ``slot`` or None. ``context`` (optional in subclasses): ``story``, the id of
        the story on the page or None, and ``viewer``, the signed-in user or None."""
        raise NotImplementedError
