"""The ``openai`` story provider: generate, suggest and enhance through chat completions."""
import re

from core.providers import ProviderError, StoryProvider, StoryResult, no_progress

from . import prompts
from .client import ChatService
from .options import Options

#: progress while the answer streams in never passes this until the answer is complete
STREAMING_CAP = 95
START = 5

_WORD = re.compile(r"\S+")


class _WordProgress:
    """Turns the pieces of text streamed in into rising ``progress(percent, message)`` reports.

    Words are counted as they arrive (a word split across two pieces counts once). The message
    stays the same while the percentage rises, so the job's ProgressReporter can throttle saves.
    """

    def __init__(self, progress, target_words, message):
        self.progress = progress
        self.target = max(1, int(target_words or 1))
        self.message = message
        self.last = START
        self.words = 0
        self.inside_word = False

    def __call__(self, piece):
        if not piece:
            return
        count = len(_WORD.findall(piece))
        if count and self.inside_word and not piece[0].isspace():
            count -= 1  # the first word of this piece continues the last one
        self.words += count
        self.inside_word = not piece[-1].isspace()
        percent = min(STREAMING_CAP, START + (STREAMING_CAP - START) * self.words // self.target)
        if percent > self.last:
            self.last = percent
            self.progress(percent, self.message)


class OpenAIStoryProvider(StoryProvider):
    name = "openai"
    label = "OpenAI-compatible API"
    Options = Options
    secret_env_options = ("api_key_env",)

    def __init__(self, options=None):
        super().__init__(Options().load(dict(options or {})))
        self.service = ChatService(self.options)

    def generate(self, request, progress=no_progress):
        progress(START, "Contacting the story service")
        messages = [{"role": "system", "content": prompts.story_system_prompt(request)},
                    {"role": "user", "content": prompts.story_user_prompt(request)}]
        on_text = _WordProgress(progress, request.length_words, "Writing the story")
        answer = self.service.stream(messages, on_text, seed=request.seed or None, what="story")
        title, content = prompts.split_title(answer.text)
        if not content.strip():
            raise ProviderError("The story service returned an empty story.")
        progress(100, "Story written")
        return StoryResult(title=title or prompts.fallback_title(request), content=content)

    def suggest(self, content, kind="improvement", progress=no_progress):
        if not (content or "").strip():
            raise ProviderError("There is no story text to make suggestions about.")
        progress(START, "Asking for suggestions")
        messages = [{"role": "system", "content": prompts.suggest_system_prompt(kind)},
                    {"role": "user", "content": content}]
        answer = self.service.complete(messages, what="list of suggestions")
        suggestions = prompts.parse_suggestions(answer.text)
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
        on_text = _WordProgress(progress, target, "Revising the story")
        answer = self.service.stream(messages, on_text, what="story")
        text = answer.text.strip()
        title, rest = prompts.split_title(text)
        if title is not None and prompts.split_title(content)[0] is None:
            text = rest  # the model added a title line the story did not have
        if not text:
            raise ProviderError("The story service returned an empty story.")
        if mode == "continue":
            text = prompts.join_continuation(content, text)
        progress(100, "Story revised")
        return text
