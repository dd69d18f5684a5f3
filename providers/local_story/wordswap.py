"""Plain words and their richer replacements (data), used by ``revise`` to enhance a text."""

RICHER = {
    "dark": ["lightless", "pitch-black", "shadow-drowned"], "big": ["hulking", "cavernous", "vast"],
    "small": ["cramped", "meagre", "narrow"], "old": ["ancient", "time-worn", "decrepit"],
    "cold": ["icy", "bone-chilling", "frigid"], "scary": ["harrowing", "dread-soaked", "nightmarish"],
    "scared": ["terrified", "petrified", "rigid with fear"], "afraid": ["terrified", "petrified", "fearful"],
    "walked": ["crept", "stalked", "shuffled"], "looked at": ["peered at", "stared at", "gazed at"], "said": ["murmured", "whispered", "rasped"],
    "saw": ["glimpsed", "beheld", "caught sight of"],
    "heard": ["caught the sound of", "made out", "picked up"], "quiet": ["hushed", "deathly still", "muted"],
    "loud": ["deafening", "thunderous", "piercing"], "bad": ["wretched", "vile", "foul"],
    "strange": ["uncanny", "unnatural", "eldritch"], "very": ["deeply", "terribly", "utterly"],
    "noise": ["clamour", "din", "commotion"],
    "scream": ["shriek", "wail", "howl"],
    "opened": ["eased open", "wrenched open", "pried open"], "moved": ["shifted", "stirred", "slithered"],
    "ugly": ["misshapen", "grotesque", "hideous"], "wet": ["sodden", "dripping", "rain-soaked"],
}
