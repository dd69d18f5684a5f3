"""The forms a story's text can take (a logbook, a diary, field notes, tapes, a report), shared by
the writer that lays a story out in one and by the narration that must not read its headings
aloud: the headings' templates are ``data/story_forms.json``."""
import json
import re
from functools import lru_cache
from pathlib import Path

FORMS = json.loads((Path(__file__).resolve().parent / "data" / "story_forms.json").read_text(encoding="utf-8"))


def is_heading(paragraph):
    """Whether a paragraph is one of the headings this module writes ("Tape 2, side B.",
    "14 March, 22:47.", "[Radio log, 05:47]"), not a line of the story: a narration skips it."""
    return bool(heading_pattern().fullmatch(" ".join(str(paragraph or "").split())))


@lru_cache(maxsize=1)
def heading_pattern():
    """Every heading template of ``story_forms.json`` as one pattern, each field as its own pattern."""
    fields = dict(FORMS["heading_fields"], day=r"\d{1,2}", month="(?:%s)" % "|".join(FORMS["month_names"]),
                  weekday="(?:%s)" % "|".join(FORMS["weekdays"]))
    fields["date"] = "(?:%s(?: %s)?|%s)" % (as_pattern(FORMS["date"], fields), fields["year"],
                                             as_pattern(FORMS["day"], fields))
    templates = [FORMS[form][key] for form in ("logbook", "diary") for key in FORMS[form]]
    templates += [kind[key] for form in ("notes", "recording", "report") for kind in FORMS[form]
                  for key in ("head", "dated", "later", "own", "own_dated") if key in kind]
    templates += [f'{kind[key]} {FORMS["report_date"]}' for kind in FORMS["report"]
                  for key in ("title", "own_title") if key in kind]
    alternatives = [as_pattern(t, fields) for t in templates] + FORMS["other_headings"]
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.I)


def as_pattern(template, fields):
    """A heading template as a pattern: its words as they are, each {field} as ``fields`` says."""
    parts = re.split(r"\{(\w+)\}", template)
    return "".join(fields[part] if k % 2 else re.escape(part) for k, part in enumerate(parts))
