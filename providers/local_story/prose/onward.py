"""Continue on the engine from the story's plan: the beats after the last one the text has told,
written by the prose writer with the plan's own cast, places and key elements, knowing what the
text has already said (its sentences, the sounds it has used up, who has been named and seen).

The text is the author's: they may have edited it since the engine wrote it. A beat counts as
told when its line stands in the text, or when nearly all of its telling words do.
"""
import random
import re
import zlib

from core.providers import StoryRequest, no_progress, report_partial
from core.story_plan import load_plan

from ..analysis import split_sentences
from .voice import Voice

#: words that say nothing about which beat a line tells
_COMMON = frozenset("""that this there their them they then than what when where which while with
    from into onto over under after before again about still would could should have been were
    something nothing nobody someone anyone every everything back away down only once more last first
    knew thought went came took kept found said told made left""".split())
#: the share of a beat's telling words the text must hold for the beat to count as told
TOLD = 0.8
#: how much Continue writes when no length is asked (at least the next beat)
DEFAULT_WORDS = 300


def continue_from_plan(content, plan, words=0, progress=no_progress):
    """The new text carrying ``content`` on along ``plan`` (its JSON), or "" when the text has
    already told every beat of it."""
    from . import _paragraphs, start  # the prose writer's own set-up and paragraphs

    typed = load_plan(plan)
    seed = zlib.crc32(content.encode("utf-8"))
    request = StoryRequest(genre="", mood="", setting=typed.setting, characters="", weather=typed.weather,
                           time_of_day=typed.time_of_day, narrative_perspective=perspective_in(content, typed),
                           length_words=max(int(words or 0), DEFAULT_WORDS), seed=seed)
    told = last_told(content, typed, request.narrative_perspective)
    beats = _next(typed.beats[told + 1:], int(words or 0) or DEFAULT_WORDS)
    if not beats:
        return ""
    rng = random.Random(f"{seed}|onward|{told}")
    writer = start(request, typed, rng)
    _remember(writer, content, typed)
    want = int(words or 0) or sum(b.words for b in beats)
    scale = want / (sum(b.words for b in beats) or want)
    written = []
    for number, beat in enumerate(beats, 1):
        progress(20 + 75 * number // len(beats), f"Writing on: part {number} of {len(beats)}")
        sentences = writer.beat(beat, max(40, round(beat.words * scale)), False)
        written.append("\n\n".join(_paragraphs(sentences, rng)))
        report_partial(progress, content.rstrip() + "\n\n" + "\n\n".join(written))
    return "\n\n".join(written)


def perspective_in(content, plan):
    """How the text is told: first person when its narration (outside quotes) says "I", second when
    it says "you", else third."""
    narration = re.sub(r'"[^"]*"|“[^”]*”', " ", content)
    if len(re.findall(r"\bI\b", narration)) >= 3:
        return "First Person"
    if len(re.findall(r"\b[Yy]ou\b", narration)) >= 5:
        return "Second Person"
    return "Third Person"


def _telling(line, names):
    words = re.findall(r"[a-z']+", line.lower())
    return {w for w in words if len(w) >= 4 and w not in _COMMON and w not in names}


def last_told(content, plan, perspective="Third Person"):
    """The index of the last beat of ``plan`` that ``content`` tells (-1 when none)."""
    from .voice import perspective_of
    voice = Voice(plan, perspective_of(StoryRequest("", "", "", "", narrative_perspective=perspective),
                                       plan.instructions.format))
    text = " ".join(content.split())
    low = text.lower()
    have = set(re.findall(r"[a-z']+", low))
    names = {w for p in plan.cast for n in (p.name, p.handle) if n for w in n.lower().split()}
    last = -1
    for i, beat in enumerate(plan.beats):
        line = voice.tell(beat.text, as_written=getattr(beat, "edited", False)).rstrip(".")
        words = _telling(line, names)
        if line[1:].lower() in low or (len(words) >= 2 and len(words & have) >= TOLD * len(words)):
            last = i
    return last


def _next(beats, words):
    """The beats to write: the next one, and those after it while they fit in ``words``."""
    out, total = [], 0
    for beat in beats:
        if out and total + beat.words > words * 1.2:
            break
        out.append(beat)
        total += beat.words
    return out


def _remember(writer, content, plan):
    """What the text has already said, so the writer does not say it again: its sentences, the
    sounds, smells and fixtures it has used, who it has named and shown, the places it has been."""
    low = content.lower()
    writer.written.update(s for para in content.split("\n") for s in split_sentences(para) if s)
    phrases = set(writer.world.get("sounds", [])) | set(writer.world.get("smells", [])) | {
        phrase for place in plan.places for phrase in [*place.sounds, *place.fixtures]}
    for phrase in phrases:
        writer.heard[phrase] = low.count(phrase.lower())
    voice = writer.voice
    for person in plan.cast:
        if person.name.lower() in low:
            voice.full_said[person.id] = 1 if person.role == "protagonist" else 2
    villain = voice.villain
    if villain is not None and any(n and n.lower() in low for n in (villain.name, villain.handle)):
        writer.seen_villain = True
    for place in plan.places:
        if any(n and n.lower() in low for n in (place.name, place.handle)):
            writer.visited.add(place.id)
    for element in plan.elements:  # "a brass porthole key" once said, "the brass porthole key" from then on
        if any(n and n.lower() in low for n in (element.name, element.handle)):
            writer.element_said[element.id] = 1
