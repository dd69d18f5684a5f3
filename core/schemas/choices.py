"""The spec's choice lists (§5) as named OpenAPI enums, so the web app reads them from the
generated types (``webapp/src/types/api.gen.ts``) instead of typing them again.

Fields that accept a choice document the union their route accepts; these components name each
list a screen offers (the creation form's, the explore filters', the video editor's). Lists a
field already names (``Video.status``, ``Video.creationMode``, ``User.role``) are not repeated.
"""
from core import choices

CHOICE_LISTS = {
    "CreationGenre": choices.CREATION_GENRES,
    "CreationMood": choices.CREATION_MOODS,
    "ExploreGenre": (choices.ALL_GENRES, *choices.EXPLORE_GENRES),
    "ExploreMood": (choices.ALL_MOODS, *choices.EXPLORE_MOODS),
    "Sort": choices.SORTS,
    "TimeOfDay": choices.TIMES_OF_DAY,
    "Weather": choices.WEATHER,
    "Perspective": choices.PERSPECTIVES,
    "Pacing": choices.PACINGS,
    "StoryLengthLabel": tuple(choices.STORY_LENGTH_LABELS),
    "CreationAnimationStyle": choices.CREATION_ANIMATION_STYLES,
    "CreationNarrationVoice": choices.CREATION_NARRATION_VOICES,
    "CreationMusic": choices.CREATION_MUSIC,
    "CreationAspectRatio": choices.CREATION_ASPECT_RATIOS,
    "CreationResolution": choices.CREATION_RESOLUTIONS,
    "EditorAnimationStyle": choices.EDITOR_ANIMATION_STYLES,
    "EditorNarrationVoice": choices.EDITOR_NARRATION_VOICES,
    "EditorMusic": choices.EDITOR_MUSIC,
    "EditorAspectRatio": choices.EDITOR_ASPECT_RATIOS,
    "EditorResolution": choices.EDITOR_RESOLUTIONS,
    "FrameRate": choices.FRAME_RATES,
    "ColorGrading": choices.COLOR_GRADINGS,
    "Transition": choices.TRANSITIONS,
}


def enum_schema(values):
    kind = "integer" if all(isinstance(value, int) for value in values) else "string"
    return {"type": kind, "enum": list(values)}


def share_choice_schema(targets):
    """What a share may name: one enabled target's ``platform`` with its ``shareType``."""
    pairs = [{"type": "object", "properties": {
        "platform": {"type": "string", "enum": [target.id]},
        "shareType": {"type": "string", "enum": [target.share_type]}}} for target in targets]
    return {"anyOf": pairs} if pairs else {"not": {}}


def document_choice_lists(spec, share_targets=()):
    """Add every list of ``CHOICE_LISTS`` to the OpenAPI components of ``spec``, and
    ``ShareChoice``: the enabled ``share_targets`` (fixed while the site runs)."""
    for name, values in CHOICE_LISTS.items():
        spec.components.schema(name, enum_schema(values))
    spec.components.schema("ShareChoice", share_choice_schema(share_targets))
