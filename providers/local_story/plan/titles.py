"""A title from the plan's own nouns and images: a key element ("The Porthole Key"), a place
("The Purser's Office"), the antagonist's short handle ("The Dryer") or two of them together."""
import re

SMALL = {"a", "an", "the", "of", "in", "on", "at", "and", "to", "for", "by"}


def title_case(text):
    words = text.split()
    return " ".join(w if (i and w.lower() in SMALL) else (w[:1].upper() + w[1:]) for i, w in enumerate(words))


def _bare(phrase, most=4):
    phrase = re.sub(r"(?i)^(a|an|the|some)\s+", "", phrase.strip())
    phrase = re.split(r"(?i)\s(?:who|that|which|whose|from|with)\s", phrase)[0]
    return " ".join(phrase.split()[:most])


def plan_title(plan, rng):
    villain = next((p for p in plan.cast if p.role == "antagonist"), None)
    places = [p for p in plan.places if not p.outdoors]
    climax = next((b for b in plan.beats if b.kind == "climax"), None)
    where = next((p for p in places if climax and p.id == climax.place), places[0] if places else None)
    options = [f"The {title_case(_bare(e.name))}" for e in plan.elements[:2]]
    if villain and len(_bare(villain.handle).split()) >= 2:
        options.append(title_case(villain.handle if villain.handle.lower().startswith("the ") else villain.name))
    if where:
        options.append(title_case(where.name))
    if len(plan.elements) >= 2 and all(len(_bare(e.name).split()) <= 2 for e in plan.elements[:2]):
        options.append(f"The {title_case(_bare(plan.elements[0].name, 2))} and the "
                       f"{title_case(_bare(plan.elements[1].name, 2))}")
    return rng.choice(options) if options else title_case(_bare(plan.setting))
