"""Atmosphere between events (data): the setting's world, weather, time of day and mood.

These sentences carry no plot; ``prose`` fills a beat with them after its events, checking each
against the story's 5-word sequences so nothing is said twice. Fixed runs stay short (under five
words) so the same frame can serve again with other things in its slots.
"""
import re

WORLD = [
    "{sound_cap} came from {room}.",
    "Then, faintly, {sound}.",
    "The air smelled of {smell}.",
    "{touch_cap}.",
    "{S} caught the smell of {smell}, and under it something sweeter.",
    "{obj_cap} stood in the gloom like a witness.",
    "Beyond {obj}, {sound}.",
    "{S} listened: {sound}, then nothing, then {sound}.",
    "{touch_cap}, and {S} kept moving.",
    "For a while there was only {sound}.",
    "{obj_cap} caught the light and lost it again.",
    "{smell_cap}, everywhere, thick as a coat.",
    "{S} passed {obj} without looking at it.",
    "Near {obj} the cold was worse.",
    "{S} waited beside {obj} for {sound} to stop.",
    "Every few minutes came {sound}, and every time {S} flinched.",
    "{S} put a hand on {obj}; {touch}.",
    "It was quieter in {room} than by {obj_the}, and the quiet was worse.",
    "{sound_cap}, closer now.",
    "{S} stood in {room} and breathed {smell}.",
    "The light found {obj} and stopped there, as if it had been told to.",
    "Past {obj} the dark went on further than the walls should allow.",
    "{S} crossed {room}; {touch}.",
    "Then {sound}, and after it a silence with someone in it.",
    "A draught moved through {room}, carrying {smell}.",
    "{obj_cap} had been moved; {S} {WAS} almost sure of it.",
    "{S} counted {POS} steps from the door to {obj_the} and got a different number coming back.",
    "In {room}, {sound} went on and on.",
    "There was a smear on {obj}, long dry, the shape of four fingers.",
    "{S} did not like how {obj} sat, square to the door, like something placed for an audience.",
    "The smell changed as {S} moved: {smell}, then something with a bite of copper in it.",
    "Somebody had scratched a tally into the wall beside {obj}, and then, further down, stopped.",
    "Dust lay over {obj_the} like a held breath.",
    "{S} touched nothing in {room}, and still came away with grit on {POS} fingers.",
    "It seemed to {O} that {sound} had a rhythm, and that the rhythm was slowing down.",
    "A fly crawled across {obj}, slowly, as if the cold had got into it too.",
    "The shadows around {obj_the} did not quite match the things that cast them.",
    "{S} kept {POS} back to the wall of {room}, which helped less than it should have.",
    "Something had nested behind {obj} once, and left, in a hurry.",
    "A pale rectangle on the wall near {obj_the} showed where a picture had hung for years.",
    "{S} breathed through {POS} mouth so as not to smell {smell}.",
    "Nothing in {room} had been touched for years, except, it seemed, {obj}.",
    "When {sound} stopped, {S} realised {S} had been holding {POS} breath.",
    "Each step toward {obj_the} raised a soft grey ghost of dust that would not settle.",
    "{S} wiped {POS} palms on {POS} coat, smelled {smell} on them, and wiped them again.",
    "{place_cap} had a listening quality, as if every wall were an ear.",
    "A thread of cold ran along the floor, from nowhere, toward {obj}.",
    "Far off, {sound}; nearer, something that might have been an answer.",
    "There was a chair pulled out beside {obj_the}, as if someone had only just stood up.",
    "The floor of {room} had been swept once, long ago, in a careful circle around {obj}.",
    "{S} found a cigarette end by {obj}, still faintly warm, and no one had smoked in hours.",
    "High above {obj_the}, a stain had spread in the shape of something with its arms out.",
    "A moth beat itself against the light by {obj}, over and over, and then lay still.",
    "{S} heard {sound} and, under it, so faint it might have been the blood in {POS} ears, a second sound.",
    "On {obj} someone had written a single word in the dust, and then rubbed most of it out.",
    "{obj_cap} and everything else in {room} stood slightly too far apart, like furniture in a dream.",
    "A single hair lay across {obj}, long and grey, and {S} did not pick it up.",
    "{S} had the sense, sharp and stupid, that {room} had been tidied for {O}.",
    "The damp had got into everything; even {obj} had a soft, spoiled look.",
    "A smell of {smell} rose and fell, as though something were breathing it out.",
    "Once, distinctly, over {sound}, {S} heard a chair scrape in an empty room.",
    "{S} stepped around a dark patch on the floor of {room} without looking at what made it.",
    "The walls ticked and settled behind {obj_the}, the small noises of a place pretending to be empty.",
    "Along the floor by {obj_the} ran a line of tiny marks, like the prints of a bird, or of fingers.",
    "A cobweb by {obj_the} brushed {POS} face, and {S} clawed at it long after it was gone.",
    "Somewhere near {room} a tap was running, and when {S} found it, it was dry.",
    "The light made a small warm circle on {obj_the}, and the dark stood all round it, waiting.",
    "{S} caught {POS} own reflection in a dark pane of {room} and, for a second, did not know it.",
    "There were marks on the wall by {obj_the}, heights measured in pencil, and the last one was very low.",
    "The cold in {room} found every gap in {POS} clothes and smelled of {smell}.",
    "Every time {S} looked away from {obj}, it seemed afterwards to have been looking back.",
    "Behind {O}, the door to {room} had closed, softly, with no sound at all.",
    "A slow drip marked the seconds somewhere near {obj_the}, and {S} began, without wanting to, to count.",
    "{S} found {REFL} holding {keepsake} without any memory of picking it up.",
    "There were two cups set out near {obj_the}, and one of them had been drunk from.",
    "Where the light did not reach past {obj_the}, the dark had a grain to it, like cloth.",
    "The smell of {smell} clung to {POS} clothes and came with {O} from room to room.",
    "A scrap of paper lay by {obj}; it said only the day of the week, underlined twice.",
    "When {sound} stopped, the quiet had weight, and it settled on {POS} shoulders like a hand.",
]
#: a room found empty (not where the antagonist is about to be seen)
NOBODY_THERE = "Nobody was in {room} when {S} got there, which was somehow worse."
MOVE = [
    "{S} went on into {room}.",
    "The way to {room} was shorter than {S} remembered, which was its own kind of wrong.",
    "{S} took the light and went through to {room}, because standing still was worse.",
    "It was a relief to reach {room}, and the relief did not last.",
    "{S} made {POS} way toward {room} one careful step at a time.",
    "At the threshold of {room} {S} stopped, and then made {REFL} go in.",
    "{S} kept to the wall on the way to {room}, where the boards complained least.",
    "Getting to {room} meant passing the dark doorway, and {S} passed it without looking in.",
    "{S} went to {room} because it was the one place {S} had not yet been afraid of.",
    "The door to {room} stood ajar, as if someone had just gone through, or was about to.",
    "{S} counted the steps to {room} under {POS} breath and lost count halfway.",
    "{S} put out {POS} light and crossed to {room} in the dark, which seemed braver than it was.",
    "Nothing stopped {O} on the way to {room}; that was the first thing that felt wrong.",
    "{S} did not so much walk into {room} as find {REFL} already there.",
    "{S} reached {room} with {POS} back to the wall and {POS} eyes on the dark behind.",
    "Halfway to {room} {S} heard something settle behind {O}, and did not turn.",
    "{S} slipped into {room} and stood very still until {POS} breathing slowed.",
    "{S} followed the draught to {room}; it smelled of {smell}.",
    "{S} went the long way round to {room}, for no reason {S} could have given.",
    NOBODY_THERE,
    "{S} waited at the edge of {room} until the quiet felt like permission, then went in.",
    "The air changed on the way to {room}, colder and closer, as if the place were holding its breath.",
    "{S} found {room} by the sound of {sound}, and wished {S} had not.",
    "{S} crossed {room} without touching anything, and it still felt like trespass.",
    "Every step toward {room} sounded as if it belonged to someone else.",
]
INNER = [
    "{S} thought of the road back from {place}, and how long it was, and how dark.",
    "A memory came to {O} in {room}, uninvited: a kitchen, a radio, someone laughing.",
    "{S} wondered, not for the first time, who would think to look for {O} in {place}.",
    "It would have been easy to leave {place}, and {S} knew exactly why {S} did not.",
    "{S} tried to remember what {place} had looked like in daylight, and could not.",
    "Some small, sensible part of {O} was still listing reasons why {place} was fine.",
    "{S} had stopped checking the time in {place}, because the time kept being wrong.",
    "There is a kind of tiredness that makes {obj_the} look close enough to touch, and {S} {WAS} in it now.",
    "{S} said {POS} own name aloud in {room}, just to hear a voice that was certainly {POS} own.",
    "Later, {S} would not be able to say how long {S} stood there beside {obj_the}.",
    "{S} wanted, badly and childishly, for someone to walk into {room} and say it was over.",
    "Every choice {S} had made to get to {place} seemed, now, like a door closing softly.",
    "{S} thought of {POS} own bed, far from {place}, the blankets pulled back, and had to stop.",
    "It occurred to {O}, quite calmly, that no one knew {S} had gone into {room}.",
    "{S} made {REFL} a promise: if this ended, {S} would never come back to {place}.",
    "A childhood prayer surfaced in {room}, half of it, and {S} said the half {S} had.",
    "{S} knew that fear makes fools of people, and {A} was counting on it.",
    "There was a version of tonight without {place} in it, and {S} missed it like a person.",
    "{S} caught {REFL} bargaining with nobody in particular, or with {A}.",
    "It was strange, {S} thought, how quickly {place} had stopped feeling like a place and started feeling like a throat.",
]
WEATHER = {
    "fog": {"wx": "fog lying so thick that the world ended a few steps off",
            "short": "the fog pressed against the glass",
            "lines": ["Fog had found its way inside and hung at knee height in {room}.",
                      "The fog outside made every window of {place} a blank white page.",
                      "Through the fog, {sound}, or something pretending to be it.",
                      "Outside {place}, the fog beaded on every surface and ran down in slow grey tears.",
                      "Outside {place}, shapes came and went in the fog, and one of them kept pace.",
                      "Outside {place}, the fog thinned for a moment, and something was standing in it, and then the fog closed."]},
    "rain": {"wx": "rain coming down hard and steady",
             "short": "the rain kept on",
             "lines": ["Rain ran down the glass of {room} in long crooked lines.",
                       "Under the rain on {place} there was another sound, slower, like something wading.",
                       "Water had come in somewhere and spread across the floor of {room}.",
                       "The rain drummed on the roof of {room} until it sounded like many small hands.",
                       "Somewhere in {place} a gutter overflowed and poured, steady as a tap left running.",
                       "The rain eased for a moment, and in the gap something walked across the roof of {room}."]},
    "storm": {"wx": "a storm breaking over the coast",
              "short": "the storm threw itself at the walls",
              "lines": ["Lightning turned {room} white and showed, for a blink, a shape that should not be there.",
                        "Thunder walked across the sky and the whole of {place} shook.",
                        "Outside {place}, the storm found a loose shutter and beat it like a drum.",
                        "Outside {place}, between the thunderclaps there was a knocking that kept its own time.",
                        "The power in {place} dipped with every flash and came back a little weaker.",
                        "Rain came sideways on the storm and rattled the glass of {room} like thrown gravel."]},
    "snow": {"wx": "snow falling soft and endless",
             "short": "the snow went on falling",
             "lines": ["Snow had banked against the door of {room}, and there were prints in it, going in.",
                       "Outside {place}, the snow swallowed every sound but one.",
                       "Beyond the window of {room} the snow was so white it hurt, and something dark moved across it.",
                       "Snow sifted in through a crack and lay on the floor of {room} without melting.",
                       "The cold came up through the floor of {room}, patient, the way snow is patient.",
                       "The snow had covered the path, and every window of {place} showed the same blank white."]},
    "wind": {"wx": "a wind that would not let up",
             "short": "the wind worried at the walls",
             "lines": ["Outside {place}, the wind found every gap and whistled through it in a different note.",
                       "A gust flung the door of {room} open and slammed it again.",
                       "Outside {place}, the wind dropped all at once, and the silence it left was enormous.",
                       "Around {place} the wind was playing something like a tune on something like a bottle.",
                       "Outside {place}, a loose board banged in the wind, then stopped, as if a hand had steadied it.",
                       "The wind pushed at the door of {room} like someone leaning on it from outside."]},
    "cloud": {"wx": "the sky shut under a lid of low cloud",
              "short": "the cloud hung low",
              "lines": ["Outside {place}, the light through the cloud was grey and tired and gave no shadows.",
                        "Low cloud pressed on {place} like a hand on a lid.",
                        "Outside {place}, the sky stayed shut, and the day felt like it had never properly started.",
                        "Under the cloud, everything in {place} looked drained of its colour.",
                        "Outside {place}, the cloud thickened, and the light went flat and sick."]},
    "clear": {"wx": "the sky clear and very cold",
              "short": "the stars were out, hard and bright",
              "lines": ["Outside {place}, the sky was clear, and the stars looked on without interest.",
                        "Moonlight lay across the floor of {room} like spilled milk.",
                        "It was a clear night over {place}, and on a clear night you can see a long way, and be seen.",
                        "The cold of the clear sky came in through the glass of {room} like water.",
                        "Outside {place}, in the clear air every small sound carried, and some carried wrong."]},
}
WEATHER_ALIASES = {"foggy": "fog", "misty": "fog", "mist": "fog", "rainy": "rain", "raining": "rain",
                   "stormy": "storm", "thunderstorm": "storm", "snowy": "snow", "snowing": "snow",
                   "windy": "wind", "cloudy": "cloud", "overcast": "cloud", "clear": "clear", "sunny": "clear"}
TIMES = {
    "dawn": {"at": "just before dawn", "bare": "nearly dawn",
             "lines": ["Dawn was coming to {place}, grey and slow, and it did not seem to help.",
                       "The first light found {obj} and made it look like something else."]},
    "morning": {"at": "one raw morning", "bare": "morning",
                "lines": ["Even in the morning light, {room} kept its corners dark.",
                          "The morning was too bright for what was happening in {place}."]},
    "noon": {"at": "at noon", "bare": "noon",
             "lines": ["It was the middle of the day, and still {S} wanted a lamp in {room}.",
                       "Noon, and no shadows, and still something moved in {room}."]},
    "afternoon": {"at": "late one afternoon", "bare": "late afternoon",
                  "lines": ["The afternoon light slid down the walls of {room} and went out.",
                            "The afternoon wore on, and the light in {room} went the colour of weak tea."]},
    "dusk": {"at": "at dusk", "bare": "dusk",
             "lines": ["Dusk filled {room} from the floor up, like water.",
                       "At dusk the shapes in {room} began to look like other shapes."]},
    "night": {"at": "after nightfall", "bare": "full night",
              "lines": ["The night outside {place} had no edges at all.",
                        "Night settled over {place} and pressed its face to the glass."]},
    "midnight": {"at": "at midnight", "bare": "midnight",
                 "lines": ["Midnight came and went in {place}, and the hours after it were longer.",
                           "Somewhere near {room} a clock struck twelve, and kept striking."]},
    "small hours": {"at": "in the small hours", "bare": "the dead middle of the night",
                    "lines": ["It was the hour when nothing is open and nobody is awake, and {place} knew it.",
                              "Somewhere near {room} a clock struck three, thin and tired."]},
}
MOOD = {
    "eerie": ["Nothing moved in {room}, and that was the strangest part.", "The stillness of {place} felt arranged, like a stage."],
    "terrifying": ["Every instinct {S} had screamed to run from {room}, and kept screaming.", "The dark in {room} seemed to bare its teeth."],
    "mysterious": ["Every answer {place} gave only opened another locked door.", "Nothing in {room} agreed with anything else."],
    "ominous": ["Something was coming, and {place} knew it before {S} did.", "Even the birds had gone somewhere far from {place}."],
    "suspenseful": ["Each second in {room} stretched thin enough to snap.", "Waiting in {room} became its own kind of wound."],
    "dark": ["Hope felt like a rumour from somewhere far from {place}.", "The dark in {room} pooled like spilled ink."],
    "disturbing": ["Something about {room} was bodily wrong, and {S} could not say what.", "The details of {room} did not bear looking at."],
    "unsettling": ["Everything in {room} was almost normal, and almost was the problem.", "The angles of {room} disagreed with each other."],
    "creepy": ["The feeling of being watched from {room} crawled up the back of {POS} neck.", "Small sounds skittered just out of sight in {room}."],
    "dreadful": ["Dread had moved into {place} like a tenant who meant to stay.", "Every path through {place} sloped toward the same end."],
    "sinister": ["Someone had planned all of {place}, carefully, like a table laid for guests.", "Every kindness in {place} had a hook in it."],
    "menacing": ["The dark around {place} had the patience of a predator.", "Something out there was circling {place}, closer each time."],
}
#: weather lines that only fit in daylight, and those that only fit at night
DAYLIGHT = re.compile(r"(?i)\bday\b|light through the cloud|the light went flat")
NIGHTTIME = re.compile(r"(?i)\bnight\b|moon|stars")
DARK_TIMES = ("dusk", "night", "midnight", "small hours")
#: when the form gives no weather, one of these (never the same grey lid on every story)
PLAIN_WEATHER = ("fog", "rain", "wind", "cloud", "clear")


def time_key(text):
    """The TIMES key of the form's time of day: a named time, or a clock time ('3 AM', '23:00');
    '' when neither."""
    low = (text or "").strip().lower()
    if low in TIMES:
        return low
    m = re.match(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$", low)
    if not m:
        return ""
    hour = int(m.group(1)) % 24
    if m.group(3) and m.group(3).startswith("p") and hour < 12:
        hour += 12
    if m.group(3) and m.group(3).startswith("a") and hour == 12:
        hour = 0
    for last, key in ((0, "midnight"), (4, "small hours"), (6, "dawn"), (11, "morning"), (13, "noon"), (17, "afternoon"),
                      (20, "dusk"), (23, "night")):
        if hour <= last:
            return key
    return "night"


def weather_for(text, time, rng):
    """The weather of the form (a WEATHER entry), one picked by ``rng`` when it names none, with
    its lines fitted to the time of day (no grey daylight at midnight, no stars at noon)."""
    key = WEATHER_ALIASES.get((text or "").strip().lower()) or rng.choice(PLAIN_WEATHER)
    wx = dict(WEATHER[key])
    wrong = DAYLIGHT if time in DARK_TIMES else NIGHTTIME
    wx["lines"] = [line for line in wx["lines"] if not wrong.search(line)]
    if key == "clear" and time not in DARK_TIMES:
        wx["short"] = "the sky was a hard, pale, empty blue"
    return wx
