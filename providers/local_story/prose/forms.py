"""The custom prompt's format, obeyed: a logbook of timed entries, a diary, letters to the one the
prompt names, a radio transcript with speaker tags, dated notes, numbered recordings, a report's
headings, chapters; plain prose otherwise. A prompt that asks for dates gets real dates (or days
counted, "Day 4."), running forward from a month that fits the weather."""
import datetime as dt
import json
import re
from pathlib import Path

from core.story_forms import FORMS

DATA = Path(__file__).resolve().parents[1] / "data"
TRANSCRIPT = json.loads((DATA / "transcript.json").read_text())
#: the first entry's hour by the time of day ("midnight" before "night", which it contains)
HOURS = {"dawn": 5, "morning": 8, "afternoon": 15, "noon": 12, "dusk": 18, "evening": 19, "midnight": 0,
         "night": 22}
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV"]


def _minutes(start, step):
    """Minutes from the first day's midnight to entry ``step``: the entries 47 minutes apart."""
    return start * 60 + step * 47


def _clock(start, step):
    minutes = _minutes(start, step) % (24 * 60)
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
        dated = _dating(plan)
        dates = _calendar(plan, len(sections), start, rng) if dated else []
        for i, paras in enumerate(sections):
            when = {"date": _date_text(dates, i, dated)} if dated else {}
            out.append(_heading(FORMS["logbook"]["dated" if dated else "head"], book=book, n=i + 1,
                                clock=_clock(start, i), **when))
            out.extend(paras)
    elif fmt == "diary":
        out.extend(diary(sections, plan, start, rng))
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
    elif fmt in ("notes", "recording", "report"):
        out.extend(headed(fmt, sections, plan, hero, start, rng))
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


def diary(sections, plan, start, rng):
    """The story as a diary: a heading every other section (a weekday, or a date when the prompt
    asks for dates, and then also whenever the date moves on), with the hour."""
    dated = _dating(plan)
    if not dated:
        day = rng.randrange(7)
        weekdays = FORMS["weekdays"]
        heads = {i: _heading(FORMS["diary"]["head"], weekday=weekdays[(day + i // 2) % 7], clock=_clock(start, i))
                 for i in range(0, len(sections), 2)}
    else:
        dates = _calendar(plan, len(sections), start, rng)
        heads = {i: _heading(FORMS["diary"]["dated"], date=_date_text(dates, i, dated), clock=_clock(start, i))
                 for i in range(len(sections)) if i % 2 == 0 or dates[i] != dates[i - 1]}
    out = []
    for i, paras in enumerate(sections):
        out.extend([heads[i]] if i in heads else [])
        out.extend(paras)
    return out


def headed(fmt, sections, plan, hero, start, rng):
    """The story as notes, recordings or a report: each section under a heading of the kind the
    framing names (a tape's side, a voicemail's time, a statement), the report's heading on top."""
    kind = _kind(fmt, plan)
    dated = _dating(plan)
    own = _told_by_hero(sections, hero)
    template = _template(kind, dated and "dated" in kind, own)
    needs_dates = dated or "{date}" in template or "title" in kind
    dates = _calendar(plan, len(sections), start, rng) if needs_dates else []
    title = kind.get("own_title", kind.get("title")) if own else kind.get("title")
    out = [_title(title, plan, hero, dates, rng)] if title else []
    for i, paras in enumerate(sections):
        again = dates and i and dates[i] == dates[i - 1] and "later" in kind
        fields = {"n": i + 1, "nn": f"{i + 1:02d}", "clock": _clock(start, i), "seconds": f"{rng.randrange(60):02d}",
                  "tape": i // 2 + 1, "side": "AB"[i % 2], "hero": hero.name,
                  "date": _date_text(dates, i, dated) if dates else ""}
        out.append(_heading(kind["later"] if again else template, **fields))
        out.extend(paras)
    return out


def _template(kind, dated, own):
    """A kind's heading template: dated or not, and the narrator's own when the narrator is the
    one the report is about and the kind has one."""
    if own and ("own_dated" if dated else "own") in kind:
        return kind["own_dated" if dated else "own"]
    return kind["dated" if dated else "head"]


def _heading(template, **fields):
    """A heading from its template, its first letter a capital ("day 4." -> "Day 4.")."""
    text = template.format(**fields)
    return text[:1].upper() + text[1:]


def _kind(fmt, plan):
    """The kind of notes, recording or report the framing (or a note of the prompt) names: the
    first in ``core/data/story_forms.json`` whose cue it matches (the last has none and matches anything)."""
    text = f"{plan.instructions.framing} {_asks(plan)}"
    return next(k for k in FORMS[fmt] if re.search(k["cue"], text, re.I))


def _asks(plan):
    """What else the prompt asks ("dated entries", "clip by clip"), not its premise (the reading
    puts that in the notes too): a story about a date with a ghost does not make a dated diary."""
    return re.sub(r"The story's premise: [^.]*\.", " ", plan.instructions.notes or "")


def _dating(plan):
    """"days" when the prompt counts days ("day by day"), "dates" when it asks for dates
    ("with dates", "dated entries"), else ""."""
    text = f"{plan.instructions.framing} {_asks(plan)}"
    return next((mode for mode, cues in FORMS["dating"].items() if any(re.search(c, text, re.I) for c in cues)), "")


def _year(plan):
    """The year the setting names ("a county morgue in rural Georgia, 1952"), else None."""
    found = re.search(r"\b(1[5-9]\d\d|20\d\d)\b", f"{plan.setting} {plan.premise}")
    return int(found.group(1)) if found else None


def _calendar(plan, count, start, rng):
    """Each section's date: the first in a month that fits the weather ("Snowy": winter), each
    beat moving the calendar on by the days its kind takes (an arrival the same day, the
    investigation a few days on, the climax the same night, the aftermath the next day), and
    an entry whose hour has passed midnight on the next day (23:34 is never followed by 00:21
    of the same date)."""
    weather = (plan.weather or "").lower().split()
    months = FORMS["months"].get(weather[0] if weather else "", list(range(1, 13)))
    day = dt.date(_year(plan) or 2001, rng.choice(months), rng.randint(1, 28))
    dates = []
    for i in range(count):
        kind = plan.beats[i].kind if i < len(plan.beats) else "scene"
        day += dt.timedelta(days=rng.choice(FORMS["steps"].get(kind, [0, 1])) if i else 0)
        dates.append(day + dt.timedelta(days=_minutes(start, i) // (24 * 60)))
    return dates


def _date_text(dates, i, dating):
    """Section ``i``'s date as a heading says it: "14 March", or "day 4" when the prompt counts days."""
    if dating == "days":
        return FORMS["day"].format(number=(dates[i] - dates[0]).days + 1)
    return FORMS["date"].format(day=dates[i].day, month=FORMS["month_names"][dates[i].month - 1])


def _title(template, plan, hero, dates, rng):
    """A report's heading: its kind and a case number, then its date (with the year the setting
    names, when it names one)."""
    year = _year(plan)
    case = FORMS["case"][1 if year else 0].format(number=rng.randrange(100, 9999), year=year)
    date = _date_text(dates, 0, "dates")
    date = FORMS["year"].format(date=date, year=year) if year else date
    return f'{_heading(template, case=case, hero=hero.name)} {FORMS["report_date"].format(date=date)}'


def _told_by_hero(sections, hero):
    """Whether the narrator is the hero ("I" outnumbers the hero's name): a statement is then
    theirs."""
    text = " ".join(p for paras in sections for p in paras)
    names = {w for w in (hero.handle or hero.name).split() + hero.name.split() if w[:1].isupper()}
    named = sum(len(re.findall(rf"\b{re.escape(n)}\b", text)) for n in names)
    return len(re.findall(r"\bI\b", text)) > named
