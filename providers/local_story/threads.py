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
        "The coat on the hook in {room} had a moth hole through each shoulder, as if no one had worn it in years.",
        "The mirror in {room} showed the room behind, and took a long moment to show anything else.",
        "The dogs of the nearest farm would not come past the gate, and whined at the empty air beside it.",
    ],
    "unreal": [
        "A door in {room} that had been on the left was on the right now, and the wall agreed with it.",
        "The clock in {room} showed a different hour at every glance, and none of them stayed wrong for long.",
        "The same three notes of a song kept starting over in {room}, as if someone had lifted the needle.",
        "There was no number on the letterhead in {log}, only a smudge where one should have been.",
    ],
    "self": [
        "A name had been scratched out of {log}, and the strokes of the scratching looked oddly familiar.",
        "Someone had worn a path in the floor of {room}, pacing, and the length of the stride was exactly right.",
        "In a drawer in {room} was a comb with a few hairs caught in it, the same colour and the same length.",
        "A voice on an old recording in {room} laughed, and it was a laugh that had been heard before, from the inside.",
    ],
    "family": [
        "In a photograph on the wall, {subj} stood beside a child whose face had been rubbed away by a thumb.",
        "The handwriting in the margins of {log} had the same slope as a birthday card kept for years.",
        "{subj} had a way of tilting the head before speaking that was like looking into an old mirror.",
    ],
    "trap": [
        "The bed in {room} had been made up fresh, as if someone had known exactly when a guest would come.",
        "Every door in {room} had been oiled recently, and every one of them locked from the outside.",
        "Someone had already written tonight's date in {log}, in advance, in a careful hand.",
    ],
    "other": [
        "Something about {subj} did not fit with {log}, a detail as small as a button done up wrong.",
        "A page had been torn out of {log}, and the page after it was blank but for a pressed dent of writing.",
        "The story {log} told about {subj} changed a little each time it was read.",
    ],
}

#: the record a setting kind keeps (for ``{log}`` in clues)
LOGS = {"lighthouse": "the keeper's logbook", "asylum": "the patient register", "house": "the family Bible",
        "ship": "the crew log", "sea": "the passenger list", "ice": "the station logbook", "forest": "the ranger's diary",
        "church": "the parish register", "school": "the old class register", "hotel": "the guest register",
        "village": "the parish records", "mine": "the tally book", "train": "the passenger manifest",
        "observatory": "the observing log", "generic": "a notebook left behind"}

#: (choice, cost, prose of the choice, prose of the cost) for investigation, escalations and climax;
#: {H}, {C}, {E}, {A}, {room} in the plan text; the prose uses the writer's slots ({S}, {C}, {POS} ...)
CHOICES = [
    ("{H} stays when {C} begs to leave", "{C} goes alone, and does not come back",
     "{C} begged {O} to leave, and {S} said no, and said it again when {C} started to cry.",
     "{C} went alone in the end, out into the dark with a torch, and the torch went out halfway."),
    ("{H} takes up {E} though it feels like a mistake", "{A} learns {H}'s name",
     "Every sense {S} owned said to leave {E} alone, and {S} took it up anyway.",
     "After that, {A} knew {POS} name, and used it, softly, from the other side of every door."),
    ("{H} goes down into {room} alone", "the light fails and the way back closes",
     "{S} went down into {room} alone, because asking anyone else would have meant saying why.",
     "Halfway back from {room} the light failed, and the way {S} had come was no longer where it had been."),
    ("{H} lies to {C} about what {H} saw", "{C} stops trusting {H}",
     "When {C} asked what was down there, {S} said nothing, nothing at all, and kept {POS} face still.",
     "{C} looked at {O} for a long moment after that, and did not ask again, and did not stand as close."),
    ("{H} cuts the last line to the outside", "no one will come now",
     "{S} pulled the last wire to the outside out of the wall of {room}, so that nothing could call through it.",
     "It was quiet in {room} afterwards, and the quiet meant that no one would be coming."),
    ("{H} reads the rest of the record", "{H} cannot stop hearing it",
     "{S} meant to stop at the first page of the record in {room}, and read to the last one instead.",
     "The words stayed; for the rest of the night {S} heard them under {sound}."),
    ("{H} breaks a promise to {C}", "{C} is hurt keeping it instead",
     "{S} had promised {C} to stay where the light was, and broke the promise within the hour.",
     "{C} kept the promise for both of them and paid for it; there was blood on {C_POS} sleeve when {S} got back."),
    ("{H} gives up the only light to keep {E}", "the rest happens in the dark",
     "There was a choice between the lamp and {E}, and {S} let the lamp go.",
     "Everything after that happened in the dark of {room}, by touch and by sound."),
    ("{H} opens the locked door in {room}", "what was kept there is loose",
     "The key had been in {room} all along, and after a long moment {S} used it.",
     "Whatever had been kept behind that door was not kept there any longer."),
    ("{H} answers when {A} calls", "{A} always knows where {H} is",
     "When {A} called out of the dark of {room}, {S} answered, because the silence had become worse.",
     "After that {A} always knew where {S} {WAS}; the voice came from the next room, whichever room it was."),
    ("{H} burns the record found in {room}", "the only proof is gone",
     "{S} fed the pages from {room} to the lamp one by one and watched them curl.",
     "Later, when it would have mattered, there was nothing left to show anyone."),
    ("{H} drinks what was left out in {room}", "{H} cannot trust what {H} sees",
     "{S} drank what had been left out in {room}, because {S} {WAS} so thirsty, and it tasted of nothing at all.",
     "After that the edges of things would not hold still, and {S} could not tell what in {place} was really there."),
]

#: the costs of CHOICES that take {C} out of the story: after that beat {C} neither speaks nor
#: chooses again (only an imitation wears {C}'s face)
DEPARTURES = {"{C} goes alone, and does not come back"}

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
