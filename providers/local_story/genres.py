"""What each genre brings to a plan (data): default antagonists, their escalating methods, themes.

A method is a named way the antagonist works, in four steps from a hint to an attack; the plan
assigns one step per beat from ``first_sign`` to ``climax``, so the threat escalates by what it does,
not by adjectives. Steps are plan summaries; ``beatbank`` holds the prose for them.
"""

GENRE_KEYS = {
    "gothic": "gothic", "psychological": "psychological", "supernatural": "supernatural",
    "cosmic": "cosmic", "slasher": "slasher", "paranormal": "paranormal", "body": "body",
    "dark fantasy": "fantasy", "fantasy": "fantasy", "comedy": "comedy", "apocalyptic": "apocalyptic",
}

GENRES = {
    "gothic": {"antagonists": [("the grey lady", "she"), ("the last Lord Ashcombe", "he"), ("the veiled bride", "she")],
               "methods": ["imitation", "possession"], "themes": ["inheritance", "guilt"],
               "titles": ["Inheritance", "Veil", "Heir", "Portrait"]},
    "psychological": {"antagonists": [("Dr. Hale", "they"), ("the voice in the hallway", "they"),
                                      ("the man in the mirror", "he")],
                      "methods": ["gaslight", "imitation"], "themes": ["memory", "guilt"],
                      "titles": ["Echo", "Reflection", "Static", "Quiet Room"]},
    "supernatural": {"antagonists": [("the drowned woman", "she"), ("the thing behind the wall", "they"),
                                     ("the hollow child", "they")],
                     "methods": ["haunting", "possession"], "themes": ["grief", "unfinished business"],
                     "titles": ["Visitation", "Threshold", "Vigil", "Salt"]},
    "cosmic": {"antagonists": [("the thing beyond the stars", "they"), ("the Sleeper under the sea", "they"),
                               ("the voice in the static", "they")],
               "methods": ["signal", "haunting"], "themes": ["insignificance", "forbidden knowledge"],
               "titles": ["Signal", "Deep", "Vastness", "Alignment"]},
    "slasher": {"antagonists": [("the man in the sack mask", "he"), ("the hitchhiker", "he"),
                                ("the night clerk", "she")],
                "methods": ["stalking", "trap"], "themes": ["survival", "guilt"],
                "titles": ["Last Light", "Vacancy", "Night Shift", "Open Season"]},
    "paranormal": {"antagonists": [("the presence", "they"), ("the woman on the stairs", "she"),
                                   ("the poltergeist", "they")],
                   "methods": ["haunting", "signal"], "themes": ["grief", "belief"],
                   "titles": ["Evidence", "Residue", "Frequency", "Cold Spot"]},
    "body": {"antagonists": [("the growth", "they"), ("the surgeon", "he"), ("the new skin", "they")],
             "methods": ["possession", "trap"], "themes": ["control", "the body's betrayal"],
             "titles": ["Graft", "Host", "Second Skin", "Mutation"]},
    "fantasy": {"antagonists": [("the Thorn Queen", "she"), ("the hollow knight", "he"), ("the witch of the fen", "she")],
                "methods": ["bargain", "possession"], "themes": ["a bargain's price", "pride"],
                "titles": ["Thorn Crown", "Bargain", "Hollow Crown", "Fen Light"]},
    "comedy": {"antagonists": [("the landlord", "he"), ("the thing in the freezer", "they"), ("Aunt Prudence", "she")],
               "methods": ["imitation", "trap"], "themes": ["family", "stubbornness"],
               "titles": ["Bad Company", "House Rules", "Uninvited", "Guest List"]},
    "apocalyptic": {"antagonists": [("the Grey", "they"), ("the last broadcast", "they"), ("the warden", "he")],
                    "methods": ["signal", "stalking"], "themes": ["survival", "hope"],
                    "titles": ["Last Broadcast", "Fallout", "Quarantine", "After"]},
}
GENRES["default"] = {"antagonists": [("the presence", "they"), ("the stranger", "they")],
                     "methods": ["haunting", "stalking"], "themes": ["fear"], "titles": ["Vigil", "Threshold"]}

#: four escalating steps per method, as plan summaries ({A} antagonist, {H} protagonist)
METHODS = {
    "imitation": ["{A} answers in a voice {H} knows", "{A} wears the face of someone trusted",
                  "{A} takes the place of a companion", "{A} speaks with {H}'s own voice"],
    "possession": ["{A} moves the objects of the dead", "{A} sleeps inside {H}'s dreams",
                   "{A} moves {H}'s hands", "{A} tries to wear {H} entirely"],
    "gaslight": ["things are moved and denied", "{H}'s notes contradict {H}",
                 "the others say {H} imagined everything", "{A} offers a version of events {H} cannot disprove"],
    "haunting": ["cold spots and sounds in the walls", "{A} is glimpsed in the corner of the eye",
                 "{A} blocks the way out", "{A} lays hands on the living"],
    "signal": ["a pattern repeats where it should not", "the pattern answers {H}",
               "the pattern rewrites what {H} sees", "the pattern opens a door"],
    "stalking": ["someone has been inside and left a sign", "{A} is seen, watching, and gone",
                 "{A} cuts the way out", "{A} comes in"],
    "trap": ["a kindness that does not add up", "a door that locks behind {H}",
             "the bait is revealed", "the trap closes"],
    "bargain": ["an offer made in a friendly voice", "a small price taken without asking",
                "the price grows", "{A} comes to collect"],
}

THEMES = ("grief", "guilt", "loneliness", "isolation", "obsession", "revenge", "memory", "addiction",
          "regret", "jealousy", "faith", "belief", "motherhood", "fatherhood", "family", "love", "loss",
          "madness", "identity", "control", "greed", "shame", "survival", "betrayal", "forgiveness")

DEFAULT_NAMES = {"she": ["Mara", "Ivy", "Nora", "Edith", "Clara", "Hazel", "Wren", "Ada"],
                 "he": ["Elias", "Silas", "Jonah", "Caleb", "Ezra", "Rhys", "Ansel", "Victor"],
                 "they": ["Sam", "Rowan", "Alex", "Quinn", "Jude", "Ash"]}


def genre_key(genre):
    low = (genre or "").strip().lower()
    for word, key in GENRE_KEYS.items():
        if word in low:
            return key
    return "default"
