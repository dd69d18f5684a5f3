"""The story engine: plan first, then prose beat by beat, then fit the length (±5 % aimed, ±10 % kept)."""
from core.providers import StoryResult, no_progress

from .fields import target_words
from .plan import build_plan, pacing_key
from .prose import ProseWriter, paragraphs
from .prose_slots import AIR, COLOUR, STEP, THREAD
from .titles import told_title

MESSAGES = {"hook": "Setting the scene", "arrival": "Setting the scene", "first_sign": "Building dread",
            "investigation": "Building dread", "escalation": "Building dread", "reversal": "Twisting the knife",
            "climax": "Twisting the knife", "aftermath": "Finalizing"}


def write_story(request, progress=no_progress, plan=None):
    plan = plan or build_plan(request)
    target = target_words(request.length_words)
    pacing = pacing_key(request.pacing)
    writer = ProseWriter(request, plan, pacing)
    beats, written, planned = [], 0, 0
    progress(5, "Planning the story")
    for i, beat in enumerate(plan["beats"]):
        beat = dict(beat, index=i)
        planned += beat["words"]
        sentences = writer.write_beat(beat, planned - written)
        written += sum(s.words for s in sentences)
        beats.append(sentences)
        progress(5 + int(85 * (i + 1) / len(plan["beats"])), MESSAGES[beat["kind"]])
    fit(beats, target, writer)
    content = "\n\n".join(paragraphs([b for b in beats if b], pacing, writer.rng))
    progress(100, "Finalizing")
    plan = dict(plan, title=told_title(plan["title"], content))
    return StoryResult(title=plan["title"], content=content, plan=_public(plan))


def _public(plan):
    out = dict(plan)
    out["beats"] = [{k: v for k, v in b.items() if k != "index"} for b in plan["beats"]]
    return out


def fit(beats, target, writer):
    """Drop the least needed sentences while too long; add atmosphere while too short."""
    total = sum(s.words for b in beats for s in b)
    hi, lo = target * 1.04, target * 0.96
    for priority in (AIR, COLOUR, STEP, THREAD):
        while total > hi:
            spots = [(s.words, bi, si) for bi, b in enumerate(beats) for si, s in enumerate(b)
                     if s.priority == priority and (bi, si) != (0, 0) and
                     not (bi == len(beats) - 1 and si == len(b) - 1)]
            if not spots:
                break
            over = total - target
            # the sentence whose removal lands closest to the target
            words, bi, si = min(spots, key=lambda t: (abs(over - t[0]), -t[0]))
            if total - words < target * 0.85:
                break
            del beats[bi][si]
            total -= words
    tries = 0
    while total < lo and tries < 60:  # top up with atmosphere that does not overshoot
        tries += 1
        bi = min(range(len(beats)), key=lambda i: len(beats[i]) + tries % 3)
        s = writer.atmosphere_after([s for b in beats[:bi + 1] for s in b],
                                    {"room": writer.plan["beats"][bi]["room"]})
        if not s:
            break
        if total + s.words > hi:
            continue
        pos = 0 if bi == len(beats) - 1 else max(1, len(beats[bi]))  # never after the way out
        beats[bi].insert(min(pos, len(beats[bi])), s)
        total += s.words
    return total

