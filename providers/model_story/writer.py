"""The hierarchical story writer shared by every model provider: the plan first, then each beat.

Small models stay coherent when they write one beat at a time with the plan and the end of the
previous beat in context (the layering of DeepMind's Dramatron, arXiv 2209.14958). The writer
talks to a ``ChatModel`` (``providers.model_story.chat``), so the ``openai`` and ``llama_cpp``
providers differ only in how they reach their model.

Progress is real: "Writing part k of n", with the percentage rising with the words streamed as a
share of the requested length. Every call has a token cap from its share of the length; a part's
stream is left once it has its words and its current sentence is over; an empty answer is asked
again once; a story that stops short is continued, one that runs long is cut at a sentence end.
The story so far is the job's partial text as it streams (``report_partial``).

The plan is the typed plan of ``core.story_plan``: the model's own (``plan.parse_model_plan``),
the offline engine's outline, or the one the author edited (a beat marked ``edited`` is told).
"""
import logging

from core.providers import JobCancelled, ProviderError, StoryResult, report_partial
from core.story_plan import load_plan

from . import plan_prompts, prompts
from .length import LengthGuard, count_words, cut_to_length, drop_unfinished_sentence, token_cap
from .plan import engine_outline, given_plan, parse_model_plan

log = logging.getLogger(__name__)

#: stop sequences for prose (OpenAI accepts at most four): a new title, chat-template end markers
PROSE_STOP = ("\nTitle:", "<end_of_turn>", "<|im_end|>", "<|eot_id|>")

START = 5
PLANNED = 10
STREAMING_CAP = 95
#: a part may run this much over its share before it is cut at a sentence end
PART_OVERRUN = 1.25
#: the story is continued when it is shorter, and cut when it is longer, than the target by this
LENGTH_TOLERANCE = 0.1
MAX_CONTINUATIONS = 2


def plan_token_cap(beats):
    return 300 + 80 * beats


class WordProgress:
    """Turns words streamed in into rising ``progress(percent, message)`` reports.

    The percentage is the share of the target length written so far, between ``start`` and
    ``cap``; it never goes down and never reaches 100 before the story is done.
    """

    def __init__(self, progress, target_words, message, start=START, cap=STREAMING_CAP):
        self.progress = progress
        self.target = max(1, int(target_words or 1))
        self.message = message
        self.start = start
        self.cap = cap
        self.last = start
        self.words = 0

    def __call__(self, count):
        self.words += count
        percent = min(self.cap, self.start + (self.cap - self.start) * self.words // self.target)
        if percent > self.last:
            self.last = percent
            self.progress(percent, self.message)

    def announce(self, message):
        self.message = message
        self.progress(self.last, message)


def ask(model, messages, *, what, clean=str.strip, **kwargs):
    """A streamed answer, cleaned; an empty one is asked for once more before giving up."""
    for attempt in (1, 2):
        text = clean(model.chat(messages, what=what, **kwargs) or "")
        if text.strip():
            return text
        log.warning("the model returned an empty %s (attempt %d of 2)", what, attempt)
    raise ProviderError(f"The story service returned an empty {what}.")


def make_plan(model, request, use_model=True):
    """The model's plan (JSON of ``core.story_plan``) when it gives a usable one, else the
    engine's outline; and which of the two it is."""
    if use_model:
        beats = plan_prompts.plan_beat_count(request.length_words)
        answer = model.chat(plan_prompts.plan_messages(request),
                            max_tokens=plan_token_cap(beats), json_mode=True,
                            seed=request.seed or None, what="plan")
        plan = parse_model_plan(answer, request.length_words)
        if plan is not None:
            return plan, "model"
    return engine_outline(request), "engine"


def streamed(guard, progress, before):
    """``on_text`` for one part: the guard's verdict, and the story so far (the parts ``before``
    it and this part as it comes) reported as the job's partial text."""
    def on_text(piece):
        stop = guard(piece)
        report_partial(progress, "\n\n".join([*before, guard.counter.text.strip()]).strip())
        return stop
    return on_text


def write_story(model, request, progress, use_model_plan=True, plan=None, writer=""):
    """Plan (or take the ``plan`` given), then write beat by beat; the ``StoryResult`` carries
    the plan it was written from."""
    progress(START, "Planning the story")
    if plan is None:
        plan, source = make_plan(model, request, use_model=use_model_plan)
    else:
        plan, source = given_plan(plan, request.length_words), "given"
    log.info("writing from the %s plan (%d beats)", source, len(plan["beats"]))
    typed = load_plan(plan)
    target = max(1, int(request.length_words or 1))
    counter = WordProgress(progress, target, "Writing the story", start=PLANNED)
    beats = typed.beats
    parts = []
    for index, beat in enumerate(beats):
        counter.announce(f"Writing part {index + 1} of {len(beats)}")
        words = max(1, int(beat.words or target // len(beats)))
        messages = plan_prompts.beat_messages(request, typed, index, parts[-1] if parts else "")
        text = ask(model, messages, what="story",
                   clean=lambda answer, sent=messages: prompts.clean_part(answer, sent),
                   max_tokens=token_cap(words), stop=PROSE_STOP,
                   on_text=streamed(LengthGuard(words, counter), progress, parts),
                   seed=(request.seed + index) if request.seed else None)
        parts.append(cut_to_length(drop_unfinished_sentence(text), words,
                                   tolerance=PART_OVERRUN - 1, first_sentence_limit=2 * words))
        report_partial(progress, "\n\n".join(parts))
    story = "\n\n".join(parts)
    story = _fit_length(model, request, typed, story, target, counter, progress)
    progress(100, "Story written")
    title = ((request.suggested_title or "").strip() or typed.title
             or prompts.fallback_title(request))
    return StoryResult(title=title, content=story, plan=plan, writer=writer)


def _fit_length(model, request, plan, story, target, counter, progress):
    for _ in range(MAX_CONTINUATIONS):
        missing = target - count_words(story)
        if missing <= LENGTH_TOLERANCE * target:
            break
        counter.announce("Finishing the story")
        messages = plan_prompts.continue_messages(request, plan, story, missing)
        try:
            more = model.chat(messages,
                              max_tokens=token_cap(missing), stop=PROSE_STOP,
                              on_text=streamed(LengthGuard(missing, counter), progress, [story]),
                              what="story")
        except JobCancelled:
            raise
        except ProviderError as err:  # the story is whole, only short: keep it
            log.warning("could not continue a short story: %s", err)
            break
        more = drop_unfinished_sentence(prompts.clean_part(more, messages))
        if not more:
            break
        story = f"{story}\n\n{more}"
    return cut_to_length(story, target, tolerance=LENGTH_TOLERANCE)
