"""Tags and content warnings: what a tag may be, and the fixed list of warnings
(``core/data/content_warnings.toml``)."""
import re
import tomllib
from functools import lru_cache
from pathlib import Path

WARNINGS_FILE = Path(__file__).with_name("data") / "content_warnings.toml"
MAX_TAGS = 10
MAX_TAG = 30
#: letters, digits, spaces and hyphens (after trimming and lower-casing)
TAG = re.compile(r"^[^\W_]+(?:[ -][^\W_]+)*$")
SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1)
def warnings():
    """``{key: label}`` in the file's order; a malformed entry fails at load."""
    table = tomllib.loads(WARNINGS_FILE.read_text(encoding="utf-8"))
    for key, entry in table.items():
        if set(entry) != {"label"} or not isinstance(entry["label"], str) or not entry["label"]:
            raise ValueError(f"{WARNINGS_FILE.name}: [{key}] needs a label")
    return {key: entry["label"] for key, entry in table.items()}


def normal_tag(text):
    """A tag as stored: trimmed, inner spaces made one, lower-cased."""
    return SPACES.sub(" ", str(text).strip()).lower()


def tag_problem(tag):
    """Why ``tag`` (normalised) cannot be a tag, or None."""
    if not tag:
        return "A tag cannot be empty"
    if len(tag) > MAX_TAG:
        return f"A tag is at most {MAX_TAG} characters ('{tag[:MAX_TAG]}…')"
    if not TAG.match(tag):
        return f"'{tag}': a tag is letters, digits, spaces and hyphens"
    return None
