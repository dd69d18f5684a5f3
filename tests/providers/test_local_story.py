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

from core.providers import ProviderError, StoryRequest  # noqa: E402
from core.story_plan import load_plan  # noqa: E402
from providers.local_story import LocalStoryProvider, register_story_providers  # noqa: E402
from providers.local_story.grammar import narrative_past  # noqa: E402

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


@pytest.fixture(scope="module")
def provider():
    return LocalStoryProvider()


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
    """The plan is the JSON of core.story_plan (one description): the outline is the plan the story
    is written from, every id it names is its own, and the beats share the length."""
    request = replace(FORM, length_words=words)
    plan = write(provider, length_words=words).plan
    assert plan == dict(provider.outline(request), title=plan["title"])
    typed = load_plan(plan)
    assert {c.role for c in typed.cast} == {"protagonist", "antagonist", "supporting"}
    assert all(c.pronouns in ("he", "she", "they", "it") for c in typed.cast)
    assert all(p.name for p in typed.places)
    kinds = [b.kind for b in typed.beats]
    assert kinds[0] == "hook" and kinds[-1] == "aftermath" and "reversal" in kinds
    assert "climax" in kinds or words < 150  # in a hundred words the twist is the climax
    assert sum(b.words for b in typed.beats) == words
    assert all(b.text and (b.changes or b.kind == "hook") for b in typed.beats)
    assert len(typed.twist.clues) >= 2 and typed.twist.reveal == FORM.plot_twist
    assert all(len(e.beats) >= 2 for e in typed.elements)


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






@pytest.mark.xfail(strict=True, reason="about 18 % of sentences are shared between stories of different fields: the engine's bank is not large enough yet (issue 40)")
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
    from providers.local_story.plan.titles import rules
    frame = {"the", "a", "an", "at", "on", "in", "of", "and", "what", "waited", "last", "night",
             "day"} | rules()["frame_words"]  # a question's own words ("Don't Touch the ...")
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




# --- fields drive events ---------------------------------------------------------------------------




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
    # an outline beat a writer typed (a walk: "where the straw lied disturbed", "Agnes carries …
    # the ice-house stepped"): a name ending in -s is a subject; to lie is to lay, to lay laid
    ("Agnes carries the lamp down the ice-house steps, where the straw lies disturbed",
     "Agnes carried the lamp down the ice-house steps, where the straw lay disturbed"),
    ("he lays the key on the ice", "he laid the key on the ice"),
    # a possessive is no contraction ("with nobody was clothes in it")
    ("a dryer that keeps turning with nobody's clothes in it", "a dryer that kept turning with nobody's clothes in it"),
    ("nobody's coming", "nobody was coming"),
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






























def test_names_written_with_a_dash_or_brackets_keep_the_name(provider):
    cast = ("Edith; her silent son Tom (14); Mr. O'Rourke — the supply-boat man with a glass eye; "
            "Dr. Helen Cho-Ramírez (night-shift psychiatrist)")
    res = write(provider, characters=cast, protagonist="Edith", setting="St. Agatha's Hospital", seed=2)
    names = [c["handle"] or c["name"] for c in res.plan["cast"]]
    assert {"Tom", "Mr. O'Rourke", "Dr. Cho-Ramírez"} <= set(names), names
    assert not re.search(r"Mr\. name|psychiatrist\)|Tom \(14\)", res.content)
    titles = {write(provider, setting="St. Agatha's Hospital", seed=seed).title for seed in range(8)}
    assert not any("Agatha" in t and "St. Agatha" not in t for t in titles), titles


def test_the_narrator_of_a_twist_is_i_in_the_first_person(provider):
    res = write(provider, characters="Edith; Tom", protagonist="Edith", narrative_perspective="First Person",
                plot_twist="Tom is the one who drowned, and Edith talks to him every night", seed=3)
    assert "Tom was the one who drowned, and I talked to him every night" in res.content




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




def test_what_stands_outside_is_not_found_in_a_room(provider):
    """Read in the samples: "lean on the rain barrel" in a post office, "a neat circle around the
    Ferris wheel" on the floor of a ticket booth, "the flagpole" in a cabin. A room indoors has
    only the things a room has."""
    from providers.local_story.prose.vary import short_handle
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
            result = write(provider, setting=setting, key_elements="", plot_twist="", length_words=1200, seed=seed)
            text = result.content
            carried = [e["name"].lower() for e in (result.plan or {}).get("elements", [])]  # taken anywhere by hand
            for sentence in m.sentences(text):  # a room said again may go by its short handle ("the loft")
                if any(room in sentence or (short_handle(room) and re.search(
                        re.escape(short_handle(room)) + r"(?=[,.;:]| (?:was|were|had)\b)", sentence))
                       for room in rooms):
                    read += 1
                    found = outside.search(sentence)
                    assert not found or any(found.group(0).lower() in c for c in carried), (setting, sentence)
    assert read > 200, read  # enough sentences in a room to mean something (rooms are named less often
    # now, and the lines that named a room about anything, "the loft waited around me", are gone)


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




@pytest.mark.parametrize("characters", ["Nell, her brother Sam", "Nell, Sam (her younger brother)"])
def test_a_brother_is_he_whatever_his_name_or_his_sister_s_pronoun(provider, characters):
    """'her brother Sam' was a 'she': the 'her' (Nell's) and the name Sam outweighed 'brother'."""
    res = write(provider, characters=characters, protagonist="", seed=2)
    assert ("Sam", "he") in [(c["name"], c["pronouns"]) for c in res.plan["cast"]]




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




@pytest.mark.parametrize("setting", ["a derelict space freighter", "a deep cave system", "an abandoned coal mine"])
def test_a_story_with_no_sky_overhead_ends_under_none(provider, setting):
    """Read in a story set on a derelict space freighter: 'You looked out at the open sea at first
    light'. In space, in a cave or down a mine, no line looks out at the sea or waits for first light."""
    for seed in range(6):
        res = write(provider, setting=setting, seed=seed, length_words=700, weather="", time_of_day="")
        assert not re.search(r"(?i)first light|open sea|\bthe swell\b|the wake going back", res.content), (setting, seed)
        if "space" in setting:
            assert not re.search(r"(?i)\b(the sea|sky|sunrise|dawn)\b", res.content), seed


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
                found = next((f for f in re.finditer(wrong, text)  # "One name in the old photographs was" is right
                              if not re.search(r"\b(?:in|of|on|at|by) (?:the )?(?:\w+ )?$", text[:f.start()])), None)
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
    # one Ines (the plan keeps her whole name, "Dr. Ines Varga"), the surgeon, Paul
    assert [c["role"] for c in res.plan["cast"]] == ["protagonist", "antagonist", "supporting"]
    assert "Ines" in res.plan["cast"][0]["name"] and res.plan["cast"][2]["name"] == "Paul"
    assert sum("Varga" in c["name"] for c in res.plan["cast"]) == 1  # "Dr. Varga" is Ines, not a companion




def test_companions_who_are_many_were_not_was(provider):
    """Read in a story: "When I got back, the twins was sitting very still by the light"."""
    for seed in range(21, 27):
        res = provider.generate(replace(FORM, genre="Slasher", setting="a big house on Larch Street",
                                        characters="Kelly, a babysitter; the twins", protagonist="Kelly",
                                        antagonist="", key_elements="a landline phone", plot_twist="",
                                        custom_prompt="a babysitter keeps getting calls from inside the house",
                                        length_words=800, seed=seed))
        assert not re.search(r"(?i)(?<!for )(?<!of )(?<!to )\bthe twins was\b", res.content), seed




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
    about = {c["id"]: c for c in res.plan["cast"]}[res.plan["twist"]["about"]]  # the plan names people by id
    assert (about["handle"] or about["name"]) == "Mark"
    assert told in res.content
