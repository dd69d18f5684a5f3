"""The offline engine writes from its plan: the twelve bench field sets (bench/data/field_sets.json)
read as a reader would check them: the custom prompt obeyed and never quoted, handles after two
full mentions, each cast member's pronouns, every beat told in order (an edited one too), each key
element in two beats, two clues before the twist, a title that is no formula, few shared frames."""
import json
import re
import time
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from core.story_plan import load_plan
from providers.local_story import LocalStoryProvider
from providers.local_story.prose.vary import short_handle

SETS = json.loads((Path(__file__).resolve().parents[1] / "bench/data/field_sets.json").read_text())
FORMULA = re.compile(r"(The |What )?[\w'-]+( [\w'-]+)? (at|in) (the )?[A-Z][\w'-]+")


def words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


@cache
def story(n):
    request = story_request(GenerateSchema().load(dict(SETS[n], seed=n + 1)))
    return request, LocalStoryProvider().generate(request)


@pytest.mark.parametrize("n", range(len(SETS)))
def test_the_custom_prompt_is_obeyed_and_never_quoted(n):
    request, result = story(n)
    prompt = words(request.custom_prompt)
    text = " " + " ".join(words(result.content)) + " "
    assert not any(" " + " ".join(prompt[i:i + 6]) + " " in text for i in range(len(prompt) - 5))
    fmt = result.plan["instructions"]["format"]
    paragraphs = result.content.split("\n\n")
    if fmt == "logbook":
        assert sum(bool(re.match(r"^[A-Z][\w' ]*log, entry \d+\. \d\d:\d\d\.$", p)) for p in paragraphs) >= 3
    if fmt == "letters":
        assert paragraphs[0].startswith("Dear sister,") and result.content.count("Dear sister,") >= 2
    if fmt == "diary":
        assert re.match(r"^[A-Z][a-z]+day, \d\d:\d\d\.$", paragraphs[0])
    if fmt == "transcript":
        tagged = [p for p in paragraphs if not p.startswith("[")]
        assert tagged and all(re.match(r"^[A-Z][A-Z .'-]+: ", p) for p in tagged)
    if "gore" in result.plan["instructions"]["avoid"]:
        assert not re.search(r"(?i)\b(blood|bloody|gore|guts|flesh)\b", result.content)


@pytest.mark.parametrize("n", range(len(SETS)))
def test_long_phrases_said_in_full_at_most_twice_and_pronouns_from_the_cast(n):
    request, result = story(n)
    low = result.content.lower()
    for field in (request.antagonist, request.setting, request.plot_twist):
        if len(words(field)) >= 6:
            assert low.count(field.lower()) <= 2, field
    cast = {p["name"]: p for p in result.plan["cast"]}
    hero = next(p for p in result.plan["cast"] if p["role"] == "protagonist")
    expected = {"Camila Reyes": "she", "Kenji Morita": "he", "Sigrid Halvorsen": "she", "Anjali Menon": "she",
                "Jolene Dubois": "she", "Bree Walsh": "she", "Amélie": "she", "Sokha": "she", "Fraser McLeod": "he",
                "Dr. Helen Marsh": "she", "Dakota": "she", "Órla Keane": "she"}
    assert hero["pronouns"] == expected[hero["name"]]
    for name, pron in {"Mrs. Hayashi": "she", "Nils": "he", "Travis": "he", "Uncle Des": "he",
                       "Luc Perrin": "he", "Professor Declan Byrne": "he", "Captain Aurelio Soto": "he"}.items():
        if name in cast:
            assert cast[name]["pronouns"] == pron, name
    if "Third" in request.narrative_perspective:
        wrong = {"she": r"\b(he|him|his)\b", "he": r"\b(she|her|hers)\b"}[hero["pronouns"]]
        handle = re.escape(hero["handle"] or hero["name"])
        # a sentence that opens with the protagonist's name and goes on with a pronoun uses theirs
        for sentence in re.findall(handle + r" [^.\"]*?\.", result.content):
            others = [p for p in result.plan["cast"] if p is not hero and (p["handle"] or p["name"]) in sentence]
            twist = words(request.plot_twist)
            told = " ".join(words(sentence))
            if not others and not any(" ".join(twist[i:i + 3]) in told for i in range(len(twist) - 2)):
                assert not re.search(wrong, sentence), sentence


@pytest.mark.parametrize("n", range(len(SETS)))
def test_every_beat_is_told_in_order_and_elements_and_clues_do_their_jobs(n):
    request, result = story(n)
    plan = load_plan(result.plan)
    low = result.content.lower()
    places = {p.id: p for p in plan.places}
    last = -1
    for beat in plan.beats:  # in full, or by its handle once a long name has been said whole twice
        place = places[beat.place] if beat.place else None
        long = place is not None and len(place.name.split()) >= 4
        names = [] if place is None else [place.name.lower()] + (
            [h.lower() for h in (place.handle, short_handle(place.name)) if h] if long else [])
        at = min((i for i in (low.find(x, last + 1) for x in names) if i >= 0), default=-1) if names else last + 1
        assert at > last, (beat.id, names)
        last = at
    for element in plan.elements:
        assert len(element.beats) >= 2
        assert low.count(element.handle.lower().replace("the ", "", 1)) >= 2
    if plan.twist.reveal:
        reveal = next(i for i, b in enumerate(plan.beats) if b.kind == "reversal")
        assert len([c for c in plan.twist.clues if int(c[1:]) - 1 < reveal]) >= 2
    assert not FORMULA.fullmatch(result.title)
    assert abs(len(result.content.split()) - request.length_words) <= request.length_words * 0.1


@pytest.mark.parametrize("n", [0, 2, 8])
def test_a_beat_the_author_changed_is_told(n):
    request, _ = story(n)
    provider = LocalStoryProvider()
    plan = provider.outline(request)
    hero = next(p for p in plan["cast"] if p["role"] == "protagonist")
    first = (hero["handle"] or hero["name"]).split()[0]
    plan["beats"][3].update(text=f"{first} finds a child's red mitten frozen to the railing by the stairs",
                            edited=True)
    result = provider.generate(request, plan=plan)
    assert re.search(r"(?i)\bfound a child's red mitten frozen to the railing by the stairs\b", result.content)
    assert [b["text"] for b in result.plan["beats"]] == [b["text"] for b in plan["beats"]]


@pytest.mark.parametrize("n", [0, 5])
def test_a_beat_the_author_added_is_a_scene_not_a_line(n):
    """A walk: a beat added on the outline ("finds a housemaid's cap frozen into the block of lake
    ice") came out as a paragraph of that one sentence, the next beat straight after it: it had no
    size. It is now written as long as a typical beat, and the story keeps its length."""
    request, _ = story(n)
    provider = LocalStoryProvider()
    plan = provider.outline(request)
    hero = next(p for p in plan["cast"] if p["role"] == "protagonist")
    first = (hero["handle"] or hero["name"]).split()[0]
    plan["beats"].insert(4, {"id": "added", "kind": "scene", "place": plan["beats"][3]["place"],
                             "who": [hero["id"]], "edited": True,
                             "text": f"{first} finds a child's red mitten frozen to the railing by the stairs"})
    result = provider.generate(request, plan=plan)
    text = " ".join(result.content.split())
    after = re.split(r"(?<=[.!?])\s+", text[text.index("a child's red mitten frozen to the railing"):])
    # the next beat's line: the first sentence with most of its telling words
    telling = {w for w in words(load_plan(result.plan).beats[5].text) if len(w) >= 5}
    told = next(k for k, sentence in enumerate(after) if k and len(telling & set(words(sentence)))
                >= 0.6 * len(telling))
    assert len(" ".join(after[:told]).split()) >= 40, after[:told + 1]
    assert abs(len(result.content.split()) - request.length_words) <= request.length_words * 0.1


def test_few_six_word_frames_are_shared_across_the_twelve_stories():
    where = defaultdict(set)
    for n in range(len(SETS)):
        ws = words(story(n)[1].content)
        for j in range(len(ws) - 5):
            where[tuple(ws[j:j + 6])].add(n)
    shared = [k for k, v in where.items() if len(v) >= 3]
    assert len(shared) <= 10, [" ".join(k) for k in shared[:20]]


def test_a_three_thousand_word_story_takes_under_100_ms():
    request = story_request(GenerateSchema().load(dict(SETS[9], storyLength=3000, seed=5)))
    provider = LocalStoryProvider()
    provider.generate(request)
    timings = []
    for _ in range(5):  # CPU time, the best of five: the machine is shared, wall time says more about the others
        start = time.process_time()
        result = provider.generate(request)
        timings.append(time.process_time() - start)
    assert min(timings) < 0.1
    assert abs(len(result.content.split()) - 3000) <= 300


#: the browser's length test's form (tests/e2e/helpers.fill_story_form): nobody named, no key element
UNNAMED = dict(genre="Gothic Horror", mood="Eerie", setting="a drowned abbey on the moor",
               characters="a novice nun, the bell ringer")


@pytest.mark.parametrize("seed", [1, 7, 23])
def test_a_form_that_names_nobody_reaches_the_length_asked(seed):
    """"a novice nun, the bell ringer" and no key element: 3,000 words asked came out at about 2,100
    (one person read from the two, nothing to find, and the bank ran dry). Two people, two things the
    abbey has to find, and the length within 10 %, with no sentence said twice."""
    request = story_request(GenerateSchema().load(dict(UNNAMED, storyLength=3000, seed=seed)))
    result = LocalStoryProvider().generate(request)
    assert abs(len(result.content.split()) - 3000) <= 300, len(result.content.split())
    names = {p["name"] for p in result.plan["cast"]}
    assert {"a novice nun", "the bell ringer"} <= names, names
    assert len(result.plan["elements"]) == 2
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", result.content) if len(s.split()) > 2]
    assert len(sentences) == len(set(sentences))


def test_a_subordinate_verb_moves_to_the_past_with_its_clause():
    from providers.local_story.prose.voice import to_past
    assert to_past("Elena does not answer when Tom calls") == "Elena did not answer when Tom called"
    assert to_past("She waits until the tide turns") == "She waited until the tide turned"
    assert to_past("Camila keeps to the dark places now") == "Camila kept to the dark places now"


@pytest.mark.parametrize("n", range(len(SETS)))
def test_the_joins_do_not_show(n):
    """No double space ("they  looking"), no name read as a verb ("the turbineed", "the star atlaed"),
    no lower-case name capitalised after a connective ("That was when Something unseen")."""
    text = story(n)[1].content
    assert "  " not in text
    words_eed = {w.lower() for w in re.findall(r"\b\w+(?:eed|aed)\b", text)}
    assert not words_eed - {"weed", "need", "seed", "speed", "bleed", "feed", "freed", "agreed", "greed", "deed",
                            "indeed", "reed", "steed", "breed", "heed", "tweed", "exceed", "proceed", "succeed"}, \
        words_eed
    assert not re.search(r"\b(?:That was when|Then|So|Next) Something\b", text)


def test_titles_are_not_one_shape():
    """Titles had become "The <key element>" nine times in twelve, a formula of their own. Now the
    plan's place, sound, twist year and antagonist take their turn: at most half are a key element."""
    titles = [story(n)[1].title for n in range(len(SETS))]
    elements = [{"the " + re.sub(r"(?i)^(a|an|the|some)\s+", "", e["name"]).lower()
                 for e in story(n)[1].plan["elements"]} for n in range(len(SETS))]
    shaped = [t for t, own in zip(titles, elements)
              if any(t.lower() == e or e.startswith(t.lower() + " ") for e in own)]
    assert len(shaped) <= len(SETS) // 2, titles
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("n", [2, 9])
def test_the_climax_confronts_once_and_the_morning_stays_morning(n):
    """The climax had the antagonist hesitate, give ground, wait and be driven back, one after another;
    the aftermath went on with night weather ("the dark between the lightning") after first light."""
    text = story(n)[1].content
    climax_on = text.rindex("\n\n", 0, text.index("made a stand") if "made a stand" in text else len(text) * 3 // 4)
    after = text[climax_on:]
    assert len(re.findall(r"\b(hesitated|gave ground|paused)\b", after)) <= 1
    morning = re.search(r"first light|morning|daylight", after)
    if morning:
        assert not re.search(r"between the lightning|not half over|the night office", after[morning.end():])


def test_a_key_element_that_cannot_be_read_is_never_read():
    """"The fishing net had a page on the stilt village, glued shut", "Aino laid an ice auger out ... and
    read it slowly": the lines that read a key element are for one that can be read."""
    n = next(i for i, s in enumerate(SETS) if "fishing net" in s["keyElements"])
    text = story(n)[1].content
    assert not re.search(r"fishing net[^.]*\b(page|read|named its owner|dated)\b", text)
