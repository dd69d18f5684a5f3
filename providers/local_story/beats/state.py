"""What the protagonist's choice has settled, beat by beat, for the writer's lines: a line that
hands the key element over ("I put the key out for it to find") only where the story gave it up,
a line that still has it ("I kept the key") only where it was kept. Read from the plan's saved
choice (``beat.choice.branch``), so a story written from an edited outline follows it too."""

GIVEN, HELD = "element_given", "element_held"


def choice_at(plan):
    """The index of the beat whose choice opens a branch, and that branch ("" when none)."""
    for i, beat in enumerate(plan.beats):
        branch = getattr(beat.choice, "branch", "") if beat.choice is not None else ""
        if branch:
            return i, branch
    return -1, ""


def settled(plan, beat, element):
    """What the writer may say of ``element`` in ``beat``: ``{"element_given"}`` once the story
    has given it up (from the choice on), ``{"element_held"}`` while the protagonist has it."""
    if element is None:
        return set()
    at, branch = choice_at(plan)
    index = next((i for i, b in enumerate(plan.beats) if b is beat), -1)
    if branch == "give" and index >= at and named(plan.beats[at].choice.taken, element):
        return {GIVEN}
    return {HELD}


def named(text, element):
    """Whether ``text`` names ``element`` (by its name or its handle)."""
    low = (text or "").lower()
    return any(n and n.lower() in low for n in (element.name, element.handle))
