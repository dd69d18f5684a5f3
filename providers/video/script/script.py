"""The narration script: a short retelling of the story in its own words, one line per scene.

Extractive: the story is cut into as many stretches as there are scenes (opening image, the turn,
the escalation, the twist, the ending) and each line is the best sentence of its stretch, trimmed
at a clause boundary to fit the words the voice can say in the scene. The first line opens the
story, the last line comes from its final paragraph and, when the story has a plot twist, the
twist's words are in the script.
"""
import functools
import re

from providers.video.audio import narration

#: SPEC pacing labels (and plain words) -> one of four paces
PACES = {"slow burn": "slow", "slow": "slow", "moderate": "medium", "medium": "medium",
         "fast-paced": "fast", "fast paced": "fast", "fast": "fast", "intense": "intense"}
SCENES_PER_MINUTE = {"slow": 4, "medium": 6, "fast": 8, "intense": 10}
#: seconds of every video that are not narration: lead-in, pauses between lines, end card
OVERHEAD = 1.5
PAUSE = 0.6
FILL = 0.88  # share of the time left that the words may take (speech rates vary per line)
SENTENCE = re.compile(narration.SENTENCE_BREAK + r"(?=[\"'“‘(]*[A-Z0-9])")
CLAUSE = re.compile(r"(?<=[,;:—–])\s+|\s+(?=(?:and|but|until|while|when|as|then)\s)")
WORD = re.compile(r"[A-Za-z0-9'’-]+")
STOP = set("a an the of in on at to and or but with by from into was were is are be been had has "
           "have it its as that this he she they his her their them him i you we my our for not "
           "no so then there what which who would could should did do does just all one".split())
STRONG = set("suddenly scream screamed blood dead death dark shadow behind whisper whispered "
             "door knocked knock eyes face cold never gone missing found inside alone silence "
             "body buried voice breathing real truth already nobody empty".split())


def words_per_second(voice, speed):
    rate = getattr(narration, "words_per_second", None)
    if rate is not None:
        try:
            return float(rate(voice, speed))
        except Exception:  # a voice the narration module does not know: fall back
            pass
    return 2.5 * float(speed or 1.0)


def pace(pacing):
    """"slow", "medium", "fast" or "intense" for a SPEC pacing label (medium when unknown)."""
    return PACES.get(" ".join(str(pacing or "").lower().split()), "medium")


def scene_count(duration, pacing=""):
    per_minute = SCENES_PER_MINUTE[pace(pacing)]
    return max(2, int(round(float(duration) * per_minute / 60)))


def sentences(paragraph):
    text = " ".join(str(paragraph or "").split())
    return [s.strip() for s in SENTENCE.split(text) if s.strip()]


def count(text):
    return len(WORD.findall(text))


def content_words(text):
    return {w.lower().strip("'’") for w in WORD.findall(text)} - STOP


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


def trim(sentence, budget):
    """``sentence`` cut at a clause boundary to at most ``budget`` words (whole when it fits)."""
    if count(sentence) <= budget:
        return sentence
    pieces = CLAUSE.split(sentence)
    kept = ""
    for piece in pieces:
        candidate = f"{kept} {piece}".strip() if kept else piece
        if count(candidate) > budget:
            break
        kept = candidate
    if count(kept) < budget * 0.6 and count(sentence) <= budget * 1.5:
        return sentence  # a little long, but whole rather than a fragment
    if not kept:  # one long clause: keep its first words
        kept = " ".join(sentence.split()[:max(3, budget)])
    kept = kept.rstrip(",;:—– ")
    return kept if kept[-1:] in ".!?…\"”" else kept + "."


def tail(sentence, budget):
    """The end of ``sentence`` (its last clauses) in at most ``budget`` words."""
    if count(sentence) <= budget:
        return sentence
    pieces = CLAUSE.split(sentence)
    kept = ""
    for piece in reversed(pieces):
        candidate = f"{piece} {kept}".strip() if kept else piece
        if count(candidate) > budget:
            break
        kept = candidate
    if not kept:
        kept = " ".join(sentence.split()[-max(3, budget):])
    kept = re.sub(r"^(?:and|but|then|so|or)\s+", "", kept, flags=re.I)
    return kept[:1].upper() + kept[1:]


def _score(sentence, focus, budget=18):
    ws = content_words(sentence)
    n = count(sentence)
    if n < 4:
        return -1.0
    fits = 1.0 if n <= budget else -min(2.0, (n - budget) / budget * 2)  # whole, not trimmed
    return len(ws & focus) * 2 + len(ws & STRONG) + min(n, budget) / budget + fits


def _told(flat, picks, budget, total, last_para):
    """The lines of ``picks`` (indexes into ``flat``): each picked sentence (trimmed to
    ``budget``), and while the voice has time left (``total`` words, the ending's share kept
    back), the sentences that follow it (not into the last paragraph, the ending's), up to twice
    ``budget``; the video is narrated to its end instead of falling silent after short lines."""
    lines = {k: trim(flat[k][1], budget) for k in picks}
    last = {k: k for k in picks}
    taken = set(picks)
    room = total - budget - sum(count(line) for line in lines.values())
    grew = True
    while grew and room > 0:
        grew = False
        for k in picks:
            nxt = last[k] + 1
            if nxt >= len(flat) or nxt in taken or flat[nxt][0] == last_para:
                continue
            words = count(flat[nxt][1])
            if words > room or count(lines[k]) + words > budget * 2:
                continue
            lines[k] = f"{lines[k]} {flat[nxt][1]}"
            last[k] = nxt
            taken.add(nxt)
            room -= words
            grew = True
    return [lines[k] for k in picks]


def write_script(paragraphs, duration, voice="Deep Male", speed=1.0, pacing="", plot_twist="",
                 focus_words="", given=None):
    """The lines to narrate. ``given`` (the creator's edited script) wins when it has lines."""
    lines = [" ".join(str(x).split()) for x in (given or []) if str(x or "").strip()]
    if lines:
        return lines
    paras = [sentences(p) for p in paragraphs if str(p or "").strip()]
    paras = [p for p in paras if p]
    if not paras:
        return []
    flat = [(i, s) for i, p in enumerate(paras) for s in p]
    n = min(scene_count(duration, pacing), len(flat))
    wps = words_per_second(voice, speed)
    speakable = max(3.0, float(duration) - OVERHEAD - PAUSE * n)
    total = int(speakable * wps * FILL)
    if sum(count(s) for _, s in flat) <= total:  # the whole story fits: tell it all
        return [" ".join(p) for p in paras]
    while n > 2 and total / n < 7:  # fewer, longer lines rather than fragments
        n -= 1
    budget = max(5, total // n)
    focus = content_words(focus_words) | content_words(plot_twist)

    # stretches of the story: the first line opens it, the last one ends it
    last_para = len(paras) - 1
    body = [k for k, (i, _) in enumerate(flat) if i < last_para] or list(range(len(flat) - 1))
    picks = [0]
    middle = n - 2
    if middle > 0 and len(body) > 1:
        bounds = [1 + round(j * (len(body) - 1) / middle) for j in range(middle + 1)]
        for j in range(middle):
            lo, hi = bounds[j], max(bounds[j] + 1, bounds[j + 1])
            window = [k for k in body if lo <= k < hi] or [min(lo, len(flat) - 2)]
            chosen = {flat[k][1] for k in picks}
            window = [k for k in window if flat[k][1] not in chosen] or window
            best = max(window, key=lambda k: (_score(flat[k][1], focus, budget), -k))
            if flat[best][1] not in chosen:
                picks.append(best)
    picked = sorted(set(picks))
    lines = _told(flat, picked, budget, total, last_para)

    # the ending: the final paragraph's last sentence (with the one before when there is room)
    ending_sentences = paras[-1]
    ending = tail(ending_sentences[-1], budget + 4)
    if len(ending_sentences) > 1 and count(ending) + count(ending_sentences[-2]) <= budget:
        ending = f"{ending_sentences[-2]} {ending}"

    # the twist: its words are in the script (the story's sentence that says it, or the twist)
    twist_words = content_words(plot_twist)
    if twist_words and not any(twist_words <= content_words(x) for x in lines + [ending]):
        best = max(range(len(flat)), key=lambda k: len(content_words(flat[k][1]) & twist_words))
        covered = len(content_words(flat[best][1]) & twist_words) / len(twist_words)
        line = " ".join(str(plot_twist).split())
        if covered >= 0.6:
            line = trim(flat[best][1], budget + 4)
            if not twist_words & content_words(flat[best][1]) <= content_words(line):
                line = flat[best][1]  # trimming would cut the twist's words: keep it whole
        if line[-1:] not in ".!?…":
            line += "."
        if best in picked:  # its sentence is already a line, cut short of the twist: say it whole
            lines[picked.index(best)] = line
        elif line not in lines:
            if len(lines) + 1 >= n and len(lines) > 1:
                lines[-1] = line  # the twist takes the place of the last escalation
            else:
                lines.append(line)
    lines.append(ending)
    return lines
