"""How near the antagonist is, beat by beat: told once in each beat of its approach, a step nearer
each time, and never further off again. Before: "{A} stood within reach, by {fixture}.", "{A} came on
through {place}, {slowly}.", "{A} did not come past {fixture}." five to a paragraph, near and then
far and then near again, 40 to 60 mentions a story. Now the first sign leaves a trace at the place's
own fixture (nameless), an escalation shows it once at a distance (the last one, nearer), and the
climax has it face to face; once it has come near, no sign of "something somewhere" is told again.
The lines are the phrase bank's ``approach_far``, ``approach_glimpse``, ``approach_near`` and
``approach_close`` groups, each said once in a story."""

import re

LEVELS = ("far", "glimpse", "near", "close")
#: an antagonist seen plainly (described at its first sight) is no trace any more
GLIMPSE = LEVELS.index("glimpse")
#: from this level on, no sign of "something, somewhere" and no line of any kind that tells of
#: something unseen (``UNSEEN``): it would take the antagonist further off again
NO_SIGNS_FROM = LEVELS.index("near")
#: a line of any group that tells of someone or something unseen, somewhere, or far off ("Something
#: behind the boiler breathed, and was still.", "Someone had been in the back room before him.",
#: "Then, below the breathing, something dragging.", "Every few minutes: traffic, endless and far
#: off."): once the antagonist has come near, it would take it back to a sound somewhere
UNSEEN = re.compile(r"(?:^|[.!?:;]\s+)\[?(?:Something|Someone|Somewhere)\b|\bsomewhere\b|\bsomeone\b|"
                    r"\b[Ss]omething \w+ing\b|\bfar (?:off|away)\b")


class Approach:
    """The antagonist's approach over the beats of ``plan``: the level each beat tells, and the
    nearest it has come so far."""

    def __init__(self, plan):
        self.escalations = [b.id for b in plan.beats if b.kind == "escalation"]
        self.reached = -1

    def level(self, beat):
        """The level ``beat`` tells its approach at (an index of ``LEVELS``), or None for a beat
        that tells none (the arrival, the search, the twist, the morning after)."""
        if beat.kind == "first_sign":
            level = 0
        elif beat.kind == "escalation":  # the last escalation brings it near; one before it, a glimpse
            level = 2 if beat.id == self.escalations[-1] else 1
        elif beat.kind == "climax":
            level = 3
        else:
            return None
        if self.reached >= len(LEVELS) - 1:
            return None  # face to face already: nothing nearer to tell
        return max(level, self.reached)

    def does(self, level):
        """The bank group that tells ``level``."""
        return "approach_" + LEVELS[level]

    def told(self, level):
        self.reached = max(self.reached, level)

    def allows(self, does):
        """Whether a line of the bank group ``does`` may still be told: a sign of something unseen
        somewhere only while the antagonist has not come near."""
        return does != "sign" or self.reached < NO_SIGNS_FROM

    def fits(self, text):
        """Whether a template of another group may still be told: none of something unseen,
        somewhere, once the antagonist has come near ("It reeked of wax here, closer than before."
        then "Someone had been in the tower before her." went back a step)."""
        return self.reached < NO_SIGNS_FROM or not UNSEEN.search(text)
