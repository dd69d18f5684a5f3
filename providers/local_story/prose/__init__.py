"""The plan written as a story: every beat in order, each in its share of the length, in the
perspective and the format the form asks for; the custom prompt is read as instructions only."""
import random
import re

from core.providers import no_progress

from ..fields import definite, is_plural, target_words
from ..plan.titles import heard
from ..reading.phrases import parse_phrase
from ..revise.reread import reread
from ..revise.tense import settle
from .bank import stray_sounds
from .forms import shape
from .scene import fragments
from .vary import Varier
from .voice import Voice, perspective_of
from .world import world_lines
from .writer import Writer, join

MESSAGES = {"hook": "Setting the scene", "arrival": "Setting the scene", "first_sign": "Building dread",
            "investigation": "Building dread", "escalation": "Building dread", "reversal": "Twisting the knife",
            "climax": "Twisting the knife", "aftermath": "Finalizing", "scene": "Building dread"}


def write(request, plan, progress=no_progress):
    """``(title, content)`` of the story told from ``plan`` (typed, ``core.story_plan``)."""
    rng = random.Random(f"{request.seed}|prose|{plan.setting}|{len(plan.beats)}")
    writer = start(request, plan, rng)
    target = target_words(request.length_words)
    writer.tiny = target < 300  # a very short story keeps its plan's lines and little else
    # the morning after is short (its own lines only, no stock unease): the beats before it carry the length
    # a beat the author added on the outline has no size of its own: a typical beat's, not one line
    sized = sorted(b.words for b in plan.beats if b.words)
    typical = sized[len(sized) // 2] if sized else target / max(1, len(plan.beats))
    weights = [(b.words or typical) * (0.5 if b.kind == "aftermath" else 1) for b in plan.beats]
    scale = target / (sum(weights) or target)
    sections, written, planned = [], 0, 0
    # a place, a fixture or the setting itself named again is not always said in full
    varier = Varier(plan, writer.world.get("home_short", ""))
    for i, beat in enumerate(plan.beats):
        planned += max(1, round(weights[i] * scale))
        sentences = writer.beat(beat, planned - written, i == 0)
        # a thing laid on a table stays on the table, not on "the goat-hair walls" named in its turn
        varier.beat(sentences, beat, writer.surfaces)
        sentences = join(sentences)  # a small scene: one paragraph
        sections.append(sentences)
        written += sum(s.words for s in sentences)
        progress(5 + int(85 * (i + 1) / len(plan.beats)), MESSAGES.get(beat.kind, "Building dread"))
    _fit(sections, target)
    longest = {"fast": (1, 2), "intense": (1, 2), "slow": (5, 6, 7)}.get(next((k for k in ("fast", "intense", "slow") if k in (request.pacing or "").lower()),
                                                           ""), (3, 4, 5))
    paragraphs = [_paragraphs(s, rng, longest) for s in sections]
    # read back: no name opening three sentences running, an adverb once a paragraph, a sound not twice running
    said = iter(reread([p for section in paragraphs for p in section], *_reread_by(writer, plan)))
    paragraphs = [[next(said) for _ in section] for section in paragraphs]
    # a field phrase said whole in the narration: in its past ("the portrait that aged"), "the" once met
    said = iter(settle([p for section in paragraphs for p in section],
                       [p.name for p in plan.cast if p.name[:1].islower()], [(e.name, e.handle) for e in plan.elements]
                       + [(f, "") for p in plan.places for f in p.fixtures],
                       {n for p in plan.cast for n in (p.name, p.handle) if n and ", " in n}))
    paragraphs = [[next(said) for _ in section] for section in paragraphs]
    content = shape(plan.instructions.format, plan.instructions.notes, paragraphs, plan, rng)
    if not (request.suggested_title or "").strip():  # the author's own title stays as they wrote it
        plan.title = heard(plan, content, rng)
    return plan.title or "Untitled", content


def _reread_by(writer, plan):
    """What the story is read back for: each person and thing by every name the story gives it, with
    its pronoun (the hero in the first or second person says "I" or "you", never a name), and its sounds."""
    hero = writer.voice.hero
    cast = []
    for p in plan.cast:
        if p.id == hero.id and writer.voice.perspective != "third":
            continue
        names = [p.name, p.handle, *writer.voice.handles.get(p.id, [])]
        names += ["that " + n[4:] for n in names if n and n.lower().startswith("the ")]
        head = parse_phrase(p.name).head if p.role == "antagonist" else ""
        names += [f"that {head}"] if head else []  # "that passenger", of "the passenger in cabin 14"
        if p.name[:1].isupper() and not p.name.lower().startswith("the ") and len(p.name.split()) > 1:
            names.append(p.name.split()[0])  # "Haruto", of "Haruto Mori"
        cast.append((names, p.pronouns))
    for e in plan.elements:
        cast.append(([e.name, e.handle], "they" if is_plural(e.name) else "it"))
    sounds = {*writer.world.get("sounds", []), *stray_sounds(), *(s for p in plan.places for s in p.sounds)}
    return cast, sorted(sounds)


def start(request, plan, rng):
    """The ``Writer`` of ``plan``: its voice (the perspective asked), the world of its setting, and
    what the story calls its setting after the first mention."""
    world = world_lines(plan, request)
    plan.setting_short = getattr(plan, "setting_short", "") or world["home"] or definite(plan.setting or request.setting)
    voice = Voice(plan, perspective_of(request, plan.instructions.format))
    if voice.perspective == "third":  # "my grandmother's house" is the protagonist's, told in the third person
        pron = voice.hero.pronouns if voice.hero.pronouns in ("she", "he", "it") else "they"
        plan.setting_short = re.sub(r"\bmy\b", {"she": "her", "he": "his", "it": "its"}.get(pron, "their"),
                                    plan.setting_short)
    return Writer(plan, voice, request, rng, world)


def _fit(sections, target):
    """Drop optional sentences while the story runs long (the one whose loss lands nearest)."""
    total = sum(s.words for b in sections for s in b)
    for droppable in (lambda s: not s.must, lambda s: s.soft):
        total = _drop(sections, target, total, droppable)
    return total


def _drop(sections, target, total, droppable):
    while total > target * 1.03:
        spots = [(s.words, bi, si) for bi, b in enumerate(sections) for si, s in enumerate(b) if droppable(s)]
        if not spots:
            break
        words, bi, si = min(spots, key=lambda t: (abs(total - target - t[0]), -t[0]))
        if total - words < target * 0.95:
            break
        del sections[bi][si]
        total -= words
    return total


def _paragraphs(sentences, rng, longest=(3, 4, 5)):
    """The paragraphs of a beat: a small scene is one (told fast, its sentences a line or two each)."""
    out, para = [], []
    for s in sentences:
        if getattr(s, "scene", False):  # a small scene is a paragraph of its own (told fast, a few short ones)
            if para:
                out.append(" ".join(para))
                para = []
            if max(longest) > 2:
                out.append(s.text)
                continue
            said = [t for t in re.split(r"(?<=[.!?])(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)\s+(?=[A-Z\"])",
                                        s.text) if t]  # "Mr. Venter" is one name, not two sentences
            out.extend(" ".join(said[i:i + 2]) for i in range(0, len(said), 2))
            continue
        if para and fragments(s.text) and sum(fragments(x) for x in para):  # one fragment a paragraph
            out.append(" ".join(para))
            para = []
        if s.text.startswith('"') and para:
            out.append(" ".join(para))
            para = []
        para.append(s.text)
        if s.text.startswith('"') or len(para) >= rng.choice(longest):
            out.append(" ".join(para))
            para = []
    if para:
        out.append(" ".join(para))
    return out

