"""A title from the plan's own nouns and images, in the shapes an anthology's contents page has: a
key element ("The Porthole Key"), the place where it ends ("The Purser's Office"), a sound of the
place ("Sandals on Stone"), the twist's year ("1971"), the antagonist's handle ("The Dryer") or two
key elements together. Never "X at Y" (the formula a reader saw through)."""
import re

SMALL = {"a", "an", "the", "of", "in", "on", "at", "and", "to", "for", "by", "as", "over", "with", "into", "from"}


def title_case(text):
    words = text.split()
    return " ".join(w if (i and w.lower() in SMALL) else (w[:1].upper() + w[1:]) for i, w in enumerate(words))


def _bare(phrase, most=4):
    phrase = re.sub(r"(?i)^(a|an|the|some)\s+", "", phrase.strip())
    phrase = re.split(r"(?i)\s(?:who|that|which|whose|from|with)\s", phrase)[0]
    words = phrase.split()[:most]
    while len(words) > 1 and words[-1].lower() in SMALL:  # "locker key on an" -> "locker key"
        words.pop()
    return " ".join(words)


def plan_title(plan, rng, sounds=True):
    villain = next((p for p in plan.cast if p.role == "antagonist"), None)
    places = [p for p in plan.places if not p.outdoors]
    climax = next((b for b in plan.beats if b.kind == "climax"), None)
    where = next((p for p in places if climax and p.id == climax.place), places[0] if places else None)
    shapes = {"element": [f"The {title_case(_bare(e.name))}" for e in plan.elements[:2]]}
    if villain and len(_bare(villain.handle).split()) >= 2:
        shapes["antagonist"] = [title_case(villain.handle if villain.handle.lower().startswith("the ") else villain.name)]
    if where:
        shapes["place"] = [title_case(where.name)]
    if len(plan.elements) >= 2 and all(len(_bare(e.name).split()) <= 2 for e in plan.elements[:2]):
        shapes["pair"] = [f"The {title_case(_bare(plan.elements[0].name, 2))} and the "
                          f"{title_case(_bare(plan.elements[1].name, 2))}"]
    shapes["sound"] = [title_case(s) for s in sounds_of(plan)] if sounds else []
    year = re.search(r"\b(1[5-9]\d\d|20\d\d)\b", plan.twist.reveal or "")
    if year:
        shapes["year"] = [year.group(1), f"Since {year.group(1)}"]
    shapes = {k: [o for o in v if not _FORMULA.fullmatch(o)] for k, v in shapes.items()}
    shapes = {k: v for k, v in shapes.items() if v}
    if not shapes:  # each shape as likely as another: not "The <key element>" nine times in twelve
        return title_case(_bare(plan.setting))
    return rng.choice(shapes[rng.choice(sorted(shapes))])


#: the shape a reader saw through: "The Last Day at Ohio", "Snow in Svalbard"
_FORMULA = re.compile(r"(The |What )?[\w'-]+( [\w'-]+)? (at|in) (the )?[A-Z][\w'-]+")


def sounds_of(plan):
    """The sounds of the plan's places a title may be (a few words, no article: "Sandals on Stone")."""
    return [s for p in plan.places for s in p.sounds if 2 <= len(s.split()) <= 4 and not s.lower().startswith("the ")]


def heard(plan, content, rng):
    """The title, or another when it names a sound the story never came to ("A Door Booming Shut"
    over a short story without it)."""
    title = plan.title or ""
    low = content.lower()
    said = all(re.search(r"\b" + re.escape(w.rstrip("s")), low) for w in re.findall(r"[a-z']+", title.lower())
               if w not in SMALL)
    sound = title.lower() in {s.lower() for s in sounds_of(plan)} or not re.match(r"(?i)the\b", title)
    if sound and (title.lower() not in low or not said) and not re.fullmatch(r"(Since )?\d{4}", title):
        return plan_title(plan, rng, sounds=False)
    return title
