"""The custom prompt's format, obeyed: a logbook of timed entries, a diary, letters to the one the
prompt names, a radio transcript with speaker tags, chapters; plain prose otherwise."""
import json
import re
from pathlib import Path

TRANSCRIPT = json.loads((Path(__file__).resolve().parents[1] / "data" / "transcript.json").read_text())
HOURS = {"dawn": 5, "morning": 8, "noon": 12, "afternoon": 15, "dusk": 18, "evening": 19, "night": 22,
         "midnight": 0}
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV"]


def _clock(start, step):
    minutes = (start * 60 + step * 47) % (24 * 60)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _start(time_of_day):
    low = (time_of_day or "").lower()
    return next((h for k, h in HOURS.items() if k in low), 21)


#: words that cannot name whose log it is ("radio check-ins and log entries": not "And log")
NOT_OWNERS = {"and", "or", "a", "an", "the", "of", "in", "as", "with", "into", "from", "each", "every",
              "daily", "her", "his", "their", "my", "its"}


def _book(framing):
    """The logbook's name from the framing ("the ship's medical log" -> "Medical log")."""
    log = re.search(r"(?i)(\w[\w']*\s+)?(log(?:book)?)\b", framing or "")
    if not log:
        return "Log"
    owner = (log.group(1) or "").strip()
    if not owner or owner.lower() in NOT_OWNERS:
        return log.group(2).capitalize()
    return f"{owner[:1].upper()}{owner[1:]} {log.group(2).lower()}"


def shape(fmt, notes, sections, plan, rng):
    """The story's text from its sections (one a beat: a list of paragraphs) in ``fmt``."""
    hero = next(p for p in plan.cast if p.role == "protagonist")
    start = _start(plan.time_of_day)
    out = []
    if fmt == "logbook":
        book = _book(plan.instructions.framing)
        for i, paras in enumerate(sections):
            out.append(f"{book}, entry {i + 1}. {_clock(start, i)}.")
            out.extend(paras)
    elif fmt == "diary":
        day = rng.randrange(7)
        for i, paras in enumerate(sections):
            if i % 2 == 0:
                out.append(f"{DAYS[(day + i // 2) % 7]}, {_clock(start, i)}.")
            out.extend(paras)
    elif fmt == "letters":
        to = re.search(r"(?i)\bto\s+(?:her|his|their|my|a|an|the)?\s*([\w' ]+?)(?:\s+(?:in|at|from|back)\b|[.,;]|$)",
                       plan.instructions.framing or "")
        to = to.group(1) if to else "friend"
        per = max(2, (len(sections) + 2) // 3)
        for i in range(0, len(sections), per):
            out.append(f"Dear {to},")
            for paras in sections[i:i + per]:
                out.extend(paras)
            out.append(f"Yours, {hero.handle or hero.name.split()[0]}")
    elif fmt == "transcript":
        out.extend(transcript(sections, plan, hero, start, rng))
    elif getattr(plan.instructions, "chapters", False) or "chapter" in (plan.instructions.notes or ""):
        for i, paras in enumerate(sections):
            out.append(f"{ROMAN[i % len(ROMAN)]}.")
            out.extend(paras)
    else:
        for paras in sections:
            out.extend(paras)
    return "\n\n".join(p for p in out if p.strip())


SAID = r"(?:said|asked|called|whispered|muttered|answered|replied)"


def _label(framing):
    """The transcript heading's label from the framing ("radio transcripts between the boat and
    the shore": "Radio log"; "channel 16": "Channel 16"), never the framing's own words."""
    for pattern, label in TRANSCRIPT["labels"]:
        found = re.search(pattern, framing or "", re.I)
        if found:
            return label.format(*found.groups())
    return TRANSCRIPT["label"]


def _other_end(framing):
    """Who is at the other end ("between the boat and the shore": SHORE), else BASE."""
    found = re.search(r"(?i)\bbetween\s+(?:the\s+|a\s+)?[\w'-]+\s+and\s+(?:the\s+|a\s+)?([\w'-]+)", framing or "")
    return found.group(1).upper() if found else TRANSCRIPT["other_end"]


def _turn(para, speakers):
    """``(SPEAKER, words, after)`` when a paragraph opens with a quoted line and who said it
    ('"Freja? Is that you?" Mads asked.'), ``after`` the narration that follows it; else None:
    the transcript gives the line as that speaker's turn."""
    names = "|".join(re.escape(n) for n in sorted(speakers, key=len, reverse=True))
    found = (re.match(rf'"([^"]+)"\s*(?:{SAID}\s+({names})|({names})\s+{SAID})(?:,[^".]*)?(?:\.|(?=\s|$))'
                      rf'(?:\s+"([^"]+)"(?!\s*(?:{SAID}|{names})\b))?\s*', para) if names else None)
    if not found:
        return None
    first, who, rest = found.group(1), found.group(2) or found.group(3), found.group(4)
    first = re.sub(r",$", ".", first.strip())
    return speakers[who], f"{first} {rest}".strip() if rest else first, para[found.end():].strip()


def transcript(sections, plan, hero, start, rng):
    """The story as a radio transcript: a heading with the channel and the time per section, the
    narrator's turns tagged with their name, a cast member's quoted line as their own turn, and now
    and then a word from the other end."""
    framing = plan.instructions.framing or ""
    name = (hero.handle or hero.name).split()[-1].upper()
    speakers = {p.handle or p.name: (p.handle or p.name).split()[-1].upper()
                for p in plan.cast if (p.handle or p.name)[:1].isupper()}
    speakers.update({"I": name, "I'd": name})
    other, label = _other_end(framing), _label(framing)
    replies = rng.sample(TRANSCRIPT["replies"], len(TRANSCRIPT["replies"]))
    out = []
    for i, paras in enumerate(sections):
        out.append(f"[{label}, {_clock(start, i)}]")
        for para in paras:
            if re.match(r"^[A-Z][A-Z .'-]+:", para):
                out.append(para)
                continue
            turn = _turn(para, speakers)
            while turn:  # a scene of two lines said: each its own turn
                out.append(f"{turn[0]}: {turn[1]}")
                para = turn[2]
                turn = _turn(para, speakers) if para else None
            if para:
                out.append(f"{name}: {para}")
        if i % 2 == 1 and replies and i < len(sections) - 1:
            out.append(f"{other}: {replies.pop().replace('{HANDLE}', name.title())}")
    return out
