"""``ModelStoryProvider``: generate, suggest and enhance with a language model.

A subclass only says how to reach its model, by returning a ``ChatModel`` from ``chat_model()``:

``chat(messages, *, max_tokens, stop=(), on_text=None, json_mode=False, seed=None, what)``
    streams one chat completion and returns its text ("" when the model said nothing). It calls
    ``on_text(piece)`` for each piece and stops reading as soon as that returns True.
``complete(messages, *, max_tokens, what)``
    one chat completion without streaming; its text.

Both raise ``ProviderError`` with a sentence a creator can read when the model cannot answer.
"""
from core.providers import ProviderError, StoryProvider, no_progress

from . import cowrite, prompts
from .length import LengthGuard, drop_unfinished_sentence, token_cap
from .plan import engine_outline
from .writer import START, WordProgress, ask, make_plan, write_story

SUGGESTION_TOKENS = 500
#: a revision may run this much over its expected length before its stream is left
ENHANCE_OVERRUN = 1.25


class ModelStoryProvider(StoryProvider):
    """The story operations of every language-model provider (``openai``, ``llama_cpp``)."""

    def chat_model(self):
        raise NotImplementedError

    def model_name(self):
        """The model's name as a reader knows it ("Gemma 3 4B IT", "gpt-4o-mini")."""
        raise NotImplementedError

    #: what the model runs on, in the writer's name ("gpt-4o-mini (OpenAI-compatible)")
    runs_on = ""

    @property
    def writer(self):
        return f"{self.model_name()} ({self.runs_on or self.label})"

    def _model_plans(self):
        return self.options.get("plan", "model") == "model"

    def generate(self, request, progress=no_progress, plan=None):
        return write_story(self.chat_model(), request, progress,
                           use_model_plan=self._model_plans(), plan=plan, writer=self.writer)

    def outline(self, request, progress=no_progress):
        progress(START, "Planning the story")
        if not self._model_plans():
            plan = engine_outline(request)
        else:
            plan, _source = make_plan(self.chat_model(), request)
        progress(100, "Plan ready")
        return plan

    def continue_story(self, content, plan=None, words=0, progress=no_progress):
        return cowrite.continue_story(self.chat_model(), content, plan, words, progress)

    def rewrite_paragraph(self, content, index, plan=None, progress=no_progress):
        return cowrite.rewrite_paragraph(self.chat_model(), content, index, plan, progress,
                                         count=self.REWRITE_ALTERNATIVES)

    def suggest(self, content, kind="improvement", progress=no_progress):
        if not (content or "").strip():
            raise ProviderError("There is no story text to make suggestions about.")
        progress(START, "Asking for suggestions")
        messages = [{"role": "system", "content": prompts.suggest_system_prompt(kind)},
                    {"role": "user", "content": content}]
        model = self.chat_model()
        suggestions = []
        for _attempt in (1, 2):
            answer = model.complete(messages, max_tokens=SUGGESTION_TOKENS,
                                    what="list of suggestions")
            suggestions = prompts.parse_suggestions(answer)
            if suggestions:
                break
        if not suggestions:
            raise ProviderError("The story service returned no suggestions.")
        progress(100, "Suggestions ready")
        return suggestions

    def enhance(self, content, mode, progress=no_progress):
        if mode not in self.ENHANCE_MODES:
            raise ProviderError(f"Unknown enhancement '{mode}' "
                                f"(expected one of: {', '.join(self.ENHANCE_MODES)}).")
        if not (content or "").strip():
            raise ProviderError("There is no story text to work on.")
        progress(START, "Contacting the story service")
        messages = [{"role": "system", "content": prompts.enhance_system_prompt(mode, content)},
                    {"role": "user", "content": content}]
        target = prompts.enhance_target_words(mode, content)
        limit = int(target * ENHANCE_OVERRUN)
        counter = WordProgress(progress, target, "Revising the story")
        text = ask(self.chat_model(), messages, what="story", max_tokens=token_cap(limit),
                   on_text=LengthGuard(limit, counter))
        title, rest = prompts.split_title(text)
        if title is not None and prompts.split_title(content)[0] is None:
            text = rest  # the model added a title line the story did not have
        text = drop_unfinished_sentence(text)
        if not text:
            raise ProviderError("The story service returned an empty story.")
        if mode == "continue":
            text = prompts.join_continuation(content, text)
        progress(100, "Story revised")
        return text
