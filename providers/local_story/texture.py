"""Short texture sentences composed from parts (data + one function): subject and verb phrase,
a third of them after a lead ("Later, …").

Each part is at most four words, so two sentences share a 5-word run only when they share two
parts; the writer's 5-gram check rejects those. Subjects come from the setting's world, verbs
match what the subject is (a thing, a sound, the air), so a sound never "gleams".
"""
import re

THING_VERBS = ["had been turned to face the wall", "stood where it had not stood", "was beaded with damp",
               "was warm to the touch", "gleamed dully", "threw a long crooked shadow", "sat very still",
               "looked smaller than it had", "had a fingerprint in its dust", "was wet, though nothing else was",
               "had been wiped clean", "leaned a little, as if listening", "seemed heavier than before",
               "was furred with frost", "gave off a faint sour smell", "had one deep scratch across it",
               "was not where it belonged", "ticked once as it cooled", "looked back, somehow",
               "had gathered a skin of dust", "rocked once and settled", "sat in a ring of damp",
               "had been polished recently", "showed a small bright scratch", "looked older than the rest",
               "was colder than the air", "sat at a careful angle", "bore a thumbprint in something dark"]
SOUND_VERBS = ["started up again", "stopped mid-beat", "came and went", "grew louder, then softer",
               "seemed to come from everywhere", "went on too long", "fell into step with {POS} pulse",
               "stopped the moment {S} listened", "changed its note", "doubled, as if answered",
               "moved from wall to wall", "dropped to almost nothing", "came twice, close together",
               "slowed, like something tiring", "paused as if to listen back", "ran under everything else",
               "broke off and did not resume", "kept an uneven count", "came nearer than seemed possible"]
AIR_SUBJECTS = ["the cold", "the dark", "the silence", "a draught", "the light", "the damp", "the stillness"]
AIR_VERBS = ["thickened", "pressed closer", "crept along the floor", "gathered in the corners",
             "settled over everything", "drew back a little", "seemed to breathe", "shifted, very slightly",
             "pooled by the door", "leaned in", "held its shape", "went thin and sour", "clung to the walls",
             "moved like a slow tide", "waited at the edge of the light", "sank into everything"]
#: leads for a happening (a sound, the air moving) and for how a thing is (no "Quietly, the chain
#: was colder than the air")
EVENT_LEADS = ["Without warning", "Slowly", "Then", "Just then", "Quietly", "After a while", "At some point",
               "Somewhere behind", "Not long after", "Every so often", "Meanwhile", "Later"]
STATE_LEADS = ["By then", "Later", "In the half-dark", "All the while", "Even then", "By now", "Meanwhile",
               "When the light moved", "Up close"]


#: things too big or too fixed to have been turned round or moved in the night ("The war memorial
#: had been turned to face the wall"), and the verbs that would move them
_IMMOVABLE = re.compile(r"(?i)\b(?:ferris wheel|flagpole|war memorial|phone box|parked car|lamp post|hunting stand|"
                        r"lych-gate|stone angel|tractor|safety curtain|great telescope|great lens|cage lift|the lift|"
                        r"ring of stones|tomb|carved trunk|rood screen|cell doors|transmitter|conveyor belt|"
                        r"roller door|display cases|great skeleton|grandfather clock|cellar door|fire door|"
                        r"bulkhead hatch|airlock wheel|altar rail|font|campfire|trail marker|shuttered shop|"
                        r"feed bin|alarm bell|netting)\b[^.]*? (?:had been turned to face the wall|stood where it "
                        r"had not stood|rocked once and settled|sat at a careful angle|was not where it belonged)")


def immovable(text):
    """Whether ``text`` moves something that cannot have moved (a war memorial turned round)."""
    return bool(_IMMOVABLE.search(text))


#: how the protagonist takes a small wrongness ("…, and Ruth chose not to think about why")
NOTICED = ["and {S} chose not to think about why", "and {S} made {REFL} look away from it",
           "and {S} said nothing about it, even to {REFL}", "which {S} noted and then tried to forget",
           "and {S} stood still until {S} {WAS} sure of it", "and {POS} skin prickled",
           "and {S} found {REFL} holding {POS} breath", "and {S} did not like that at all"]


def texture(rng, used):
    """One texture template (slots left for the writer), using no part listed in ``used``.

    ``{obj_the}`` and ``{sound}`` are the writer's slots; returns None when the parts run out."""
    kind = rng.random()
    if kind < 0.4:
        subject, verbs, leads = "{obj_the}", THING_VERBS, STATE_LEADS
    elif kind < 0.7:
        subject, verbs, leads = "the sound of {sound}", SOUND_VERBS, EVENT_LEADS
    else:
        subject, verbs, leads = rng.choice(AIR_SUBJECTS) + " in {room}", AIR_VERBS, EVENT_LEADS
    fresh = [v for v in verbs if v not in used]
    verbs = fresh or [v for v in verbs if (v, 2) not in used]
    if not verbs:
        return None
    verb = rng.choice(verbs)
    used.add(verb if fresh else (verb, 2))
    form = rng.random()
    if form < 0.3:  # a lead on every one reads as a machine's: some stand on their own
        return f"{subject[0].upper()}{subject[1:]} {verb}."
    if form < 0.6:  # and some are noticed by the one it happens to
        tail = rng.choice([t for t in NOTICED if t not in used] or NOTICED)
        used.add(tail)
        return f"{subject[0].upper()}{subject[1:]} {verb}, {tail}."
    lead = rng.choice([x for x in leads if x not in used] or leads)
    used.add(lead)
    return f"{lead}, {subject} {verb}."
