"""The creation form read as a writer reads it (providers/local_story/reading): names, handles and
pronouns from the cast fields, short handles for long phrases, key elements with a job, the custom
prompt read for what it asks (never as story text) and the twist for what it is about.

Pure functions, no database: the twelve bench field sets and cases written the way users write."""
import json
import random
from pathlib import Path

import pytest

from core.story_plan import dump_plan, load_plan
from providers.local_story.reading import (
    handles_for,
    read_cast,
    read_elements,
    read_instructions,
    read_premise,
    read_twist,
    split_people,
)
from providers.local_story.reading.lexicon import lexicon

FIELD_SETS = json.loads((Path(__file__).resolve().parent.parent / "bench" / "data" / "field_sets.json")
                        .read_text(encoding="utf-8"))


def people(characters, protagonist="", antagonist="", twist=""):
    """(role, name, handle, pronouns) for each cast member, in the cast's order."""
    return [(p.role, p.name, p.handle, p.pronouns) for p in read_cast(characters, protagonist, antagonist, twist)]


def assert_sound_handles(cast):
    """No handle a reader would stop at: a title alone ("Herr"), a bare adjective ("the high"),
    "whatever", or a preposition."""
    words = lexicon()
    for person in cast:
        handle = person.handle.lower().rstrip(".")
        last = handle.split()[-1]
        assert handle not in words.title_pronoun or person.name.lower() == f"my {handle}", person
        assert "whatever" not in handle.split(), person
        assert last not in words.not_alone, person
        assert not (handle.startswith("the ") and len(handle.split()) == 2 and last in words.adjectives
                    and last not in words.person_nouns and last not in words.thing_nouns), person


# -- handles for long phrases --------------------------------------------------------------------

@pytest.mark.parametrize("phrase, handles", [
    ("the quiet girl in the yellow raincoat whom no parent ever collects",
     ["the girl in the yellow raincoat", "the girl in the raincoat", "the girl in yellow", "the quiet girl"]),
    ("the extra who appears in every take but was never hired", ["the extra"]),
    ("a gondola station in the Dolomites", ["the gondola station", "the station"]),
    ("a high-altitude gondola station", ["the gondola station", "the station"]),
    ("whatever is inside reefer container 7714", ["the thing in container 7714", "the thing"]),
    ("the passenger in cabin 14 who is never seen to eat", ["the passenger in cabin 14"]),  # never "the passenger"
    ("the dryer that always finishes one minute late", ["the dryer"]),
    ("something that knocks from inside the ice machine", ["the thing in the ice machine", "the thing"]),
    ("a night ferry crossing the Strait of Magellan", ["the night ferry", "the ferry"]),
    ("a call centre for a bank in Glasgow, on the night shift", ["the call centre"]),
    ("a corn maze at a pumpkin farm in Iowa", ["the maze at the pumpkin farm", "the corn maze", "the maze"]),
    ("the farmer's son in the burlap mask", ["the farmer's son"]),
    ("a cheese-ageing cave in the Jura mountains", ["the cave"]),
    ("a 24-hour laundromat in Osaka", ["the laundromat"]),
    ("a receipt dated tomorrow", ["the receipt"]),
    ("a call recording from 2009", ["the recording from 2009", "the call recording", "the recording"]),
    ("a lock of hair", ["the lock of hair"]),
    ("a gondola station high in the Dolomites", ["the gondola station", "the station"]),
    ("a cabin deep in the woods", ["the cabin"]),
    ("an Arctic container ship carrying reefer containers", ["the container ship", "the ship"]),
    ("a school bus stuck in the snow", ["the school bus", "the bus"]),
    ("a 30-tonne refrigerated container", ["the container"]),
    ("the chair nine machine", ["the machine"]),  # never "the nine machine"
    ("the bay three pump", ["the pump"]),
    ("the old Hotel Cecil in downtown Los Angeles", ["the Hotel Cecil"]),
    ("the Grey", []),
])
def test_handles_for_long_phrases(phrase, handles):
    assert handles_for(phrase) == handles


@pytest.mark.parametrize("phrase", ["an Arctic container ship", "a Soviet radio telescope", "a Mongolian ger",
                                    "an Ohio daycare", "a Lapland sauna village", "a Seoul bus depot"])
def test_a_setting_is_shortened_to_its_noun_never_to_its_adjective(phrase):
    handles = handles_for(phrase)
    assert handles and handles[-1] == "the " + phrase.split()[-1]
    assert not any(h.split()[1][:1].isupper() for h in handles), handles  # not "the Arctic …", "the Soviet …"


@pytest.mark.parametrize("phrase", ["the high", "the quiet", "in the dark", "the very", ""])
def test_no_handle_is_a_bare_adjective_or_preposition(phrase):
    assert handles_for(phrase) == []


def test_whatever_and_something_become_the_thing():
    assert handles_for("whatever") == ["the thing"]
    assert handles_for("something under the felt door") == ["the thing under the felt door", "the thing"]


# -- the twelve bench field sets -------------------------------------------------------------------

BENCH_CAST = [
    [("protagonist", "Camila Reyes", "Camila", "she"),
     ("antagonist", "the passenger in cabin 14 who is never seen to eat", "the passenger in cabin 14", "they"),
     ("supporting", "Captain Aurelio Soto", "Captain Soto", "he")],
    [("protagonist", "Kenji Morita", "Kenji", "he"),
     ("antagonist", "the dryer that always finishes one minute late", "the dryer", "it"),
     ("supporting", "Mrs. Hayashi", "Mrs. Hayashi", "she")],
    [("protagonist", "Sigrid Halvorsen", "Sigrid", "she"),
     ("antagonist", "the turbine that turns against the wind", "the turbine", "it"),
     ("supporting", "Nils", "Nils", "he")],
    [("protagonist", "Anjali Menon", "Anjali", "she"),
     ("antagonist", "the planter's widow in the portrait", "the planter's widow", "she"),
     ("supporting", "Mr. Thomas Pereira", "Mr. Pereira", "he"), ("supporting", "Devi", "Devi", "she")],
    [("protagonist", "Jolene Dubois", "Jolene", "she"),
     ("antagonist", "a man in a Zamboni driver's parka", "the man in the parka", "he"),
     ("supporting", "Travis", "Travis", "he"), ("supporting", "Coach Al Baptiste", "Coach Baptiste", "he")],
    [("protagonist", "Bree Walsh", "Bree", "she"),
     ("antagonist", "something that knocks from inside the ice machine", "the thing in the ice machine", "it"),
     ("supporting", "Uncle Des", "Uncle Des", "he")],
    [("protagonist", "Amélie", "Amélie", "she"),
     ("antagonist", "the rind that grows on everything left in the cave", "the rind", "it"),
     ("supporting", "Luc Perrin", "Luc", "he")],
    [("protagonist", "Sokha", "Sokha", "she"),
     ("antagonist", "the woman who walks on the water at noon", "the woman on the water", "she"),
     ("supporting", "Yeay Srey", "Yeay Srey", "she")],
    [("protagonist", "Fraser McLeod", "Fraser", "he"),
     ("antagonist", "a caller who knows Fraser's PIN", "the caller", "they"),
     ("supporting", "Priti", "Priti", "she")],
    [("protagonist", "Dr. Helen Marsh", "Dr. Marsh", "she"),
     ("antagonist", "the star that is not on any chart", "the uncharted star", "it"),
     ("supporting", "Salem", "Salem", "he")],
    [("protagonist", "Dakota", "Dakota", "she"),
     ("antagonist", "the farmer's son in the burlap mask", "the farmer's son", "he"),
     ("supporting", "Eli", "Eli", "they"), ("supporting", "Rosa", "Rosa", "she")],
    [("protagonist", "Órla Keane", "Órla", "she"),
     ("antagonist", "the apothecary whose jars refill themselves", "the apothecary", "they"),
     ("supporting", "Professor Declan Byrne", "Professor Byrne", "he")],
]

BENCH_INSTRUCTIONS = [
    {"format": "logbook", "framing": "the ship's medical log", "avoid": ["gore"]},
    {"focus": ["sounds", "the drums", "the fluorescent hum", "coins"], "tone": ["quiet", "strange"]},
    {},
    {"format": "letters", "framing": "letters Anjali sends to her sister in Kochi"},
    {"avoid": ["supernatural", "on-page violence"]},
    {"format": "transcript", "framing": "the CB radio"},
    {"focus": ["the body", "skin", "breath", "hands"]},
    {"avoid": ["gore", "on-page death", "sexual content", "swearing"], "tone": ["gentle"]},
    {"dialogue": "more", "tone": ["darkly funny"]},
    {},
    {"chapters": True, "chapter_length": "short", "chapter_end": "sting"},
    {"format": "diary", "framing": "Órla's diary"},
]

BENCH_TWISTS = [  # (kind, who it is about, who they turn out to be) by handle
    ("dead_all_along", "Camila", ""), ("dead_all_along", "Mrs. Hayashi", ""), ("place", "", ""),
    ("secret_identity", "Devi", ""), ("culprit", "Coach Baptiste", ""), ("dead_all_along", "Bree", ""),
    ("culprit", "Luc", ""), ("secret_identity", "the woman on the water", ""),
    ("secret_identity", "the caller", "Fraser"),
    ("trap", "Salem", ""), ("place", "", ""), ("secret_identity", "Professor Byrne", "the apothecary"),
]

INSTRUCTION_DEFAULTS = {"format": "prose", "framing": "", "avoid": [], "focus": [], "tone": [], "dialogue": "",
                        "chapters": False, "chapter_length": "", "chapter_end": "", "tense": "", "notes": ""}


@pytest.mark.parametrize("n", range(12))
def test_bench_cast_is_named_and_gendered_as_the_fields_say(n):
    fields = FIELD_SETS[n]
    cast = read_cast(fields["characters"], fields["protagonist"], fields["antagonist"], fields["plotTwist"])
    assert [(p.role, p.name, p.handle, p.pronouns) for p in cast] == BENCH_CAST[n]
    assert_sound_handles(cast)


@pytest.mark.parametrize("n", range(12))
def test_bench_custom_prompt_is_read_for_what_it_asks(n):
    got = vars(read_instructions(FIELD_SETS[n]["customPrompt"]))
    assert got == {**INSTRUCTION_DEFAULTS, **BENCH_INSTRUCTIONS[n]}


@pytest.mark.parametrize("n", range(12))
def test_bench_twist_is_read_for_who_and_what(n):
    fields = FIELD_SETS[n]
    cast = read_cast(fields["characters"], fields["protagonist"], fields["antagonist"], fields["plotTwist"])
    handle = {p.id: p.handle for p in cast}
    twist = read_twist(fields["plotTwist"], cast)
    assert (twist.kind, handle.get(twist.about, ""), handle.get(twist.same_as, "")) == BENCH_TWISTS[n]
    assert twist.reveal and twist.clues == []


def test_bench_key_elements_have_a_handle_and_a_job():
    read = [[(e.handle, e.job) for e in read_elements(f["keyElements"])] for f in FIELD_SETS]
    assert read[0] == [("the manifest", "clue"), ("the key", "tool")]
    assert read[1] == [("the box", "clue"), ("the receipt", "clue")]
    assert read[3] == [("the orchid", "cost"), ("the ledger", "clue")]
    assert read[7] == [("the net", "tool"), ("the spirit house", "cost")]
    assert read[8] == [("the headset", "tool"), ("the recording", "clue")]
    assert all(len(r) == 2 for r in read)
    ids = [e.id for e in read_elements(FIELD_SETS[0]["keyElements"])]
    assert ids == ["e1", "e2"]


def test_a_whole_plan_made_of_the_readings_loads_and_dumps():
    """The readings are the plan's own parts: a plan built from them passes the plan's schema."""
    fields = FIELD_SETS[11]
    cast = read_cast(fields["characters"], fields["protagonist"], fields["antagonist"], fields["plotTwist"])
    elements = read_elements(fields["keyElements"])
    plan = load_plan({"cast": [vars(p) for p in cast], "places": [{"id": "p1", "name": "the museum"}],
                      "beats": [{"id": "b1", "text": "Órla locks up."}], "elements": [vars(e) for e in elements]})
    plan.instructions = read_instructions(fields["customPrompt"])
    plan.twist = read_twist(fields["plotTwist"], cast)
    data = dump_plan(plan)
    assert data["instructions"]["format"] == "diary" and data["twist"]["kind"] == "secret_identity"
    assert data["twist"]["sameAs"] == "c2" and data["elements"][0]["portable"] is True
    again = load_plan(data)
    assert again.cast[2].handle == "Professor Byrne" and again.twist.same_as == "c2"


# -- the cases -----------------------------------------------------------------------------

def test_a_description_antagonist_is_never_called_whatever():
    cast = read_cast("Tavita, the second mate; Captain Ingrid Olsen", "Tavita",
                     "whatever is inside reefer container 7714")
    assert people("Tavita, the second mate; Captain Ingrid Olsen", "Tavita",
                  "whatever is inside reefer container 7714") == [
        ("protagonist", "Tavita", "Tavita", "he"),
        ("antagonist", "whatever is inside reefer container 7714", "the thing in container 7714", "it"),
        ("supporting", "Captain Ingrid Olsen", "Captain Olsen", "she")]
    assert_sound_handles(cast)


def test_herr_pichler_keeps_his_title_and_ilse_is_she():
    assert people("Ilse Brandauer, a German actress; Herr Pichler, the director", "Ilse Brandauer",
                  "the extra who appears in every take but was never hired") == [
        ("protagonist", "Ilse Brandauer", "Ilse", "she"),
        ("antagonist", "the extra who appears in every take but was never hired", "the extra", "they"),
        ("supporting", "Herr Pichler", "Herr Pichler", "he")]


def test_the_twists_her_is_not_the_herder_boys():
    cast = people("Batbayar, a herder boy", "Batbayar", "",
                  "the voice in the stove is her grandmother, who died in the dzud")
    assert cast == [("protagonist", "Batbayar", "Batbayar", "he")]


def test_no_antagonist_is_invented_when_the_field_is_empty():
    assert [p.role for p in read_cast("Mara, a nurse; Elias", "", "")] == ["protagonist", "supporting"]


# -- more casts, as users write them ---------------------------------------------------------------

@pytest.mark.parametrize("characters, protagonist, antagonist, expected", [
    ("I, a night nurse; my mother", "I", "",
     [("protagonist", "I", "I", "i"), ("supporting", "my mother", "Mother", "she")]),
    ("me", "", "", [("protagonist", "I", "I", "i")]),
    ("I, Maya, a trainee paramedic; her brother Sam", "", "",
     [("protagonist", "Maya", "Maya", "i"), ("supporting", "Sam", "Sam", "he")]),
    ("the Okafor twins, Ada and Obi", "", "",
     [("protagonist", "Ada", "Ada", "she"), ("supporting", "Obi", "Obi", "he")]),
    ("the twins Mara and Lena; their dog Biscuit", "Lena", "",
     [("protagonist", "Lena", "Lena", "she"), ("supporting", "Mara", "Mara", "she"),
      ("supporting", "Biscuit", "Biscuit", "it")]),
    ("Mr. and Mrs. Okafor, the landlords; their son Chidi", "Chidi", "",
     [("protagonist", "Chidi", "Chidi", "he"), ("supporting", "Mr. Okafor", "Mr. Okafor", "he"),
      ("supporting", "Mrs. Okafor", "Mrs. Okafor", "she")]),
    ("Park Ji-woo, a bus driver; Kim Min-jun, the dispatcher", "Park Ji-woo", "the last bus that has no driver",
     [("protagonist", "Park Ji-woo", "Park Ji-woo", "they"),
      ("antagonist", "the last bus that has no driver", "the bus", "it"),
      ("supporting", "Kim Min-jun", "Kim Min-jun", "he")]),
    ("Wang Fang; Zhang Wei, her husband", "", "",
     [("protagonist", "Wang Fang", "Wang Fang", "she"), ("supporting", "Zhang Wei", "Zhang Wei", "he")]),
    ("Nagy Erzsébet, a retired teacher; Tóth László", "", "",
     [("protagonist", "Nagy Erzsébet", "Nagy Erzsébet", "she"), ("supporting", "Tóth László", "Tóth László", "he")]),
    ("Sok Dara, a monk; Yeay Mom", "", "",
     [("protagonist", "Sok Dara", "Sok Dara", "he"), ("supporting", "Yeay Mom", "Yeay Mom", "she")]),
    ("Miss Ada Price, the headmistress; Nurse Ratched", "",
     "the quiet girl in the yellow raincoat whom no parent ever collects",
     [("protagonist", "Miss Ada Price", "Miss Price", "she"),
      ("antagonist", "the quiet girl in the yellow raincoat whom no parent ever collects", "the quiet girl", "she"),
      ("supporting", "Nurse Ratched", "Nurse Ratched", "they")]),
    ("Dr. Ama Mensah; Father Tomás", "Father Tomás", "",
     [("protagonist", "Father Tomás", "Father Tomás", "he"), ("supporting", "Dr. Ama Mensah", "Dr. Mensah", "she")]),
    ("Sergeant Ravi Pillai, a detective; Lakshmi, his wife", "Ravi Pillai", "",
     [("protagonist", "Sergeant Ravi Pillai", "Sergeant Pillai", "he"), ("supporting", "Lakshmi", "Lakshmi", "she")]),
    ("an old fisherman named Eero; his cat Mörkö", "", "",
     [("protagonist", "Eero", "Eero", "he"), ("supporting", "Mörkö", "Mörkö", "it")]),
    ("Kofi Boateng and Abena", "", "Mrs. Grey",
     [("protagonist", "Kofi Boateng", "Kofi", "he"), ("antagonist", "Mrs. Grey", "Mrs. Grey", "she"),
      ("supporting", "Abena", "Abena", "she")]),
    ("Grandma Lou, Pip, a seven-year-old girl", "Pip", "",
     [("protagonist", "Pip", "Pip", "she"), ("supporting", "Grandma Lou", "Grandma Lou", "she")]),
    ("Aroha, a Māori ranger; her son Tama", "", "the taniwha in the lake",
     [("protagonist", "Aroha", "Aroha", "she"), ("antagonist", "the taniwha in the lake", "the taniwha", "it"),
      ("supporting", "Tama", "Tama", "he")]),
    ("Edith, a widowed lighthouse keeper, Tom, her son, and Mara", "", "",
     [("protagonist", "Edith", "Edith", "she"), ("supporting", "Tom", "Tom", "he"),
      ("supporting", "Mara", "Mara", "she")]),
    ("Jun, a courier", "", "the passenger in seat 14C who is always asleep",
     [("protagonist", "Jun", "Jun", "they"),
      ("antagonist", "the passenger in seat 14C who is always asleep", "the passenger in seat 14C", "they")]),
    ("Dr. Helen Cho (night-shift psychiatrist); Mr. O'Rourke — the supply-boat man", "", "",
     [("protagonist", "Dr. Helen Cho", "Dr. Cho", "she"), ("supporting", "Mr. O'Rourke", "Mr. O'Rourke", "he")]),
    ("Frau Keller, the landlady; Lukas, a student", "Lukas", "the widow on the third floor",
     [("protagonist", "Lukas", "Lukas", "they"), ("antagonist", "the widow on the third floor", "the widow", "she"),
      ("supporting", "Frau Keller", "Frau Keller", "she")]),
    ("old Jonah, the ferryman", "", "", [("protagonist", "Jonah", "Jonah", "he")]),
    ("Captain", "", "the one who knocks", [("protagonist", "the captain", "the captain", "they"),
                                           ("antagonist", "the one who knocks", "the one", "they")]),
    ("Señora Ruiz, the cook; Abuelo Tito", "", "the dryer that always finishes one minute late",
     [("protagonist", "Señora Ruiz", "Señora Ruiz", "she"),
      ("antagonist", "the dryer that always finishes one minute late", "the dryer", "it"),
      ("supporting", "Abuelo Tito", "Abuelo Tito", "he")]),
    ("Priya, a paramedic", "", "Priya's reflection",
     [("protagonist", "Priya", "Priya", "she"), ("antagonist", "Priya's reflection", "Priya's reflection", "it")]),
    ("a girl named Wren; the old woman called Agafya", "", "",
     [("protagonist", "Wren", "Wren", "she"), ("supporting", "Agafya", "Agafya", "she")]),
    ("Hana; Jiro, her dog", "", "", [("protagonist", "Hana", "Hana", "she"), ("supporting", "Jiro", "Jiro", "he")]),
])
def test_casts_as_users_write_them(characters, protagonist, antagonist, expected):
    assert people(characters, protagonist, antagonist) == expected
    assert_sound_handles(read_cast(characters, protagonist, antagonist))


def test_the_protagonist_field_matches_the_richer_characters_entry():
    cast = read_cast("Salem, a guide; Dr. Helen Marsh, an astronomer", "Helen Marsh")
    assert (cast[0].name, cast[0].look, cast[0].pronouns) == ("Dr. Helen Marsh", "an astronomer", "she")
    assert len(cast) == 2


def test_an_antagonist_in_the_characters_field_is_cast_once_as_the_antagonist():
    cast = read_cast("Kenji Morita; Mrs. Hayashi, the owner", "Kenji Morita", "Mrs. Hayashi")
    assert [(p.role, p.handle, p.look) for p in cast] == [("protagonist", "Kenji", ""),
                                                          ("antagonist", "Mrs. Hayashi", "the owner")]


def test_someone_and_their_kin_by_name_are_two_people():
    # "Altan and his younger sister Saran" was one person called Altan, a "she"
    assert split_people("a herder named Altan and his younger sister Saran") == [
        "a herder named Altan", "his younger sister Saran"]
    cast = read_cast("a herder named Altan and his younger sister Saran", "Altan", "a rider")
    assert [(p.handle, p.pronouns) for p in cast if p.role != "antagonist"] == [("Altan", "he"),
                                                                                 ("Saran", "she")]
    assert split_people("Anna, a nurse and mother") == ["Anna, a nurse and mother"]


def test_split_people_reads_lists_typed_with_bullets_ages_and_slashes():
    assert split_people("- Ana Lima, 34, a nurse\n- Tom\n2. Mrs. Grey") == ["Ana Lima, 34, a nurse", "Tom", "Mrs. Grey"]
    assert split_people("Ana / Tom | Mrs. Grey") == ["Ana", "Tom", "Mrs. Grey"]
    assert split_people("Ana, a nurse/midwife; Tom") == ["Ana, a nurse/midwife", "Tom"]
    assert people("Ana Lima, 34, a nurse, Tom") == [("protagonist", "Ana Lima", "Ana", "she"),
                                                    ("supporting", "Tom", "Tom", "he")]


def test_split_people_keeps_descriptions_with_their_person():
    assert split_people("Camila Reyes, a ship's nurse, Captain Aurelio Soto") == [
        "Camila Reyes, a ship's nurse", "Captain Aurelio Soto"]
    assert split_people("Dakota, a high-school senior; her friends Eli and Rosa") == [
        "Dakota, a high-school senior", "her friend Eli", "her friend Rosa"]


# -- elements --------------------------------------------------------------------------------------

def test_a_thirty_tonne_container_cannot_be_carried_but_a_key_can():
    read = {e.name: e for e in read_elements("a 30-tonne refrigerated container, a brass porthole key, "
                                             "the pipe organ, a clay spirit house, a wheel stamped 1893")}
    assert read["a 30-tonne refrigerated container"].portable is False
    assert read["the pipe organ"].portable is False
    assert read["a brass porthole key"].portable is True
    assert read["a clay spirit house"].portable is True
    assert read["a wheel stamped 1893"].job == "clue"


def test_elements_split_on_and_before_an_article_only():
    assert [e.name for e in read_elements("a map, a torch and a key; salt and pepper shaker")] == [
        "a map", "a torch", "a key", "salt and pepper shaker"]
    assert [e.job for e in read_elements("her wedding ring, an old photograph, a crowbar")] == ["cost", "clue", "tool"]


# -- instructions ----------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    ("Keep it grounded and quiet, no gore", {"avoid": ["gore"], "tone": ["grounded", "quiet"]}),
    ("told through the rushes they watch each night", {"framing": "the rushes they watch each night"}),
    ("write it as logbook entries", {"format": "logbook"}),
    ("Present tense, little dialogue, no swearing", {"avoid": ["swearing"], "dialogue": "less", "tense": "present"}),
    ("Found footage style, as recordings from a dashcam.",
     {"format": "recording", "framing": "recordings from a dashcam"}),
    ("no clowns", {"avoid": ["clowns"]}),
    ("Make it family-friendly. Cliffhangers at the end of every chapter.",
     {"avoid": ["gore", "on-page death", "sexual content", "swearing"], "chapters": True,
      "chapter_end": "cliffhanger"}),
    ("As a police incident report.", {"format": "report", "framing": "a police incident report"}),
    ("Tell it as voicemails left for a dead sister", {"format": "recording",
                                                      "framing": "voicemails left for a dead sister"}),
    ("Make it scary but not too gory. Slow burn, dark humour.", {"avoid": ["gore"],
                                                                 "tone": ["scary", "slow-burn", "dark humour"]}),
    ("Write it as a warning to whoever takes the job next",
     {"framing": "a warning to whoever takes the job next"}),
    ("I want it to feel like a Stephen King story",
     {"notes": "The author also asks for this: the story to feel like a Stephen King story."}),
])
def test_custom_prompts_are_read_as_instructions(prompt, expected):
    assert vars(read_instructions(prompt)) == {**INSTRUCTION_DEFAULTS, **expected}


def test_what_no_cue_reads_is_a_premise_or_a_note_never_an_instruction_field():
    read = read_instructions("Write a story about a mother who hears her dead son on the baby monitor. "
                             "No jump scares, please. Make the ending ambiguous and don't kill the dog.")
    assert read.avoid == ["jump scares", "animal death"]
    assert read.notes == ("The story's premise: a mother who hears her dead son on the baby monitor. "
                          "The author also asks for this: make the ending ambiguous.")
    assert read_premise("Write a story about a mother who hears her dead son on the baby monitor. No gore.") == \
        "a mother who hears her dead son on the baby monitor"
    assert read_premise("No supernatural. Keep the violence offstage.") == ""


@pytest.mark.parametrize("prompt", ["No one leaves the island alive", "Never go into the basement",
                                    "No matter what, the lights stay on"])
def test_a_premise_that_starts_with_no_is_not_a_thing_to_avoid(prompt):
    assert read_instructions(prompt).avoid == []


def test_a_premise_word_is_not_taken_for_a_format():
    read = read_instructions("A girl finds her dead sister's letters in the attic")
    assert read.format == "prose" and read.notes.startswith("The story's premise: a girl finds her dead sister's")


# -- twists ----------------------------------------------------------------------------------------

def test_twists_about_the_protagonist():
    cast = read_cast("I, a night nurse", "I")
    assert read_twist("I was dead all along", cast).kind == "dead_all_along"
    assert read_twist("I was dead all along", cast).about == "c1"
    cast = read_cast("Kenji Morita, a student; Mrs. Hayashi", "Kenji Morita", "the fire in the laundromat")
    twist = read_twist("Kenji started the fire himself", cast)
    assert (twist.kind, twist.about) == ("protagonist_cause", "c1")
    assert read_twist("it was all a dream", cast).kind == "unreal"
    assert read_twist("", cast).reveal == ""


# -- any input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("maya, a nurse; tom", [("protagonist", "Maya", "Maya", "she"), ("supporting", "Tom", "Tom", "he")]),
    ("ANA GARCIA, A NURSE", [("protagonist", "Ana Garcia", "Ana", "she")]),
    ("a nurse named maya", [("protagonist", "Maya", "Maya", "she")]),
    ("Room 237", [("protagonist", "Room 237", "Room 237", "they")]),
    (",,, ; a", []),
])
def test_names_typed_in_lower_or_upper_case_are_still_names(text, expected):
    assert people(text) == expected


def test_any_text_in_any_field_reads_without_error():
    """Whatever is typed, every reader returns the plan's types (a half-read form is never a 500)."""
    pieces = ("the a her his my Mr. Dr. Herr Yeay and , ; ( ) — whatever is inside something that who in on at "
              "Ana Tom girl boy widow container 7714 twins friends I me quiet high no gore as diary focus "
              "on : the killer is was dead").split()
    rng = random.Random(40)
    texts = ["", " ", ",,,", "x" * 3000, "Ana, " * 60, "Focus on sounds: " + "a" * 500, "no " + "q" * 300,
             "told through " + "z " * 300, "Mr. " + "E" * 300]
    texts += [" ".join(rng.choice(pieces) for _ in range(rng.randint(1, 14))) for _ in range(300)]
    for text in texts:
        cast = read_cast(text, text[:30], text[-30:], text)
        assert sum(p.role == "protagonist" for p in cast) == (1 if cast and cast[0].role == "protagonist" else 0)
        assert all(p.name.strip() for p in cast)
        assert read_twist(text, cast).kind in ("", "dead_all_along", "secret_identity", "culprit",
                                               "protagonist_cause", "place", "trap", "unreal", "other")
        read_elements(text)
        read_instructions(text)
        handles_for(text)


@pytest.mark.parametrize("antagonist, name, handle, pronouns", [
    ("Bloody Mary", "Bloody Mary", "Bloody Mary", "she"),
    ("La Llorona", "La Llorona", "La Llorona", "they"),
    ("Baba Yaga", "Baba Yaga", "Baba Yaga", "she"),
    ("Jack the Ripper", "Jack the Ripper", "Jack", "he"),
    ("Slender Man", "Slender Man", "Slender Man", "he"),
    ("It", "It", "It", "it"),
    ("someone in the attic", "someone in the attic", "the one in the attic", "they"),
    ("a swarm of moths", "a swarm of moths", "the swarm", "it"),
    ("a tall man with no face", "a tall man with no face", "the tall man", "he"),
    ("my neighbour Mr. Fisk", "Mr. Fisk", "Mr. Fisk", "he"),
])
def test_antagonists_as_users_name_them(antagonist, name, handle, pronouns):
    villain = read_cast("Ana", "", antagonist)[1]
    assert (villain.role, villain.name, villain.handle, villain.pronouns) == ("antagonist", name, handle, pronouns)


def test_a_twist_told_with_a_pronoun_is_about_the_one_it_can_mean():
    cast = read_cast("Órla Keane, a night guard; Professor Declan Byrne, the curator", "Órla Keane")
    twist = read_twist("she has been dead since the fire in 1922", cast)
    assert (twist.kind, twist.about) == ("dead_all_along", "c1")
    assert read_twist("he is the apothecary's son", cast).about == "c2"
    assert read_twist("they were never there", cast).about == ""


def test_what_a_description_says_someone_wants_is_their_want():
    cast = read_cast("Mara Voss, a realtor who wants to sell the farm before winter; Eli")
    assert (cast[0].want, cast[0].pronouns, cast[1].want) == ("to sell the farm before winter", "she", "")
