"""Stories, the community feed and engagement: SPEC §7 Stories/Users with §5, §6 and §8."""
import datetime as dt
from urllib.parse import quote

import pytest

from core.models import Comment, Like, Share, Story, Video, View
from tests.helpers import recorded_sql

STORY = {"title": "The Hollow Bell", "content": "The bell rang at midnight.\n\nNobody moved.",
         "genre": "Gothic Horror", "mood": ["Eerie"], "isPublic": True, "allowComments": True}


def create(client, **overrides):
    response = client.post("/api/stories", json={**STORY, **overrides})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


@pytest.fixture
def owner(users):
    return users.signed_in(first_name="Owner")


@pytest.fixture
def other(users):
    return users.signed_in(first_name="Other")


@pytest.fixture
def admin(users):
    return users.signed_in(role="admin", first_name="Admin")


# --- creating, reading, writing ------------------------------------------------------------------


def test_create_story_returns_it_with_author_and_counts(owner):
    client, user = owner
    story = create(client)
    assert story["title"] == "The Hollow Bell"
    assert story["mood"] == "Eerie"  # sent as a list of one
    assert story["userId"] == user["id"]
    assert story["user"] == {"id": user["id"], "firstName": "Owner", "lastName": "Vale",
                             "profileImageUrl": None}
    assert (story["views"], story["likesCount"], story["commentsCount"],
            story["sharesCount"]) == (0, 0, 0, 0)


def test_title_is_generated_when_empty(owner):
    client, _ = owner
    story = create(client, title="  ", setting="the Ravensworth estate")
    assert story["title"] == "Gothic Horror Story in the Ravensworth estate"


@pytest.mark.parametrize("title", ["", "   "])
def test_an_update_never_empties_or_makes_up_a_title(owner, title):
    """Only a new story gets a made-up title: clearing it in the editor is refused, saying so,
    and the story keeps the title it had."""
    client, _ = owner
    story = create(client, title="The Hollow Bell", setting="the Ravensworth estate")
    path = f"/api/stories/{story['id']}"
    refused = client.put(path, json={"title": title, "content": "Changed."})
    assert refused.status_code == 400
    assert refused.get_json()["errors"]["title"] == ["Give your story a title to save your changes."]
    kept = client.get(path).get_json()
    assert (kept["title"], kept["content"]) == ("The Hollow Bell", STORY["content"])
    assert client.put(path, json={"content": "Changed."}).get_json()["title"] == "The Hollow Bell"


@pytest.mark.parametrize("body, message", [
    ({"genre": ""}, "Genre is required"),
    ({"genre": None}, "Genre is required"),
    ({"mood": []}, "Mood is required"),
    ({"genre": "Romance"}, "Unknown genre 'Romance'"),
    ({"mood": "Cheerful"}, "Unknown mood 'Cheerful'"),
    ({"content": "   "}, "Content is required"),
    ({"title": "x" * 201}, "Title must be at most 200 characters"),
    ({"content": "x" * 50_001}, "Story must be at most 50,000 characters"),
    ({"intensity": 11}, "Intensity must be between 1 and 10"),
    ({"storyLength": 50}, "Story length must be between 100 and 3000 words"),
])
def test_create_validation_messages(owner, body, message):
    client, _ = owner
    response = client.post("/api/stories", json={**STORY, **body})
    assert response.status_code == 400
    assert response.get_json()["message"] == message
    assert Story.select().count() == 0


def test_missing_fields_are_all_named(owner):
    client, _ = owner
    response = client.post("/api/stories", json={})
    assert response.status_code == 400
    errors = response.get_json()["errors"]
    assert errors["genre"] == ["Genre is required"]
    assert errors["mood"] == ["Mood is required"]
    assert errors["content"] == ["Content is required"]


def test_update_and_delete_are_owner_only(owner, other, admin, make_client):
    client, _ = owner
    story = create(client)
    path = f"/api/stories/{story['id']}"
    assert make_client().put(path, json={"title": "x"}).status_code == 401
    assert other[0].put(path, json={"title": "Mine now"}).status_code == 403
    assert admin[0].put(path, json={"title": "Admin edit"}).status_code == 403
    refused = other[0].delete(path)
    assert refused.status_code == 403
    assert refused.get_json()["message"] == "You can only delete your own stories."
    # who may is answered before what was sent: another's story with a wrong body is still 403
    for body in ({}, {"title": "x" * 201}, {"genre": "Romance"}):
        refused = other[0].put(path, json=body)
        assert refused.status_code == 403, (body, refused.get_json())
        assert refused.get_json()["message"] == "You can only edit your own stories."
    assert other[0].put("/api/stories/999", json={"genre": "Romance"}).status_code == 404
    updated = client.put(path, json={"title": "The Hollow Bell (revised)", "mood": "Dark"})
    assert updated.status_code == 200
    assert updated.get_json()["title"] == "The Hollow Bell (revised)"
    assert updated.get_json()["mood"] == "Dark"
    assert updated.get_json()["content"] == STORY["content"]
    deleted = client.delete(path)
    assert deleted.status_code == 200
    assert deleted.get_json()["message"] == "Story deleted successfully"
    assert client.get(path).status_code == 404


def test_missing_story_is_404_json(client):
    for path in ("/api/stories/999", "/api/stories/999/community", "/api/stories/999/comments"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.get_json()["message"] == "Story not found"


@pytest.mark.parametrize("path, message", [
    ("/api/stories/{}", "Story not found"),
    ("/api/stories/{}/comments", "Story not found"),
    ("/api/videos/{}", "Video not found"),
    ("/api/users/{}/profile", "User not found"),
])
@pytest.mark.parametrize("number", [2**63, 99999999999999999999999])
def test_an_id_too_large_for_the_database_is_missing_like_any_other(owner, path, message,
                                                                     number):
    client, _ = owner
    response = client.get(path.format(number))
    assert response.status_code == 404
    assert response.get_json()["message"] == message
    assert client.delete(f"/api/stories/{number}").get_json()["message"] == "Story not found"


def test_private_story_visible_to_owner_and_admin_only(owner, other, admin, make_client):
    client, user = owner
    story = create(client, isPublic=False)
    path = f"/api/stories/{story['id']}"
    assert client.get(path).status_code == 200
    assert admin[0].get(path).status_code == 200
    assert other[0].get(path).status_code == 404
    assert make_client().get(path).status_code == 404
    assert other[0].post(path + "/like").status_code == 404
    feed = make_client().get("/api/stories/community/All%20Genres/All%20Moods/newest").get_json()
    assert feed == []
    assert len(client.get(f"/api/stories/user/{user['id']}").get_json()) == 1
    assert other[0].get(f"/api/stories/user/{user['id']}").get_json() == []


def test_signed_out_writes_are_401_unauthorized(owner, make_client):
    story = create(owner[0])
    visitor = make_client()
    sid = story["id"]
    for method, path, body in [("post", "/api/stories", STORY),
                               ("post", f"/api/stories/{sid}/like", None),
                               ("delete", f"/api/stories/{sid}/like", None),
                               ("post", f"/api/stories/{sid}/comments", {"content": "hi"}),
                               ("post", "/api/stories/generate", {}),
                               ("post", f"/api/stories/{sid}/report", {"reason": "x"}),
                               ("delete", f"/api/stories/{sid}", None)]:
        response = getattr(visitor, method)(path, json=body)
        assert response.status_code == 401, path
        assert "Unauthorized" in response.get_data(as_text=True)


# --- views ---------------------------------------------------------------------------------------


def test_views_count_once_per_viewer_per_hour(owner, other, make_client, db):
    story = create(owner[0])
    path = f"/api/stories/{story['id']}"
    for _ in range(3):
        other[0].get(path)
    visitor = make_client()
    visitor.get(path)
    visitor.get(path)
    assert other[0].get(path + "/community").get_json()["views"] == 2
    View.update(created_at=dt.datetime.utcnow() - dt.timedelta(hours=2)).execute()
    assert other[0].get(path).get_json()["views"] == 3


# --- likes ---------------------------------------------------------------------------------------


def test_like_unlike_are_idempotent_and_counted(owner, other):
    story = create(owner[0])
    path = f"/api/stories/{story['id']}/like"
    client = other[0]
    assert client.post(path).get_json() == {"liked": True, "likesCount": 1}
    assert client.post(path).get_json() == {"liked": True, "likesCount": 1}
    community = client.get(f"/api/stories/{story['id']}/community").get_json()
    assert community["isLikedByUser"] is True and community["likesCount"] == 1
    assert owner[0].get(f"/api/stories/{story['id']}/community").get_json()["isLikedByUser"] is False
    assert client.delete(path).get_json() == {"liked": False, "likesCount": 0}
    assert client.delete(path).get_json() == {"liked": False, "likesCount": 0}


# --- shares --------------------------------------------------------------------------------------


def test_share_is_recorded_for_signed_in_users_only(owner, other, make_client):
    story = create(owner[0])
    path = f"/api/stories/{story['id']}/share"
    response = other[0].post(path, json={"platform": "twitter", "shareType": "social"})
    assert response.status_code == 200
    assert response.get_json() == {"recorded": True, "sharesCount": 1}
    visitor = make_client().post(path, json={"platform": "clipboard", "shareType": "link"})
    assert visitor.get_json() == {"recorded": False, "sharesCount": 1}
    shares = make_client().get(f"/api/stories/{story['id']}/shares").get_json()
    assert [(s["platform"], s["shareType"], s["user"]["firstName"]) for s in shares] == [
        ("twitter", "social", "Other")]


@pytest.mark.parametrize("body, message", [
    ({"platform": "myspace", "shareType": "social"}, "Unknown share platform 'myspace'"),
    ({"platform": "email", "shareType": "social"}, "Share type 'social' does not match"),
    ({"shareType": "social"}, "Platform is required"),
])
def test_share_validation(owner, body, message):
    story = create(owner[0])
    response = owner[0].post(f"/api/stories/{story['id']}/share", json=body)
    assert response.status_code == 400
    assert response.get_json()["message"].startswith(message)


# --- comments ------------------------------------------------------------------------------------


def test_comments_replies_edit_delete(owner, other, make_client):
    story = create(owner[0])
    base = f"/api/stories/{story['id']}/comments"
    top = other[0].post(base, json={"content": "  Chilling.  "}).get_json()
    assert top["content"] == "Chilling." and top["parentId"] is None
    reply = owner[0].post(base, json={"content": "Thank you", "parentId": top["id"]}).get_json()
    assert reply["parentId"] == top["id"]
    for new in (top, reply):  # the 'Edited' badge shows when updatedAt is later: not yet
        assert new["updatedAt"] == new["createdAt"]
    nested = other[0].post(base, json={"content": "Deeper", "parentId": reply["id"]}).get_json()
    assert nested["parentId"] == top["id"], "a reply to a reply joins the top-level thread"
    listed = make_client().get(base).get_json()
    assert [c["content"] for c in listed] == ["Deeper", "Thank you", "Chilling."]
    assert make_client().get(f"/api/stories/{story['id']}").get_json()["commentsCount"] == 3

    edit_path = f"/api/stories/comments/{top['id']}"
    assert owner[0].put(edit_path, json={"content": "hijack"}).status_code == 403
    edited = other[0].put(edit_path, json={"content": " Truly chilling. "}).get_json()
    assert edited["content"] == "Truly chilling."
    assert edited["updatedAt"] > edited["createdAt"]
    bad = other[0].put(edit_path, json={"content": "   "})
    assert bad.status_code == 400 and bad.get_json()["message"] == "Please enter comment content"

    assert owner[0].delete(edit_path).status_code == 403
    assert other[0].delete(edit_path).get_json()["message"] == "Comment deleted successfully!"
    assert make_client().get(base).get_json() == []
    assert make_client().get(f"/api/stories/{story['id']}").get_json()["commentsCount"] == 0


def test_comment_messages_and_rules(owner, other):
    story = create(owner[0])
    base = f"/api/stories/{story['id']}/comments"
    empty = other[0].post(base, json={"content": "   "})
    assert empty.status_code == 400 and empty.get_json()["message"] == "Please enter a comment"
    top = other[0].post(base, json={"content": "ok"}).get_json()
    empty_reply = other[0].post(base, json={"content": "", "parentId": top["id"]})
    assert empty_reply.get_json()["message"] == "Please enter a reply"
    too_long = other[0].post(base, json={"content": "x" * 5001})
    assert too_long.status_code == 400
    assert too_long.get_json()["message"] == "Comment must be at most 5,000 characters"
    orphan = other[0].post(base, json={"content": "hi", "parentId": 99999})
    assert orphan.status_code == 404
    owner[0].put(f"/api/stories/{story['id']}", json={"allowComments": False})
    closed = other[0].post(base, json={"content": "hello?"})
    assert closed.status_code == 403
    assert closed.get_json()["message"] == "Comments are turned off for this story"


def test_moderation_rejects_story_and_comment_with_422(owner, other):
    rejected = owner[0].post("/api/stories", json={**STORY, "content": "a forbiddenword here"})
    assert rejected.status_code == 422
    assert "forbiddenword" in rejected.get_json()["message"]
    story = create(owner[0])
    comment = other[0].post(f"/api/stories/{story['id']}/comments",
                            json={"content": "FORBIDDENWORD!"})
    assert comment.status_code == 422
    assert Comment.select().count() == 0


# --- activity and stats --------------------------------------------------------------------------


def test_activity_lists_newest_first_with_names(owner, other, users, make_client):
    story = create(owner[0])
    third = users.signed_in(first_name="Third")
    other[0].post(f"/api/stories/{story['id']}/like")
    third[0].post(f"/api/stories/{story['id']}/like")
    likes = make_client().get(f"/api/stories/{story['id']}/likes").get_json()
    assert [entry["user"]["firstName"] for entry in likes] == ["Third", "Other"]
    assert set(likes[0]) == {"id", "createdAt", "user"}
    assert set(likes[0]["user"]) == {"id", "firstName", "lastName", "profileImageUrl"}


def test_user_stats(owner, other, make_client):
    client, user = owner
    first = create(client)
    create(client, isPublic=False)
    other[0].get(f"/api/stories/{first['id']}")
    public = make_client().get(f"/api/users/{user['id']}/stats").get_json()
    assert public == {"storiesCount": 1, "videosCount": 0, "totalViews": 1}
    mine = client.get(f"/api/users/{user['id']}/stats").get_json()
    assert mine["storiesCount"] == 2
    assert make_client().get("/api/users/9999/stats").status_code == 404


# --- deleting ------------------------------------------------------------------------------------


def test_delete_removes_engagement_and_keeps_videos(owner, other, db):
    client, user = owner
    story = create(client)
    sid = story["id"]
    other[0].post(f"/api/stories/{sid}/like")
    other[0].post(f"/api/stories/{sid}/share", json={"platform": "email", "shareType": "email"})
    other[0].post(f"/api/stories/{sid}/comments", json={"content": "hi"})
    other[0].get(f"/api/stories/{sid}")
    video = Video.create(user=user["id"], story=sid, title="From the story")
    assert client.delete(f"/api/stories/{sid}").status_code == 200
    for model in (Like, Share, Comment, View):
        assert model.select().count() == 0, model
    assert Video.get_by_id(video.id).story_id is None


# --- the feed ------------------------------------------------------------------------------------


def feed_path(genre="All Genres", mood="All Moods", sort="newest"):
    return f"/api/stories/community/{quote(genre)}/{quote(mood)}/{sort}"


def test_feed_filters_and_sorts(owner, other, make_client, db):
    client = owner[0]
    a = create(client, title="Alpha", genre="Slasher", mood="Dark")
    b = create(client, title="Beta", genre="Cosmic Horror", mood="Eerie", setting="the Ice")
    c = create(client, title="Gamma", genre="Slasher", mood="Eerie")
    Story.update(views=10).where(Story.id == b["id"]).execute()
    other[0].post(f"/api/stories/{c['id']}/like")
    other[0].post(f"/api/stories/{a['id']}/comments", json={"content": "first"})
    visitor = make_client()

    def titles(**kwargs):
        response = visitor.get(feed_path(**kwargs))
        assert response.status_code == 200
        return [s["title"] for s in response.get_json()]

    assert titles() == ["Gamma", "Beta", "Alpha"]
    assert titles(sort="oldest") == ["Alpha", "Beta", "Gamma"]
    assert titles(sort="most_viewed")[0] == "Beta"
    assert titles(sort="most_liked")[0] == "Gamma"
    assert titles(sort="most_commented")[0] == "Alpha"
    assert titles(genre="Slasher") == ["Gamma", "Alpha"]
    assert titles(mood="Eerie") == ["Gamma", "Beta"]
    assert titles(genre="Slasher", mood="Dark") == ["Alpha"]
    assert [s["title"] for s in visitor.get(feed_path() + "?q=the%20ice").get_json()] == ["Beta"]
    landing = visitor.get("/api/stories?limit=2").get_json()
    assert [s["title"] for s in landing] == ["Gamma", "Beta"]
    assert all("user" in s and "email" not in s["user"] for s in landing)


@pytest.mark.parametrize("path, message", [
    (feed_path(genre="Romance"), "Unknown genre 'Romance'"),
    (feed_path(mood="Jolly"), "Unknown mood 'Jolly'"),
    (feed_path(sort="random"), "Unknown sort 'random'"),
    (feed_path() + "?limit=0", "limit must be between 1 and 100"),
    (feed_path() + "?limit=101", "limit must be between 1 and 100"),
    (feed_path() + "?page=0", "page must be 1 or more"),
    (feed_path() + "?cursor=!!!", "Invalid cursor"),
    (feed_path() + "?limit=abc", "Not a valid integer."),
])
def test_feed_rejects_bad_parameters(client, path, message):
    response = client.get(path)
    assert response.status_code == 400
    assert response.get_json()["message"].startswith(message)


def test_feed_pagination_by_page_and_cursor(owner, make_client, db):
    client = owner[0]
    for i in range(7):
        create(client, title=f"Story {i}")
    visitor = make_client()
    first = visitor.get(feed_path() + "?limit=3&page=1")
    assert first.headers["X-Total-Count"] == "7"
    assert [s["title"] for s in first.get_json()] == ["Story 6", "Story 5", "Story 4"]
    last = visitor.get(feed_path() + "?limit=3&page=3").get_json()
    assert [s["title"] for s in last] == ["Story 0"]
    assert visitor.get(feed_path() + "?limit=3&page=4").get_json() == []

    seen, cursor = [], None
    while True:
        response = visitor.get(feed_path(sort="oldest") + "?limit=3"
                               + (f"&cursor={cursor}" if cursor else ""))
        seen += [s["title"] for s in response.get_json()]
        cursor = response.headers.get("X-Next-Cursor")
        if not cursor:
            break
    assert seen == [f"Story {i}" for i in range(7)]


def test_feed_costs_a_constant_number_of_queries(owner, other, users, make_client, db):
    client = owner[0]
    for i in range(3):
        create(client, title=f"S{i}")
    other[0].post("/api/stories/1/like")

    def statements(count):
        while Story.select().count() < count:
            create(users.signed_in()[0], title="more")
        with recorded_sql() as executed:
            assert other[0].get(feed_path() + "?limit=20").status_code == 200
        return len([sql for sql in executed if sql.lstrip().upper().startswith("SELECT")])

    assert statements(3) == statements(12)
