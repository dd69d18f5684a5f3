"""The offline story engine ("local" provider) as a reader would notice it: plan, prose, revisions.

Run: .venv/bin/python -m pytest -n 0 tests/providers/test_local_story.py -q
"""
import re
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import pytest  # noqa: E402
import story_metrics as m  # noqa: E402

from core.providers import ProviderError, StoryRequest, no_progress  # noqa: E402
from providers.local_story import LocalStoryProvider, register_story_providers  # noqa: E402
from providers.local_story.engine import write_story  # noqa: E402
from providers.local_story.grammar import narrative_past  # noqa: E402
from providers.local_story.plan import build_plan  # noqa: E402

FORM = StoryRequest(
    genre="Cosmic Horror", mood="Eerie", setting="the lighthouse on Raven Point", characters="Elena, Tom",
    protagonist="Elena", antagonist="", key_elements="a music box, a brass telescope",
    plot_twist="the keeper had been dead for years", custom_prompt="", time_of_day="Midnight",
    weather="Foggy", length_words=1000, seed=1)
#: twenty field sets that differ in every field (genre, setting, cast, elements, twist, ...)
VARIED = [
    ("Gothic Horror", "the Ashcombe estate", "Clara, Felix", "a silver locket", "the doctor was her father"),
    ("Psychological", "an abandoned asylum", "Marcus, Priya", "old photographs", ""),
    ("Supernatural", "a derelict space freighter", "Sam", "a radio tuned to dead air", "the crew had never left"),
    ("Cosmic Horror", "the lighthouse on Raven Point", "Elena, Tom", "a music box, a brass telescope",
     "the keeper had been dead for years"),
    ("Slasher", "an empty motel off Route 9", "Ruth, Owen", "a hunting knife", ""),
    ("Paranormal", "a flooded chapel", "Iris, Declan", "a hymn book, a bell", "it was all a dream"),
    ("Body Horror", "a research station under the Antarctic ice", "Yusuf, Hana", "a jar of teeth", ""),
    ("Dark Fantasy", "a pine forest in Maine", "Maud", "a bone whistle", "the witch was her mother"),
    ("Horror Comedy", "Blackmoor Academy", "Theo, June", "a class photograph", ""),
    ("Apocalyptic Horror", "a salt mine", "Nadia, Kofi", "a canary cage, a lamp", "the rescuers were already dead"),
    ("Gothic Horror", "the night train to Carrow", "Hugo, Nell", "a pocket watch", ""),
    ("Supernatural", "a fishing village in the fog", "Lena", "a red scarf", "the town had chosen her"),
    ("Psychological", "the old observatory on Kell Hill", "Quinn, Bea", "a star chart", ""),
    ("Slasher", "a carnival at the edge of town", "Cass, Milo", "a ticket stub, a mask", "the clown was her brother"),
    ("Cosmic Horror", "a submarine on the sea floor", "Rosa, Imre", "a depth gauge", ""),
    ("Paranormal", "the parish church of Little Wending", "Jonas, Vera", "a candle stub", "the vicar had been buried"),
    ("Supernatural", "the Grand Meridian Hotel", "Amara, Sol", "a brass room key", ""),
    ("Gothic Horror", "a tenement on Ferry Street", "Beck", "a knitted glove", "the landlord was the ghost"),
    ("Dark Fantasy", "a drive-in cinema", "Ines, Rafe", "a reel of film", ""),
    ("Psychological", "a farmhouse in the Dakota wheat", "Felix, Ada", "a tape recorder", "he had made the tapes"),
]
MOODS = ["Eerie", "Terrifying", "Mysterious", "Ominous", "Suspenseful", "Dark", "Disturbing", "Creepy"]


class EngineWriter(LocalStoryProvider):
    """The provider as the engine writes: its own plan in ``StoryResult.plan`` (the provider
    returns it typed, ``core.story_plan``: tests/test_story_plan_api.py)."""

    def generate(self, request, progress=no_progress, plan=None):
        return write_story(request, progress)


@pytest.fixture(scope="module")
def provider():
    return EngineWriter()


def write(provider, **changes):
    return provider.generate(replace(FORM, **changes))


def varied(i, words):
    genre, setting, chars, elements, twist = VARIED[i]
    return replace(FORM, genre=genre, setting=setting, characters=chars, protagonist=chars.split(",")[0],
                   key_elements=elements, plot_twist=twist, mood=MOODS[i % 8], length_words=words,
                   narrative_perspective=("Third Person", "First Person", "Second Person")[i % 3],
                   pacing=("Slow Burn", "Moderate", "Fast-Paced", "Intense")[i % 4], intensity=1 + i % 10,
                   time_of_day=("Midnight", "Dawn", "Dusk", "Night", "Noon")[i % 5],
                   weather=("Foggy", "Stormy", "Rainy", "Snowy", "Clear", "Windy", "Cloudy")[i % 7], seed=i)


@pytest.fixture(scope="module")
def long_stories(provider):
    return [provider.generate(varied(i, 3000)) for i in range(0, 20, 4)]


# --- plumbing and the plan -------------------------------------------------------------------------


def test_registered_as_local_provider():
    assert register_story_providers() == [LocalStoryProvider]
    assert LocalStoryProvider.name == "local"


def test_progress_rises_to_100_with_messages(provider):
    seen = []
    provider.generate(FORM, lambda pct, msg: seen.append((pct, msg)))
    percents = [p for p, _ in seen]
    assert percents == sorted(percents) and percents[-1] == 100
    messages = " ".join(msg for _, msg in seen)
    for msg in ("Setting the scene", "Building dread", "Twisting the knife", "Finalizing"):
        assert msg in messages


def test_same_seed_same_story_new_seed_new_story(provider):
    a, b, c = write(provider, seed=7), write(provider, seed=7), write(provider, seed=8)
    assert (a.title, a.content) == (b.title, b.content)
    assert a.content != c.content


@pytest.mark.parametrize("words", [100, 300, 1000, 3000])
def test_plan_is_plain_data_in_the_contracted_shape(provider, words):
    plan = write(provider, length_words=words).plan
    assert plan == build_plan(replace(FORM, length_words=words))
    for key, kind in (("logline", str), ("title", str), ("premise", str), ("theme", str), ("cast", list),
                      ("places", list), ("twist", dict), ("beats", list)):
        assert isinstance(plan[key], kind) and plan[key], key
    assert {c["role"] for c in plan["cast"]} == {"protagonist", "antagonist", "supporting"}
    assert all(c["pronouns"] in ("he", "she", "they") and c["want"] for c in plan["cast"])
    assert all(p["name"] and p["description"] for p in plan["places"])
    kinds = [b["kind"] for b in plan["beats"]]
    assert kinds[0] == "hook" and kinds[-1] == "aftermath" and "climax" in kinds
    assert set(kinds) <= {"hook", "arrival", "first_sign", "investigation", "escalation", "reversal", "climax",
                          "aftermath"}
    assert sum(b["words"] for b in plan["beats"]) == words
    assert all(b["purpose"] and b["summary"] and b["state_change"] for b in plan["beats"])
    assert len(plan["twist"]["clues"]) >= 2 and plan["twist"]["reveal"] == FORM.plot_twist


def test_no_twist_no_reveal_and_unknown_names_are_they(provider):
    plan = write(provider, plot_twist="", protagonist="Rowan", characters="Rowan").plan
    assert plan["twist"]["reveal"] == "" and plan["twist"]["clues"] == []
    assert plan["cast"][0] == {**plan["cast"][0], "name": "Rowan", "pronouns": "they"}
    text = write(provider, plot_twist="", protagonist="Rowan", characters="Rowan").content
    assert re.search(r"(?i)\bthey\b", text) and re.search(r"\bRowan\b", text)
    assert not re.search(r"(?i)\b(they was|Rowan were)\b", text)
    villain = plan["cast"][1]["pronouns"]
    if villain == "they":
        assert not re.search(r"\b(she|he|her|his|him|herself|himself)\b", text.replace('"', " "))


# --- clean prose -----------------------------------------------------------------------------------


def test_long_stories_repeat_no_sentence_and_few_phrases(long_stories):
    for story in long_stories:
        assert m.repeated_sentences(story.content) == 0
        distinct, _ = m.repeated_5grams(story.content)
        assert distinct <= 0.03, (story.title, distinct)
        assert m.unterminated_paragraphs(story.content) == 0
        assert "{" not in story.content and "}" not in story.content


def test_a_reader_of_many_stories_seldom_meets_the_same_line(provider):
    """120 stories (20 forms, 6 seeds each): no stock line opens a sentence in more than 30 %
    of them (the commonest, "Nothing stopped her on the way to …", was in 47 % before the
    small pools of lines grew: the confrontation, the aftermath, the search, the moves between
    rooms)."""
    stories = []
    for i in range(20):
        for seed in range(6):
            form = replace(varied(i, 800), seed=seed)
            names = [form.setting, *re.split(r"\s*,\s*", form.characters),
                     *re.split(r"\s*,\s*", form.key_elements)]
            stories.append((provider.generate(form).content, names))
    share, example = m.most_shared_opening(stories)
    assert share <= 0.3, (share, example)


#: the leads the texture of a place was written with ("Quietly, the silence in the hayloft held its shape.")
STOCK_LEADS = re.compile(r"(?:^|(?<=[.!?] ))(Without warning|Slowly|Just then|Quietly|After a while|At some point|"
                         r"Somewhere behind|Not long after|Every so often|Meanwhile|Later|By then|In the half-dark|"
                         r"All the while|Even then|By now|When the light moved|Up close), ")


def test_a_thing_the_story_picks_to_carry_is_not_named_by_where_it_was(provider):
    """"It was in the nursery that she first noticed a portrait in the hall", and at the end "Emily
    held up the portrait in the hall"."""
    picked = {write(provider, setting=setting, key_elements="", custom_prompt="", seed=seed).plan["elements"][0]
              for setting in ("an abandoned mansion", "a farm in the Fens", "a seaside hotel") for seed in range(12)}
    assert len(picked) > 6
    assert not [e for e in picked if re.search(r" (in|on|at|from) the ", e)], picked


def test_nothing_too_big_to_move_is_found_moved(provider):
    """"All the while, the Ferris wheel had been turned to face the wall"; "the cold campfire had
    been turned to face the wall"; "the altar rail stood where it had not stood" (28 in 72 stories
    of 3,000 words before)."""
    moved = re.compile(r"(?i)(ferris wheel|war memorial|cellar door|fire door|grandfather clock|campfire|altar rail|"
                       r"bulkhead hatch|flagpole|phone box|lamp post)[^.]* (had been turned to face the wall|"
                       r"stood where it had not stood|rocked once and settled)")
    for i in range(20):
        for seed in range(2):
            story = provider.generate(replace(varied(i, 2000), seed=seed)).content
            assert not moved.search(story), (i, seed, moved.search(story).group(0))


def test_the_texture_of_a_place_is_not_told_in_one_stock_shape(provider):
    """An editor's note on a 1,600-word farm story: "Later, the dark in the yard clung to the walls.
    Quietly, the silence in the hayloft held its shape. Meanwhile, the stillness in the hayloft
    leaned in." (20 forms at 1,500 words: 6.3 such openings a story, up to 13, before)."""
    counts = [len(STOCK_LEADS.findall(provider.generate(varied(i, 1500)).content)) for i in range(20)]
    assert sum(counts) / len(counts) <= 4 and max(counts) <= 9, counts


@pytest.mark.parametrize("element, ways", [
    ("a brass room key", ("in the lock", "locked")), ("a music box", ("wound", "last note")),
    ("a cracked mirror", ("in the glass",)), ("old photographs", ("the faces",)),
    ("a candle", ("the flame of", "into the light")), ("a diary", ("read aloud", "the last page")),
    ("a camp whistle on a lanyard", ("blew",)), ("a hunting knife", ("struck", "went down")),
    ("a brass compass", ("needle", "followed the brass compass")), ("a pocket watch", ("the hour it had all begun",)),
    ("a silver locket", ("face inside", "into")), ("a flare gun", ("red",)),
    ("a prize teddy bear", ("held out", "set the prize teddy bear down")),
    ("a scalpel", ("struck", "went down")), ("a patient file", ("read aloud", "the last page")),
])
def test_the_thing_carried_to_the_end_ends_it_the_way_such_a_thing_would(provider, element, ways):
    """A key locks the antagonist in, a music box is wound, photographs are shown: not "I held
    the brass room key out toward the night clerk with both hands"."""
    for seed in range(6):
        story = provider.generate(replace(varied(seed, 700), key_elements=element, seed=seed))
        climax = story.content.split("\n\n")[-6:]
        assert any(way in paragraph for paragraph in climax for way in ways), (seed, climax)


@pytest.mark.parametrize("elements, used, ways", [
    ("a music box, a brass telescope", "the brass telescope", ("eye to the brass telescope", "Through the brass telescope")),
    ("a music box, a ring of keys", "the ring of keys", ("tried the ring of keys", "turned the ring of keys in the lock")),
    ("a music box, a pocket watch", "the pocket watch", ("at the pocket watch", "checked the pocket watch")),
])
def test_a_thing_used_before_the_end_is_used_the_way_such_a_thing_is(provider, elements, used, ways):
    """Read in a sample: "Elena used the brass telescope the only way that made sense, and it
    made things worse." A telescope is looked through, keys are tried in locks, a watch is
    read."""
    told = 0
    for seed in range(8):
        text = write(provider, key_elements=elements, length_words=1200, seed=seed).content
        assert f"used {used} the only way" not in text, seed
        told += any(way in text for way in ways)
    assert told >= 5, told


def test_twenty_stories_with_different_fields_share_few_sentences(provider):
    texts = [provider.generate(varied(i, 3000)).content for i in range(20)]
    assert m.shared_sentence_rate(texts) <= 0.02


@pytest.mark.parametrize("target", [100, 300, 1000, 3000])
def test_length_within_ten_percent(provider, target):
    for i in (0, 5, 13, 18):  # 13 and 18 are settings the engine has no world for
        words = len(provider.generate(varied(i, target)).content.split())
        assert abs(words - target) <= target * 0.10, (i, target, words)


def test_a_title_names_what_is_in_the_story(provider):
    """No "The Graft on Route 9" over a story with no graft in it: every word of a title but
    the stock frames ("What Waited at …", "The Last Night at …") is in the story."""
    frame = {"the", "a", "an", "at", "on", "in", "of", "and", "what", "waited", "last", "night",
             "day"}
    for i in range(20):
        for seed in (0, 1):
            story = provider.generate(replace(varied(i, 800), seed=seed))
            text = story.content.lower()
            absent = [w for w in re.findall(r"[a-z']+", story.title.lower()) if w not in frame
                      and not re.search(r"\b" + re.escape(w.rstrip("s")), text)]
            assert not absent, (story.title, absent)


def test_a_feed_of_titles_does_not_repeat_one_frame(provider):
    """A reader scrolling the feed met "The Last Night at …" or "What Waited at …" in two titles
    of five (the quality grid's 24 forms, 4 seeds each). Now: those two frames in at most one in
    four, and no opening of two words in more than one title in eight."""
    from bench_story_quality import grid
    titles = [provider.generate(replace(form, seed=form.seed + 1000 * k, length_words=300)).title
              for form in grid() for k in range(4)]
    openings = Counter(" ".join(t.split()[:2]) for t in titles)
    assert openings["What Waited"] + openings["The Last"] <= len(titles) / 4, openings
    frame, count = openings.most_common(1)[0]
    assert count <= len(titles) / 8, (frame, count)


def test_titles_are_real_phrases(provider):
    assert write(provider, suggested_title="lullaby ward").title == "Lullaby Ward"
    titles = {provider.generate(varied(i, 300)).title for i in range(20)}
    assert len(titles) >= 12
    for title in titles:
        assert len(title.split()) >= 2 and title not in ("The Something", "The Thing")
        assert not title.endswith(" Story") and re.match(r"^[A-Z]", title)
    # a setting said with when it is ("… after closing") gives a title that ends on the place
    museum = {write(provider, setting="a natural history museum after closing", seed=seed).title for seed in range(8)}
    assert not [t for t in museum if t.endswith((" After", " Closing"))], museum


# --- fields drive events ---------------------------------------------------------------------------


def test_key_elements_are_planted_early_and_used_late(provider):
    story = write(provider, length_words=1500)
    text = story.content
    for head in ("music box", "brass telescope"):
        spots = [mm.start() / len(text) for mm in re.finditer(head, text)]
        assert len(spots) >= 2 and spots[0] < 0.35 and spots[-1] - spots[0] > 0.25, (head, spots)
    climax = next(b for b in story.plan["beats"] if b["kind"] == "climax")
    assert climax["use"] == [0]


def test_twist_lands_after_its_clues_and_colours_the_ending(provider):
    story = write(provider, length_words=1000)
    text, plan = story.content, story.plan
    assert m.clues_before_twist(text, plan) >= 2
    at = text.find(FORM.plot_twist)
    assert at / len(text) > 0.5
    assert "Then the dark gave up its secret" not in text
    ending = text.split("\n\n")[-1]
    assert re.search(r"(?i)dead|prints|keep|watch|greeted", ending), ending


def test_from_300_words_every_twist_has_two_clues_and_lands_as_an_event(provider):
    for i in range(0, 20, 2):
        if not VARIED[i][4]:
            continue
        story = provider.generate(varied(i, 300))
        assert m.clues_before_twist(story.content, story.plan) >= 2, story.content
        assert "fell into line" not in story.content


def test_first_person_narrator_is_named_early(provider):
    for i in (1, 4, 7, 10, 13):
        story = provider.generate(varied(i, 1000))
        name = story.plan["cast"][0]["name"]
        opening = " ".join(story.content.split()[:120])
        assert name in opening, (name, opening)


def test_custom_prompt_becomes_premise_or_theme_not_a_mangled_paste(provider):
    motif = write(provider, custom_prompt="Include a lullaby that only children can hear", length_words=600)
    assert "lullaby that only children could hear" in motif.content
    assert "include a lullaby" not in motif.content.lower()
    themed = write(provider, custom_prompt="a story about grief", length_words=600)
    assert themed.plan["theme"] == "grief" and "grief" in themed.content
    assert "about grief" not in themed.content
    premise = write(provider, custom_prompt="Write a story where the town forgets a child every winter")
    assert premise.plan["premise"] == "the town forgets a child every winter"
    assert "the town forgets a child every winter" in premise.content
    assert "write a story" not in premise.content.lower()


def test_each_setting_keeps_its_own_world(provider):
    ship = write(provider, setting="a derelict space freighter", length_words=1500).content.lower()
    assert re.search(r"hatch|bulkhead|airlock|deck", ship)
    assert not re.search(r"\b(banister|wedding veil|fireplace|portrait|pews)\b", ship)
    carnival = write(provider, setting="a carnival at the edge of town", length_words=1500).content.lower()
    assert carnival.count("carnival") >= 3
    assert not re.search(r"\b(banister|lens|foghorn|bulkhead|ward|pews|lighthouse|war memorial|harbour|bakery)\b",
                         carnival)  # "at the edge of town" does not make it a town


def test_perspective_sets_the_pronouns(provider):
    first = m.SENTENCE_END.sub(" ", write(provider, narrative_perspective="First Person").content)
    assert len(re.findall(r"\bI\b", first)) >= 10 and not re.search(r"\b(Elena was|you were)\b", first)
    second = write(provider, narrative_perspective="Second Person").content
    assert len(re.findall(r"(?i)\byou\b", second)) >= 10 and not re.search(r"\b(I was|you was)\b", second)
    third = write(provider, narrative_perspective="Third Person", length_words=2000).content
    assert re.search(r"\bElena\b", third) and re.search(r"\bshe\b", third)
    assert m.pronoun_slips(third, "Elena", "she", others=("he",)) == 0


def test_dialogue_off_means_no_quotes_and_pacing_sets_paragraphs(provider):
    for seed in range(3):
        assert '"' not in write(provider, include_dialogue=False, seed=seed).content
    slow = write(provider, pacing="Slow Burn", include_dialogue=False).content.count("\n\n")
    intense = write(provider, pacing="Intense", include_dialogue=False).content.count("\n\n")
    assert intense > 1.5 * slow


def test_intensity_scales_the_violence(provider):
    words = r"(?i)\b(blood|scream|vomit\w*|terror|nails split|iron)\b"
    quiet = sum(len(re.findall(words, write(provider, intensity=1, seed=s).content)) for s in range(6))
    brutal = sum(len(re.findall(words, write(provider, intensity=10, seed=s).content)) for s in range(6))
    assert brutal >= 8 and brutal > 2 * quiet


def test_a_clue_heard_of_far_away_is_not_noticed_in_the_room(provider):
    """Read in a sample: "That was when I noticed it, in the boathouse. The dogs of the nearest
    farm would not come past the gate": a clue from a farm miles off, noticed in a boathouse."""
    lead = re.compile(r"(noticed it, in|easy to miss in|Something else in) [^.]+\. [^.]*\b(nearest|town)\b")
    led = 0
    for seed in range(40):
        text = write(provider, length_words=1200, seed=seed).content
        assert not lead.search(text), (seed, lead.search(text).group(0))
        led += bool(re.search(r"(noticed it, in|easy to miss in|Something else in) ", text))
    assert led >= 5


def test_a_protagonist_dead_all_along_does_not_walk_out_at_the_end(provider):
    """Read in a sample: "she herself had been dead for years", then "Tom came out of the
    lighthouse beside her", "Of everything she carried out of the lighthouse …" and "Edith
    stayed in the crumbling lighthouse, in the end"; later "She kept the coil of wet rope, afterwards, and
    never once took it out to look at". Whoever got out, got out without her."""
    told = 0
    for seed in range(12):
        res = write(provider, characters="Edith, a widowed lighthouse keeper; her silent son Tom",
                    protagonist="", antagonist="", key_elements="a coil of wet rope",
                    plot_twist="the keeper has been dead for years", length_words=700, seed=seed)
        if "she herself had been dead" not in res.content:
            continue
        told += 1
        ending = res.content.split("\n\n")[-1]
        assert not re.search(r"beside her|carried out of|got out too|buried|kept the coil of wet rope, afterwards", ending), (seed, ending)
    assert told >= 4


def test_you_were_not_you_was(provider):
    """Read in a story told in the second person: "Nothing in the fishing village was quite what
    it had been, and neither was you." """
    wrong = re.compile(r"(?<!of )\b(you was|neither was you|I were|neither were I)\b")  # not "part of you was"
    for i in range(20):
        for person in ("Second Person", "First Person"):
            for seed in range(3):
                text = provider.generate(replace(
                    varied(i, 600), narrative_perspective=person, seed=seed,
                    plot_twist="the house had been built around the grave")).content
                assert not wrong.search(text), (i, person, seed, wrong.search(text).group(0))
    for i in range(20):  # long stories, where the texture of the place is told most
        text = provider.generate(replace(varied(i, 2500), narrative_perspective="Second Person")).content
        assert not wrong.search(text), (i, wrong.search(text).group(0))


def test_a_thing_picked_up_is_either_kept_or_taken_up_later_not_both(provider):
    """Read in the samples: the ice core sample "put back exactly where it had been" and then
    "carried all night"; after that was changed, the silver locket was kept at once and then
    "Every sense I had said to leave the silver locket alone, and I took it up anyway"."""
    kept = put_back = 0
    for seed in range(40):
        res = write(provider, key_elements="a silver locket", plot_twist="", length_words=900, seed=seed)
        text = res.content
        taken_later = re.search(r"took it up|took it anyway|and took it\b", text)
        if "meant to put it back, and did not" in text:
            kept += 1
            assert not taken_later, (seed, taken_later.group(0))
        if "put it back exactly where" in text:
            put_back += 1
            assert taken_later, seed
    assert kept and put_back, (kept, put_back)


def test_a_companion_who_greeted_the_narrator_is_not_met_again(provider):
    """Read in the motel sample: '"Ruth?" Owen said when I came in', and two lines later 'Owen was
    already there, and looked at me the way people look at bad news arriving'."""
    met_again = re.compile(r"Owen was already there|Owen met me at the door|Owen opened the door|"
                           r"Owen had kept a lamp|Owen was sitting|Owen was waiting|Owen had not slept|"
                           r"\"You came, then,\" Owen")
    greeted = 0
    for seed in range(24):
        text = write(provider, narrative_perspective="First Person", characters="Ruth, Owen",
                     protagonist="Ruth", length_words=800, seed=seed).content
        if re.search(r"Owen said when I came in|\"You'll be Ruth,\" Owen said", text):
            greeted += 1
            opening = "\n\n".join(text.split("\n\n")[:5])
            assert not met_again.search(opening), (seed, met_again.search(opening).group(0))
    assert greeted >= 5


def test_the_thing_that_ends_it_was_taken_before(provider):
    """Read in the motel sample: "There was a brass room key near the guest register, as if
    someone had meant it to be found", and the next time it is seen it locks the night clerk in."""
    for seed in range(30):
        res = write(provider, setting="an empty motel off Route 9", key_elements="a brass room key",
                    length_words=900, seed=seed)
        sentences = [s for s in m.sentences(res.content) if "brass room key" in s]
        climax = next((i for i, s in enumerate(sentences) if re.search(r"lock|door", s) and i > 0),
                      len(sentences) - 1)
        taken = [s for s in sentences[:climax] if re.search(r"\btook\b|did not\.|\bwent too\b|\bkept hold\b", s)]
        assert taken, (seed, sentences[:climax + 1])


def test_the_antagonist_is_seen_before_it_is_feared_by_name(provider):
    """Read in the motel sample: the night clerk's first appearance was "Fear of the night clerk
    came up my throat like water in a drowning room". The first sentence that names the
    antagonist is an event (seen, heard, met), not the protagonist's fear of it."""
    fear = re.compile(r"(?i)^(fear of|a small cold thought about|the terror of|the fear of|a prickle ran)"
                      r"|would not hear|could surely see it|seemed to be|came on\.$|get away from")
    named = 0
    for i in range(20):
        for seed in (0, 1):
            res = provider.generate(replace(varied(i, 900), antagonist="the night clerk", seed=seed))
            first = next((s for s in m.sentences(res.content) if "night clerk" in s.lower()), None)
            if first:
                named += 1
                assert not fear.search(first), (i, seed, first)
    assert named >= 30


def test_the_worst_of_it_comes_late(provider):
    """Read in a sample: "There was blood under my nails" while the narrator was still arriving
    at the motel. At the highest intensity the visceral reactions wait until the threat has
    shown itself: none before the escalation."""
    from providers.local_story import beatbank
    visceral = [re.escape(t.split("{")[0].strip()) if not t.startswith("{") else
                re.escape(re.split(r"\{[^}]+\}", t)[1].strip()) for t in beatbank.REACT[2]]
    pattern = re.compile("|".join(v for v in visceral if len(v.split("\\ ")) >= 3))
    seen = 0
    for i in range(12):
        for seed in (0, 1):
            res = provider.generate(replace(varied(i, 1200), intensity=10, seed=seed))
            early = "\n\n".join(res.content.split("\n\n")[:3])
            assert not pattern.search(early), (i, seed, pattern.search(early).group(0))
            seen += bool(pattern.search(res.content))
    assert seen >= 12


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_a_description_after_a_name_is_that_person_not_another(provider, seed):
    res = write(provider, characters="Edith, a widowed lighthouse keeper; her silent son Tom",
                protagonist="", antagonist="", length_words=700, seed=seed)
    speaks = r"(said|asked|begged|whispered)"
    # the keeper is Edith, not a third person who talks to her; her son is Tom after his entrance
    assert not re.search(rf"(?i)the widowed lighthouse keeper {speaks}|{speaks} the widowed",
                         res.content)
    assert not re.search(rf"(?i)her silent son Tom {speaks}|{speaks} her silent son Tom",
                         res.content)
    assert re.search(r"\bTom\b", res.content)


def test_a_twist_written_in_the_present_is_told_in_the_narrations_past(provider):
    for seed in (1, 2, 3):
        story = write(provider, plot_twist="the keeper has been dead for years", seed=seed).content
        assert "the keeper had been dead for years" in story
        assert "has been dead" not in story
    about_the_narrator = {"First Person": "I was the ghost", "Second Person": "you were the ghost"}
    for perspective, told in about_the_narrator.items():
        story = write(provider, plot_twist="Elena is the ghost", narrative_perspective=perspective).content
        assert told in story and "Elena is the ghost" not in story


@pytest.mark.parametrize("clause, told", [
    ("the keeper has been dead for years", "the keeper had been dead for years"),
    ("the keeper's been dead for years", "the keeper had been dead for years"),
    ("it's all a dream", "it was all a dream"),
    ("the house wants them to stay", "the house wanted them to stay"),
    ("everyone she meets is dead", "everyone she met was dead"),
    ("the hotel guests never check out", "the hotel guests never check out"),
    ("the doctor doesn't exist", "the doctor didn't exist"),
    ("she was a patient there all along", "she was a patient there all along"),
    ("someone knocks at 3 am", "someone knocked at 3 am"),
    ("the clocks all run backwards", "the clocks all run backwards"),
    ("the elevator stops at a floor that isn't there", "the elevator stopped at a floor that wasn't there"),
    ("at 3 am the phone rings", "at 3 am the phone rang"),
    ("the river swallows one child a year", "the river swallowed one child a year"),
    ("something under the bed breathes", "something under the bed breathed"),
])
def test_narrative_past(clause, told):
    assert narrative_past(clause) == told


def test_a_companion_who_leaves_for_good_neither_speaks_nor_chooses_again(provider):
    departures = 0
    for seed in range(24):
        res = write(provider, characters="Elena, Tom", seed=seed)
        gone = re.search(r"Tom (went|set off|left) (alone|without)[^.]*\.", res.content)
        if not gone:
            continue
        departures += 1
        after = res.content[gone.end():]
        assert not re.search(r'Tom (said|asked|begged|whispered)|(said|asked) Tom\b', after), seed
        assert "Tom looked at" not in after and "promised Tom" not in after, seed
    assert departures >= 3


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_a_twist_about_a_described_character_is_about_that_character(provider, seed):
    res = write(provider, characters="Edith, a widowed lighthouse keeper; her silent son Tom", protagonist="",
                plot_twist="the keeper has been dead for years", length_words=700, seed=seed)
    # Edith is the keeper: no other "keeper" walks and talks, and the reveal is about her
    assert [c["name"] for c in res.plan["cast"]][0] == "Edith"
    assert "the keeper" not in [c["name"].lower() for c in res.plan["cast"]]
    assert not re.search(r"(?i)the keeper (said|whispered|asked|stood|came|spoke)", res.content)
    assert "she herself had been dead for years" in res.content
    # "her silent son Tom" does not talk; the rope is not scenery beside itself; no clue comes twice
    assert not re.search(r"Tom (said|asked|whispered|begged)|(said|asked) Tom\b", res.content)
    assert all(s.count("coil of wet rope") <= 1 for s in m.sentences(res.content))
    assert len(set(res.plan["twist"]["clues"])) == len(res.plan["twist"]["clues"]) >= 2


def test_a_twist_in_the_first_person_is_about_the_protagonist_in_any_telling(provider):
    told = {"Third Person": "he himself was the monster", "First Person": "I was the monster",
            "Second Person": "you were the monster"}
    for perspective, reveal in told.items():
        res = write(provider, characters="Marcus, a retired detective", protagonist="", plot_twist="I am the monster",
                    narrative_perspective=perspective, seed=50)
        assert reveal in res.content, perspective
    # a pronoun is nobody's name: clues never read "about they"
    clues = " ".join(write(provider, plot_twist="they were all ghosts", seed=5).plan["twist"]["clues"])
    assert not re.search(r"(?i)\b(about|of|for|to|beside) (they|he|she)\b", clues)


@pytest.mark.parametrize("setting", ["a suburban house", "an abandoned asylum", "an empty motel off Route 9",
                                     "a fishing village in the fog", "the parish church of Little Wending",
                                     "the lighthouse on Raven Point", "a cruise ship in the middle of the Pacific"])
def test_without_key_elements_the_story_turns_on_something_one_can_carry(provider, setting):
    for seed in range(6):
        res = write(provider, setting=setting, key_elements="", custom_prompt="", intensity=8, seed=seed)
        element = res.plan["elements"][0]
        assert not re.search(r"(?i)\b(door|window|windows|banister|car|lever|lens|clock|rail|hatch)\b", element), element
        held = r"(?i)(holding|reached for) [^.,:;]*\b(fireplace|banister|door|window|clock|rack|locker|lever|hatch)\b"
        assert not re.search(held, res.content), seed


def test_each_kind_of_ship_keeps_its_own_world(provider):
    cruise = write(provider, setting="a cruise ship in the middle of the Pacific", key_elements="", seed=7).content
    assert not re.search(r"(?i)airlock|pressure suit|helmet visor|magnetic boot|oxygen gauge", cruise)
    assert re.search(r"(?i)deck|cabin|hull|ballroom|lifeboat", cruise)
    space = write(provider, setting="a derelict space freighter", key_elements="", seed=7).content
    assert re.search(r"(?i)airlock|bulkhead|hatch|deck plates|recyclers|status panel|hull plates", space)
    suburb = write(provider, setting="a suburban house", key_elements="", seed=11).plan
    assert suburb["world"] == "house"


def test_the_prompts_own_object_runs_through_the_story(provider):
    res = write(provider, key_elements="", custom_prompt="a mother who hears her dead child on the baby monitor",
                seed=2)
    assert res.content.count("baby monitor") >= 2
    # Elena is that mother: it is her own story, told as one, not "a mother who hears …"
    assert "Elena heard her dead child on the baby monitor" in res.content
    assert "a mother who hears" not in res.content


def test_a_premise_about_someone_the_protagonist_can_be_is_the_protagonist_s_own(provider):
    """An editor's note: 'a mother hears her dead son on the baby monitor' was a rumour about the
    place, and the protagonist never the mother."""
    prompt = "a mother hears her dead son on the baby monitor"
    mine = write(provider, custom_prompt=prompt, narrative_perspective="First Person", seed=3).content
    assert mine.count("I heard my dead son on the baby monitor") >= 2  # at the start and the end
    his = write(provider, custom_prompt=prompt, characters="Tom", protagonist="Tom", seed=3).content
    assert "a mother hears her dead son on the baby monitor" in his  # Tom is no mother: a story
    assert "Tom heard" not in his


@pytest.mark.parametrize("prompt, happening", [
    ("Write a story about a signal that repeats a dead woman's voice", "the signal repeated a dead woman's voice"),
    ("the elevator stops at a floor that isn't there", "the elevator stopped at a floor that wasn't there"),
    ("every winter the village gives one person to the sea", "the village gave one person to the sea"),
])
def test_the_prompts_premise_happens_in_the_story_not_only_told(provider, prompt, happening):
    """An editor's note: 'a signal that repeats a dead woman's voice' was said of the place, found
    written on a wall and confirmed at the end, and never once heard."""
    for seed in range(4):
        res = write(provider, custom_prompt=prompt, key_elements="", plot_twist="", seed=seed)
        paragraphs = res.content.split("\n\n")
        at = next(i for i, p in enumerate(paragraphs) if happening in p)  # in the story's past, as it happens
        assert 0 < at < len(paragraphs) - 1, (seed, at)  # in the middle: told first, true at the end
        assert res.content.count(happening) == 1
        if "sea" in happening:  # out of doors: seen from where the protagonist is, not "in the pub"
            told = next(s for s in re.split(r"(?<=[.!?]) ", paragraphs[at]) if happening in s)
            assert re.search(r"saw it from|From the window", told), (seed, told)
        short = write(provider, custom_prompt=prompt, key_elements="", plot_twist="", length_words=300, seed=seed)
        assert happening in short.content, seed  # a short story has no room to spare, but room for this


def test_a_premise_heard_makes_what_is_feared_a_voice(provider):
    """'a signal that repeats a dead woman's voice' was faced by 'the thing behind the wall'."""
    for genre in ("Cosmic Horror", "Psychological", "Supernatural"):
        for seed in range(3):
            signal = write(provider, genre=genre, custom_prompt="a signal that repeats a dead woman's voice",
                           plot_twist="", seed=seed)
            assert signal.plan["cast"][1]["name"] == "the voice in the static", (genre, seed)
    calling = write(provider, genre="Supernatural", custom_prompt="something in the walls calls her name",
                    plot_twist="", seed=1)
    assert calling.plan["cast"][1]["name"] == "the voice in the hallway"
    named = write(provider, custom_prompt="a signal that repeats a dead woman's voice", antagonist="the warden")
    assert named.plan["cast"][1]["name"] == "the warden"  # the form's own antagonist stays


def test_the_one_the_premise_has_lost_is_who_haunts_the_story(provider):
    """'a widow who hears her drowned husband calling from the lake', with 'her husband Tom' in the
    cast: Tom talked to her as a living companion while 'the voice in the hallway' haunted her, and
    'the lake' was a thing she carried ('I kept the lake, afterwards')."""
    for seed in range(4):
        res = write(provider, genre="Supernatural", setting="a lake house in Vermont", characters="Grace, her husband Tom",
                    protagonist="", antagonist="", key_elements="", plot_twist="", narrative_perspective="First Person",
                    custom_prompt="a widow who hears her drowned husband calling from the lake", seed=seed)
        assert res.plan["cast"][1]["name"] == "Tom" and len(res.plan["cast"]) == 2, seed  # not her companion
        text = res.content
        assert re.search(r"pulled from the water|plastered flat", text), seed  # seen as the drowned are
        assert not re.search(r"saw Tom for the first time|first time I saw Tom", text), seed
        assert not re.search(r"\b(a|the) lake\b(?! house)", text.replace("from the lake", "")), seed
    alone = write(provider, genre="Supernatural", setting="a lake house in Vermont", characters="Grace", protagonist="",
                  antagonist="", plot_twist="", custom_prompt="a widow who hears her drowned husband calling from the lake",
                  seed=4)
    assert alone.plan["cast"][1]["name"] == "the drowned man"  # no one of the cast: still him
    for seed in range(6):  # a dead child does not lean in "close enough to kiss"
        son = write(provider, genre="Psychological", setting="a farmhouse", characters="Hannah, her son Leo",
                    protagonist="", antagonist="", plot_twist="", seed=seed,
                    custom_prompt="A mother hears her dead son on the baby monitor").content
        assert "close enough to kiss" not in son


def test_a_premise_of_what_is_the_protagonists_own_is_theirs(provider):
    res = write(provider, genre="Gothic Horror", setting="the family manor", characters="Edmund, his late wife Clara",
                protagonist="", antagonist="", plot_twist="", key_elements="", seed=5,
                custom_prompt="a widower whose late wife keeps setting the table for two")
    assert res.plan["cast"][1]["name"] == "Clara"
    assert "Edmund's late wife kept setting the table for two" in res.content  # his, not a rumour of the place
    middle = res.content.split("\n\n")[1:-1]
    assert any("his late wife kept setting the table for two" in p for p in middle)
    assert "a widower whose" not in res.content
    assert "when Edmund's late wife" not in res.content  # "… all those nights when his late wife …"


def test_a_premise_about_a_thing_makes_it_the_story_s_thing_and_happens_to_the_protagonist(provider):
    """'a mirror that shows how you will die' with no key elements: the story carried a torn notice
    and a heap of old belongings, and 'the mirror showed how you would die' to nobody in particular."""
    res = write(provider, genre="Gothic Horror", setting="an antique shop in Whitby", characters="Mina",
                protagonist="", antagonist="", key_elements="", plot_twist="", seed=2,
                custom_prompt="a mirror that shows how you will die")
    assert res.plan["elements"][0] == "a mirror"
    assert "the mirror showed how she would die" in res.content
    assert "how you would die" not in res.content
    # the place walked is a shop's rooms, not 'the middle of it all', 'the unlit side' or 'the way in'
    assert not re.search(r"the (middle of it all|unlit (back|side)|way in\b)", res.content)


def test_a_motif_is_not_put_away_like_a_thing_at_the_end(provider):
    """'The lullaby that only children could hear went into a drawer, afterwards'."""
    for seed in range(8):
        end = write(provider, setting="an orphanage", characters="Agnes, Peter", protagonist="", plot_twist="",
                    key_elements="", custom_prompt="Include a lullaby that only children can hear",
                    length_words=600, seed=seed).content.split("\n\n")[-1]
        assert "lullaby" in end, seed  # it is still what the end is about
        assert not re.search(r"lullaby[^.]*(went into a drawer|stayed where|was still warm)|"
                             r"(kept|buried) the lullaby", end), (seed, end)
    for seed in range(8):  # a motif seen is not answered aloud, nor does it begin again like a sound
        door = write(provider, setting="a suburban street", characters="Agnes, Peter", protagonist="", plot_twist="",
                     key_elements="", custom_prompt="Make sure to include a red door that appears in every house",
                     seed=seed).content
        assert not re.search(r"answered the red door|red door[^.]*(began again|came again|filled)", door), seed


@pytest.mark.parametrize("prompt, feared", [("an old man who collects teeth", "the old man"),
                                             ("a nurse who kills her patients", "the nurse"),
                                             ("a girl who calls every night", "the girl")])
def test_the_premise_s_person_who_does_harm_is_who_the_story_fears(provider, prompt, feared):
    """'an old man who collects teeth' made Tom, the protagonist, the one who collected teeth ('Tom
    collected teeth'), faced by a stock antagonist."""
    res = write(provider, setting="a small town dentist's office", characters="Tom", protagonist="", antagonist="",
                plot_twist="", custom_prompt=prompt, seed=2)
    assert res.plan["cast"][1]["name"] == feared
    assert not re.search(r"Tom (collected|killed|called)", res.content)
    # and the office is an office, not the small town it is in: no bakery, bus shelter or lane
    assert not re.search(r"the (bakery|bus shelter|lane behind the church|square)\b", res.content)


def test_the_protagonists_own_premise_happens_to_them_and_a_premise_without_a_verb_does_not(provider):
    prompt = "a mother hears her dead son on the baby monitor"
    mine = write(provider, custom_prompt=prompt, key_elements="", narrative_perspective="First Person",
                 seed=3).content
    middle = mine.split("\n\n")[1:-1]
    assert any(re.search(r"it happened|It came again", p) and "I heard my dead son on the baby monitor" in p
               for p in middle), mine
    his = write(provider, custom_prompt=prompt, characters="Tom", protagonist="Tom", seed=3).content
    assert "the mother heard" not in his  # a rumour about the place, not his to live
    town = write(provider, custom_prompt="a town where the dead come back", seed=3).content
    assert "the town where the dead came back" not in town


def test_time_and_weather_fit_each_other(provider):
    three_am = write(provider, time_of_day="3 AM", weather="", seed=6).content
    assert "small hours" in three_am and not re.search(r"dusk|struck twelve", three_am)
    for seed in range(8):
        night = write(provider, time_of_day="Midnight", weather="Cloudy", seed=seed).content
        assert not re.search(r"(?i)\bthe day\b|light through the cloud", night)
    grey = [write(provider, time_of_day="", weather="", seed=seed).content for seed in range(8)]
    assert sum("lid of low cloud" in story for story in grey) <= 4


def test_at_high_intensity_someone_dies_and_stays_dead(provider):
    died = r"screamed once|laid out with terrible care|did not come back, and when|torch turned up later|was not resting"
    for seed in range(8):
        brutal = write(provider, genre="Slasher", characters="Cass, Milo", protagonist="Cass", intensity=9,
                       seed=seed).content
        death = re.search(rf"[^.]*({died})[^.]*\.", brutal)
        assert death and "Milo" in death.group(0), seed
        after = brutal[death.end():]
        assert not re.search(r"Milo (said|asked|whispered|begged|studied|looked|kept)|(said|asked) Milo\b|"
                             r"promised Milo", after), seed
        gentle = write(provider, genre="Slasher", characters="Cass, Milo", protagonist="Cass", intensity=3,
                       seed=seed).content
        assert not re.search(died, gentle), seed
    alone = write(provider, genre="Slasher", characters="Cass", protagonist="Cass", intensity=10, seed=1)
    assert re.search(r"caretaker who had given|last visitor", alone.content)


def test_names_written_with_a_dash_or_brackets_keep_the_name(provider):
    cast = ("Edith; her silent son Tom (14); Mr. O'Rourke — the supply-boat man with a glass eye; "
            "Dr. Helen Cho-Ramírez (night-shift psychiatrist)")
    res = write(provider, characters=cast, protagonist="Edith", setting="St. Agatha's Hospital", seed=2)
    names = [c["name"] for c in res.plan["cast"]]
    assert {"Tom", "Mr. O'Rourke", "Dr. Cho-Ramírez"} <= set(names), names
    assert not re.search(r"Mr\. name|psychiatrist\)|Tom \(14\)", res.content)
    titles = {write(provider, setting="St. Agatha's Hospital", seed=seed).title for seed in range(8)}
    assert not any("Agatha" in t and "St. Agatha" not in t for t in titles), titles


def test_the_narrator_of_a_twist_is_i_in_the_first_person(provider):
    res = write(provider, characters="Edith; Tom", protagonist="Edith", narrative_perspective="First Person",
                plot_twist="Tom is the one who drowned, and Edith talks to him every night", seed=3)
    assert "Tom was the one who drowned, and I talked to him every night" in res.content


def test_a_key_element_no_one_can_carry_is_never_picked_up(provider):
    for seed in range(4):
        res = write(provider, key_elements="the 112th step, wet footprints, the hole in the bathroom wall", seed=seed)
        for sentence in m.sentences(res.content):
            if "112th step" in sentence or "footprints" in sentence or "the hole in" in sentence:
                assert not re.search(r"(?i)picked up|held|carried|brought out|took it|turned (it|the)|kept|"
                                     r"looked at it|set .* down", sentence), sentence
        key = write(provider, key_elements="a brass room key", seed=seed).content  # a key, not a room
        assert not re.search(r"(?i)ended at the brass room key|went back to the brass room key", key)


def test_i_in_the_characters_is_the_narrator_not_a_name(provider):
    for perspective in ("First Person", "Second Person"):
        res = write(provider, characters="I, a honeymooner; my husband Greg", protagonist="",
                    narrative_perspective=perspective, setting="a luxury cruise ship", seed=102)
        assert res.plan["cast"][0]["name"] not in ("I", "you")
        assert not re.search(r"My name is I\b|, I\.\"|, you[,?.]\"|\bme pushed\b", res.content)
    nurse = write(provider, characters="the night nurse", protagonist="", narrative_perspective="First Person",
                  seed=21).content
    assert not re.search(r'[,"] the night nurse[?.!,]"', nurse)  # no one calls her "the night nurse"


def test_a_companion_unmasked_as_the_killer_is_who_the_hero_faces_after(provider):
    for seed in range(50, 54):
        res = write(provider, genre="Slasher", characters="Tyler, Hannah", protagonist="Tyler", intensity=9,
                    plot_twist="Hannah is the killer", seed=seed)
        reveal = res.content.index("Hannah was the killer")
        after = res.content[reveal + len("Hannah was the killer"):]
        mask = res.plan["cast"][1]["name"]  # the figure the story was afraid of until then
        assert mask not in after and "Hannah" in after, seed
        assert not re.search(r"promised Hannah|Hannah kept the promise|Hannah (begged|asked)", after), seed


def test_stock_antagonists_belong_to_their_places(provider):
    villains = {write(provider, genre="Slasher", setting="a summer camp by a lake", characters="Jenny, Mark",
                      protagonist="Jenny", plot_twist="", seed=seed).plan["cast"][1]["name"] for seed in range(12)}
    assert "the night clerk" not in villains and len(villains) >= 1


def test_a_record_burnt_is_not_read_afterwards(provider):
    for seed in range(40):
        choices = [b["choice"]["choice"] for b in write(provider, characters="Elena", seed=seed).plan["beats"]
                   if b["choice"]]
        assert sum("record" in choice for choice in choices) <= 1, (seed, choices)


def test_my_in_the_setting_is_the_narrators(provider):
    form = dict(setting="my grandmother's house", characters="Ana", protagonist="Ana", seed=42)
    third = write(provider, narrative_perspective="Third Person", **form).content
    assert "her grandmother's house" in third
    assert not re.search(r"\b(the my|my)\b", re.sub(r'"[^"]*"', "", third))
    first = write(provider, narrative_perspective="First Person", **form).content
    assert "my grandmother's house" in first and "the my" not in first


@pytest.mark.parametrize("changes", [
    dict(characters="Sarah", protagonist="", antagonist="", key_elements="", plot_twist="", custom_prompt="",
         time_of_day="", weather=""),
    dict(characters="a young nurse named Clara and Dr. Hale", protagonist="a young nurse named Clara",
         narrative_perspective="", pacing="", mood=["Dark"], intensity=42, length_words="1200"),
    dict(genre="", mood="", setting="", characters="Zoë, Émile", length_words=None, seed=-5),
])
def test_odd_forms_still_make_a_story(provider, changes):
    res = write(provider, **changes)
    assert res.title and "{" not in res.content and "}" not in res.content
    assert len(res.content.split("\n\n")) >= 4 and m.unterminated_paragraphs(res.content) == 0


# --- suggestions and revisions use a plan recovered from the text ------------------------------------


@pytest.fixture(scope="module")
def story(provider):
    return write(provider, include_dialogue=False, length_words=700, seed=11,
                 antagonist="the Pale Nurse").content


def test_suggestions_are_about_this_story(provider, story):
    tips = provider.suggest(story)
    assert 3 <= len(tips) <= 5 and all(isinstance(t, str) and t for t in tips)
    joined = " ".join(tips)
    assert "Elena" in joined or "Tom" in joined
    assert "Pale Nurse" in joined and re.search(r"music box|brass telescope", joined)
    assert "no dialogue" in joined.lower()
    quoted = re.findall(r"\(\"(.+?)…\"\)", joined)
    assert quoted and all(q in story for q in quoted)


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_a_places_word_is_not_taken_for_a_character(provider, seed):
    story = write(provider, setting="a crumbling lighthouse on the Cornish coast",
                  characters="Edith, a widowed lighthouse keeper; her silent son Tom",
                  protagonist="", length_words=700, seed=seed).content
    assert "Cornish" in story
    tips = " ".join(provider.suggest(story))
    assert "Edith" in tips or "Tom" in tips
    assert not re.search(r"(?i)\bthe Cornish (does|is|has|escalate|want|fear|choice)", tips)
    assert "Give Cornish" not in tips and "Cornish's" not in tips


def test_continue_follows_the_open_threads(provider, story):
    out = provider.enhance(story, "continue")
    assert out.startswith(story.rstrip())
    added = out[len(story.rstrip()):].strip()
    assert added.count("\n\n") >= 1 and len(added.split()) >= 80
    assert "Elena" in added and "Pale Nurse" in added
    assert re.search(r"music box|brass telescope", added)
    assert not set(m.sentences(added)) & set(m.sentences(story))


def test_expand_shorten_enhance(provider, story):
    expanded = provider.enhance(story, "expand")
    assert 1.25 <= len(expanded.split()) / len(story.split()) <= 1.6
    assert m.repeated_sentences(expanded) == 0 and "lighthouse" in expanded
    short = provider.enhance(story, "shorten")
    original = m.sentences(story)
    assert 0.55 <= len(short.split()) / len(story.split()) <= 0.85
    assert short.startswith(original[0]) and short.endswith(original[-1])
    plain = "Mara walked into the old house. It was very dark and cold.\n\nJonah looked at the big door and said nothing."
    rich = provider.enhance(plain, "enhance")
    assert "Mara" in rich and "Jonah" in rich and not re.search(r"\bvery\b", rich)
    assert len(re.findall(r"(?i)smell|sound|heard|fingers", rich)) > len(re.findall(r"(?i)smell|sound|heard|fingers",
                                                                                    plain))


def test_revisions_of_short_nameless_text(provider):
    text = "I walked into the old church at midnight. My hands were shaking.\n\nSomething moved behind the altar."
    for mode in ("expand", "shorten", "enhance", "continue"):
        out = provider.enhance(text, mode)
        assert out and "{" not in out
    cont = provider.enhance(text, "continue")
    assert cont.startswith(text) and re.search(r"\b(I|my|me)\b", cont[len(text):])
    assert not re.search(r"\b(she|he) (was|had)\b", cont[len(text):])
    with pytest.raises(ProviderError):
        provider.suggest("   ")
    with pytest.raises(ProviderError, match="Unknown enhancement type: sparkle"):
        provider.enhance(text, "sparkle")


@pytest.mark.parametrize("characters", ["Sarah, her dog Buster", "Sarah; Buster (a collie)"])
def test_a_dog_in_the_cast_does_not_talk_and_is_an_it(provider, characters):
    """An editor's note: 'Buster (a dog)' spoke, begged to leave and was promised things."""
    told = 0
    for seed in range(12):
        res = write(provider, characters=characters, protagonist="", intensity=8, seed=seed,
                    length_words=1200)
        assert ("Buster", "it") in [(c["name"], c["pronouns"]) for c in res.plan["cast"]]
        text = res.content
        assert not re.search(r"Buster (said|asked|begged|whispered|promised)|(said|asked) Buster\b"
                             r"|promised Buster|lied to Buster|Buster's (coat|torch|sleeve|hand)", text), seed
        assert all("Buster" not in b["choice"]["choice"] for b in res.plan["beats"] if b.get("choice"))
        told += "Buster" in text
    assert told >= 10  # the dog is in the story, not dropped


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_premise_is_set_up_and_paid_off_not_mentioned_once(provider, seed):
    """An editor's note: the prompt's premise was pasted once, as hearsay, and never came back.
    A later one: it was told at the start and the end and never shown; in between, the hero
    now finds it written down in the place by someone who knew it before."""
    res = write(provider, custom_prompt="Write a story where the town forgets a child every winter",
                length_words=900, seed=seed)
    text = res.content
    told = [m.start() for m in re.finditer("the town forgets a child every winter", text)]
    assert len(told) >= 3 and told[0] < len(text) / 4, told  # told early ...
    assert any(len(text) / 4 < at < len(text) * 3 / 4 for at in told), told  # ... found ...
    assert told[-1] > len(text) * 3 / 4, told  # ... and found true at the end
    middle = next(s for s in m.sentences(text) if "the town forgets" in s
                  and len(text) / 4 < text.find(s) < len(text) * 3 / 4)
    assert re.search(r"(?i)scratched|written|paper", middle), middle
    assert len(re.findall(r"(?i)what people said about|the story about|stopped calling it a story",
                          text)) <= 3


def test_what_stands_outside_is_not_found_in_a_room(provider):
    """Read in the samples: "lean on the rain barrel" in a post office, "a neat circle around the
    Ferris wheel" on the floor of a ticket booth, "the flagpole" in a cabin. A room indoors has
    only the things a room has."""
    from providers.local_story.worlds import OUTDOOR_ROOMS, WORLDS
    outside = re.compile(r"(?i)\b(flagpole|ferris wheel|coconut shies|lych-gate|grave marker|"
                         r"stone angel|war memorial|phone box|lamp post|garden gate|parked car|"
                         r"rain barrel|trail marker|hunting stand|ring of stones|carved trunk|rope swing)\b")
    read = 0
    for setting, kind in (("a summer camp", "camp"), ("a travelling carnival", "carnival"),
                          ("a fishing village", "village"), ("the old cemetery", "cemetery"),
                          ("a forest in Maine", "forest")):
        rooms = [room for room, _ in WORLDS[kind]["rooms"] if room not in OUTDOOR_ROOMS]
        for seed in range(8):
            text = write(provider, setting=setting, key_elements="", plot_twist="", length_words=1200,
                         seed=seed).content
            for sentence in m.sentences(text):
                if any(room in sentence for room in rooms):
                    read += 1
                    assert not outside.search(sentence), (setting, sentence)
    assert read > 300


def test_no_cupboards_on_a_stair_or_in_a_hall_of_mirrors(provider):
    """Read in the samples: "Every cupboard in the spiral stair was empty but one", "Every
    cupboard in the hall of mirrors". A stair, a shaft or a ride has nothing to search."""
    bare = re.compile(r"(?i)\b(cupboards?|drawers?|shelf|shelves)\b[^.]*\b(spiral stair|hall of mirrors|"
                      r"ghost train|big top|main shaft)\b|\b(spiral stair|hall of mirrors|ghost train|"
                      r"big top|main shaft)\b[^.]*\b(drawer by drawer|shelf by shelf)")
    for setting in ("the lighthouse on Raven Point", "a travelling carnival", "a salt mine"):
        for seed in range(12):
            text = write(provider, setting=setting, length_words=1500, seed=seed).content
            assert not bare.search(text), (setting, seed, bare.search(text).group(0))


def test_one_leans_on_what_the_place_is_fitted_with_not_on_a_bugle(provider):
    """Read in a sample: "Her nails split against the bugle" (a bugle no one had seen). What
    one leans on, splits one's nails against or finds a chair pulled out beside is one of the
    place's fittings (the banister, the reception bell), never a small thing to carry."""
    from providers.local_story.worlds import WORLDS, keepsakes
    found = 0
    for setting, kind in (("a summer camp", "camp"), ("the lighthouse on Raven Point", "lighthouse"),
                          ("an empty motel off Route 9", "hotel"), ("a fishing village", "village")):
        small = {o.split(" ", 1)[1].lower() for o in keepsakes(WORLDS[kind])}
        for seed in range(10):
            text = write(provider, setting=setting, key_elements="", length_words=1500, seed=seed).content
            for thing in re.findall(r"(?:lean on|split against|pulled out beside|High above) the "
                                    r"([^,.]+?)(?: to stay up|,|\.)", text):
                found += 1
                assert thing.lower() not in small, (setting, thing)
    assert found >= 5


@pytest.mark.parametrize("characters", ["Nell, her brother Sam", "Nell, Sam (her younger brother)"])
def test_a_brother_is_he_whatever_his_name_or_his_sister_s_pronoun(provider, characters):
    """'her brother Sam' was a 'she': the 'her' (Nell's) and the name Sam outweighed 'brother'."""
    res = write(provider, characters=characters, protagonist="", seed=2)
    assert ("Sam", "he") in [(c["name"], c["pronouns"]) for c in res.plan["cast"]]


@pytest.mark.parametrize("setting, rooms", [
    ("an abandoned hospital", ["the operating theatre", "the morgue", "the children's ward", "the waiting room",
                               "the records room", "the service lift", "the pharmacy"]),
    ("a travelling carnival", ["the hall of mirrors", "the ghost train", "the big top", "the midway",
                               "the carousel", "the trailers", "the ticket booth"]),
    ("an old cemetery", ["the gatehouse", "the old section", "the family vault", "the yew walk",
                         "the chapel of rest", "the paupers' corner", "the fresh grave"]),
    ("a tenement on Ferry Street", ["the lobby", "the stairwell", "the fourth-floor corridor",
                                    "the laundry room", "the boiler room", "the roof", "the empty flat"]),
    ("a summer camp", ["the mess hall", "cabin six", "the boathouse", "the lake shore", "the camp office",
                       "the campfire circle", "the shower block"]),
    ("a cabin in the woods", ["the clearing", "the creek bed", "the ranger's hut", "the old trail",
                              "the deadfall", "the hunters' cabin", "the fire tower"]),
    ("an abandoned textile mill", ["the shop floor", "the loading bay", "the foreman's office", "the boiler house",
                                   "the locker room", "the catwalk", "the storeroom"]),
    ("a natural history museum after closing", ["the entrance hall", "the long gallery", "the Egyptian room",
                                                "the hall of figures", "the curator's office", "the basement store",
                                                "the specimen room"]),
    ("the old Alhambra theatre", ["the auditorium", "the wings", "the dressing room", "the projection booth",
                                  "the fly gallery", "the trap room", "the foyer"]),
    ("a decommissioned prison", ["the cell block", "the visiting room", "the isolation wing", "the exercise yard",
                                 "the governor's office", "the infirmary", "the laundry"]),
    ("a radio station on the moor", ["the studio", "the control room", "the transmitter hall", "the tape library",
                                     "the mast hut", "the bunk room", "the corridor"]),
    ("a farm in the Fens", ["the barn", "the hayloft", "the milking shed", "the farm kitchen", "the cornfield",
                            "the yard", "the root cellar"]),
])
def test_common_horror_places_are_walked_through_their_own_rooms(provider, setting, rooms):
    """A carnival had 'the unlit back' and 'the far corner' (no world of its own); a dental
    clinic walked an asylum's wards; a cabin in the woods was nowhere in particular."""
    res = write(provider, setting=setting, seed=5, length_words=800)
    assert sum(room in res.content for room in rooms) >= 2, setting
    assert not re.search(r"the (unlit back|far corner|middle of it all|east ward|isolation cell)",
                         res.content), setting
    assert " after closing" not in res.content.replace(setting, "")  # "the closing" was its name


def test_the_owner_s_pronoun_does_not_make_a_friend_a_she(provider):
    res = write(provider, characters="Maya, her friend Jules", protagonist="", seed=7)
    pronouns = dict((c["name"], c["pronouns"]) for c in res.plan["cast"])
    assert pronouns["Maya"] == "she" and pronouns["Jules"] == "they"


@pytest.mark.parametrize("setting", ["a fishing village in the fog", "a pine forest in Maine", "an old cemetery",
                                     "a summer camp"])
def test_no_door_or_wall_is_opened_out_of_doors(provider, setting):
    """An editor's note: 'She hid in the harbour wall', 'the door of the harbour wall'; and 'The
    way out of the lake shore was blocked, not by a door'. Read in a story: 'I kept to the wall on
    the way to the churchyard, where the boards complained least'."""
    from providers.local_story.worlds import OUTDOOR_ROOMS
    outdoors = "|".join(re.escape(room) for room in OUTDOOR_ROOMS)
    for seed in range(10):
        res = write(provider, setting=setting, seed=seed, length_words=1500)
        assert not re.search(rf"(door (in|of)|down into|wall of|box in|cupboard in|hid in|way out of) "
                             rf"({outdoors})\b",
                             res.content), (setting, seed)
        # nor do boards creak on the way to a lych gate or a lake shore
        assert not re.search(rf"on the way to ({outdoors}), where the boards", res.content), (setting, seed)


@pytest.mark.parametrize("setting", ["an old cemetery", "a travelling carnival", "a cabin in the woods",
                                     "a summer camp", "an abandoned mine"])
def test_a_second_editor_s_grammar_and_scenery_notes(provider, setting):
    """'…reached a travelling carnival; fog lying so thick…', 'The trailers was a ring of caravans',
    'an one-room shack', 'Quietly, the door chain was colder than the air', 'inside the old
    cemetery, the air was still', 'Night settled over the cemetery and pressed its face to the glass'."""
    outdoors = setting != "an abandoned mine"
    for seed in range(12):
        res = write(provider, setting=setting, seed=seed, weather="Foggy", length_words=1200,
                    narrative_perspective=("Third Person", "First Person", "Second Person")[seed % 3])
        text = res.content
        assert not re.search(r"; (fog|rain|snow|a storm|a wind|the sky)\b[^.;]*\b(lying|coming|falling|breaking)",
                             text), seed
        assert not re.search(r"(^|[.;] )The (trailers|old workings|crew stairs) was\b", text), seed
        assert not re.search(r"\b[Aa]n (one|once)\b", text), seed
        assert not re.search(r"[.!?] [a-z]", text), seed  # a sentence begins with a capital
        assert not re.search(r"(^|\. )(Quietly|Slowly|Without warning|Just then), (the|a|an) [^.]*? "
                             r"(was|sat|looked|bore|showed|gave)\b", text), seed
        assert not re.search(r"(^|[.!?;] |, and |, but )(you|we|they) was\b", text, re.I), seed
        if outdoors:
            assert not re.search(r"(?i)inside the [a-z ]*(cemetery|carnival|woods|camp),|to the glass", text), seed
            assert not re.search(r"\b[Ii]n the (lake shore|yew walk|midway|back lot|fresh grave|carousel|"
                                 r"campfire circle|old trail)\b", text), seed  # on the lake shore


def test_common_first_names_have_their_usual_pronoun(provider):
    res = write(provider, characters="Levi, Maya, Nolan", protagonist="", seed=1)
    assert [(c["name"], c["pronouns"]) for c in res.plan["cast"] if c["role"] != "antagonist"] == [
        ("Levi", "he"), ("Maya", "she"), ("Nolan", "he")]


@pytest.mark.parametrize("seed", [1, 7, 9])
def test_a_companion_unmasked_as_the_killer_was_the_masked_one_all_along(provider, seed):
    """An editor's note: with 'Jules is the killer' a stock killer ('the man in the sack mask')
    hunted them both, and the reveal was never connected to him."""
    res = write(provider, genre="Slasher", characters="Maya, her friend Jules", protagonist="",
                plot_twist="Jules is the killer", seed=seed, length_words=900)
    villain = res.plan["cast"][1]["name"]
    assert "mask" in villain, villain
    reveal = res.content.index("Jules was the killer")
    assert re.search(r"mask[^.]*Jules|Jules[^.]*mask|been Jules", res.content[reveal:]), seed
    assert "sack mask" not in res.content


def test_nothing_wears_a_companion_s_face_while_the_companion_is_still_there(provider):
    """An editor's note: 'The thing that came back wearing Sam's coat' came before Sam left, and
    Sam talked on as if nothing had happened."""
    imitations = 0
    for seed in range(60):
        res = write(provider, genre="Gothic Horror", characters="Nell, Sam", protagonist="Nell", seed=seed)
        if res.plan["method"] != "imitation":
            continue
        imitations += 1
        if not any(b["choice"] and b["choice"].get("leaves") for b in res.plan["beats"]):
            assert not re.search(r"wearing Sam's|Sam came back from", res.content), seed
    assert imitations >= 3


def test_the_end_says_what_became_of_the_companion(provider):
    """An editor's note: companions vanished from the story with not a word about their fate."""
    told = {"left": 0, "survived": 0}
    for seed in range(30):
        res = write(provider, characters="Nell, Sam", protagonist="Nell", intensity=5, seed=seed,
                    plot_twist="", length_words=700)
        ending = " ".join(res.content.split("\n\n")[-2:])
        left = any(b["choice"] and b["choice"].get("leaves") for b in res.plan["beats"])
        died = any(b.get("death") for b in res.plan["beats"])
        if died:
            continue
        assert "Sam" in ending, (seed, ending)
        if left:
            assert re.search(r"never found|ever found Sam", ending), (seed, ending)
        told["left" if left else "survived"] += 1
    assert told["left"] >= 1 and told["survived"] >= 5, told


def test_a_third_editor_s_notes_on_the_unmasking_the_record_and_the_props(provider):
    """The killer companion's fate was never told and they chatted beside the masked one; a burnt
    record was read again; the hero fell asleep at the climax; a fortune-teller's booth was carried
    out of the carnival; 'her friend Jules' greeted Maya like a stranger."""
    from providers.local_story.threads import LOGS
    from providers.local_story.worlds import WORLDS, keepsakes
    for seed in range(12):
        res = write(provider, genre="Slasher", setting="a travelling carnival", characters="Maya, her friend Jules",
                    protagonist="", plot_twist="Jules is the killer", seed=seed, length_words=900,
                    narrative_perspective=("Third Person", "First Person")[seed % 2])
        text, mask = res.content, res.plan["cast"][1]["name"]
        assert "Jules" in " ".join(text.split("\n\n")[-2:]), seed  # what became of the killer
        masked = text[text.lower().index(mask.lower()):text.index("Jules was the killer")]
        assert len(re.findall(r'Jules (said|asked|whispered)|(said|asked) Jules\b', masked)) <= 2, seed
        assert "You'll be Maya" not in text
        assert all("asleep" not in b["choice"]["choice"] for b in res.plan["beats"]
                   if b["kind"] == "climax" and b["choice"])
    for seed in range(40):
        res = write(provider, setting="an old cemetery", seed=seed)
        burnt = re.search(r"burned|fed the pages|went into the stove", res.content)
        if burnt:
            assert LOGS["cemetery"] not in res.content[res.content.index(".", burnt.end()):], seed
    carried = " ".join(keepsakes(WORLDS["carnival"]) + keepsakes(WORLDS["cemetery"]))
    assert not re.search(r"booth|carousel|angel", carried)


@pytest.mark.parametrize("setting, told, wrong", [
    ("a pine forest in Maine", "in Maine", "at Maine"), ("a small town in Vermont", "in Vermont", "at Vermont"),
    ("a tenement on Ferry Street", "on Ferry Street", "at Ferry Street"),
    ("an empty motel off Route 9", "on Route 9", "at Route 9"), ("the lighthouse on Raven Point", "at Raven Point", None),
])
def test_a_title_puts_the_place_with_its_own_preposition(provider, setting, told, wrong):
    """'What Waited at Maine', 'The Last Night at Ferry Street'."""
    titles = {write(provider, setting=setting, key_elements="", seed=seed).title for seed in range(16)}
    assert any(told in title for title in titles), titles
    assert not wrong or not any(wrong in title for title in titles), titles


def test_a_lamp_given_up_or_burnt_with_is_one_the_hero_was_carrying(provider):
    """An editor's note: 'set the lamp down' with no lamp ever mentioned. Away from a lighthouse or a
    mine (whose lamp is the place's own), a story's first lamp is someone's ('her lamp', 'your lamp')
    or one of the place's ('a swinging lamp'), never 'the lamp' out of nowhere; nor had the hero
    'left the light behind' before giving that lamp up."""
    told = 0
    for i in (0, 1, 4, 5, 8, 12):
        for seed in range(12):
            text = provider.generate(replace(varied(i, 1000), seed=seed)).content
            first = re.search(r"(\w+) lamp\b(?! room| post)", text)
            if first:
                told += 1
                assert first.group(1).lower() != "the", (i, seed, text[first.start() - 80:first.end() + 60])
                # nor was it left behind before: 'left the light behind and crossed … in the dark'
                assert "the light behind" not in text[:first.start()], (i, seed)
    assert told >= 5  # the choices that give up or burn with the lamp were drawn


def test_things_named_in_the_plural_are_them_not_it(provider):
    """An editor's note: 'I kept the old photographs, afterwards, and never once took it out', and
    the form's 'footprints in the ash' came out as 'a footprints in the ash'. Things named in the
    plural are 'them' and 'were', and take no 'a'."""
    said = 0
    for elements, plural in (("old photographs", "photographs"), ("the keys, a wax doll", "keys"),
                             ("footprints in the ash", "footprints in the ash")):
        for seed in range(16):
            text = provider.generate(replace(varied(seed % 6, 700), key_elements=elements,
                                             seed=seed)).content
            assert "a footprints" not in text.lower()
            for wrong in (rf"{plural}[^.;\"]*\b(?:took|carried|turned toward|backed away from) it\b",
                          rf"\b{plural} was\b", rf"{plural} should be left where it lay"):
                found = re.search(wrong, text)
                assert not found, (elements, seed, found and text[found.start() - 60:found.end() + 40])
            said += bool(re.search(rf"{plural}[^.;\"]*\b(?:them|they|were)\b", text))
    assert said >= 3  # sentences that refer back to the things were drawn


def test_a_place_named_with_what_it_has_is_still_that_place(provider):
    """'An abandoned cabin with boarded windows' is a cabin: the story said 'The windows was quiet
    when the light came' and 'the last person who kept the windows'."""
    for seed in range(8):
        text = provider.generate(replace(varied(seed, 500), setting="an abandoned cabin with boarded windows",
                                         seed=seed)).content.replace("cabin with boarded windows", "cabin")
        assert not re.search(r"(?i)\b(in|kept|at|of) the windows\b|\bwindows was\b", text), seed


def test_the_protagonist_named_without_a_title_is_not_a_second_character(provider):
    """Characters "Dr. Ines Varga, her brother Paul" and protagonist "Ines Varga": "Dr. Varga"
    was a companion of Ines, spoke to her, and was found dead in the lift."""
    res = provider.generate(replace(FORM, characters="Dr. Ines Varga, her brother Paul", protagonist="Ines Varga",
                                    antagonist="the surgeon", genre="Body Horror", plot_twist="", seed=11))
    assert [c["name"] for c in res.plan["cast"]] == ["Ines", "the surgeon", "Paul"]
    assert "Dr. Varga" not in res.content


def test_no_one_opens_the_door_to_a_knock_once_the_protagonist_is_inside(provider):
    """"The door gave onto the morgue … and shut behind her. Paul opened the door before Ines
    could knock": the companion at the door or the gate meets the protagonist before they go in."""
    inside = re.compile(r"(Inside, .* opened around|The door gave onto|let (her|his|their|my|your) eyes adjust|found the \w+ first)")
    door = re.compile(r"before \w+ could knock|met \w+ at the door|waiting at the gate")
    seen = 0
    for i in range(20):
        for seed in range(3):
            said = re.split(r"(?<=[.!?])\s+", provider.generate(replace(varied(i, 600), seed=seed)).content)
            at_door = next((k for k, s in enumerate(said) if door.search(s)), None)
            if at_door is not None:
                seen += 1
                assert not any(inside.search(s) for s in said[:at_door]), (i, seed, said[at_door])
    assert seen >= 5


def test_companions_who_are_many_were_not_was(provider):
    """Read in a story: "When I got back, the twins was sitting very still by the light"."""
    for seed in range(21, 27):
        res = provider.generate(replace(FORM, genre="Slasher", setting="a big house on Larch Street",
                                        characters="Kelly, a babysitter; the twins", protagonist="Kelly",
                                        antagonist="", key_elements="a landline phone", plot_twist="",
                                        custom_prompt="a babysitter keeps getting calls from inside the house",
                                        length_words=800, seed=seed))
        assert not re.search(r"(?i)(?<!for )(?<!of )(?<!to )\bthe twins was\b", res.content), seed


def test_a_horror_comedy_is_told_with_jokes_and_other_horror_is_not(provider):
    """A "Horror Comedy" read as straight horror: not one line in it was meant to be funny. Now
    the protagonist's asides, the companion's jokes and the antagonist's manners come in most
    beats; no other genre gets them."""
    from providers.local_story import humour
    lines = [re.escape(re.split(r"\{\w+\}", t.split('"')[1] if t.startswith('"') else t)[-1][:-1].strip(" ,."))
             for t in humour.ASIDES + humour.COMPANION + humour.ANTAGONIST]
    joke = re.compile("|".join(line for line in lines if len(line) > 12))
    for seed in range(4):
        comedy = provider.generate(replace(varied(8, 800), seed=seed)).content
        assert len(joke.findall(comedy)) >= 4, seed
        for i in (0, 4, 7):
            assert not joke.search(provider.generate(replace(varied(i, 800), seed=seed)).content), (i, seed)


def test_a_bed_and_breakfast_is_not_called_the_breakfast(provider):
    """Read in a story: "to get through one night at the breakfast", and the landlady was "they"."""
    res = provider.generate(replace(FORM, genre="Horror Comedy", setting="a seaside bed and breakfast",
                                    characters="Marjorie, her husband Clive", protagonist="Marjorie",
                                    antagonist="the landlady", key_elements="a jar of pickled eggs",
                                    plot_twist="", length_words=600, seed=2))
    assert res.plan["world"] == "hotel"
    assert not re.search(r"\bthe breakfast\b", res.content)
    assert res.plan["cast"][1]["pronouns"] == "she"


def test_no_one_is_seen_where_nobody_was(provider):
    """Read in a story: "Nobody was on the harbour wall when she got there, which was somehow
    worse. At the edge of the light on the harbour wall stood the witch of the fen"."""
    for i in range(20):
        for seed in range(3):
            for para in provider.generate(replace(varied(i, 900), seed=seed)).content.split("\n\n"):
                if re.search(r"Nobody was (in|on|at|under) ", para):
                    assert not re.search(r"\bstood\b|was there|for the first time|first sight", para), (i, seed, para)


def test_a_companion_the_twist_turns_is_not_a_friend_after_it(provider):
    """Read in a story: "Mark had committed her", and then Mark said "Whatever happens, don't let
    it use my voice on you", and "Mark got out too, and never once spoke of the hospital". After
    the twist he says nothing kind, and the end tells what he is."""
    for seed in range(6):
        text = provider.generate(replace(FORM, genre="Psychological", setting="a psychiatric hospital",
                                         characters="Anna, her husband Mark", protagonist="Anna",
                                         antagonist="Dr. Hale", key_elements="a stack of letters",
                                         plot_twist="Mark had committed her", length_words=700, seed=seed)).content
        after = text[text.index("Mark had committed her"):]
        assert not re.search(r'"[^"]*,?" Mark (said|asked|whispered|hissed)|Mark (said|asked)', after), seed
        assert not re.search(r"Mark (got out too|came out of)", after), seed


@pytest.mark.parametrize("twist, person, told", [
    ("her husband had been poisoning her", "First Person", "Mark had been poisoning me"),
    ("her husband had been poisoning her tea", "Second Person", "Mark had been poisoning your tea"),
    ("her husband had been poisoning her", "Third Person", "Mark had been poisoning her"),
])
def test_the_twist_is_told_in_the_story_s_person(provider, twist, person, told):
    """Read in a story told in the first person: "… and I knew the rest: Mark had been poisoning
    her" (her: the narrator). "Her husband" is Mark, the character the form describes so."""
    res = provider.generate(replace(FORM, genre="Psychological", setting="a psychiatric hospital",
                                    characters="Anna, her husband Mark", protagonist="Anna", antagonist="Dr. Hale",
                                    key_elements="a stack of letters", plot_twist=twist, narrative_perspective=person,
                                    length_words=700, seed=5))
    assert res.plan["twist"]["about"] == "Mark"
    assert told in res.content
