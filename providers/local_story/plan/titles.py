"""A title from the plan's own nouns and images, with an image or a tension in it, in the shapes an
anthology's contents page has: the antagonist by what is strange about it ("The Uncharted Star",
"The Bather in the Farthest Tub"), what its description says ("Not on Any Chart", "Against the
Wind", "Fraser's PIN"), a question of a key element ("What the Locker Tag Said"), its mark alone
("Channel 16", "The Farthest Tub"), two key elements, a sound of the place ("Water Against the
Hull"). Each story takes the next shape in turn by its seed, so a shelf of stories never reads as
one formula ("The Star Atlas", "The Main Room", "The Glow Stick" ...). Never a bare year or
number, a room any building has ("The Main Room"), or "X at Y" with the setting's name. The
shapes and word lists are ``data/titles.json``."""
import json
import re
import zlib
from functools import lru_cache
from pathlib import Path

from core.story_plan import ELEMENT_JOBS

from ..reading.epithets import epithets, marks, place_of
from ..reading.lexicon import fold, lexicon
from ..reading.phrases import epithet_handles, parse_phrase
from ..titles import title_case

DATA = Path(__file__).resolve().parents[1] / "data" / "titles.json"
SMALL = {"a", "an", "the", "of", "in", "on", "at", "and", "to", "for", "by", "as", "over", "with", "into", "from"}
MOST = 7  # words in a title ("The Farmer's Son in the Burlap Mask")


@lru_cache(maxsize=1)
def rules():
    """``data/titles.json``, checked: every turn a pattern, every question a frame with "{e}"."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    patterns = {k: v for k, v in raw["patterns"].items() if k != "about"}
    if not raw["turns"] or not set(raw["turns"]) <= set(patterns):
        raise ValueError(f"{DATA.name}: turns is a list of the patterns' names")
    questions = [q for q in raw["questions"] if "about" not in q]
    if not all(isinstance(q.get("frame"), str) and q["frame"].count("{e}") == 1 and q.get("jobs")
               and set(q["jobs"]) <= set(ELEMENT_JOBS) for q in questions):
        raise ValueError(f"{DATA.name}: questions are frames with one '{{e}}' (the key element) and "
                         f"the element jobs they fit")
    generic = raw["generic_places"]
    for key, words in (("generic_places.heads", generic["heads"]), ("generic_places.plain", generic["plain"]),
                       ("no_object", raw["no_object"])):
        if not all(isinstance(w, str) and w and w == w.lower() for w in words):
            raise ValueError(f"{DATA.name}: {key} is a list of lower-case words")
    instead = {k: v for k, v in raw["instead"].items() if k != "about"}
    if set(instead) != set(raw["turns"]) or not all(set(v) <= set(patterns) for v in instead.values()):
        raise ValueError(f"{DATA.name}: instead lists, for each turn, the patterns tried in its place")
    frame_words = {w for q in questions for w in re.findall(r"[a-z']+", q["frame"].replace("{e}", "").lower())}
    return {"turns": list(raw["turns"]), "questions": [(q["frame"], frozenset(q["jobs"])) for q in questions],
            "frame_words": frozenset(frame_words - SMALL), "instead": instead,
            "patterns": [(k, re.compile(v)) for k, v in patterns.items()],
            "heads": frozenset(generic["heads"]), "plain": frozenset(generic["plain"]),
            "no_object": frozenset(raw["no_object"])}


def pattern(title):
    """The shape a reader sees in a title: "the" ("The Star Atlas"), "the_prep" ("The Bather in
    the Farthest Tub"), "what", "pair", "not", "prep_first" ("Against the Wind"), "bare"."""
    return next((name for name, regex in rules()["patterns"] if regex.pattern and regex.search(title)), "bare")


def _bare(phrase, most=4):
    phrase = re.sub(r"(?i)^(a|an|the|some)\s+", "", phrase.strip())
    phrase = re.split(r"(?i)\s(?:who|that|which|whose|from|with)\s", phrase)[0]
    words = phrase.split()[:most]
    while len(words) > 1 and words[-1].lower() in SMALL:  # "locker key on an" -> "locker key"
        words.pop()
    return " ".join(words)


def plain(title):
    """Whether a title says nothing a reader would remember: a bare year or number ("1958"), or a
    room any building has ("The Main Room", "The Back Room", "The Clubroom")."""
    r = rules()
    words = [fold(w) for w in re.sub(r"(?i)^the\s+", "", title.strip()).split()]
    if len(words) > 2 and words[0] in r["plain"] and words[1] == "of":
        return True  # "The Front of the Laundromat", "The Back of the Hut"
    if not words or all(re.fullmatch(r"\d+", w) for w in words) or re.fullmatch(r"(?i)(since |in )?\d{3,4}", title):
        return True
    head = " ".join(words[-2:]) if " ".join(words[-2:]) in r["heads"] else words[-1]
    rest = words[:len(words) - len(head.split())]
    return head in r["heads"] and all(w in r["plain"] for w in rest)


def _word(token):
    return fold(token).strip(".,'’\"")


def said_of(phrase):
    """What a description's relative clause says, as a title: "that is not on any chart" -> "Not
    on Any Chart", "that turns against the wind" -> "Against the Wind", "who knows Fraser's PIN"
    -> "Fraser's PIN", "whose jars refill themselves" -> "Whose Jars Refill Themselves"."""
    e, words, r = epithets(), lexicon(), rules()
    parsed = parse_phrase(phrase)
    rest = list(parsed.rest)
    if not rest or _word(rest[0]) not in ("who", "that", "which", "whose"):
        return []
    if _word(rest[0]) == "whose":
        return [title_case(" ".join(rest))] if 3 <= len(rest) <= 4 else []
    clause = rest[1:]
    low = [_word(w) for w in clause]
    k = 0
    if k < len(low) and low[k] in ("is", "are"):
        k += 1
    while k < len(low) and low[k] in e.adverbs and low[k] not in e.where:
        k += 1
    if k < len(low) and low[k] in ("not", "never"):
        tail = clause[k:k + 5]
        return [title_case(" ".join(tail))] if 3 <= len(tail) <= 5 and len(clause[k:]) <= 5 else []
    if k < len(low) and low[k] not in e.where and k == (1 if low[:1] in (["is"], ["are"]) else 0):
        k += 1  # the verb: "turns", "walks", "knows"
        while k < len(low) and low[k] in e.adverbs and low[k] not in e.where:
            k += 1
    if k >= len(low):
        return []
    while k + 1 < len(low) and low[k] in e.adverbs and low[k + 1] in e.where:
        k += 1  # "comes on in the sealed chamber": "In the Sealed Chamber"
    if low[k] in e.where or low[k] in words.other_prepositions:
        start = k
        while k + 1 < len(low) and (low[k + 1] in e.where or low[k + 1] in words.other_prepositions):
            k += 1  # "from inside the ice machine"
        where = place_of(clause[k + 1:])  # "the end of the dock" -> "the dock's end"
        if not where or any(_word(w) in r["no_object"] for w in where.split()):
            return []
        return [title_case(" ".join([*clause[start:k + 1], where]))]
    owned = clause[k:k + 3]
    if len(owned) >= 2 and any(re.search(r"['’]s$", w) for w in owned[:-1]) and len(clause[k:]) <= 3:
        return [title_case(" ".join(owned))]  # "Fraser's PIN", "The Crew's Names"
    return []


def _image(element):
    """Whether a key element's name is an image on its own ("The Pressed Orchid", "The Receipt
    Dated Tomorrow", "The Ledger of Wages"), not only a kind of thing ("The Star Atlas")."""
    parsed = parse_phrase(element)
    plain_mods = [m for m in parsed.modifiers if not (_word(m) in lexicon().adjectives or _word(m).endswith("ed"))]
    return bool(parsed.rest or parsed.prep or len(plain_mods) < len(parsed.modifiers))


def candidates(plan, turn=0):
    """Every title the plan can have, strongest first, none plain or a formula: (title, strong);
    a key element by its kind alone ("The Star Atlas") or a place is a title only when nothing
    else is."""
    r = rules()
    villain = next((p for p in plan.cast if p.role == "antagonist"), None)
    places = [p for p in plan.places if not p.outdoors]
    climax = next((b for b in plan.beats if b.kind == "climax"), None)
    where = next((p for p in places if climax and p.id == climax.place), places[0] if places else None)
    out = []
    if villain and villain.name and villain.name != "something unseen":
        parsed = parse_phrase(villain.name)
        for full, mark in marks(parsed):
            out.append((title_case(full), True))
            if len(re.sub(r"(?i)^the\s+", "", mark).split()) >= 2:  # "The Farthest Tub", "Channel 16"; not "The Water"
                out.append((title_case(mark), True))
        out += [(title_case(h), True) for h in epithet_handles(villain.name)]
        out += [(t, True) for t in said_of(villain.name)]
        handle = villain.handle or ""
        if len(_bare(handle).split()) >= 2 and handle.lower().startswith("the "):
            out.append((title_case(handle), True))
    kept = [e for e in plan.elements[:2] if 1 <= len(_bare(e.name).split()) <= 3]
    for element in kept:
        fit = [frame for frame, jobs in r["questions"] if element.job in jobs]
        if fit:  # a frame that fits what the element does, a different one from story to story
            frame = fit[zlib.crc32(f"{turn}|{element.name}".encode()) % len(fit)]
            out.append((frame.replace("{e}", title_case(_bare(element.name))), True))
    elements = [e.name for e in kept]
    out += [(f"The {title_case(_bare(e))}", _image(e)) for e in elements]
    if len(plan.elements) >= 2 and all(len(_bare(e.name).split()) <= 2 for e in plan.elements[:2]):
        out.append((f"The {title_case(_bare(plan.elements[0].name, 2))} and the "
                    f"{title_case(_bare(plan.elements[1].name, 2))}", True))
    out += [(title_case(s), True) for s in sounds_of(plan)]
    if where:
        out.append((title_case(where.name), False))
    seen, kept = set(), []
    for t, strong in out:
        if t and t not in seen and len(t.split()) <= MOST and not plain(t) and not _FORMULA.fullmatch(t) \
                and "{" not in t:
            seen.add(t)
            kept.append((t, strong))
    return kept


def in_turn(plan, turn):
    """The plan's titles in the order this story tries them: the shape whose turn it is, or the
    first of its stand-ins the plan has; the plain ones last."""
    r = rules()
    found = candidates(plan, turn)
    strong = [t for t, ok in found if ok]
    mine = r["turns"][turn % len(r["turns"])]
    order = []
    later = [] if mine == "what" else ["what"]  # a question in its own turn, else only when nothing else is strong
    for shape in [mine, *r["instead"][mine], *r["turns"]]:
        if shape not in later:
            order += [t for t in strong if pattern(t) == shape and t not in order]
    return order + [t for t in strong if t not in order] + [t for t, ok in found if not ok]


def plan_title(plan, rng, turn=None):
    """The title whose turn it is (``turn``: the story's seed; the next shape for the next story)."""
    if turn is None:
        turn = getattr(plan, "title_turn", None)
    if not isinstance(turn, int):
        turn = rng.randrange(len(rules()["turns"]))
    plan.title_turn = turn
    order = in_turn(plan, turn)
    return order[0] if order else title_case(_bare(plan.setting))


#: the shape a reader saw through: "The Last Day at Ohio", "Snow in Svalbard"
_FORMULA = re.compile(r"(The |What )?[\w'-]+( [\w'-]+)? (at|in) (the )?[A-Z][\w'-]+")


def sounds_of(plan):
    """The sounds of the plan's places a title may be: a few words with a preposition, no article
    ("Sandals on Stone", "Water Against the Hull"; not "Water Dripping")."""
    preps = lexicon().kept_prepositions | lexicon().other_prepositions
    return [s for p in plan.places for s in p.sounds if 3 <= len(s.split()) <= 4 and not s.lower().startswith("the ")
            and any(w.lower() in preps for w in s.split()[1:])]


def _said(title, low, plan):
    """Whether the story comes to what the title names (a question's own words aside: "What the
    Ledger Said" needs the ledger, not the word "said")."""
    words = [w for w in re.findall(r"[a-z0-9']+", title.lower()) if w not in SMALL]
    if pattern(title) == "what":
        words = [w for w in words if w not in rules()["frame_words"]]
    if title.lower() in {s.lower() for s in sounds_of(plan)}:
        return title.lower() in low  # a sound is heard whole, or not at all
    return all(re.search(r"\b" + re.escape(w.rstrip("s").rstrip("'")), low) for w in words)


def heard(plan, content, rng):
    """The title, or the next in turn when it names something the story never came to ("A Door
    Booming Shut" over a short story without it). A title the plan did not make stays."""
    title = plan.title or ""
    low = content.lower()
    turn = getattr(plan, "title_turn", None)
    if not isinstance(turn, int):
        turn = rng.randrange(len(rules()["turns"]))
    order = in_turn(plan, turn)
    if title not in order or _said(title, low, plan):
        return title
    return next((t for t in order if _said(t, low, plan)), title)
