"""The ``llama_cpp`` story provider: the shared model writer over a local GGUF model."""
from core.providers import ProviderError
from providers.model_story.provider import ModelStoryProvider

from .catalog import catalog_entry_for, resolve_model
from .options import Options, check_problems, option_problems
from .runtime import LlamaChat


class LlamaCppStoryProvider(ModelStoryProvider):
    name = "llama_cpp"
    label = "Local model (llama.cpp)"
    runs_on = "llama.cpp"
    Options = Options
    option_problems = staticmethod(option_problems)
    check_problems = staticmethod(check_problems)
    base_dir = "."

    def __init__(self, options=None):
        super().__init__(Options().load(dict(options or {})))
        self._chat = None

    @classmethod
    def auto_ready(cls, options, base_dir):
        """Whether ``provider = "auto"`` should pick this provider: a usable model is there."""
        try:
            loaded = Options().load(dict(options or {}))
            return not option_problems(loaded, base_dir)
        except Exception:  # noqa: BLE001 - anything wrong means: not ready
            return False

    def preload(self):
        """Load the model now (the worker calls this before it forks a process per job)."""
        self.chat_model()._model()

    def model_path(self):
        return resolve_model(self.options["model"], self.base_dir)

    def model_name(self):
        """The catalog's name for the model ("Gemma 3 4B IT"), else its file's name."""
        path = self.model_path()
        if path is None:
            return "no model"
        entry = catalog_entry_for(path)
        return entry.title if entry else path.stem

    def chat_model(self):
        if self._chat is None:
            path = resolve_model(self.options["model"], self.base_dir)
            if path is None:
                raise ProviderError("No story model is installed: run "
                                    "`dreadforge models pull NAME` first.")
            self._chat = LlamaChat(path, self.options)
        return self._chat
