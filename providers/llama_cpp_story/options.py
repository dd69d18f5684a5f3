"""Options of the ``llama_cpp`` story provider, read from ``[story.llama_cpp]`` in plugins.toml."""
import importlib.util

from marshmallow import Schema, fields, validate

from .catalog import CATALOG, resolve_model
from .model_check import chat_format_problem, gguf_problem
from .runtime import model_file_problem


class Options(Schema):
    #: a name from `dreadforge models list`, a path to a .gguf file, or "" for the pulled model
    model = fields.String(load_default="")
    n_ctx = fields.Integer(load_default=4096, strict=True,
                           validate=validate.Range(min=512, max=131072))
    #: CPU threads; 0 lets llama.cpp choose
    threads = fields.Integer(load_default=0, strict=True, validate=validate.Range(min=0, max=256))
    temperature = fields.Float(load_default=0.8, validate=validate.Range(min=0, max=2))
    top_p = fields.Float(load_default=0.95, validate=validate.Range(min=0, max=1))
    repeat_penalty = fields.Float(load_default=1.15, validate=validate.Range(min=1, max=2))
    #: llama-cpp-python's chat format ("gemma", "chatml", "llama-3" …); "" uses the model's own
    chat_format = fields.String(load_default="")
    #: "model": the model writes the story's plan (as JSON); "engine": the offline engine's plan
    plan = fields.String(load_default="model", validate=validate.OneOf(["model", "engine"]))


def option_problems(options, base_dir):
    """Checks plugins.toml's schema cannot make: the package, the model file and its size."""
    if importlib.util.find_spec("llama_cpp") is None:
        return {"model": "llama-cpp-python is not installed (pip install '.[llm]')"}
    path = resolve_model(options["model"], base_dir)
    if path is None:
        names = ", ".join(CATALOG)
        return {"model": "no model pulled yet: run `dreadforge models pull NAME` "
                         f"({names}) or set model to the path of a .gguf file"}
    if options["model"] in CATALOG and not path.exists():
        return {"model": f"model '{options['model']}' is not pulled yet: run "
                         f"`dreadforge models pull {options['model']}`"}
    problem = model_file_problem(path)
    if problem:
        return {"model": problem}
    problem = chat_format_problem(options["chat_format"])
    return {"chat_format": problem} if problem else {}


def check_problems(options, base_dir):
    """`plugins check` (not every start-up): the model file's whole GGUF header and tensors."""
    path = resolve_model(options["model"], base_dir)
    if path is None or not path.is_file():
        return {}  # option_problems has said so
    problem = gguf_problem(path)
    return {"model": problem} if problem else {}
