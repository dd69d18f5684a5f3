"""Co-writing on the offline engine: Continue (write on from the end of the author's text) and
Rewrite this paragraph (three different rewritings to pick from).

Continue on a story with a plan writes the plan's next beats after the text's end with the prose
writer (``prose.onward``): the same cast and places, nothing the text has already said. Without a
plan, or once the text has told every beat of it, Continue goes through the engine's reviser
(``revise.Reviser``), which reads the text for its names, perspective, setting and open threads
and writes its remaining beats. Either way the job's partial text grows beat by beat. Rewrite makes each rewriting in its own way
(restrained, vivid, tight) from a different seed and keeps only rewritings that differ from the
paragraph and from each other. Seeds come from the text: the same text gives the same answers.
"""
import json
import random
import re
import zlib
from pathlib import Path

from marshmallow import ValidationError

from core import paragraphs
from core.providers import ProviderError, no_progress, report_partial
from core.story_plan import load_plan

from .analysis import split_sentences
from .grammar import capitalize_first
from .prose.onward import continue_from_plan, last_told
from .revise import CONTINUE_KINDS, SENSE_LINES, SENSORY_CLAUSES, Reviser
from .revise.writer import paragraphs as into_paragraphs
from .wordswap import RICHER

CODA = json.loads((Path(__file__).resolve().parent / "data" / "coda.json").read_text(encoding="utf-8"))["lines"]
FLAVOURS = ("restrained", "vivid", "tight")
#: seeds tried before the engine gives up finding different rewritings
ATTEMPTS = 12
_RICHER = re.compile(r"\b(%s)\b" % "|".join(sorted(RICHER, key=len, reverse=True)), re.I)


def continue_story(content, plan=None, words=0, progress=no_progress):
    """The new text that carries ``content`` on (only the new text), beat by beat."""
    if not (content or "").strip():
        raise ProviderError("There is no story text to continue.")
    progress(20, "Reading the story")
    if plan:
        try:
            added = continue_from_plan(content, plan, words, progress)
            if not added.strip():  # every beat told: one more, after the ending, in the same world
                coda = with_coda(content, plan)
                added = continue_from_plan(content, coda, words, progress) if coda else ""
        except ValidationError:
            added = ""  # a plan this engine cannot read: the text alone, as without one
        if added.strip():
            progress(100, "Written on")
            return added
    reviser = Reviser(content, length=max(150, int(words)) if words else None)
    beats = [dict(beat, index=i) for i, beat in enumerate(reviser.plan["beats"])
             if beat["kind"] in CONTINUE_KINDS]
    written = []
    for number, beat in enumerate(beats, 1):
        progress(20 + 75 * number // len(beats), f"Writing on: part {number} of {len(beats)}")
        text = reviser.writer.write_beat(beat, beat["words"])
        if text:
            written.append(text)
            report_partial(progress, paragraphs.appended(
                content, "\n\n".join(" ".join(s.text for s in part) for part in written)))
    added = "\n\n".join(into_paragraphs(written, "moderate", reviser.rng))
    if not added.strip():
        raise ProviderError("The offline engine found nothing to add to this story.")
    progress(100, "Written on")
    return added


def with_coda(content, plan):
    """``plan`` (its JSON) with one more beat after its last: what came after, with the plan's own
    people, places and key elements (``data/coda.json``), a line the text has not told yet; None
    when every line is told or none can be filled."""
    cast, places = plan.get("cast") or [], plan.get("places") or []
    beats, elements = plan.get("beats") or [], plan.get("elements") or []
    hero = next((p for p in cast if p.get("role") == "protagonist"), None)
    if hero is None or not beats or not places:
        return None
    climax = next((b for b in reversed(beats) if b.get("kind") == "climax"), beats[-1])
    place = next((p for p in places if p.get("id") == climax.get("place")), places[0])
    element = elements[0] if elements else None
    slots = {"hero": hero.get("name", ""), "place": place.get("name", ""),
             "element": _the(element.get("name", "")) if element else "",
             "sound": (place.get("sounds") or [""])[0]}
    start = zlib.crc32(content.encode("utf-8"))
    typed_told = len(beats) - 1
    for k in range(len(CODA)):
        line = CODA[(start + k) % len(CODA)]
        needed = re.findall(r"\{(\w+)\}", line)
        if not all(slots.get(n) for n in needed):
            continue
        text = line.format(**slots)
        beat = {"id": f"coda-{k}", "kind": "aftermath", "text": text, "place": place.get("id", ""),
                "who": [hero["id"]], "elements": [element["id"]] if element and "{element}" in line else [],
                "words": 120}
        extended = dict(plan, beats=[*beats, beat])
        if last_told(content, load_plan(extended)) <= typed_told:
            return extended
    return None


def _the(name):
    """A key element as something already met: "a brass key" -> "the brass key"."""
    return re.sub(r"(?i)^(a|an|some)\s+", "the ", name.strip())


def _swap_words(sentence, rng, protected):
    def swap(match):
        word = match.group(0)
        if word in protected or word.lower() not in RICHER or rng.random() < 0.4:
            return word
        new = rng.choice(RICHER[word.lower()])
        return capitalize_first(new) if word[0].isupper() else new
    return re.sub(r"\bvery (\w)", r"\1", _RICHER.sub(swap, sentence))


def _rewritten(reviser, paragraph, flavour, rng):
    """One rewriting of ``paragraph`` in the manner ``flavour``."""
    protected = {word for name in reviser.r.names for word in name.split()}
    sentences = [_swap_words(s, rng, protected) for s in split_sentences(paragraph)]
    narrative = [i for i, s in enumerate(sentences) if '"' not in s and s.endswith(".")]
    if flavour == "tight" and len(sentences) > 2:
        middle = [i for i in narrative if 0 < i < len(sentences) - 1]
        for i in sorted(rng.sample(middle, k=min(len(middle), max(1, len(sentences) // 3))),
                        reverse=True):
            del sentences[i]
    elif flavour == "vivid":
        line = reviser.writer.render(rng.choice(SENSE_LINES))
        sentences.insert(rng.randint(1, len(sentences)) if len(sentences) > 1 else 1, line)
    if narrative and flavour != "tight":
        i = rng.choice(narrative)
        clause = reviser.writer.render(rng.choice(SENSORY_CLAUSES))
        sentences[i] = sentences[i][:-1] + clause + "."
    if flavour == "restrained" and len(sentences) > 1:
        sentences[-1] = sentences[-1].rstrip(".!") + ", and then nothing."
    return " ".join(s for s in sentences if s)


def _same(one, other):
    return " ".join(one.split()).casefold() == " ".join(other.split()).casefold()


def rewrite_paragraph(content, index, plan=None, progress=no_progress, count=3):
    """``count`` different rewritings of paragraph ``index`` (0-based) of ``content``."""
    parts = paragraphs.split(content)
    if not 0 <= index < len(parts):
        raise ProviderError(f"The story has no paragraph {index + 1}.")
    progress(20, "Reading the story")
    reviser = Reviser(content)
    original = parts[index]
    seed = zlib.crc32(original.encode("utf-8"))
    found = []
    for attempt in range(ATTEMPTS):
        flavour = FLAVOURS[len(found) % len(FLAVOURS)]
        text = _rewritten(reviser, original, flavour, random.Random(seed + attempt))
        if text and not any(_same(text, other) for other in (original, *found)):
            found.append(text)
            progress(20 + 75 * len(found) // count, f"Rewriting {len(found)} of {count} ready")
        if len(found) == count:
            break
    if len(found) < count:
        raise ProviderError("The offline engine could not find three different rewritings of "
                            "this paragraph: it is too short. Add a sentence and try again.")
    progress(100, "Rewritings ready")
    return found
