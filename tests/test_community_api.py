"""Authors and following, notifications and consent to videos, through the API on both databases."""
import json

import pytest

from tests.helpers import set_role
from tests.test_webhooks import Receiver


def new_story(client, **fields):
    body = {"title": "Tide", "content": "It rose.", "genre": "Cosmic Horror", "mood": "Ominous",
            **fields}
    response = client.post("/api/stories", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def from_story(story):
    return {"creationMode": "from_story", "storyId": story["id"], "title": "Tide, read"}


def bell(client, **query):
    response = client.get("/api/notifications", query_string=query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def unread(client):
    return client.get("/api/notifications/count").get_json()["unread"]


# --- authors and following -------------------------------------------------------------------------


def test_profile_shows_the_email_only_to_its_user_and_admins(users):
    author_client, author = users.signed_in(first_name="Wren", last_name="Sable")
    reader, _ = users.signed_in()
    admin, _ = users.signed_in(role="admin")
    new_story(author_client)
    new_story(author_client, isPublic=False)
    assert author_client.patch("/api/users/me", json={"bio": "  I write lighthouses.  "}
                               ).status_code == 200

    seen = reader.get(f"/api/users/{author['id']}/profile").get_json()
    assert "email" not in seen
    assert (seen["firstName"], seen["bio"], seen["storiesCount"]) == ("Wren", "I write lighthouses.", 1)
    assert seen["createdAt"].endswith("+00:00") and seen["isFollowedByUser"] is False
    own = author_client.get(f"/api/users/{author['id']}/profile").get_json()
    assert own["email"] == author["email"] and own["storiesCount"] == 2
    assert admin.get(f"/api/users/{author['id']}/profile").get_json()["email"] == author["email"]
    assert reader.get("/api/users/999999/profile").get_json()["message"] == "User not found"


def test_bio_is_at_most_300_characters_and_the_avatar_a_web_address(users):
    client, _ = users.signed_in()
    too_long = client.patch("/api/users/me", json={"bio": "x" * 301})
    assert too_long.status_code == 400
    assert "Bio must be at most 300 characters" in json.dumps(too_long.get_json())
    bad = client.patch("/api/users/me", json={"profileImageUrl": "javascript:alert(1)"})
    assert bad.status_code == 400
    ok = client.patch("/api/users/me", json={"profileImageUrl": "https://example.com/me.png"})
    assert ok.get_json()["profileImageUrl"] == "https://example.com/me.png"


def test_follow_and_unfollow_move_the_counts_and_are_idempotent(users):
    author_client, author = users.signed_in(first_name="Wren")
    reader, me = users.signed_in()
    for _ in range(2):
        response = reader.post(f"/api/users/{author['id']}/follow")
        assert response.get_json() == {"following": True, "followersCount": 1}
    seen = reader.get(f"/api/users/{author['id']}/profile").get_json()
    assert (seen["followersCount"], seen["isFollowedByUser"]) == (1, True)
    assert reader.get(f"/api/users/{me['id']}/profile").get_json()["followingCount"] == 1
    for _ in range(2):
        response = reader.delete(f"/api/users/{author['id']}/follow")
        assert response.get_json() == {"following": False, "followersCount": 0}
    assert reader.get(f"/api/users/{author['id']}/profile").get_json()["isFollowedByUser"] is False


def test_following_yourself_is_refused_and_strangers_need_to_sign_in(users, client):
    reader, me = users.signed_in()
    response = reader.post(f"/api/users/{me['id']}/follow")
    assert response.status_code == 400 and response.get_json()["message"] == "You cannot follow yourself"
    assert reader.post("/api/users/999999/follow").status_code == 404
    assert client.post(f"/api/users/{me['id']}/follow").status_code == 401


def test_following_feed_is_newest_first_public_only_and_paged_by_cursor(users):
    wren_client, wren = users.signed_in(first_name="Wren")
    other_client, _ = users.signed_in(first_name="Other")
    reader, _ = users.signed_in()
    reader.post(f"/api/users/{wren['id']}/follow")
    titles = [new_story(wren_client, title=f"Part {n}")["title"] for n in range(3)]
    new_story(wren_client, title="Hidden", isPublic=False)
    new_story(other_client, title="Not followed")

    first = reader.get("/api/feed/following?limit=2")
    assert [s["title"] for s in first.get_json()] == ["Part 2", "Part 1"]
    cursor = first.headers["X-Next-Cursor"]
    rest = reader.get(f"/api/feed/following?limit=2&cursor={cursor}")
    assert [s["title"] for s in rest.get_json()] == ["Part 0"] and "X-Next-Cursor" not in rest.headers
    assert titles[0] == "Part 0"
    assert reader.get("/api/feed/following?cursor=nope").status_code == 400


# --- notifications -----------------------------------------------------------------------------


def test_each_kind_comes_from_the_real_action(users, make_client):
    author_client, author = users.signed_in(first_name="Wren", last_name="Sable")
    fan, _ = users.signed_in(first_name="Mara", last_name="Vale")
    story = new_story(author_client)

    fan.post(f"/api/users/{author['id']}/follow")
    comment = fan.post(f"/api/stories/{story['id']}/comments", json={"content": "Brr"}).get_json()
    author_client.post(f"/api/stories/{story['id']}/comments",
                       json={"content": "Thanks", "parentId": comment["id"]})
    made = fan.post("/api/videos", json=from_story(story))
    assert made.status_code == 201, made.get_json()

    lines = [(n["kind"], n["text"]) for n in bell(author_client)]
    assert lines == [("video", "Mara Vale made a video from your story “Tide”"),
                     ("comment", "Mara Vale commented on “Tide”"),
                     ("follow", "Mara Vale started following you")]
    assert [(n["kind"], n["text"], n["link"]) for n in bell(fan)] == [
        ("reply", "Wren Sable replied to your comment on “Tide”", f"/story/{story['id']}")]

    new = new_story(author_client, title="The Second Tide")
    assert bell(fan)[0]["text"] == "Wren Sable published a new story: “The Second Tide”"
    assert bell(fan)[0]["link"] == f"/story/{new['id']}"
    new_story(author_client, title="Private", isPublic=False)
    assert len(bell(fan)) == 2  # a private story is news to nobody


def test_likes_are_grouped_while_unread(users):
    author_client, _ = users.signed_in(first_name="Wren")
    story = new_story(author_client)
    names = ["Ada", "Bo", "Cy", "Di", "Mara"]
    for name in names:
        liker, _ = users.signed_in(first_name=name, last_name="Vale")
        liker.post(f"/api/stories/{story['id']}/like")
    author_client.post(f"/api/stories/{story['id']}/like")  # one's own like tells nobody
    [line] = bell(author_client)
    assert (line["text"], line["actorsCount"]) == ("Mara Vale and 4 others liked “Tide”", 5)
    assert unread(author_client) == 1
    author_client.post("/api/notifications/read", json={"all": True})
    late, _ = users.signed_in(first_name="Late", last_name="Comer")
    late.post(f"/api/stories/{story['id']}/like")
    assert [n["text"] for n in bell(author_client, unread=1)] == ["Late Comer liked “Tide”"]


def test_a_liker_who_unlikes_and_likes_again_is_counted_once(users):
    author_client, _ = users.signed_in(first_name="Wren")
    story = new_story(author_client)
    bo, _ = users.signed_in(first_name="Bo", last_name="Vale")
    like = f"/api/stories/{story['id']}/like"
    bo.post(like)
    bo.delete(like)
    bo.post(like)
    [line] = bell(author_client)
    assert (line["text"], line["actorsCount"]) == ("Bo Vale liked “Tide”", 1)
    ada, _ = users.signed_in(first_name="Ada", last_name="Vale")
    ada.post(like)
    ada.delete(like)
    bo.delete(like)
    bo.post(like)  # Ada took hers back: only Bo likes it
    [line] = bell(author_client)
    assert (line["text"], line["actorsCount"]) == ("Bo Vale liked “Tide”", 1)
    ada.post(like)
    [line] = bell(author_client)
    assert (line["text"], line["actorsCount"]) == ("Ada Vale and 1 other liked “Tide”", 2)


def test_count_and_marking_read_by_ids_or_all(users):
    author_client, author = users.signed_in()
    for _ in range(3):
        follower, _ = users.signed_in()
        follower.post(f"/api/users/{author['id']}/follow")
    ids = [n["id"] for n in bell(author_client)]
    assert unread(author_client) == 3
    response = author_client.post("/api/notifications/read", json={"ids": ids[:1]})
    assert response.get_json() == {"marked": 1, "unread": 2}
    assert [n["isRead"] for n in bell(author_client)] == [True, False, False]
    assert len(bell(author_client, unread=1)) == 2
    assert author_client.post("/api/notifications/read", json={"all": True}).get_json() == {
        "marked": 2, "unread": 0}
    refused = author_client.post("/api/notifications/read", json={"ids": []})
    assert refused.status_code == 400
    assert refused.get_json()["message"].startswith('Send "ids"')
    assert author_client.post("/api/notifications/read", json={}).get_json() == {
        "marked": 0, "unread": 0}


def test_nobody_reads_or_marks_anothers_notifications(users, client):
    author_client, author = users.signed_in()
    stranger, _ = users.signed_in()
    stranger.post(f"/api/users/{author['id']}/follow")
    [mine] = bell(author_client)
    assert bell(stranger) == [] and unread(stranger) == 0
    assert stranger.post("/api/notifications/read", json={"ids": [mine["id"]]}).get_json()[
        "marked"] == 0
    assert unread(author_client) == 1
    assert client.get("/api/notifications").status_code == 401
    assert client.get("/api/notifications/count").status_code == 401


def test_switching_a_kind_off_stops_it(users):
    author_client, author = users.signed_in()
    settings = author_client.put("/api/notifications/settings", json={"off": ["follow"]})
    assert {k["kind"]: k["enabled"] for k in settings.get_json()["kinds"]}["follow"] is False
    follower, _ = users.signed_in()
    follower.post(f"/api/users/{author['id']}/follow")
    assert bell(author_client) == []
    bad = author_client.put("/api/notifications/settings", json={"off": ["gossip"]})
    assert bad.status_code == 400 and "Unknown notification kind 'gossip'" in json.dumps(
        bad.get_json())


def test_moderation_outcomes_reach_the_author_and_the_reporter(users, app):
    author_client, _ = users.signed_in()
    reporter, _ = users.signed_in()
    admin, _ = users.signed_in(role="admin")
    story = new_story(author_client)
    report = reporter.post(f"/api/stories/{story['id']}/report", json={"reason": "too much"})
    admin.patch(f"/api/admin/stories/{story['id']}", json={"isPublic": False})
    admin.patch(f"/api/admin/stories/{story['id']}", json={"isPublic": True})
    admin.post(f"/api/admin/reports/{report.get_json()['id']}/resolve", json={"note": "hidden"})
    assert [n["text"] for n in bell(author_client)] == [
        "A moderator made your story “Tide” visible to the community again",
        "A moderator hid your story “Tide” from the community"]
    assert [n["text"] for n in bell(reporter)] == [
        "Your report on “Tide” was resolved by the moderators"]
    admin.delete(f"/api/admin/stories/{story['id']}")
    assert bell(author_client)[0]["text"] == "A moderator deleted your story “Tide”"


def test_hiding_a_video_tells_its_author_why_and_that_it_is_not_deleted(users):
    author_client, _ = users.signed_in()
    admin, _ = users.signed_in(role="admin")
    story = new_story(author_client)
    video = author_client.post("/api/videos", json=from_story(story)).get_json()
    hidden = admin.patch(f"/api/admin/videos/{video['id']}",
                         json={"isPublic": False, "reason": "  Spoils the ending in the cover  "})
    assert hidden.status_code == 200 and hidden.get_json()["isPublic"] is False
    [line] = bell(author_client)
    assert line["text"] == ("A moderator hid your video “Tide, read” from the community: "
                            "Spoils the ending in the cover")
    assert line["link"] == f"/video/{video['id']}"  # still there: the line opens it
    too_long = admin.patch(f"/api/admin/videos/{video['id']}",
                           json={"isPublic": True, "reason": "x" * 281})
    assert too_long.status_code == 400 and "Reason must be at most 280" in json.dumps(
        too_long.get_json())


def test_private_content_notifies_only_who_may_see_it(users):
    author_client, author = users.signed_in()
    fan, _ = users.signed_in()
    story = new_story(author_client)
    comment = fan.post(f"/api/stories/{story['id']}/comments", json={"content": "Hm"}).get_json()
    author_client.put(f"/api/stories/{story['id']}", json={"isPublic": False})
    bell(author_client)  # the comment
    author_client.post(f"/api/stories/{story['id']}/comments",
                       json={"content": "Gone private", "parentId": comment["id"]})
    assert bell(fan) == []  # the fan can no longer see the story


# --- hooks (the notification writer is a plugin of these) ------------------------------------------


def test_hook_on_followed(users):
    author_client, author = users.signed_in()
    fan, _ = users.signed_in(first_name="Ada", last_name="Lee")
    fan.post(f"/api/users/{author['id']}/follow")
    fan.post(f"/api/users/{author['id']}/follow")  # already following: no second event
    assert [n["text"] for n in bell(author_client)] == ["Ada Lee started following you"]


def test_hook_on_video_made(users):
    author_client, _ = users.signed_in()
    story = new_story(author_client)
    author_client.post("/api/videos", json=from_story(story))
    assert bell(author_client) == []  # one's own video is no news
    maker, _ = users.signed_in(first_name="Ada", last_name="Lee")
    video = maker.post("/api/videos", json=from_story(story)).get_json()
    [line] = bell(author_client)
    assert line["link"] == f"/video/{video['id']}"


def test_hook_on_moderated(users):
    author_client, _ = users.signed_in()
    admin, _ = users.signed_in(role="admin")
    story = new_story(author_client)
    admin.patch(f"/api/admin/stories/{story['id']}", json={"isPublic": False})
    admin.patch(f"/api/admin/stories/{story['id']}", json={"isPublic": False})  # no change
    assert [n["kind"] for n in bell(author_client)] == ["moderation"]


def test_hook_on_report_closed(users):
    author_client, _ = users.signed_in()
    reporter, _ = users.signed_in()
    admin, _ = users.signed_in(role="admin")
    story = new_story(author_client)
    report = reporter.post(f"/api/stories/{story['id']}/report", json={"reason": "x"}).get_json()
    admin.post(f"/api/admin/reports/{report['id']}/dismiss", json={})
    assert [n["text"] for n in bell(reporter)] == [
        "Your report on “Tide” was dismissed by the moderators"]


def test_a_new_follow_goes_out_through_the_webhooks(app_factory, signed_in_client, worker):
    receiver = Receiver()
    try:
        app = app_factory(config={"webhooks": {"urls": [receiver.url], "events": ["followed"]}})
        author_client, author = signed_in_client(app)
        fan, me = signed_in_client(app, first_name="Ada")
        fan.post(f"/api/users/{author['id']}/follow")
        [(_path, headers, body)] = receiver.wait_for(1)
        payload = json.loads(body)
        assert headers["X-Dreadforge-Event"] == "followed"
        assert payload["user"] == {"id": me["id"], "firstName": "Ada"}
        assert payload["followed"]["id"] == author["id"]
    finally:
        receiver.server.shutdown()


# --- consent to videos -----------------------------------------------------------------------------


def test_an_author_may_refuse_videos_of_a_story_but_not_to_themselves(users):
    author_client, _ = users.signed_in()
    other, _ = users.signed_in()
    story = new_story(author_client)
    assert story["allowVideos"] is True
    changed = author_client.put(f"/api/stories/{story['id']}", json={"allowVideos": False})
    assert changed.get_json()["allowVideos"] is False
    assert other.get(f"/api/stories/{story['id']}").get_json()["allowVideos"] is False

    refused = other.post("/api/videos", json=from_story(story))
    assert refused.status_code == 403
    assert refused.get_json()["message"] == "The author does not allow videos of this story"
    own = author_client.post("/api/videos", json=from_story(story))
    assert own.status_code == 201


@pytest.fixture
def admin_of(app):
    return lambda user: set_role(app, user["id"], "admin")
