"""The custom prompt's format, obeyed: a logbook of timed entries, a diary, letters to the one the
prompt names, a radio transcript with speaker tags, chapters; plain prose otherwise."""
import re

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
        name = (hero.handle or hero.name).split()[-1].upper()
        for i, paras in enumerate(sections):
            out.append(f"[{plan.instructions.framing or 'Channel 40'}, {_clock(start, i)}]")
            for para in paras:
                out.append(para if re.match(r"^[A-Z][A-Z .'-]+:", para) else f"{name}: {para}")
    elif getattr(plan.instructions, "chapters", False) or "chapter" in (plan.instructions.notes or ""):
        for i, paras in enumerate(sections):
            out.append(f"{ROMAN[i % len(ROMAN)]}.")
            out.extend(paras)
    else:
        for paras in sections:
            out.extend(paras)
    return "\n\n".join(p for p in out if p.strip())
