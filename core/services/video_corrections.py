"""Storyboard corrections of a video's scenes: who is in a scene, where it is, what it shows.

They are kept on the scenes of the last render (``videos.scenes``: ``edited`` and the parts the
creator ``corrected``), handed to the next render (``of``: the ``who``, ``where`` and ``shows``
maps of a ``VideoRenderRequest``) and kept on the scenes that render makes (``parts``).
"""
from core.errors import abort

PARTS = ("shows", "who", "where")


def correct(video, corrections):
    """Storyboard corrections onto the last render's scenes (matched by their line): each
    corrected scene keeps who the creator says is in it, where it is and what it shows (the parts
    sent), marked ``edited``, and the next render draws it so; a scene sent with its line alone is
    left as it is. A corrected line no scene of the last render has is a 409 (the storyboard sent
    is not the last render's)."""
    scenes = [dict(scene) for scene in video.scenes or []]
    by_text = {str(scene.get("text") or "").strip(): scene for scene in scenes}
    corrections = [c for c in corrections if any(part in c for part in PARTS)]
    unknown = [n for n, c in enumerate(corrections, 1) if c["text"].strip() not in by_text]
    if unknown:
        abort(409, message="The storyboard changed: render the video again, then correct its scenes",
              errors={"scenes": [f"Scene {n}: no scene of the last render has this line" for n in unknown]})
    for correction in corrections:
        scene = by_text[correction["text"].strip()]
        if "shows" in correction:
            scene["shows"] = [name.strip() for name in correction["shows"] if name.strip()]
        if "who" in correction:
            scene["who"] = [name.strip() for name in correction["who"] if name.strip()]
        if "where" in correction:
            scene["where"] = correction["where"].strip()
        scene["corrected"] = sorted({*_parts_of(scene), *(part for part in PARTS if part in correction)})
        scene["edited"] = True
    video.scenes = scenes


def _parts_of(scene):
    """The parts of a scene the creator corrected (one corrected before who and where existed
    had its ``shows`` corrected)."""
    if not scene.get("edited"):
        return []
    return list(scene.get("corrected") or ["shows"])


def of(video):
    """``{"shows": {line: [...]}, "who": {line: [...]}, "where": {line: place}}`` for a render."""
    out = {part: {} for part in PARTS}
    for scene in video.scenes or []:
        line = str(scene.get("text") or "").strip()
        for part in _parts_of(scene):
            if part == "where":
                if scene.get("where"):
                    out["where"][line] = str(scene["where"])
            elif part in out:
                out[part][line] = [str(name) for name in scene.get(part) or []]
    return out


def parts(request):
    """{line: the parts of its scene the creator corrected} of a render request."""
    out = {}
    for part in PARTS:
        for line in getattr(request, part, None) or {}:
            out.setdefault(str(line).strip(), set()).add(part)
    return out
