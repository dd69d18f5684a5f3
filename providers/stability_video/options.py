"""Options of the ``stability`` video provider, read from ``[video.stability]`` in plugins.toml."""
from marshmallow import Schema, fields, validate

DEFAULT_HOST = "grpc.stability.ai:443"
DEFAULT_ENGINE = "stable-diffusion-xl-1024-v1-0"
DEFAULT_API_KEY_ENV = "STABILITY_KEY"


class Options(Schema):
    api_key_env = fields.String(
        load_default=DEFAULT_API_KEY_ENV,
        validate=validate.Regexp(r"^[A-Za-z_][A-Za-z0-9_]*$",
                                 error="must be the name of an environment variable"))
    host = fields.String(load_default=DEFAULT_HOST,
                         validate=validate.Regexp(r"^[^\s/]+:\d{1,5}$", error="must be host:port"))
    engine = fields.String(load_default=DEFAULT_ENGINE,
                           validate=validate.Length(min=1, error="must not be empty"))
    steps = fields.Integer(load_default=30, strict=True, validate=validate.Range(min=10, max=150))
    cfg_scale = fields.Float(load_default=7.0, validate=validate.Range(min=0, max=35))
    timeout = fields.Float(load_default=120.0, validate=validate.Range(min=0, min_inclusive=False))
    insecure = fields.Boolean(load_default=False)
