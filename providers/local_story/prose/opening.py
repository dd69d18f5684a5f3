"""How the first line names the setting: a short setting field whole ("a laundromat in Osaka"), a long
one by its head noun and one modifier ("the drying shed", not "the stockfish drying shed above the
harbour at Dalvík, north Iceland, in February"): a person says where they went, not the form's
field. The handle is the reading's own (``reading.phrases.handles_for``), kept to the noun the
world calls the place by."""
import re

from ..fields import definite
from ..reading.lexicon import lexicon
from ..reading.phrases import handles_for
from .things import head

#: a setting of more words than this (or one with a comma: "..., north Iceland, in February") is too
#: long to say whole in the first line
LONGEST = 8


def opening_name(setting, home):
    """What the first line calls ``setting`` (the form's field); ``home`` is what the story calls
    it after that ("the shed"). A short field is said whole, with "the"."""
    said = definite((setting or "").strip())
    if (len(setting.split()) <= LONGEST and "," not in setting) or not home:
        return said
    noun = head(home)
    own = [h for h in handles_for(setting) if head(h) == noun and len(h.split()) == 3]
    if own:  # "the shearing shed", not "the shed on the sheep station": one modifier, no more
        return own[0]
    words = re.findall(r"[\w'’-]+", setting)
    at = next((i for i, w in enumerate(words) if w.lower() == noun), -1)
    before = words[at - 1] if at > 0 else ""
    if before and before.lower() not in lexicon().determiners and before.islower():
        return f"the {before} {words[at]}"  # "the drying shed"
    return home
