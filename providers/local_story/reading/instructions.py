"""The custom prompt read for what it asks, never as text for the story: a format ("Tell it as the
ship's medical log" -> logbook, framed as the ship's medical log), things to avoid ("no gore",
"keep the violence offstage", "gentle enough for a teenager"), a focus ("on the body: skin,
breath, hands"), a tone ("darkly funny"), how much dialogue, chapters and how they end, a tense.

The prompt is read clause by clause against the cues in ``data/reading/instructions.json``. A
clause a cue reads is an instruction; the rest is the premise (what the story is about, for the
planner) or a note for a model writer, put in the writer's words ("the author also asks for ...").
The engine obeys the fields and never prints ``notes``.
"""
import json
import re
from functools import lru_cache

from core.story_plan import InstructionsSchema

from .lexicon import DATA

_INSTRUCTIONS_SCHEMA = InstructionsSchema()  # one instance: building a schema costs more than a load

_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_CLAUSES = re.compile(r"\s*[;,]\s*|\s+(?:but|and then)\s+|\s+and\s+(?=(?:don't|do not|no|never|keep|make|focus|"
                      r"avoid|write|tell|use|include|add|let|give|end|start|have|lots)\b)", re.I)
_ARTICLE = re.compile(r"(?i)^(?:the|a|an|some|any)\s+")


def _compile(patterns, where):
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise ValueError(f"instructions.json {where}: expected a list of patterns")
    return [re.compile(p, re.I) for p in patterns]


def _tone_name(pattern):
    """A tone's pattern as the plan names it: 'slow[- ]burn' -> 'slow-burn', 'humou?r' -> 'humour'."""
    return re.sub(r"\[(.)[^\]]*\]", r"\1", pattern).replace("?", "")


@lru_cache(maxsize=1)
def cues():
    """The compiled cues (checked as they load: a bad pattern fails here, not in a story)."""
    with open(DATA / "instructions.json", encoding="utf-8") as handle:
        raw = json.load(handle)
    one = {key: re.compile(raw[key], re.I) for key in ("format_lead", "frame_after", "avoid_generic", "focus_lead",
                                                       "tone_lead", "filler", "premise_lead", "about_lead",
                                                       "premise_start")}
    tones = sorted(raw["tones"], key=len, reverse=True)
    return {
        **one,
        "formats": {name: _compile(p, f"formats.{name}") for name, p in raw["formats"].items()},
        "framing": _compile(raw["framing"], "framing"),
        "format_words": {w.lower() for w in raw["format_words"]},
        "avoid": [(_compile(item["cues"], "avoid"), list(item["avoid"])) for item in raw["avoid"]],
        "focus_kinds": {kind: re.compile(r"^(?:%s)$" % "|".join(words), re.I)
                        for kind, words in raw["focus_kinds"].items()},
        "tones": [(_tone_name(t), re.compile(rf"\b{t}\b", re.I)) for t in tones],
        "dialogue": {k: _compile(v, f"dialogue.{k}") for k, v in raw["dialogue"].items()},
        "chapters": _compile(raw["chapters"], "chapters"),
        "chapter_length": {k: _compile(v, f"chapter_length.{k}") for k, v in raw["chapter_length"].items()},
        "chapter_end": {k: _compile(v, f"chapter_end.{k}") for k, v in raw["chapter_end"].items()},
        "tense": {k: _compile(v, f"tense.{k}") for k, v in raw["tense"].items()},
    }


def clauses(prompt):
    """The prompt's clauses: sentences, then their comma and semicolon parts, except that a
    sentence with a colon stays whole ("Focus on sounds: the drums, the hum, coins")."""
    out = []
    for sentence in _SENTENCES.split((prompt or "").strip()):
        sentence = sentence.strip(" .!?\"'“”")
        if not sentence:
            continue
        if ":" in sentence:
            out.append(sentence)
        else:
            out.extend(c.strip(" .") for c in _CLAUSES.split(sentence) if c.strip(" ."))
    return out


def _any(patterns, text):
    return any(p.search(text) for p in patterns)


def _tone_words(text):
    """The tones a clause names, longest first ("darkly funny" before "funny"), each once."""
    found, rest = [], text
    for name, pattern in cues()["tones"]:
        m = pattern.search(rest)
        if m:
            found.append((m.start(), name))
            rest = pattern.sub(lambda hit: " " * len(hit.group(0)), rest)
    return [name for _, name in sorted(found)]


def _only_tones(text):
    """Whether a clause is nothing but tone words ("darkly funny", "quiet and strange")."""
    rest = text
    for _, pattern in cues()["tones"]:
        rest = pattern.sub(" ", rest)
    return not re.sub(r"(?i)\b(?:and|but|or|very|quite|a bit|a little|slightly|somewhat|yet|also|too)\b|\W", "", rest)


def _frame(clause, fmt):
    """The framing device a clause names ("the ship's medical log", "Órla's diary", "the rushes
    they watch each night"), or '' when it names only the format ("as transcript")."""
    c = cues()
    for pattern in c["framing"]:
        m = pattern.search(clause)
        if m:
            return _clean_frame(m.group("frame"))
    if fmt:
        m = c["frame_after"].search(clause)
        if m:
            return _clean_frame(m.group("frame"))
    return ""


def _clean_frame(frame):
    frame = re.sub(r"(?i)^(?:a series of|a set of|entries (?:in|from)|excerpts from)\s+", "", frame.strip(" .,"))
    return "" if frame.lower() in cues()["format_words"] else frame[:200]


def _focus(what):
    """A focus as the plan keeps it: its kind ("sounds", "the body") then what the prompt lists."""
    c = cues()
    main, _, listed = what.partition(":")
    main = re.sub(r"(?i)^(?:the\s+)?(?:sense of\s+)?", "", main.strip(" ."))
    first = re.split(r"\s+(?:of|in|from|at|on)\s+", main, maxsplit=1)[0]
    kind = next((k for k, pattern in c["focus_kinds"].items() if pattern.match(first) or pattern.match(f"the {first}")),
                "")
    items = [i.strip(" .") for i in re.split(r"\s*,\s*|\s+and\s+", listed) if i.strip(" .")]
    if not kind:
        return [main.lower(), *items]
    return [kind, *([main] if first != main else []), *items]  # "smells", "smells of the kitchen"


def read_clause(clause, reading):
    """Read one clause into ``reading`` (a dict of the instructions' fields); whether it was one."""
    c = cues()
    understood = False
    for name, patterns in c["formats"].items():
        if _any(patterns, clause) and (c["format_lead"].search(clause) or _any(patterns, clause.split()[0])):
            if reading["format"] == "prose":
                reading["format"] = name
            understood = True
            frame = _frame(clause, name)
            if frame and not reading["framing"]:
                reading["framing"] = frame
            break
    if not understood:
        frame = _frame(clause, "")
        if frame:
            reading["framing"] = reading["framing"] or frame
            understood = True
    for patterns, avoid in c["avoid"]:
        if _any(patterns, clause):
            reading["avoid"].extend(a for a in avoid if a not in reading["avoid"])
            understood = True
    for amount, patterns in c["dialogue"].items():
        if _any(patterns, clause):
            reading["dialogue"] = amount
            understood = True
    if not understood:
        generic = c["avoid_generic"].match(clause)
        if generic:
            what = _ARTICLE.sub("", generic.group("what").strip()).lower()
            if what not in reading["avoid"]:
                reading["avoid"].append(what)
            understood = True
    focus = c["focus_lead"].search(clause)
    if focus and not re.search(r"(?i)\bdialog", focus.group("what")):
        reading["focus"].extend(f for f in _focus(focus.group("what")) if f not in reading["focus"])
        understood = True
    if _any(c["chapters"], clause):
        reading["chapters"] = True
        understood = True
    for key in ("chapter_length", "chapter_end", "tense"):
        for value, patterns in c[key].items():
            if _any(patterns, clause):
                reading[key] = value
                if key != "tense":
                    reading["chapters"] = True
                understood = True
    if c["tone_lead"].match(clause) or _only_tones(clause) or understood:
        tones = _tone_words(clause) if (c["tone_lead"].match(clause) or _only_tones(clause)) else []
        reading["tone"].extend(t for t in tones if t not in reading["tone"])
        understood = understood or bool(tones)
    return understood


def _as_note(clause):
    """A clause no cue reads, put as a request to a model writer (never story text)."""
    text = re.sub(r"(?i)^(?:please\s+|make sure (?:to|that|you)\s+)+", "", clause.strip())
    text = re.sub(r"(?i)^(?:i want|i'd like|i would like|i'd love)\s+(?:it|the story)\s+to\s+", "the story to ", text)
    text = re.sub(r"(?i)^(?:i want|i'd like|i would like|i'd love)\s+", "", text)
    swaps = {"you": "the writer", "your": "the writer's", "me": "the author", "my": "the author's", "i": "the author"}
    text = re.sub(r"(?i)\b(you|your|me|my|i)\b", lambda m: swaps[m.group(1).lower()], text)
    return text[:1].lower() + text[1:]


def _is_premise(clause):
    """Whether a clause no cue reads says what the story is about ("a story about a mother who
    hears her dead son on the baby monitor", "a lighthouse keeper who stops the clocks")."""
    return bool(cues()["premise_lead"].match(clause) or cues()["about_lead"].match(clause)
                or cues()["premise_start"].match(clause))


def read_premise(custom_prompt):
    """What the custom prompt says the story is about, as a clause for the planner ('' when it
    only gives instructions): "Write a story about a mother who hears her son on the baby
    monitor. No gore." -> "a mother who hears her son on the baby monitor"."""
    parts = []
    for clause in clauses(custom_prompt):
        if read_clause(clause, _empty()) or cues()["filler"].match(clause) or not _is_premise(clause):
            continue
        parts.append(_lower_lead(cues()["about_lead"].sub("", cues()["premise_lead"].sub("", clause))))
    return ", ".join(parts)[:1000]


def _lower_lead(text):
    """'A girl finds …' -> 'a girl finds …' (a leading article or pronoun, never a name)."""
    if re.match(r"(?:A|An|The|Some|Someone|Something|Every|Two|Three|It|There)\b", text):
        return text[:1].lower() + text[1:]
    return text


def _empty():
    return {"format": "prose", "avoid": [], "focus": [], "framing": "", "tone": [], "dialogue": "",
            "chapters": False, "chapter_length": "", "chapter_end": "", "tense": ""}


def read_instructions(custom_prompt):
    """An ``InstructionsSchema`` part: what the custom prompt asks for."""
    reading = _empty()
    notes = []
    for clause in clauses(custom_prompt):
        if read_clause(clause, reading) or cues()["filler"].match(clause):
            continue
        if _is_premise(clause):
            notes.append("The story's premise: " + _lower_lead(cues()["about_lead"].sub("", cues()["premise_lead"].sub("", clause))) + ".")
        else:
            notes.append("The author also asks for this: " + _as_note(clause) + ".")
    for key in ("avoid", "focus", "tone"):  # the plan's bounds: 20 items of 1 to 200 characters
        reading[key] = [item[:200] for item in reading[key] if item.strip()][:20]
    reading["chapterLength"], reading["chapterEnd"] = reading.pop("chapter_length"), reading.pop("chapter_end")
    return _INSTRUCTIONS_SCHEMA.load({**reading, "notes": " ".join(notes)[:1000]})
