"""Built-in moderation filter: a configurable word list that rejects or flags text."""
import re

from marshmallow import Schema, fields, validate

from core.hookspecs import hookimpl
from core.providers import ModerationFilter, Verdict


class WordListOptions(Schema):
    action = fields.String(load_default="reject", validate=validate.OneOf(["reject", "flag"]))
    words = fields.List(fields.String(), load_default=list)


class WordListFilter(ModerationFilter):
    name = "wordlist"
    label = "Word list"
    Options = WordListOptions

    def __init__(self, options=None):
        super().__init__(options)
        words = [w.strip() for w in self.options.get("words", []) if w.strip()]
        self.pattern = (re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b", re.I)
                        if words else None)

    def check(self, text, kind):
        if not self.pattern or not text:
            return None
        match = self.pattern.search(text)
        if not match:
            return None
        return Verdict(self.options.get("action", "reject"),
                       f"Your {kind} contains a blocked word: '{match.group(0)}'")


@hookimpl
def register_moderation_filters():
    return [WordListFilter]
