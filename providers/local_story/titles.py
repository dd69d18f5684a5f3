"""Story titles generated from the form when the user gives none."""
import re

_SMALL = {"a", "an", "the", "of", "in", "on", "at", "and", "or", "to", "for", "by", "with", "from"}


def title_case(text):
    words = text.split()
    out = []
    for i, w in enumerate(words):
        if i and w.lower() in _SMALL:
            out.append(w.lower())
        elif w[:1].islower():
            out.append(w[:1].upper() + w[1:])
        else:
            out.append(w)
    return " ".join(out)


_PREPOSITIONS = _SMALL | {"under", "beneath", "below", "above", "near", "beyond", "behind",
                          "inside", "outside", "across", "over", "off", "into", "where", "that"}


def _bare(np, max_words=4):
    """'an abandoned asylum on the hill' -> 'Abandoned Asylum on the Hill' (without the article).

    A phrase too long for a title is cut before its first preposition ('the research station
    under the ice' -> 'Research Station'), never in the middle of 'under the'."""
    words = re.sub(r"(?i)^(a|an|the|some)\s+", "", (np or "").strip()).split()
    if len(words) > max_words:
        cut = next((i for i, w in enumerate(words) if i and w.lower() in _PREPOSITIONS), None)
        words = words[:cut] if cut and cut <= max_words else words[:max_words]
    while len(words) > 1 and words[-1].lower().strip(" ,.;:") in _PREPOSITIONS:
        words.pop()
    return title_case(" ".join(words).strip(" ,.;:"))


def make_title(request, hero, villain, elements, genre, rng):
    noun = rng.choice(genre["title"])
    place = _bare(request.setting)
    if place and re.match(r"(?i)^(a|an|the)\s", (request.setting or "").strip()):
        place = "the " + place
    time = (request.time_of_day or "").strip().title()
    mood = (request.mood[0] if isinstance(request.mood, (list, tuple)) and request.mood else request.mood or "")
    options = [f"The {noun} of {place}" if place else f"The {noun}",
               f"What Waits in {place}" if place else "What Waits Below",
               f"The {_bare(villain, 3)}" if villain else f"The Last {noun}",
               f"{mood.strip().title()} {noun}".strip()]
    if time and place:
        options.append(f"{time} at {place}")
    if elements:
        options.append(f"The {_bare(elements[0], 3)}")
    if hero and hero.short and hero.short[:1].isupper():
        options.append(f"{hero.short} and the {noun}")
    options = [o[0].upper() + o[1:] for o in options if o and len(o.split()) >= 2]
    return rng.choice(options) if options else f"The {noun}"
