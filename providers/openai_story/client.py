"""Chat completions against any OpenAI-compatible server, with failures a creator can read.

Every failure leaves this module as a ``ProviderError`` with a fixed, readable sentence. It is
raised outside of the ``except`` block that caught the client's exception, so the client's
exception (its request, headers and response body) is not chained to it and cannot leak into a
traceback. The API key is redacted from the (debug) details that are logged.

``openai`` is imported on first use: building the plugin manager (web app, CLI, workers) should not
pay for importing it when another story provider is active.
"""
import hashlib
import logging
import os
from dataclasses import dataclass
from urllib.parse import urlsplit

from core.providers import ProviderError

log = logging.getLogger(__name__)

#: sent to keyless local servers; also stops the client from falling back to OPENAI_API_KEY
PLACEHOLDER_KEY = "sk-no-key-required"

REFUSAL_CODES = {"content_filter", "content_policy_violation"}


class _Malformed(Exception):
    """A chunk or completion that does not have the shape of a chat completion."""


@dataclass
class Answer:
    text: str
    finish_reason: str


class ChatService:
    """One configured story service: model, base URL, key, timeout and retries.

    It is the ``ChatModel`` of the ``openai`` provider (see ``providers.model_story.provider``):
    ``chat`` streams, ``complete`` does not; an empty answer is returned as "" for the writer to
    ask again.
    """

    def __init__(self, options):
        self.model = options["model"]
        self.base_url = options["base_url"]
        self.api_key_env = options["api_key_env"]
        self.temperature = options["temperature"]
        self.timeout = options["timeout"]
        self.max_retries = options["max_retries"]
        self.frequency_penalty = options.get("frequency_penalty", 0.0)
        self._client = None
        self._client_key = None

    # --- the client ----------------------------------------------------------------------------

    def _api_key(self):
        return os.environ.get(self.api_key_env, "") if self.api_key_env else ""

    def client(self):
        """The OpenAI client, rebuilt when the key in the environment changes."""
        key = self._api_key() or PLACEHOLDER_KEY
        fingerprint = hashlib.sha256(key.encode()).hexdigest()
        if self._client is None or self._client_key != fingerprint:
            import openai

            self._client = openai.OpenAI(base_url=self.base_url, api_key=key,
                                         timeout=self.timeout, max_retries=self.max_retries)
            self._client_key = fingerprint
        return self._client

    def _create(self, messages, stream, seed=None, max_tokens=None, stop=(), json_mode=False):
        extra = {"seed": seed} if seed else {}
        if max_tokens:
            extra["max_tokens"] = int(max_tokens)
        if stop:
            extra["stop"] = list(stop)[:4]  # the API takes at most four
        if self.frequency_penalty:
            extra["frequency_penalty"] = self.frequency_penalty
        if json_mode:
            extra["response_format"] = {"type": "json_object"}
        return self.client().chat.completions.create(
            model=self.model, messages=messages, temperature=self.temperature, stream=stream,
            **extra)

    # --- calls ---------------------------------------------------------------------------------

    def stream(self, messages, on_text=None, seed=None, what="story", max_tokens=None, stop=(),
               json_mode=False):
        """Stream a chat completion, calling ``on_text(piece)`` for each piece of text received.

        When ``on_text`` returns True the stream is closed at once: the caller has what it needs.
        """
        failure = None
        parts, refusals, finish_reason = [], [], None
        try:
            response = self._create(messages, stream=True, seed=seed, max_tokens=max_tokens,
                                    stop=stop, json_mode=json_mode)
        except Exception as exc:  # noqa: BLE001 - translated below, outside of this block
            failure = self._translate(exc)
        if failure is None:
            iterator = iter(response)
            try:
                while True:
                    try:
                        chunk = next(iterator)
                        content, refusal, reason = _chunk_parts(chunk)
                    except StopIteration:
                        break
                    except Exception as exc:  # noqa: BLE001
                        failure = self._translate(exc)
                        break
                    if refusal:
                        refusals.append(refusal)
                    if reason:
                        finish_reason = reason
                    if content:
                        parts.append(content)
                        if on_text is not None and on_text(content):
                            finish_reason = finish_reason or "enough"
                            break
            finally:
                response.close()
        if failure is not None:
            raise failure
        text = "".join(parts)
        self._check(text, refusals, finish_reason, what, streamed=True)
        return Answer(text, finish_reason)

    def chat(self, messages, *, max_tokens, stop=(), on_text=None, json_mode=False, seed=None,
             what="story"):
        return self.stream(messages, on_text, seed=seed, what=what, max_tokens=max_tokens,
                           stop=stop, json_mode=json_mode).text

    def complete(self, messages, *, max_tokens=None, what="answer"):
        """A non-streaming chat completion; the answer's text."""
        failure = None
        try:
            completion = self._create(messages, stream=False, max_tokens=max_tokens)
            content, refusal, finish_reason = _completion_parts(completion)
        except Exception as exc:  # noqa: BLE001
            failure = self._translate(exc)
        if failure is not None:
            raise failure
        self._check(content or "", [refusal] if refusal else [], finish_reason, what,
                    streamed=False)
        return content or ""

    def _check(self, text, refusals, finish_reason, what, streamed):
        if refusals or finish_reason == "content_filter":
            log.info("story service refused the prompt (finish_reason=%s)", finish_reason)
            raise ProviderError("The story service refused this prompt.")
        if streamed and finish_reason is None:
            log.warning("story service stream ended without a finish_reason after %d chars",
                        len(text))
            raise ProviderError("The story service stopped answering before it finished. "
                                "Please try again.")

    # --- errors --------------------------------------------------------------------------------

    def redact(self, text):
        key = self._api_key()
        text = str(text)
        if key and len(key) >= 4:
            text = text.replace(key, "***")
        return text

    def _host(self):
        parts = urlsplit(self.base_url)
        host = parts.hostname or self.base_url
        return f"{host}:{parts.port}" if parts.port else host

    def _translate(self, exc):
        """A ProviderError a creator can read for an exception of the client or of parsing."""
        import openai
        import pydantic

        detail = getattr(exc, "message", None) or str(exc)
        log.warning("story service call to %s failed: %s: %s", self._host(),
                    type(exc).__name__, self.redact(detail)[:300])
        if isinstance(exc, openai.APITimeoutError):
            return ProviderError(f"The story service timed out after {self.timeout:g} s.")
        if isinstance(exc, openai.APIConnectionError):
            return ProviderError(f"Could not reach the story service at {self._host()}.")
        if isinstance(exc, openai.APIStatusError):
            return self._status_error(exc)
        if isinstance(exc, openai.APIResponseValidationError):
            return ProviderError("The story service sent a malformed answer.")
        if isinstance(exc, openai.APIError):  # an error event in the middle of a stream
            if exc.code in REFUSAL_CODES:
                return ProviderError("The story service refused this prompt.")
            return ProviderError("The story service reported an error while writing. "
                                 "Please try again.")
        if isinstance(exc, (_Malformed, ValueError, TypeError, pydantic.ValidationError)):
            return ProviderError("The story service sent a malformed answer.")
        if isinstance(exc, openai.OpenAIError):
            return ProviderError("The story service is not configured correctly.")
        return ProviderError("The story service failed unexpectedly. Please try again.")

    def _status_error(self, exc):
        code = exc.status_code
        if exc.code in REFUSAL_CODES:
            return ProviderError("The story service refused this prompt.")
        if code == 401:
            if not self._api_key():
                where = (f"set the environment variable {self.api_key_env}" if self.api_key_env
                         else "set api_key_env in plugins.toml")
                return ProviderError(f"The story service needs an API key: {where}.")
            return ProviderError("The story service rejected the API key.")
        if code == 403:
            return ProviderError("The story service denied access with this API key.")
        if code == 404:
            return ProviderError(f"The story service does not offer the model '{self.model}'.")
        if code == 429:
            if "insufficient_quota" in (exc.code, getattr(exc, "type", None)):
                return ProviderError("The story service account has run out of credit.")
            return ProviderError("The story service is busy (too many requests). "
                                 "Please try again in a minute.")
        if exc.code == "context_length_exceeded":
            return ProviderError(f"The story is too long for the model '{self.model}'.")
        if code >= 500:
            return ProviderError(f"The story service is having trouble (HTTP {code}). "
                                 "Please try again later.")
        return ProviderError(f"The story service rejected the request (HTTP {code}).")


def endpoint_problems(options, timeout):
    """``{"base_url": why}`` when the server at ``base_url`` cannot be reached or refuses the
    key; ``{}`` when it answers (a 404 for the model list is an answer: not every server has one)."""
    import openai

    service = ChatService({**options, "timeout": timeout, "max_retries": 0})
    failure = None
    try:
        service.client().models.list()
    except openai.NotFoundError:
        return {}
    except openai.OpenAIError as exc:
        failure = service._translate(exc)
    if failure is None:
        return {}
    return {"base_url": f"{options['base_url']}: {failure}"}


# --- reading answers -----------------------------------------------------------------------------


def _text_or_none(value):
    if value is None or isinstance(value, str):
        return value
    raise _Malformed(f"expected text, got {type(value).__name__}")


def _first_choice(obj):
    choices = getattr(obj, "choices", None)
    if choices is None:
        raise _Malformed("no choices")
    if not isinstance(choices, list):
        raise _Malformed("choices is not a list")
    if not choices:
        return None  # e.g. a final usage-only chunk
    choice = choices[0]
    if isinstance(choice, dict):
        raise _Malformed("choice has the wrong shape")
    return choice


def _chunk_parts(chunk):
    """(content, refusal, finish_reason) of one streamed chunk."""
    choice = _first_choice(chunk)
    if choice is None:
        return None, None, None
    delta = getattr(choice, "delta", None)
    if delta is None or isinstance(delta, dict):
        if isinstance(delta, dict):
            raise _Malformed("delta has the wrong shape")
        return None, None, _text_or_none(getattr(choice, "finish_reason", None))
    return (_text_or_none(getattr(delta, "content", None)),
            _text_or_none(getattr(delta, "refusal", None)),
            _text_or_none(getattr(choice, "finish_reason", None)))


def _completion_parts(completion):
    """(content, refusal, finish_reason) of a whole completion."""
    if isinstance(completion, (str, bytes)):
        raise _Malformed("the answer is not JSON")
    choice = _first_choice(completion)
    if choice is None:
        raise _Malformed("no choices")
    message = getattr(choice, "message", None)
    if message is None or isinstance(message, dict):
        raise _Malformed("no message")
    return (_text_or_none(getattr(message, "content", None)),
            _text_or_none(getattr(message, "refusal", None)),
            _text_or_none(getattr(choice, "finish_reason", None)))
