"""The creation form read as a writer reads it, before anything is planned or written.

Each field is read for what it is, into the plan's own types (``core.story_plan``), by pure
functions with no state:

- ``read_cast``: the characters, protagonist and antagonist fields -> PersonSchema parts (names
  with their titles, surname-first names whole, descriptions kept whole with a short handle,
  pronouns only from each person's own words);
- ``handles_for``: shorter ways to say a long field phrase after its first full mention
  (``epithet_handles``: those that keep what is strange about an ordinary thing, "the uncharted star");
- ``read_elements``: key elements -> ElementSchema parts (handle, job, whether it can be carried);
- ``read_instructions``: the custom prompt -> InstructionsSchema part (what it asks, never text
  for the story); ``read_premise``: what it says the story is about, if anything;
- ``read_twist``: the plot twist -> TwistSchema part (who it is about, who they turn out to be,
  what kind of twist it is).

The word lists and cues are data (``providers/local_story/data/reading/``), loaded and checked once.
"""
from .cast import read_cast, split_people
from .elements import is_readable, read_elements
from .instructions import read_instructions, read_premise
from .phrases import best_handle, epithet_handles, handles_for, phrase_pronoun
from .twist import read_twist

__all__ = ["read_cast", "split_people", "handles_for", "epithet_handles", "best_handle", "phrase_pronoun", "read_elements", "is_readable",
           "read_instructions", "read_premise", "read_twist"]
