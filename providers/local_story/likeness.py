"""What the antagonist looks like (or sounds like), told once when first seen and again up close.

A reader who is shown "the night clerk" wants to see her: a small woman in a cardigan buttoned one
hole wrong, whose smile stays on a moment after the rest of her face has finished with it. The
figure comes from a word in the antagonist's name or description (a keeper's oilskin, a nun's
habit, a sack for a face); what is wrong with it comes from what it is, by the twist, the genre and
the threat's method (the dead leave no breath on the cold, a killer holds something down at its
side). A voice is heard, not seen, and a presence is felt. Slots are the prose writer's ({A_S},
{A_POS}, {S}, {room}, …).
"""
import re

from .fields import LOST_AS, is_plural

#: what a person-like antagonist wears or is, by a word in its name or description (first match);
#: {WHO} is "a tall woman", "an old man", "a stooped figure"
FIGURES = [
    (r"\bno reflection", "{WHO} in ordinary clothes, neat and dry, and in the dark glass beside {A_O} there was nobody at all"),
    (r"\bmirror|reflection", "{WHO} with {A_POS} own face, worn a little wrong, the parting on the other side"),
    (r"\b(sack|burlap)\b", "{WHO} with a burlap sack for a face, two holes cut ragged for the eyes, breathing hard through the cloth"),
    (r"\bpig\b", "{WHO} in a rubber pig's face with the price still on the snout, the eyes behind it wet and ordinary"),
    (r"\bmask", "{WHO} in a mask with nothing drawn on it, {A_POS} head tilted as if listening"),
    (r"\bkeeper\b", "{WHO} in a keeper's oilskin coat, buttoned to the chin, a lantern in {A_POS} hand that was not lit"),
    (r"\b(clerk|receptionist|concierge|porter)\b", "{WHO} in a cardigan buttoned one hole wrong, with a name badge scratched blank"),
    (r"\b(nurse|matron)\b", "{WHO} in a starched cap and an apron that had been white once, a ring of keys at {A_POS} waist"),
    (r"\b(nun|abbess|(?-i:[Mm]other [A-Z]|[Ss]ister [A-Z]))", "{WHO} in a nun's black habit, the hem grey with dust, a rosary in {A_POS} fingers that made no sound"),
    (r"\b(dr|doctor|surgeon|physician)\b", "{WHO} in a white coat gone yellow at the cuffs, holding {A_POS} hands up and apart, freshly scrubbed"),
    (r"\b(priest|vicar|(?-i:[Ff]ather [A-Z])|reverend|preacher|pastor|monk)", "{WHO} in a cassock buttoned to the throat, a finger keeping {A_POS} place in a book with no words in it"),
    (r"\b(bride|veil)", "{WHO} in a wedding dress gone the colour of weak tea, the veil down, a bouquet long dead in {A_POS} hands"),
    (r"\bdrown", "{WHO} with hair plastered flat to the skull, in clothes that hung heavy and streaming, as if {A_S} had that moment been pulled from the water"),
    (r"\b(dead|buried|late|murdered)\b", "{WHO} in the clothes {A_S} had been buried in, the creases still sharp, the hands gone the colour of candle wax"),
    (r"\b(clown|jester|ringmaster|harlequin)\b", "{WHO} in greasepaint that had cracked like an old plate, the painted smile wider than the mouth under it"),
    (r"\bhitch-?hiker\b", "{WHO} in a wet anorak with the hood up, a cardboard sign under {A_POS} arm with no town written on it"),
    (r"\b(warden|guard|jailer|gaoler)\b", "{WHO} in a grey uniform with a ring of keys at the belt that did not jingle when {A_S} moved"),
    (r"\bknight\b", "{WHO} in armour black with rust, the visor down, and something moving behind the slits that was not a face"),
    (r"\b(queen|princess|empress)\b", "{WHO} in a gown of dead briars, a crown of thorns grown into the skin of {A_POS} brow"),
    (r"\b(witch|hag|crone)\b", "{WHO} in a shawl heavy with fen water, the nails of {A_POS} long fingers green at the tips"),
    (r"\b(landlord|landlady)\b", "{WHO} in carpet slippers and a cardigan, a rent book held to {A_POS} chest like a hymnal"),
    (r"\b(teacher|headmaster|headmistress|tutor|governess|schoolmaster)\b", "{WHO} in a black gown white with chalk dust, a ruler held down at {A_POS} side like a blade"),
    (r"\b(captain|sailor|skipper|fisherman|mariner|bosun)\b", "{WHO} in a sou'wester and a coat crusted white with salt, water running from {A_POS} cuffs"),
    (r"\b(miner|collier)\b", "{WHO} in a miner's helmet whose lamp gave no light, the face under it black with coal dust but for the eyes"),
    (r"\b(gardener|groundskeeper|caretaker|janitor|handyman)\b", "{WHO} in overalls stiff with old dirt, a pair of shears hanging open from {A_POS} hand"),
    (r"\b(butler|maid|servant|housekeeper|footman)\b", "{WHO} in a servant's black, gloved, standing the way servants stand, as if waiting to be called"),
    (r"\b(apothecary|chemist|pharmacist|druggist)\b", "{WHO} in a chemist's black frock coat, a brass pestle in {A_POS} hand, the fingers stained yellow to the knuckle"),
    (r"\b(passenger|traveller|traveler|commuter)\b", "{WHO} in a travelling coat buttoned wrong, a ticket held out in one gloved hand, bone dry though everything else was wet"),
    (r"\b(guest|lodger|occupant|tenant|boarder)\b", "{WHO} in a dressing gown belted tight, barefoot, a room key hanging from one finger as if {A_S} had only stepped out"),
    (r"\b(driver|conductor|ferryman|chauffeur)\b", "{WHO} in a driver's cap pulled low, holding out a hand for a ticket"),
    (r"\b(lord|squire|master|gentleman|ashcombe)\b", "{WHO} in a dark suit fifty years out of date, a watch chain across {A_POS} waistcoat"),
    (r"\bin white\b", "{WHO} in a white dress gone yellow at the hem, {A_POS} hair loose down {A_POS} back"),
    (r"\bin black\b", "{WHO} all in black, a black veil down over {A_POS} face"),
    (r"\bin red\b", "{WHO} in a red coat the colour of a fresh cut, buttoned wrong"),
    (r"\bbutcher\b", "{WHO} in a butcher's apron stiff with old stains, a cleaver held loose at {A_POS} side"),
    (r"\b(child|girl|boy|kid|twin)\b", ["{WHO} in a nightdress, barefoot in the cold, {A_POS} face turned to the wall",
                                         "{WHO} in a school uniform a size too small and decades out of date, one sock fallen down",
                                         "{WHO} holding a doll by one arm, {A_POS} hair wet and combed flat"]),
    (r"\b(lady|widow|mrs|miss|aunt|woman|grandmother|granny)\b",
     ["{WHO} in a long grey dress that whispered when {A_S} moved, {A_POS} hands folded at {A_POS} waist",
      "{WHO} in a black mourning dress buttoned to the chin, a handkerchief balled in one fist",
      "{WHO} in a faded housecoat and slippers, {A_POS} hair in pins, as if called down in the night"]),
    (r"\b(scarecrow)\b", "{WHO} of sacking and straw, with a face stitched on crooked and a mouth that had been cut later"),
]
#: more than one ("the crew had never left", "the rescuers were already dead")
MANY = [
    (r"\b(crew|sailors|passengers)\b", "figures in faded ship's overalls, the name tapes on their chests picked blank"),
    (r"\b(rescuers|miners|workers|soldiers|guards)\b", "figures in work clothes grey with dust, the lamps on their helmets dark"),
    (r"\b(children|kids|twins|girls|boys)\b", "children in nightclothes, holding hands in a line, the smallest at the end"),
    (r"\b(nuns|sisters)\b", "figures in black habits, standing in a row the way they must once have stood to sing"),
]
SOMEONE_MANY = ["figures in clothes too thin for the cold, standing in a row, very straight",
                "people in their Sunday clothes, hats in their hands, as if come to a funeral"]
GROUP = re.compile(r"(?i)\b(crew|family|congregation|staff|town|townsfolk|village|villagers|people|choir|coven|cult|dead)$")
#: anyone else
SOMEONE = ["{WHO} in clothes too thin for the cold, standing very straight",
           "{WHO} in a long coat buttoned to the throat, hat in hand, as if come to pay respects",
           "{WHO} in clothes that had been good once, very clean, very old-fashioned, without a crease"]
#: what a thing that is not a person looks like, by a word in its name (first match)
CREATURES = [
    (r"\b(stars?|sleeper|beyond|deep|old one|elder)\b", "something too tall for the room, folded into it at wrong angles, with more joints than an arm should have"),
    (r"\b(growth|skin|flesh|mould|mold|spore|rot)\b", "something pale and glistening that spread along the wall like a stain, and moved only when it was not watched"),
    (r"\b(grey|gray|shades?|hollow ones)\b", "a thin grey shape, hardly more than smoke, walking the way people had once walked"),
    (r"\bwendigo\b", "something far too tall and far too thin, antlered, its ribs showing through grey skin like the staves of a barrel"),
    (r"\b(ghoul|demon|monster|troll|ogre)\b", "something hunched and heavy, bigger than a man, with arms that hung to the floor"),
    (r"\b(wolf|hound|dog|beast)\b", "a shape on four legs, too long in the back, carrying its head low and sideways"),
    (r"\b(spider|insect|swarm)\b", "something with too many legs that folded them away neatly when it stopped, like a hand of cards"),
    (r"\b(thing|creature|shape|horror)\b", "something long and pale, folded small, with a hand at the end of it that was nearly a hand"),
]
#: heard, not seen; and felt, not seen
VOICES = re.compile(r"(?i)\b(voice|broadcast|static|whisper\w*|song|call|caller|signal|radio|transmission|echo)\b")
#: what an antagonist is said to wear ("a man in a Zamboni driver's parka"): seen in that, first of all
WORN = re.compile(r"(?i)\bin (?:a|an|the|his|her|their) ((?:[\w'-]+ ){0,3}?(?:parka|coat|raincoat|overcoat|anorak|dress|gown|"
                  r"suit|uniform|overalls|apron|cloak|hood|hoodie|jacket|cardigan|habit|robe|nightdress|nightgown|"
                  r"pyjamas|boots|hat|cap|shawl|oilskins?))\b")
WORN_HOW = ["{WHO} in {WORN} a size too big, the sleeves hanging down past {A_POS} hands",
            "{WHO} in {WORN}, dark and heavy at the hem, as if {A_S} had come a long way on foot in the rain",
            "{WHO} in {WORN} thirty years out of date, very clean, every fold of it exactly where it had been left"]
PRESENCES = re.compile(r"(?i)\b(presence|poltergeist|cold|absence|nothing)\b")
PERSONS = re.compile(r"(?i)\b(man|woman|lady|lord|child|girl|boy|dr|mr|mrs|miss|mother|father|sister|brother|"
                     r"knight|queen|witch|bride|warden|keeper|clerk|nurse|surgeon|landlord|aunt|hitchhiker|"
                     r"figure|one|stranger|guest|visitor|wife|husband)\b|(?-i:^[A-Z])")
#: a figure whose face cannot be seen (a mask, a visor, a veil, a face to the wall): nothing is
#: told of its smile, eyes or skin
HIDDEN = re.compile(r"mask|sack|visor|veil|face turned|own face")
FACE = re.compile(r"smile|face|lips|teeth|mouth|eyes|skin of")
WHO = {"she": ["a small woman", "a tall woman", "an old woman", "a thin woman"],
       "he": ["a tall man", "an old man", "a heavy man", "a thin man"],
       "they": ["a tall figure", "a thin figure", "a stooped figure"],
       "it": ["a tall figure", "a stooped figure"]}
CHILD = re.compile(r"(?i)\b(child|girl|boy|kid|twin)\b")

#: what is wrong with it, by its nature
WRONG = {
    "dead": ["nothing stirred where {A_S} stood, not dust, not a breath of air",
             "{A_S} stood as still as furniture, and the cold came off {A_O} in a slow draught",
             "{A_POS} clothes were damp, and a smell of river came with {A_O}",
             "{A_S} seemed to be waiting for someone to say {A_POS} name",
             "{A_POS} breath made no cloud in the cold",
             "{A_POS} eyes did not blink, not once, the whole time",
             "{A_POS} feet were bare and blue, and did not quite touch the ground",
             "{A_S} {A_WAS} looking, not at {O}, but at the place just behind {O}",
             "the light fell on {A_O} and did not seem to reach"],
    "killer": ["{A_S} held something long and dull down at {A_POS} side",
               "{A_S} stood with {A_POS} head on one side, the way a bird looks at a worm",
               "there was dirt under {A_POS} nails, and something darker than dirt",
               "{A_S} did not hide, because {A_S} did not need to"],
    "double": ["{A_POS} smile stayed on a moment after the rest of {A_POS} face had finished with it",
               "{A_POS} face was one {S} almost knew, and the almost was the worst of it",
               "{A_S} copied the way {S} stood, a moment late, like a reflection with a fault in the glass"],
    "other": ["{A_POS} shadow fell toward the light, not away from it",
              "looking at {A_O} made the edges of {room} hard to hold in the eye",
              "{A_S} did not so much move as arrive, a little nearer each time"],
    "fae": ["{A_S} smelled of crushed green stems and old pennies",
            "{A_POS} smile was very courteous and had too many teeth in it",
            "{A_POS} shadow was a beat behind {A_O}, as if it had to be persuaded"],
    "flesh": ["the skin of {A_POS} hands moved a little after the hands did",
              "something under {A_POS} collar rose and fell that was not breath",
              "{A_S} smelled of hospital soap, and under it of meat"],
    "comic": ["{A_S} looked, horribly, pleased to see {O}",
              "{A_S} {A_WAS} holding a clipboard, which was somehow the worst part"],
}
#: what is wrong with a thing that is not a person (its look already tells what it is)
CREATURE_WRONG = ["{A_S} made no sound at all as {A_S} moved, not a creak, not a breath",
                  "the light seemed to go thin and grey around {A_O}",
                  "every part of {S} said to look away, and {S} could not"]
CREATURE_CLOSE = ["there was a mouth where no mouth should be, and it was smiling",
                  "{A_S} {A_WAS} not one thing but many, moving together, trying to agree on a shape",
                  "{A_S} gave off a damp warmth, like breath, like a kitchen, and that was worse than cold",
                  "somewhere inside {A_O} a small wet sound kept time, like a heart that had only read about hearts"]
#: the same, close enough to touch
CLOSE = {
    "dead": ["{A_POS} skin was the grey of a fish's belly, and {A_POS} eyes were filmed over like old windows",
             "{A_S} smelled of wet stone and lilies left too long in the vase",
             "{A_POS} lips were moving, shaping the same few words over and over, and none of them came out",
             "the cold came off {A_O} the way heat comes off a stove, and {A_POS} fingernails were black to the root",
             "{S} could see the wall behind {A_O}, faintly, through the place where {A_POS} heart should have been",
             "{A_POS} mouth was open a little, and no breath went in or out of it",
             "there was silt in the creases of {A_POS} fingers, fine and grey, like something left by a flood",
             "{A_POS} eyes followed {S} a moment late, the way a painted portrait's seem to"],
    "killer": ["the eyes were wet and ordinary and calm, and that was the worst of it",
               "{A_S} smelled of old sweat and wet wool, and under that of something sweet and spoiled",
               "{A_S} {A_WAS} breathing slowly and evenly, the breathing of someone at ease, someone at work",
               "{A_S} {A_WAS} humming, very softly, a tune {S} almost knew"],
    "double": ["the face was right in every part and wrong in the way the parts had been put together",
               "there was nothing behind {A_POS} eyes at all, only the look of someone listening"],
    "other": ["there was a mouth where no mouth should be, and it was smiling",
              "{A_S} {A_WAS} not one thing but many, moving together, trying to agree on a shape"],
    "fae": ["{A_POS} eyes were the green of pond water, with no whites to them at all",
            "{A_POS} fingers had one joint too many, and each nail was a thorn"],
    "flesh": ["the skin of {A_POS} face moved a little after the face did, like a coat on a hanger",
              "{A_S} {A_WAS} stitched together neatly, and one of the hands was {POS} own"],
    "comic": ["{A_S} smelled of mothballs and triumph",
              "{A_POS} reading glasses had been mended with tape, and behind them {A_POS} eyes were very bright"],
}
VOICE = {"she": "a woman's voice, low and patient", "he": "a man's voice, pleasant and unhurried",
         "they": "a voice neither old nor young, very calm", "it": "a voice neither old nor young, very calm"}
VOICE_WRONG = ["it came from no direction at all", "it never paused for breath",
               "it knew things it had no way of knowing", "it came a little closer every time it stopped"]

#: the sentence that shows the antagonist, after the first sight ({LOOK}: who and what they wear);
#: after a glimpse ("… and then not there"); seen plainly for the first time at the end
LOOK = ["It was {LOOK}, and {WRONG}.", "What stood there was {LOOK}; {WRONG}.", "It was {LOOK}. Worse, {WRONG}.",
        "There, where the light gave out, was {LOOK}; {WRONG}."]
LOOK_CREATURE = ["It was {LOOK}, and {WRONG}.", "What was there was {LOOK}; {WRONG}."]
GLIMPSED = ["{S} had time to see {LOOK}, and that {WRONG}.", "It had been {LOOK}, and {WRONG}."]
LOOK_MANY = ["They were {LOOK}, and {WRONG}.", "{S} saw them plainly: {LOOK}; {WRONG}."]
GLIMPSED_MANY = ["{S} had time to see {LOOK}, and that {WRONG}.", "They had been {LOOK}, and {WRONG}."]
GLIMPSE = re.compile(r"not there|gone when|was empty")
AT_LAST = ["Now {S} saw {A} plainly, for the first time: {LOOK}, and {WRONG}.",
           "For the first time {A} stood in plain sight, {LOOK}, and {WRONG}."]
HEARD = ["It was {VOICE}, and {WRONG}.", "It spoke in {VOICE}, and {WRONG}."]
#: face to face at the climax, before the end
CLOSE_UP = ["{A} {NAME_WAS} near enough now, and {CLOSE}.",
            "Close to, {A} {NAME_WAS} worse, and {CLOSE}.",
            "Then {A} {NAME_WAS} closer than {S} had ever let {A_O} come, and {CLOSE}.",
            "{A} came close enough to touch, and {CLOSE}.",
            "Near enough to touch, {A} stopped, and {CLOSE}.",
            "{A} leaned in, and {CLOSE}."]
#: first seen (the prose writer's FIRST_SIGHT for a figure); first heard; first felt
FIRST_HEARD = [
    "{S} heard {A} for the first time in {room}, from somewhere just out of sight, and knew at once it had been listening far longer.",
    "That was the first time {S} heard {A}: in {room}, quite close, and then nothing.",
]
#: someone the protagonist has lost (the prompt's "her drowned husband"), seen again: known at once
FIRST_KNOWN = [
    "{S} had not seen {A} in a year, and then, in {room}, there {A_S} {A_WAS}, at the edge of the light, as if {A_S} had only stepped out.",
    "{S} knew {A} at once, across {room}, the way one knows a step in the dark: the set of the shoulders, the head a little to one side.",
    "In {room}, with {A_POS} back to {O}, stood {A}, exactly as {S} remembered and not at all.",
]
YOUNG = {"son", "daughter", "child", "baby", "twin"}
FIRST_FELT = [
    "{S} felt {A} for the first time in {room}: a weight in the air, a pressure at the back of the neck, the certainty of not being alone.",
    "That was the first time {S} felt {A}: in {room}, the air thickening the way it does before a storm, and something in it turning toward {O}.",
]


#: what an antagonist is, by the genre, else by the threat's method
NATURE_BY_GENRE = {"gothic": "dead", "supernatural": "dead", "paranormal": "dead", "slasher": "killer",
                   "psychological": "double", "cosmic": "other", "fantasy": "fae", "body": "flesh",
                   "comedy": "comic", "apocalyptic": "killer"}
NATURE_BY_METHOD = {"haunting": "dead", "possession": "dead", "stalking": "killer", "trap": "killer",
                    "imitation": "double", "gaslight": "double", "signal": "other", "bargain": "fae"}


#: tellings of a body, which a voice or a presence has not: standing, sitting, stepping, a hand,
#: a face worn, being looked at; a voice does not touch either (a presence may)
BODY = re.compile(r"\{A\} (?:stood|sat|stepped|began to walk|was there at the edge of sight|closed a hand|"
                  r"looked at|saw whose)|stood \{A\}|\{A\} standing|where \{A\} stood|\{A\}'s hand|"
                  r"held out a hand|wearing the face|not by a door but by \{A\}")
BODY_OR_TOUCH = re.compile(BODY.pattern + r"|\{A\} touched|\{A\} could surely see")


def _lost_who(relation):
    """How someone the protagonist lost is seen, by what they were to them ("a man", "an old
    woman"; a friend, of no age or sex the story knows, "a figure")."""
    noun = LOST_AS.get(relation, "figure")
    noun = "figure" if noun == "friend" else noun
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _with_article(noun_phrase):
    return ("an " if noun_phrase[:1].lower() in "aeiou" else "a ") + noun_phrase


def kind(antagonist):
    """'voice' (heard), 'presence' (felt), 'creature' (seen, not a person) or 'figure'."""
    text = antagonist["full"]
    if VOICES.search(antagonist["name"]):
        return "voice"
    if PRESENCES.search(antagonist["name"]) and not PERSONS.search(antagonist["name"]):
        return "presence"
    if not PERSONS.search(text) and _first(CREATURES, text):
        return "creature"
    return "figure"


def nature(genre_key, method, dead):
    """What the antagonist is, for what is wrong with it: the dead, a killer, a double, something
    from outside, the fair folk, flesh gone wrong, or a comedy's horror."""
    if dead:
        return "dead"
    return NATURE_BY_GENRE.get(genre_key) or NATURE_BY_METHOD.get(method, "dead")


def many(name):
    """Whether the antagonist is more than one: "the crew", "the rescuers" (not "Mother Agnes")."""
    return bool(GROUP.search(name) or (name.startswith("the ") and is_plural(name)))


def _first(table, text):
    return next((phrase for pattern, phrase in table if re.search(pattern, text, re.I)), None)


def describe(antagonist, what, rng):
    """The slots for the antagonist's look ({LOOK}, {WRONG}, {CLOSE}, {VOICE}) and the sentences
    that tell it: ``first`` (the first sight, heard or felt; None for the prose's own), ``look``
    and ``glimpsed`` (after it), ``at_last`` (first seen plainly at the end) and ``close`` (up
    close at the end): empty lists where the antagonist is not seen."""
    found = kind(antagonist)
    if found == "voice":
        return {"VOICE": VOICE[antagonist["pronouns"]], "WRONG": rng.choice(VOICE_WRONG), "first": FIRST_HEARD,
                "look": HEARD, "glimpsed": HEARD, "at_last": [], "close": [], "seen": False,
                "bodiless": BODY_OR_TOUCH}
    if found == "presence":
        return {"first": FIRST_FELT, "look": [], "glimpsed": [], "at_last": [], "close": [], "seen": False,
                "bodiless": BODY}
    wrong, close = WRONG[what], CLOSE[what]
    child = CHILD.search(antagonist["full"])
    if found == "creature":
        look, templates = _first(CREATURES, antagonist["full"]), LOOK_CREATURE
        wrong, close = CREATURE_WRONG, CREATURE_CLOSE
    elif many(antagonist["name"]):
        look, templates = _first(MANY, antagonist["full"]) or rng.choice(SOMEONE_MANY), LOOK_MANY
    else:
        worn = WORN.search(antagonist["full"])
        look = _first(FIGURES, antagonist["full"]) if not worn or HIDDEN.search(antagonist["full"]) else None
        look = look or ([w.replace("{WORN}", _with_article(worn.group(1))) for w in WORN_HOW] if worn else SOMEONE)
        look = rng.choice(look) if isinstance(look, list) else look
        who = (_lost_who(antagonist.get("relation")) if antagonist.get("lost") else
               f"a {child.group(1).lower()}" if child else rng.choice(WHO.get(antagonist["pronouns"], WHO["they"])))
        if "very straight" in look:  # not "a stooped figure … standing very straight"
            who = who.replace("stooped", "tall")
        look, templates = look.replace("{WHO}", who), LOOK
    plural = templates is LOOK_MANY
    if HIDDEN.search(look):  # no smile seen under a mask
        wrong = [w for w in wrong if not FACE.search(w)] or wrong
        close = [c for c in close if not FACE.search(c)] or close
    return {"LOOK": look, "WRONG": rng.choice(wrong), "CLOSE": rng.choice(close),
            "first": FIRST_KNOWN if antagonist.get("lost") else None,
            "NAME_WAS": "were" if plural else "was",  # "the crew were", "the butcher was" (they)
            "look": templates, "glimpsed": GLIMPSED_MANY if plural else GLIMPSED, "at_last": AT_LAST,
            # a child does not lean in "close enough to kiss"
            "close": CLOSE_UP[:-1] if plural or child or antagonist.get("relation") in YOUNG else CLOSE_UP,
            "seen": True, "bodiless": None}
