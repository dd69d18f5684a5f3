"""llama.cpp in this process: each model loaded once per worker process, and called safely.

The worker loads it before RQ forks a work horse per job (``preload``), so the jobs share it.

``llama_cpp`` is imported on first use, so the web app and the CLI never pay for it. Whatever goes
wrong (a missing or damaged file, too little memory, a prompt longer than the context) leaves as a
``ProviderError`` with a sentence a creator can read; the worker keeps running.
"""
import atexit
import logging
import threading
from pathlib import Path

import psutil

from core.providers import ProviderError

log = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"
#: a model needs about its file's size in memory, plus the context and scratch buffers
MEMORY_FACTOR = 1.2

_models = {}
_models_lock = threading.Lock()

#: llama-cpp-python's chat formats that drop a system message (its ``gemma`` does: Gemma has no
#: system turn); under them the system message goes at the head of the first user message
SYSTEMLESS_FORMATS = {"gemma"}


def fold_system(messages):
    """``messages`` without a system message: its text opens the first user message (what
    Gemma's own chat template does with one)."""
    system = "\n\n".join(m["content"] for m in messages if m["role"] == "system")
    rest = [dict(m) for m in messages if m["role"] != "system"]
    if system:
        first = next((m for m in rest if m["role"] == "user"), None)
        if first is None:
            rest.insert(0, {"role": "user", "content": system})
        else:
            first["content"] = f"{system}\n\n{first['content']}"
    return rest


@atexit.register
def _close_models():
    """Free the loaded models while the interpreter still works (left to the garbage collector at
    shutdown, llama.cpp's own finaliser fails with a TypeError on stderr)."""
    with _models_lock:
        while _models:
            _, model = _models.popitem()
            try:
                model.close()
            except Exception:  # noqa: BLE001 - shutting down; nothing to report to anyone
                pass


def _gb(size):
    return f"{size / 1e9:.1f} GB"


def model_file_problem(path, available=None):
    """Why this file cannot be loaded as a model (a sentence), or None when it looks right."""
    path = Path(path)
    if not path.is_file():
        return f"no model file at {path}"
    with path.open("rb") as fh:
        if fh.read(4) != GGUF_MAGIC:
            return f"{path.name} is not a GGUF model file"
    needed = path.stat().st_size * MEMORY_FACTOR
    memory = psutil.virtual_memory().total if available is None else available
    if needed > memory:
        return (f"{path.name} needs about {_gb(needed)} of memory; this machine has "
                f"{_gb(memory)}")
    return None


def load_model(path, n_ctx, threads, chat_format=""):
    """The loaded ``Llama`` for these settings, loaded on first use and kept for the process."""
    key = (str(path), n_ctx, threads, chat_format)
    with _models_lock:
        if key in _models:
            return _models[key]
        problem = model_file_problem(path, available=psutil.virtual_memory().available)
        if problem:
            raise ProviderError(f"The story model cannot be loaded: {problem}.")
        try:
            import llama_cpp
        except ImportError:
            raise ProviderError("The llama_cpp story provider needs llama-cpp-python "
                                "(pip install '.[llm]').") from None
        failure = None
        try:
            model = llama_cpp.Llama(model_path=str(path), n_ctx=n_ctx,
                                    n_threads=threads or None, chat_format=chat_format or None,
                                    verbose=False)
        except Exception as exc:  # noqa: BLE001 - llama.cpp reports a bad file as ValueError
            log.warning("could not load %s: %s: %s", path, type(exc).__name__, exc)
            failure = ProviderError(f"The story model {Path(path).name} could not be loaded: "
                                    "the file is damaged or not a model llama.cpp can run.")
        if failure is not None:
            raise failure
        _models[key] = model
        return model


class LlamaChat:
    """The ``ChatModel`` of the ``llama_cpp`` provider (see ``providers.model_story.provider``)."""

    def __init__(self, path, options):
        self.path = Path(path)
        self.options = options
        self._lock = threading.Lock()  # one generation at a time per loaded model

    def _model(self):
        return load_model(self.path, self.options["n_ctx"], self.options["threads"],
                          self.options["chat_format"])

    def _arguments(self, messages, max_tokens, stop, seed):
        if self.options["chat_format"] in SYSTEMLESS_FORMATS:
            messages = fold_system(messages)
        arguments = {"messages": messages, "max_tokens": int(max_tokens),
                     "temperature": self.options["temperature"], "top_p": self.options["top_p"],
                     "repeat_penalty": self.options["repeat_penalty"]}
        if stop:
            arguments["stop"] = list(stop)
        if seed:
            arguments["seed"] = int(seed)
        return arguments

    def chat(self, messages, *, max_tokens, stop=(), on_text=None, json_mode=False, seed=None,
             what="story"):
        # json_mode is not passed on: llama.cpp's JSON grammar made each token ~20x slower here;
        # the plan is asked for in words and validated instead.
        model = self._model()
        parts = []
        failure = None
        with self._lock:
            try:
                for chunk in model.create_chat_completion(
                        stream=True, **self._arguments(messages, max_tokens, stop, seed)):
                    piece = (chunk["choices"][0].get("delta") or {}).get("content") or ""
                    if not piece:
                        continue
                    parts.append(piece)
                    if on_text is not None and on_text(piece):
                        break
            except ProviderError as exc:  # the job was cancelled while it streamed
                failure = exc
            except Exception as exc:  # noqa: BLE001 - translated below
                failure = self._translate(exc)
        if failure is not None:
            raise failure
        return "".join(parts)

    def complete(self, messages, *, max_tokens, what="answer"):
        return self.chat(messages, max_tokens=max_tokens, what=what)

    def _translate(self, exc):
        log.warning("llama.cpp failed: %s: %s", type(exc).__name__, str(exc)[:300])
        if isinstance(exc, ValueError) and "context window" in str(exc):
            return ProviderError(f"The story is too long for the model's context "
                                 f"(n_ctx = {self.options['n_ctx']}): raise n_ctx in "
                                 "plugins.toml or ask for a shorter story.")
        return ProviderError("The story model failed while writing. Please try again.")
