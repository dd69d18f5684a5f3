"""The scenes of a video: the script's lines, who and what each shows (``shot_planner``), and
where the cuts fall (one scene per spoken paragraph, none shorter than ``MIN_SCENE``)."""
import re

import numpy as np
from marshmallow import ValidationError

from core.story_plan import load_plan
from providers.video.frames.compositor import ScenePlan
from providers.video.imagery import figures
from providers.video.imagery.pictures import ShotPlanner
from providers.video.imagery.plan_shots import PlanShotPlanner
from providers.video.script import script
from providers.video.script.plan_extract import extract_plan

MIN_SCENE = 3.0
MAX_SCENE = 7.5  # a longer line is shown as two scenes or more: at least 4 in any 30 s
WEATHER_NAMES = {"fog": "Foggy", "mist": "Foggy", "snow": "Snowy", "blizzard": "Snowy", "storm": "Stormy",
                 "thunder": "Stormy", "rain": "Rainy", "wind": "Windy", "gale": "Windy", "cloud": "Cloudy"}


def max_scene(pacing):
    """The longest a scene lasts at ``pacing``: one scene's share of a minute at the pace's
    scenes a minute, at most ``MAX_SCENE`` (faster pacing, more scenes)."""
    return min(MAX_SCENE, 60.0 / script.SCENES_PER_MINUTE[script.pace(pacing)])


def plan_scenes(paragraphs, placed, duration, title, min_scene=MIN_SCENE, longest=MAX_SCENE):
    """Scenes from paragraphs, cut where each paragraph starts to be spoken."""
    starts = {}
    for s in placed:
        starts.setdefault(s.paragraph, s.start)
    texts = [str(p or "").strip() for p in paragraphs]
    if starts:
        order = sorted(starts.items(), key=lambda item: item[1])
        cuts = [(0.0 if k == 0 else max(0.0, t - 0.3), texts[p]) for k, (p, t) in enumerate(order)]
    else:
        pieces = [t for t in texts if t] or [str(title or "")]
        n = max(1, int(round(duration / 8)))
        cuts = [(duration * k / n, pieces[k % len(pieces)]) for k in range(n)]
    merged = [[t, text] for t, text in _longest_spoken(_folded(cuts, duration, min_scene), duration)]
    plan = []
    for k, (t, text) in enumerate(merged):
        end = merged[k + 1][0] if k + 1 < len(merged) else duration
        parts = max(1, int(np.ceil((end - t) / longest)))
        for j in range(parts):
            a = t + (end - t) * j / parts
            b = t + (end - t) * (j + 1) / parts
            plan.append(ScenePlan(a, b, text, len(plan)))
    return plan


def _folded(cuts, duration, min_scene):
    """The cuts in groups, one a scene: a line that starts too soon after its scene did (or
    before the end) is folded into that scene."""
    groups = []
    for t, text in cuts:
        if groups and t - groups[-1][0][0] < min_scene:
            groups[-1].append((t, text))
        else:
            groups.append([(t, text)])
    if len(groups) > 1 and duration - groups[-1][0][0] < min_scene:
        groups[-2].extend(groups.pop())
    return groups


def _longest_spoken(groups, duration):
    """Each group as one scene from its first cut, showing the line spoken longest in it: a short
    line ("Snow settled on the slates.") folded into the scene of the long one after it, not the
    long one into the short one's picture (its scene then missing from the storyboard)."""
    starts = [t for group in groups for t, _text in group] + [duration]
    out, k = [], 0
    for group in groups:
        spoken = []
        for t, text in group:
            spoken.append((starts[k + 1] - t, text))
            k += 1
        out.append((group[0][0], max(spoken, key=lambda item: item[0])[1]))
    return out


def script_of(request):
    paragraphs = request.paragraphs or []
    if isinstance(paragraphs, str):  # a whole script: paragraphs are separated by blank lines
        paragraphs = re.split(r"\n\s*\n", paragraphs)
    paragraphs = [str(p).strip() for p in paragraphs if str(p or "").strip()]
    if not paragraphs and request.title:
        paragraphs = [str(request.title)]
    return paragraphs


def story_plan(request):
    """(the plan the scenes are drawn from, whether it was read out of the story just now): the
    request's own, else one extracted from its title and paragraphs; (None, False) when neither
    gives a plan."""
    if request.plan:
        try:
            return load_plan(request.plan), False
        except ValidationError:
            pass  # a plan that no longer validates: read the story again
    story = script_of(request)
    given = [str(line).strip() for line in request.script or [] if str(line or "").strip()]
    if len(" ".join(given).split()) > len(" ".join(story).split()):
        story = given  # the creator's script says more than the paragraphs (a retold story)
    try:
        return load_plan(extract_plan(request.title, story, request.key_elements, request.setting)), True
    except ValidationError:
        return None, False


def weather_of(request, plan=None):
    """The weather the scenes show: the form's, else the plan's words for it ("fog" -> Foggy)."""
    if request.weather:
        return request.weather
    text = str(getattr(plan, "weather", "") or "").lower()
    for word, name in WEATHER_NAMES.items():
        if word in text:
            return name
    return ""


def shot_planner(request, lines=(), plan=None):
    """What each scene shows: from ``plan`` (``plan_shots``) when there is one, else read from
    the form's fields and the prose (``pictures.ShotPlanner``)."""
    if plan is not None:
        return PlanShotPlanner(plan, lines, request.shows, request.setting or "",
                               who=getattr(request, "who", None), where=getattr(request, "where", None))
    # whom the story describes (when the form does not say), and how; how its protagonist is drawn
    text = " ".join(script_of(request))
    who, look = figures.described(text)
    hero = _protagonist_text(request)
    name = re.split(r"\s*\(|,|\bwho\b", hero)[0]
    return ShotPlanner(request.setting, request.genre, request.key_elements, request.characters,
                       request.protagonist, request.antagonist or who, request.plot_twist, look,
                       figures.protagonist_look(name, hero, text))


def _protagonist_text(request):
    """The form's words for the protagonist: the protagonist field, else the first of the cast
    with what follows it in apposition ("Lily, a girl of nine; her mother" -> "Lily, a girl of
    nine"; "Maya, her little brother Sam" -> "Maya")."""
    if (request.protagonist or "").strip():
        return request.protagonist.strip()
    first, *rest = re.split(r"\s*,\s*", re.split(r";", request.characters or "")[0].strip())
    return first + (", " + rest[0] if rest and re.match(r"(?i)(a|an)\s", rest[0]) else "")


def plan_story(request, lines, shots, placed, duration, end_card=0.0):
    """Scenes of the narrated lines (``scene.line``: the line's index, ``scene.shot``: its
    ``Shot``), then the end card scene."""
    narrated = duration - end_card
    plan = plan_scenes(lines, placed, narrated, request.title,
                       longest=max_scene(getattr(request, "pacing", "")))
    line_of = {}
    for k, line in enumerate(lines):
        line_of.setdefault(str(line).strip(), k)
    for scene in plan:
        scene.line = line_of.get(scene.text, 0)
        scene.shot = shots[scene.line] if shots else None
    if end_card:
        plan.append(ScenePlan(narrated, duration, "", len(plan), card="end"))
    return plan
