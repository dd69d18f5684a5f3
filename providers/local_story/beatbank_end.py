"""Sentence templates for the climax and after: the element used, deaths, the antagonist's and
a companion's lines, the confrontation, endings and the aftermath (data, like ``beatbank``, whose
slots they use)."""
import re

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
