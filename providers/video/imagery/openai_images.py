"""Scene pictures from any OpenAI-compatible images endpoint (``images.generate``: OpenAI itself,
LocalAI and the other servers that speak it), chosen with ``[video] images = "openai"``; options
in ``[video.openai]``::

    [video]
    images = "openai"
    [video.openai]
    base_url = "https://api.openai.com/v1"
    model = "gpt-image-1"
    size = "1536x1024"
    api_key_env = "OPENAI_API_KEY"   # the NAME of the variable holding the key
"""
import base64
import io
import os

from marshmallow import Schema, fields, validate
from PIL import Image

from core.providers import ProviderError


class Options(Schema):
    base_url = fields.String(load_default="https://api.openai.com/v1",
                             validate=validate.URL(schemes={"http", "https"}, require_tld=False,
                                                   error="must be an http(s) URL"))
    model = fields.String(load_default="gpt-image-1", validate=validate.Length(min=1, error="must not be empty"))
    size = fields.String(load_default="1536x1024",
                         validate=validate.Regexp(r"^(\d{2,4}x\d{2,4}|auto)$", error="must be WIDTHxHEIGHT or auto"))
    quality = fields.String(load_default="", validate=validate.Length(max=20))
    response_format = fields.String(load_default="b64_json", validate=validate.OneOf(
        ["b64_json", ""], error="must be \"b64_json\" or \"\" (the server's default)"))
    api_key_env = fields.String(load_default="OPENAI_API_KEY", validate=validate.Regexp(
        r"^[A-Za-z_][A-Za-z0-9_]*$", error="must be the name of an environment variable"))
    timeout = fields.Float(load_default=120.0, validate=validate.Range(min=0, min_inclusive=False))
    max_retries = fields.Integer(load_default=2, strict=True, validate=validate.Range(min=0, max=10))


class OpenAIImages:
    """The ``openai`` image source: one picture per prompt."""

    name = "openai"
    label = "OpenAI-compatible images endpoint"
    Options = Options
    secret_env_options = ("api_key_env",)

    def __init__(self, options=None):
        self.options = Options().load(dict(options or {}))
        self.prompts = []

    def _client(self):
        import openai
        env = self.options["api_key_env"]
        key = os.environ.get(env, "")
        if not key:
            raise ProviderError(f"Images API key missing: environment variable {env} is not set")
        return openai.OpenAI(base_url=self.options["base_url"], api_key=key,
                             timeout=self.options["timeout"], max_retries=self.options["max_retries"])

    def generate(self, prompt, client=None):
        """A PIL image for ``prompt``; a ``ProviderError`` a user can read when the server fails."""
        import openai
        client = client or self._client()
        o = self.options
        extra = {"quality": o["quality"]} if o["quality"] else {}
        if o["response_format"]:
            extra["response_format"] = o["response_format"]
        self.prompts.append(prompt)
        try:
            answer = client.images.generate(model=o["model"], prompt=prompt, size=o["size"], n=1, **extra)
        except openai.APIStatusError as exc:
            raise ProviderError(f"The images endpoint refused the picture ({exc.status_code}): "
                                f"{getattr(exc, 'message', exc)}") from None
        except openai.APIError as exc:
            raise ProviderError(f"The images endpoint could not be reached: {exc}") from None
        data = answer.data[0] if answer.data else None
        if data is None or not data.b64_json:
            raise ProviderError("The images endpoint answered without a picture")
        try:
            return Image.open(io.BytesIO(base64.b64decode(data.b64_json))).convert("RGB")
        except (OSError, ValueError):
            raise ProviderError("The images endpoint answered with something that is not a picture") from None
