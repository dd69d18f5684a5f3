"""Story provider for any OpenAI-compatible chat-completions server.

Works with OpenAI itself and with local servers that speak the same API (Ollama, llama.cpp
server, vLLM)::

    [story]
    provider = "openai"
    [story.openai]
    model = "llama3.1"
    base_url = "http://127.0.0.1:11434/v1"
    api_key_env = ""            # keyless local server; default "OPENAI_API_KEY"
"""
from core.hookspecs import hookimpl

from .provider import OpenAIStoryProvider

__all__ = ["OpenAIStoryProvider", "register_story_providers"]


@hookimpl
def register_story_providers():
    return [OpenAIStoryProvider]
