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
        "The wallpaper in {room} had a pattern that did not repeat, however long it was looked at.",
        "A window in {room} looked out on daylight that did not reach the floor.",
        "The pages of {log} were blank wherever the light touched them, and full of writing in the shadow.",
    ],
    "self": [
        "A name had been scratched out of {log}, and the strokes of the scratching looked oddly familiar.",
        "Someone had worn a path in the floor of {room}, pacing, and the length of the stride was exactly right.",
        "In a drawer in {room} was a comb with a few hairs caught in it, the same colour and the same length.",
        "A voice on an old recording in {room} laughed, and it was a laugh that had been heard before, from the inside.",
        "There was a coat on the hook in {room} that fitted exactly, down to a tear at the left cuff.",
        "The hand that wrote {log} crossed its sevens the same way as the note that had started all this.",
        "A photograph in {room} had been taken from the doorway, and in it someone was already standing where the visitor stood now.",
    ],
    "family": [
        "In a photograph on the wall, {subj} stood beside a child whose face had been rubbed away by a thumb.",
        "The handwriting in the margins of {log} had the same slope as a birthday card kept for years.",
        "{subj} had a way of tilting the head before speaking that was like looking into an old mirror.",
        "The name in the front of {log} was one {subj} had never mentioned, and it was a family name.",
        "A height chart was pencilled on the door frame of {room}, and the last mark had a name beside it, half rubbed out.",
        "The same surname came up three times in {log}, a generation apart, always beside the same date.",
        "{subj} hummed a tune while working, a tune no one outside one family should have known.",
    ],
    "trap": [
        "The bed in {room} had been made up fresh, as if someone had known exactly when a guest would come.",
        "Every door in {room} had been oiled recently, and every one of them locked from the outside.",
        "Someone had already written tonight's date in {log}, in advance, in a careful hand.",
        "Every clock in {room} had been stopped at the same minute: the minute of arrival.",
        "The path in had been swept clean all the way to the door, and the path out had not.",
        "There were two cups set out in {room}, both still warm, and nobody had drunk from either.",
        "The wardrobe in {room} held clothes in exactly the right size, with the tags still on.",
    ],
    "other": [
        "Something about {subj} did not fit with {log}, a detail as small as a button done up wrong.",
        "A page had been torn out of {log}, and the page after it was blank but for a pressed dent of writing.",
        "The story {log} told about {subj} changed a little each time it was read.",
        "The dates in {log} ran out of order for one week, as if someone had gone back to write in it.",
        "In {room} a chair had been set facing the wall, and the wall had been scratched at eye level.",
        "Whoever had last written about {subj} in {log} had used a word and then crossed it out, hard.",
    ],
}

#: the record a setting kind keeps (``{log}`` in clues and in the choices about the record)
LOGS = {"lighthouse": "the keeper's logbook", "asylum": "the patient register", "house": "the family Bible",
        "ship": "the crew log", "sea": "the passenger list", "ice": "the station logbook", "forest": "the ranger's diary",
        "church": "the parish register", "school": "the old class register", "hotel": "the guest register",
        "village": "the parish records", "mine": "the tally book", "train": "the passenger manifest",
        "observatory": "the observing log", "hospital": "the admissions book", "carnival": "the ringmaster's ledger",
        "cemetery": "the burial register", "apartment": "the caretaker's logbook", "camp": "the camp logbook",
        "factory": "the foreman's daybook", "museum": "the accession register", "theatre": "the stage manager's book",
        "prison": "the prison roll book", "radio": "the transmitter log", "farm": "the farm ledger",
        "generic": "an old notebook"}


def record_of(kind):
    """The record the setting kind ``kind`` keeps (``{log}``)."""
    return LOGS.get(kind, LOGS["generic"])

#: (choice, cost, prose of the choice, prose of the cost) for investigation, escalations and climax;
#: {H}, {C}, {E}, {A}, {room} in the plan text; the prose (a few ways to tell each, one drawn per
#: story) uses the writer's slots ({S}, {C}, {POS} ...)
CHOICES = [
    ("{H} stays when {C} begs to leave", "{C} goes alone, and does not come back",
     ("{C} begged {O} to leave, and {S} said no, and said it again when {C} started to cry.",
      "{C} had the coats on and the door open; {S} sat down on the stairs and would not go.",
      "\"Please,\" {C} said, more than once, and each time {S} shook {POS} head."),
     ("{C} went alone in the end, out into the dark with a torch, and the torch went out halfway.",
      "{C} left alone, out into the dark, and the footsteps stopped before they should have.",
      "{C} went without {O}; the torch bobbed a long way off, and then there was no torch.")),
    ("{H} takes up {E} though it feels like a mistake", "{A} learns {H}'s name",
     ("Every sense {S} owned said to leave {E} alone, and {S} took {E_IT} up anyway.",
      "{S} knew, the way one knows a step is missing in the dark, that {E} should be left where {E_THEY} lay, and took {E_IT}.",
      "It would have been easy to leave {E} behind; {S} took {E_IT} up, and {E_THEY} {E_WAS} warmer than {E_THEY} should have been."),
     ("After that, {A} knew {POS} name, and used it, softly, from the other side of every door.",
      "From then on {A} had {POS} name, and said it the way a tongue finds a broken tooth.",
      "That night {POS} name came back out of the dark, in {A}'s mouth, patient and pleased.")),
    ("{H} goes into {room} alone", "the light fails and the way back closes",
     ("{S} went into {room} alone, because asking anyone else would have meant saying why.",
      "Nobody saw {O} go into {room}; {S} had made sure of that.",
      "{S} went into {room} alone, counting the steps, in case the count mattered later."),
     ("Halfway back from {room} the light failed, and the way {S} had come was no longer where it had been.",
      "The light gave out in {room}, and when {S} felt for the way back, the wall was whole.",
      "On the way out of {room} the dark came down like a lid, and the door {S} had come through was not there.")),
    ("{H} lies to {C} about what {H} saw", "{C} stops trusting {H}",
     ("When {C} asked what was in there, {S} said nothing, nothing at all, and kept {POS} face still.",
      "When {C} asked, {S} said it was nothing, an old room, nothing, and it came out too quickly.",
      "{S} lied to {C} about {room}, and it was the first lie of many."),
     ("{C} looked at {O} for a long moment after that, and did not ask again, and did not stand as close.",
      "{C} stopped asking after that, and started watching instead.",
      "Something closed in {C}'s face, quietly, like a door on a latch, and did not open again.")),
    ("{H} cuts the last line to the outside", "no one will come now",
     ("{S} pulled the last wire to the outside out of the wall of {room}, so that nothing could call through it.",
      "The only line out ran through {room}; {S} cut it, and the click of the cutters was very loud.",
      "{S} tore the line to the outside out of its box in {room} before anything else could use it."),
     ("It was quiet in {room} afterwards, and the quiet meant that no one would be coming.",
      "Nobody would come now; {S} had made sure of it, and it had seemed like the right thing at the time.",
      "The silence after that was a new kind: the kind that has no help at the far end of it.",
      "{S} stood a long time with the cut wire in {POS} hand, listening to nobody come.")),
    ("{H} reads the rest of the record", "{H} cannot stop hearing it",
     ("{S} meant to stop at the first page of {log} in {room}, and read to the last one instead.",
      "In {room} {S} found {log} lying open, and read every page of it standing up, in bad light.",
      "{S} turned the pages of {log} in {room} faster and faster, and could not stop."),
     ("The words stayed; for the rest of the night {S} heard them under {sound}.",
      "After that the words went on by themselves, in a voice only {S} could hear.",
      "The last page would not leave; its sentences kept arriving in {POS} head, in someone else's voice.")),
    ("{H} breaks a promise to {C}", "{C} is hurt keeping it instead",
     ("{S} had promised {C} to stay where the light was, and broke the promise within the hour.",
      "{S} had sworn to {C} not to go back into {room}, and went back within the hour.",
      "The promise to {C} lasted until the first noise in {room}; then {S} went to look."),
     ("{C} kept the promise alone and paid for it; there was blood on {C_POS} sleeve when {S} got back.",
      "{C} had stayed where {C_S} had promised to, and was holding {C_POS} arm when {S} came back, and would not say why.",
      "When {S} got back, {C} was sitting very still by the light, with a cut across the palm that had not been there before.")),
    ("{H} gives up the only light to keep {E}", "the rest happens in the dark",
     ("There was a choice between {POS} lamp and {E}, and {S} let the lamp go.",
      "{S} could carry {POS} lamp or {E}, not both, and set the lamp down.",
      "{POS_CAP} lamp rolled away across {room}, and {S} let it go and kept hold of {E}."),
     ("Everything after that happened in the dark of {room}, by touch and by sound.",
      "From then on there was only the dark, and whatever moved in it.",
      "The dark of {room} closed over {O} like water, and whatever moved in it moved freely now.",
      "Without the lamp, {room} was only sounds: {sound}, and under it, something breathing.",
      "After that {S} went by feel, a hand on the wall, and the wall was not always where it should be.")),
    ("{H} opens the locked door in {room}", "what was kept there is loose",
     ("The key had been in {room} all along, and after a long moment {S} used it.",
      "The lock in {room} was old and gave at the second try; {S} wished afterwards it had held.",
      "{S} forced the locked door in {room} with {POS} shoulder, because not knowing was worse."),
     ("Whatever had been kept behind that door was not kept there any longer.",
      "Behind the door was only a chair and a chain on the floor, and the chain had been broken from the inside.",
      "Whatever had waited so long behind it did not wait any more, and the cold of it went past {O} into {place}.",
      "The room behind it was empty, and it had not always been: there were marks on the inside of the door.",
      "Something went past {O} in the doorway, cold as a cellar, and was gone into {place}.")),
    ("{H} answers when {A} calls", "{A} always knows where {H} is",
     ("When {A} called out of the dark of {room}, {S} answered, because the silence had become worse.",
      "{A} called, and {S} said \"Here\" before {S} could stop.",
      "The voice in {room} asked who was there, and {S} told it."),
     ("After that {A} always knew where {S} {WAS}; the voice came from the next room, whichever room it was.",
      "From then on {A} was always one room away, whichever room {S} went into.",
      "It never lost {O} again: wherever {S} hid, {A} was already on the other side of the wall.")),
    ("{H} burns the record found in {room}", "the only proof is gone",
     ("{S} fed the pages of {log} to the flame of {POS} lamp one by one and watched them curl.",
      "{S} burned {log} in the grate, and held each page down until it was ash.",
      "The pages of {log} went into the stove, and {S} stood watching until the last line was gone."),
     ("Later, when it would have mattered, there was nothing left to show anyone.",
      "There was no proof now: whatever {S} told anyone afterwards would be only {POS} word.",
      "Soon the ash was cold, and the only record left was the one in {POS} head.")),
    ("{H} drinks what was left out in {room}", "{H} cannot trust what {H} sees",
     ("{S} drank what had been left out in {room}, because {S} {WAS} so thirsty, and it tasted of nothing at all.",
      "Someone had left a cup out in {room}, still full, and {S} drank it down before thinking.",
      "The water in {room} was cold and clean-looking, and {S} drank it, and only afterwards wondered who had poured it."),
     ("After that the edges of things would not hold still, and {S} could not tell what in {place} was really there.",
      "From then on the floor tilted when {S} {WAS} not looking at it, and the faces in {place} would not stay faces.",
      "After that {S} saw things in {place} that were not there, and, worse, did not see some that were.")),
    ("{H} pulls down the boards nailed across a door in {room}", "nothing keeps {A} out now",
     ("Someone had nailed boards across a door in {room}, from the outside, and {S} pulled them off one by one.",
      "There were old nails and older words across a door in {room}; {S} prised the boards away.",
      "{S} tore the boards from a door in {room}, because what was behind them might be the way out."),
     ("That night {A} came through that door as if it had only been waiting to be asked.",
      "Nothing kept {A} out after that; the boards had been the only thing that had.",
      "The boards had been there for a reason, and before long the reason was loose in {place}.")),
    ("{H} falls asleep in {room}", "{H} wakes somewhere else",
     ("{S} sat down in {room} for a moment, only a moment, and slept.",
      "Sleep came in {room} like a hand over the eyes, and {S} did not fight it.",
      "{S} only meant to rest {POS} eyes in {room}."),
     ("{S} woke somewhere else in {place}, cold, with dirt under {POS} nails and no memory of walking.",
      "When {S} woke, it was in another room, and someone had folded {POS} hands on {POS} chest.",
      "{S} woke standing up in the dark, facing a wall, with words in {POS} mouth that {S} did not know.")),
    ("{H} hides from {A} in {room}", "{H} hears what {A} does instead",
     ("{S} hid in {room}, behind the door, and held {POS} breath until it hurt.",
      "There was a cupboard in {room} just big enough, and {S} folded into it and pulled the door to.",
      "{S} hid in {room} and listened to {A} go by, close enough to touch."),
     ("From the dark {S} heard everything {A} did to {place} while looking, and would hear it for years.",
      "{A} did not find {O}, and found something else to do with the time, and {S} had to listen to all of it.",
      "Hiding meant hearing: every sound {A} made in the next room, and the one sound at the end.")),
    ("{H} opens the door to a knock", "{A} is inside now",
     ("Someone knocked, three times, politely, and {S} opened the door.",
      "The knocking went on so long that {S} opened the door just to make it stop.",
      "\"Let me in,\" said a voice outside, a voice {S} almost knew, and {S} did."),
     ("There was no one on the step, only the cold coming in, and the sense of someone going past into {place}.",
      "Nobody was there, and yet after that {place} had one more presence in it, and it knew its way around.",
      "After that {A} was inside {place}, and had been invited, which mattered.")),
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

#: the choice that burns the record: nothing reads, shows or uses the record after it
BURNS_RECORD = next(n for n, choice in enumerate(CHOICES) if choice[0].startswith("{H} burns"))
TAKES_UP = next(n for n, choice in enumerate(CHOICES) if choice[0].startswith("{H} takes up {E}"))
#: the choices after which the antagonist is not seen (the hero hides, or is in the dark)
UNSEEN_AFTER = {n for n, choice in enumerate(CHOICES) if choice[0].startswith(("{H} hides", "{H} gives up the only light"))}


def record_burnt_at(beats):
    """The index of the beat whose choice burns the place's record, or None."""
    return next((i for i, b in enumerate(beats) if b["choice"] and b["choice"]["id"] == BURNS_RECORD), None)

