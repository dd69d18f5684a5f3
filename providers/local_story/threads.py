"""Threads that run through a plan (data): twist clues, choices with costs, endings.

Clues never name the protagonist, so they read the same in any perspective. ``{subj}`` is the
twist's subject ("the keeper"), ``{log}`` a record the setting holds, ``{room}`` a place in it.
"""

CLUES = {
    "dead": [
        "The food someone had set out for {subj} was grey with dust, and nothing had touched it.",
        "Only one line of footprints crossed the dust in {room}, and none of them belonged to {subj}.",
        "Every entry in {log} stopped in the same winter, years back, and the ink had browned to rust.",
        "In the nearest town they spoke of {subj} carefully, in the past tense, and then corrected themselves.",
        "The coat on the hook by the door had a moth hole through each shoulder, as if no one had worn it in years.",
    ],
    "unreal": [
        "A door that had been on the left was on the right now, and the wallpaper agreed with it.",
        "The clock in {room} showed a different hour at every glance, and none of them stayed wrong for long.",
        "The same three notes of a song kept starting over, as if someone had lifted the needle.",
        "There was no number on the letterhead in {log}, only a smudge where one should have been.",
    ],
    "self": [
        "A name had been scratched out of {log}, and the strokes of the scratching looked oddly familiar.",
        "Someone had worn a path in the floor of {room}, pacing, and the length of the stride was exactly right.",
        "In a drawer was a comb with a few hairs caught in it, the same colour and the same length.",
        "A voice on an old recording laughed, and it was a laugh that had been heard before, from the inside.",
    ],
    "family": [
        "In a photograph on the wall, {subj} stood beside a child whose face had been rubbed away by a thumb.",
        "The handwriting in the margins of {log} had the same slope as a birthday card kept for years.",
        "{subj} had a way of tilting the head before speaking that was like looking into an old mirror.",
    ],
    "trap": [
        "The bed in {room} had been made up fresh, as if someone had known exactly when a guest would come.",
        "Every door that mattered had been oiled recently, and every one of them locked from the outside.",
        "Someone had already written tonight's date in {log}, in advance, in a careful hand.",
    ],
    "other": [
        "Something about {subj} did not fit, a detail as small as a button done up wrong.",
        "A page had been torn out of {log}, and the page after it was blank but for a pressed dent of writing.",
        "The story everyone told about {subj} changed a little each time it was told.",
    ],
}

#: the record a setting kind keeps (for ``{log}`` in clues)
LOGS = {"lighthouse": "the keeper's logbook", "asylum": "the patient register", "house": "the family Bible",
        "ship": "the crew log", "ice": "the station logbook", "forest": "the ranger's diary",
        "church": "the parish register", "school": "the old class register", "hotel": "the guest register",
        "village": "the parish records", "mine": "the tally book", "train": "the passenger manifest",
        "observatory": "the observing log", "generic": "a notebook left behind"}

#: (choice, cost) pairs for investigation, escalations and climax; {H}, {C}, {E}, {A}, {room}
CHOICES = [
    ("{H} stays when {C} begs to leave", "{C} goes alone, and does not come back"),
    ("{H} opens {E} though it feels like a mistake", "{A} learns {H}'s name"),
    ("{H} goes down into {room} alone", "the light fails and the way back closes"),
    ("{H} lies to {C} about what {H} saw", "{C} stops trusting {H}"),
    ("{H} cuts the last line to the outside", "no one will come now"),
    ("{H} reads the rest of the record", "{H} cannot stop hearing it"),
    ("{H} breaks a promise to {C}", "{C} is hurt keeping it instead"),
    ("{H} gives up the only light to keep {E}", "the rest happens in the dark"),
]

#: how the last paragraph reads once the twist is known
ENDINGS = {
    "dead": "the living and the dead keep the same watch now",
    "unreal": "nothing in the story can be trusted, including its end",
    "self": "the one being hunted was the one who began it",
    "family": "the blood that drew them here keeps them here",
    "trap": "the arrival was the plan all along",
    "other": "the last detail changes the first",
    "": "the threat is not over, only quieter",
}
