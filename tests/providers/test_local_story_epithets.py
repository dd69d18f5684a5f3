"""An antagonist whose head noun alone is an ordinary thing of the world is called by a handle that
keeps what makes it strange (issue #40): "the star that is not on any chart" was said twice, then
"the star" 63 times in the 2,500-word Bedouin camp story, read as a real star in the sky; "a man
in a Zamboni driver's parka" was "the man". Now "the uncharted star", "the man in the parka".

The reading is checked on 46 antagonist phrases with the handles a reader accepts
(``epithets.json``); the stories on the twelve bench field sets, the four of the handles test and
four of our own (settings nobody wrote a table for), two seeds each: the bare ordinary head ("the
star", "the man") never stands for the antagonist, and no one handle of it is a refrain."""
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider
from providers.local_story.reading import best_handle, epithet_handles, handles_for, read_cast
from providers.local_story.reading.phrases import parse_phrase

HERE = Path(__file__).resolve().parent
BENCH = HERE.parents[1] / "bench/data"
PHRASES = json.loads((HERE / "epithets.json").read_text())
PLAIN = {k: v for k, v in PHRASES["plain"].items() if not k.startswith("_")}
SETS = [*json.loads((BENCH / "field_sets.json").read_text()),
        *json.loads((HERE / "handles_field_sets.json").read_text()),
        *json.loads((HERE / "epithets_field_sets.json").read_text())]
SEEDS = (1, 41)
#: one handle of the antagonist at most this often in 1,000 words (the bare "the star" came 25)
HANDLE_PER_1000 = 12


@cache
def story(n, seed):
    request = story_request(GenerateSchema().load(dict(SETS[n], seed=n + seed)))
    return LocalStoryProvider().generate(request)


@pytest.mark.parametrize("row", PHRASES["phrases"], ids=lambda r: r["phrase"][:40])
def test_an_ordinary_things_handle_keeps_what_is_strange(row):
    phrase = row["phrase"]
    assert best_handle(phrase) in row["handle"], handles_for(phrase)
    assert row["never"] not in [h.lower() for h in handles_for(phrase)]
    assert all(len(h.split()) <= 8 and not re.search(r"\b(is|are|has|have|was|were)\b", h)
               for h in handles_for(phrase)), handles_for(phrase)  # no verb: the story is told in the past


@pytest.mark.parametrize("phrase", sorted(PLAIN))
def test_a_head_that_tells_the_thing_alone_keeps_its_handle(phrase):
    assert best_handle(phrase) == PLAIN[phrase]
    assert not epithet_handles(phrase)


def test_the_antagonist_field_gives_the_plan_its_strange_handle():
    cast = read_cast("Dr. Helen Marsh, an astronomer", "Dr. Helen Marsh", "the star that is not on any chart")
    villain = next(p for p in cast if p.role == "antagonist")
    assert villain.handle == "the uncharted star"


def _runs(text, size=4):
    words = re.findall(r"[\w']+", text.lower())
    return {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}


def _bare_mentions(result):
    """How often the antagonist's bare ordinary head ("the star") stands alone in the story: not
    inside a longer phrase of the plan ("the star atlas", "the uncharted star", "the man in the
    parka") nor in the twist's own words ("watched for the star for nine generations")."""
    plan = result.plan
    villain = next((c for c in plan["cast"] if c["role"] == "antagonist"), None)
    if villain is None or not epithet_handles(villain["name"]):
        return None, 0
    head = parse_phrase(villain["name"]).head
    bare = f"the {head}".lower()
    text = result.content
    twist = plan.get("twist", {}).get("reveal") or ""
    if re.search(r"\b" + re.escape(bare) + r"\b", twist.lower()):
        return bare, 0  # the author's own name for it ("the voice is the lookout who burned with the tower")
    phrases = [n for c in plan["cast"] for n in (c["name"], c.get("handle"), *handles_for(c["name"])) if n] \
        + [n for e in plan["elements"] for n in (e["name"], e.get("handle")) if n] \
        + [n for p in plan["places"] for n in (p["name"], p.get("handle"), *p["fixtures"], *p["sounds"]) if n]
    phrases = [re.sub(r"^(?:a|an|the|some)\s+", "", p.strip(), flags=re.I) for p in phrases]
    longer = sorted({p.lower() for p in phrases if p.lower() != head.lower() and head.lower() in p.lower()},
                    key=len, reverse=True)
    for p in longer:
        text = re.sub(r"(?i)\b" + re.escape(p) + r"\b", "#", text)
    # the twist's own words, said where the story comes to it
    runs = _runs(twist)
    text = " ".join(s for s in re.split(r"(?<=[.!?])\s+", text) if not runs & _runs(s))
    return bare, len(re.findall(r"(?i)(?<![\w'-])" + re.escape(bare) + r"(?![\w'-])", text))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", range(len(SETS)))
def test_an_ordinary_antagonist_is_never_its_bare_head(n, seed):
    """ "the star" for "the star that is not on any chart" (63 times before), "the man" for "a man
    in a Zamboni driver's parka" (8), "the light" for "the light that is not on any chart"."""
    bare, found = _bare_mentions(story(n, seed))
    assert found <= 3, (bare, found)  # a room's own light now and then ("The light over the chart recorder thinned")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", range(len(SETS)))
def test_no_handle_of_the_antagonist_is_a_refrain(n, seed):
    result = story(n, seed)
    villain = next((c for c in result.plan["cast"] if c["role"] == "antagonist"), None)
    if villain is None or not epithet_handles(villain["name"]):
        return
    text = result.content.lower()
    words = len(text.split())
    said = Counter()
    for h in sorted(set(epithet_handles(villain["name"])) | {villain["handle"]}, key=len, reverse=True):
        said[h] = len(re.findall(r"(?<![\w'-])" + re.escape(h.lower()) + r"(?![\w'-])", text))
        text = text.replace(h.lower(), "#")
    most = max(6, HANDLE_PER_1000 * words / 1000)
    assert not {h: k for h, k in said.items() if k > most}, (said, words)
