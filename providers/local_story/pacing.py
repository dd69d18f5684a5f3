"""Pacing profiles: how long sentences, paragraphs and scenes run for each form choice."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Pacing:
    name: str
    paragraph: tuple      # sentences per paragraph (min, max)
    join: float           # chance a filler is two sentences joined into one long one
    split: float          # chance a compound sentence is split into two short ones
    filler_words: float   # expected words per filler, used to plan budgets
    scene_count: int      # scenes in the escalation of a long story
    tail: float           # chance a trailing clause lengthens a sentence
    lead: float = 0.25    # chance a lead-in phrase opens a sentence
    fragment: float = 0.0  # chance a filler is a short, punchy fragment instead

    def paragraph_size(self, rng):
        return rng.randint(*self.paragraph)

    def scenes(self, budget):
        """Number of scenes for a section of ``budget`` words (at least ~100 words each)."""
        return max(1, min(self.scene_count, int(budget // 100)))


PACINGS = {
    "slow burn": Pacing("Slow Burn", (5, 7), 0.85, 0.0, 26.0, 2, 0.45, 0.35),
    "moderate": Pacing("Moderate", (3, 5), 0.25, 0.05, 15.0, 3, 0.25, 0.25),
    "fast-paced": Pacing("Fast-Paced", (2, 3), 0.0, 0.45, 11.0, 5, 0.1, 0.15, 0.05),
    "intense": Pacing("Intense", (1, 2), 0.0, 0.95, 6.0, 7, 0.05, 0.05, 0.55),
}


def pacing_profile(value):
    key = (value or "").strip().lower().replace("_", "-")
    if key in ("fast", "fast paced", "fastpaced"):
        key = "fast-paced"
    if key in ("slow", "slowburn", "slow-burn"):
        key = "slow burn"
    return PACINGS.get(key, PACINGS["moderate"])
