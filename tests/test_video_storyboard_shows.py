"""The storyboard's corrections: the creator says what a scene shows (PATCH ``scenes``), the video
keeps it, and the next render is asked to draw it so."""
from tests.test_videos_api import db_update, make_video

SCENES = [{"start": 0.0, "text": "Altan reached the ger after dark.", "shows": ["the ger", "Altan"],
           "thumbnail": None},
          {"start": 6.0, "text": "Someone knocked on the felt door.", "shows": ["the ger", "the felt door"],
           "thumbnail": None}]


def test_a_scene_correction_is_kept_and_asked_of_the_next_render(users, app):
    owner, _ = users.signed_in()
    video = make_video(owner)
    db_update(app, video["id"], scenes=SCENES, status="completed", progress=100)
    sent = {"scenes": [{"text": "Someone knocked on the felt door.", "shows": ["the steppe", " the rider "]}]}
    response = owner.patch(f"/api/videos/{video['id']}", json=sent)
    assert response.status_code == 200, response.get_json()
    scenes = response.get_json()["scenes"]
    assert [(s["shows"], s["edited"]) for s in scenes] == [
        (["the ger", "Altan"], False), (["the steppe", "the rider"], True)]

    from core.models import Video
    from core.services.video_render import render_request
    with app.app_context():
        request = render_request(Video.get_by_id(video["id"]), ["x"], 1)
    assert request.shows == {"Someone knocked on the felt door.": ["the steppe", "the rider"]}


def test_a_correction_must_name_a_scene_of_the_last_render(users, app):
    owner, _ = users.signed_in()
    video = make_video(owner)
    db_update(app, video["id"], scenes=SCENES, status="completed", progress=100)
    url = f"/api/videos/{video['id']}"
    response = owner.patch(url, json={"scenes": [{"text": "A line nobody wrote.", "shows": ["x"]}]})
    assert response.status_code == 409
    assert response.get_json()["errors"]["scenes"] == ["Scene 1: no scene of the last render has this line"]
    # a scene sent with its line alone (the storyboard sends every scene) is left as it is
    response = owner.patch(url, json={"scenes": [{"text": "Altan reached the ger after dark."}]})
    assert response.status_code == 200
    assert not any(scene["edited"] for scene in response.get_json()["scenes"])
    response = owner.patch(url, json={"scenes": [{"text": "Altan reached the ger after dark.",
                                                  "shows": ["x" * 81]}]})
    assert response.status_code in (400, 422)
    other, _ = users.signed_in(first_name="Eli")
    response = other.patch(url, json={"scenes": [{"text": "Altan reached the ger after dark.", "shows": ["y"]}]})
    assert response.status_code in (403, 404)
    assert owner.get(url).get_json()["scenes"][0]["shows"] == ["the ger", "Altan"]


def _ger_video(owner, app):
    """A video made from a story whose plan is the ger's, its last render's scenes those of the
    plan's lines (as the render listed them: who and where apart)."""
    from tests.providers.video_plans import GER, GER_LINES
    from tests.test_videos_api import make_story
    story = make_story(owner)
    response = owner.put(f"/api/stories/{story['id']}/plan", json=GER)
    assert response.status_code == 200, response.get_json()
    video = make_video(owner, storyId=story["id"], creationMode="from_story")
    scenes = [{"start": 6.0 * k, "text": line, "shows": [], "who": ["Altan"], "where": "the ger",
               "thumbnail": None} for k, line in enumerate(GER_LINES)]
    db_update(app, video["id"], scenes=scenes, status="completed", progress=100)
    return video, GER_LINES


def _next_render_shots(app, video_id, lines):
    """What the next render would draw for each line: the request the render job builds from
    the row, through the pipeline's scene planner."""
    from core.models import Video
    from core.services.video_plans import story_plan_of
    from core.services.video_render import render_request
    from providers.video.script.scene_plan import shot_planner
    with app.app_context():
        video = Video.get_by_id(video_id)
        request = render_request(video, list(lines), 1)
        plan = story_plan_of(video)
    planner = shot_planner(request, lines, plan)
    return request, [planner.shot(line, k) for k, line in enumerate(lines)]


def test_who_and_where_are_corrected_apart_and_change_the_next_render(users, app):
    import numpy as np

    from providers.video.imagery import scenes as painter
    from providers.video.imagery.looks import look_for
    owner, _ = users.signed_in()
    video, lines = _ger_video(owner, app)
    _, before = _next_render_shots(app, video["id"], lines)
    knock = lines[1]
    assert before[1].where == "the ger" and before[1].who == ("Altan",)

    sent = {"scenes": [{"text": knock, "who": ["the rider", " Altan "], "where": " the steppe "},
                       {"text": lines[2], "who": []}]}
    response = owner.patch(f"/api/videos/{video['id']}", json=sent)
    assert response.status_code == 200, response.get_json()
    listed = response.get_json()["scenes"]
    assert [(s["who"], s["where"], s["edited"]) for s in listed] == [
        (["Altan"], "the ger", False), (["the rider", "Altan"], "the steppe", True), ([], "the ger", True)]

    request, after = _next_render_shots(app, video["id"], lines)
    assert request.who == {knock: ["the rider", "Altan"], lines[2]: []}
    assert request.where == {knock: "the steppe"} and request.shows == {}
    # the knock is now out on the steppe with the rider on his horse beside Altan; the last scene
    # shows nobody; the first, not corrected, is as it was
    assert (after[1].where, after[1].who) == ("the steppe", ("the rider", "Altan"))
    assert after[1].figure_icons[0] == "shape:rider" and after[1].inside == ""
    assert after[2].figure_icons == () and after[0] == before[0]
    look = look_for("", "Folk Horror", "Eerie")

    def picture(shot):
        return painter.paint(160, 90, look, knock, "Folk Horror", "Eerie", "Night", "Foggy", 1, 1, shot=shot)
    assert np.abs(picture(after[1]) - picture(before[1])).mean() > 0.03


def test_who_and_where_corrections_are_checked(users, app):
    owner, _ = users.signed_in()
    video = make_video(owner)
    db_update(app, video["id"], scenes=SCENES, status="completed", progress=100)
    url = f"/api/videos/{video['id']}"
    line = SCENES[0]["text"]
    for bad, field in (({"who": ["a", "b", "c", "d", "e"]}, "who"), ({"where": "   "}, "where"),
                       ({"where": "x" * 81}, "where"), ({"who": [""]}, "who")):
        response = owner.patch(url, json={"scenes": [{"text": line, **bad}]})
        assert response.status_code in (400, 422), bad
        assert field in str(response.get_json()["errors"]), response.get_json()
    first = owner.get(url).get_json()["scenes"][0]  # nothing half-written
    assert (first["who"], first["where"], first["edited"]) == ([], "", False)
