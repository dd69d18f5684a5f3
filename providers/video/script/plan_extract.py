"""A plan read out of a story that has none (typed by its author, or written by a vendor's model),
once, when its first video is made: good enough for the creator to correct on the storyboard.

* people: proper names used inside sentences, with the pronoun that follows them most, the one
  named most being the protagonist (or "I" for a story told in the first person); a threat named
  with "the" more than once ("the rider") is the antagonist, its look from "a man in a frozen
  orange snowsuit";
* places: nouns of place after a determiner ("the ger", "the station"), the most named first,
  each with the concrete nouns named in its paragraphs as fixtures ("the felt door");
* key elements: concrete nouns (with a picture) named after a determiner at least twice; a word
  is a noun only after a determiner, so "Nobody rings it now" names no ring;
* beats: one per paragraph, the paragraph with the twist's words marked as the reversal;
* weather: the weather words the story uses most (fog, snow, rain, storm, wind).
"""
import json
import re
from collections import Counter
from pathlib import Path

from core.story_plan import MAX_BEATS, MAX_TEXT, dump_plan, load_plan
from providers.video.imagery import icon_index
from providers.video.imagery.plan_shots import colour_of

_WORDS = json.loads((Path(__file__).resolve().parents[1] / "data" / "plan_words.json").read_text())
PLACES, OUTDOORS = _WORDS["places"], set(_WORDS["outdoors"])
PEOPLE, THREAT = _WORDS["people"], set(_WORDS["threat"])
NOT_NAMES = set(_WORDS["not_names"])
NOT_THINGS = set(_WORDS["not_things"])
DETERMINER = r"(?:the|a|an|its|his|her|their|my|our|your|this|that)"
NOUN = re.compile(rf"(?i)\b{DETERMINER}\s+(?=((?:[a-z-]+\s+){{0,2}}[a-z-]+)\b)")  # overlapping
NAME = re.compile(r"(?<=[a-z,;:'’\"] )([A-Z][a-z'’-]+)\b(?! [A-Z])")  # not "Saint Agnes Hospital"
SENTENCE = re.compile(r"(?<=[.!?…])\s+")
PRONOUN = re.compile(r"(?i)\b(she|her|he|him|his|they|them)\b")
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
    """(head noun, phrase) of each noun phrase after a determiner: the phrase ends at its last
    word that pictures something or names a place or a person, before any function word ("a
    frozen orange snowsuit": snowsuit; "the bell rang out": bell; "the woman in": woman)."""
    out = []
    for match in NOUN.finditer(text):
        words = match.group(1).lower().split()
        while words and re.fullmatch(DETERMINER, words[0]):
            words = words[1:]
        for k, word in enumerate(words):
            if word in FUNCTION or re.fullmatch(DETERMINER, word):
                words = words[:k]
                break
        while words and not (words[-1] in PLACES or words[-1] in PEOPLE or _thing(words[-1])):
            words = words[:-1]
        if words and not words[-1].endswith(ADJECTIVE_END):
            out.append((words[-1], " ".join(words)))
    return out


def _thing(word):
    """A concrete thing a picture can show ("door", "snowsuit"; not "world", "corner")."""
    return word not in NOT_THINGS and word not in FUNCTION and icon_index.names_a_thing(word)


def _names(paragraphs):
    counts = Counter()
    after_the = set(re.findall(r"\b(?:[Tt]he|of|on|in|at|to|from)\s+([A-Z][a-z'’-]+)", " ".join(paragraphs)))
    for paragraph in paragraphs:
        for name in NAME.findall(paragraph):
            name = re.sub(r"['’]s$", "", name)
            if name not in NOT_NAMES and name.lower() not in PLACES and name not in after_the:
                counts[name] += 1
    return [name for name, _ in counts.most_common(4)]


def _pronoun(name, text):
    found = Counter()
    for match in re.finditer(rf"\b{re.escape(name)}\b", text):
        after = PRONOUN.search(text, match.end(), match.end() + 200)
        if after:
            word = after.group(1).lower()
            found["she" if word in ("she", "her") else "he" if word in ("he", "him", "his") else "they"] += 1
    return found.most_common(1)[0][0] if found else "they"


def _look(handle_noun, text):
    """How the story first describes someone it calls "the <noun>": "a man in a frozen orange
    snowsuit" -> "in a frozen orange snowsuit"."""
    found = [m.group(1).strip()[:200] for m in re.finditer(
        rf"(?i)\b(?:a|an|the)\s+(?:[a-z]+\s+)?{re.escape(handle_noun)}\s+((?:in|with|wearing)\s+[^.,;!?]+)", text)]
    coloured = [look for look in found if colour_of(look)]  # the description that says most
    return (coloured or found or [""])[0]


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
        cast.append({"id": _slug(name, taken), "name": name, "pronouns": _pronoun(name, text),
                     "role": "supporting"})
    threats = [w for w in PEOPLE if w in THREAT and heads[w] >= 2 and w not in {c["name"].lower() for c in cast}]
    if threats:
        noun = max(threats, key=lambda w: heads[w])
        cast.append({"id": _slug(noun, taken), "name": f"the {noun}", "handle": f"the {noun}",
                     "role": "antagonist", "pronouns": "it" if noun in ("thing", "shape", "creature") else "they",
                     "look": _look(noun if noun != "rider" else "rider", text) or _look("man", text)})
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
    places = []
    for noun in place_heads[:4]:
        where = [k for k, found in enumerate(nouns) if any(h == noun for h, _ in found)]
        fixtures = Counter(phrase for k in where for head, phrase in nouns[k]
                           if head not in PLACES and head not in PEOPLE and _thing(head))
        phrase = Counter(p for found in nouns for h, p in found if h == noun).most_common(1)
        phrase = phrase[0][0] if phrase and phrase[0][0] in icon_index.NOUNS else noun
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
            rf"(?i)\b{re.escape(c['name'].replace('the ', ''))}\b", paragraph)]
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
