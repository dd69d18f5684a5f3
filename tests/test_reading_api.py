"""The reading list and reading progress, through the API on both databases."""
import json

import pytest

from tests.test_videos_api import make_story, make_video


def reading_list(client, **query):
    response = client.get("/api/users/me/bookmarks", query_string=query)
    assert response.status_code == 200, response.get_json()
    return response


def community(client, kind, item_id):
    response = client.get(f"/api/{kind}/{item_id}/community")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_bookmark_and_unbookmark_are_idempotent_and_shown_on_the_views(users):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    story = make_story(author, content="The tide rose. " * 40)
    video = make_video(author)
    assert community(reader, "stories", story["id"])["isBookmarked"] is False
    assert community(reader, "videos", video["id"])["isBookmarked"] is False
    for _ in range(2):
        assert reader.post(f"/api/stories/{story['id']}/bookmark").get_json() == {"bookmarked": True}
        assert reader.post(f"/api/videos/{video['id']}/bookmark").get_json() == {"bookmarked": True}
    assert community(reader, "stories", story["id"])["isBookmarked"] is True
    assert community(reader, "videos", video["id"])["isBookmarked"] is True
    # someone else's marks are their own
    assert community(author, "stories", story["id"])["isBookmarked"] is False

    listed = reading_list(reader).get_json()
    assert [(entry["kind"], (entry["story"] or entry["video"])["id"]) for entry in listed] == [
        ("video", video["id"]), ("story", story["id"])]  # newest bookmark first
    card = listed[1]["story"]
    assert "content" not in card and card["excerpt"].endswith("...") and len(card["excerpt"]) <= 153
    assert card["user"]["id"] == story["userId"] and "email" not in card["user"]
    assert listed[0]["video"]["title"] == "Signal from the Deep" and listed[0]["story"] is None

    for _ in range(2):
        gone = reader.delete(f"/api/stories/{story['id']}/bookmark")
        assert gone.status_code == 200 and gone.get_json() == {"bookmarked": False}
    assert community(reader, "stories", story["id"])["isBookmarked"] is False
    assert [entry["kind"] for entry in reading_list(reader).get_json()] == ["video"]


def test_the_list_is_paged_newest_first(users):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    ids = [make_story(author, title=f"Part {n}")["id"] for n in range(3)]
    for story_id in ids:
        assert reader.post(f"/api/stories/{story_id}/bookmark").status_code == 200
    first = reading_list(reader, limit=2)
    assert first.headers["X-Total-Count"] == "3"
    assert [entry["story"]["id"] for entry in first.get_json()] == [ids[2], ids[1]]
    second = reading_list(reader, limit=2, page=2).get_json()
    assert [entry["story"]["id"] for entry in second] == [ids[0]]
    assert reader.get("/api/users/me/bookmarks?limit=0").status_code == 400


def test_a_private_story_of_another_user_cannot_be_bookmarked(users):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    private = make_story(author, isPublic=False)
    private_video = make_video(author, isPublic=False)
    for path in (f"/api/stories/{private['id']}/bookmark", f"/api/videos/{private_video['id']}/bookmark",
                 "/api/stories/999999/bookmark"):
        response = reader.post(path)
        assert response.status_code == 404, path
        assert response.get_json()["message"] in ("Story not found", "Video not found")
    assert reading_list(reader).get_json() == []
    # the author may keep their own private story on their list
    assert author.post(f"/api/stories/{private['id']}/bookmark").status_code == 200
    assert [entry["story"]["id"] for entry in reading_list(author).get_json()] == [private["id"]]


def test_a_story_made_private_leaves_the_readers_list_until_public_again(users):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    story = make_story(author)
    reader.post(f"/api/stories/{story['id']}/bookmark")
    assert author.put(f"/api/stories/{story['id']}", json={"isPublic": False}).status_code == 200
    assert reading_list(reader).get_json() == []
    assert reading_list(reader).headers["X-Total-Count"] == "0"
    assert author.put(f"/api/stories/{story['id']}", json={"isPublic": True}).status_code == 200
    assert len(reading_list(reader).get_json()) == 1


def test_no_one_reads_another_users_list_and_strangers_sign_in_first(users, client):
    author, _ = users.signed_in()
    reader, me = users.signed_in()
    story = make_story(author)
    reader.post(f"/api/stories/{story['id']}/bookmark")
    assert reading_list(author).get_json() == []  # the author sees only their own (empty) list
    assert client.get("/api/users/me/bookmarks").status_code == 401
    assert client.get(f"/api/users/{me['id']}/bookmarks").status_code == 404
    for method in ("post", "delete"):
        assert getattr(client, method)(f"/api/stories/{story['id']}/bookmark").status_code == 401
    assert client.put(f"/api/stories/{story['id']}/progress",
                      json={"position": 0.5}).status_code == 401
    seen = community(client, "stories", story["id"])
    assert (seen["isBookmarked"], seen["readingProgress"]) == (False, None)


def test_reading_progress_is_kept_per_reader_and_shown_on_the_list(users):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    story = make_story(author)
    assert community(reader, "stories", story["id"])["readingProgress"] is None
    saved = reader.put(f"/api/stories/{story['id']}/progress", json={"position": 0.25})
    assert saved.status_code == 200 and saved.get_json()["position"] == 0.25
    assert reader.put(f"/api/stories/{story['id']}/progress",
                      json={"position": 0.6}).status_code == 200
    assert community(reader, "stories", story["id"])["readingProgress"] == 0.6
    assert community(author, "stories", story["id"])["readingProgress"] is None
    reader.post(f"/api/stories/{story['id']}/bookmark")
    assert reading_list(reader).get_json()[0]["readingProgress"] == 0.6
    for edge in (0, 1):
        assert reader.put(f"/api/stories/{story['id']}/progress",
                          json={"position": edge}).status_code == 200


@pytest.mark.parametrize("body", [{"position": 1.01}, {"position": -0.1}, {"position": "half"},
                                  {"position": None}, {}])
def test_progress_outside_0_to_1_is_a_clear_400(users, body):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    story = make_story(author)
    response = reader.put(f"/api/stories/{story['id']}/progress", json=body)
    assert response.status_code == 400
    assert "Position" in json.dumps(response.get_json())
    assert community(reader, "stories", story["id"])["readingProgress"] is None


def test_a_position_too_fine_to_mean_anything_is_kept_as_the_top(users):
    author, _ = users.signed_in()
    story = make_story(author)
    saved = author.put(f"/api/stories/{story['id']}/progress", json={"position": 2.2250738585e-313})
    assert saved.status_code == 200 and saved.get_json()["position"] == 0
    assert community(author, "stories", story["id"])["readingProgress"] == 0


def test_progress_on_a_private_story_of_another_user_is_not_found(users):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    private = make_story(author, isPublic=False)
    response = reader.put(f"/api/stories/{private['id']}/progress", json={"position": 0.5})
    assert response.status_code == 404


def test_deleting_a_story_takes_it_off_every_list(users):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    story = make_story(author)
    reader.post(f"/api/stories/{story['id']}/bookmark")
    reader.put(f"/api/stories/{story['id']}/progress", json={"position": 0.5})
    assert author.delete(f"/api/stories/{story['id']}").status_code == 200
    assert reading_list(reader).get_json() == []


def test_a_mature_bookmark_is_a_gated_card_once_the_reader_turns_mature_off(users):
    author, _ = users.signed_in()
    story = make_story(author, content="The walls were wet with it.", isMature=True)
    reader, _ = users.signed_in()
    reader.patch("/api/users/me", json={"showMature": True})
    reader.post(f"/api/stories/{story['id']}/bookmark")
    card = reading_list(reader).get_json()[0]["story"]
    assert card["excerpt"] == "The walls were wet with it." and card["matureGate"] is False

    reader.patch("/api/users/me", json={"showMature": False})
    card = reading_list(reader).get_json()[0]["story"]
    assert card["matureGate"] is True and card["excerpt"] == ""
    assert card["title"] == story["title"]
