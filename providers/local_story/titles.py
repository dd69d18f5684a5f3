"""Title-casing and the bare noun phrase of a place, for story titles."""
import re

_SMALL = {"a", "an", "the", "of", "in", "on", "at", "and", "or", "to", "for", "by", "with", "from", "as", "over",
          "into"}


def title_case(text):
    """Title case as an anthology's contents page has it: small words lower-case after the first,
    each part of a lower-case compound capitalized ("Ice-Core Drill", "Lost-Property Box"); a word
    already capitalized stays as written ("Ji-woo", "McAllister", "PIN")."""
    words = text.split()
    out = []
    for i, w in enumerate(words):
        if i and w.lower() in _SMALL:
            out.append(w.lower())
        elif w[:1].islower():
            out.append("-".join(part[:1].upper() + part[1:] for part in w.split("-")))
        else:
            out.append(w)
    return " ".join(out)


_PREPOSITIONS = _SMALL | {"under", "beneath", "below", "above", "near", "beyond", "behind",
                          "inside", "outside", "across", "over", "off", "into", "where", "that", "after", "before",
                          "during"}


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


#: the hour and the weather of a title ("Midnight at Raven Point", "Fog on Ferry Street"), by the
#: form's time of day and weather
HOURS = {"Midnight": "Midnight", "Dusk": "Dusk", "Dawn": "Dawn"}
SKIES = {"Foggy": "Fog", "Snowy": "Snow", "Stormy": "The Storm"}
#: a title of the story's hour or weather at its place ("Dawn at the Research Station")
_HOUR_OR_SKY = re.compile(r"^(?:The )?(%s) (?:at|on|in) (.+)$" % "|".join(
    re.escape(word.removeprefix("The ")) for word in (*HOURS.values(), *SKIES.values())))


def told_title(title, content):
    """``title``, or its place alone when it names an hour or a weather the story never tells."""
    m = _HOUR_OR_SKY.match(title)
    if m and not re.search(r"\b" + m.group(1).lower(), content.lower()):
        return title_case(m.group(2))
    return title
