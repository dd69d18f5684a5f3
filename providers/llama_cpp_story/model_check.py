"""What `dreadforge plugins check` reads of the llama_cpp options beyond their types: the model
file's whole GGUF header and tensor table, and the chat format's name.

Start-up checks only the first bytes and the size (``runtime.model_file_problem``); reading a
header of several megabytes (a model's vocabulary) is for the check an operator asks for.
"""
import difflib
from pathlib import Path


def _short(exc):
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:120]


def gguf_problem(path):
    """Why ``path`` is not a whole GGUF model (a sentence), or None. Reads the header and the
    tensor table with the ``gguf`` package (llama.cpp's own reader, in the ``llm`` extra)."""
    try:
        from gguf import GGUFReader
    except ImportError:
        return None  # without the llm extra, runtime.model_file_problem already says so
    path = Path(path)
    try:
        # the reader maps every tensor's bytes: a file cut short fails here, not at a job
        tensors = list(GGUFReader(path).tensors)
    except Exception as exc:  # noqa: BLE001 - any failure to parse means a damaged file
        return (f"{path.name} is damaged or cut short: its GGUF header or tensor table cannot "
                f"be read ({_short(exc)}); pull it again")
    if not tensors:
        return f"{path.name} holds no tensors: it is not a model"
    return None


def chat_formats():
    """The chat format names llama-cpp-python knows, or None when it is not installed."""
    try:
        from llama_cpp import llama_chat_format
    except ImportError:
        return None
    registry = llama_chat_format.LlamaChatCompletionHandlerRegistry()
    return sorted(registry._chat_handlers)  # no public list; the registry's own table


def chat_format_problem(name):
    """Why ``name`` is not a chat format llama.cpp knows (with the nearest one), or None."""
    known = chat_formats()
    if not name or known is None or name in known:
        return None
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    hint = f"did you mean '{close[0]}'? " if close else ""
    return f"unknown chat format '{name}' ({hint}known: {', '.join(known)})"
