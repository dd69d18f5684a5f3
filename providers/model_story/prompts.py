"""What the model providers (``openai``, ``llama_cpp``) ask the model, and how they read answers.

One prompt builder for every model provider. Pure functions of their inputs (no network), so they
are tested directly.
"""
import re

NOT_SPECIFIED = "not specified (your choice)"

# --- story generation ----------------------------------------------------------------------------


def _value(text):
    text = (text or "").strip() if isinstance(text, str) else text
    return text if text not in ("", None) else NOT_SPECIFIED


def brief_lines(request):
    """Every field of the creation form, one line each (shared by every story prompt)."""
    dialogue = ("include spoken dialogue between characters" if request.include_dialogue
                else "no spoken dialogue; tell it through narration only")
    description = ("rich sensory description of places, sounds and textures"
                   if request.include_description
                   else "spare description; keep the focus on events")
    return [
        "Story brief:",
        f"- Genre: {_value(request.genre)}",
        f"- Mood: {_value(request.mood)}",
        f"- Setting: {_value(request.setting)}",
        f"- Characters: {_value(request.characters)}",
        f"- Intensity: {request.intensity}/10 (1 is quiet unease, 10 is relentless terror)",
        f"- Length: about {request.length_words} words",
        f"- Time of day: {_value(request.time_of_day)}",
        f"- Weather: {_value(request.weather)}",
        f"- Protagonist: {_value(request.protagonist)}",
        f"- Antagonist: {_value(request.antagonist)}",
        f"- Narrative perspective: {_value(request.narrative_perspective)}",
        f"- Pacing: {_value(request.pacing)}",
        f"- Dialogue: {dialogue}",
        f"- Description: {description}",
        f"- Key elements to include: {_value(request.key_elements)}",
        f"- Plot twist: {_value(request.plot_twist)}",
        f"- Suggested title: {_value(request.suggested_title)}",
        f"- Extra instructions from the creator: {_value(request.custom_prompt)}",
    ]


def tail_of(text, words=160):
    """The last ``words`` words of a text (the context a beat continues from)."""
    parts = (text or "").split()
    return " ".join(parts[-words:])


_LEADING_LABEL = re.compile(r"^\s*(?:part|beat|chapter)\s*\d+\s*(?:of\s*\d+)?\s*[:.)\-–]*\s*",
                            re.IGNORECASE)


def clean_part(text, messages=()):
    """A part's prose without a title line, a heading, a 'Part 2:' label the model added, or a
    line that echoes the prompt (``messages``): a weak model repeats "Write part 2 of 6 …" or
    "Its purpose: …" before its prose, and that must not reach the story."""
    _title, text = split_title(text or "")
    echoes = prompt_lines(messages)
    lines = [line for line in text.replace("\r\n", "\n").split("\n")
             if not _HEADING_RE.match(line.strip()) and not echoes_prompt(line, echoes)]
    text = "\n".join(lines).strip()
    return _LEADING_LABEL.sub("", text, count=1).strip()


#: how the prompt's own instruction lines begin (``plan_prompts``, ``cowrite_prompts``,
#: brief_lines): a line of the answer that begins so is the prompt coming back, not prose
INSTRUCTION_OPENINGS = (
    "write part ", "its purpose:", "by its end:", "this is the last part",
    "this is the opening of the story", "the story so far ends with", "story brief:",
    "the plan:", "answer with ", "continue it for about", "parts:", "character:", "place:",
    "twist (revealed late):", "clue (plant before the twist):", "extra instructions from the",
    "where:", "who:", "uses:", "plant this clue:", "the author wrote this part", "key element:",
    "form:", "avoid:", "focus on:", "framing:", "ending:", "the paragraph before:",
    "the paragraph after:", "rewrite this paragraph", "the paragraph to rewrite:",
)


def _normal(line):
    return " ".join(line.strip().lstrip("-*>#").split()).casefold()


def prompt_lines(messages):
    """The system prompt's lines (the brief and the plan, of a few words or more), normalised, to
    tell an echo by. The user message's instructions are told by INSTRUCTION_OPENINGS; its other
    lines are the story so far, which a part may take up again in its own words."""
    found = set()
    for message in messages or ():
        if message.get("role") != "system":
            continue
        for line in str(message.get("content") or "").splitlines():
            line = _normal(line)
            if len(line.split()) >= 3:
                found.add(line)
    return found


def echoes_prompt(line, prompt):
    """Whether an answer's line repeats the prompt: one of its lines whole, or an instruction."""
    line = _normal(line).strip("*_")
    if not line:
        return False
    return line in prompt or line.startswith(INSTRUCTION_OPENINGS)


def fallback_title(request):
    return (request.suggested_title or "").strip() or f"{request.genre} Story in {request.setting}"


_TITLE_RE = re.compile(r"^title\s*[:：]\s*(.*)$", re.IGNORECASE)
_HEADING_RE = re.compile(r"^#{1,6}\s+(.+)$")
_EMPHASIS = ("**", "__")


def _clean_title(text):
    text = text.strip()
    for mark in _EMPHASIS:
        text = text.replace(mark, "")
    text = text.strip().strip("\"'“”‘’*_").strip()
    return text[:200].strip()


def _title_of_line(line):
    """The title a line announces ('Title: X', '**Title:** X', '# Title: X'), or None."""
    stripped = line.strip().lstrip("#>").strip()
    for mark in _EMPHASIS:
        stripped = stripped.replace(mark, "")
    match = _TITLE_RE.match(stripped.strip())
    return _clean_title(match.group(1)) if match else None


def split_title(text, max_preamble_lines=3):
    """Split an answer into (title or None, content without the title line).

    The title is a ``Title: …`` line among the first few non-empty lines (anything before it is a
    chatty preamble and is dropped) or, failing that, a markdown heading on the first line.
    """
    lines = (text or "").replace("\r\n", "\n").split("\n")
    seen = 0
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        title = _title_of_line(line)
        if title is not None:
            return (title or None), "\n".join(lines[index + 1:]).strip()
        if seen == 0:
            heading = _HEADING_RE.match(line.strip())
            if heading:
                title = _clean_title(heading.group(1)) or None
                return title, "\n".join(lines[index + 1:]).strip()
        seen += 1
        if seen >= max_preamble_lines:
            break
    return None, (text or "").strip()


# --- suggestions ---------------------------------------------------------------------------------


def suggest_system_prompt(kind):
    kind = (kind or "improvement").strip() or "improvement"
    focus = ("how to make it scarier and better written: atmosphere, tension, pacing, characters, "
             "prose and ending" if kind == "improvement" else f"{kind}")
    return "\n".join([
        "You are an experienced editor of horror fiction on Dreadforge.",
        f"Read the creator's story and give 3 to 5 specific, actionable suggestions about {focus}.",
        "Each suggestion is one or two sentences and refers to the story itself.",
        "Answer with a numbered list only (1. 2. 3. ...), one suggestion per item, nothing before "
        "or after the list.",
    ])


_ITEM_RE = re.compile(r"^\s*(?:\(?\d{1,2}[.):]|[-*•–])\s+(.*\S)\s*$")


def _clean_item(text):
    for mark in _EMPHASIS:
        text = text.replace(mark, "")
    return text.strip().strip("\"“”").strip()


def parse_suggestions(text, limit=5):
    """The items of a numbered or bulleted answer (at most ``limit``), without their markers.

    Lines that continue an item are joined to it; an answer without list markers is read one
    suggestion per non-empty line, skipping a line that only introduces the list ("...:").
    """
    items = []
    in_item = False
    for line in (text or "").replace("\r\n", "\n").split("\n"):
        match = _ITEM_RE.match(line)
        if match:
            items.append(match.group(1))
            in_item = True
        elif line.strip() and in_item:
            items[-1] += " " + line.strip()
        elif not line.strip():
            in_item = False
    if not items:
        items = [line for line in (text or "").split("\n")
                 if line.strip() and not line.strip().endswith(":")]
    cleaned = []
    for item in items:
        item = _clean_item(item)
        if item and item not in cleaned:
            cleaned.append(item)
    return cleaned[:limit]


# --- enhancement ---------------------------------------------------------------------------------

ENHANCE_INSTRUCTIONS = {
    "expand": ("Expand the story to about one and a half times its length: deepen the atmosphere, "
               "sensory detail, inner life and tension. Keep the plot, characters, names, "
               "perspective and voice. Return the whole expanded story."),
    "shorten": ("Shorten the story to about sixty percent of its length. Keep every essential "
                "beat, the characters and the ending; cut repetition and slack. Return the whole "
                "shortened story."),
    "enhance": ("Improve the story's prose: sharper word choice, stronger atmosphere and tension, "
                "better rhythm. Keep the plot, characters, names, perspective and about the same "
                "length. Return the whole improved story."),
    "continue": ("Continue the story from exactly where it ends, in the same voice, perspective "
                 "and tense, for about {words} words, moving the plot forward. Return only the new "
                 "text that follows; do not repeat the story."),
}

#: expected length of the answer relative to the story, for progress reports
ENHANCE_LENGTH_FACTOR = {"expand": 1.5, "shorten": 0.6, "enhance": 1.0, "continue": 0.5}


def continue_words(content):
    return max(150, min(800, len((content or "").split()) // 2))


def enhance_system_prompt(mode, content):
    instruction = ENHANCE_INSTRUCTIONS[mode].format(words=continue_words(content))
    return "\n".join([
        "You are a horror fiction writer revising a creator's story on Dreadforge.",
        instruction,
        "Answer with the story text only, as plain prose paragraphs separated by blank lines: no "
        "title, no markdown, no notes or comments.",
    ])


def enhance_target_words(mode, content):
    if mode == "continue":
        return continue_words(content)
    return max(50, int(len((content or "").split()) * ENHANCE_LENGTH_FACTOR[mode]))


def join_continuation(content, continuation):
    """The whole text after ``continue``: the story plus the new part (unless it was repeated)."""
    content = (content or "").rstrip()
    continuation = (continuation or "").strip()
    if content and continuation.startswith(content[:200]):
        return continuation
    return f"{content}\n\n{continuation}" if content else continuation
