"""The plan a model story is written from: the typed plan of ``core.story_plan``.

The model is asked for it as JSON in that plan's shape (``plan_prompts.plan_messages``); its
answer is read leniently (ids it left out are given, "first sign" is the kind ``first_sign``,
"she/her" is ``she``, a reference to nothing is dropped) and then validated with
``StoryPlanSchema``. An answer that is still no plan is not used: the offline engine's outline for
the same request is, so a small model still gets a structure. Either way each beat gets its
share of the requested length (``share_words``).
"""
import json
import logging
import re

from marshmallow import ValidationError

from core.story_plan import (
    BEAT_KINDS,
    ELEMENT_JOBS,
    FORMATS,
    MAX_BEATS,
    PRONOUNS,
    ROLES,
    dump_plan,
    load_plan,
)

log = logging.getLogger(__name__)

_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)
_PREFIX = {"cast": "c", "places": "p", "elements": "e", "beats": "b"}


def parse_model_plan(text, length_words):
    """The model's answer as a plan's JSON with words per beat, or None when it is unusable."""
    text = _FENCE.sub("", (text or "").strip())
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        data = json.loads(text[start:end + 1])
        plan = dump_plan(load_plan(lenient(data)))
    except (ValueError, TypeError, AttributeError, ValidationError) as err:
        log.info("the model's plan is unusable: %s", str(err)[:300])
        return None
    plan["title"] = plan["title"].strip().strip("\"'“”")
    return share_words(plan, length_words)


def _choice(value, options, default):
    value = re.split(r"[/,\s]", str(value or "").strip().lower().replace("-", "_"), maxsplit=1)[0]
    return value if value in options else default


def _kind(value):
    value = re.sub(r"[\s-]+", "_", str(value or "").strip().lower())
    return value if value in BEAT_KINDS else "scene"


def _list(value):
    return value if isinstance(value, list) else []


def lenient(data):
    """A plan as a model (or today's engine) writes one, put in the plan's exact shape: what it
    left out or named its own way is filled in; a reference to a part that is not there is
    dropped. What is still wrong is for ``StoryPlanSchema`` to refuse."""
    plan = dict(data)
    for key, prefix in _PREFIX.items():
        parts = [dict(part) for part in _list(plan.get(key)) if isinstance(part, dict)]
        for number, part in enumerate(parts, 1):
            part["id"] = str(part.get("id") or f"{prefix}{number}")[:40]
        plan[key] = parts
    plan["beats"] = plan["beats"][:MAX_BEATS]
    for person in plan["cast"]:
        person["pronouns"] = _choice(person.get("pronouns"), PRONOUNS, "they")
        person["role"] = _choice(person.get("role"), ROLES, "supporting")
    leads = [person for person in plan["cast"] if person["role"] == "protagonist"]
    for extra in leads[1:]:
        extra["role"] = "supporting"
    if plan["cast"] and not leads:
        plan["cast"][0]["role"] = "protagonist"
    for element in plan["elements"]:
        element["job"] = _choice(element.get("job"), ELEMENT_JOBS, "clue")
    ids = {key: {part["id"] for part in plan[key]} for key in _PREFIX}
    for beat in plan["beats"]:
        beat["text"] = beat.get("text") or beat.get("summary") or ""
        beat["kind"] = _kind(beat.get("kind"))
        beat["changes"] = beat.get("changes") or beat.get("state_change") or ""
        if beat.get("place") not in ids["places"]:
            beat["place"] = ""
        beat["who"] = [i for i in _list(beat.get("who")) if i in ids["cast"]]
        beat["elements"] = [i for i in _list(beat.get("elements")) if i in ids["elements"]]
    for element in plan["elements"]:
        element["beats"] = [i for i in _list(element.get("beats")) if i in ids["beats"]]
    twist = dict(plan.get("twist") or {}) if isinstance(plan.get("twist"), dict) else {}
    twist["clues"] = [i for i in _list(twist.get("clues")) if i in ids["beats"]]
    if twist.get("about") not in ids["cast"]:
        twist["about"] = ""
    plan["twist"] = twist
    instructions = plan.get("instructions") if isinstance(plan.get("instructions"), dict) else {}
    plan["instructions"] = {**instructions,
                            "format": _choice(instructions.get("format"), FORMATS, "prose")}
    return plan


def share_words(plan, length_words):
    """Give each beat of a plan's JSON its share of the length (the shares sum to it): in
    proportion to the words the beats ask for when every one asks, else evenly."""
    beats = plan["beats"]
    total = max(len(beats), int(length_words or 0))
    asked = [max(0, int(beat.get("words") or 0)) for beat in beats]
    if all(asked):
        shares = [max(1, total * words // sum(asked)) for words in asked]
        shares[-1] += total - sum(shares)
    else:
        base, extra = divmod(total, len(beats))
        shares = [base + (1 if index < extra else 0) for index in range(len(beats))]
    for beat, words in zip(beats, shares, strict=True):
        beat["words"] = min(3000, max(1, words))
    return plan


def given_plan(plan, length_words):
    """A plan the author gave (validated JSON), with words per beat."""
    return share_words(dump_plan(load_plan(plan)), length_words)


def engine_outline(request):
    """The offline engine's plan for this request (the fallback for an unusable model plan)."""
    from providers.local_story import LocalStoryProvider

    try:
        plan = LocalStoryProvider().outline(request)
    except NotImplementedError:  # an engine without outline(): its older plan, read leniently
        from providers.local_story.plan import build_plan

        plan = dump_plan(load_plan(lenient(_engine_plan_fields(build_plan(request)))))
    return share_words(dump_plan(load_plan(plan)), request.length_words)


def _engine_plan_fields(old):
    """The older engine plan's fields under the typed plan's names (places by id)."""
    places = [{"id": f"p{n}", "name": place["name"], "description": place.get("description", "")}
              for n, place in enumerate(old.get("places") or [], 1)]
    place_ids = {place["name"]: place["id"] for place in places}
    return {"title": old.get("title", ""), "logline": old.get("logline", ""),
            "premise": old.get("premise", ""), "world": old.get("world", ""),
            "cast": [{"name": p.get("full") or p["name"], "handle": p["name"],
                      "role": p.get("role"), "pronouns": p.get("pronouns"),
                      "want": p.get("want", "")} for p in old.get("cast") or []],
            "places": places,
            "twist": {"reveal": (old.get("twist") or {}).get("reveal") or ""},
            "beats": [{"kind": beat.get("kind"), "text": beat.get("summary", ""),
                       "changes": beat.get("state_change", ""), "words": beat.get("words", 0),
                       "place": place_ids.get(beat.get("room"), "")}
                      for beat in old.get("beats") or []],
            "ending": old.get("ending", "")}
