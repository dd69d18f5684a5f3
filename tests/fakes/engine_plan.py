"""A tiny stand-in for the story engine's plan, used ONLY in tests while it is not on this branch.

``providers.local_story.plan.build_plan`` is the engine's (branch ``engine``); once it is merged
``install()`` does nothing and the tests use the real one. Same contract: words sum to the length.
"""
import importlib
import sys
import types

KINDS = ("hook", "first sign", "escalation", "climax")


def build_plan(request):
    who = (request.protagonist or request.characters or "the narrator").split(",")[0].strip()
    beats = [{"kind": kind, "purpose": f"the {kind}",
              "summary": f"{who} faces the {kind} in {request.setting}.",
              "state_change": f"after the {kind}, nothing is the same"} for kind in KINDS]
    base, extra = divmod(max(len(beats), request.length_words), len(beats))
    for index, beat in enumerate(beats):
        beat["words"] = base + (1 if index < extra else 0)
    return {"logline": f"{who} in {request.setting}.", "title": f"The Dark of {who}",
            "premise": request.custom_prompt or f"Something waits in {request.setting}.",
            "theme": "fear", "cast": [{"name": who, "role": "protagonist", "pronouns": "they/them",
                                       "want": "to leave"}],
            "places": [{"name": request.setting, "description": ""}],
            "twist": {"reveal": request.plot_twist, "clues": []}, "beats": beats}


def install():
    """Make ``providers.local_story.plan`` importable (the real one when it exists)."""
    try:
        importlib.import_module("providers.local_story.plan")
    except ModuleNotFoundError:
        module = types.ModuleType("providers.local_story.plan")
        module.build_plan = build_plan
        sys.modules["providers.local_story.plan"] = module
