"""Behaviour of the offline story writer ("local" provider) as a reader would notice it.

Run: cd /work/main && .venv/bin/python -m pytest tests/providers/test_local_story.py -q -p no:cacheprovider
"""
import itertools
import re
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from core.providers import ProviderError, StoryRequest  # noqa: E402
from providers.local_story import LocalStoryProvider, register_story_providers  # noqa: E402
from providers.local_story import phrasebank  # noqa: E402

CREATION_GENRES = ["Gothic Horror", "Psychological", "Supernatural", "Cosmic Horror", "Slasher", "Paranormal"]
EXPLORE_GENRES = ["Psychological Horror", "Supernatural Horror", "Body Horror", "Dark Fantasy", "Horror Comedy",
                  "Apocalyptic Horror"]
MOODS = ["Eerie", "Terrifying", "Mysterious", "Ominous", "Suspenseful", "Dark", "Disturbing", "Unsettling",
         "Creepy", "Dreadful", "Sinister", "Menacing"]

FORM = StoryRequest(
    genre="Gothic Horror", mood="Eerie", setting="an abandoned asylum",
    characters="Sarah, Tom, Dr. Whitfield", protagonist="Sarah", antagonist="the Pale Nurse",
    key_elements="a cracked mirror, old photographs, a music box",
    plot_twist="Sarah had been a patient there all along",
    custom_prompt="Include a lullaby that only children can hear",
    time_of_day="Midnight", weather="Foggy", length_words=600, seed=1)

_SPLIT = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<=[.!?])[\"”]?\s+")
_QUOTED = re.compile(r"\"[^\"]*\"")


@pytest.fixture(scope="module")
def provider():
    return LocalStoryProvider()


def write(provider, **changes):
    return provider.generate(replace(FORM, **changes))


def sentences(text):
    return [s.strip() for s in _SPLIT.split(text.replace("\n\n", " ")) if s.strip()]


def narration(text):
    """The story without its quoted speech."""
    return _QUOTED.sub(" ", text)


def count(pattern, text, flags=0):
    return len(re.findall(pattern, text, flags))


# --- plumbing ----------------------------------------------------------------------------------


def test_registered_as_local_provider():
    assert register_story_providers() == [LocalStoryProvider]
    assert LocalStoryProvider.name == "local"


def test_progress_rises_to_100_with_messages(provider):
    seen = []
    provider.generate(FORM, lambda pct, msg: seen.append((pct, msg)))
    percents = [p for p, _ in seen]
    assert percents == sorted(percents) and percents[-1] == 100
    messages = " ".join(m for _, m in seen)
    for msg in ("Setting the scene", "Building dread", "Twisting the knife", "Finalizing"):
        assert msg in messages


# --- determinism and variety --------------------------------------------------------------------


def test_same_seed_same_story_new_seed_new_story(provider):
    a, b, c = write(provider, seed=7), write(provider, seed=7), write(provider, seed=8)
    assert (a.title, a.content) == (b.title, b.content)
    assert a.content != c.content


def test_twenty_seeds_read_differently(provider):
    stories = [set(sentences(write(provider, seed=s).content)) for s in range(20)]
    ratios = [len(x & y) / min(len(x), len(y)) for x, y in itertools.combinations(stories, 2)]
    assert max(ratios) < 0.10, max(ratios)


def test_no_sentence_repeats_within_a_story(provider):
    for pacing in ("Slow Burn", "Intense"):
        text = write(provider, length_words=3000, pacing=pacing, seed=3).content
        found = sentences(text)
        repeats = [s for s in set(found) if found.count(s) > 1]
        assert not repeats, repeats[:3]


# --- length and structure ----------------------------------------------------------------------


@pytest.mark.parametrize("target", [100, 600, 1500, 2500, 3000],
                         ids=["100-short", "600-short", "1500-medium", "2500-long", "3000-long"])
def test_length_within_ten_percent(provider, target):
    for seed, pacing, perspective in [(1, "Moderate", "Third Person"), (2, "Intense", "First Person"),
                                      (3, "Slow Burn", "Second Person")]:
        words = len(write(provider, length_words=target, seed=seed, pacing=pacing,
                          narrative_perspective=perspective).content.split())
        assert abs(words - target) <= target * 0.10, (target, pacing, words)


@pytest.mark.parametrize("label,words", [("short", 500), ("medium", 1500), ("long", 2500)])
def test_length_labels_are_understood(provider, label, words):
    got = len(write(provider, length_words=label).content.split())
    assert abs(got - words) <= words * 0.10


def test_structure_is_paragraphs_with_twist_in_final_third(provider):
    for target, perspective in [(100, "First Person"), (600, "Third Person"), (2500, "Second Person")]:
        text = write(provider, length_words=target, narrative_perspective=perspective).content
        assert len(text.split("\n\n")) >= 4
        at = text.lower().find("sarah had been a patient there all along")
        assert at >= 0 and at / len(text) >= 2 / 3, (target, at / len(text))


# --- form fields become text -------------------------------------------------------------------


def test_every_field_is_visible(provider):
    text = write(provider).content
    low = text.lower()
    for expected in ("an abandoned asylum", "sarah", "tom", "dr. whitfield", "pale nurse", "cracked mirror",
                     "old photographs", "music box", "lullaby that only children can hear", "midnight", "fog"):
        assert expected in low, expected


def test_setting_time_and_weather_open_the_story_and_recur(provider):
    text = write(provider, length_words=1000).content
    first, rest = text.split("\n\n", 1)
    assert "abandoned asylum" in first and "midnight" in first.lower() and "fog" in first.lower()
    tail = text[len(text) // 2:].lower()
    assert "abandoned asylum" in tail and ("midnight" in tail or "fog" in tail)


def test_key_elements_each_appear_even_when_many(provider):
    elements = ["a bloody axe", "the cellar door", "wind chimes", "a wax doll", "an old radio"]
    for target in (200, 1200):
        low = write(provider, key_elements=", ".join(elements), length_words=target).content.lower()
        for e in elements:
            assert e.split(" ", 1)[1] in low, (target, e)


def test_suggested_title_wins_otherwise_a_fitting_title(provider):
    assert write(provider, suggested_title="Lullaby Ward").title == "Lullaby Ward"
    titles = {write(provider, seed=s).title for s in range(6)}
    assert len(titles) >= 2
    for t in titles:
        assert t and t != "Gothic Horror Story" and not t.endswith(" Story")


@pytest.mark.parametrize("genre", CREATION_GENRES + EXPLORE_GENRES + ["Weird Western"])
def test_every_genre_sets_its_imagery(provider, genre):
    mood = MOODS[(CREATION_GENRES + EXPLORE_GENRES).index(genre) % len(MOODS)] if genre in (
        CREATION_GENRES + EXPLORE_GENRES) else "Whimsical"
    res = write(provider, genre=genre, mood=mood, antagonist="", plot_twist="", length_words=400, seed=5)
    assert "{" not in res.content and abs(len(res.content.split()) - 400) <= 40
    data = phrasebank.GENRES[phrasebank.genre_key(genre)]
    phrases = data["images"] + data["signs"] + data["threat"]
    stems = {" ".join(p.split()[:3]).lower().rstrip(".,") for p in phrases}
    assert any(stem in res.content.lower() for stem in stems), genre


@pytest.mark.parametrize("mood", MOODS)
def test_every_mood_colours_the_words(provider, mood):
    text = write(provider, mood=mood, length_words=500, seed=2).content.lower()
    adjectives = phrasebank.MOODS[phrasebank.mood_key(mood)]["adj"]
    atmos = phrasebank.MOODS[phrasebank.mood_key(mood)]["atmos"]
    assert any(a in text for a in adjectives) or any(s[:25].lower() in text for s in atmos)


# --- perspective -------------------------------------------------------------------------------


def test_first_person_narrates_with_i_me_my(provider):
    text = narration(write(provider, narrative_perspective="First Person").content)
    text = text.replace(FORM.plot_twist, "")  # the twist is the user's own sentence about Sarah
    assert count(r"\bI\b", text) >= 8 and count(r"(?i)\b(me|my|myself)\b", text) >= 2
    assert count(r"(?i)\b(you|your)\b", text) == 0
    assert count(r"\bSarah (was|had|felt|noticed|reached)\b", text) == 0
    assert "Sarah" in write(provider, narrative_perspective="First Person").content


def test_second_person_narrates_with_you(provider):
    text = narration(write(provider, narrative_perspective="Second Person").content)
    assert count(r"(?i)\byou\b", text) >= 8 and count(r"(?i)\byour\b", text) >= 3
    assert count(r"\b(I|my|me)\b", text) == 0


@pytest.mark.parametrize("hero,pronoun,other", [("Sarah", "she", r"\b(he|his|him)\b"),
                                                 ("Tom", "he", r"\b(she|her)\b")])
def test_third_person_keeps_the_protagonists_pronoun(provider, hero, pronoun, other):
    text = narration(write(provider, protagonist=hero, characters="Sarah, Tom", length_words=800).content)
    assert count(r"\b(I|my|me)\b", text) == 0 and count(r"(?i)\byour?\b", text) == 0
    assert count(rf"(?i)\b{pronoun}\b", text) >= 5
    assert count(rf"\b{hero}\b", text) >= 3


# --- pacing, intensity, dialogue, description --------------------------------------------------


def _shape(text):
    paras = text.split("\n\n")
    sents = sentences(text)
    return (statistics.mean(len(s.split()) for s in sents), statistics.mean(len(p.split()) for p in paras),
            len(paras))


def test_pacing_changes_sentence_and_paragraph_length(provider):
    shapes = [_shape(write(provider, pacing=pacing, include_dialogue=False, length_words=1200).content)
              for pacing in ("Slow Burn", "Moderate", "Fast-Paced", "Intense")]
    sentence_len, paragraph_len, paragraphs = zip(*shapes)
    assert list(sentence_len) == sorted(sentence_len, reverse=True)      # shorter sentences...
    assert list(paragraph_len) == sorted(paragraph_len, reverse=True)    # ...shorter paragraphs...
    assert list(paragraphs) == sorted(paragraphs)                        # ...more paragraphs and scenes
    assert sentence_len[0] > 1.4 * sentence_len[3] and paragraphs[3] > 3 * paragraphs[0]


def test_intensity_scales_the_dread(provider):
    def violent(level):
        total = 0
        for seed in range(3):
            low = write(provider, intensity=level, seed=seed, length_words=800).content.lower()
            total += sum(low.count(w) for w in phrasebank.HIGH_INTENSITY_WORDS)
        return total
    assert violent(1) == 0
    assert violent(10) >= 6


def test_dialogue_on_quotes_named_speakers_off_no_quotes(provider):
    on = write(provider, include_dialogue=True, length_words=800).content
    quoted = re.findall(r"\"[^\"]+\"", on)
    assert len(quoted) >= 2
    assert re.search(r"(\"[^\"]+\" (Sarah|Tom|Dr\. Whitfield) \w+)|((Sarah|Tom|Dr\. Whitfield) [\w ]+, \")", on)
    for seed in range(3):
        off = write(provider, include_dialogue=False, seed=seed, length_words=800).content
        assert '"' not in off and "“" not in off


def test_description_adds_sound_smell_and_touch(provider):
    smell = r"\b(smell|smelled|scent|stench|reeked)\b"
    on = write(provider, include_description=True, length_words=800).content.lower()
    off = write(provider, include_description=False, length_words=800).content.lower()
    assert count(smell, on) >= 1 and count(smell, off) == 0
    assert count(r"\b(heard|listened|sound)\b", on) >= 1
    assert count(r"\b(fingers|palm|skin|touched)\b", on) >= 1


# --- speed -------------------------------------------------------------------------------------


def test_three_thousand_words_under_200ms(provider):
    timings = []
    for seed in range(5):
        t = time.perf_counter()
        write(provider, length_words=3000, seed=seed)
        timings.append(time.perf_counter() - t)
    assert statistics.median(timings) < 0.2


# --- suggestions and revisions -----------------------------------------------------------------


@pytest.fixture(scope="module")
def story(provider):
    return write(provider, include_dialogue=False, length_words=700, seed=11).content


def test_suggestions_refer_to_the_text(provider, story):
    tips = provider.suggest(story)
    assert 3 <= len(tips) <= 5 and all(isinstance(t, str) and t for t in tips)
    joined = " ".join(tips)
    assert any(name in joined for name in ("Sarah", "Tom", "Dr. Whitfield"))
    assert "no dialogue" in joined.lower()
    quoted = re.findall(r"\(\"(.+?)…\"\)", joined)
    assert quoted and all(q in story for q in quoted)


def test_suggestions_for_plain_user_text(provider):
    text = ("Mara walked into the old house. It was dark.\n\n"
            "\"Hello?\" Mara said. Jonah did not answer.\n\n"
            "She went upstairs and found the door open. The room was cold and quiet and very dark.")
    tips = provider.suggest(text)
    assert 3 <= len(tips) <= 5
    assert any("Mara" in t or "Jonah" in t for t in tips)


def test_expand_adds_a_third_to_a_half_in_the_same_voice(provider):
    for perspective, voice in [("First Person", r"\b(I|my|me)\b"), ("Third Person", r"\b(she|her)\b")]:
        text = write(provider, narrative_perspective=perspective, length_words=600, seed=4).content
        out = provider.enhance(text, "expand")
        ratio = len(out.split()) / len(text.split())
        assert 1.25 <= ratio <= 1.6, ratio
        for name in ("Sarah", "Tom", "Dr. Whitfield"):
            assert name in out
        added = [s for s in sentences(out) if s not in text]
        assert added and sum(1 for s in added if re.search(voice, s)) >= len(added) // 3
        if perspective == "First Person":
            assert not any(re.search(r"\b(she|her)\b", s) for s in added)


def test_shorten_keeps_opening_ending_and_whole_sentences(provider, story):
    out = provider.enhance(story, "shorten")
    ratio = len(out.split()) / len(story.split())
    assert 0.55 <= ratio <= 0.85, ratio
    original = sentences(story)
    assert out.startswith(original[0]) and out.endswith(original[-1])
    assert all(s in original for s in sentences(out))


def test_enhance_enriches_words_and_senses_keeping_names(provider, story):
    plain = "Mara walked into the old house. It was very dark and cold.\n\nJonah looked at the big door and said nothing."
    out = provider.enhance(plain, "enhance")
    assert "Mara" in out and "Jonah" in out and out != plain
    assert not re.search(r"\bvery\b", out)
    assert count(r"(?i)\b(smell|scent|stench|reek|heard|sound|fingers|skin|palm)", out) > count(
        r"(?i)\b(smell|scent|stench|reek|heard|sound|fingers|skin|palm)", plain)
    rich = provider.enhance(story, "enhance")
    for name in ("Sarah", "Tom", "Dr. Whitfield", "Pale Nurse"):
        assert name in rich


def test_continue_appends_new_paragraphs_with_the_names(provider, story):
    out = provider.enhance(story, "continue")
    assert out.startswith(story.rstrip())
    added = out[len(story.rstrip()):].strip()
    assert added.count("\n\n") >= 1 and len(added.split()) >= 40
    assert any(name in added for name in ("Sarah", "Tom", "Dr. Whitfield"))


def test_revisions_of_short_nameless_text(provider):
    text = "I walked into the old church at midnight. My hands were shaking.\n\nSomething moved behind the altar."
    for mode in ("expand", "shorten", "enhance", "continue"):
        out = provider.enhance(text, mode)
        assert out and "{" not in out
    cont = provider.enhance(text, "continue")
    assert cont.startswith(text) and re.search(r"\b(I|my|me)\b", cont[len(text):])
    assert "church" in provider.enhance(text, "expand")
    with pytest.raises(ProviderError):
        provider.suggest("   ")


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
    assert len(res.content.split("\n\n")) >= 4


def test_unknown_enhancement_is_refused(provider, story):
    with pytest.raises(ProviderError, match="Unknown enhancement type: sparkle"):
        provider.enhance(story, "sparkle")
