"""What a model is asked while it writes from the typed plan (``core.story_plan``): the plan
itself, then each beat, then, when the story stopped short, its ending.

Pure functions of the request and a loaded plan (``load_plan``: ``PlanPart`` objects), so they
are tested directly.
"""
import json

from core.story_plan import ELEMENT_JOBS, FORMATS, PRONOUNS, ROLES

from .prompts import brief_lines, tail_of

#: the kinds of beats a model's plan walks through, in story order
PLAN_KINDS = ("hook", "arrival", "first_sign", "investigation", "escalation", "reversal",
              "climax", "aftermath")

#: the shape the model fills: the JSON of ``StoryPlanSchema`` (the words per beat are ours to set)
PLAN_SHAPE = {
    "title": "…", "logline": "one sentence", "premise": "…", "world": "what kind of place",
    "weather": "…", "timeOfDay": "…",
    "instructions": {"format": "prose", "avoid": ["…"], "focus": ["…"], "framing": "",
                     "notes": ""},
    "cast": [{"id": "c1", "name": "…", "handle": "what to call them after", "pronouns": "she",
              "role": "protagonist", "look": "…", "want": "…"}],
    "places": [{"id": "p1", "name": "…", "handle": "…", "description": "…",
                "fixtures": ["…"], "sounds": ["…"]}],
    "elements": [{"id": "e1", "name": "…", "job": "clue", "beats": ["b1", "b3"]}],
    "twist": {"reveal": "…", "about": "c2", "clues": ["b2", "b3"]},
    "beats": [{"id": "b1", "kind": "hook", "text": "what happens", "place": "p1", "who": ["c1"],
               "elements": ["e1"], "changes": "what it changes", "clue": ""}],
    "ending": "…",
}

PRONOUN_WORDS = {"she": "she/her", "he": "he/him", "they": "they/them", "it": "it",
                 "i": "the narrator, 'I'"}


def plan_beat_count(length_words):
    """How many beats a model-written plan has for a story of this length."""
    return max(2, min(len(PLAN_KINDS), round(int(length_words or 0) / 150)))


def plan_messages(request):
    """Messages asking the model for the story's plan as one JSON object of the plan's shape."""
    beats = plan_beat_count(request.length_words)
    system = "\n".join([
        "You are a horror fiction writer for Dreadforge. Before writing, you plan the story.",
        "",
        *brief_lines(request),
        "",
        "Answer with one JSON object only, no prose and no markdown, with exactly these keys:",
        json.dumps(PLAN_SHAPE, ensure_ascii=False),
        f"'beats' has {beats} items in story order (kinds: {', '.join(PLAN_KINDS)}); each beat "
        "is caused by the one before. Ids link the parts: a beat's place, who and elements name "
        "ids of places, cast and elements; the twist's clues name the beats that prepare it.",
        f"pronouns is one of {', '.join(PRONOUNS)}; role one of {', '.join(ROLES)} (exactly one "
        f"protagonist); an element's job one of {', '.join(ELEMENT_JOBS)}; instructions.format "
        f"one of {', '.join(FORMATS)}. The places and their fixtures are the setting's own. The "
        "creator's extra instructions go into 'instructions' (what they ask, never quoted).",
    ])
    return [{"role": "system", "content": system},
            {"role": "user", "content": "Write the plan now, as JSON."}]


def _names(parts, ids):
    by_id = {part.id: part for part in parts}
    return [by_id[i] for i in ids if i in by_id]


def _person(person):
    details = [PRONOUN_WORDS.get(person.pronouns, person.pronouns), person.role]
    if person.handle and person.handle != person.name:
        details.append(f"called '{person.handle}' after the first mention")
    if person.look:
        details.append(f"looks: {person.look}")
    if person.want:
        details.append(f"wants {person.want}")
    return f"Character: {person.name} ({'; '.join(details)})"


def _place(place):
    line = f"Place: {place.name}" + (f" - {place.description}" if place.description else "")
    extras = [f"fixtures: {', '.join(place.fixtures)}"] if place.fixtures else []
    extras += [f"sounds: {', '.join(place.sounds)}"] if place.sounds else []
    return line + (f" ({'; '.join(extras)})" if extras else "")


def instruction_lines(instructions):
    """What the creator asked for (the plan's instructions), as orders to the writer."""
    lines = []
    if instructions.format != "prose":
        lines.append(f"Form: write it as {instructions.format} entries, throughout.")
    if instructions.avoid:
        lines.append(f"Avoid: {', '.join(instructions.avoid)}.")
    if instructions.focus:
        lines.append(f"Focus on: {', '.join(instructions.focus)}.")
    if instructions.framing:
        lines.append(f"Framing: {instructions.framing}.")
    if instructions.notes:
        lines.append(f"Also: {instructions.notes}")
    return lines


def plan_outline(plan):
    """The plan as short plain text, for the prompts of the beats."""
    lines = [f"Title: {plan.title}"] if plan.title else []
    for label, value in (("Logline", plan.logline), ("Premise", plan.premise),
                         ("World", plan.world), ("Weather", plan.weather),
                         ("Time of day", plan.time_of_day)):
        if value:
            lines.append(f"{label}: {value}")
    lines += instruction_lines(plan.instructions)
    lines += [_person(person) for person in plan.cast]
    lines += [_place(place) for place in plan.places]
    for element in plan.elements:
        lines.append(f"Key element: {element.name} (a {element.job})")
    if plan.twist.reveal:
        lines.append(f"Twist (revealed late): {plan.twist.reveal}")
    index = {beat.id: number for number, beat in enumerate(plan.beats, 1)}
    if plan.twist.clues:
        parts = ", ".join(str(index[b]) for b in plan.twist.clues if b in index)
        lines.append(f"Clue (plant before the twist): in parts {parts}")
    lines.append("Parts:")
    for number, beat in enumerate(plan.beats, 1):
        lines.append(f"{number}. [{beat.kind.replace('_', ' ')}] {beat.text}")
    if plan.ending:
        lines.append(f"Ending: {plan.ending}")
    return "\n".join(lines)


def beat_lines(plan, beat):
    """What part ``beat`` must tell, beyond its text: where, who, what it uses and changes."""
    lines = []
    place = _names(plan.places, [beat.place])
    if place:
        lines.append(f"Where: {place[0].name}")
    who = _names(plan.cast, beat.who)
    if who:
        lines.append("Who: " + ", ".join(f"{p.name} ({PRONOUN_WORDS.get(p.pronouns)})"
                                         for p in who))
    elements = _names(plan.elements, beat.elements)
    if elements:
        lines.append("Uses: " + ", ".join(f"{e.name} (as a {e.job})" for e in elements))
    if beat.clue:
        lines.append(f"Plant this clue: {beat.clue}")
    if beat.changes:
        lines.append(f"By its end: {beat.changes}")
    if beat.edited:
        lines.append("The author wrote this part of the plan: tell exactly what it says "
                     "happens, in the story.")
    return lines


def beat_messages(request, plan, index, previous):
    """Messages asking for part ``index`` (0-based) of the plan, after the ``previous`` part."""
    beats = plan.beats
    beat = beats[index]
    system = "\n".join([
        "You are a horror fiction writer for Dreadforge. You write a story one part at a time, "
        "following its plan.",
        "",
        *brief_lines(request),
        "",
        "The plan:",
        plan_outline(plan),
        "",
        "Answer with the prose of the requested part only: plain paragraphs separated by blank "
        "lines, no title, no headings, no part numbers, no notes.",
    ])
    ask = [f"Write part {index + 1} of {len(beats)} ({beat.kind.replace('_', ' ')}), about "
           f"{beat.words} words: {beat.text}", *beat_lines(plan, beat)]
    if index == len(beats) - 1:
        ask.append("This is the last part: bring the story to its ending.")
    if previous:
        ask.insert(0, f"The story so far ends with:\n{tail_of(previous)}\n")
    else:
        ask.append("This is the opening of the story.")
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n".join(ask)}]


def continue_messages(request, plan, story, words):
    """Messages asking to carry a story that stopped short on by about ``words`` words."""
    system = "\n".join([
        "You are a horror fiction writer for Dreadforge, finishing a story that stopped short.",
        "",
        *brief_lines(request),
        "",
        "The plan:",
        plan_outline(plan),
        "",
        "Answer with the new prose only, continuing in the same voice, perspective and tense: "
        "plain paragraphs, no title, no notes.",
    ])
    user = (f"The story so far ends with:\n{tail_of(story)}\n\n"
            f"Continue it for about {words} words and bring it to its ending.")
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]

