"""The models ``dreadforge models pull`` offers, and where pulled models live.

A short, curated list: small instruct models in Q4_K_M that run on a laptop's CPU. Sizes are
approximate (the hub's own size is checked while downloading); each entry names its licence,
shown before anything is downloaded.
"""
from dataclasses import dataclass
from pathlib import Path

from core import config


@dataclass(frozen=True)
class CatalogModel:
    name: str
    repo: str
    filename: str
    size_gb: float
    licence: str
    about: str


CATALOG = {model.name: model for model in (
    CatalogModel("qwen2.5-1.5b-instruct", "Qwen/Qwen2.5-1.5B-Instruct-GGUF",
                 "qwen2.5-1.5b-instruct-q4_k_m.gguf", 1.1, "Apache-2.0",
                 "small and quick; plain but coherent prose"),
    CatalogModel("gemma-2-2b-it", "bartowski/gemma-2-2b-it-GGUF", "gemma-2-2b-it-Q4_K_M.gguf",
                 1.7, "Gemma Terms of Use", "good English prose for its size"),
    CatalogModel("llama-3.2-3b-instruct", "bartowski/Llama-3.2-3B-Instruct-GGUF",
                 "Llama-3.2-3B-Instruct-Q4_K_M.gguf", 2.0, "Llama 3.2 Community License",
                 "the best stories of the three; needs about 3 GB of memory"),
)}


def data_dir():
    """The data folder (``DREADFORGE_DATA``, as ``core.config`` reads it)."""
    return config.data_dir()


def models_dir():
    return data_dir() / "models"


def pulled_models():
    """The GGUF files in the data folder's ``models`` folder, by name."""
    folder = models_dir()
    return sorted(folder.glob("*.gguf")) if folder.is_dir() else []


def catalog_entry_for(path):
    """The catalog entry a pulled file came from, or None."""
    return next((m for m in CATALOG.values() if m.filename == Path(path).name), None)


def resolve_model(value, base_dir=None):
    """The model file an option names: a catalog name, a path, or "" for the first pulled model.

    Returns None when nothing is named and nothing was pulled. A relative path is relative to the
    folder of plugins.toml.
    """
    value = (value or "").strip()
    if not value:
        pulled = pulled_models()
        return pulled[0] if pulled else None
    if value in CATALOG:
        return models_dir() / CATALOG[value].filename
    path = Path(value).expanduser()
    if not path.is_absolute():
        path = Path(base_dir or ".") / path
    return path.resolve()
