"""A beat's line said with its place's own preposition: "on the catwalk", "out on the salt pans",
"at the foot of the tower", not "in the catwalk" (the place's ``at``, from the world tables)."""
import re

#: where someone is -> where someone goes ("on" -> "onto")
INTO = {"on": "onto", "out on": "out onto", "out in": "out into", "at": "to"}


def told_at(text, place):
    """``text`` with each "in"/"into" before the place's name (or handle) said as the place needs."""
    at = getattr(place, "at", "") if place is not None else ""
    if not at or not text:
        return text
    names = "|".join(re.escape(n) for n in sorted({place.name, place.handle} - {""}, key=len, reverse=True))

    def say(m):
        word = INTO[at] if m.group(2).lower() == "into" else at
        if m.group(1):  # "lays it out in the salt pans": "out on", not "out out on"
            word = m.group(1) + word.removeprefix("out ")
        return (word[:1].upper() + word[1:] if m.group(0)[0].isupper() else word) + " " + m.group(3)
    return re.sub(rf"\b((?:[Oo]ut )?)([Ii]n|[Ii]nto) ({names})(?![\w'’-])", say, text)
