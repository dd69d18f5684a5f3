"""Setting worlds: what a kind of place holds, sounds like and smells of (data).

A world is chosen from the setting's words (``world_for``); a setting the engine does not know gets
a generic world built from its own head noun, so a freighter never grows a banister and a carnival
never borrows a lighthouse's lamp. Every phrase is a noun phrase usable after "the"/"a" as written.
"""
import re

WORLDS = {
    "lighthouse": {
        "words": ("lighthouse", "beacon", "lamp house", "light station"),
        "rooms": [("the lamp room", "a glass cage at the top, its great lens furred with salt"),
                  ("the keeper's quarters", "a narrow room with a cot, a stove and a logbook shelf"),
                  ("the spiral stair", "iron steps winding up the tower's throat"),
                  ("the oil store", "a cold stone cellar that smelled of paraffin"),
                  ("the gallery", "the iron walkway outside the lamp, open to the wind"),
                  ("the boathouse", "a slipway down to black water and an upturned dinghy"),
                  ("the fog signal house", "a squat hut of compressed-air tanks and a brass horn")],
        "objects": ["the great lens", "a paraffin lamp", "the foghorn lever", "a rusted barometer",
                    "the keeper's logbook", "a coil of wet rope", "a tin mug on the stove",
                    "the brass rail of the stair", "a storm lantern", "a chart of the reef", "a ship in a bottle", "the keeper's oilskins"],
        "sounds": ["the surf booming against the rocks", "the cry of gulls over the rocks",
                   "the lens turning on its bath of mercury", "wind moaning through the gallery rail",
                   "the iron stair ticking as it cooled", "a far-off bell buoy", "the foghorn groaning once", "rain hissing on the lantern glass"],
        "smells": ["salt and paraffin", "wet stone", "kelp rotting on the rocks", "cold soot from the stove", "fish scales and diesel", "wet wool drying by the stove"],
        "touch": ["the rail was slick with spray", "salt crusted the window glass",
                  "the stone walls sweated in the cold", "the steps rang under every footfall"],
    },
    "asylum": {
        "words": ("asylum", "sanatorium", "madhouse", "bedlam", "psychiatric"),
        "rooms": [("the day room", "a long room of bolted chairs facing a dead television"),
                  ("the east ward", "two rows of iron beds under a stained ceiling"),
                  ("the records office", "filing cabinets rusted shut, their drawers labelled by year"),
                  ("the hydrotherapy room", "tiled walls and deep tubs with leather straps"),
                  ("the basement corridor", "a low tunnel of pipes and numbered doors"),
                  ("the isolation cell", "a padded room, the padding split and yellow"),
                  ("the nurses' station", "a glass booth with a dead switchboard and a kettle")],
        "objects": ["a wheelchair with one flat tyre", "a clipboard of patient notes", "a row of restraint straps",
                    "a medicine trolley", "a cracked observation window", "a nurse's call bell",
                    "the flickering strip lights", "a bundle of keys on a wire ring", "a straitjacket on a hook", "a tray of rusted instruments", "a visitors' book", "a ward clock behind wire mesh"],
        "sounds": ["a trolley wheel squeaking down the corridor", "water dripping into a steel sink",
                   "the fluorescent tubes buzzing", "a door banging somewhere on the ward",
                   "a radiator knocking", "humming from behind a locked door", "a gurney rolling by itself", "a patient bell ringing in an empty room"],
        "smells": ["carbolic soap and mildew", "old bleach", "damp mattress ticking", "rust and wet plaster", "stale cigarette smoke", "sour milk and medicine"],
        "touch": ["the tiles were cold and gritty", "the bed frames were furred with rust",
                  "the linoleum peeled underfoot", "the door handles were tacky with old varnish"],
    },
    "house": {
        "words": ("house", "townhouse", "homestead", "manor", "mansion", "estate", "hall", "cottage", "home", "villa", "farmhouse",
                  "orphanage", "parsonage", "castle"),
        "rooms": [("the front hall", "a tiled hall with a staircase climbing into the dark"),
                  ("the nursery", "a small room of painted animals and a cot with no mattress"),
                  ("the library", "shelves of swollen books and a desk under a dust sheet"),
                  ("the cellar", "brick vaults under the kitchen, the floor packed earth"),
                  ("the attic", "rafters, trunks and a round window like an eye"),
                  ("the dining room", "a long table laid for a dinner nobody ate"),
                  ("the servants' stair", "a narrow back stair, steep and unlit")],
        "objects": ["the grandfather clock", "a portrait in the hall", "the banister", "a dust sheet over a chair",
                    "the cellar door", "a row of servant bells", "a cold fireplace", "a child's rocking horse", "a stopped carriage clock", "a piano with its lid down", "a family Bible on a stand", "a coat stand in the hall"],
        "sounds": ["the clock ticking in the hall", "floorboards settling overhead", "rain in the gutters",
                   "a servant bell ringing once", "a door easing shut upstairs", "mice in the walls", "a piano key sounding once", "the chimney moaning"],
        "smells": ["dust and beeswax", "cold ash in the grate", "damp wallpaper", "lilies gone over", "camphor from the linen press", "old pipe smoke"],
        "touch": ["the banister was sticky with old polish", "the wallpaper was soft with damp",
                  "the floorboards gave a little underfoot", "the doorknobs were colder than the air"],
    },
    "ship": {
        "words": ("ship", "freighter", "vessel", "spacecraft", "starship", "space station", "orbital",
                  "submarine", "tanker", "trawler", "boat"),
        "rooms": [("the airlock", "a steel throat between two hatches, its warning lamp dead"),
                  ("the cargo hold", "containers stacked three high under strip lights"),
                  ("the bridge", "a horseshoe of dark consoles and one blinking screen"),
                  ("the crew quarters", "bunks folded into the bulkheads, curtains drawn"),
                  ("the engine room", "pipes, gauges and the heat of something still running"),
                  ("the galley", "a steel counter, magnetised trays and a coffee maker still on"),
                  ("the medical bay", "a single bunk under a surgical lamp")],
        "objects": ["a bulkhead hatch", "the airlock wheel", "a flickering status panel", "a crew roster",
                    "an oxygen gauge", "a magnetic boot rack", "a handheld radio", "the emergency locker", "a cracked helmet visor", "a sealed specimen case", "a pressure suit on its rack", "a captain's log tablet"],
        "sounds": ["the recyclers breathing through the vents", "hull plates ticking as they cooled",
                   "a hatch cycling somewhere aft", "static on an open channel", "the engines' low hum",
                   "something tapping along the ductwork", "an alarm chirping once and dying", "the hull groaning under strain"],
        "smells": ["ozone and hot metal", "recycled air", "hydraulic fluid", "burnt insulation", "old sweat in the suits", "coolant"],
        "touch": ["the deck plates were cold through the boots", "the bulkheads hummed under the palm",
                  "condensation beaded on every pipe", "the handholds were worn smooth"],
    },
    "ice": {
        "words": ("ice", "arctic", "antarctic", "polar", "research station", "outpost", "tundra", "glacier"),
        "rooms": [("the mess hut", "a prefab room with a stove, a table and a calendar"),
                  ("the radio shack", "a bench of dead sets and a frosted window"),
                  ("the core store", "racks of ice cores in labelled tubes"),
                  ("the generator shed", "a diesel engine under a tarpaulin"),
                  ("the outer perimeter", "flag poles marking the path into white nothing"),
                  ("the sleeping module", "four bunks and a heater ticking in the corner"),
                  ("the drill tent", "a rig over a hole that went down a very long way")],
        "objects": ["a sled of fuel drums", "an ice core sample", "a frost-crusted radio", "a line of guide flags",
                    "a parka on a hook", "a diesel heater", "a thermos gone cold", "a logbook of readings", "a pair of snow goggles", "a flare pistol", "a crate of ration packs", "a frozen boot by the door"],
        "sounds": ["wind scouring the huts", "the generator coughing", "the ice groaning deep down",
                   "snow hissing against the walls", "the radio's empty carrier tone", "a flag snapping", "the drill housing ticking as it cooled", "footsteps crunching outside"],
        "smells": ["diesel and wet wool", "frozen air that burned the nose", "stale coffee", "cold rubber", "burnt toast and kerosene", "wet fur"],
        "touch": ["the door handle burned with cold", "frost furred the inside of the window",
                  "snow crunched like sugar underfoot", "breath froze on the scarf"],
    },
    "forest": {
        "words": ("forest", "woods", "wood", "grove", "pines", "wilderness", "swamp", "marsh", "bayou", "moor",
                  "cabin"),
        "rooms": [("the clearing", "a ring of grass where nothing grew taller than the ankle"),
                  ("the creek bed", "stones and black water under leaning trees"),
                  ("the ranger's hut", "a one-room shack with a padlocked door"),
                  ("the old trail", "a path half swallowed by bracken"),
                  ("the deadfall", "a tangle of fallen trunks as high as a wall"),
                  ("the hunters' cabin", "a single room with antlers over the door"),
                  ("the fire tower", "a cabin on stilts above the treeline")],
        "objects": ["a trail marker", "a hunting stand", "a ring of stones", "a rusted trap", "a lantern",
                    "a carved trunk", "a tent with its flap open", "a compass", "a rope swing with no seat", "a missing-person poster nailed to a trunk", "a cold campfire", "a deer skull"],
        "sounds": ["branches creaking in the wind", "an owl calling twice", "something moving in the bracken",
                   "water running under the stones", "the hush of needles falling", "a twig snapping", "a woodpecker's knocking", "wind combing the pine tops"],
        "smells": ["pine resin", "leaf mould", "wet bark", "fox musk", "smoke from a fire no one had lit", "crushed ferns"],
        "touch": ["the bark was slick with moss", "brambles dragged at the sleeves",
                  "the ground was soft and cold", "dew soaked through to the skin"],
    },
    "church": {
        "words": ("church", "chapel", "cathedral", "abbey", "convent", "monastery", "crypt", "temple"),
        "rooms": [("the nave", "rows of pews under high dark windows"), ("the vestry", "robes on hooks and a locked press"),
                  ("the bell tower", "a ladder climbing to the bells"), ("the crypt", "low vaults of named stone"),
                  ("the churchyard", "leaning stones in long wet grass"),
                  ("the organ loft", "a gallery of pipes and a bench worn hollow"),
                  ("the lych gate", "a roofed gate where the coffins used to rest")],
        "objects": ["the font", "a hymn board", "a bell rope", "a row of votive candles", "the altar rail",
                    "a tomb with a worn inscription", "a parish register", "a lectern eagle", "a poor box", "a rood screen", "a stack of kneelers", "a brass memorial plate",
                    "a rosary of jet beads", "a silver communion cup"],
        "sounds": ["the bell rope creaking", "wind in the tower louvres", "pigeons shifting in the rafters",
                   "a pew groaning", "the door latch lifting", "water dripping in the crypt", "an organ pipe breathing", "rooks in the yews"],
        "smells": ["candle wax and old stone", "incense gone stale", "wet earth", "damp hymn books", "cut grass on the graves", "cold brass polish"],
        "touch": ["the pews were worn smooth", "the stone floor leached warmth from the feet",
                  "the font water was ice cold", "the rope was rough and greasy"],
    },
    "school": {
        "words": ("school", "academy", "college", "university", "campus", "dormitory", "classroom"),
        "rooms": [("the main corridor", "lockers on both sides and a trophy case"),
                  ("the chemistry lab", "benches, gas taps and a skeleton on a stand"),
                  ("the gymnasium", "a sprung floor and ropes hanging from the ceiling"),
                  ("the headmaster's office", "a leather chair and a cabinet of files"),
                  ("the boiler room", "a furnace behind a door marked STAFF ONLY"),
                  ("the library", "stacks of books and a desk stamped with due dates"),
                  ("the music room", "a piano, stacked chairs and a cracked metronome")],
        "objects": ["a row of lockers", "a chalkboard", "the register", "a school bell", "a lost-property box",
                    "a class photograph", "a projector", "a rusted radiator", "a trophy case", "a dusty globe", "a detention slip", "a row of coat pegs"],
        "sounds": ["a locker door swinging", "the bell ringing between lessons that no longer happened",
                   "chalk squealing", "sneakers squeaking far down the hall", "the boiler clanking",
                   "a tap dripping in the washroom", "a piano note from an empty room", "the PA system crackling"],
        "smells": ["floor polish and chalk dust", "old lunches", "mildewed gym mats", "pencil shavings", "wet coats on the pegs", "disinfectant"],
        "touch": ["the desks were carved with initials", "the radiators were cold",
                  "the floor was tacky with polish", "the locker doors were dented and cold"],
    },
    "hotel": {
        "words": ("hotel", "motel", "inn", "lodge", "resort", "guesthouse", "guest house", "boarding house",
                  "bed and breakfast", "b&b", "hostel"),
        "rooms": [("the front desk", "a counter with a bell and a board of keys"),
                  ("the long corridor", "numbered doors and a carpet patterned like veins"),
                  ("room twelve", "a made bed, a television and a Bible in the drawer"),
                  ("the ice machine alcove", "a humming box under a dead vending machine"),
                  ("the laundry", "dryers, steam pipes and heaps of sheets"),
                  ("the empty pool", "a tiled hollow with leaves and a ladder going down"),
                  ("the manager's office", "a desk, a safe and a wall of old postcards")],
        "objects": ["the guest register", "a brass room key", "the reception bell", "a room service tray",
                    "a do-not-disturb sign", "the ice machine", "a vending machine", "a fire door", "a rack of tourist leaflets", "a housekeeping cart", "a peephole in a door", "a room phone off its hook"],
        "sounds": ["the ice machine dropping cubes", "a television murmuring through the wall",
                   "the neon sign buzzing", "a door chain rattling", "pipes knocking", "trucks passing on the road", "a shower running in an empty room", "the elevator chime"],
        "smells": ["cigarette smoke in the curtains", "cheap air freshener", "chlorine", "damp carpet", "fried food from the diner", "mildewed towels"],
        "touch": ["the bedspread was slick and synthetic", "the carpet was damp underfoot",
                  "the key fob was warm as if just held", "the walls were thin as card"],
    },
    "village": {
        "words": ("village", "town", "hamlet", "harbour", "harbor", "port", "street", "city", "suburb"),
        "rooms": [("the square", "a war memorial and shuttered shops"), ("the pub", "low beams and a dead fire"),
                  ("the harbour wall", "stone steps down to the water"), ("the post office", "a counter and a wall of boxes"),
                  ("the lane behind the church", "hedges high enough to hide a person"),
                  ("the bus shelter", "a glass box with one bench and a torn timetable"),
                  ("the bakery", "cold ovens and a bell over the door")],
        "objects": ["the war memorial", "a noticeboard of old notices", "a phone box", "a shuttered shop",
                    "a parked car with fogged windows", "a lamp post", "a garden gate", "a row of milk bottles", "a bicycle against a wall", "a poster for a missing dog", "a shop bell", "a rain barrel",
                    "a key on a string", "a torn bus ticket"],
        "sounds": ["a dog barking and then stopping", "curtains rattling on their rails",
                   "a car starting and dying", "church bells across the roofs", "footsteps keeping pace",
                   "a gate swinging on its hinge", "a radio through an open window", "gulls on the chimney pots"],
        "smells": ["coal smoke", "wet hedges", "the sea", "frying from a closed kitchen", "wet dog", "bonfire smoke"],
        "touch": ["the cobbles were slick", "the gate latch was cold", "the air was damp on the face",
                  "the doorstep was worn hollow"],
    },
    "mine": {
        "words": ("mine", "cave", "cavern", "tunnel", "bunker", "sewer", "catacomb", "subway", "underground"),
        "rooms": [("the main shaft", "a cage lift hanging over a drop"), ("the lamp room", "hooks of dead helmets"),
                  ("the lower gallery", "a tunnel propped on black timbers"), ("the flooded seam", "still water to the knee"),
                  ("the collapse", "a wall of rubble where a tunnel ended"),
                  ("the pump room", "iron pumps that had stopped a long time ago"),
                  ("the old workings", "low tunnels hacked by hand a century before")],
        "objects": ["a carbide lamp", "the cage lift", "a pit pony's harness", "a rusted pick", "a tally board",
                    "the timber props", "a canary cage", "a length of rail", "a miner's helmet", "a dynamite box", "a water bottle gone green", "a name tag on a nail"],
        "sounds": ["water dripping in the dark", "timbers creaking under the weight", "stones trickling",
                   "the lift chains swaying", "a knocking deep in the rock", "breathing that echoed wrong", "a pump coughing somewhere below", "the rock ticking as it settled"],
        "smells": ["coal dust", "wet rock", "old carbide", "stale air", "sulphur", "rotten timber"],
        "touch": ["the walls sweated", "grit crunched underfoot", "the air was close and warm",
                  "the rails were slick with water"],
    },
    "train": {
        "words": ("train", "railway", "carriage", "express", "station platform", "tram"),
        "rooms": [("the dining car", "white tablecloths and cutlery sliding with the motion"),
                  ("the sleeper compartment", "two bunks and a blind that would not stay down"),
                  ("the corridor", "a narrow passage of swaying doors"), ("the guard's van", "mail sacks and a lamp"),
                  ("the observation car", "windows full of dark country"),
                  ("the baggage car", "trunks and crates tied down under a swinging lamp"),
                  ("the vestibule", "the rattling space between two carriages")],
        "objects": ["a ticket punch", "the communication cord", "a timetable", "a steamer trunk",
                    "the compartment blind", "a conductor's lamp", "a luggage rack", "a window latch", "a left-behind newspaper", "a half-eaten sandwich", "a porter's cap", "a first-class ticket"],
        "sounds": ["the wheels clicking over the joints", "the whistle far ahead", "couplings clanking",
                   "a compartment door sliding", "wind buffeting the carriages", "brakes sighing", "a door banging between carriages", "someone coughing in a compartment"],
        "smells": ["coal smoke", "hot brakes", "old upholstery", "cold tea", "stale cigar smoke", "wet umbrellas"],
        "touch": ["the floor swayed underfoot", "the window glass was cold", "the seats were worn velvet",
                  "the door handles rattled in the hand"],
    },
}
WORLDS["observatory"] = {
    **WORLDS["lighthouse"],
    "words": ("observatory", "telescope", "planetarium"),
    "rooms": [("the dome", "a round room under a slit of sky"), ("the plate store", "drawers of glass negatives"),
              ("the clock room", "pendulum clocks all keeping sidereal time"), ("the stair", "a stone stair to the dome"),
              ("the director's study", "star charts pinned over a desk"),
                  ("the photographic darkroom", "trays of developer and a red lamp"),
                  ("the catwalk", "a narrow gallery around the inside of the dome")],
    "objects": ["the great telescope", "a drawer of photographic plates", "a star chart", "the dome crank",
                "an orrery", "a sidereal clock", "an observing log", "a brass eyepiece", "a logbook of observations", "a spectroscope", "a jar of lens cleaner", "a framed photograph of a comet"],
    "sounds": ["the dome motor grinding", "clocks ticking out of step", "wind across the slit",
               "the stair creaking", "a plate sliding in its drawer", "the building's iron frame contracting", "the clock drive humming", "the dome shutters rattling"],
    "smells": ["machine oil", "cold dust", "old developer fluid", "damp paper", "cold coffee", "photographic fixer"],
}
for _kind in ("lighthouse", "observatory"):
    WORLDS[_kind]["touch"] = WORLDS["lighthouse"]["touch"]
#: a ship on the water (a liner, a ferry, a trawler); "ship" above is a ship in space
WORLDS["sea"] = {
    "words": ("cruise", "liner", "ferry", "yacht", "trawler", "tanker", "steamer", "boat", "sailing ship",
              "ship"),
    "rooms": [("the promenade deck", "a long deck of empty loungers and salt-fogged glass"),
              ("the ballroom", "a sprung floor, gilt mirrors and a stage with its curtain half drawn"),
              ("the cabin corridor", "a carpeted passage of numbered doors, swaying gently"),
              ("the engine room", "pipes, gauges and the heat of the great shafts turning"),
              ("the purser's office", "a counter, a safe and pigeonholes of passengers' letters"),
              ("the lifeboat deck", "boats hanging in their davits, covers stiff with salt"),
              ("the crew stairs", "steel steps down into the part of the ship passengers never see")],
    "objects": ["a life ring", "a deck steward's whistle", "a passenger list", "a cabin key on a brass tag",
                "a signal lamp", "a lifejacket with a name inked inside", "a ship's menu for the last night",
                "a brass porthole", "a coil of mooring line", "a bell from the bridge",
                "a bottle of seasickness pills", "a deck chair folded flat"],
    "sounds": ["the engines' long throb under the floor", "water slapping the hull", "a band playing two decks away",
               "the ship's long low horn", "cabin doors banging with the roll", "gulls over the wake",
               "a cork rolling across the floor with every swell", "the hull groaning in the swell"],
    "smells": ["salt and diesel", "fresh paint over rust", "spilled champagne", "wet carpet", "fried food from the galley",
               "seaweed"],
    "touch": ["the deck rose and fell underfoot", "the rails were wet with spray",
              "the carpet was damp along the walls", "everything metal was furred with salt"],
}
WORLDS["hospital"] = {
    "words": ("hospital", "clinic", "infirmary", "surgery", "hospice", "maternity", "morgue", "mortuary",
              "ward"),
    "rooms": [("the waiting room", "rows of joined plastic chairs facing a reception hatch with its blind down"),
              ("the children's ward", "small beds under a frieze of faded animals, every curtain drawn"),
              ("the operating theatre", "a steel table under a dead lamp, the tiles stained brown at the drain"),
              ("the morgue", "a cold room of steel doors in a wall, one of them not quite shut"),
              ("the records room", "shelves of brown folders, a gap where a year should be"),
              ("the service lift", "a steel box with a folding gate that moved when it chose"),
              ("the pharmacy", "a counter behind wire, empty bottles standing in neat dead rows")],
    "objects": ["a patient's wristband", "a clipboard of notes", "a stethoscope", "a bottle of pills with the label scratched off",
                "an X-ray film of a hand", "a visitors' pass on a lanyard", "a penlight", "a hospital bracelet with no name",
                "the strip lights", "a gurney with one sheet", "a drip stand", "a wall clock behind mesh"],
    "sounds": ["a heart monitor beeping in an empty room", "the fluorescent tubes buzzing",
               "a gurney wheel squeaking down the corridor", "a call bell ringing on an empty ward",
               "the lift arriving with no one in it", "a tannoy clearing its throat and saying nothing",
               "a tap running in a sluice room", "rubber soles walking just out of sight"],
    "smells": ["disinfectant over something worse", "old bleach", "warm plastic", "iodine",
               "boiled food from a kitchen long shut", "latex and dust"],
    "touch": ["the linoleum was tacky underfoot", "the bed rails were cold as water",
              "the air from the vents was warm and stale", "every door swung on its own weight"],
}
WORLDS["carnival"] = {
    "words": ("carnival", "circus", "fairground", "county fair", "state fair", "fun fair", "funfair", "funhouse", "amusement park",
              "theme park", "big top", "midway", "boardwalk", "pier"),
    "rooms": [("the midway", "a lane of shuttered stalls under a string of dead bulbs"),
              ("the hall of mirrors", "a maze of warped glass where every turning showed someone else first"),
              ("the ghost train", "a painted tunnel where the little cars still waited on the track"),
              ("the big top", "a great sagging tent, the ring still raked, the seats empty"),
              ("the carousel", "painted horses frozen mid-leap, their eyes chipped white"),
              ("the back lot", "a ring of caravans behind the rides, curtains drawn in every window"),
              ("the ticket booth", "a glass box with a roll of tickets and a stool still warm")],
    "objects": ["a roll of admission tickets", "a prize teddy bear with one eye", "a clown's rubber nose",
                "a fortune card from the machine", "a handful of tokens", "a candy-floss stick",
                "a ringmaster's whistle", "a carousel horse", "a fortune-teller's booth", "a row of coconut shies",
                "the Ferris wheel", "a strongman's bell"],
    "sounds": ["calliope music playing too slowly", "canvas cracking in the wind", "a child laughing on an empty ride",
               "the carousel turning with no power", "a barker's call from a shuttered stall",
               "bulbs fizzing on and off", "the ghost train's doors banging", "chains creaking on the swing ride"],
    "smells": ["burnt sugar", "old popcorn fat", "sawdust and animal straw", "diesel from the generators",
               "damp canvas", "greasepaint"],
    "touch": ["the boards of the midway were sticky underfoot", "the painted horses were cold as stone",
              "the canvas was wet and heavy to the touch", "grit from the sawdust got into everything"],
}
WORLDS["cemetery"] = {
    "words": ("cemetery", "graveyard", "churchyard", "crypt", "mausoleum", "necropolis", "burial ground",
              "catacombs", "tomb"),
    "rooms": [("the gatehouse", "a lodge of one room, the sexton's coat still on its peg"),
              ("the old section", "leaning stones too worn to read, sunk to their shoulders in grass"),
              ("the family vault", "a stone room below a rusted gate, shelves of coffins in the dark"),
              ("the yew walk", "a tunnel of black yews where the path ran out of gravel"),
              ("the chapel of rest", "a cold room with trestles, a pall folded on a chair"),
              ("the paupers' corner", "a field of numbered iron markers and no names at all"),
              ("the fresh grave", "a rectangle of raw earth, the boards laid over it not yet taken up")],
    "objects": ["a sexton's lantern", "a spade with a cracked handle", "a bunch of dead flowers",
                "a rubbing of a headstone", "a burial register", "an iron key to the vault", "a mourning brooch",
                "a child's grave marker", "a stone angel with no face", "the lych-gate", "a broken urn",
                "a watering can by the tap"],
    "sounds": ["the gate creaking on its hinge", "crows in the yews", "earth settling with a soft sigh",
               "footsteps on the gravel a beat behind", "a spade biting into soil somewhere", "the wind across the stones",
               "a bell tolling from no church", "something tapping slow and patient under the ground"],
    "smells": ["turned earth", "wet stone", "lilies left too long", "yew needles and rot", "candle smoke", "moss"],
    "touch": ["the grass was soaking", "the stones were cold and furred with lichen",
              "the ground gave a little underfoot", "the iron railings left rust on the palms"],
}
WORLDS["apartment"] = {
    "words": ("apartment", "apartments", "flat", "tenement", "apartment building", "condo",
              "high-rise", "tower block", "bedsit"),
    "rooms": [("the lobby", "mailboxes, a dead plant and a noticeboard of curling notices"),
              ("the stairwell", "concrete flights under a light on a timer that never lasted a floor"),
              ("the fourth-floor corridor", "a carpeted hall of numbered doors, one of them always ajar"),
              ("the laundry room", "machines in the basement, one of them turning with nothing in it"),
              ("the boiler room", "a hot dark room of pipes, and a camp bed someone had slept on"),
              ("the roof", "tar paper, a water tank and the whole city lit and indifferent below"),
              ("the empty flat", "bare rooms with the shapes of furniture still pale on the walls")],
    "objects": ["a spare key under the mat", "a letter for a tenant who had moved out", "a noise complaint slipped under the door",
                "a torch from the fuse box", "a child's drawing taped to a door", "a parcel with no name",
                "a tenant list from the lobby", "the lift", "a peephole", "a row of mailboxes",
                "the radiator", "a door chain"],
    "sounds": ["footsteps in the flat upstairs that was empty", "the lift grinding between floors",
               "a television muttering through the wall", "pipes knocking all the way down",
               "someone crying two doors along", "a door chain rattling", "the door buzzer held down",
               "scratching inside the wall"],
    "smells": ["other people's cooking", "damp carpet", "bleach in the stairwell", "cigarette smoke through the vents",
               "bins in the heat", "gas, faintly"],
    "touch": ["the walls were thin enough to feel the neighbours' music", "the banister was sticky",
              "the radiators clanked and gave no heat", "the floor shook when the trains went under"],
}
WORLDS["camp"] = {
    "words": ("camp", "summer camp", "campsite", "campground", "scout camp", "retreat"),
    "rooms": [("the mess hall", "long tables, benches and a serving hatch with the shutter down"),
              ("cabin six", "bunk beds with bare mattresses, names carved into every frame"),
              ("the boathouse", "canoes racked upside down, water lapping under the boards"),
              ("the lake shore", "a strip of cold sand, a jetty, and black water past the swimming line"),
              ("the camp office", "a desk, a radio and a wall of photographs, one from every summer"),
              ("the campfire circle", "log seats round a pit of old ash, the woods close on every side"),
              ("the shower block", "concrete stalls and a row of mirrors speckled with damp")],
    "objects": ["a camp whistle on a lanyard", "a torch with a cracked lens", "a friendship bracelet",
                "a camp photograph from a summer long ago", "a canoe paddle", "a counsellor's clipboard",
                "a marshmallow stick", "a bugle", "the flagpole", "the camp bell", "a row of canoes",
                "the bunk beds"],
    "sounds": ["water lapping under the jetty", "the camp bell ringing with no one at the rope",
               "loons calling across the lake", "a screen door slapping shut", "whispering from an empty cabin",
               "branches scraping a cabin roof", "a whistle far off in the trees", "the flag's rope knocking the pole"],
    "smells": ["lake water and pine", "old campfire ash", "bug spray", "wet canvas", "burnt marshmallow",
               "mildewed sleeping bags"],
    "touch": ["the jetty boards were slick", "the cabin floors were gritty with sand",
              "the night air off the lake was cold", "the mattresses were damp"],
}
WORLDS["factory"] = {
    "words": ("factory", "mill", "works", "foundry", "cannery", "warehouse", "power plant", "processing plant",
              "abattoir", "slaughterhouse", "sawmill", "brewery", "steelworks", "mill town"),
    "rooms": [("the shop floor", "rows of machines under a sawtooth roof, every belt hanging slack"),
              ("the loading bay", "a concrete apron and a roller door stuck a yard off the ground"),
              ("the foreman's office", "a glass box above the floor, a desk and a calendar of a year long gone"),
              ("the boiler house", "a black iron boiler the size of a bus, cold and still ticking"),
              ("the locker room", "a row of dented lockers, one padlocked, one with a coat still in it"),
              ("the catwalk", "a mesh walkway high over the machines that shook at every step"),
              ("the storeroom", "racks of crates and oil drums under one caged bulb")],
    "objects": ["a time card with a name punched through", "a foreman's whistle", "a pair of ear defenders",
                "a shift rota with one name circled", "a hard hat with a dent in it", "a ring of locker keys",
                "an oil can", "a wage packet never collected", "the clocking-in machine", "the conveyor belt",
                "the roller door", "the first-aid box on the wall"],
    "sounds": ["a machine turning over once in the dark", "the roof sheets booming in the wind",
               "chains swinging from a gantry", "the shift hooter sounding for a shift no one worked",
               "pigeons shifting in the rafters", "water dripping into an oil drum",
               "a belt slapping round on its own", "metal ticking as it cooled"],
    "smells": ["machine oil", "rust and wet concrete", "burnt dust", "pigeon droppings", "old grease", "cold metal"],
    "touch": ["the floor was slick with old oil", "every rail left rust on the hands",
              "the air inside was colder than outside", "grit crunched underfoot"],
}
WORLDS["museum"] = {
    "words": ("museum", "gallery", "waxworks", "wax museum", "exhibition", "collection"),
    "rooms": [("the entrance hall", "a marble floor, the skeleton of something huge and a ticket desk"),
              ("the long gallery", "glass cases down both walls, each with its small typed card"),
              ("the Egyptian room", "painted coffins on trestles and a mummy behind glass"),
              ("the hall of figures", "wax faces behind a rope, lit from below, every one of them looking"),
              ("the curator's office", "a desk under a drift of catalogues, a kettle and a magnifier"),
              ("the basement store", "shrouded shapes on shelving, each one with a paper tag"),
              ("the specimen room", "jars on jars, pale things floating in yellow spirit")],
    "objects": ["an accession label on a string", "a curator's magnifying glass", "a visitor's guide with a map",
                "a glass eye from a display", "a ring of cabinet keys", "a specimen jar", "a dusty catalogue",
                "a cameo brooch from a case", "the display cases", "the velvet rope", "a stuffed owl",
                "the great skeleton"],
    "sounds": ["the glass of a case ticking as it cooled", "footsteps in a gallery that should be empty",
               "the hum of a dehumidifier", "a rope post falling over", "the goods lift rising on its own",
               "something settling inside a case", "a security door's lock clicking", "the clock in the entrance hall"],
    "smells": ["floor polish", "old varnish", "formaldehyde", "dust on velvet", "camphor", "candle wax"],
    "touch": ["the glass of the cases was cold", "the marble floor sent the cold up through the soles",
              "the air was as dry as paper", "the velvet ropes were tacky with years of hands"],
}
WORLDS["theatre"] = {
    "words": ("theatre", "theater", "cinema", "opera house", "music hall", "playhouse", "picture house",
              "picture palace", "movie palace", "auditorium"),
    "unlike": ("drive-in",),  # a drive-in has a screen and a field of cars, not stalls and wings
    "rooms": [("the auditorium", "rows of red seats facing a stage with its curtain down"),
              ("the wings", "ropes, painted flats and sandbags in the dark beside the stage"),
              ("the dressing room", "a mirror ringed with dead bulbs, a chair and a costume on its hook"),
              ("the projection booth", "a small hot room, the projector's eye aimed into the dark"),
              ("the fly gallery", "a narrow walkway high above the stage among the ropes"),
              ("the trap room", "the space under the stage, low and crowded with old scenery"),
              ("the foyer", "a box office, a faded carpet and posters for a last night long ago")],
    "objects": ["a ticket for a performance years ago", "a programme with one face circled", "a stage pistol",
                "a reel of film", "an usher's torch", "a prompt book", "a pot of greasepaint",
                "a mask from the props table", "the safety curtain", "the footlights", "the ghost light",
                "a velvet cape from the wardrobe"],
    "sounds": ["the safety curtain shifting", "a seat springing up by itself",
               "faint applause from an empty house", "ropes creaking in the flies",
               "the projector beginning to whirr", "footsteps on the boards overhead", "one piano note from the pit",
               "sandbags knocking together"],
    "smells": ["dust and greasepaint", "old velvet", "hot dust from the lamps", "stale popcorn",
               "mothballs from the wardrobe", "size and scene paint"],
    "touch": ["the seats were velvet worn to the weave", "the boards gave a little underfoot",
              "the ropes were rough and cold", "the air was warm and close, like breath"],
}
WORLDS["prison"] = {
    "words": ("prison", "jail", "gaol", "penitentiary", "detention centre", "detention center", "reformatory",
              "borstal", "penal colony", "lock-up"),
    "rooms": [("the cell block", "three tiers of cells around a well strung with netting"),
              ("the visiting room", "tables bolted down, a glass screen and two telephones"),
              ("the isolation wing", "a row of steel doors with slots at eye level"),
              ("the exercise yard", "a square of cracked tarmac under the watchtower"),
              ("the governor's office", "a panelled room, a desk and a board of keys on hooks"),
              ("the infirmary", "six iron beds and a locked medicine cabinet"),
              ("the laundry", "great steel drums and the smell of wet wool")],
    "objects": ["a ring of cell keys", "a prison shirt with a number stitched on it", "a tin cup",
                "a warder's whistle", "a letter never posted", "a tin plate with a tally scratched in it",
                "a guard's torch", "a release form never signed", "the cell doors", "the warder's desk",
                "the alarm bell", "the netting between the tiers"],
    "sounds": ["a cell door slamming three tiers up", "keys jingling on a chain along the landing", "a tin cup dragged along bars",
               "the alarm bell giving one ring", "someone counting under their breath", "a radiator knocking",
               "a tap dripping in an empty cell", "the tannoy humming to itself"],
    "smells": ["carbolic soap", "old cabbage", "damp wool", "cold stone", "rust and bleach",
               "cigarette smoke years old"],
    "touch": ["the bars were cold and greasy", "the walls sweated", "the painted concrete floor was slick",
              "every door was heavier than it looked"],
}
WORLDS["radio"] = {
    "words": ("radio station", "radio tower", "radio mast", "transmitter", "broadcasting", "weather station",
              "relay station", "listening post", "numbers station", "television studio", "tv studio"),
    "rooms": [("the studio", "a padded room, a microphone on a boom and an ON AIR lamp, unlit"),
              ("the control room", "a desk of faders and dials behind a window onto the studio"),
              ("the transmitter hall", "cabinets of valves as tall as a man, humming"),
              ("the tape library", "shelves of tapes and records in brown sleeves"),
              ("the mast hut", "a concrete hut at the foot of the mast, its door banging in the wind"),
              ("the bunk room", "a camp bed, a kettle and a log on a clipboard"),
              ("the corridor", "cork tiles and framed photographs of presenters long dead")],
    "objects": ["a reel of tape labelled in pencil", "a pair of headphones", "a microphone", "a station log on a clipboard",
                "a crackling receiver", "a frequency chart", "a transcript with lines blacked out",
                "a valve still warm", "the ON AIR lamp", "the mixing desk", "the transmitter", "the patch bay"],
    "sounds": ["static rising and falling like breathing", "the transmitter's deep hum",
               "a tape spool clicking at its end", "the guy wires singing in the wind",
               "a voice too low to follow under the static", "a relay clicking over", "the ON AIR lamp buzzing",
               "a faint test tone"],
    "smells": ["hot dust on the valves", "ozone", "old cigarette smoke in the carpet", "warm bakelite", "damp cork",
               "solder"],
    "touch": ["the dials were warm under the fingers", "the headphones were cold against the ears",
              "the floor hummed faintly underfoot", "every metal edge gave a small shock"],
}
WORLDS["farm"] = {
    "words": ("farm", "barn", "ranch", "cornfield", "orchard", "pig farm", "dairy", "smallholding", "croft",
              "homestead farm", "wheat field", "sugar beet field"),
    "rooms": [("the barn", "a high dark barn, hay rotting in the loft"),
              ("the hayloft", "a floor of old hay under the roof beams and a hatch over the drop"),
              ("the milking shed", "stalls in a row, their chains still hanging"),
              ("the farm kitchen", "a range gone cold and a table scrubbed white"),
              ("the cornfield", "rows taller than a man, whispering"),
              ("the yard", "mud, a pump and a tractor with its bonnet up"),
              ("the root cellar", "earth shelves of sprouting potatoes in the dark")],
    "objects": ["a billhook", "a storm lantern from the barn", "a pitchfork", "a scarecrow's hat", "a sack of feed",
                "a milk churn", "a sheep's bell", "a corn dolly", "the tractor", "the scarecrow", "the feed bin",
                "the hay rake on its nail"],
    "sounds": ["the wind through the corn", "a gate banging in the yard", "cattle lowing where there were no cattle",
               "the weathervane turning", "a dog barking far off", "rats in the hay",
               "the barn door creaking on its runner", "a crow calling once"],
    "smells": ["wet hay", "manure", "diesel and mud", "silage", "woodsmoke", "sour milk"],
    "touch": ["the mud sucked at the boots", "the hay pricked through the clothes", "the pump handle was wet and cold",
              "the barn boards were splintered"],
}
WORLDS["ship"]["words"] = ("space", "spacecraft", "starship", "space station", "orbital", "freighter",
                           "vessel", "submarine")

#: the places of the worlds that are out of doors: no door to open, no wall to hide a wire in
OUTDOOR_ROOMS = {"the back lot", "the gallery", "the outer perimeter", "the clearing", "the creek bed", "the old trail",
                 "the deadfall", "the churchyard", "the lych gate", "the empty pool", "the square",
                 "the harbour wall", "the lane behind the church", "the bus shelter", "the promenade deck",
                 "the lifeboat deck", "the midway", "the carousel", "the old section", "the yew walk",
                 "the paupers' corner", "the fresh grave", "the roof", "the lake shore", "the campfire circle",
                 "the collapse", "the flooded seam", "the catwalk", "the exercise yard", "the cornfield",
                 "the yard"}

#: the outdoor places one is on, by or at rather than in ("on the lake shore", "by the fresh grave")
ROOM_PREPOSITIONS = {"the lake shore": "on", "the yew walk": "on", "the midway": "on", "the back lot": "on",
                     "the roof": "on", "the harbour wall": "on", "the old trail": "on", "the promenade deck": "on",
                     "the lifeboat deck": "on", "the gallery": "on", "the catwalk": "on",
                     "the outer perimeter": "on", "the carousel": "by", "the fresh grave": "by",
                     "the lych gate": "under", "the campfire circle": "at",
                     "the shop floor": "on"}
_IN_ROOM = re.compile(r"\b([Ii]n) (%s)\b" % "|".join(re.escape(room) for room in ROOM_PREPOSITIONS))


def placed(text):
    """``text`` with "in the lake shore" as "on the lake shore", "in the fresh grave" as "by" it."""
    return _IN_ROOM.sub(lambda m: (ROOM_PREPOSITIONS[m.group(2)].capitalize() if m.group(1) == "In"
                                   else ROOM_PREPOSITIONS[m.group(2)]) + " " + m.group(2), text)


#: a telling that needs its place indoors: a door, a wall, a cupboard, a way down
INDOORS = re.compile(r"(door|doorway) (in|of|into|to) \{room\}|down into \{room\}|go into \{room\}|"
                     r"went into \{room\} alone, because|(wall|walls|ceiling|window|threshold|wood) of "
                     r"\{room\}|(box|cupboard|drawer) in \{room\}|locked \{A\} in \{room\}|way out of \{room\}|\{room\}[^.]*(drawer by drawer|shelf by shelf)|"
                     r"by the far wall|was there, in the doorway|where the boards complained|flat to the wall|"
                     r"Inside, \{room\}|\{room\} was only a room")
#: rooms with no furniture to search or hide in (a stair, a shaft, a hall of mirrors): no cupboard,
#: drawer or shelf "in" them
UNFURNISHED = re.compile(r"\b(stairs?|staircase|corridor|passage|hall of mirrors|ghost train|big top|shaft|"
                         r"tunnel|catwalk|lift|midway|carousel|seam|workings|dome|gallery)\b")
FURNITURE = re.compile(r"\b(cupboards?|drawers?|shelf|shelves)\b")
#: the worlds that are out of doors as a whole: no "inside the cemetery", no face at the glass
OUTDOOR_KINDS = {"forest", "cemetery", "carnival", "camp"}
OUTDOORS_WRONG = re.compile(r"inside \{place\}|\bthe glass\b|\bwindows?\b|\boutside\b")

#: the objects a world's places are fitted with, not carried: never what someone takes up to end it
_FIXTURES = re.compile(r"(?i)\b(door|window|windows|hatch|wheel|panel|rack|locker|lockers|stand|rail|board|"
                       r"memorial|box|shop|car|post|gate|barrel|lift|props|cord|blind|latch|telescope|crank|"
                       r"fireplace|piano|chalkboard|radiator|case|machine|cart|heater|drums|flags|campfire|"
                       r"swing|tomb|screen|font|stones|trap|trolley|lights|bells|banister|lens|lever|"
                       r"clock|trunk|marker|porthole|chair|plate|kneelers|pegs|row|sled|wheelchair|ring|"
                       r"noticeboard|tent|poster|peephole|line|length|stack|crate|suit|rope|booth|carousel|angel|"
                       r"gurney|shies)\b")


_MODIFIER = re.compile(r"(?i)\s(at|on|in|of|under|beneath|near|by|beyond|behind|outside|off|to|from|across|"
                       r"with|for|where|which|that|who|whose|when|after|during|before)\s")


#: buildings of their own that no world has: what comes before them only says which one
BUILDINGS = {"office", "shop", "store", "bakery", "pharmacy", "laundromat", "garage", "bank", "restaurant",
             "diner", "cafe", "café", "salon", "gym", "surgery", "practice", "agency", "bookshop",
             "bookstore", "boutique", "supermarket", "arcade", "bowling", "rink", "clinic"}


def _kind_for(setting):
    """The world of the setting's head ('a carnival at the edge of town' is a carnival, not a town)."""
    parts = _MODIFIER.split(" " + (setting or ""))
    head = parts[0]
    # 'a suburban house' is a house (not a suburb): the head's last word first
    noun = head_noun(setting)
    unlike = {kind for kind, world in WORLDS.items()
              if any(word in (setting or "").lower() for word in world.get("unlike", ()))}
    for kind, world in WORLDS.items():
        if noun in world["words"] and kind not in unlike:
            return kind
    if noun in BUILDINGS:  # "a small town dentist's office" is an office, not a town
        return None
    # 'the basement of an old hospital': a part of a place takes the place's world
    part_of = [parts[2]] if len(parts) > 2 and parts[1].lower() == "of" else []
    for text in [head] + part_of:
        low = text.lower()
        best, best_pos = None, None
        for kind, world in WORLDS.items():
            for word in world["words"] if kind not in unlike else ():
                m = re.search(_word_pattern(word), low)
                if m and (best_pos is None or m.start() < best_pos):
                    best, best_pos = kind, m.start()
        if best:
            return best
    return None


def _word_pattern(word):
    """A world's word as it may start a setting's word: a long one as a prefix ('lighthouses',
    'woodlands'), a short one whole or plural ('port' is not 'portrait', 'ward' not 'wardrobe')."""
    if len(word) <= 4:
        return r"\b%ss?\b" % re.escape(word)
    return r"\b%s" % re.escape(word)


_PLACE_TAIL = re.compile(r"(?i)\s+(on|at|in|by|near|under|beyond|outside|off|behind|where|which|that|who|after|"
                         r"during|before)\s.*$")


def short_place(setting):
    """The setting as the story names it again: 'a crumbling lighthouse on the Cornish coast' ->
    'the crumbling lighthouse'; names and possessives stay ('Blackmoor Academy', 'my
    grandmother's house')."""
    place = _PLACE_TAIL.sub("", setting)
    if re.match(r"(?i)(a|an|some|one)\s", place):
        return "the " + place.split(" ", 1)[1]
    if place[:1].islower() and not re.match(r"(?i)(the|my|his|her|their|our|your)\s|\S+'s\s", place):
        return "the " + place
    return place


def head_noun(setting):
    """'an abandoned carnival at the edge of town' -> 'carnival'; 'a seaside bed and breakfast'
    -> 'bed and breakfast' (not 'breakfast')."""
    phrase = _MODIFIER.split(" " + (setting or ""), maxsplit=1)[0]
    if re.search(r"(?i)\bbed and breakfast\s*$", phrase):
        return "bed and breakfast"
    words = re.findall(r"[A-Za-z'-]+", phrase)
    return words[-1].lower() if words else "place"


def generic_world(setting):
    """A sensible world from the setting's own words, with nothing borrowed from another place."""
    noun = head_noun(setting)
    return {
        "words": (noun,),
        # its own name in a few of them only: the story names the place often enough
        "rooms": [("the front room", "the only way in, narrower than it had looked"),
                  ("the storeroom", "shelves to the ceiling and boxes nobody had opened in years"),
                  ("the main room", "the biggest room, the one every other door opened onto"),
                  ("the far corner", "a corner where the last visitors had left their things"),
                  ("the stairwell", "a flight of bare stairs going up into the dark"),
                  ("the narrow back room", "a room behind the rest, reached by a door that stuck"),
                  ("the cramped office", "a cramped room of papers and a dead telephone")],
        "objects": [f"a sign bearing the {noun}'s name", "a torch with a weak battery", "a bag dropped by the door",
                    "a door that should have been locked", "a heap of old belongings", "a cold cup of something",
                    f"a photograph of the {noun} left face down", "a bunch of keys on the ground", "a child's shoe",
                    "a notice pinned up and half torn away", "a chair set facing the wrong way",
                    "a padlock, hanging open"],
        "sounds": ["the wind finding every gap", "footsteps that stopped a beat after every pause",
                   f"the {noun} settling in the dark", f"a knocking somewhere in the {noun}", "something dragging far off",
                   "a breath that was not quite an echo", f"a radio playing somewhere in the {noun}", "a slow, wet dripping"],
        "smells": ["dust and damp", "something sweet going bad", "cold air from nowhere", "old smoke",
                   "mould and rust", "spilled petrol"],
        "touch": ["every surface was cold", "the ground was uneven underfoot",
                  "the air clung like a damp cloth", "grit came away on the fingers"],
    }


#: what a story can turn on without anyone carrying it: marks, parts of a building, sounds
_NOT_CARRIED = re.compile(r"(?i)\b(steps?|stairs?|staircase|footprints?|prints|floor|ceiling|roof|corridor|hallway|"
                          r"room|cellar|attic|well|pit|grave|mark|marks|stain|sound|smell|voice|song|lullaby|"
                          r"whispers?|knocking|scratching|footsteps|fog|mist|shadows?|silence|light|cold|"
                          r"doors?|windows?|banister|hatch|gate|fireplace|memorial|tomb|font|rail|lever|lift|"
                          r"chimney|porch|wall|walls|handprints?|hole|crack|deck|trail|writing|symbols?|"
                          r"scratches|carvings?|graffiti|tunnel|bed|stand)\b")


def carried(element):
    """Whether a key element is a thing someone can pick up ('a music box'), not a mark, a part
    of the building or a sound ('the 112th step', 'wet footprints')."""
    head = re.split(r"(?i)\s(?:with|without)\s", _MODIFIER.split(" " + element, maxsplit=1)[0])[0]
    words = re.findall(r"[A-Za-z'-]+", head)
    return not (words and _NOT_CARRIED.fullmatch(words[-1]))  # "a brass room key" is a key


def unplaced(thing):
    """A world's thing without where it is kept, once someone carries it off: 'a portrait in the
    hall' -> 'a portrait', 'a storm lantern from the barn' -> 'a storm lantern'."""
    return re.sub(r"(?i)\s+(?:in|on|at|from) the [\w' -]+$", "", thing)


def keepsakes(world):
    """The objects of ``world`` someone can pick up and carry ('a storm lantern', not 'the
    banister' or 'a fire door')."""
    return [o for o in world["objects"] if re.match(r"(?i)an?\s", o)
            and not _FIXTURES.search(_MODIFIER.split(" " + o, maxsplit=1)[0])]


#: things that stand out of doors: never "by the flagpole" in a cabin, nor the Ferris wheel in a booth
OUTDOOR_THINGS = re.compile(r"(?i)\b(flagpole|canoes|ferris wheel|coconut shies|lych-gate|grave marker|"
                            r"stone angel|war memorial|phone box|lamp post|garden gate|parked car|"
                            r"rain barrel|trail marker|hunting stand|ring of stones|carved trunk|"
                            r"nailed to a trunk|rope swing|campfire|tent|guide flags|sled|shuttered shop|"
                            r"deck chair)\b")


def fixtures(world):
    """The objects of ``world`` its places are fitted with ('the banister', 'a fire door'): what
    one leans on, stands by or finds dust over; all its objects when it has fewer than four."""
    carried_things = set(keepsakes(world))
    fitted = [o for o in world["objects"] if o not in carried_things]
    return fitted if len(fitted) >= 4 else list(world["objects"])


def world_for(setting):
    kind = _kind_for(setting)
    if kind is None:
        return "generic", generic_world(setting)
    return kind, WORLDS[kind]
