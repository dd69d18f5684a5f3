"""A plan read out of a story that has none (typed by its author, or written by a vendor's model),
once, when its first video is made: good enough for the creator to correct on the storyboard.

* people: proper names used inside sentences, with the pronoun that follows them most, the one
  named most being the protagonist (or "I" for a story told in the first person); a threat named
  with "the" more than once ("the rider") is the antagonist, its look from "a man in a frozen
  orange snowsuit";
* places: nouns of place after a determiner ("the ger", "the station"), the most named first,
  each with the concrete nouns named in its paragraphs as fixtures ("the felt door");
* key elements: concrete nouns (with a picture) named after a determiner at least twice; a word
  is a noun only after a determiner, so "Nobody rings it now" names no ring; and only in the sense
  of a thing: not in a set phrase ("kept watch", "a train of thought"), not followed by "of" and
  no thing ("the weight of the years"), not worn ("in a red coat" is the wearer's look), and a
  phrase ends at its verb ("the log lay open" is the log, not an open padlock);
* people also: a first name and a surname are one person ("Martha Penrose"); someone the story
  calls "the girl", "the old woman" more than once is in the cast, their look from how the story
  describes them ("An old woman, stooped and grey, ... in a black shawl"; "Tom, a boy of seven");
* beats: one per paragraph, the paragraph with the twist's words marked as the reversal;
* weather: the weather words the story uses most (fog, snow, rain, storm, wind).
"""
import json
import re
from collections import Counter
from pathlib import Path

from core.story_plan import MAX_BEATS, MAX_TEXT, dump_plan, load_plan
from providers.video.imagery import icon_index
from providers.video.imagery.plan_shots import colour_of, room_of_words

_WORDS = json.loads((Path(__file__).resolve().parents[1] / "data" / "plan_words.json").read_text())
PLACES, OUTDOORS = _WORDS["places"], set(_WORDS["outdoors"])
PEOPLE, THREAT = _WORDS["people"], set(_WORDS["threat"])
NOT_NAMES = set(_WORDS["not_names"])
NOT_THINGS = set(_WORDS["not_things"])
IDIOMS = re.compile("|".join(_WORDS["idioms"]), re.I)
WORN, VERBS = set(_WORDS["worn"]), set(_WORDS["verbs"])
GENDERED = {noun: pronoun for pronoun, nouns in _WORDS["gendered"].items() for noun in nouns}
DETERMINER = r"(?:the|a|an|its|his|her|their|my|our|your|this|that)"
NOUN = re.compile(rf"(?i)\b{DETERMINER}\s+(?=((?:[a-z-]+\s+){{0,2}}[a-z-]+)\b)")  # overlapping
NAME = re.compile(r"(?<=[a-z,;:'’\"] )([A-Z][a-z'’-]+)\b(?! [A-Z])")  # not "Saint Agnes Hospital"
FULL_NAME = re.compile(r"\b([A-Z][a-z'’-]+) ([A-Z][a-z'’-]+)\b(?! [A-Z])")  # "Martha Penrose"
SENTENCE = re.compile(r"(?<=[.!?…])\s+")
PRONOUN = re.compile(r"(?i)\b(she|her|he|him|his|they|them)\b")
SUBJECT = re.compile(r"\b(she|he|they)\b", re.I)
MID_SENTENCE = r"(?<=[a-z,] )"  # a name used inside a sentence, not only at its start
ADJECTIVE_END = ("ed", "ing", "ly", "ful", "less", "ous")
FUNCTION = set("in on at of to and or but with by from into was were is are be been had has have "
               "not no as for so that this then there who which it he she they we you i me him her "
               "them us did do does could would should will can may might must up down out off over "
               "under near than too very toward towards across through behind around about against "
               "along past beside between beyond inside outside".split())


def _slug(text, taken):
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:30] or "part"
    slug, k = base, 2
    while slug in taken:
        slug, k = f"{base}-{k}", k + 1
    taken.add(slug)
    return slug


def _nouns(text):
    """(head noun, phrase) of each noun phrase after a determiner used as a thing: the phrase
    ends at its last word that pictures something or names a place or a person, before any
    function word or verb ("a frozen orange snowsuit": snowsuit; "the bell rang out": bell;
    "the woman in": woman; "the log lay open": log); a noun in another sense is left out
    (``_other_sense``)."""
    text = IDIOMS.sub(" ; ", text)  # a set phrase names nothing
    # "a ship's bell" is a bell: the owner before it is no thing of the scene (nor a place)
    text = re.sub(rf"(?i)\b({DETERMINER})\s+(?:[a-z-]+\s+)?[a-z-]+['’]s\s+", r"\1 ", text)
    out = []
    for match in NOUN.finditer(text):
        words = match.group(1).lower().split()
        while words and re.fullmatch(DETERMINER, words[0]):
            words = words[1:]
        for k, word in enumerate(words):
            if word in FUNCTION or word in VERBS or re.fullmatch(DETERMINER, word):
                words = words[:k]
                break
        while words and not (words[-1] in PLACES or words[-1] in PEOPLE or _thing(words[-1])):
            words = words[:-1]
        if words and not words[-1].endswith(ADJECTIVE_END) and not _other_sense(text, match, words):
            out.append((words[-1], " ".join(words)))
    return out


def _other_sense(text, match, words):
    """Whether the noun phrase ``words`` found at ``match`` is not a thing in the scene: worn
    ("in a frozen orange snowsuit", "wearing the coat"), or a measure or a part of something
    that is no thing ("the weight of the years", "the weight of someone's eyes")."""
    head = words[-1]
    before = text[max(0, match.start() - 12):match.start()].lower().split()
    if head in WORN or _singular(head) in WORN:
        if before and before[-1] in ("in", "wearing", "wore", "into", "of"):
            return True
        if not before or before[-1] not in ("a", "an", "the"):  # "her coat", "his pocket": worn
            return True
    rest = text[match.start():match.start() + 160]
    after = re.match(rf"(?i)\S+(?:\s+\S+){{{len(words)}}}\s+of\s+((?:(?:the|a|an|his|her|their|my|our|your|"
                     rf"this|that)\s+)*)([\w'’-]+)", rest)
    if after and head not in PLACES:
        obj = after.group(2).lower()
        if obj.endswith(("'s", "’s")) or obj in FUNCTION or not (
                obj in PLACES or obj in PEOPLE or _thing(obj)):
            return True
    return False


def _singular(word):
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _thing(word):
    """A concrete thing a picture can show ("door", "snowsuit"; not "world", "corner")."""
    return (word not in NOT_THINGS and _singular(word) not in NOT_THINGS and word not in FUNCTION
            and word not in _WORDS["weather"] and icon_index.names_a_thing(word))


def _names(paragraphs):
    """The people named in the story, most named first (at most four): a first name and a
    surname together are one person ("Martha Penrose", then "Martha"); a word the story also
    writes in lower case ("Ask", "Nobody") or after a preposition ("to Irkutsk") is no name."""
    text = " ".join(paragraphs)
    lower = set(re.findall(r"\b[a-z][a-z'’-]+\b", text))
    after_the = set(re.findall(r"\b(?:[Tt]he|[Oo]f|[Oo]n|[Ii]n|[Aa]t|[Tt]o|[Ff]rom|[Ii]nto|[Tt]owards?|[Nn]ear|"
                               r"[Bb]eyond|[Pp]ast)\s+([A-Z][a-z'’-]+)", text))

    def a_name(word):
        return (word not in NOT_NAMES and word.lower() not in PLACES and word not in after_the
                and word.lower() not in lower)
    full = {}
    for first, last in FULL_NAME.findall(text):
        last = re.sub(r"['’]s$", "", last)
        if a_name(first) and a_name(last):
            full.setdefault(first, f"{first} {last}")
            full.setdefault(last, f"{first} {last}")
    counts = Counter()
    for paragraph in paragraphs:
        for name in NAME.findall(paragraph):
            name = re.sub(r"['’]s$", "", name)
            if a_name(name) and (name in full or re.search(rf"{MID_SENTENCE}{re.escape(name)}\b", text)):
                counts[full.get(name, name)] += 1
    for first, last in FULL_NAME.findall(text):  # a full name at a sentence's start counts too
        last = re.sub(r"['’]s$", "", last)
        if full.get(first) == f"{first} {last}":
            counts[full[first]] += 1
    return [name for name, _ in counts.most_common(4)]


def _pronoun(name, text):
    """The pronoun the story uses after ``name``, by the subject pronouns that follow it ("Tom,
    a boy of seven, walked beside her ... He did not like": he; the "her" is someone else), else
    by any pronoun that follows it."""
    found, weak = Counter(), Counter()
    for match in re.finditer(rf"\b{re.escape(name)}\b", text):
        subject = SUBJECT.search(text, match.end(), match.end() + 200)
        if subject:
            found[subject.group(1).lower()] += 1
        after = PRONOUN.search(text, match.end(), match.end() + 200)
        if after:
            word = after.group(1).lower()
            weak["she" if word in ("she", "her") else "he" if word in ("he", "him", "his") else "they"] += 1
    found = found or weak
    return found.most_common(1)[0][0] if found else "they"


def _look(handle_noun, text):
    """How the story first describes someone it calls "the <noun>", with the words before the
    noun that say their age or build: "a man in a frozen orange snowsuit" -> "in a frozen orange
    snowsuit"; "An old woman, stooped and grey, stood by the font in a black shawl" -> "old woman,
    stooped and grey, stood by the font in a black shawl"."""
    found = [m.group(1).strip()[:200] for m in re.finditer(
        rf"(?i)\b(?:a|an|the)\s+(?:[a-z]+\s+)?{re.escape(handle_noun)}\s+((?:in|with|wearing)\s+[^.,;!?]+)", text)]
    described = [f"{(m.group(1) or '').strip()} {handle_noun}{m.group(2)}".strip()[:200] for m in re.finditer(
        rf"(?i)\b(?:a|an)\s+((?:[a-z]+\s+){{0,2}}?){re.escape(handle_noun)}(,[^.!?]+)", text)]
    described = [d for d in described if re.search(r"(?i)\b(in|with|wearing|stooped|hunched|old|tall|thin)\b", d)]
    found, described = [_clause(f) for f in found], [_clause(d) for d in described]
    coloured = [look for look in found + described if colour_of(look)]  # the description that says most
    return (coloured or found or described or [""])[0]


def _clause(look):
    """A look without the clause that runs on after it: "in the frozen orange snowsuit flinched
    from it" -> "in the frozen orange snowsuit"; "in a red coat who travelled alone" -> "in a red
    coat"; "old woman, stooped and grey, stood by the font in a black shawl, and she did not move"
    -> "old woman, stooped and grey, stood by the font in a black shawl"."""
    look = re.split(r",\s+(?:and|but|then)\s+|\s+(?:who|which|that|when|while|as|until)\s+", look)[0]
    words = look.split()
    for k in range(1, len(words)):
        word, before = words[k].lower().strip(",;"), words[k - 1].lower().strip(",;")
        if (word in VERBS or word.endswith("ed")) and not before.endswith(",") and _thing(before):
            return " ".join(words[:k])
    return look


def _apposition(name, text):
    """What the story says someone named is, right after the name: "Tom, a boy of seven" -> "a
    boy of seven"; "Altan, a herder's son" -> "a herder's son"; "" when it does not say."""
    found = re.search(rf"\b{re.escape(name)}(?:\s+[A-Z][a-z'’-]+)?,\s+((?:a|an)\s+[^.,;!?]+)", text)
    return found.group(1).strip()[:200] if found else ""


def extract_plan(title, paragraphs, key_elements="", setting=""):
    """The plan's JSON (``core.story_plan`` validates it) read from ``title`` and ``paragraphs``;
    ``key_elements``: the story form's words for them ("the felt door, a horse-head fiddle"),
    taken first when the story names them; ``setting``: the form's setting, whose place (when
    the story names it) comes first."""
    paragraphs = [str(p).strip() for p in paragraphs if str(p or "").strip()][:MAX_BEATS] or [str(title or "Untitled")]
    text = "\n\n".join(paragraphs)
    lower = text.lower()
    taken = set()
    nouns = [_nouns(p) for p in paragraphs]
    heads = Counter(head for found in nouns for head, _ in found)

    cast = []
    for name in _names(paragraphs):
        first = name.split()[0]
        cast.append({"id": _slug(name, taken), "name": name, "handle": first if first != name else "",
                     "pronouns": _pronoun(first, text), "role": "supporting", "look": _apposition(first, text)})
    threats = [w for w in PEOPLE if w in THREAT and heads[w] >= 2 and w not in {c["name"].lower() for c in cast}]
    if threats:
        noun = max(threats, key=lambda w: heads[w])
        cast.append({"id": _slug(noun, taken), "name": f"the {noun}", "handle": f"the {noun}",
                     "role": "antagonist",
                     "pronouns": "it" if noun in ("thing", "shape", "creature") else GENDERED.get(noun, "they"),
                     "look": _look(noun if noun != "rider" else "rider", text) or _look("man", text)})
    others = [w for w, n in heads.most_common() if w in PEOPLE and w not in THREAT and n >= 2
              and not any(w in c.get("look", "").split() for c in cast)]
    for noun in others[:max(0, 4 - len(cast))]:  # "the girl", "the conductor": someone without a name
        cast.append({"id": _slug(noun, taken), "name": f"the {noun}", "handle": f"the {noun}",
                     "role": "supporting", "pronouns": GENDERED.get(noun) or _pronoun(noun, text),
                     "look": _look(noun, text)})
    first_person = len(re.findall(r"\b(I|me|my)\b", text)) > 3
    named = [c for c in cast if c["role"] != "antagonist"]
    if named and not first_person:
        named[0]["role"] = "protagonist"
    else:
        cast.insert(0, {"id": _slug("narrator", taken), "name": "I" if first_person else "the narrator",
                        "handle": "I" if first_person else "", "pronouns": "i" if first_person else "they",
                        "role": "protagonist"})

    main = list(dict.fromkeys(h for h, _ in _nouns(f"{icon_index.AFTER_HEAD.split(setting.lower())[0]}.")
                              if h in PLACES and heads[h]))
    place_heads = main + [w for w, _ in heads.most_common() if w in PLACES and w not in main] or [
        next((p for p in PLACES if re.search(rf"\b{p}\b", lower)), "place")]
    if not main:  # the story's world is its building or land, not one of its rooms ("the lighthouse",
        # not "the lamp room"), however often the room is named
        place_heads.sort(key=lambda w: bool(room_of_words(f"the {w}")))
    places = []
    for noun in place_heads[:4]:
        where = [k for k, found in enumerate(nouns) if any(h == noun for h, _ in found)]
        fixtures = Counter(phrase for k in where for head, phrase in nouns[k]
                           if head not in PLACES and head not in PEOPLE and _thing(head))
        phrase = Counter(p for found in nouns for h, p in found if h == noun).most_common(1)
        phrase = phrase[0][0] if phrase and (phrase[0][0] in icon_index.NOUNS or (
            phrase[0][0] != noun and room_of_words(f"the {phrase[0][0]}"))) else noun  # "the lamp room"
        places.append({"id": _slug(noun, taken), "name": f"the {phrase}", "handle": f"the {noun}",
                       "outdoors": noun in OUTDOORS,
                       "fixtures": [f for f, _ in fixtures.most_common(3)]})

    people_words = set(PEOPLE) | {c["name"].lower() for c in cast}
    given = list(dict.fromkeys((h, p) for h, p in _nouns(" ".join(
        f"the {re.sub(r'^(?:the|a|an) ', '', part.strip(), flags=re.I)}." for part in re.split(r"[,;]", key_elements)))
        if heads[h]))
    repeated = given + [(head, phrase) for head, n in heads.most_common() if n >= 2
                and head not in PLACES and head not in people_words and _thing(head)
                and head not in {h for h, _ in given}
                for phrase in [Counter(p for found in nouns for h, p in found if h == head).most_common(1)[0][0]]]
    elements = [{"id": _slug(head, taken), "name": f"the {phrase}", "job": "clue", "beats": []}
                for head, phrase in repeated[:3]]

    twist_at = _twist_paragraph(paragraphs)
    beats = []
    place_id = places[0]["id"]
    for k, paragraph in enumerate(paragraphs):
        here = {h for h, _ in nouns[k]}
        place_id = next((p["id"] for p in places if p["handle"].split()[-1] in here), place_id)
        who = [c["id"] for c in cast if c["role"] != "protagonist" and re.search(
            rf"(?i)\b{re.escape((c.get('handle') or c['name']).replace('the ', ''))}\b", paragraph)]
        kind = ("reversal" if k == twist_at else "hook" if k == 0 else
                "aftermath" if k == len(paragraphs) - 1 and k > 0 else
                "escalation" if k > len(paragraphs) / 2 else "scene")
        beat_id = _slug(f"beat {k + 1}", taken)
        beats.append({"id": beat_id, "kind": kind, "text": paragraph[:MAX_TEXT], "place": place_id,
                      "who": [cast[0]["id"]] + who[:2],
                      "elements": [e["id"] for e in elements if e["name"].split()[-1] in here][:2]})
        for element in elements:
            if element["id"] in beats[-1]["elements"]:
                element["beats"].append(beat_id)
    weather = Counter(_WORDS["weather"][w] for w in re.findall(r"[a-z]+", lower) if w in _WORDS["weather"])
    antagonist = next((c["id"] for c in cast if c["role"] == "antagonist"), "")
    plan = {"title": str(title or "")[:200], "world": place_heads[0],
            "weather": weather.most_common(1)[0][0] if weather else "",
            "setting": places[0]["name"], "cast": cast, "places": places, "elements": elements, "beats": beats,
            "twist": {"reveal": paragraphs[twist_at][:MAX_TEXT] if twist_at is not None else "",
                      "about": antagonist if twist_at is None else cast[0]["id"],
                      "clues": [beats[twist_at]["id"]] if twist_at is not None else []}}
    return dump_plan(load_plan(plan))


def _twist_paragraph(paragraphs):
    """The index of the last paragraph that reads like the twist, or None."""
    markers = _WORDS["twist"]
    found = [k for k, p in enumerate(paragraphs) if k > 0 and any(m in p.lower() for m in markers)]
    return found[-1] if found else None
