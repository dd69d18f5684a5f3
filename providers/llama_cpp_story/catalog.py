"""The models ``dreadforge models pull`` offers, and where pulled models live.

A short, curated list: small instruct models in Q4_K_M that run on a laptop's CPU. Sizes are
approximate (the hub's own size is checked while downloading); each entry names its licence,
shown before anything is downloaded. The first is the recommended one (``RECOMMENDED``), and says
why; when several are pulled, ``provider = "auto"`` (and an empty ``model``) takes the first in
this order.
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
    #: the model's own name, as the story page says who wrote a story ("Gemma 3 4B IT")
    title: str = ""
    #: why it is the recommended one (only that one says)
    why: str = ""


CATALOG = {model.name: model for model in (
    CatalogModel("gemma-3-4b-it", "bartowski/google_gemma-3-4b-it-GGUF",
                 "google_gemma-3-4b-it-Q4_K_M.gguf", 2.5, "Gemma Terms of Use",
                 "the best stories of the small models; needs about 3.5 GB of memory",
                 title="Gemma 3 4B IT",
                 why="it leads the public EQ-Bench Creative Writing v3 among small models "
                     "(Elo 1113, against 703 for Llama 3.2 3B)"),
    CatalogModel("qwen2.5-1.5b-instruct", "Qwen/Qwen2.5-1.5B-Instruct-GGUF",
                 "qwen2.5-1.5b-instruct-q4_k_m.gguf", 1.1, "Apache-2.0",
                 "small and quick; plain but coherent prose", title="Qwen2.5 1.5B Instruct"),
    CatalogModel("gemma-2-2b-it", "bartowski/gemma-2-2b-it-GGUF", "gemma-2-2b-it-Q4_K_M.gguf",
                 1.7, "Gemma Terms of Use", "good English prose for its size",
                 title="Gemma 2 2B IT"),
    CatalogModel("llama-3.2-3b-instruct", "bartowski/Llama-3.2-3B-Instruct-GGUF",
                 "Llama-3.2-3B-Instruct-Q4_K_M.gguf", 2.0, "Llama 3.2 Community License",
                 "good stories; needs about 3 GB of memory", title="Llama 3.2 3B Instruct"),
)}
RECOMMENDED = next(iter(CATALOG.values()))


def data_dir():
    """The data folder (``DREADFORGE_DATA``, as ``core.config`` reads it)."""
    return config.data_dir()


def models_dir():
    return data_dir() / "models"


def _catalog_order(path):
    names = [model.filename for model in CATALOG.values()]
    return (names.index(path.name) if path.name in names else len(names), path.name)


def pulled_models():
    """The GGUF files in the data folder's ``models`` folder: the catalog's in its order (the
    recommended first), then the others by name."""
    folder = models_dir()
    return sorted(folder.glob("*.gguf"), key=_catalog_order) if folder.is_dir() else []


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
