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


def test_a_correction_must_name_a_scene_and_say_what_it_shows(users, app):
    owner, _ = users.signed_in()
    video = make_video(owner)
    db_update(app, video["id"], scenes=SCENES, status="completed", progress=100)
    url = f"/api/videos/{video['id']}"
    response = owner.patch(url, json={"scenes": [{"text": "A line nobody wrote.", "shows": ["x"]}]})
    assert response.status_code == 400
    assert response.get_json()["errors"]["scenes"] == ["Scene 1: no scene of the last render has this line"]
    response = owner.patch(url, json={"scenes": [{"text": "Altan reached the ger after dark."}]})
    assert response.status_code in (400, 422)
    response = owner.patch(url, json={"scenes": [{"text": "Altan reached the ger after dark.",
                                                  "shows": ["x" * 81]}]})
    assert response.status_code in (400, 422)
    other, _ = users.signed_in(first_name="Eli")
    response = other.patch(url, json={"scenes": [{"text": "Altan reached the ger after dark.", "shows": ["y"]}]})
    assert response.status_code in (403, 404)
    assert owner.get(url).get_json()["scenes"][0]["shows"] == ["the ger", "Altan"]
