"""What a reader would notice in a generated story, as numbers (used by the quality bench and tests).

Only the text and the form are read (a plan, when given, adds the twist's clues), so the same
measures apply to any story provider.
"""
import re
from collections import Counter

SENTENCE_END = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bSt\.)(?<=[.!?])[\"”’]?\s+")
WORD = re.compile(r"[a-z0-9']+")
TERMINAL = re.compile(r"[.!?][\"”’)]?$")
PRONOUN_SETS = {"she": {"she", "her", "herself"}, "he": {"he", "him", "his", "himself"},
                "they": {"they", "them", "their", "themselves"}}


def sentences(text):
    return [s.strip() for s in SENTENCE_END.split(text.replace("\n\n", " ")) if s.strip()]


def words(text):
    return WORD.findall(text.lower())


def repeated_5grams(text):
    """(share of distinct 5-grams that occur more than once, share of positions in such 5-grams)."""
    w = words(text)
    grams = [" ".join(w[i:i + 5]) for i in range(len(w) - 4)]
    if not grams:
        return 0.0, 0.0
    counts = Counter(grams)
    distinct = sum(1 for c in counts.values() if c > 1) / len(counts)
    positions = sum(1 for g in grams if counts[g] > 1) / len(grams)
    return distinct, positions


def repeated_sentences(text):
    counts = Counter(s for s in sentences(text) if len(s.split()) > 2)
    return sum(c - 1 for c in counts.values() if c > 1)


def shared_sentence_rate(texts):
    """Share of sentences (over all stories) that also occur in another story."""
    per_story = [set(s for s in sentences(t) if len(s.split()) > 3) for t in texts]
    seen = Counter(s for story in per_story for s in story)
    total = sum(len(story) for story in per_story)
    return sum(1 for story in per_story for s in story if seen[s] > 1) / max(1, total)


def unterminated_paragraphs(text):
    return sum(1 for p in text.split("\n\n") if p.strip() and not TERMINAL.search(p.strip()))


def _head(element):
    element = re.sub(r"(?i)^(a|an|the|some)\s+", "", element.strip())
    return element.split()[-1].lower() if element.split() else ""


def element_use(text, key_elements):
    """Per key element: (mentions of its head noun, number of quarters of the story it appears in)."""
    paragraphs = [p.lower() for p in text.split("\n\n")]
    out = {}
    n = len(paragraphs)
    for element in [e for e in re.split(r"\s*[,;]\s*|\s+and\s+", key_elements or "") if e.strip()]:
        head = _head(element)
        pattern = re.compile(r"\b%s\b" % re.escape(head))
        hits = [i for i, p in enumerate(paragraphs) if pattern.search(p)]
        out[element.strip()] = (len(pattern.findall(text.lower())), len({4 * i // max(1, n) for i in hits}))
    return out


def twist_position(text, twist):
    """Where the twist's words land (0..1 of the text), or None when it is not there."""
    words_ = [w for w in words(twist) if len(w) > 3][:4]
    low = text.lower()
    if not words_:
        return None
    spots = [m.start() for m in re.finditer(re.escape(" ".join(words(twist)[-3:])), low)]
    if not spots:
        return None
    return spots[0] / max(1, len(low))


def clues_before_twist(text, plan):
    """How many of the plan's clues appear before the twist lands (None without a plan or twist)."""
    if not plan or not plan.get("twist", {}).get("reveal"):
        return None
    reveal = plan["twist"]["reveal"]
    at = text.lower().find(reveal.lower())
    if at < 0:
        return 0
    beats = {b.get("id"): b for b in plan.get("beats", []) if isinstance(b, dict)}
    found = 0
    for clue in plan["twist"]["clues"]:
        if clue in beats:  # the plan's own shape: a clue is a beat id; its line is told in the past
            keys = [w for w in words(beats[clue].get("clue", "")) if len(w) >= 5][:4]
            before = text[:at].lower()
            found += bool(keys) and any(sum(k in s for k in keys) >= min(2, len(keys)) for s in sentences(before))
        else:
            found += 0 <= text.find(clue) < at
    return found


def shared_six_grams(texts, least=3):
    """Six-word sequences standing in ``least`` or more of ``texts`` (the frames a reader of many
    stories meets again)."""
    where = {}
    for i, text in enumerate(texts):
        ws = words(text)
        for j in range(len(ws) - 5):
            where.setdefault(tuple(ws[j:j + 6]), set()).add(i)
    return sum(1 for seen in where.values() if len(seen) >= least)


def pronoun_slips(text, hero, pronoun, others=()):
    """Sentences naming the protagonist that use another third-person pronoun set for no one else."""
    if not hero or pronoun not in PRONOUN_SETS:
        return 0
    # "they/them" often stand for hands or things, so only he/she sets count as a slip
    other_sets = set().union(*(PRONOUN_SETS[p] for p in ("he", "she") if p != pronoun))
    allowed = set().union(*(PRONOUN_SETS[p] for p in others if p in PRONOUN_SETS)) if others else set()
    slips = 0
    for s in sentences(text):
        if hero in s and '"' not in s:
            w = set(words(s))
            if (w & other_sets) - allowed:
                slips += 1
    return slips


PRONOUNS = re.compile(r"\b(?:i|me|my|myself|you|your|yourself|he|him|his|himself|she|her|herself|"
                      r"they|them|their|themselves)\b")


def most_shared_opening(stories):
    """``stories``: (text, names) pairs, names being the form's people, place and things. The
    sentence opening (six words, names and pronouns set aside) that the most stories share:
    (share of the stories, an example sentence). A reader of many stories meets a stock line
    as often as this."""
    seen, example = Counter(), {}
    for text, names in stories:
        for name in sorted((n for n in names if n), key=len, reverse=True):
            text = text.replace(name, "X")
        openings = {}
        for sentence in sentences(text):
            key = " ".join(PRONOUNS.sub("P", sentence.lower()).split()[:6])
            if len(key.split()) == 6:
                openings.setdefault(key, sentence)
        seen.update(openings.keys())
        for key, sentence in openings.items():
            example.setdefault(key, sentence)
    key, count = seen.most_common(1)[0]
    return count / len(stories), example[key]
