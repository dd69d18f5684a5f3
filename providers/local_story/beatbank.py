"""Sentence templates for each event of a beat up to the climax (data; ``prose`` picks, fills and
checks them; the climax and after are in ``beatbank_end``).

Slots: {S} protagonist as subject (name or pronoun, or I/you), {WAS} its verb, {O} object,
{POS} possessive, {HN} the protagonist's name; {A}/{A_S}/{A_O}/{A_POS}/{A_WAS} the antagonist;
{C}/{C_S}/{C_O}/{C_POS}/{C_WAS} a supporting character; {E} the element in play (definite),
{E_FIRST} its first mention, {E_IT}/{E_THEY}/{E_WAS} its pronouns and verb ('them', 'they',
'were' for things named in the plural); {setting} the full place, {place} its short form, {room} the beat's
room, {obj} {sound} {smell} {touch} from the setting's world; {light} {wx} {wx_sound} from time and
weather; {theme} {premise} {want} {reveal} {subj} from the plan. Templates naming someone who is not
in the cast are skipped.
"""
import re

OPEN = [
    "{S} came to {setting} {time}, {wx}, {want}.",
    "It was {time} when {S} reached {setting}, with {wx}, and the place waited as if it had been told.",
    "{setting_cap} stood ahead, {wx}, and {S} had come {want}.",
    "Nobody had asked {O} to come to {setting} {time}, but {S} came {want}.",
    "The road gave out a little before {setting}, and {S} walked the rest of the way {time}, {wx}.",
    "By the time {S} saw {setting} it was {time_bare}, {wx}, and too late to turn back with any dignity.",
]
WANT = [
    "The plan was simple: {want_bare}, and then never think about {place} again.",
    "{S} had told everyone it was simple, {want_bare}, and had almost believed it.",
    "What {S} wanted was small and stubborn: {want_bare}.",
]
THEME = [
    "It was {theme} that had brought {O} here, though {S} would not have called it that.",
    "{S} had carried {theme} for a long time, the way some people carry a stone in a pocket.",
    "Under everything else was {theme}, patient and familiar, waiting for the quiet.",
]
PREMISE = [
    "People who knew {place} said it plainly, as if it were weather: {premise}.",
    "There was a story about {place}, and it was a short one: {premise}.",
]
#: a premise about someone the protagonist is ("a mother hears her dead son on the baby monitor"),
#: told as theirs ({own}: "Sarah heard her dead son …"): why they came, the same thing closer, and
#: what it was for
PREMISE_OWN = [
    "It had started a month before, and it was why {S} had come: {own}.",
    "Nobody else believed it, and {S} had stopped saying it aloud: {own}.",
]
PREMISE_OWN_ECHO = [
    "It was the same as at home, {S} thought, the same as every night that month, only closer now.",
    "Whatever had begun it was here in {room}; {S} {WAS} as sure of that as of a voice in the dark.",
]
PREMISE_OWN_TRUE = [
    "It had only ever been calling {O} here, all those nights when {own}.",
    "Now {S} knew what had been waiting at the end of it, all those nights when {own}.",
]
#: the same, of what is theirs ("all those nights when his late wife kept setting the table for two")
PREMISE_OWN_TRUE_THEIRS = [
    "It had only ever been calling {O} here, all those nights when {POS} {own_theirs}.",
    "Now {S} knew what had been waiting at the end of it, all those nights when {POS} {own_theirs}.",
]
#: the premise happening in the story, once, in front of the protagonist ({event}: "the signal
#: repeated a dead woman's voice"; {own_rest}: "heard her dead son on the baby monitor"), then
#: how it was to hear or to see it
PREMISE_HAPPENS = [
    "In {room} it happened in front of {O}, the way people said it did, and there was no telling it away afterwards: {event}.",
    "{S_cap} had never quite believed it until {room}, where it happened while {S} stood there: {event}.",
    "It happened in {room}, plainly, with nothing to blame it on, not the dark and not the tiredness: {event}.",
]
#: the same, when what happens happens out of doors ("the village gave one person to the sea"):
#: seen from where the protagonist is
PREMISE_HAPPENS_AFAR = [
    "From the window of {room} {S} watched it happen, the way people said it did: {event}.",
    "{S_cap} saw it from {room}, and could not look away, and could not have stopped it: {event}.",
]
#: a happening out of doors, by the words of its place
OUT_OF_DOORS = re.compile(r"(?i)\b(sea|lake|river|woods|forest|field|fields|shore|beach|sky|road|moor|marsh|"
                          r"harbour|harbor|bay|cliffs?|orchard|garden|yard|churchyard|graveyard)\b")
PREMISE_OWN_HAPPENS = [
    "It came again in {room}, and this time there was no putting it down to tiredness or the dark: {S} {own_rest}.",
    "Then, in {room}, it happened the way it happened at home, only nearer, and plainer: {S} {own_rest}.",
    # of what is theirs ("my late wife kept setting the table for two")
    "It came again in {room}, and this time there was no putting it down to tiredness or the dark: {POS} {own_theirs}.",
    "Then, in {room}, it happened the way it happened at home, only nearer, and plainer: {POS} {own_theirs}.",
]
#: what comes just before it happens, heard or seen
PREMISE_BEFORE_HEARD = [
    "Everything in {room} went quiet at once, the way a room goes quiet before someone speaks.",
    "First there was only {sound}, and then, under it, something that was not part of it.",
]
PREMISE_BEFORE_SEEN = [
    "Nothing in {room} gave any warning; that was the worst of it, afterwards.",
    "{S_cap} had turned to go when the light in {room} changed.",
]
PREMISE_HEARD = [
    "All {S} could do was stand very still and listen until it stopped, and it took a long time to stop.",
    "It lasted as long as it takes to say a name twice; then it stopped, and the quiet after it was worse.",
]
PREMISE_SEEN = [
    "All {S} could do was watch, and afterwards {S} could not have said how long it took.",
    "It was over in less time than it takes to tell, and {S} stood a long while after, not trusting {POS} legs.",
]
#: the premise again, once, in the middle (found written down by someone who knew it before:
#: no longer a story) and at the end (true all along)
PREMISE_ECHO = [
    "Someone had known it before {O}: scratched small into the wood of {room}, over and over, were the same few words: {premise}.",
    "In {room} {S} found a scrap of paper folded very small, the way a thing is hidden to be found, and on it, in a child's capitals: {premise}.",
    "On the wall of {room}, under years of grime, someone had written it out in pencil: {premise}. Under it ran a list of dates, and the last one was this year.",
]
PREMISE_TRUE = [
    "So it was true, then, what people said about {place}: {premise}.",
    "It had never been only a story, that {premise}, and now {S} {WAS} part of how it went on.",
    "What people said about {place} had been the plain truth, and still was: {premise}.",
]
#: the plant that keeps the thing, and the one that puts it back (to be taken up later, a choice)
KEPT_AT_ONCE = "{S} picked up {E_FIRST}, turned {E_IT} over, meant to put {E_IT} back, and did not."
PUT_BACK = "{S} picked up {E_FIRST}, turned {E_IT} over, and put {E_IT} back exactly where {E_THEY} had been."
PLANT = [
    "It was in {room} that {S} first noticed {E_FIRST}.",
    "{S} saw {E_FIRST} almost at once, and looked at {E_IT} a moment longer than made sense.",
    "There {E_WAS} {E_FIRST} near {obj}, as if someone had meant {E_IT} to be found and then lost their nerve.",
    "{E_FIRST_CAP} {E_WAS} the only thing in {room} without a film of dust on {E_IT}.",
    KEPT_AT_ONCE,
    PUT_BACK,
    "Among everything else, {E_FIRST} caught the light and held it.",
]
#: first seen and taken (besides KEPT_AT_ONCE): the thing carried to the end, when no later
#: choice takes it up
TAKEN = [
    "There {E_WAS} {E_FIRST} near {obj}, as if someone had meant {E_IT} to be found; {S} took {E_IT} without quite deciding to.",
    "{E_FIRST_CAP} {E_WAS} the only thing in {room} without a film of dust on {E_IT}, and {S} took {E_IT}, the way you take a thing left out for you.",
    "It was in {room} that {S} first noticed {E_FIRST}, and when {S} left {room}, {E_THEY} went too.",
]
PLANT_TAKEN = [KEPT_AT_ONCE, *TAKEN]
#: a key element no one carries (a mark, a part of the building): seen, returned to, where it ends
PLANT_FIXED = [
    "{S} noticed {E_FIRST} almost at once, and did not like what {S} saw.",
    "It was in {room} that {S} first saw {E_FIRST}, and something in {O} went very quiet.",
]
PLANT_MOTIF = [
    "The first hint of {E} came in {room}, faint enough to doubt.",
    "{S} noticed {E} early, and pretended for a while not to have.",
]
ARRIVE = [
    "Inside, {room} opened around {O}: {room_desc}.",
    "{S} found {room} first, {room_desc}.",
    "The door gave onto {room}, {room_desc}, and shut behind {O} without being pushed.",
    "{room_cap} {room_was} {room_desc}; {S} stood in it and let {POS} eyes adjust.",
]
#: first person: the narrator's name, said once, early
NAMED = [
    "\"{HN}?\" {C} said when I came in, as if checking I was still the person who had set out.",
    "\"You'll be {HN},\" {C} said, and it was not a question, and I did not like that it was not.",
    "My name is {HN}, and I am setting this down in order while I still trust the order.",
    "My name is {HN}; I mention it because, for a while in {place}, I was not sure of it.",
    "I signed the book by the door as {HN}, and the ink took a long time to dry.",
    "The note that brought me had my name on it, {HN}, in capitals, so there would be no mistake about who was meant.",
]
MEET = [
    "{C} was already there, and looked at {O} the way people look at bad news arriving.",
    "\"You came, then,\" {C} said, and did not sound glad about it.",
    "{C} had kept a lamp lit, and the first thing {C_S} said was that {C_S} had not slept.",
    "{C} met {O} at the door, talking too fast, about nothing, the way frightened people do.",
    "{C} opened the door before {S} could knock, as if {C_S} had been standing just behind it.",
    "{C} was sitting on the bottom stair with {C_POS} coat still on, and got up too quickly.",
    "{C} was waiting at the gate with a torch, and held it on {POS} face a moment too long before lowering it.",
    "{C} had not slept either, by the look of {C_O}, and had locked every door already.",
]
#: an animal companion ("her dog Buster") at the arrival, and in place of COMPANION_LINES
ANIMAL_MEET = [
    "{C} came too, as {C} always did, nose down, close at {POS} heel.",
    "{C} had been uneasy the whole way, and at the threshold of {place} sat down and would not move until called twice.",
    "{C} went in first, the way {C} always did, and came straight back out again.",
]
ANIMAL_LINES = [
    "{C} growled at the way into {room}, low and steady, and would not go in.",
    "{C} went rigid, staring at nothing in the corner, the fur along {C_POS} back standing up.",
    "{C} stopped dead in {room} and stared at a spot just above {POS} shoulder.",
    "{C} pressed against {POS} legs, trembling, and would not be coaxed a step further.",
    "{C} would not settle, and kept watching the dark at the end of {room}.",
    "{C}'s ears went up at a sound {S} could not hear, and stayed up.",
    "{C} sniffed at {E} and backed away from {E_IT}, ears flat.",
    "When {S} looked round, {C} was facing the wall of {room}, perfectly still, as if listening to it.",
]
CLOSE = [
    "When {S} looked back, the way into {place} was harder to see than it should have been.",
    "Behind {O}, something in {room} latched that {S} had not touched.",
    "Outside, {wx_short}; inside {place}, the air was still, and the stillness had a shape.",
    "The light from outside reached a little way into {place} and stopped, as if it knew better.",
    "{S} had the feeling, very clearly, of having been expected.",
    "Somewhere deeper in {place} a door closed, politely, as if to say that was enough for now.",
    "The cold in {place} was not the cold outside: it was older, and it was patient.",
    "Nothing moved in {place}, and the nothing had been arranged.",
]
#: the antagonist's method, four escalating steps, two tellings each
METHOD = {
    "imitation": [
        ["A voice called {POS} name from {room}, in the exact tone of someone long gone.",
         "Someone answered {O} from {room} in a voice {S} had known all {POS} life."],
        ["For a heartbeat the face at the window of {room} was a face {S} trusted, and then it was not a face at all.",
         "{A} stood at the end of {room} wearing the face of someone {S} loved, and smiled with it badly."],
        ["{C} came back from {room}, and walked a little wrong, and blinked a little late.",
         "The thing that came back wearing {C}'s coat did not know which hand {C} wrote with."],
        ["{A} spoke from the dark in {POS} own voice, saying things {S} had only ever thought.",
         "The voice that begged {O} to open the door of {room} was {POS} own, word for word, breath for breath."],
    ],
    "possession": [
        ["The things of the dead had moved in the night: {obj} stood where it had never stood.",
         "{obj_cap} had been moved, carefully, the way someone sets a place for a guest."],
        ["{S} dreamed of {A} and woke with {POS} hands cold, as if they had been held.",
         "In the dream {A} sat on the end of the bed and explained, kindly, how it would go."],
        ["{POS_CAP} hands did something {S} had not asked them to: they reached for {keepsake} and held on.",
         "{S} found {REFL} standing in {room} with no memory of the stairs."],
        ["{A} pressed in from behind {POS} eyes, trying {O} on like a coat.",
         "For a long, terrible moment in {room} {S} {WAS} a passenger, watching {POS} own hands work."],
    ],
    "gaslight": [
        ["Things had moved, {obj} among them, and when {S} said so, {C} said they had always been there.",
         "The door of {room} that {S} had locked was open, and the key was on its hook, as if it had never left."],
        ["{POS_CAP} own notes about {A} said one thing and {POS} memory said another, in the same handwriting.",
         "The list {S} had written in {room} had a line added at the bottom, in {POS} hand."],
        ["{C} said gently that none of it had happened, and {C_S} said it as if {C_S} had been told to.",
         "Everyone agreed, kindly and at once, that {S} had imagined {A}."],
        ["{A} offered a story that explained everything, and the worst of it was how well it fitted.",
         "{A} told the night back to {O} in a calm voice, and in that version {S} {WAS} the danger."],
    ],
    "haunting": [
        ["The cold came first, a patch of it in {room} that breath could not warm.",
         "Something knocked inside the wall of {room}, three times, and then once more, late."],
        ["{A} was there at the edge of sight, and gone when {S} turned.",
         "In a dark pane of glass in {room}, {A} stood behind {O} for exactly as long as {S} did not turn."],
        ["{A} stood in the only way out and did not move, and the cold came off {A_O} in waves.",
         "The way out of {room} was blocked, not by a door but by {A}, waiting."],
        ["{A} touched {O} then, and the cold went in to the bone and stayed.",
         "A hand closed on {POS} wrist in {room}, and it was not a living hand."],
    ],
    "signal": [
        ["The same pattern came again, in {sound}, three short and one long, where no pattern should be.",
         "Someone had drawn the same shape on {obj} and on the wall of {room}, a spiral with a gap."],
        ["When {S} tapped the pattern back on {obj_the}, something far down answered, exactly, and then added a line.",
         "{S} hummed the pattern under {POS} breath, and the whole of {place} seemed to lean in to listen."],
        ["The pattern was in everything now, in {sound}, in the grain of the floor, in {POS} own pulse.",
         "{S} looked at {obj} and saw the pattern in it, and could not unsee it, and the edges of {room} went soft."],
        ["The pattern completed itself in {room}, and something on the other side of it began, very slowly, to come through.",
         "A door that was not a door opened in the dark of {room}, and {A} was on the other side of it."],
    ],
    "stalking": [
        ["Someone had been inside while {S} {WAS} out: {obj} had been turned to face the door.",
         "There was a wet print on the floor of {room}, larger than {POS} own, pointing inward."],
        ["{A} stood at the far end of {room}, watching, and when {S} blinked the space was empty.",
         "Through the window {S} saw {A} standing quite still, looking back, and then not there."],
        ["The way out had been cut: the door wedged, {POS} lamp smashed, {obj} dragged across the gap.",
         "{A} had been busy in the dark, and every way out of {place} had been closed by hand."],
        ["{A} came in, without hurry, the way someone comes home.",
         "The door gave, and {A} stepped through it into the light and let {O} look."],
    ],
    "trap": [
        ["Everything in {room} had been prepared for a visitor: a cup set out, still warm, a chair pulled close.",
         "Someone in {place} had been kind in advance, and the kindness did not add up."],
        ["The door of {room} locked behind {O} with a sound like a small, satisfied word.",
         "The way {S} had come into {place} was locked now, from the outside, neatly."],
        ["The truth was plain in {room}: a lamp left lit, a cup still warm, a door left open, all bait.",
         "{S} understood that {place} had been arranged, like a table, for {O}."],
        ["The trap in {room} closed, quietly, the way a well-made thing does.",
         "Every door in {place} shut at once, and {A} began to walk toward {room}."],
    ],
    "bargain": [
        ["{A} offered help in a friendly voice, and asked only for something small in return.",
         "A voice from {room} offered a trade, and made it sound like a kindness."],
        ["Something small was gone, taken without asking by {A}: {POS} name had faded from {POS} own memory.",
         "{S} could not remember {POS} mother's face, and knew, at once, that {A} had taken it."],
        ["The price {A} asked had grown in the dark: {S} could not feel {POS} left hand, and it did not hurt, and that was worse.",
         "{A} took more as the night went on, and every taking was polite."],
        ["{A} came to collect, and brought the paper, and {POS} own signature was on it.",
         "\"Paid in full, {HN},\" {A} said, and held out a hand."],
    ],
}
#: the antagonist first seen, when the threat's own steps have not shown it by then
FIRST_SIGHT = [
    "That was the first time {S} saw {A}: at the far end of {room}, quite still, and then not there.",
    "{S} saw {A} for the first time in {room}, only for a moment, and knew at once {A_S} had been watching far longer.",
    "At the edge of the light in {room} stood {A}, not moving, the way a thing stands when it has all night.",
    "Across {room}, half in shadow, stood {A}, watching {O} the way one watches a clock.",
    "{S} looked up in {room} and {A} was there, in the doorway, as if {A_S} had always been.",
    "The first sight of {A} came in {room}: a shape by the far wall that turned its head exactly when {S} did.",
]
#: the protagonist's body and mind, by intensity (quiet, fear, visceral)
REACT = [
    ["{S} let a breath go slowly and told {REFL} {room} was only a room.",
     "A small cold thought about {A} settled at the back of {POS} neck and stayed there.",
     "{S} found {REFL} listening to {room} harder than {S} wanted to.",
     "{POS_CAP} fingers had gone still on {obj}, as if waiting for permission.",
     "{S} counted to ten in {room}, the way {S} used to as a child, and did not finish.",
     "{S} swallowed, and the swallow was loud in the quiet of {room}.",
     "A prickle ran over {POS} scalp at the thought of {A}, and went away, and came back.",
     "{S} noticed {S} {WAS} whispering to {obj_the}, and stopped.",
     "It was nothing, {S} decided about {obj_the}, and decided it again a minute later.",
     "{POS_CAP} mouth had gone dry somewhere between the door and {room}."],
    ["{POS_CAP} heart had started to hammer, and {S} could hear it over {sound}.",
     "Sweat ran cold down {POS} back, and {room} seemed to lean closer.",
     "{S} backed against the wall of {room} and felt {POS} knees try to give.",
     "{POS_CAP} hands shook too much to hold the light steady on {obj_the}.",
     "Fear of {A} came up {POS} throat like water in a drowning room.",
     "{S} pressed a fist against {POS} mouth so that {A} would not hear.",
     "Every muscle in {POS} body wanted to run from {room}, and {S} held {REFL} still by force.",
     "{POS_CAP} breath came short and ragged, much too loud in {room}.",
     "{S} realised {S} {WAS} shaking, and that {A} could surely see it.",
     "The fear of {A} was physical now, a weight on the chest, a hand at the throat.",
     "{S} could not feel {POS} fingers, and did not dare look down at them.",
     "Every sound in {room} seemed to be {A}, and then one of them was.",
     "{S} tried to swallow and could not; fear had {O} by the throat and would not let go.",
     "{POS_CAP} legs went to water in {room}, and {S} had to put a hand flat to the wall to stay up.",
     "Something in {POS} chest had turned over and would not turn back."],
    ["Blood roared in {POS} ears, and a scream tried to climb out of {POS} throat in {room}.",
     "{S} bit {POS} own tongue to keep quiet in {room} and tasted iron.",
     "{POS_CAP} nails split against {obj_the}, and {S} did not feel it until later.",
     "The terror of {A} was animal and total; {S} {WAS} nothing but a heartbeat with legs.",
     "Something wet ran into {POS} eye in {room}, and {S} did not stop to find out whose it was.",
     "{S} vomited against the wall of {room}, wiped {POS} mouth and kept going.",
     "There was blood under {POS} nails, and some of it was {POS} own, and some was on {obj_the}.",
     "{POS_CAP} heart slammed so hard it hurt, a fist against the ribs, as {A} came on.",
     "{S} heard {REFL} making a thin, high sound in {room} and could not stop it.",
     "Pain came later; for now there was only the need to get away from {A}.",
     "{S} could smell {POS} own fear in {room}, sour and animal.",
     "A sob came out of {O} in {room} that {S} did not recognise as {POS} own.",
     "{S} ran, and {POS} body ran better than {POS} mind, and for once that was right."],
]
SEARCH = [
    "{S} went through {room} slowly, drawer by drawer, as if the place might bite.",
    "There was nothing for it but to search, and {S} started with {obj}.",
    "{S} worked through {room} by the light there was, touching as little as possible.",
    "The search of {room} took longer than it should have, because {S} kept stopping to listen.",
    "{S} searched {room} the way you search a stranger's coat, quickly, half ashamed.",
    "Every cupboard in {room} was empty but one, and {S} left that one for last.",
    "{S} lifted things in {room} and put them back, and each was heavier than it should have been.",
]
CLUE_LEAD = [
    "That was when {S} noticed it, in {room}.",
    "It was small, and easy to miss in {room}.",
    "{S} would think about it later, more than once, far from {place}.",
    "Something else in {room} was wrong, quietly.",
]
#: clues heard of, or seen far from the room ("The dogs of the nearest farm …"): led in only by
#: a lead that does not put them in the room
ELSEWHERE = re.compile(r"(?i)\b(nearest|town|farm|village|they spoke|people said)\b")
USE = [
    "{S} used {E} the only way that made sense, and it made things worse.",
    "When {S} held {E} up, everything in {room} went still, and then, slowly, turned toward {E_IT}.",
    "{E_CAP} did something then {E_THEY} had not done before, and {A} noticed.",
    "{S} set {E} down in the doorway of {room}, and the dark on the other side drew back a little.",
    "It was {E} that showed the way down, and {S} wished afterwards that {E_THEY} had not.",
    "{S} raised {E} between {O} and {A}, and for a moment {A} came no nearer.",
]
USE_FIXED = [
    "Every way through {place} seemed to lead back to {E}, and in the end {S} let it.",
    "{S} went back to {E} again, and this time understood what {S} {WAS} looking at.",
]
USE_MOTIF = [
    "Then {E} came again, closer, and it was no longer possible to pretend.",
    "{E_CAP} filled {room}, and {S} understood it had been a warning from the start.",
]
#: the same, for a motif seen rather than heard ("a red door that appeared in every house")
USE_MOTIF_SEEN = [
    "Then {E} was there again, nearer, and it was no longer possible to pretend.",
    "{S} saw {E} again in {room}, and understood it had been a warning from the start.",
]
SOLVE = [
    "{S} remembered {E}, and knew at last what {E_THEY} had been for.",
    "{S} held {E} out toward {A} with both hands, the way you hold something you mean to break.",
    "With the last of {POS} strength {S} brought out {E}, and for the first time {A} faltered.",
    "It was {E} that ended it, in the end; {S} had carried {E_IT} all night without knowing why.",
    "{S} turned {E} on {A}, and the thing that had been patient all night was not patient any more.",
    "{S} let {A} come close, closer than anyone should, and then used {E}, and did not look away.",
    "{E_CAP} {E_WAS} all {S} had left, so {S} trusted {E_IT}, and {E_THEY} held.",
    "{S} pressed {E} into the dark where {A} stood, and the dark tore like wet paper.",
]
