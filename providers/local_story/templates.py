"""Sentence templates for each beat of a story, written once for every perspective.

Slots (filled by ``writer``): ``{S}`` protagonist subject (I / you / name or she-he-they),
``{SN}`` subject by name, ``{O}`` object, ``{POS}`` possessive, ``{REFL}`` reflexive, ``{WAS}``
agreeing with the last subject; ``{HERO}`` protagonist as written, ``{NAME}`` short name;
``{C}``/``{CF}`` a companion (short / first mention) with ``{C_POS}``, ``{C_OBJ}``, ``{C_WAS}``;
``{A}``/``{AF}`` the antagonist; ``{SETTING}`` the place (first mention as written), ``{PLACE}``
later mentions; ``{K}`` one key element; ``{TWIST}``; ``{PROMPT}``; vocabulary slots from
``phrasebank`` (``{mood}``, ``{dread}``, ``{fear}``, ``{body}``, ``{image}``, ``{sign}``, ...).
Templates are past tense and never address a reader as 'you' outside second person.
"""

OPENING = [
    "{S} {reached} {SETTING} in {light}, {wx}.",
    "It was {light} when {SN} first saw {SETTING}, {wx}.",
    "{SETTING_CAP} waited in {light}, {wx}, {mood} and patient, as {SN} {arrived}.",
    "By {light}, {SN} had come to {SETTING}, {wx}.",
    "{SN} stood before {SETTING} in {light}, {wx}, and felt {fear} stir.",
    "In {light}, {wx}, {SN} {arrived} at {SETTING} with nothing but a bag and a bad feeling.",
    "{light_cap} had settled over {SETTING}, {wx}, by the time {SN} {arrived}.",
]
REACHED = ["reached", "came to", "found", "arrived at", "stumbled upon", "finally reached", "drove up to"]
ENDING_LEADS = ["In the end,", "Afterwards,", "To this day,", "Long after,", "Even now,", "Years later,",
                "After that night,"]
ARRIVED = ["arrived", "came through the gate", "found the way in", "stepped inside", "pulled up outside",
           "walked the last stretch of road"]

INTRO = {
    "first": ["My name is {HERO}, and {reason}.", "I am {HERO}, and {reason}.",
              "People call me {HERO}; {reason}.", "I should say who I am: {HERO}, and {reason}."],
    "second": ["You are {HERO}, and {reason}.", "Your name is {HERO}, and {reason}.",
               "You are {HERO}; {reason}.", "Remember who you are: {HERO}, and {reason}."],
    "third": ["{reason_cap}.", "{reason_cap}, and {reason2}."],
}
REASONS = [
    "{S} had come for reasons that no longer seemed good enough",
    "{S} had promised {REFL} it would only be one night",
    "{S} had stopped believing in this kind of thing years ago",
    "nobody had asked {O} to come, and nobody had tried to stop {O}",
    "{S} had heard the stories and laughed at every one of them",
    "{S} had a debt to settle with this place, though {S} could not have said what it was",
    "something had been calling {O} here for weeks, in dreams {S} never fully remembered",
    "{S} had always been good at ignoring {POS} own instincts",
    "{S} had come because the letter was written in {POS} own handwriting",
    "{S} had spent the whole drive rehearsing excuses to turn back",
]
REASONS2 = [
    "the {mood} quiet made that harder to believe", "the feeling of {fear} had followed {O} in",
    "the air tasted of {dread} things", "the first doubt arrived before the door had even closed",
]

MOOD_LINE = [
    "{mood_atmos}", "Everything about the place felt {mood}.", "The silence was {mood}, and it was listening.",
    "Even the air seemed {mood} here.", "It was a {mood} kind of quiet, the kind that waits.",
    "The whole place had a {mood} stillness to it.", "{S} had never been anywhere so {mood}.",
]
GENRE_IMAGE = [
    "The first thing {S} saw inside was {image}.", "{S} {look} {image} and tried not to understand it.",
    "Nearby was {image}, which explained nothing.", "{S} {move} past {image} without letting {REFL} stop.",
    "Someone had left {image} where anyone would see it.", "{POS_CAP} eyes went straight to {image}.",
]
COMPANION = [
    "{CF} {C_WAS} already there, pacing beside the {dark}.",
    "{CF} carried the lantern and refused to look at the {dark} behind {C_OBJ}.",
    "{CF} had the map, though {C_PRON} kept folding it smaller and smaller.",
    "{CF} laughed too loudly at {image} and then stopped all at once.",
    "{CF} went quiet, {C_POS} eyes fixed on {image}.",
    "{CF} checked the door twice, and then a third time, {adv}.",
    "{CF} stayed close to {O}, close enough to hear {POS} breathing.",
    "{CF} tested the floorboards near the {dark} before trusting them.",
    "{CF} kept glancing at the {dark} as if something there had spoken.",
    "{CF} wrote everything down in a notebook, hands not quite steady.",
    "{CF} tried the lights; none of them reached the {dark}.",
    "{CF} {C_WAS} the first to notice how {mood} the silence had become.",
]
COMPANION_AGAIN = [
    "{C} vanished from sight for a moment, then stood right there again.",
    "{C} grabbed {POS} sleeve and pointed at the {dark}.",
    "{C} shook {C_POS} head slowly, as if trying to wake up.",
    "{C} backed toward the wall, lips moving without sound.",
    "{C} held the light higher, and the {dark} shrank back an inch.",
    "{C} whispered a prayer that {S} had not heard since childhood.",
    "{C} turned to {O}, face drained of colour.",
    "{C} knelt to look at {image} and quickly stood again.",
    "{C} found {POS} shoulder in the {dark} and held on.",
    "{C} muttered that they should leave, and nobody answered.",
]

ANTAGONIST_FIRST = [
    "That was when {S} first saw {AF}, standing where the {dark} met the light.",
    "Something moved at the edge of sight: {AF}, who {threat}.",
    "{AF_CAP} {threat}.",
    "{S} did not see {AF} at first; {S} only felt {A_OBJ}, a pressure like {fear}.",
    "Out of the {dark} came {AF}, and the air turned {dread}.",
    "It was {AF}, and {A_PRON} had been watching for a long time.",
]
ANTAGONIST = [
    "{A_CAP} {threat}.",
    "{A_CAP} {act}, and {body}.",
    "Somewhere close, {A} {threat}.",
    "{S} felt {A} before {S} saw anything, a {dread} weight in the {dark}.",
    "{A_CAP} {A_WAS} closer now; {S} {WAS} sure of it.",
    "The {dark} shifted, and {A} {act}.",
    "{S} knew, without looking, that {A} {A_WAS} somewhere in the {dark}.",
    "Every time {S} blinked, {A} seemed a step nearer.",
]

KEY = [
    "{S} found {K} {where}, and {fear} crept in.",
    "Of everything in {PLACE}, it was {K} that {S} could not stop thinking about.",
    "{C} pointed at {K} without a word.",
    "{POS_CAP} eyes kept returning to {K}, though {S} tried to look anywhere else.",
    "Nobody had mentioned {K}, but everyone had seen it.",
    "{S} reached for {K}, then drew back as if burned.",
    "In the {dark}, {S} made out {K}, {mood} and unmistakable.",
    "{S} {look} {K} for a long moment, and {body}.",
    "Someone had placed {K} {where}, deliberately.",
    "{K_CAP} {K_HUNG} {where}.",
]
KEY_HUNG = ["lay", "waited", "sat", "had been left", "rested"]
WHERE = ["where no one should have left it", "half-buried in the {dark}", "just inside the door",
         "at the foot of the stairs", "in the exact centre of the room", "beside the cold hearth",
         "on the windowsill", "under a film of dust", "behind a loose panel", "at the end of the corridor"]
KEYS_ALL = [
    "{S} noticed {KLIST}, and none of it belonged here.",
    "There were {KLIST}, and each one made the {dark} feel closer.",
    "{S} took stock, {adv}: {KLIST}.", "In the {dark} {S} found {KLIST}, and {fear} crept in.",
    "{S} {look} {KLIST}, each more {dread} than the last.",
    "Someone had gathered {KLIST} in the {dark}, {adv}.",
    "{KLIST_CAP}: none of it should have been in {PLACE}, and all of it felt {mood}.",
    "{S} counted them {adv}: {KLIST}.",
]

# The custom prompt is woven in after a colon, which reads well for a noun phrase or a clause.
PROMPT = [
    "{S} kept returning, {adv}, to one {dread} thought: {PROMPT}.",
    "Beneath everything lay one {dread} certainty: {PROMPT}.",
    "The old stories had warned of it in {mood} whispers: {PROMPT}.",
    "It all came back, {adv}, to this: {PROMPT}.",
    "In the {dark}, {S} remembered the rumour: {PROMPT}.",
    "{S} had heard it once, in a {mood} whisper: {PROMPT}.",
    "There was one {dread} thing {S} could not shake: {PROMPT}.",
    "Somewhere in {POS} mind, a {mood} voice kept repeating it: {PROMPT}.",
]

SETTING_RECUR = [
    "{PLACE_CAP} seemed larger from the inside than it had any right to be.",
    "Every corridor of {PLACE} looked like the one before it.",
    "{PLACE_CAP} creaked and settled, as if shifting its weight.",
    "{S} had the feeling that {PLACE} was rearranging itself behind {O}.",
    "The walls of {PLACE} were colder now, and closer.",
    "{PLACE_CAP} held its breath around them.",
    "Nothing in {PLACE} was where {S} had left it.",
]

SOUND = [
    "{S} heard {sound} from somewhere beyond the {dark}.",
    "Under {wx_sound} came {sound}.",
    "The only sound was {sound}, and then even that stopped.",
    "{sound_cap} rose and fell somewhere above {O}.",
    "{S} held {POS} breath and listened to {sound}.",
]
SMELL = [
    "The air smelled of {smell}.",
    "A smell of {smell} drifted up from the {dark}.",
    "{S} caught the scent of {smell}, faint at first and then overwhelming.",
    "There was a stench of {smell} that clung to everything.",
    "The room reeked of {smell}, thick enough to taste.",
]
TOUCH = [
    "The {surface} under {POS} fingers was {texture}.",
    "{S} felt {wx_touch}, and then something else under {POS} fingers, {texture}.",
    "When {S} touched the {surface}, it was {texture}.",
    "{POS_CAP} palm came away from the {surface} {texture}.",
    "The air against {POS} skin felt {texture}.",
]
SURFACES = ["banister", "door handle", "wall", "railing", "table", "window frame", "bedpost", "floor"]

FILLER = {
    "begin": [
        "{mood_atmos}", "{S} {look} {image}.", "{S} {move} past {image}, telling {REFL} it meant nothing.",
        "Nothing about {PLACE} was {dread}, not yet, but the {dark} felt {mood}.",
        "{S} {WAS} tired, and tiredness made everything look {mood}.",
        "The {dark} at the far end seemed deeper than the rest.",
        "For a while the only company was {image}.",
        "{S} told {REFL} that {fear} was only nerves.",
        "Everything felt {mood}, like a breath held too long.",
        "{S} noticed {image} and decided not to think about it.",
    ],
    "escalate": [
        "{sign}", "{sign}", "{S} {move} deeper into {PLACE} as {fear} grew.", "{body_cap}.",
        "{S} {look} {image}, and {body}.", "The {dark} seemed to lean closer.",
        "{S} counted {POS} breaths to stay calm and lost count.", "{mood_atmos}",
        "Each step into the {dark} felt {dread}.", "{S} {move} on, {adv}, toward the {dark}.",
        "Past {image} there was only the {dark}.",
        "{S} could no longer tell how long {S} had been inside.",
        "Something {dread} was happening, and it was happening {adv}.",
        "{fear_cap} sat in {POS} chest like a stone.",
    ],
    "twist": [
        "{body_cap}.", "Everything {S} had believed about {PLACE} rearranged itself.",
        "{S} backed away, and the {dark} followed.", "{sign}",
        "For a moment the {dark} went perfectly, terribly still.",
        "{S} wanted to laugh, and what came out was something else.",
        "The {dark} seemed to lean in, {mood} and expectant.", "{S} {look} {image} and finally understood it.",
        "{fear_cap} arrived, cold and complete.", "{C} would not meet {POS} eyes.",
        "The floor seemed to tilt under {O}.", "Somewhere in {PLACE}, {sound} began again.",
        "{S} heard {POS} own voice say something {dread}.", "All of it had been arranged, {adv}, for {O}.",
        "The {dark} gave back nothing but {sound}.", "Every detail suddenly made a {dread} kind of sense.",
    ],
    "end": [
        "{S} did not look back, not once, not even at {image}.", "For years {S} dreamed of {image}.",
        "Some doors, once opened in the {dark}, stayed open.", "The {dark} never entirely left {O}.",
        "{S} told no one, and the {mood} silence cost more each year.",
        "Years later, {S} still flinched at {sound}.", "After that, {S} kept the lights on against the {dark}.",
        "Whatever followed {O} out of {PLACE} is {mood} and patient.",
        "The smell of {smell} woke {O} for years afterwards.", "In time, {S} learned to live with {fear}.",
        "Nobody ever asked about {image}, and {S} never told.",
        "{S} never again trusted a {mood} silence.",
        "{C} stopped answering {POS} calls after that, and never said what was in the {dark}.",
    ],
}

TWIST_LEAD = [
    "Then {S} understood", "The truth arrived all at once", "And then the {mood} truth surfaced",
    "{S} saw it then, plain and cold", "It had been there from the very beginning",
    "The last piece fell into place", "{C} said it before {S} could", "There was no denying it any longer",
    "The {dread} answer had been waiting all along", "{S} finally understood, and the understanding was {dread}",
    "Every clue pointed the same way", "The {mood} truth was simple", "{C} whispered the truth aloud",
    "Somewhere in the {dark}, the truth had been waiting", "Then the {dark} gave up its secret",
    "The answer came in a {dread} rush", "{S} remembered everything at once", "Nobody had lied, exactly",
    "It came to {O} {adv}, the way {fear} comes", "What {S} learned then would never leave {O}",
]
TWIST_BUILD = [
    "Then, without warning, the {dark} changed.", "{S} saw something that did not fit.",
    "A single detail was wrong, and {S} could not stop seeing it.",
    "{C} went very still, staring at {O}.", "The pieces had been there all along, waiting.",
    "{S} finally noticed what {S} had been refusing to see.",
]

ENDING = [
    "And somewhere in {PLACE}, {A} is still waiting.",
    "{PLACE_CAP} is still there, and on certain nights the lights come on by themselves.",
    "{S} never spoke of {PLACE} again, but {PLACE} never stopped speaking of {O}.",
    "When the others came looking, they found only {K_END} and the {dark}.",
    "The door of {PLACE} closed behind {O}, softly, like a promise.",
    "Whatever {A} wanted, it had all the time in the world to take it.",
    "{S} left {PLACE} alive, though {S} {WAS} not sure that was the word for it.",
    "Some nights {S} still heard {sound}, and thought of {PLACE}.",
    "In {PLACE}, the {dark} settled, satisfied, to wait for the next visitor.",
    "Nobody believed {O} about {PLACE}, and in the end {S} stopped telling it.",
    "The last thing {S} saw of {PLACE} was a light in a window that should have been dark.",
    "{PLACE_CAP} keeps what it takes, and it took more from {O} than {S} will ever admit.",
    "On {mood} nights, {S} can still feel {PLACE} waiting.",
    "{PLACE_CAP} is quiet now, and {A} is patient.",
]

DIALOGUE_LINES = [
    "{NAME}, don't move.", "Did you hear that?", "We should never have come to {PLACE}.",
    "It's getting closer.", "Stay behind me.", "What does it want from us?",
    "Whatever happens, don't let go of my hand.", "How long have we been here?",
    "There's something in the {dark}.", "{NAME}, look at the door.", "We can still leave. Can't we?",
    "Don't say its name.", "I can hear it breathing.", "Please tell me you locked it.",
    "Why is it so cold in here?", "That wasn't here a minute ago.", "Keep your voice down.",
    "Do you see it too, {NAME}?", "I don't think we're alone.", "Who else knows we're here?",
]
REPLIES = [
    "I know.", "Keep walking.", "I didn't hear anything.", "Then we keep going.",
    "It's just the house settling.", "Don't look at it.", "Quiet. Listen.", "I'm not leaving without you.",
    "It's too late for that.", "I saw it too.", "Trust me.", "Not yet.", "Just breathe.",
    "We finish this tonight.", "I'm right here.",
]
ACTION_BEATS = [
    "{C} grabbed {POS} arm.", "{C} lowered the light and looked toward the {dark}.",
    "{C} stopped walking and listened.", "{C} turned toward the {dark}, eyes wide.", "{C} swallowed hard and looked at the {dark}.",
    "{C} pressed a finger to {C_POS} lips.", "{C} glanced at the {dark}, then back at {O}.",
    "{C} stepped between {O} and the {dark}.", "{C} lifted the light, {adv}.",
]
VOCATIVES = ["{NAME}, ", "Listen, ", "God, ", "Wait, ", "Please, ", "Look, ", "Quiet, ", "Hey, ", "Oh God, ",
             "Christ, ", "{NAME}, listen, "]

TRANSITIONS = [
    "Later,", "Some time after that,", "Deeper inside,", "When the lights failed,", "By then,",
    "Much later,", "Around the next corner,", "After a silence that lasted too long,", "Further in,",
    "When {S} finally moved again,", "Minutes passed, or hours;", "Without warning,",
]

# Decorations: a lead-in or a trailing clause that keeps recurring images from reading alike.
LEADS = [
    "Just then,", "By then,", "Even so,", "Still,", "Again,", "After a while,", "Once again,",
    "In the {mood} dark,", "Somehow,", "All the while,", "By now,", "In the {dark},", "And yet,", "Even now,",
    "Meanwhile,", "Not long after,", "Then,", "Little by little,", "As the {wx_word} {wx_verb},", "Worse,",
    "Strangest of all,", "Sure enough,", "Before long,", "At that moment,", "Around then,",
]
TAILS = [
    ", and {S} froze.", ", and {body}.", ", and {S} did not dare to breathe.",
    ", though no one else seemed to notice.", " — and then it happened again.",
    ", and the {dark} seemed to answer.", ", and {fear} tightened its grip.",
    ", while the {wx_word} {wx_verb}.", ", and {S} felt {fear}.", ", and something in the {dark} shifted.",
    ", and {S} told {REFL} it meant nothing.", ", and the silence thickened.",
    ", and {S} wished {S} had stayed away.", ", and nobody said a word.",
    ", and the air turned {dread}.",
]

# Trailing clauses that a fast-pacing split never cuts off into a stock sentence of their own.
CLOSE_TAILS = [
    ", as if in warning.", ", just as {S} had feared.", ", as if something were counting.",
    ", long enough for {O} to notice.", ", as if the {dark} were listening.", ", as the {wx_word} {wx_verb}.",
    ", as {fear} rose.", ", under {wx_sound}.", ", somewhere in the {mood} {dark}.", ", or so it seemed.",
    ", as if {A} were near.", ", like a warning from the {dark}.", ", the way {fear} arrives.",
    ", every bit as {dread} as before.", ", as {POS} breath shortened.",
]

# Compact beats for very short stories (a hundred-odd words must still carry every field).
TINY_OPEN = {
    "first": ["My name is {HERO}, and I came to {SETTING} {at_time}, {wx}.",
              "I am {HERO}; I reached {SETTING} {at_time}, {wx}."],
    "second": ["You are {HERO}, and you came to {SETTING} {at_time}, {wx}.",
               "Your name is {HERO}; you reached {SETTING} {at_time}, {wx}."],
    "third": ["{SN} came to {SETTING} {at_time}, {wx}.", "{SN} reached {SETTING} {at_time}, {wx}."],
}
PEOPLE_ALL = [
    "{PEOPLE} were there too, and none of them wanted to stay in the {dark}.",
    "{PEOPLE} had come as well, each of them {mood} and silent.",
    "With {O} were {PEOPLE}, and none of them spoke of leaving.",
    "{PEOPLE} kept close, though no one said why.",
    "{PEOPLE} came along, {adv}, against their better judgement.",
    "{PEOPLE} followed, {adv}, saying nothing about the {dark}.",
]
TINY_PEOPLE = ["{PEOPLE} came too, and {AF} was waiting.", "{PEOPLE} followed {O} in; {AF} followed them.",
               "{PEOPLE} stayed close, but {AF} was already there."]
TINY_SENSE = ["The air smelled of {smell}.", "{S} heard {sound}.", "The {surface} felt {texture}."]

# Short, punchy beats for intense pacing (each with a slot, so stories still differ).
FRAGMENTS = [
    "The {dark} moved, {adv}.", "Then {sound}.", "Something {act} in the {dark}.", "The {surface} shook, {adv}.",
    "A {dread} silence in the {dark}.", "The {dark} answered with {sound}.", "{S} held still in the {dark}.",
    "No time, only the {dark} and {fear}.", "One breath, then {sound}.", "The {surface} was {texture}.",
    "A shape in the {dark}, {mood}.", "{sound_cap}, closer.",
]
