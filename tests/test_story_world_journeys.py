"""Settings with no building: a vehicle on its way, a journey, open country (providers/local_story/world,
data/journeys.toml).

"A snow-cat traverse across the East Antarctic plateau" was given a building: "the traverse's
entrance", "a worn doormat", "the dark stairs", "a dripping tap", "wheel marks in the grass". A
reader expects the cab, the load behind it, the route and the stop for the night. The settings
below were written from the kinds on public lists (Wikipedia's "List of vehicles" and "Vehicle"
types, "List of Antarctic expeditions" and "Expedition" kinds, "List of landforms"), in settings
as users write them; none is a kind the world tables know, so each was built from its own words.
"""
import re

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from providers.local_story import LocalStoryProvider
from providers.local_story.world import world_for_setting
from providers.local_story.world.foreign import foreign_terms

#: vehicles and journeys (types of vehicle, expeditions and crossings)
JOURNEYS = [
    "a snow-cat traverse across the East Antarctic plateau",
    "a long-haul truck across the Nullarbor",
    "a night bus through the Andes",
    "a canoe trip down the Yukon",
    "a caravan of camels crossing the Sahara",
    "a road train on the Tanami Track",
    "a convoy of aid trucks on the road to Kabul",
    "a dog sled expedition across the Greenland ice sheet",
    "a kayak trip along the coast of Svalbard",
    "a rafting trip through the Grand Canyon",
    "a motorcycle journey along the Road of Bones",
    "a bicycle tour across the Pamir Highway",
    "a trek by camel through the Empty Quarter",
    "an expedition to the South Pole on foot",
    "a pilgrimage across the Meseta to Santiago",
    "a school bus on a mountain road in Bolivia",
    "a taxi through Lagos at night",
    "a campervan trip around Iceland's ring road",
    "a tractor traverse to the Pole of Inaccessibility",
    "a jeep safari in the Okavango",
    "a horseback trek across Patagonia",
    "a snowmobile run across Lake Baikal",
    "a wagon train on the Oregon Trail",
    "a mule train into the Copper Canyon",
    "an ambulance on a night shift in Glasgow",
    "a matatu from Nairobi to Mombasa",
    "a yak caravan over the Himalayan passes",
    "a dugout canoe on the upper Amazon",
    "a reindeer sledge migration across the Yamal tundra",
    "a tuk-tuk ride through Bangkok's back streets",
]

#: open country (landforms: flats, ice, sand, grass, rock)
OPEN_COUNTRY = [
    "a salt flat in Bolivia",
    "the salt flats of Uyuni",
    "a dune field in the Namib",
    "an ice shelf in the Weddell Sea",
    "the East Antarctic plateau",
    "a tundra in northern Siberia",
    "a steppe in Kazakhstan",
    "a lava field in Iceland",
    "a boulder field below the pass",
    "the Nullarbor outback",
    "the badlands of South Dakota",
    "a mudflat at low tide",
    "a playa in the Black Rock Desert",
    "a moraine in the Karakoram",
    "the pampas of Argentina",
    "a gravel plain in the Atacama",
    "the high veld at dusk",
    "a scrubland in Texas",
]

#: what only a building has: the issue's reading and its like
BUILDING = re.compile(r"\b(doormat|stairs?|staircase|stairwell|landing|dripping tap|taps?|drains?|cobwebs?|"
                      r"key in the lock|unopened post|light switch|radiators?|skirting|plaster|ceilings?|corridors?|"
                      r"lobby|lift|fire door|door marked private|bolted doors|calendar|bell push|pegs|threshold|"
                      r"entrance|big room|floorboards|banister|wallpaper|the building)\b")
#: grass does not grow on ice or sand
GRASS = re.compile(r"\bgrass\b")
ICE_OR_SAND = re.compile(r"(?i)\b(ice|snow|antarctic|arctic|greenland|svalbard|sahara|empty quarter|dune|desert|"
                         r"atacama|namib|salt)\b")


@pytest.fixture(scope="module", params=("Windy", "Snowy", "Clear", "Rainy"))
def weather(request):
    return request.param


@pytest.mark.parametrize("setting", JOURNEYS + OPEN_COUNTRY)
def test_no_building_fixture_where_there_is_no_building(setting, weather):
    world = world_for_setting(setting, weather, "Night")
    text = world.text()
    found = {m.group(0) for m in BUILDING.finditer(text)} - set(setting.lower().split())
    assert not found, (setting, sorted(found))
    if ICE_OR_SAND.search(setting):
        assert not GRASS.search(text), setting
    assert not world.built and not world.known
    assert not foreign_terms(world), (setting, foreign_terms(world))
    assert "{" not in text and 3 <= len(world.places) <= 6


def test_there_are_forty_settings_and_more():
    assert len(set(JOURNEYS + OPEN_COUNTRY)) >= 40


@pytest.mark.parametrize("setting, wanted, vehicle", [
    ("a snow-cat traverse across the East Antarctic plateau", {"the cab of the snowcat", "the way ahead"}, "snowcat"),
    ("a long-haul truck across the Nullarbor", {"the cab of the truck", "the back of the truck"}, "truck"),
    ("a night bus through the Andes", {"the front of the night bus", "the back seats", "the road ahead"}, "night bus"),
    ("a canoe trip down the Yukon", {"the canoe", "the water ahead", "the camp on the bank"}, "canoe"),
    ("a convoy of aid trucks on the road to Kabul", {"the cab of the truck"}, "truck"),
])
def test_a_vehicle_on_its_way_is_the_vehicle_and_its_route(setting, wanted, vehicle):
    world = world_for_setting(setting, "Windy", "Dawn")
    assert wanted <= {p.name for p in world.places}, [p.name for p in world.places]
    assert f"the {vehicle}" in world.handles
    assert world.journey and any(p.outdoors for p in world.places) and any(not p.outdoors for p in world.places)


def test_a_party_names_what_it_rides_and_nothing_when_it_walks():
    camels = world_for_setting("a caravan of camels crossing the Sahara", "Windy", "Dawn")
    assert camels.kind == "caravan" and "trailer" not in camels.text()
    assert "camel" in camels.text() and {"the head of the line", "the night camp"} <= {p.name for p in camels.places}
    on_foot = world_for_setting("an expedition to the South Pole", "Snowy", "Night")
    assert on_foot.journey == "party" and "{" not in on_foot.text()
    assert not re.search(r"\bthe (camel|horse|canoe|truck)", on_foot.text())


def test_a_word_for_a_vehicle_and_a_place_is_the_place_unless_it_travels():
    assert world_for_setting("a caravan in a Welsh field").kind == "trailer park"
    assert world_for_setting("a campervan").kind == "trailer park"
    assert world_for_setting("a campervan trip across Iceland").journey == "cab"
    assert world_for_setting("a bus stop in the rain").kind == "bus depot"
    assert world_for_setting("a semi-detached house").kind == "house"
    assert not world_for_setting("a water tank").journey


def test_a_journey_by_a_vehicle_a_table_knows_is_that_vehicle():
    assert world_for_setting("a sleeper train journey across Siberia").kind == "train"
    assert world_for_setting("a voyage by ship to South Georgia").kind == "ship"
    assert world_for_setting("a yacht race around the world").kind == "ship"
    assert world_for_setting("a submarine patrol under the ice").kind == "submarine"


def test_open_country_has_no_door_or_plaster_in_its_air():
    for setting in OPEN_COUNTRY:
        world = world_for_setting(setting, "Foggy", "Midnight")
        sensed = " | ".join(world.sounds + world.smells).lower()
        assert not re.search(r"\b(door|plaster|paint|building|glass)\b", sensed), (setting, sensed)
        assert all(p.outdoors for p in world.places), setting


SNOW_CAT = {"genre": "Cosmic Horror", "mood": "Ominous",
            "setting": "a snow-cat traverse across the East Antarctic plateau",
            "characters": "Dr. Ines Okafor, a glaciologist; Pavel, the driver", "protagonist": "Ines Okafor",
            "antagonist": "a second set of tracks beside their own that has no vehicle",
            "keyElements": "an ice-core drill, a satellite phone that only gets their own voice back",
            "plotTwist": "the tracks are theirs, from a traverse they do not remember making",
            "customPrompt": "Written as her field notebook entries with dates.", "storyLength": 1500,
            "weatherCondition": "Windy", "timeOfDay": "Dawn", "intensity": 7, "pacing": "Moderate",
            "narrativePerspective": "First Person"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_snow_cat_story_reads_as_a_snow_cat_not_a_house(seed):
    """The story the issue read: no doormat, stairs, tap, cobwebs or dust laid on things in a
    snow-cat's cab on the ice, and the cab and the way ahead are where it happens."""
    request = story_request(GenerateSchema().load(dict(SNOW_CAT, seed=seed)))
    text = LocalStoryProvider().generate(request).content.lower()
    found = {m.group(0) for m in BUILDING.finditer(text)} - {"landing"}
    assert not found, sorted(found)
    assert not re.search(r"\b(cobwebs?|in the dust|the dust (on|by|of|said|showed|kept)|grass)\b", text)
    assert "the cab" in text and ("the way ahead" in text or "the snowcat" in text)
