"""How the antagonist is met: seen (described at the first sight, up close at the climax), heard
(a voice, described as a voice) or felt (a presence, never given a body); the looks come from
``likeness``."""
import re

from .. import likeness
from ..fields import is_plural
from ..genres import genre_key


class Sight:
    def __init__(self, plan, request, rng):
        self.rng = rng
        villain = next((p for p in plan.cast if p.role == "antagonist"), None)
        self.villain = villain
        if villain is None:
            self.kind, self.looks = "", {}
            return
        pron = villain.pronouns if villain.pronouns in ("she", "he", "they") else "they"
        who = {"full": villain.name, "name": villain.handle or villain.name, "pronouns": pron}
        self.kind = likeness.kind(who)
        if villain.pronouns == "it" and self.kind == "figure":  # a dryer, a turbine, a star: no coat, no face
            self.kind, self.looks = "thing", {}
            return
        what = likeness.nature(genre_key(request.genre), "haunting", False)
        self.looks = likeness.describe(who, what, rng)

    @property
    def seen(self):
        return bool(self.looks.get("seen"))

    def _fill(self, template, slots):
        pron = self.villain.pronouns if self.villain.pronouns in ("she", "he", "they", "it") else "it"
        values = dict(self.looks, A_S=pron, A_POS={"she": "her", "he": "his", "they": "their", "it": "its"}[pron],
                      A_O={"she": "her", "he": "him", "they": "them", "it": "it"}[pron], A_WAS="were" if pron == "they" else "was", **dict({"O": "them"}, **slots))
        values.setdefault("NAME_WAS", "were" if is_plural(values.get("A", "")) else "was")
        text = template
        for _ in range(3):  # a look's {WRONG} has slots of its own
            text = re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), "")), text)
        return text[:1].upper() + text[1:]

    def first(self, subject, obj="them"):
        """The sentence after the first sight (or sound) of it (``obj``: the one who sees it, "me")."""
        if self.kind == "voice":
            return self._fill(self.rng.choice(likeness.HEARD), {"S": subject, "O": obj})
        if self.seen and self.looks.get("look"):
            return self._fill(self.rng.choice(self.looks["look"]), {"S": subject, "O": obj})
        return ""

    def close(self, name, subject, obj="them"):
        """Face to face at the climax: what only nearness shows."""
        if not self.seen or not self.looks.get("close"):
            return ""
        return self._fill(self.rng.choice(self.looks["close"]), {"A": name, "S": subject, "O": obj})
