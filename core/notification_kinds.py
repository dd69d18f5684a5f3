"""The notification kinds (``core/data/notification_kinds.toml``), loaded and checked once."""
import tomllib
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).with_name("data") / "notification_kinds.toml"
PLACES = ("{actor}", "{title}", "{detail}", "{kind}")

#: what an author reads a moderator did, by the stored action: "removed" is hiding (the work is
#: still there, only the community no longer sees it), unlike a deletion
MODERATED = {
    "removed": "hid your {kind} “{title}” from the community",
    "restored": "made your {kind} “{title}” visible to the community again",
    "deleted": "deleted your {kind} “{title}”",
}


@lru_cache(maxsize=1)
def kinds():
    """``{kind: {"label", "text"}}`` in the file's order; a malformed entry fails at load."""
    table = tomllib.loads(DATA.read_text(encoding="utf-8"))
    for name, entry in table.items():
        if set(entry) != {"label", "text"} or not all(isinstance(v, str) and v
                                                      for v in entry.values()):
            raise ValueError(f"{DATA.name}: [{name}] needs a label and a text")
    return table


def names():
    return tuple(kinds())


def line(kind, actor, title, detail="", noun=""):
    """The bell's line of one notification."""
    return kinds()[kind]["text"].format(actor=actor, title=title or "(deleted)", detail=detail,
                                        kind=noun)


def moderation(detail, kind, title):
    """The words of a moderation line from its stored detail: ``action`` or ``action|reason``
    (the reason the moderator gave), ``deleted|kind|title`` (the item itself is gone)."""
    action, _, rest = detail.partition("|")
    reason = ""
    if action == "deleted" and rest:
        kind, _, title = rest.partition("|")
    else:
        reason = rest
    words = MODERATED.get(action, action + " your {kind} “{title}”").format(
        kind=kind, title=title or "(deleted)")
    return f"{words}: {reason}" if reason else words
