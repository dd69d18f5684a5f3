"""The engine's plan (``plan.build_plan``: plain dicts) as the typed story plan
(``core.story_plan``) and back, so the outline screen can show and edit what the engine will write.

``to_typed`` gives the StoryPlanSchema JSON of an engine plan: ids ``c1``/``p1``/``e1``/``b1`` by
position. ``from_typed`` lays an edited typed plan over the engine's own plan for the same form:
the cast's names and pronouns, the places, the key elements, the beats in the author's order (a deleted beat is left
out, a new one is a plain scene), each beat's length. ``tell_authored`` puts the text of the beats
the author wrote or changed into the story where those beats fall.
"""
import re

from core.story_plan import BEAT_KINDS, MAX_SHORT, MAX_TEXT, PRONOUNS, dump_plan, load_plan

#: the engine's kind for a beat it did not plan (an author's new scene)
SCENE_KIND = "investigation"
ENGINE_KINDS = ("hook", "arrival", "first_sign", "investigation", "escalation", "reversal", "climax",
                "aftermath")
NEW_BEAT_WORDS = 120


def _cut(text, limit):
    text = re.sub(r"\s+", " ", str(text or "")).strip()
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _sentence(text):
    text = _cut(text, MAX_TEXT - 1)
    return (text[:1].upper() + text[1:] + ("" if text[-1:] in ".!?…\"'" else ".")) if text else ""


def _pronouns(value):
    word = str(value or "").split("/")[0].strip().lower()
    return word if word in PRONOUNS else "they"


def _kind(value):
    kind = str(value or "").strip().lower().replace(" ", "_")
    return kind if kind in BEAT_KINDS else "scene"


def to_typed(plan, request):
    """The StoryPlanSchema JSON of the engine's ``plan`` for ``request`` (validated)."""
    cast = []
    for i, person in enumerate(plan.get("cast", [])):
        full = _cut(person.get("full", ""), MAX_SHORT)
        name = _cut(person.get("name") or full or f"Someone {i + 1}", MAX_SHORT)
        cast.append({"id": f"c{i + 1}", "name": name, "handle": "",
                     "pronouns": _pronouns(person.get("pronouns")),
                     "role": person.get("role") if person.get("role") in ("protagonist", "antagonist")
                     else "supporting",
                     "look": full if full and full != name else "", "want": _cut(person.get("want"), MAX_SHORT)})
    if not cast:
        cast = [{"id": "c1", "name": "the narrator", "role": "protagonist", "pronouns": "i"}]
    protagonists = [c for c in cast if c["role"] == "protagonist"]
    for extra in protagonists[1:]:
        extra["role"] = "supporting"
    if not protagonists:
        cast[0]["role"] = "protagonist"
    ids = {c["name"]: c["id"] for c in cast}
    places = [{"id": f"p{i + 1}", "name": _cut(place.get("name") or f"Place {i + 1}", MAX_SHORT),
               "description": _cut(place.get("description"), MAX_TEXT)}
              for i, place in enumerate(plan.get("places", []))] or \
        [{"id": "p1", "name": _cut(request.setting or "the place", MAX_SHORT)}]
    rooms = {p["name"]: p["id"] for p in places}
    names = [e if isinstance(e, str) else e.get("name", "") for e in plan.get("elements", [])]
    elements = [{"id": f"e{n + 1}", "name": _cut(name, MAX_SHORT), "job": "tool" if n == 0 else "clue",
                 "beats": []} for n, name in enumerate(names) if name]
    hero, villain = cast[0]["id"], next((c["id"] for c in cast if c["role"] == "antagonist"), None)
    beats = []
    for i, beat in enumerate(plan.get("beats", [])):
        bid = f"b{i + 1}"
        used = [n for n in [*beat.get("plant", []), *beat.get("use", [])] if n < len(elements)]
        for n in used:
            if bid not in elements[n]["beats"]:
                elements[n]["beats"].append(bid)
        who = [hero] + ([villain] if villain and (beat.get("method_step") is not None or beat.get("twist")) else [])
        text = beat.get("summary") or beat.get("purpose") or f"The {beat.get('kind', 'scene')}"
        beats.append({"id": bid, "kind": _kind(beat.get("kind")), "text": _sentence(text),
                      "place": rooms.get(beat.get("room"), ""), "who": who,
                      "elements": [elements[n]["id"] for n in dict.fromkeys(used)],
                      "changes": _cut(beat.get("state_change"), MAX_TEXT), "clue": _cut(beat.get("clue"), MAX_TEXT),
                      "words": max(0, min(3000, int(beat.get("words") or 0)))})
    twist = plan.get("twist") or {}
    typed = {"title": _cut(plan.get("title"), MAX_SHORT), "logline": _cut(plan.get("logline"), MAX_TEXT),
             "premise": _cut(plan.get("premise"), MAX_TEXT), "setting": _cut(request.setting, MAX_TEXT),
             "world": _cut(plan.get("world"), MAX_SHORT), "weather": _cut(request.weather, MAX_SHORT),
             "timeOfDay": _cut(request.time_of_day, MAX_SHORT),
             "cast": cast, "places": places, "elements": elements, "beats": beats,
             "twist": {"reveal": _cut(twist.get("reveal"), MAX_TEXT), "about": ids.get(twist.get("about"), ""),
                       "clues": [b["id"] for b in beats if b["clue"]] if twist.get("reveal") else []},
             "ending": _cut(plan.get("ending"), MAX_TEXT)}
    return dump_plan(load_plan(typed))


def from_typed(engine, typed):
    """The engine's plan ``engine`` (built from the same form) made to follow the typed plan
    ``typed`` (its JSON): what the engine writes from."""
    plan = load_plan(typed)
    engine = dict(engine)
    renames = {}
    cast = [dict(person) for person in engine.get("cast", [])]
    for n, person in enumerate(plan.cast):
        if n < len(cast):
            old = cast[n]
            if person.name != old["name"]:
                renames[old["name"]] = person.name
            old.update(name=person.name, full=person.name if person.name != old["name"] else old.get("full", ""),
                       pronouns=person.pronouns if person.pronouns in ("he", "she", "they") else old["pronouns"])
    engine["cast"] = cast
    places = [dict(place) for place in engine.get("places", [])]
    rooms = {}
    for n, place in enumerate(plan.places):
        if n < len(places):
            if place.name != places[n]["name"]:
                renames[places[n]["name"]] = place.name
            places[n].update(name=place.name, description=place.description or places[n]["description"])
        rooms[place.id] = place.name
    engine["places"] = places
    elements = list(engine.get("elements", []))
    for n, element in enumerate(plan.elements[:len(elements)]):
        if element.name != elements[n]:
            renames[elements[n]] = element.name
            elements[n] = element.name
    engine["elements"] = elements
    old_beats = engine.get("beats", [])
    beats = []
    for beat in plan.beats:
        at = int(beat.id[1:]) - 1 if re.fullmatch(r"b\d+", beat.id) else -1
        if 0 <= at < len(old_beats):
            made = dict(old_beats[at])
        else:
            made = {"kind": beat.kind if beat.kind in ("investigation", "escalation") else SCENE_KIND,
                    "purpose": beat.text, "plant": [], "use": [], "clue": "", "method_step": None,
                    "choice": None, "twist": False, "state_change": beat.changes,
                    "room": places[min(1, len(places) - 1)]["name"] if places else ""}
        made["summary"] = beat.text
        made["words"] = beat.words or made.get("words") or NEW_BEAT_WORDS
        if beat.place in rooms:
            made["room"] = rooms[beat.place]
        beats.append(_renamed(made, renames))
    engine["beats"] = beats
    if plan.title:
        engine["title"] = plan.title
    return engine


def _renamed(beat, renames):
    """``beat`` with the old names in its sentences (a choice, a clue) replaced by the new."""
    def swap(value):
        if isinstance(value, str):
            for old, new in renames.items():
                value = re.sub(rf"\b{re.escape(old)}\b", new, value)
            return value
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        return value
    return {key: swap(value) if key in ("choice", "clue", "state_change", "death") else value
            for key, value in beat.items()}


def tell_authored(content, typed):
    """``content`` with the text of every beat the author wrote or changed (``edited``) told as a
    paragraph where that beat falls (by its share of the planned words)."""
    beats = typed["beats"]
    authored = [(i, b) for i, b in enumerate(beats) if b.get("edited")]
    if not authored:
        return content
    paragraphs = content.split("\n\n")
    words = [max(1, b.get("words") or NEW_BEAT_WORDS) for b in beats]
    total = sum(words)
    inserts = {}
    for i, beat in authored:
        at = round(len(paragraphs) * sum(words[:i]) / total)
        inserts.setdefault(min(at, len(paragraphs)), []).append(_sentence(beat["text"]))
    out = []
    for n in range(len(paragraphs) + 1):
        out += inserts.get(n, [])
        if n < len(paragraphs):
            out.append(paragraphs[n])
    return "\n\n".join(out)
