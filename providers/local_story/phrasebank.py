"""Vocabulary and imagery keyed by the form's choices: genre, mood, intensity, time and weather.

Pure data plus small lookup helpers. Entries are fragments the templates in ``templates.py`` slot
together; ``{...}`` markers inside them are expanded by ``composer.expand`` in the same context
(``{A}`` antagonist, ``{SETTING}`` the place, ``{POS}`` protagonist possessive, ...).
Every list is large enough that random picks across seeds rarely coincide.
"""

# --- genres --------------------------------------------------------------------------------------
# images: noun phrases of things seen; signs: whole uncanny sentences with no protagonist;
# threat: past-tense verb phrases for the antagonist; twists: default twist clauses;
# lines: dialogue; title: nouns for titles; antagonists: defaults when the form has none.

GENRES = {
    "gothic": {
        "images": [
            "a portrait whose eyes had been scratched out", "a chapel bell furred with verdigris",
            "a candelabrum still warm from hands no one had seen", "a staircase that sagged like an old spine",
            "a wedding veil rotting over a mirror", "a family crypt with one name chiselled away",
            "a ledger of debts written in a dead hand", "a locked nursery with fresh footprints in the dust",
            "tapestries gone grey with mould", "a widow's walk above the black garden",
        ],
        "signs": [
            "Somewhere in the east wing a harpsichord played three notes and stopped.",
            "The candles leaned all at once, as if something large had passed them.",
            "Dust sifted down from the ceiling in a slow, deliberate line.",
            "A door on the upper landing opened by the width of a hand.",
            "Every portrait in the gallery seemed to have turned a little further into the room.",
            "The old clock struck an hour that does not exist.",
            "Rust-red water seeped from the plaster behind the ancestral crest.",
        ],
        "threat": [
            "drifted along the gallery without touching the floor",
            "waited at the head of the stairs, patient as a mourner",
            "rearranged the family portraits while the house slept",
            "hummed a lullaby that no one had sung in a hundred years",
            "left wet handprints on the inside of the chapel glass",
            "moved through the walls the way a heartbeat moves through a body",
        ],
        "twists": [
            "the house had been waiting for {O} since the day {S} {WAS} born",
            "the last heir buried in the crypt had {POS} face",
        ],
        "lines": [
            "This house remembers everyone who sleeps in it.",
            "Don't open the east wing, not after dark.",
            "The family never left. They only stopped being seen.",
            "Whose portrait is that? It wasn't there this morning.",
            "The organ is playing again. Listen to it.",
            "She signed the deed in ink that never dried.",
        ],
        "title": ["Inheritance", "Crypt", "Portrait", "Veil", "Heir", "Chapel"],
        "antagonists": ["the Grey Lady", "the last Lord Ashcombe", "the veiled bride"],
    },
    "psychological": {
        "images": [
            "a calendar with every day crossed out twice", "notes in {POS} own handwriting that {S} did not remember writing",
            "a photograph in which everyone faced the wrong way", "a mirror that lagged half a second behind",
            "a locked drawer full of {POS} own teeth marks", "a voicemail recorded in {POS} own voice",
            "a room that was one step shorter than yesterday", "a list of names with {POS} own at the bottom",
            "the same coffee stain on every page", "a clock that ran only when no one watched it",
        ],
        "signs": [
            "The furniture had been moved an inch to the left, every piece of it.",
            "A conversation in the next room stopped the instant it was listened to.",
            "The light switch was already down, though the room was dark.",
            "Someone had underlined a sentence in the book, and the ink was still wet.",
            "The reflection in the window blinked a moment too late.",
            "A word repeated itself in the silence until it stopped meaning anything.",
            "The walls seemed to lean inward whenever the mind wandered.",
        ],
        "threat": [
            "smiled with a patience that felt like a diagnosis",
            "repeated {POS} own words back a second before {S} said them",
            "knew things {S} had never told anyone",
            "rearranged the memories until they no longer fit together",
            "stood exactly where the corner of the eye could not quite reach",
            "spoke in the calm tone of someone reading a prepared statement",
        ],
        "twists": [
            "every conversation {S} remembered had happened only inside {POS} own head",
            "the patient file on the desk bore {POS} own name",
        ],
        "lines": [
            "You told me this yesterday. Word for word.",
            "Are you sure that's what you saw?",
            "There's no one else here. There never was.",
            "Why do you keep counting the doors?",
            "I think you should sit down before you read this.",
            "You're remembering it wrong again.",
        ],
        "title": ["Echo", "Reflection", "Relapse", "Lucid", "Static", "Gaslight"],
        "antagonists": ["Dr. Hale", "the voice in the hallway", "the man in the mirror"],
    },
    "supernatural": {
        "images": [
            "salt lines broken at the threshold", "a Ouija planchette resting on the word GOODBYE",
            "frost feathering the inside of the glass", "a child's drawing of a tall figure with no face",
            "iron nails driven into the door frame", "candles that burned with a blue flame",
            "a rosary knotted around the bedpost", "ash footprints leading into a wall",
            "a crucifix hanging upside down", "a circle scorched into the floorboards",
        ],
        "signs": [
            "The temperature dropped so fast that breath hung in the air.",
            "Every clock in the building stopped at the same minute.",
            "A chair slid across the floor and settled facing the window.",
            "Whispers rose from the floor grates in a language older than the building.",
            "The candle flames bent toward the corner and stayed there.",
            "The dog refused to cross the doorway and would not stop whining.",
            "Something knocked three times from inside the wall.",
        ],
        "threat": [
            "flickered at the edge of the candlelight like a bad memory",
            "pressed against the other side of the door until the hinges groaned",
            "spoke in the voices of people long buried",
            "walked through the salt line as if it were nothing",
            "fed on the warmth of the room until the windows frosted",
            "reached through the mirror with fingers like wet smoke",
        ],
        "twists": [
            "the spirit had never haunted the place at all; it had followed {O} there",
            "the protective circle had been drawn to keep something in, not out",
        ],
        "lines": [
            "It knows your name now. Don't answer it.",
            "Did you hear the knocking, or was that just me?",
            "The salt line is broken. Who broke the salt line?",
            "Whatever it is, it was here before the house.",
            "Keep the candles lit. All of them.",
            "It's not cold in here. It's something else.",
        ],
        "title": ["Summoning", "Threshold", "Possession", "Vigil", "Wake", "Covenant"],
        "antagonists": ["the presence", "the Hollow Saint", "the thing behind the wallpaper"],
    },
    "cosmic": {
        "images": [
            "stars arranged in a pattern no astronomer had charted",
            "geometry that hurt to look at for long",
            "a stone idol carved by no human hand", "a tide that came in against the moon",
            "equations scrawled across the ceiling in an unknown hand", "a sky that was briefly the wrong colour",
            "a hole in the ground that swallowed the torchlight", "a shell that hummed a chord below hearing",
            "a map of coastlines that did not exist yet", "a telescope aimed at a point of perfect darkness",
        ],
        "signs": [
            "The stars overhead had shifted, just slightly, into a shape like an eye.",
            "A low chord vibrated through the ground, too deep to be heard, only felt.",
            "The horizon bent as if the world were being looked at through water.",
            "Time stuttered; the same gull crossed the sky twice.",
            "Angles in the stonework added up to more than they should.",
            "The radio picked up a signal that counted backwards from a number with no end.",
            "Shadows fell in two directions at once.",
        ],
        "threat": [
            "turned its attention toward the world the way a sleeper turns in a dream",
            "unfolded from angles that should not have been there",
            "sang a note that rearranged the stars",
            "regarded them from behind the sky with vast indifference",
            "bent the tide and the hours around its waking",
            "spoke in colours that left afterimages on the soul",
        ],
        "twists": [
            "humanity had only ever been a dream the sleeping thing was having, and it was waking",
            "the signal had been coming from inside {POS} own skull all along",
        ],
        "lines": [
            "The numbers don't add up. They add up to something else.",
            "Don't look at the sky. Whatever you do, don't look up.",
            "It isn't hunting us. It hasn't even noticed us yet.",
            "The tide's coming in, and the moon isn't even up.",
            "We were never meant to read this far.",
            "Can you hear that chord? It's under everything.",
        ],
        "title": ["Abyss", "Signal", "Leviathan", "Void", "Constellation", "Deep"],
        "antagonists": ["the Sleeper Beneath", "the thing between the stars", "the Drowned Choir"],
    },
    "slasher": {
        "images": [
            "a machete left in the stump of a tree", "a phone with one unread message that said RUN",
            "muddy boot prints on the kitchen tiles", "a torn letterman jacket snagged on a fence",
            "a mask hanging from a nail in the boathouse", "a trail of dark drops across the porch",
            "the cut cord of the landline", "a car with all four tyres slashed",
            "a hunting knife driven into the door", "a camera with its last photo still loading",
        ],
        "signs": [
            "The porch light went out, and nobody had touched the switch.",
            "Heavy footsteps crossed the floor above, slow and unhurried.",
            "A window that had been locked was now open an inch.",
            "The car keys were gone from the hook by the door.",
            "Out past the trees, a figure stood perfectly still and watched the house.",
            "The dog's chain lay in the yard, snapped clean through.",
            "The radio cut to static in the middle of a song.",
        ],
        "threat": [
            "stepped out of the dark without a sound",
            "dragged the blade along the wall so everyone could hear it coming",
            "stood at the end of the hallway, head tilted, breathing",
            "vanished the moment anyone turned a light on it",
            "moved with the terrible patience of something that never tires",
            "waited behind the door that no one had checked",
        ],
        "twists": [
            "the killer had been inside the house the entire night",
            "the one who called for help had been the killer all along",
        ],
        "lines": [
            "Lock the door. No, the other door!",
            "Where's the car? Who took the car?",
            "Nobody goes outside alone. Nobody.",
            "The phone's dead. Why is the phone dead?",
            "Did you see his face? Tell me you saw his face.",
            "Stop screaming and run!",
        ],
        "title": ["Cutting Season", "Last Call", "Night Shift", "Summer Camp", "Mask", "Final Girl"],
        "antagonists": ["the Masked Man", "the Hollow Hunter", "the thing in the hockey mask"],
    },
    "paranormal": {
        "images": [
            "an EVP recorder blinking red", "a thermal camera showing a cold figure in an empty chair",
            "a music box winding itself", "doll heads turned toward the door",
            "an electromagnetic meter screaming in a silent room", "a baby monitor picking up a lullaby",
            "handprints on a fogged window from the outside of the third floor",
            "a rocking chair still moving", "a séance table with one place set",
            "an old tape recorder with a voice that was not there when it recorded",
        ],
        "signs": [
            "The EMF meter spiked, then went quiet, as if something had stepped back.",
            "A child's laughter echoed from the empty upstairs room.",
            "The rocking chair moved in a slow, steady rhythm by itself.",
            "The recorder played back a voice that whispered a name.",
            "Footsteps paced the attic in a path worn into the floorboards.",
            "Every picture frame in the hallway had been turned to face the wall.",
            "The lights dimmed in time with a slow, invisible breathing.",
        ],
        "threat": [
            "whispered through the static of every device in the room",
            "appeared on the camera feed, standing right behind them",
            "tapped out answers on the table, one for yes, two for no",
            "followed the investigators from room to room, always one room behind",
            "pulled the blankets slowly from the foot of the bed",
            "showed itself only in reflections and recordings",
        ],
        "twists": [
            "the voice on the recordings had been {POS} own, recorded years in the future",
            "the family {S} had come to help had died in the house decades ago",
        ],
        "lines": [
            "Is anyone here with us? Give us a sign.",
            "Play that back. Play it back now.",
            "The readings are off the chart in this room.",
            "Something just touched my shoulder.",
            "It said your name. On the tape, it said your name.",
            "Turn the cameras around. It's behind us.",
        ],
        "title": ["Recording", "Séance", "Manifest", "Residual", "Static", "Haunting"],
        "antagonists": ["the entity", "the Whispering Child", "the resident of Room Nine"],
    },
    "body": {
        "images": [
            "skin that had begun to pucker like wet paper", "a tooth found in the bathroom sink",
            "veins that had darkened into a branching map", "a surgical tray with instruments still warm",
            "a bandage that kept getting tighter", "fingernails that had grown overnight",
            "a mirror showing a spine that bent one vertebra too far",
            "a growth behind the ear that pulsed in time with the fluorescent lights",
            "a jar of something that twitched", "a rash shaped like handwriting",
        ],
        "signs": [
            "Something shifted under the skin, slow and deliberate.",
            "The fluorescent lights buzzed, and the itch under the bandage answered.",
            "A sound like knuckles cracking came from somewhere inside the chest.",
            "The scar opened a little in the night and closed again by morning.",
            "The reflection flexed fingers that had one joint too many.",
            "The body ached in places the anatomy books had never named.",
            "A thin, sweet odour rose from the sheets.",
        ],
        "threat": [
            "spread beneath the skin like roots through soft earth",
            "rewrote the body one cell at a time",
            "whispered instructions through the nerves",
            "grew where the flesh was softest",
            "stitched itself into the living tissue",
            "hollowed out the bones and moved in",
        ],
        "twists": [
            "the thing growing inside {O} was not a parasite but a copy, and it was almost finished",
            "the surgery had never removed anything; it had put something in",
        ],
        "lines": [
            "Don't scratch it. Whatever you do, don't scratch it.",
            "That wasn't there yesterday. Was it?",
            "Your hands. Look at your hands.",
            "The tests came back. They came back human. Mostly.",
            "It moves when you sleep. I've watched it.",
            "We need to cut it out before it spreads.",
        ],
        "title": ["Flesh", "Graft", "Mutation", "Host", "Suture", "Metamorphosis"],
        "antagonists": ["the growth", "Dr. Varga", "the thing under the skin"],
    },
    "dark_fantasy": {
        "images": [
            "a sword rusted to its scabbard with old blood", "a crown of antlers on a throne of bone",
            "runes that glowed when the moon was hidden", "a forest where the trees had faces",
            "a raven that spoke with a dead queen's voice", "a chalice of black wine that never emptied",
            "a map inked on human vellum", "a gate carved with the names of the damned",
            "a bridge of chains over a bottomless gorge", "a witch-light bobbing between the barrows",
        ],
        "signs": [
            "The runes along the archway flared a sullen red and then went dark.",
            "The trees bowed inward, as if listening.",
            "Wolves howled in a chorus that sounded almost like words.",
            "The torches burned green, and the shadows grew teeth.",
            "An old curse stirred in the stones beneath the keep.",
            "The moon rose blood-dark over the barrow hills.",
            "Bells rang from a cathedral that had sunk into the marsh centuries ago.",
        ],
        "threat": [
            "rode out of the mist on a horse made of shadows",
            "spoke the old tongue, and the torches died one by one",
            "called the dead up from the barrows to march",
            "wove a curse from the hair of sleeping children",
            "watched from the throne of antlers with eyes like cold coins",
            "bargained in riddles that always ended in blood",
        ],
        "twists": [
            "the prophecy {S} had fought to prevent had been about {O} all along",
            "the crown {S} sought would make {O} the next monster on the throne",
        ],
        "lines": [
            "The old gods don't forgive. They only forget, and slowly.",
            "Keep your blade drawn. The forest is listening.",
            "Every bargain with the witch has a price you don't see.",
            "Those runes mean death. Or worse.",
            "The gate opens only for the cursed.",
            "You carry the mark. I saw it on your wrist.",
        ],
        "title": ["Thorncrown", "Barrow", "Curse", "Blackblade", "Wyrd", "Hollow Throne"],
        "antagonists": ["the Antlered King", "the Witch of the Fen", "the Lich of Harrowgate"],
    },
    "comedy": {
        "images": [
            "a haunted toaster that only burned faces into bread", "a ghost wearing a novelty tie",
            "a cursed garden gnome that moved when no one was looking", "a ouija board with bad spelling",
            "a vampire with a clove of garlic stuck in his collar", "a zombie still wearing a name badge",
            "a possessed smart speaker playing funeral music", "a séance candle shaped like a pineapple",
            "a demon summoning circle drawn in sidewalk chalk", "a skull that kept falling off its shelf",
        ],
        "signs": [
            "The lights flickered, then flickered again, as if for dramatic effect.",
            "Somewhere in the walls, something moaned, cleared its throat, and moaned better.",
            "The haunted piano played the first four notes of a pop song and gave up.",
            "A chain rattled upstairs, followed by a muffled curse and a thump.",
            "The cursed doll's head turned slowly, with an audible squeak.",
            "The portrait's eyes followed everyone, and then rolled.",
            "A bat flew in, hit the window, and had to sit down for a moment.",
        ],
        "threat": [
            "loomed with enormous menace, then tripped over the rug",
            "howled with unearthly fury, though the effect was spoiled by a hiccup",
            "rattled its chains with the enthusiasm of a community theatre actor",
            "insisted on explaining the curse in tedious detail",
            "demanded a sacrifice, and then specified gluten-free",
            "appeared in a swirl of smoke and set off the fire alarm",
        ],
        "twists": [
            "the ancient curse had been a clerical error all along, and the paperwork was horrifying",
            "{S} had been the ghost the entire time, which explained the rent",
        ],
        "lines": [
            "Is it supposed to be that color? The blood, I mean.",
            "I'm not saying the house is haunted. I'm saying it has opinions.",
            "Did the demon just ask for the Wi-Fi password?",
            "Run now, panic later!",
            "That's not a ghost. That's a bedsheet with ambition.",
            "If we survive this, I'm writing a very angry review.",
        ],
        "title": ["Fright Club", "Boo-Hoo", "Dead Funny", "Hex Appeal", "Grave Mistake", "Ghoul Friend"],
        "antagonists": ["Count Gregor the Mildly Terrifying", "the haunted toaster", "the ghost of Uncle Bertie"],
    },
    "apocalyptic": {
        "images": [
            "a highway jammed with abandoned cars", "a sky the colour of a healing bruise",
            "a radio tower bent like a broken finger", "ash falling like grey snow",
            "a supermarket with its shelves stripped bare", "a child's shoe in the middle of an empty road",
            "graffiti that read THEY COME AT NIGHT", "a church packed with cots and silence",
            "a gas mask hanging from a traffic light", "a city skyline with no lights at all",
        ],
        "signs": [
            "The emergency broadcast repeated the same message, then stopped mid-word.",
            "A siren wailed in the distance and did not stop.",
            "Dogs ran in packs through the empty streets, silent and thin.",
            "The horizon glowed orange where the last city burned.",
            "A drone crossed the sky, blinking, searching for something.",
            "The wind carried the smell of smoke and something worse.",
            "A shopping cart rolled across an empty lot, pushed by nothing.",
        ],
        "threat": [
            "swept through the ruins where the survivors hid",
            "came with the dust storms and left nothing breathing",
            "hunted by sound, patient and unstoppable",
            "turned the last safe zone into a graveyard in a single night",
            "wore the faces of the people it had taken",
            "spread across the map like an ink stain",
        ],
        "twists": [
            "the safe zone broadcast had been a lure all along",
            "the end of the world had begun with the experiment {S} had helped build",
        ],
        "lines": [
            "How much water have we got left? Tell me the real number.",
            "The broadcast said the bridge was safe. The broadcast lied.",
            "Don't stop moving. Not for anything.",
            "They come at night. Everyone knows they come at night.",
            "Is anyone else out there? Anyone at all?",
            "We check the bodies for supplies. Then we burn them.",
        ],
        "title": ["Fallout", "Last Light", "Ashfall", "Dead Zone", "Aftermath", "Wasteland"],
        "antagonists": ["the Hollowed", "the Swarm", "the Quiet Ones"],
    },
}

GENRE_ALIASES = {
    "gothic horror": "gothic", "gothic": "gothic",
    "psychological": "psychological", "psychological horror": "psychological",
    "supernatural": "supernatural", "supernatural horror": "supernatural",
    "cosmic horror": "cosmic", "cosmic": "cosmic", "lovecraftian": "cosmic",
    "slasher": "slasher", "paranormal": "paranormal",
    "body horror": "body", "dark fantasy": "dark_fantasy",
    "horror comedy": "comedy", "comedy": "comedy",
    "apocalyptic horror": "apocalyptic", "apocalyptic": "apocalyptic", "post-apocalyptic": "apocalyptic",
}


def genre_key(genre):
    """Canonical genre key for a form value; unknown values fall back to a neutral blend."""
    g = (genre or "").strip().lower()
    if g in GENRE_ALIASES:
        return GENRE_ALIASES[g]
    for alias, key in GENRE_ALIASES.items():
        if alias.split()[0] in g:
            return key
    return "default"


def _blend():
    merged = {}
    for field in ("images", "signs", "threat", "twists", "lines", "title", "antagonists"):
        merged[field] = [item for k in ("gothic", "supernatural", "psychological", "paranormal")
                         for item in GENRES[k][field]]
    return merged


GENRES["default"] = _blend()

# --- moods ---------------------------------------------------------------------------------------

MOODS = {
    "eerie": {"adj": ["eerie", "uncanny", "hushed", "pale", "deathly still", "strangely quiet"],
              "atmos": ["The quiet had a listening quality to it.",
                        "Nothing moved, and that was the strangest part.",
                        "The stillness felt arranged, like a stage before the curtain."]},
    "terrifying": {"adj": ["terrifying", "monstrous", "brutal", "harrowing", "merciless", "nightmarish"],
                   "atmos": ["Fear arrived all at once, a hand closing around the throat.",
                             "Every instinct screamed to run and kept screaming.",
                             "The air itself seemed to bare its teeth."]},
    "mysterious": {"adj": ["mysterious", "veiled", "cryptic", "half-hidden", "unexplained", "secret"],
                   "atmos": ["Every answer only opened another locked door.",
                             "Clues lay everywhere, and none of them agreed.",
                             "The place kept its secrets the way a grave keeps its dead."]},
    "ominous": {"adj": ["ominous", "foreboding", "brooding", "heavy", "threatening", "looming"],
                "atmos": ["Something was coming; the air knew it before anyone else did.",
                          "The silence felt like the moment before a verdict.",
                          "Even the birds had gone somewhere else."]},
    "suspenseful": {"adj": ["tense", "taut", "breathless", "suspenseful", "hair-trigger", "knife-edge"],
                    "atmos": ["Each second stretched thin enough to snap.",
                              "Every creak could have been the last warning.",
                              "Waiting became its own kind of torture."]},
    "dark": {"adj": ["dark", "bleak", "lightless", "grim", "black", "sunless"],
             "atmos": ["Darkness pooled in every corner like spilled ink.",
                       "Hope felt like a rumour from somewhere far away.",
                       "The night seemed to have no edges at all."]},
    "disturbing": {"adj": ["disturbing", "sickening", "wrong", "grotesque", "obscene", "unwholesome"],
                   "atmos": ["Something about the room was deeply, bodily wrong.",
                             "The details did not bear looking at for long.",
                             "The mind kept flinching from what the eyes reported."]},
    "unsettling": {"adj": ["unsettling", "off-kilter", "crooked", "askew", "uneasy", "slightly wrong"],
                   "atmos": ["Everything was almost normal, and almost was the problem.",
                             "The angles of the room seemed to disagree with each other.",
                             "A small wrongness sat at the centre of everything."]},
    "creepy": {"adj": ["creepy", "skin-crawling", "furtive", "clammy", "unwholesome", "prickling"],
               "atmos": ["The feeling of being watched crawled up the back of the neck.",
                         "Small sounds skittered just out of sight.",
                         "The dolls on the shelf seemed to have gathered closer together."]},
    "dreadful": {"adj": ["dreadful", "doom-laden", "funereal", "hopeless", "leaden", "grave"],
                 "atmos": ["Dread settled in like a tenant who meant to stay.",
                           "Every path seemed to slope toward the same ending.",
                           "The hours crawled past like mourners."]},
    "sinister": {"adj": ["sinister", "malign", "watchful", "baleful", "treacherous", "crooked"],
                 "atmos": ["Someone had planned all of this, carefully.",
                           "The welcome had been too warm, and now it was cooling.",
                           "Every kindness in this place had a hook in it."]},
    "menacing": {"adj": ["menacing", "predatory", "hostile", "glowering", "threatening", "ravenous"],
                 "atmos": ["The dark had the patience of a predator.",
                           "Something out there was circling, closer each time.",
                           "The threat did not hide; it simply waited to be noticed."]},
}
MOODS["default"] = {"adj": ["uneasy", "strange", "cold", "wrong", "quiet", "heavy"],
                    "atmos": ["The air felt thick with something unsaid.",
                              "An old unease settled over everything.",
                              "The place seemed to hold its breath."]}


def mood_key(mood):
    if isinstance(mood, (list, tuple)):
        mood = mood[0] if mood else ""
    m = (mood or "").strip().lower()
    return m if m in MOODS else "default"


# --- intensity -----------------------------------------------------------------------------------
# Tier 0 (1-3) stays quiet and uncanny; tier 1 (4-7) is plain fear; tier 2 (8-10) is visceral.

INTENSITY = [
    {"dread": ["odd", "faint", "uneasy", "curious", "quiet", "peculiar", "slight"],
     "fear": ["unease", "disquiet", "a prickle of doubt", "a small cold thought", "nervousness"],
     "body": ["{POS} shoulders tightened", "{POS} fingers fidgeted", "a shiver touched {POS} neck",
              "{POS} breath caught for a moment", "{POS} stomach turned over gently"],
     "act": ["lingered", "watched", "waited", "hovered", "shifted"]},
    {"dread": ["cold", "menacing", "wrong", "frightening", "grim", "ghastly", "unnatural"],
     "fear": ["fear", "dread", "cold panic", "a sick certainty", "raw alarm"],
     "body": ["{POS} heart hammered", "{POS} hands shook", "sweat ran cold down {POS} back",
              "{POS} throat closed", "{POS} knees nearly gave way"],
     "act": ["stalked", "lunged", "crept closer", "reached out", "closed in"]},
    {"dread": ["blood-soaked", "savage", "murderous", "gore-streaked", "blood-red", "merciless", "agonising"],
     "fear": ["terror", "screaming terror", "blind animal terror", "agony", "mindless horror"],
     "body": ["blood roared in {POS} ears", "a scream tore out of {POS} throat",
              "{POS} nails split against the wood", "{POS} vision swam red with terror",
              "{POS} heart slammed hard enough to bruise"],
     "act": ["tore", "slaughtered", "ripped forward", "butchered the silence", "shrieked"]},
]

#: words that mark the top tier, used by tests and by ``revise`` to gauge intensity
HIGH_INTENSITY_WORDS = ("blood", "scream", "terror", "agony", "gore", "butcher", "shriek", "savage")


def intensity_tier(intensity):
    try:
        n = int(intensity)
    except (TypeError, ValueError):
        n = 5
    n = max(1, min(10, n))
    return 0 if n <= 3 else (1 if n <= 7 else 2)


# --- time of day ---------------------------------------------------------------------------------

TIMES = {
    "dawn": {"word": "dawn", "light": ["the first grey light of dawn", "a bloodless dawn", "the thin light of daybreak",
                                        "the hour when dawn had not yet decided to come"],
             "recur": ["Dawn should have brought relief, but the light stayed thin and grey.",
                       "The dawn light crept no further than the windowsill.",
                       "Somewhere beyond the trees, dawn was failing to arrive."]},
    "morning": {"word": "morning", "light": ["a colourless morning", "the flat light of morning",
                                              "a morning that felt like an afterthought", "the weak morning sun"],
                "recur": ["The morning light looked wrong now, too bright in all the wrong places.",
                          "It was still morning, somehow, though hours seemed to have passed.",
                          "Morning sounds, birds and distant traffic, had stopped entirely."]},
    "noon": {"word": "noon", "light": ["the white glare of noon", "a shadowless noon", "the dead hour of noon",
                                        "a noon so bright it felt like an interrogation"],
             "recur": ["At noon the shadows should have vanished, but one of them stayed.",
                       "The noon sun hung overhead and gave no warmth at all.",
                       "Even at noon, the corners of the room kept their darkness."]},
    "afternoon": {"word": "afternoon", "light": ["a slow, amber afternoon", "the long afternoon light",
                                                  "an afternoon that seemed to last for days", "the tired afternoon sun"],
                  "recur": ["The afternoon light slanted lower, thinning like watered wine.",
                            "The afternoon dragged on, and the shadows grew longer than they should.",
                            "By late afternoon, the light had a bruised, yellow tint."]},
    "dusk": {"word": "dusk", "light": ["the bruised violet of dusk", "the last of the light at dusk",
                                        "a dusk that came on too quickly", "the red smear of sunset"],
             "recur": ["Dusk thickened into something heavier than night.",
                       "The last light of dusk drained from the windows like water from a basin.",
                       "At dusk every shape became a possibility."]},
    "night": {"word": "night", "light": ["a moonless night", "the deep black of night", "the long night",
                                          "a night without stars"],
              "recur": ["The night pressed close against the windows.",
                        "The night had grown deeper, the kind that swallows sound.",
                        "Night had settled in completely, and it had no intention of leaving."]},
    "midnight": {"word": "midnight", "light": ["the deep hush of midnight", "the dead of midnight",
                                                "the black hour of midnight", "the silence of midnight"],
                 "recur": ["Midnight came and did not pass; the clock hands simply stopped.",
                           "At midnight the house seemed to draw one long breath.",
                           "It was past midnight now, in the hours that belong to no one."]},
}
TIMES["default"] = {"word": "evening", "light": ["the failing evening light", "the grey hour between things",
                                                  "a light that belonged to no particular hour"],
                    "recur": ["The hour no longer seemed to matter; the light stayed the same.",
                              "Time passed, though the windows gave no sign of it.",
                              "The light outside had stopped changing."]}


def time_key(value):
    v = (value or "").strip().lower()
    return v if v in TIMES else "default"


# --- weather -------------------------------------------------------------------------------------

WEATHER = {
    "clear": {
        "verb": ["glittered coldly", "stayed perfectly still", "hung empty overhead"],
        "word": "sky", "desc": ["under a sky so clear it looked painted", "beneath a cold, cloudless sky",
                                         "with the air sharp and perfectly clear"],
              "sound": "the ringing silence of the clear air", "touch": "the clean, biting chill of the clear air",
              "recur": ["The sky stayed perfectly clear, which somehow made it worse.",
                        "Outside, the clear sky offered no cover and no mercy.",
                        "Through the window, the clear sky looked like a lid."]},
    "cloudy": {
        "verb": ["thickened", "sagged lower", "drifted past"],
        "word": "clouds", "desc": ["beneath a low ceiling of cloud", "under clouds the colour of old pewter",
                                           "while heavy clouds sagged over the rooftops"],
               "sound": "the muffled hush beneath the clouds", "touch": "the damp weight of the overcast air",
               "recur": ["The clouds had lowered until they seemed to rest on the rooftops.",
                         "Clouds slid past overhead, hiding something that moved above them.",
                         "The overcast sky pressed down like a held breath."]},
    "foggy": {
        "verb": ["thickened", "curled at the windows", "swallowed the path"],
        "word": "fog", "desc": ["as fog rolled in thick enough to swallow sound",
                                       "in a fog that turned every lamp into a ghost",
                                       "while a clinging fog crept along the ground"],
              "sound": "the dripping quiet of the fog", "touch": "the cold, wet breath of the fog",
              "recur": ["The fog had crept closer, pressing against the glass like a face.",
                        "Shapes moved in the fog and dissolved before they could be named.",
                        "The fog thickened until the world ended an arm's length away."]},
    "rainy": {
        "verb": ["hammered the roof", "streamed down the glass", "drummed on"],
        "word": "rain", "desc": ["as rain hammered the roof in long grey sheets",
                                        "under a steady, needling rain", "while rain streamed down the windows"],
              "sound": "the endless drumming of the rain", "touch": "the icy trickle of rain down the collar",
              "recur": ["The rain had not let up; it drummed on like fingers on a coffin lid.",
                        "Rain streamed down the glass, blurring whatever stood outside.",
                        "Water pooled under the door, and the rain kept coming."]},
    "stormy": {
        "verb": ["cracked overhead", "shook the walls", "rolled closer"],
        "word": "storm", "desc": ["as a storm split the sky with white veins of lightning",
                                          "while thunder rolled like furniture dragged across the heavens",
                                          "in the teeth of a howling storm"],
               "sound": "the crack and roll of thunder", "touch": "the electric prickle of the storm on the skin",
               "recur": ["Lightning flashed, and for an instant there was someone at the window.",
                         "The storm shook the walls as if it wanted to be let in.",
                         "Thunder rolled again, closer now, answering something."]},
    "snowy": {
        "verb": ["kept falling", "buried the path", "hissed against the glass"],
        "word": "snow", "desc": ["as snow fell in silent, endless drifts", "under a sky shedding thick snow",
                                        "while snow buried every path and footprint"],
               "sound": "the smothering hush of falling snow", "touch": "the numbing bite of the snow",
               "recur": ["Snow had covered the tracks, all but one set that led toward the door.",
                         "The snow kept falling, burying the road and any hope of leaving.",
                         "Outside, the snow glowed faintly blue in the dark."]},
    "windy": {
        "verb": ["moaned in the eaves", "rattled the shutters", "howled"],
        "word": "wind", "desc": ["as the wind moaned through every gap in the walls",
                                        "while a restless wind worried at the shutters",
                                        "with a wind that tugged like impatient hands"],
              "sound": "the low moan of the wind in the eaves", "touch": "the wind's cold fingers at the throat",
              "recur": ["The wind rose to a howl, and under it something else was howling too.",
                        "Shutters banged in the wind like someone knocking to be let in.",
                        "The wind died all at once, and the silence was worse."]},
}
WEATHER["default"] = {"verb": ["waited", "stayed heavy", "hung still"],
                      "word": "air", "desc": ["under a sky that gave nothing away", "in the heavy, waiting air"],
                      "sound": "the hum of the heavy air", "touch": "the clammy closeness of the air",
                      "recur": ["The air outside had not changed, and it was still waiting.",
                                "The sky held its colourless calm, giving nothing away."]}


def weather_key(value):
    v = (value or "").strip().lower()
    return v if v in WEATHER else "default"


# --- senses and shared vocabulary ---------------------------------------------------------------

SOUNDS = ["a wet, slow dripping", "the scrape of something heavy being dragged", "a whisper with no breath behind it",
          "the tick of cooling metal", "a low hum under the floor", "a creak like a held breath released",
          "distant, patient footsteps", "a soft tapping on the glass", "the groan of old timber",
          "a thin, tuneless humming like a child's", "the rattle of a loose chain", "a sigh from the empty hallway"]
SMELLS = ["wet earth and old pennies", "mildew and candle smoke", "rot sweetened with lilies", "cold ash",
          "damp wool and something underneath it", "rust and rainwater", "burnt hair", "stale perfume",
          "formaldehyde and dust", "spoiled milk and incense", "river mud", "mothballs and decay"]
TEXTURES = ["slick and cold", "gritty with dust", "furred with damp", "tacky, like drying paint",
            "rough as old bone", "soft in a way wood should never be", "colder than the air around it",
            "faintly warm, as if recently touched", "greasy with condensation", "brittle as dead leaves"]
MOVE = ["crept", "edged", "moved", "stepped", "inched", "pressed on", "slipped", "picked a way"]
LOOK = ["stared at", "studied", "glanced at", "watched", "fixed {POS} eyes on", "could not look away from"]
SAID = {"statement": ["said", "whispered", "murmured", "muttered", "breathed", "insisted"],
        "question": ["asked", "whispered", "demanded", "breathed", "wondered aloud"],
        "exclaim": ["shouted", "hissed", "cried", "snapped", "yelled", "gasped"]}
NOUN_DARK = ["shadows", "dark", "gloom", "corners", "stillness", "silence", "hallway", "doorway"]
ADV = ["slowly", "carefully", "quietly", "without a sound", "at last", "once more", "again", "in silence"]
FRAGMENTS = ["Silence", "A creak", "Nothing", "Breath", "A footstep", "Closer", "Stillness", "A shadow",
             "Then a click", "Another step", "A whisper", "Cold", "Darkness", "A heartbeat", "Then quiet"]

# Plain words and their richer replacements, used by ``revise.enhance``.
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
