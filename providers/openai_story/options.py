"""Options of the ``openai`` story provider, read from ``[story.openai]`` in plugins.toml.

An empty ``api_key_env`` means "no key": for keyless local servers (Ollama, llama.cpp, vLLM) the
provider then sends a placeholder key and never falls back to ``OPENAI_API_KEY``.
"""
from marshmallow import Schema, fields, validate

DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_API_KEY_ENV = "OPENAI_API_KEY"


class Options(Schema):
    model = fields.String(load_default=DEFAULT_MODEL,
                          validate=validate.Length(min=1, error="must not be empty"))
    base_url = fields.Url(load_default=DEFAULT_BASE_URL, require_tld=False,
                          schemes={"http", "https"})
    api_key_env = fields.String(
        load_default=DEFAULT_API_KEY_ENV,
        validate=validate.Regexp(r"^([A-Za-z_][A-Za-z0-9_]*)?$",
                                 error="must be the name of an environment variable"))
    temperature = fields.Float(load_default=0.9, validate=validate.Range(min=0, max=2))
    timeout = fields.Float(load_default=60.0,
                           validate=validate.Range(min=0, min_inclusive=False))
    max_retries = fields.Integer(load_default=3, strict=True,
                                 validate=validate.Range(min=0, max=10))
    #: discourages repeated phrasing (OpenAI's range is -2 to 2; 0 sends nothing)
    frequency_penalty = fields.Float(load_default=0.3, validate=validate.Range(min=-2, max=2))
    #: "model": the model writes the story's plan (as JSON); "engine": the offline engine's plan
    plan = fields.String(load_default="model", validate=validate.OneOf(["model", "engine"]))
