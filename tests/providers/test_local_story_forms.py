"""The custom prompt's format as a reader sees it: the headings of a logbook name whose log it is
only when the prompt says so; notes, recordings and reports come out under their own headings,
dates asked for are real dates that run forward, the prompt's words are never pasted in, and the
video's narration does not read the headings aloud."""
import datetime as dt
import re

import pytest

from core.schemas.stories import GenerateSchema
from core.services.story_ai import story_request
from core.story_forms import is_heading
from providers.local_story import LocalStoryProvider
from providers.video.script.script import write_script

LOOKOUT = {"genre": "Supernatural Horror", "mood": "Eerie", "setting": "a fire lookout tower in the Cascades",
           "characters": "June Okafor, a seasonal lookout", "protagonist": "June Okafor",
           "antagonist": "a second smoke column that nobody else can see",
           "keyElements": "the Osborne firefinder", "plotTwist": "", "storyLength": 900,
           "weatherCondition": "Foggy", "timeOfDay": "Dusk", "intensity": 4, "pacing": "Moderate",
           "narrativePerspective": "First Person"}


def headings(prompt):
    body = GenerateSchema().load(dict(LOOKOUT, customPrompt=prompt, seed=3))
    text = LocalStoryProvider().generate(story_request(body)).content
    return re.findall(r"(?m)^(.+), entry \d+\. \d\d:\d\d\.$", text)


@pytest.mark.parametrize("prompt, book", [
    ("Write it as radio check-ins and log entries.", "Log"),
    ("Tell it as the tower's fire log, entry by entry.", "Fire log"),
    ("Write it as logbook entries.", "Log"),
])
def test_a_logbook_heading_names_only_the_log_the_prompt_names(prompt, book):
    found = headings(prompt)
    assert len(found) >= 3 and set(found) == {book}, found


SERVICE_BOAT = {"genre": "Cosmic Horror", "mood": "Dreadful",
                "setting": "a wind farm service boat off the coast of Jutland",
                "characters": "Freja Holm, a turbine technician; her brother Mads, the skipper",
                "protagonist": "Freja Holm", "antagonist": "the voice on channel 16 that knows the crew's names",
                "keyElements": "a torque wrench, the maintenance logbook",
                "plotTwist": "turbine 9 was never built", "storyLength": 2000, "weatherCondition": "Foggy",
                "timeOfDay": "Dawn", "intensity": 7, "pacing": "Moderate", "narrativePerspective": "First Person"}


@pytest.mark.parametrize("prompt, label, other", [
    ("Told as radio transcripts between the boat and the shore.", "Radio log", "SHORE"),
    ("Write it as a transcript of the calls to the coastguard.", "Call recording", "BASE"),
])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_transcript_reads_as_turns_of_speech_under_a_heading_of_its_own(prompt, label, other, seed):
    body = GenerateSchema().load(dict(SERVICE_BOAT, customPrompt=prompt, seed=seed))
    paragraphs = LocalStoryProvider().generate(story_request(body)).content.split("\n\n")
    headings = [p for p in paragraphs if p.startswith("[")]
    assert len(headings) >= 3 and all(re.fullmatch(rf"\[{label}, \d\d:\d\d\]", h) for h in headings), headings
    turns = [p for p in paragraphs if not p.startswith("[")]
    speakers = {p.split(":", 1)[0] for p in turns}
    assert {"FREJA", other} <= speakers  # the narrator, and a word from the other end
    # a cast member's quoted line is their own turn, not a quotation inside the narrator's
    assert not [p for p in turns if re.match(r'^[A-Z]+: "[^"]+"\s*(said|asked) Mads', p)]


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
DATE = rf"(\d{{1,2}}) ({'|'.join(MONTHS)})"


def story(fields, prompt, seed):
    body = GenerateSchema().load(dict(fields, customPrompt=prompt, seed=seed))
    return LocalStoryProvider().generate(story_request(body)).content


def paragraphs_of(fields, prompt, seed):
    return story(fields, prompt, seed).split("\n\n")


def numbered(found):
    """The numbers a run of headings gives, which must count 1, 2, 3, ..."""
    return [int(n) for n in found] == list(range(1, len(found) + 1))


#: a prompt in each form the reading knows, and the heading every section of its story must have
FORM_PROMPTS = [
    ("Written as her field notebook entries with dates.", rf"{DATE}\.|{DATE}, \d\d:\d\d\."),
    ("Written as her case notes, session by session.", r"Session (\d+)\."),
    ("Tell it through the cassette tapes found in the car.", r"Tape (\d+), side ([AB])\."),
    ("Tell it as a series of voicemails she left.", r"Voicemail (\d+), \d\d:\d\d\."),
    ("Tell it through the dashcam footage, clip by clip.", r"Dashcam, clip (\d+)\. \d\d:\d\d:\d\d\."),
    ("Write it as a police incident report. No gore.", r"(\d+)\. Time: \d\d:\d\d\."),
    ("Told as witness statements.", r"(\d+)\. Taken at \d\d:\d\d\."),
]


@pytest.mark.parametrize("prompt, heading", FORM_PROMPTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_notes_recordings_and_reports_come_out_in_their_form(prompt, heading, seed):
    paragraphs = paragraphs_of(LOOKOUT, prompt, seed)
    heads = [p for p in paragraphs if re.fullmatch(heading, p)]
    assert len(heads) >= 6, paragraphs[:3]
    # every section is under one: no stretch of the story runs on without its heading
    first = paragraphs.index(heads[0])
    assert first <= 1 and len(paragraphs) - first <= len(heads) * 12, heads
    if "Tape" in heading:  # sides A then B of tape 1, then tape 2
        sides = [re.fullmatch(heading, h).groups() for h in heads]
        assert sides[:4] == [("1", "A"), ("1", "B"), ("2", "A"), ("2", "B")], sides
    elif "(\\d+)" in heading:  # sessions, voicemails, clips, statements: counted 1, 2, 3, ...
        assert numbered([re.fullmatch(heading, h).group(1) for h in heads]), heads


def test_a_report_opens_with_its_kind_case_number_and_date():
    paragraphs = paragraphs_of(LOOKOUT, "Write it as a police incident report.", 1)
    assert re.fullmatch(rf"Police incident report, case no\. \d+\. Date: {DATE}\.", paragraphs[0]), paragraphs[0]
    morgue = dict(LOOKOUT, setting="a county morgue in rural Georgia, 1952", characters="Harlan Pruitt, the coroner",
                  protagonist="Harlan Pruitt", antagonist="the drowned girl who is warm on the slab",
                  narrativePerspective="Third Person")
    paragraphs = paragraphs_of(morgue, "Tell it as the coroner's autopsy report.", 1)
    assert re.fullmatch(rf"Autopsy report, case no\. \d+/1952\. Date: {DATE} 1952\.", paragraphs[0]), paragraphs[0]
    assert len([p for p in paragraphs if re.fullmatch(r"Examiner's note \d+\. Time: \d\d:\d\d\.", p)]) >= 6
    # told by the one who gives it, a statement is theirs
    paragraphs = paragraphs_of(LOOKOUT, "Told as witness statements.", 1)
    assert re.fullmatch(rf"Statement of June Okafor, case no\. \d+\. Date: {DATE}\.", paragraphs[0]), paragraphs[0]


def dates_of(paragraphs):
    """``(date, minutes)`` of each dated heading, in story order (the year 2001: none is named)."""
    out = []
    for p in paragraphs:
        found = re.search(rf"^(?:.*entry \d+\. )?{DATE}(?:, (\d\d):(\d\d))?\.$", p)
        if found and len(p.split()) <= 8:
            day, month, hour, minute = found.groups()
            when = dt.date(2001, MONTHS.index(month) + 1, int(day))
            out.append((when, int(hour) * 60 + int(minute) if hour else None))
    return out


@pytest.mark.parametrize("prompt", ["Written as her field notebook entries with dates.", "A diary with dates.",
                                    "Tell it as the tower's logbook, dated entries."])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dates_asked_for_are_real_dates_that_run_forward_in_a_season_of_the_weather(prompt, seed):
    paragraphs = paragraphs_of(dict(LOOKOUT, weatherCondition="Snowy"), prompt, seed)
    text = "\n\n".join(paragraphs)
    dates = dates_of(paragraphs)
    assert len(dates) >= 5, paragraphs[:4]
    assert not re.search(r"(?m)^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b", text)
    days = [d for d, _ in dates]
    assert days == sorted(days) and days[0] < days[-1] and (days[-1] - days[0]).days < 30, days
    # on one date, the hours run forward too (past midnight is the next date)
    for (day, minutes), (after, later) in zip(dates, dates[1:]):
        if day == after and minutes is not None and later is not None:
            assert later > minutes, dates
    assert {d.month for d in days[:1]} <= {12, 1, 2}, days  # snow: a winter month


@pytest.mark.parametrize("prompt, heading", [
    ("Through her dictaphone recordings, day by day.", r"Recording \d+, day (\d+)\."),
    ("Her field notes, day by day.", r"Day (\d+)\.|Day (\d+), \d\d:\d\d\."),
])
def test_a_prompt_that_counts_days_gets_days(prompt, heading):
    paragraphs = paragraphs_of(LOOKOUT, prompt, 2)
    days = [int(next(g for g in m.groups() if g)) for m in (re.fullmatch(heading, p) for p in paragraphs) if m]
    assert len(days) >= 6 and days[0] == 1 and days == sorted(days) and days[-1] > 1, days


@pytest.mark.parametrize("prompt", [p for p, _ in FORM_PROMPTS if len(p.split()) >= 6]
                         + ["Through her dictaphone recordings, day by day.",
                            "Tell it as the coroner's autopsy report and his notes."])
def test_the_prompt_is_obeyed_never_pasted(prompt):
    text = " ".join(re.findall(r"[a-z']+", story(LOOKOUT, prompt, 1).lower()))
    words = re.findall(r"[a-z']+", prompt.lower())
    runs = {" ".join(words[k:k + 6]) for k in range(len(words) - 5)}
    assert runs and not [r for r in runs if f" {r} " in f" {text} "]


@pytest.mark.parametrize("prompt", ["Tell it through the cassette tapes found in the car.",
                                    "Write it as a police incident report.",
                                    "Written as her field notebook entries with dates.",
                                    "Tell it as the tower's fire log, entry by entry."])
def test_the_video_narration_does_not_read_the_headings_aloud(prompt):
    paragraphs = paragraphs_of(LOOKOUT, prompt, 1)
    heads = [p for p in paragraphs if is_heading(p)]
    assert len(heads) >= 6 and not [p for p in paragraphs if p not in heads and len(p.split()) < 3]
    told = " ".join(write_script(paragraphs, 180, pacing="Moderate"))
    assert told and not [h for h in heads if h in told], told
    assert not is_heading("At 3:15 the phone rang.") and not is_heading("Three days later.")


def test_a_diary_not_asked_for_dates_keeps_its_weekdays_whatever_the_premise_says():
    prompt = "Write it as her diary. A story about a lookout who sells dates at the market in town."
    text = story(LOOKOUT, prompt, 1)
    weekday = r"(?m)^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d\d:\d\d\.$"
    assert len(re.findall(weekday, text)) >= 3
    assert not dates_of(text.split("\n\n"))


def test_the_video_knows_the_headings_without_loading_the_story_engine():
    """A video worker skips the headings without the story engine's memory (24 MiB): the headings
    are shared knowledge (``core.story_forms``), not the engine's."""
    import subprocess
    import sys
    code = ("import sys, providers.video.script.script; "
            "print(any(m.startswith('providers.local_story') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"
