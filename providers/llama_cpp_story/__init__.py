"""Story provider running a local GGUF model in-process with llama-cpp-python (``pip install .[llm]``).

::

    [story]
    provider = "llama_cpp"        # or "auto": this one when a model is pulled, else "local"
    [story.llama_cpp]
    model = "qwen2.5-1.5b-instruct"   # a pulled model's name, or a path to a .gguf file
    n_ctx = 4096

The model is loaded once per worker process, on the first story it writes.
"""
from core.hookspecs import hookimpl

from .provider import LlamaCppStoryProvider

__all__ = ["LlamaCppStoryProvider", "register_story_providers"]


@hookimpl
def register_story_providers():
    return [LlamaCppStoryProvider]
