"""Co-writing with a model: Continue (write on from the end of the author's text) and Rewrite
this paragraph (three different rewritings to pick from).

Both read the story's plan when it has one (``core.story_plan``): Continue carries the story on
towards the plan's beats, Rewrite keeps to its cast and places. Continue streams into the job's
partial text as the model writes.
"""
import logging

from core import paragraphs
from core.providers import ProviderError, no_progress, report_partial
from core.story_plan import load_plan

from . import plan_prompts, prompts
from .length import LengthGuard, cut_to_length, drop_unfinished_sentence, token_cap
from .writer import PROSE_STOP, START, WordProgress, ask

log = logging.getLogger(__name__)

#: how the three rewritings differ (one each, in this order)
DIRECTIONS = (
    "more restrained: quieter, with more left unsaid",
    "more vivid: what the senses catch, the place's own details",
    "tighter and faster: shorter sentences, nothing slack",
)
#: the words of the story's end a continuation sees
CONTINUE_CONTEXT = 400
#: a rewriting may run this much longer than the paragraph
REWRITE_OVERRUN = 1.6
#: how many times a rewriting that repeats another (or the paragraph) is asked for again
REWRITE_RETRIES = 2


def _plan_lines(plan):
    if not plan:
        return []
    return ["", "The story's plan:", plan_prompts.plan_outline(load_plan(plan))]


def continue_messages(content, plan, words):
    system = "\n".join([
        "You are a horror fiction writer for Dreadforge, writing a story together with its "
        "author.",
        "Continue the story from exactly where it ends, in the same voice, perspective and "
        "tense, moving the plot forward" + (" towards the plan's next parts." if plan else "."),
        *_plan_lines(plan),
        "",
        "Answer with only the new text that follows: plain paragraphs separated by blank lines, "
        "no title, no notes, never a repeat of the story.",
    ])
    user = (f"The story so far ends with:\n{prompts.tail_of(content, CONTINUE_CONTEXT)}\n\n"
            f"Continue it for about {words} words.")
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def continue_story(model, content, plan=None, words=0, progress=no_progress):
    """The new text that carries ``content`` on (only the new text)."""
    if not (content or "").strip():
        raise ProviderError("There is no story text to continue.")
    words = int(words or prompts.continue_words(content))
    progress(START, "Writing on")
    messages = continue_messages(content, plan, words)
    counter = WordProgress(progress, words, "Writing on")
    guard = LengthGuard(words, counter)

    def on_text(piece):
        stop = guard(piece)
        report_partial(progress, paragraphs.appended(content, guard.counter.text))
        return stop

    text = ask(model, messages, what="story",
               clean=lambda answer: prompts.clean_part(answer, messages),
               max_tokens=token_cap(words), stop=PROSE_STOP, on_text=on_text)
    text = cut_to_length(drop_unfinished_sentence(text), words, tolerance=0.25,
                         first_sentence_limit=2 * words)
    progress(100, "Written on")
    return text


def rewrite_messages(content, index, plan, direction):
    parts = paragraphs.split(content)
    before = parts[index - 1] if index > 0 else ""
    after = parts[index + 1] if index + 1 < len(parts) else ""
    system = "\n".join([
        "You are a horror fiction writer for Dreadforge, helping an author revise one paragraph "
        "of their story.",
        f"Rewrite the paragraph {direction}. Keep what happens, the names, the perspective and "
        "the tense, and make it fit between the paragraph before it and the one after.",
        *_plan_lines(plan),
        "",
        "Answer with the new paragraph only: one paragraph, no notes, no quotation marks around "
        "it.",
    ])
    user = "\n\n".join(part for part in (
        f"The paragraph before:\n{before}" if before else "",
        f"The paragraph to rewrite:\n{parts[index]}",
        f"The paragraph after:\n{after}" if after else "") if part)
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def _same(one, other):
    return " ".join(one.split()).casefold() == " ".join(other.split()).casefold()


def rewrite_paragraph(model, content, index, plan=None, progress=no_progress, count=3):
    """``count`` different rewritings of paragraph ``index`` of ``content``."""
    parts = paragraphs.split(content)
    if not 0 <= index < len(parts):
        raise ProviderError(f"The story has no paragraph {index + 1}.")
    words = len(parts[index].split())
    limit = max(12, int(words * REWRITE_OVERRUN))
    found = []
    for number, direction in enumerate(DIRECTIONS[:count]):
        progress(START + 90 * number // count, f"Writing rewriting {number + 1} of {count}")
        messages = rewrite_messages(content, index, plan, direction)
        for attempt in range(1 + REWRITE_RETRIES):
            text = ask(model, messages, what="paragraph",
                       clean=lambda answer, sent=messages: prompts.clean_part(answer, sent),
                       max_tokens=token_cap(limit), stop=PROSE_STOP,
                       on_text=LengthGuard(limit), seed=1 + number * 10 + attempt)
            text = " ".join(paragraphs.split(drop_unfinished_sentence(text)))
            if not any(_same(text, other) for other in (parts[index], *found)):
                found.append(text)
                break
            log.info("rewriting %d repeated another (attempt %d)", number + 1, attempt + 1)
        else:
            raise ProviderError("The story service gave the same rewriting twice. "
                                "Please try again.")
    progress(100, "Rewritings ready")
    return found
