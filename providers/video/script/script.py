"""The narration script: a retelling of the story in its own words, one line per scene, sized to
fill the film.

Extractive and whole-sentence: the story's sentences are placed on its arc (``arc``: opening,
turn, escalation, twist, ending; from the plan's beats when there is a plan), and the retelling
CHOOSES sentences, never trims one. Each part's key sentence is kept first, in the order of
``arc.PRIORITY`` (the twist, the ending, the opening, ...), then sentences are added where the
retelling is thinnest until the time is spent. Time is the voice's measured speaking rate
(``narration.seconds_for``), so the voice runs to near the end card. The chosen sentences, in
story order, are grouped into lines (one per scene: ``scene_count``); a line never joins two
beats or paragraphs while there are fewer lines than scenes.
"""
import functools
import re

from core.story_forms import is_heading
from providers.video.audio import narration
from providers.video.script import arc

#: SPEC pacing labels (and plain words) -> one of four paces
PACES = {"slow burn": "slow", "slow": "slow", "moderate": "medium", "medium": "medium",
         "fast-paced": "fast", "fast paced": "fast", "fast": "fast", "intense": "intense"}
#: scenes a minute: at least 4 in any 30 s, more for faster pacing
SCENES_PER_MINUTE = {"slow": 8, "medium": 9, "fast": 11, "intense": 13}
MAX_LINES = 40  # the editor's limit on a script
#: seconds of every video that are not speech: the lead-in and the tail of the narration
OVERHEAD = narration.LEAD_IN + narration.TAIL
LINE_GAP, SENTENCE_GAP = narration.PARAGRAPH_GAP, narration.SENTENCE_GAP
#: how far over the time the kept parts may run (the narration speeds up to MAX_SPEEDUP)
STRETCH = 1.12
#: time kept back for the estimate's error (a take that runs over is spoken again, faster)
HEADROOM = 0.03
SENTENCE = re.compile(narration.SENTENCE_BREAK + r"(?=[\"'“‘(]*[A-Z0-9])")
#: a sentence that points back at what the one before it named ("They were nearer the bench",
#: "A sound came from inside them"): told without that sentence, a viewer has nothing to refer to
LEANS_BACK = re.compile(r"^[\"“‘']?(?:they|their|its)\b|\b(?:them|these|those)\b", re.I)
WORD = re.compile(r"[A-Za-z0-9'’-]+")
content_words = arc.content_words


def words_per_second(voice, speed):
    """The voice's measured pace (words per second) at ``speed``."""
    return narration.words_per_second(voice, speed)


def pace(pacing):
    """"slow", "medium", "fast" or "intense" for a SPEC pacing label (medium when unknown)."""
    return PACES.get(" ".join(str(pacing or "").lower().split()), "medium")


def scene_count(duration, pacing=""):
    per_minute = SCENES_PER_MINUTE[pace(pacing)]
    return min(MAX_LINES, max(2, int(float(duration) * per_minute / 60 + 0.5)))


def sentences(paragraph):
    text = " ".join(str(paragraph or "").split())
    return [s.strip() for s in SENTENCE.split(text) if s.strip()]


def count(text):
    return len(WORD.findall(text))


def paragraph_of(line, paragraphs):
    """The paragraph a script line was taken from (the one sharing most of its words), or ""
    when none shares at least half of them (a line the user wrote). A line that runs on into the
    next paragraph was taken from the one it starts in: its first sentence decides."""
    first = content_words((sentences(line) or [line])[0])
    own = first if len(first) >= 3 else content_words(line)
    shared, best = max(((len(own & _paragraph_words(p)), p) for p in paragraphs or [""]),
                       key=lambda pair: pair[0])
    return best if own and shared * 2 >= len(own) else ""


@functools.lru_cache(maxsize=256)
def _paragraph_words(paragraph):
    """``content_words`` of a paragraph, counted once for all the script's lines."""
    return frozenset(content_words(paragraph))


def _key(units, room, cost):
    """The sentence that stands for a part: the first of the opening, the last of the ending,
    the one that says the twist, else the weightiest; one that fits ``room`` when one does."""
    part = units[0].part
    if part == "opening":
        order = units
    elif part == "ending":
        order = units[::-1]
    elif part == "twist":
        order = sorted(units, key=lambda u: (-u.twist, -u.weight, u.index))
    else:
        order = sorted(units, key=lambda u: (-u.weight, u.index))
    fitting = [u for u in order if cost(u) <= room and count(u.text) >= 3]
    if part != "twist":  # a part's key sentence stands alone: not one that points back
        fitting = [u for u in fitting if not leans_back(u)] or fitting
    return (fitting or order)[0]


def leans_back(unit):
    """Whether a sentence points back at something only the sentence before it names."""
    return bool(LEANS_BACK.search(unit.text))


def choose(units, seconds, cost):
    """The sentences (units) told in ``seconds``: each part's key sentence (see the module
    docstring), then the rest by where the retelling is thinnest, while they fit."""
    groups = {}
    for unit in units:
        groups.setdefault(unit.group, []).append(unit)
    ordered = sorted(groups.values(), key=lambda g: (arc.PRIORITY[g[0].part], _spread_rank(g, groups)))
    chosen, used = set(), 0.0
    for group in ordered:
        essential = group[0].part in ("twist", "ending", "opening")
        key = _key(group, seconds - used, cost)
        limit = seconds * (STRETCH if essential else 1.0)
        if used + cost(key) <= limit or not chosen:
            chosen.add(key.index)
            used += cost(key)
    share = {g: sum(cost(u) for u in members) for g, members in groups.items()}
    total = sum(share.values()) or 1.0
    while True:
        told = {g: sum(cost(u) for u in members if u.index in chosen) for g, members in groups.items()}
        fits = [u for u in units if u.index not in chosen and used + cost(u) <= seconds]
        if not fits:
            break
        best = max(fits, key=lambda u: (_fill_score(u, share[u.group] / total,
                                                    told[u.group] / max(used, 1e-6), chosen),
                                        -u.index))
        chosen.add(best.index)
        used += cost(best)
    return [u for u in units if u.index in chosen]


def _fill_score(unit, share, told, chosen):
    """Where a sentence is most wanted: its stretch is told least for its length, it follows or
    leads into a chosen sentence (the retelling flows), and it says more."""
    flows = (unit.index - 1 in chosen) + (unit.index + 1 in chosen)
    dangling = leans_back(unit) and unit.index - 1 not in chosen  # its "them" would be no one's
    return 3 * (share - told) + flows + 0.5 * unit.weight - 2 * dangling


def _spread_rank(group, groups):
    """Among groups of the same part, the one nearest the middle of its part first."""
    same = sorted(g for g, members in groups.items() if members[0].part == group[0].part)
    where = same.index(group[0].group)
    return abs(where - (len(same) - 1) / 2)


def group_lines(units, n, cost):
    """Chosen units (story order) as ``n`` lines or fewer: a line per run of one group, then the
    shortest neighbours merged (over ``n``) or the longest lines split at a sentence (under)."""
    runs = []
    for unit in units:
        if runs and runs[-1][-1].group == unit.group:
            runs[-1].append(unit)
        else:
            runs.append([unit])

    def size(run):
        return sum(cost(u) for u in run)

    while len(runs) > n:
        k = min(range(len(runs) - 1), key=lambda i: size(runs[i]) + size(runs[i + 1]))
        runs[k:k + 2] = [runs[k] + runs[k + 1]]
    while len(runs) < n:
        splittable = [i for i, run in enumerate(runs) if len(run) > 1]
        if not splittable:
            break
        k = max(splittable, key=lambda i: size(runs[i]))
        run = runs[k]
        cut = min(range(1, len(run)), key=lambda j: abs(size(run[:j]) - size(run[j:])))
        runs[k:k + 1] = [run[:cut], run[cut:]]
    lines = [" ".join(u.text for u in run) for run in runs]
    while len(lines) < n:  # too few sentences for the scenes: a long one goes over two
        parts = {k: split_at_clause(line) for k, line in enumerate(lines)}
        parts = {k: p for k, p in parts.items() if p}
        if not parts:
            break
        k = max(parts, key=lambda i: count(lines[i]))
        lines[k:k + 1] = list(parts[k])
    return lines


#: where a sentence may go over two scenes, best first: before a clause's "and"/"but", else at a
#: semicolon, colon or dash (not at any comma: "a thin lullaby drifting down the stairs." alone
#: on a scene reads as a fragment)
CLAUSE_BREAKS = (re.compile(r",\s+(?=(?:and|but|yet|so|until|while|when|because|though)\b)"),
                 re.compile(r"[;:—]\s+"))


def split_at_clause(line, least=5):
    """``line`` as two lines at the clause break nearest its middle, each of ``least`` words or
    more (the sentence is whole across them: a scene change at a pause, not a cut); None when it
    has no such break."""
    words = count(line)
    for breaks in CLAUSE_BREAKS:
        cuts = [m for m in breaks.finditer(line)
                if count(line[:m.start()]) >= least and count(line[m.end():]) >= least]
        if cuts:
            cut = min(cuts, key=lambda m: abs(count(line[:m.start()]) - words / 2))
            return line[:cut.start() + 1].rstrip(), line[cut.end():]
    return None


def write_script(paragraphs, duration, voice="Deep Male", speed=1.0, pacing="", plot_twist="",
                 focus_words="", given=None, plan=None):
    """The lines to narrate in ``duration`` seconds. ``given`` (the creator's edited script) wins
    when it has lines; ``plan`` (the story's plan, JSON) places the sentences on its beats."""
    lines = [" ".join(str(x).split()) for x in (given or []) if str(x or "").strip()]
    if lines:
        return lines
    # a form's headings ("Tape 2, side B.", "14 March, 22:47.") frame the story; they are not told
    paragraphs = [p for p in paragraphs or [] if not is_heading(p)]
    units = arc.from_plan(plan, paragraphs, sentences, plot_twist, focus_words) if plan else None
    if not units:
        units = arc.from_text(paragraphs, sentences, plot_twist, focus_words)
    if not units:
        return []
    def cost(unit):
        return narration.seconds_for(unit.text, voice, speed) + SENTENCE_GAP

    n = scene_count(duration, pacing)
    # the pauses between lines that are not between sentences, the lead-in and the tail
    seconds = float(duration) - OVERHEAD - (LINE_GAP - SENTENCE_GAP) * (n - 1) + SENTENCE_GAP
    chosen = choose(units, max(3.0, seconds - min(HEADROOM * seconds, 2.0)), cost)
    return group_lines(chosen, n, cost)
