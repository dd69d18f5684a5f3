"""The video's narration script and storyboard through the API: a render stores the script it
narrated and its scenes (thumbnails served like the poster), the creator's edited lines are
narrated next time, an empty script has the renderer write one again; the script's validation
messages; and the credit of a video made from someone else's story."""
import json

from tests.test_video_jobs import fake_worker, fake_workers, job_id_of, render_dir, wait_for_video  # noqa: F401 - fixtures
from tests.test_videos_api import STORY, make_story, make_video


def observed(app, video_id):
    job_id = job_id_of(app, video_id)
    return json.loads((render_dir(app, video_id, job_id) / "observed.json").read_text())


def rendered(client, video_id, after=None):
    """The video once its render (the one after ``after``, a renderedAt) has completed."""
    return wait_for_video(client, video_id, until=("completed",),
                          check=lambda v: v["renderedAt"] and v["renderedAt"] != after)


def test_script_and_storyboard_round_trip_through_renders(users, app, make_client, fake_worker):  # noqa: F811
    client, user = users.signed_in(first_name="Edgar", last_name="Thorne")
    story = make_story(client, keyElements="a music box")
    video = make_video(client, creationMode="from_story", storyId=story["id"], title="Hollow")
    assert video["script"] == [] and video["scenes"] == []

    assert client.post(f"/api/videos/{video['id']}/generate").status_code == 202
    done = rendered(client, video["id"])
    # the renderer wrote the script from the story; every field of the story reached it
    request = observed(app, video["id"])["request"]
    assert request["script"] == []
    assert request["author"] == "Edgar Thorne"
    assert (request["key_elements"], request["plot_twist"], request["protagonist"],
            request["antagonist"], request["pacing"], request["characters"]) == (
        "a music box", STORY["plotTwist"], "Mara", "The Tenant", "Slow Burn",
        video["characters"])
    assert done["script"] == ["Retold: The door opened.", "Retold: Nobody was there."]
    assert [(s["start"], s["text"], s["shows"]) for s in done["scenes"]] == [
        (0.0, "Retold: The door opened.", ["lighthouse", "figure"]),
        (7.5, "Retold: Nobody was there.", ["music box"])]
    thumbnail = client.get(done["scenes"][0]["thumbnailUrl"])
    assert thumbnail.status_code == 200 and thumbnail.mimetype == "image/jpeg"
    assert thumbnail.data[:2] == b"\xff\xd8" and "public" in thumbnail.headers["Cache-Control"]
    # versioned by the render, as the poster: a regeneration's thumbnails get new URLs
    version = done["posterUrl"].split("?v=")[1]
    assert all(s["thumbnailUrl"].endswith(f"?v={version}") for s in done["scenes"])
    assert client.get(f"/media/videos/{video['id']}/scenes/3").status_code == 404

    # editing a scene's line is editing that line of the script: saved, then narrated
    edited = ["Retold: The door opened.", "  Something breathed behind the music box.  "]
    saved = client.patch(f"/api/videos/{video['id']}", json={"script": edited}).get_json()
    assert saved["script"] == ["Retold: The door opened.",
                               "Something breathed behind the music box."]
    assert client.get(f"/api/videos/{video['id']}").get_json()["script"] == saved["script"]
    assert client.post(f"/api/videos/{video['id']}/regenerate",
                       json={"isPublic": False}).status_code == 202
    again = rendered(client, video["id"], after=done["renderedAt"])
    assert observed(app, video["id"])["request"]["script"] == saved["script"]
    assert again["script"] == saved["script"]
    assert [s["text"] for s in again["scenes"]] == saved["script"]

    # a private video's thumbnails are its owner's only, as its poster
    url = again["scenes"][1]["thumbnailUrl"]
    assert client.get(url).status_code == 200
    assert "private" in client.get(url).headers["Cache-Control"]
    assert make_client().get(url).status_code == 404
    other, _ = users.signed_in()
    assert other.get(url).status_code == 404
    assert other.get(again["posterUrl"]).status_code == 404

    # an empty script: the renderer writes one again
    assert client.post(f"/api/videos/{video['id']}/regenerate",
                       json={"script": []}).status_code == 202
    third = rendered(client, video["id"], after=again["renderedAt"])
    assert observed(app, video["id"])["request"]["script"] == []
    assert third["script"] == ["Retold: The door opened.", "Retold: Nobody was there."]


def test_script_validation_and_permissions(users, app):
    client, _ = users.signed_in()
    video = make_video(client)
    url = f"/api/videos/{video['id']}"
    assert client.patch(url, json={"script": ["One.", "Two."]}).status_code == 200
    cases = [
        (["A line."] * 41, "The script can have at most 40 lines (41 sent)"),
        (["Fine.", "x" * 501], "Line 2 of the script must be at most 500 characters (501 sent)"),
        (["Fine.", "   ", "Also fine."], "Line 2 of the script is empty"),
        ("One long line", "The script must be a list of lines of text"),
        (["Fine.", 7], "The script must be a list of lines of text"),
    ]
    for script, message in cases:
        for path in (url, f"{url}/regenerate"):
            response = client.open(path, method="PATCH" if path == url else "POST",
                                   json={"title": "Changed", "script": script})
            assert response.status_code == 400, (path, response.get_json())
            body = response.get_json()
            assert body["message"] == message and body["errors"]["script"] == [message]
    # nothing was half written
    kept = client.get(url).get_json()
    assert kept["script"] == ["One.", "Two."] and kept["title"] == video["title"]
    assert kept["status"] == "pending"
    assert client.patch(url, json={"script": ["x" * 500] * 40}).status_code == 200

    # only the creator edits the script
    other, _ = users.signed_in()
    response = other.patch(url, json={"script": ["Mine now."]})
    assert response.status_code == 403
    assert response.get_json()["message"] == "You can only edit your own videos."
    assert client.get(url).get_json()["script"] == ["x" * 500] * 40


def test_video_from_someone_elses_public_story_credits_it(users, app, make_client):
    author, author_json = users.signed_in(first_name="Edgar", last_name="Thorne")
    story = make_story(author, title="The Lighthouse Keeper")
    private = make_story(author, title="Diary", isPublic=False)
    client, me = users.signed_in(first_name="Mara", last_name="Vale")

    video = make_video(client, creationMode="from_story", storyId=story["id"],
                       title="My take")
    credit = {"id": author_json["id"], "firstName": "Edgar", "lastName": "Thorne"}
    assert video["storyId"] == story["id"] and video["storyTitle"] == "The Lighthouse Keeper"
    assert video["storyAuthor"] == credit and video["user"]["id"] == me["id"]
    visitor = make_client()
    seen = visitor.get(f"/api/videos/{video['id']}").get_json()
    assert (seen["storyTitle"], seen["storyAuthor"]) == ("The Lighthouse Keeper", credit)
    listed = visitor.get(f"/api/videos/user/{me['id']}").get_json()
    assert listed[0]["storyAuthor"] == credit

    # someone else's private story: 404 as before, no video made
    response = client.post("/api/videos", json={
        "creationMode": "from_story", "storyId": private["id"], "title": "Stolen",
        "animationStyle": "Cinematic", "narrationVoice": "Deep Male"})
    assert response.status_code == 404 and response.get_json()["message"] == "Story not found"
    assert len(client.get(f"/api/videos/user/{me['id']}").get_json()) == 1

    # the story turned private later: its author is still credited, its title no longer shown
    assert author.put(f"/api/stories/{story['id']}", json={"isPublic": False}).status_code \
        == 200
    later = visitor.get(f"/api/videos/{video['id']}").get_json()
    assert later["storyAuthor"] == credit and later["storyTitle"] is None
    assert author.get(f"/api/videos/{video['id']}").get_json()["storyTitle"] == \
        "The Lighthouse Keeper"

    # a video of no story carries no credit
    direct = make_video(client)
    assert direct["storyId"] is None and direct["storyAuthor"] is None
    assert direct["storyTitle"] is None
