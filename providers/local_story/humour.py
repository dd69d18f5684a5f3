"""What a horror comedy adds (data): the protagonist's asides, the companion's jokes, the
antagonist's manners. The horror stays; the voice telling it is allowed to notice how absurd it is.
Slots are the prose writer's; an aside never names the antagonist (it can come before they are seen).
"""

#: the narration's asides, one in most beats
ASIDES = [
    "{S} made a small, high noise that {S} would later describe, to anyone who asked, as a cough.",
    "{POS_CAP} knees, which had never once been brave, voted to leave without {O}.",
    "{S} considered screaming, but it was late, and there were probably rules about that in {place}.",
    "{S} checked {POS} phone: one bar of signal, eleven per cent battery, and no sympathy whatsoever.",
    "Somewhere in {room} a floorboard creaked, and {S} apologised to it, out of habit.",
    "{S} had seen films that began like this, and shouted at the screen, and now owed several actors an apology.",
    "It was at this point that {S} remembered leaving the oven on, and {WAS} almost grateful for something ordinary to worry about.",
    "{S} tried to whistle, to seem unbothered, and produced a damp sound like a kettle giving up.",
    "{S} said a word {POS} grandmother would not have liked, and then, to be safe, said it again.",
    "In the brochure, {place} had looked charming; the brochure had been very quiet about the noises.",
    "{S} made a mental note to leave {place} a one-star review, if {S} lived.",
    "{S} held {POS} breath, which helped nothing, but felt like joining in.",
]
#: the companion's lines, in place of the bank's
COMPANION = [
    "\"For the record,\" {C} whispered, \"I voted for the cinema.\"",
    "\"If it eats me first,\" {C} said, \"you can have my good coat, {HN}.\"",
    "\"Is it weird that I'm hungry?\" {C} asked. \"I'm really hungry.\"",
    "\"Rule one,\" {C} hissed, \"we don't split up. Everybody knows rule one, {HN}.\"",
    "\"I'd like it on record that I was against all of this,\" {C} said.",
    "\"Do you think it takes cards,\" {C} asked, \"or is it more of a blood thing?\"",
]
#: the antagonist's lines, beside the bank's
ANTAGONIST = [
    "\"Shoes off in {place}, {HN},\" said {A}. \"I won't ask twice.\"",
    "\"You've been using the wrong coasters,\" said {A}, and it was the most frightening thing yet.",
    "\"Forty years I've waited in {place},\" said {A}, \"and still nobody wipes their feet.\"",
    "\"I'll need that back by morning,\" said {A}, \"with interest.\"",
]
