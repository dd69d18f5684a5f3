"""Two story plans in different settings (a ger on the steppe, a gondola station over snow) and
their scripts, for the video tests."""

GER = {
    "title": "The Felt Door", "world": "ger", "weather": "fog", "timeOfDay": "Night",
    "setting": "a ger on the Mongolian steppe in winter",
    "cast": [
        {"id": "altan", "name": "Altan", "handle": "Altan", "pronouns": "he", "role": "protagonist",
         "look": "a herder's son in a blue deel"},
        {"id": "rider", "name": "the rider", "handle": "the rider", "pronouns": "he", "role": "antagonist",
         "look": "a rider on a grey horse, his face wrapped in white cloth"},
    ],
    "places": [{"id": "ger", "name": "the ger", "handle": "the ger", "outdoors": False,
                "fixtures": ["the felt door", "the stove"], "description": "a round felt tent"},
               {"id": "steppe", "name": "the steppe", "handle": "the steppe", "outdoors": True,
                "fixtures": ["the frozen grass"]}],
    "elements": [{"id": "door", "name": "the felt door", "job": "clue", "beats": ["b2"]},
                 {"id": "fiddle", "name": "the horse-head fiddle", "job": "tool", "beats": ["b3"]}],
    "twist": {"reveal": "The rider is Altan's father, frozen last winter.", "about": "rider", "clues": ["b3"]},
    "beats": [
        {"id": "b1", "kind": "hook", "text": "Altan reaches the ger on the steppe at night.", "place": "steppe",
         "who": ["altan"]},
        {"id": "b2", "kind": "first_sign", "text": "Someone knocks on the felt door.", "place": "ger",
         "who": ["altan"], "elements": ["door"]},
        {"id": "b3", "kind": "reversal", "text": "The rider plays his father's fiddle.", "place": "steppe",
         "who": ["altan", "rider"], "elements": ["fiddle"]},
    ],
}
GER_LINES = ["Altan reached the ger after dark, with the fog lying on the steppe.",
             "Someone knocked three times on the felt door.",
             "Outside, the rider was playing his father's fiddle."]

GONDOLA = {
    "title": "Last Cabin Down", "world": "gondola station", "weather": "snow", "timeOfDay": "Dusk",
    "setting": "a gondola station in the Dolomites",
    "cast": [
        {"id": "giulia", "name": "Giulia", "handle": "Giulia", "pronouns": "she", "role": "protagonist",
         "look": "the lift operator in a red jacket"},
        {"id": "man", "name": "the man", "handle": "the man in the snowsuit", "pronouns": "he",
         "role": "antagonist", "look": "a man in a frozen orange snowsuit"},
    ],
    "places": [{"id": "station", "name": "the gondola station", "handle": "the station", "outdoors": True,
                "fixtures": ["the cable", "the bull wheel"]}],
    "elements": [{"id": "cabin", "name": "the last cabin", "job": "clue", "beats": ["c2"]}],
    "twist": {"reveal": "The man is the operator who vanished in 1987.", "about": "man", "clues": ["c2"]},
    "beats": [
        {"id": "c1", "kind": "hook", "text": "Giulia closes the gondola station for the night.", "place": "station",
         "who": ["giulia"]},
        {"id": "c2", "kind": "reversal", "text": "The last cabin comes down with a man in it.", "place": "station",
         "who": ["giulia", "man"], "elements": ["cabin"]},
    ],
}
GONDOLA_LINES = ["Giulia closed the gondola station as the snow came in.",
                 "The last cabin came down the cable, and a man in a frozen orange snowsuit sat inside it."]
