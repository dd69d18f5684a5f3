"""Sentence templates for each event of a beat (data; ``prose`` picks, fills and checks them).

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
#: how a thing of its kind ends it, when the thing carried to the climax is one (matched as a
#: word of the element, plural or not: "the brass room key", "old photographs")
SOLVE_WITH = {
    "music box": [
        "{S} wound {E} and set {E_IT} down, and {A} stopped to listen, as if remembering being small.",
        "{S} let {E} play to the end, and when the last note went, {A} went with it."],
    "key": [
        "{S} got {A} through the door of {room} and turned {E} in the lock, and held on while the handle shook.",
        "{S} locked {A} in {room} with {E}, and stood with {POS} back to the door until the knocking stopped."],
    "mirror": [
        "{S} turned {E} on {A}, and whatever {A} saw in the glass held {A} there, quite still, until the light came.",
        "{S} held up {E}, and in the glass {A} was only a shape, and then not even that."],
    "photograph": [
        "{S} held up {E}, and {A} looked at the faces in {E_IT} for a long time, and the looking was what ended it.",
        "{S} showed {A} {E}, and {A} knew the faces, and the knowing was what {S} had been counting on."],
    "candle": [
        "{S} put the flame of {E} to the dry old wood of {room}, and let {place} burn with {A} inside.",
        "{S} held {E} up high, and {A} would not come into the light, and the light did not go out."],
    "bell": [
        "{S} rang {E} until {POS} arm ached, and at the sound {A} came apart like smoke.",
        "{S} rang {E} three times, the way the old stories said, and {A} had to answer."],
    "book": [
        "{S} read aloud from {E} the one name in {E_IT} that mattered, and {A} flinched from it as from a blow.",
        "{S} opened {E} at the last page and read what was written there to {A}, and {A} had no answer."],
    "doll": [
        "{S} broke {E} across {POS} knee, and somewhere in {room} {A} broke too.",
        "{S} threw {E} into the dark where {A} stood, and heard two things hit the floor."],
    "rope": [
        "{S} got {E} round the door of {room} and knotted {E_IT} tight, and {A} was on the wrong side of it.",
        "{S} looped {E} through the handles and pulled, and {A} was shut in with whatever it had kept there."],
    "salt": [
        "{S} emptied {E} across the threshold of {room} in one unbroken line, and {A} could not cross it.",
        "{S} flung {E} at {A}, and {A} screamed like a kettle and was gone."],
    "tape": [
        "{S} pressed play on {E}, and the voice on {E_IT} said the name of {A}, and {A} stopped.",
        "{S} turned {E} up as loud as {E_THEY} would go, and {A} could not bear to hear its own voice."],
    "whistle": [
        "{S} put {E} to {POS} lips and blew one long note, and everything in {place} that had been listening turned toward the sound, {A} with it, and away from {O}.",
        "{S} blew {E} until {POS} lungs burned, and {A} could not stand the sound, and went."],
    "knife": [
        "{S} used {E} once, the way {S} had been afraid all night {S} would have to, and {A} went down and did not get up.",
        "When {A} closed in, {S} had {E} ready, and struck, and struck again, until {A} was still."],
    "compass": [
        "{S} let the needle of {E} lead {O} out of {place} through the dark, and {A}, with no needle to follow, lost {O}.",
        "{S} followed {E} step by step away from {A}, never once looking back, until {place} was behind {O}."],
    "map": [
        "{S} found on {E} the one way out of {place} that {A} did not know, and took it, and left {A} behind.",
        "{S} followed {E} to the door nobody used, and out, and {A} lost {O} in the turning."],
    "telescope": [
        "{S} turned {E} on {A}, and through the glass {A} was small and far away, and it stayed that way.",
        "{S} found in {E} the far, cold point {A} had come from, and named it aloud, and {A} went back to it."],
    "flare": [
        "{S} fired {E} straight at {A}, and red light filled {room}, and when it faded {A} was gone.",
        "{S} set off {E}, and in the red glare {A} could not bear to be seen, and backed into the dark and kept going."],
    "locket": [
        "{S} opened {E} and held up the face inside, and {A} saw whose face it was, and let go.",
        "{S} pressed {E} into {A}'s hand, and {A} closed a hand on it, and was quiet at last."],
    "watch": [
        "{S} stopped {E} at the hour it had all begun, and {A} stopped with it.",
        "{S} wound {E} back to the hour it had all begun, and {A} went back there with it, where it could not reach {O}."],
    "teddy": [
        "{S} held out {E}, and {A} took it the way a child takes back a thing it lost, and was quiet.",
        "{S} set {E} down between {O} and {A}, and {A} stopped, and looked at it a long time, and did not come on."],
    "radio": [
        "{S} turned {E} all the way up, and the hiss of it filled {room}, and {A} could not be heard over it, and could not bear it.",
        "{S} turned {E} up as loud as it would go, and whatever {A} said was lost under the noise."],
}
#: how a thing of its kind is used before the end, to find something out (same kinds as SOLVE_WITH)
USE_WITH = {
    "music box": [
        "{S} wound {E} in {room}, and under its tune, very faintly, something else in {place} began to hum along.",
        "{S} opened {E}, and the tune it played was one {S} had known as a child, though {S} had never heard it before."],
    "key": [
        "{S} tried {E} in every lock in {room}, and the one that gave was a door {S} had not noticed until then.",
        "{S} turned {E} in the lock of a door in {room}, and it opened on a smell of old, shut air."],
    "mirror": [
        "{S} angled {E} toward the dark end of {room}, and in the glass someone stood there who was not there without it.",
        "In the glass of {E}, {room} was a little different: a door where there was none, and {A} waiting beside it."],
    "photograph": [
        "{S} held {E} up against {room}: the same room, the same chair, and in the picture someone was sitting in it.",
        "{S} looked again at {E} in the light of {room}, and one of the faces had turned a little toward the camera."],
    "candle": [
        "{S} lit {E}, and in its light the marks on the walls of {room} made words.",
        "{S} held {E} up in {room}, and the flame leaned, steadily, toward the one corner {S} had not looked in."],
    "bell": [
        "{S} rang {E} once in {room}, and somewhere in {place} something answered on the same note.",
        "{S} rang {E}, and the silence after it was the listening kind."],
    "book": [
        "{S} read {E} by what light there was in {room}, and the last written page described {room}, and someone standing in it.",
        "{S} opened {E} at random in {room}, and it fell open at a page about tonight."],
    "doll": [
        "{S} set {E} down in {room}, and when {S} looked back, {E_THEY} had turned to face the door.",
        "{S} turned {E} over in {POS} hands, and something inside shifted, like a loose tooth."],
    "rope": [
        "{S} knotted {E} round {POS} wrist and the other end to the door of {room}, so as to find the way back.",
        "{S} let {E} down into the dark at the back of {room}, and something at the bottom took hold of the end, and pulled, once."],
    "salt": [
        "{S} poured {E} in a line across the doorway of {room}, and in the night the line was scuffed from the other side.",
        "{S} scattered {E} on the floor of {room}, and by morning there were prints in it that came from nowhere."],
    "tape": [
        "{S} played {E} in {room}, and under the hiss a voice said the name of {place}, and then {POS} own name.",
        "{S} wound {E} back and played it again in {room}, and this time there was one voice more on it."],
    "whistle": [
        "{S} blew {E} once in {room}, and far off in {place} something whistled back.",
        "{S} turned {E} over, and someone had scratched a name into it: the name of someone who had never left {place}."],
    "knife": [
        "{S} kept {E} in {POS} hand after that, and its weight was the only thing in {place} that felt true.",
        "{S} cut the cord that held the door of {room} shut with {E}, and wished, afterwards, that {S} had not."],
    "compass": [
        "The needle of {E} would not point north in {room}; it pointed at the floor, and held there.",
        "{S} watched the needle of {E} swing toward {A} wherever {A} went, like a dog that knows its master."],
    "map": [
        "{S} spread {E} out in {room}, and there was a room marked on it that {S} had not found, with a cross in pencil.",
        "On {E} someone had drawn {place} by hand, and written beside one room, very small: do not."],
    "telescope": [
        "{S} put {POS} eye to {E} and found, far out in the dark, a light where no light should be, and it was looking back.",
        "Through {E} the dark beyond {place} was full of small, patient shapes, and every one of them faced this way."],
    "flare": [
        "{S} checked {E} in {room}: one flare left, and no more.",
        "{S} fired {E} once into the sky above {place}, and in the red light saw how many of them there were."],
    "locket": [
        "{S} opened {E} in {room}, and the face inside was one {S} had seen that night, in a doorway.",
        "{S} found {E} warm against {POS} skin, as if someone had been holding it."],
    "watch": [
        "{S} looked at {E} in {room}: it had stopped at the hour it had all begun, and when wound, it ran backwards.",
        "{S} checked {E} in {room}; an hour had gone that {S} could not account for."],
    "teddy": [
        "{S} picked {E} up in {room}, and it was damp, as if it had been held by someone crying.",
        "Someone had sewn a name into the seam of {E}, in red thread: a child's name, and tonight's date."],
    "radio": [
        "{S} switched on {E} in {room}, and through the static a voice read out names, slowly, and {POS} own was the last.",
        "{S} turned {E} down low in {room}, and under the static there was breathing."],
}
for _same, _kind in (("blade razor dagger scissors cleaver scalpel", "knife"), ("chart", "map"),
                     ("spyglass binoculars", "telescope"), ("pendant", "locket"), ("stopwatch", "watch"),
                     ("toy", "teddy"), ("transistor walkie", "radio"), ("lamp", "candle"),
                     ("bugle horn", "whistle"), ("lantern match", "candle"), ("photo portrait picture", "photograph"),
                     ("diary journal logbook ledger letter notebook bible file dossier", "book"),
                     ("chain", "rope"), ("recorder recording cassette", "tape"), ("effigy puppet", "doll")):
    for _word in _same.split():
        SOLVE_WITH[_word], USE_WITH[_word] = SOLVE_WITH[_kind], USE_WITH[_kind]
SOLVE_FIXED = [
    "It ended at {E}, where {S} had known all night it would.",
    "{S} drew {A} to {E}, and there, at last, {A} could come no further.",
]
SOLVE_MOTIF = [
    "{S} answered {E} at last, aloud, and the dark did not know what to do with the answer.",
    "When {E} began again, {S} did not run from it; {S} went toward it, and that was what ended things.",
]
SOLVE_MOTIF_SEEN = [
    "{S} went toward {E} at last instead of away, and that was what ended things.",
    "{S} faced {E} and did not look away, and whatever was behind it could not bear being looked at.",
]
#: intensity 8 and over: the antagonist kills (the companion, or a stranger when there is none)
DEATH = [
    "{C} screamed once, somewhere in {room}, and the scream stopped halfway, and the quiet after it was worse.",
    "{S} found {C} in {room}, what {A} had left of {C_O}, laid out with terrible care.",
    "{C} went to check the door of {room} and did not come back, and when {S} went after {C_O} there was only the blood, a great deal of it, and a drag mark into the dark.",
]
DEATH_AFTER_LEAVING = [
    "{C}'s torch turned up later at the edge of {room}, still lit, in a spreading dark pool, and {C} never did.",
    "{S} found {C} at last in {room}, sitting against the wall as if resting, and {C_S} {C_WAS} not resting.",
]
ANIMAL_DEATH = [
    "{C} yelped once, somewhere in {room}, and after that there was no sound from {C_O} at all.",
    "{S} called and called for {C}, and in the end found {C_O} in {room}, and stopped calling.",
    "{S} found {C} in {room}, very still, and could not look for long at what {A} had done.",
]
DEATH_OF_A_STRANGER = [
    "There had been someone else in {place} after all: {S} found {A_POS} last visitor in {room}, and would not forget the face.",
    "In {room} lay the caretaker who had given {O} the key, and {A} had not been quick about it.",
]
ANTAGONIST_LINES = [
    "\"You can stop pretending you didn't hear me, {HN},\" said {A}, from somewhere close.",
    "\"I've kept your place in {place} warm,\" {A} said.",
    "\"Nobody leaves {place} twice,\" said {A}.",
    "\"Say my name,\" {A} whispered, \"and I'll make it quick.\"",
    "\"You were always going to come back to {place},\" said {A}.",
    "\"You can stop running now, {HN},\" {A} said, almost gently.",
    "\"I know what you did in {room},\" {A} said.",
    "\"Closer, {HN},\" said {A}, \"I can't see you properly from here.\"",
    "\"Every door in {place} is mine,\" said {A}, \"and you keep opening them.\"",
    "\"Don't be frightened,\" {A} said, \"it is so much worse when you are frightened.\"",
    "\"Nobody is coming for you, {HN},\" said {A}, quite kindly.",
    "\"I have been so patient,\" {A} whispered from the dark of {room}.",
    "\"Look at me properly, {HN}, just once,\" said {A}.",
    "\"You should have stayed where it was warm, {HN},\" {A} said.",
]
COMPANION_LINES = [
    "\"We should go, {HN},\" {C} said, \"now, before it gets any darker.\"",
    "\"Did you hear that, {HN}?\" {C} asked, very quietly.",
    "\"Don't touch anything else in {room},\" {C} said.",
    "\"{place_cap} wasn't like this last time,\" said {C}.",
    "\"Tell me you saw it too, {HN},\" {C} said, and waited too long for an answer.",
    "\"Stay where I can see you, {HN},\" {C} said.",
    "\"I heard {A} say your name,\" {C} whispered, \"so why does it know your name?\"",
    "\"This is how it started last time, in {room},\" said {C}.",
    "\"Whatever you're thinking of doing with {E}, {HN},\" {C} said, \"don't.\"",
    "\"I want to go home from {place},\" {C} said, and it sounded like {C_S} meant a long time ago.",
    "\"Keep your voice down in {room}, it listens,\" {C} said.",
    "\"How long have we really been in {place}, {HN}?\" {C} asked.",
    "\"I counted the doors on the way in,\" {C} said, \"and there's one more now.\"",
    "\"If I say run, {HN}, you run, and you don't look back for me,\" {C} said.",
    "\"Don't answer it,\" {C} said quickly, \"whatever it sounds like.\"",
    "\"You're shaking,\" {C} said, and then, more quietly, \"so am I.\"",
    "\"It has known we were here since the door, {HN},\" {C} said.",
    "\"Tell me this is the way we came,\" {C} said, and it was not.",
    "\"I dreamed about {room} before I ever saw it,\" {C} said, not looking at anyone.",
    "\"Whatever happens,\" {C} said, \"don't let it use my voice on you.\"",
]
#: what became of the first companion, at the end: one who walked off alone, one who got out too
AFTER_LEFT = [
    "{C} was never found; people who knew {place} still say {C_S} walked out into the dark and kept walking.",
    "Nobody ever found {C}, though for years afterwards {S} turned at footsteps that might have been {C}'s.",
]
AFTER_SURVIVOR = [
    "{C} got out too, and never once spoke of {place} afterwards, not even to {O}.",
    "{C} came out of {place} beside {O}, and for a long time after would not sleep with the light off.",
    "{C} lived, and kept in touch, and never once suggested meeting anywhere near {place} again.",
]
#: the same, when the protagonist had been dead all along: out alone
AFTER_SURVIVOR_ALONE = [
    "{C} got out alone at first light, and never once spoke of {place} afterwards.",
    "{C} came out of {place} alone, and for a long time after would not sleep with the light off.",
]
AFTER_ANIMAL = [
    "{C} came out of {place} at {POS} heel, and would never again go near it.",
    "{C} got out too, and to the end of {C_POS} days would not walk past the road to {place}.",
]
#: what became of the companion the twist unmasked as the killer ({U})
#: the companion the twist turned ("Mark had committed her"), at the end
AFTER_TURNED = [
    "{C} visits, sometimes, and brings flowers, and sits a long time, and never once meets {POS} eyes.",
    "{C} was waiting outside in the morning with the engine running, and smiled, and asked if {S} had slept.",
    "{C} told everyone afterwards how hard it had been for {C_O}, and they all agreed, and nobody asked {O}.",
]
AFTER_UNMASKED = [
    "They never found {U} afterwards, only the mask, folded neatly, on the step of {place}.",
    "{U} was never caught; some nights the phone still rings once, late, and no one is there.",
]
#: the imitation's third step while every companion is still there (none whose face it wears)
IMITATION_OF_A_STRANGER = [
    "Someone came back out of {room} wearing a face {S} knew, and walked a little wrong, and blinked a little late.",
    "The thing that came out of {room} wore a kind, familiar face, and did not know what to do with its hands.",
]
#: after the twist unmasks a companion ("Jules is the killer") as the masked one ({A} until then)
UNMASKED = [
    "Whoever had worn the mask all night had only ever been {U}.",
    "There had never been anyone else in {place}; there had only ever been {U}, and the mask, and the dark.",
    "Every time the mask had stood in a doorway that night, it had been {U} standing there.",
]
LAND = [
    "{S} pulled a dust sheet from the biggest shape in {room} and saw what had been kept under it, and after that there was no pretending: {reveal}.",
    "Then {A} stepped into the light of {room}, close enough to touch, and let {O} look, and {S} understood that {reveal}.",
    "Pinned inside a cupboard in {room} was a yellowed page in a careful hand, and {S} read it until the words stopped changing: {reveal}.",
    "The light swung across {room} and caught a face {S} knew, and in that instant {S} knew the rest: {reveal}.",
    "{S} tried the last door in {room}, and behind it was the answer, waiting with its hands folded: {reveal}.",
]
LAND_AFTER = [
    "Everything {S} had been told in {place} meant something else now.",
    "{S} thought back over the night in {place} and found it all rearranged, each small wrongness in its place.",
    "The last hours in {place} turned over like a card, and the other side was worse.",
]
TURN = [
    "The plan against {A} had been a good one, and it failed all at once.",
    "What {S} had been sure of an hour ago was wrong, and {A} had known it all along.",
    "{S} had thought {A} was following; it was the other way round.",
    "Somewhere in the last hour the rules of {place} had changed, and nobody had told {O}.",
    "{S} saw, too late, that every door {S} had opened had been left open for {O}.",
]
CONFRONT = [
    "{A} came across {room} without hurry, and {S} did not run.",
    "There was nowhere left to go but toward {A}, so {S} went.",
    "{S} turned to face {A} in {room}, with nothing in {POS} hands but what {S} had carried all night.",
    "{A} was waiting in {room}, as if {S} had been expected, as if a place had been set.",
    "{S} stopped running in {room}; there was no sense in it any more, and {A} knew it too.",
    "{S} stood {POS} ground in {room}, because the only other way was to be taken from behind.",
]
ENDING = {
    "dead": ["{S} stayed in {place}, in the end; somebody had to keep the watch, and the dead keep poor time.",
             "In the morning there were two sets of prints in the dust of {room}, and only one of them was new.",
             "If anyone comes to {place} now, they are greeted kindly, by someone who has been there a very long time."],
    "unreal": ["Which parts of that night were real is a question {place} has never answered.",
               "Sometimes the door of {room} is on the left again, and nobody else seems to notice."],
    "self": ["{S} understood at last who had been walking behind {O} in {place} all night.",
             "The footsteps in {room} still keep {POS} stride exactly; they always did."],
    "family": ["Whatever was in {place} had waited for family, and family had come.",
               "The face from the photograph in {room} looks back now from every dark window."],
    "trap": ["{place_cap} had been waiting for {O}, and it had been worth the wait.",
             "The bed in {room} is made up again, fresh, for the next guest."],
    "other": ["Nothing in {place} was quite what it had been, and neither {WAS} {S}.",
              "The last detail of {place} sat wrong, and would sit wrong for the rest of {POS} life."],
    "": ["{place_cap} was quiet when the light came, and the quiet was not peace, only patience.",
         "{S} left {place} at first light and did not look back, and that was a mistake.",
         "Months later, {S} still woke at the hour it had begun, listening for {sound}.",
         "{S} never went back to {place}, but some nights {S} still heard {sound}, very far off, and waited for it to come closer.",
         "Years later {S} saw {place} in a newspaper photograph, and a light was on in it that nobody could explain."],
}
AFTER_FIXED = [
    "Nobody went near {E} afterwards, and {S} never asked why.",
    "{S} dreamed of {E} for years afterwards, and in the dreams {S} {WAS} never alone there.",
]
#: an ending that has the protagonist leave alive (not for one dead all along)
LEFT_ALIVE = re.compile(r"carried out of|buried|Nobody believed|into a drawer|kept \{E\}, afterwards")
#: the end of the thing for one who had been dead all along, and never left
AFTER_STAYED = [
    "{E_CAP} {E_WAS} still in {place} when the light came, where {S} had set {E_IT} down; so, in a way, {WAS} {S}.",
]
#: the end of the prompt's motif, a happening no one can put in a drawer ("a lullaby that only
#: children could hear")
AFTER_MOTIF = [
    "{E_CAP} never came again, not once, and somehow that was worse than if it had.",
    "{S} never spoke of {E} afterwards, and when anyone else did, {S} left the room.",
    "For a long time afterwards {S} waited for {E} to come again, and it did not, and the waiting did not stop.",
    "Nobody believed {O} about {E}, and after a while {S} stopped telling the story.",
]
AFTER_MOTIF_SEEN = [
    "{S} never spoke of {E} afterwards, and when anyone else did, {S} left the room.",
    "For a long time afterwards {S} looked for {E} everywhere {S} went, and did not find it, and did not stop looking.",
    "Nobody believed {O} about {E}, and after a while {S} stopped telling the story.",
]
AFTER = [
    "{E_CAP} stayed where {S} had let go of {E_IT}, and nobody has moved {E_IT} since.",
    "{S} kept {E}, afterwards, and never once took {E_IT} out to look at.",
    "Of everything {S} carried out of {place}, only {E} {E_WAS} still warm.",
    "{S} buried {E} the next morning, deep, and did not mark the place.",
    "{E_CAP} went into a drawer, afterwards, and the drawer stayed shut.",
    "Nobody believed {O} about {E}, and after a while {S} stopped telling the story.",
]
