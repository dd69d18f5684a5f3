"""Admin panel API: access, figures, users (roles, activation, deletion), content, audit log."""
from pathlib import Path

import pytest

from tests.helpers import PASSWORD, Auth, recorded_sql
from tests.test_admin_helpers import (
    audit_actions,
    comment,
    count,
    counter_mismatches,
    engage_video,
    make_story,
    make_video,
    models,
    orphans,
    update_user,
    user_row,
)

# (method, path, body) of every admin endpoint; ids point at nothing, the role check comes first.
ENDPOINTS = [
    ("get", "/api/admin/check", None),
    ("get", "/api/admin/stats", None),
    ("get", "/api/admin/users", None),
    ("patch", "/api/admin/users/999999", {"isActive": False}),
    ("delete", "/api/admin/users/999999", None),
    ("post", "/api/admin/users/999999/ban", {"reason": "spam", "expiresAt": None}),
    ("post", "/api/admin/users/999999/unban", None),
    ("get", "/api/admin/stories", None),
    ("patch", "/api/admin/stories/999999", {"isPublic": False}),
    ("delete", "/api/admin/stories/999999", None),
    ("get", "/api/admin/videos", None),
    ("patch", "/api/admin/videos/999999", {"isPublic": False}),
    ("delete", "/api/admin/videos/999999", None),
    ("get", "/api/admin/reports", None),
    ("post", "/api/admin/reports/999999/resolve", {"note": "ok"}),
    ("post", "/api/admin/reports/999999/dismiss", None),
    ("get", "/api/admin/audit", None),
]


def call(client, method, path, body=None, **kwargs):
    if body is not None:
        kwargs["json"] = body
    return getattr(client, method)(path, **kwargs)


def test_every_endpoint_is_401_signed_out_and_403_for_users(client, users):
    user_client, _ = users.signed_in()
    for method, path, body in ENDPOINTS:
        response = call(client, method, path, body)
        assert response.status_code == 401, (method, path, response.get_json())
        assert response.get_json()["message"] == "Unauthorized"
        response = call(user_client, method, path, body)
        assert response.status_code == 403, (method, path, response.get_json())
        assert "permission" in response.get_json()["message"]


@pytest.mark.parametrize("role", ["admin", "super_admin"])
def test_every_endpoint_answers_admins(users, role):
    admin, _ = users.signed_in(role=role)
    for method, path, body in ENDPOINTS:
        response = call(admin, method, path, body)
        if method == "get":
            assert response.status_code == 200, (path, response.get_json())
        else:
            assert response.status_code == 404, (method, path, response.get_json())
    assert admin.get("/api/admin/check").get_json() == {"isAdmin": True, "role": role}


def test_stats(app, users):
    admin, _ = users.signed_in(role="admin")
    author, author_json = users.signed_in()
    _, banned = users.signed_in()
    _, inactive = users.signed_in()
    story = make_story(author)
    make_story(author, isPublic=False)
    make_video(app, author_json["id"], views=7)
    update_user(app, banned["id"], is_banned=True, ban_reason="spam")
    update_user(app, inactive["id"], is_active=False)
    with models(app):
        from core.models import Story
        Story.update(views=5).where(Story.id == story["id"]).execute()
    stats = admin.get("/api/admin/stats").get_json()
    assert stats["totalUsers"] == 4
    assert stats["activeUsers"] == 2
    assert stats["bannedUsers"] == 1 and stats["inactiveUsers"] == 1
    assert stats["totalStories"] == 2 and stats["publicStories"] == 1
    assert stats["totalVideos"] == 1
    assert stats["totalViews"] == 12


# --- users list ----------------------------------------------------------------------------------


def test_users_list_filters_search_and_counts(app, users):
    admin, admin_json = users.signed_in(role="admin", first_name="Ada", last_name="Root")
    _, boss = users.signed_in(role="super_admin", first_name="Bea", last_name="Boss")
    writer, writer_json = users.signed_in(first_name="Silas", last_name="Crane")
    _, idle = users.signed_in(first_name="Ivy", last_name="Moss")
    _, banned = users.signed_in(first_name="Rhys", last_name="Wick")
    make_story(writer)
    make_story(writer, isPublic=False)
    make_video(app, writer_json["id"])
    update_user(app, idle["id"], is_active=False)
    update_user(app, banned["id"], is_banned=True, ban_reason="spam")

    def ids(query):
        response = admin.get("/api/admin/users" + query)
        assert response.status_code == 200, response.get_json()
        return [u["id"] for u in response.get_json()]

    everyone = admin.get("/api/admin/users")
    assert everyone.headers["X-Total-Count"] == "5"
    rows = everyone.get_json()
    assert [u["id"] for u in rows] == sorted((u["id"] for u in rows), reverse=True)  # newest
    by_id = {u["id"]: u for u in rows}
    assert by_id[writer_json["id"]]["storiesCount"] == 2
    assert by_id[writer_json["id"]]["videosCount"] == 1
    assert by_id[idle["id"]]["storiesCount"] == 0
    assert by_id[banned["id"]]["isBanned"] is True
    assert by_id[idle["id"]]["isActive"] is False

    assert set(ids("?status=active")) == {admin_json["id"], boss["id"], writer_json["id"]}
    assert ids("?status=inactive") == [idle["id"]]
    assert ids("?status=banned") == [banned["id"]]
    assert set(ids("?status=admin")) == {admin_json["id"], boss["id"]}
    assert set(ids("?role=admin")) == {admin_json["id"], boss["id"]}
    assert ids("?role=super_admin") == [boss["id"]]
    assert ids("?role=user&status=inactive") == [idle["id"]]
    assert ids("?status=all&role=all") == ids("")
    # search: name or e-mail, any case, words in any order
    assert ids("?search=silas") == [writer_json["id"]]
    assert ids("?search=CRANE%20silas") == [writer_json["id"]]
    assert ids("?search=" + writer_json["email"].upper()) == [writer_json["id"]]
    assert ids("?search=nobody-here") == []
    assert ids("?search=moss&status=inactive") == [idle["id"]]
    # pagination
    page = admin.get("/api/admin/users?limit=2&page=3")
    assert page.headers["X-Total-Count"] == "5" and len(page.get_json()) == 1
    page = admin.get("/api/admin/users?status=admin&limit=1&page=2")  # a rare filter
    assert page.headers["X-Total-Count"] == "2" and len(page.get_json()) == 1
    page = admin.get("/api/admin/users?status=admin&limit=1&page=5")  # past the end
    assert page.headers["X-Total-Count"] == "2" and page.get_json() == []
    page = admin.get("/api/admin/users?search=a&limit=2&page=2")
    assert page.headers["X-Total-Count"] == "5"  # every test e-mail has an 'a' (example.com)
    assert admin.get("/api/admin/users?search=zzz&page=3").headers["X-Total-Count"] == "0"
    assert admin.get("/api/admin/users?status=weird").status_code == 400
    assert "weird" in admin.get("/api/admin/users?role=weird").get_json()["message"]
    assert admin.get("/api/admin/users?limit=0").status_code == 400


def test_users_list_makes_no_query_per_user(app, users):
    admin, _ = users.signed_in(role="admin")

    def queries_for_list():
        with recorded_sql() as statements:
            assert admin.get("/api/admin/users?limit=50").status_code == 200
        return len(statements)

    for _ in range(2):
        client, _ = users.signed_in()
        make_story(client)
    few = queries_for_list()
    for _ in range(5):
        client, _ = users.signed_in()
        make_story(client)
    assert queries_for_list() == few


# --- PATCH users ---------------------------------------------------------------------------------


def test_only_super_admin_changes_roles(users):
    admin, admin_json = users.signed_in(role="admin")
    boss, boss_json = users.signed_in(role="super_admin")
    _, plain = users.signed_in()

    response = admin.patch(f"/api/admin/users/{plain['id']}", json={"role": "admin"})
    assert response.status_code == 403
    assert response.get_json()["message"] == "Only a super admin can grant or remove admin roles"
    response = admin.patch(f"/api/admin/users/{boss_json['id']}", json={"role": "user"})
    assert response.status_code == 403

    response = boss.patch(f"/api/admin/users/{plain['id']}", json={"role": "admin"})
    assert response.status_code == 200 and response.get_json()["role"] == "admin"
    response = boss.patch(f"/api/admin/users/{admin_json['id']}", json={"role": "user"})
    assert response.get_json()["role"] == "user"
    # the demoted admin loses the panel at the next request
    assert admin.get("/api/admin/check").status_code == 403
    response = boss.patch(f"/api/admin/users/{plain['id']}", json={"role": "emperor"})
    assert response.status_code == 400 and "emperor" in response.get_json()["message"]
    assert boss.patch(f"/api/admin/users/{plain['id']}", json={}).status_code == 400
    assert boss.patch("/api/admin/users/999999", json={"role": "admin"}).status_code == 404


def test_nobody_demotes_or_deactivates_themselves_or_the_last_super_admin(app, users):
    boss, boss_json = users.signed_in(role="super_admin")
    admin, admin_json = users.signed_in(role="admin")
    response = boss.patch(f"/api/admin/users/{boss_json['id']}", json={"role": "admin"})
    assert response.status_code == 400
    assert response.get_json()["message"] == "You cannot change your own role"
    response = boss.patch(f"/api/admin/users/{boss_json['id']}", json={"isActive": False})
    assert response.status_code == 400
    assert response.get_json()["message"] == "You cannot deactivate your own account"
    response = admin.patch(f"/api/admin/users/{admin_json['id']}", json={"role": "user"})
    assert response.status_code == 403  # admins never change roles, their own included
    # an admin cannot touch the super admin at all
    response = admin.patch(f"/api/admin/users/{boss_json['id']}", json={"isActive": False})
    assert response.status_code == 403
    # a second super admin may not remove the last *usable* one: here the first is deactivated
    other, other_json = users.signed_in(role="super_admin")
    update_user(app, other_json["id"], is_active=False)
    # `other` is signed out (inactive); promote-demote checks by the remaining super admin:
    response = boss.patch(f"/api/admin/users/{other_json['id']}", json={"role": "user"})
    assert response.status_code == 200  # boss stays, so other may go
    update_user(app, other_json["id"], role="super_admin", is_active=True)
    other.post("/api/auth/login", json={"email": other_json["email"], "password": PASSWORD})
    update_user(app, boss_json["id"], is_banned=True, ban_reason="test")  # boss unusable now
    response = other.patch(f"/api/admin/users/{boss_json['id']}", json={"role": "user"})
    assert response.status_code == 200  # other is usable, boss is not the last one
    update_user(app, boss_json["id"], role="super_admin", is_banned=False)
    assert user_row(app, boss_json["id"]).role == "super_admin"


def test_last_super_admin_is_protected(app, users):
    """Only reachable when the acting super admin is not counted (e.g. created through the CLI
    and then deactivated mid-request); the service refuses it anyway."""
    from werkzeug.exceptions import HTTPException

    from core.models import User
    from core.services.admin import bans, removal
    from core.services.admin import users as service
    _, boss = users.signed_in(role="super_admin")
    _, actor = users.signed_in(role="super_admin")
    update_user(app, actor["id"], is_active=False)
    with models(app):
        acting = User.get_by_id(actor["id"])
        for call_ in (lambda: service.update_user(acting, boss["id"], {"role": "admin"}),
                      lambda: service.update_user(acting, boss["id"], {"isActive": False}),
                      lambda: bans.ban_user(acting, boss["id"], {"reason": "x"}),
                      lambda: removal.delete_user(acting, boss["id"])):
            with pytest.raises(HTTPException) as err:
                call_()
            assert err.value.code == 400
            assert "last super admin" in err.value.data["message"]


def test_deactivate_and_reactivate(app, users, make_client):
    admin, _ = users.signed_in(role="admin")
    victim, victim_json = users.signed_in()
    response = admin.patch(f"/api/admin/users/{victim_json['id']}", json={"isActive": False})
    assert response.status_code == 200 and response.get_json()["isActive"] is False
    # signed out at their next request with a 403 that says why, and cannot sign in again
    refused = victim.get("/api/auth/user")
    assert refused.status_code == 403 and "deactivated" in refused.get_json()["message"]
    # signed out: writes are 401; the next page load still says why until the sign-in page has
    assert victim.post("/api/stories", json={"title": "x"}).status_code == 401
    assert victim.get("/api/auth/user").get_json()["account"] == "deactivated"
    assert "deactivated" in victim.get("/api/login").get_data(as_text=True)
    assert victim.get("/api/auth/user").get_json() is None
    response = Auth(make_client()).login(victim_json["email"])
    assert response.status_code == 403 and "deactivated" in response.get_json()["message"]
    admin.patch(f"/api/admin/users/{victim_json['id']}", json={"isActive": True})
    assert Auth(make_client()).login(victim_json["email"]).status_code == 200
    assert audit_actions(app) == ["user.deactivate", "user.activate"]


# --- delete user ---------------------------------------------------------------------------------


def test_delete_user_cascade_leaves_no_orphan_and_exact_counters(app, users, make_client):
    from core.models import Comment, Job, Like, Report, Share, Story, User, Video, View
    admin, admin_json = users.signed_in(role="admin")
    doomed, doomed_json = users.signed_in(first_name="Doomed", last_name="Writer")
    other, other_json = users.signed_in()
    third, third_json = users.signed_in()
    uid = doomed_json["id"]

    # the doomed user's own content, with other people's engagement on it
    own_story = make_story(doomed)
    doomed.get(f"/api/stories/{own_story['id']}")  # a counted view
    top = comment(other, "story", own_story["id"], "Great")
    comment(third, "story", own_story["id"], "Agreed", parent_id=top["id"])
    other.post(f"/api/stories/{own_story['id']}/like")
    other.post(f"/api/stories/{own_story['id']}/share",
               json={"platform": "clipboard", "shareType": "link"})
    other.post(f"/api/stories/{own_story['id']}/report", json={"reason": "bad"})
    own_video = make_video(app, uid)
    engage_video(app, own_video, other_json["id"], text="Nice video")
    # someone else's video made from the doomed user's story keeps working, unlinked
    derived = make_video(app, other_json["id"], story=own_story["id"], with_file=False)

    # the doomed user's activity on other people's content
    theirs = make_story(other)
    plain = make_story(third)
    doomed.post(f"/api/stories/{theirs['id']}/like")
    doomed.post(f"/api/stories/{theirs['id']}/share",
                json={"platform": "clipboard", "shareType": "link"})
    doomed.post(f"/api/stories/{theirs['id']}/share",
                json={"platform": "email", "shareType": "email"})
    doomed_top = comment(doomed, "story", theirs["id"], "My thread")
    comment(other, "story", theirs["id"], "Reply in the doomed thread", parent_id=doomed_top["id"])
    comment(third, "story", theirs["id"], "Another reply", parent_id=doomed_top["id"])
    other_top = comment(other, "story", theirs["id"], "Other thread")
    comment(doomed, "story", theirs["id"], "Doomed reply", parent_id=other_top["id"])
    comment(third, "story", theirs["id"], "Stays")
    other.post(f"/api/stories/{theirs['id']}/like")
    doomed.post(f"/api/stories/{theirs['id']}/report", json={"reason": "meh"})
    other.post(f"/api/comments/{doomed_top['id']}/report", json={"reason": "rude"})
    other_video = make_video(app, other_json["id"])
    engage_video(app, other_video, uid, text="Doomed on video")
    engage_video(app, other_video, third_json["id"], text="Third on video")
    with models(app):
        Job.create(user=uid, kind="story.generate")
        Job.create(user=other_json["id"], kind="video.render", video=own_video)
        # the doomed user had resolved a report and written an audit entry as an admin once
        Report.update(resolved_by=uid).where(Report.reason == "bad").execute()
    before = counter_mismatches(app)
    assert before == []

    assert (Path(app.config["MEDIA_DIR"]) / "videos" / str(own_video) / "video.mp4").exists()
    response = admin.delete(f"/api/admin/users/{uid}")
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["message"] == "User deleted successfully"
    assert body["deleted"]["stories"] == 1 and body["deleted"]["videos"] == 1
    assert body["deleted"]["likes"] == 2 and body["deleted"]["shares"] == 3

    assert user_row(app, uid) is None
    assert orphans(app) == []
    assert counter_mismatches(app) == []
    for model, column in ((Story, Story.user), (Video, Video.user), (Comment, Comment.user),
                          (Like, Like.user), (Share, Share.user), (Job, Job.user),
                          (Report, Report.reporter)):
        assert count(app, model, column == uid) == 0, model
    assert count(app, View, View.viewer == f"u:{uid}") == 0
    assert count(app, Story, Story.id == own_story["id"]) == 0
    assert count(app, Video, Video.id == own_video) == 0
    assert not (Path(app.config["MEDIA_DIR"]) / "videos" / str(own_video)).exists()
    assert (Path(app.config["MEDIA_DIR"]) / "videos" / str(other_video)).exists()
    with models(app):
        assert Video.get_by_id(derived).story_id is None
        theirs_row = Story.get_by_id(theirs["id"])
        assert theirs_row.likes_count == 1  # other's like stays
        assert theirs_row.shares_count == 0
        # left: 'Other thread' and 'Stays' (the doomed thread and its 2 replies, and the doomed
        # reply, are gone)
        assert sorted(c.content for c in Comment.select().where(Comment.story == theirs["id"])) \
            == ["Other thread", "Stays"]
        assert theirs_row.comments_count == 2
        video_row = Video.get_by_id(other_video)
        assert (video_row.likes_count, video_row.shares_count, video_row.comments_count) == (
            1, 1, 1)
        assert Story.get_by_id(plain["id"]).comments_count == 0
        assert Report.select().where(Report.comment.is_null(False)).count() == 0
        assert User.select().count() == 3
    # the account is gone: its session ends, it cannot sign in, and the log remembers it
    assert doomed.get("/api/auth/user").get_json() is None
    assert Auth(make_client()).login(doomed_json["email"]).status_code == 401
    entries = admin.get("/api/admin/audit").get_json()
    assert entries[0]["action"] == "user.delete"
    assert entries[0]["targetId"] == uid
    assert doomed_json["email"] in entries[0]["targetLabel"]
    assert entries[0]["actorEmail"] == admin_json["email"]


def test_delete_user_rules(users):
    admin, admin_json = users.signed_in(role="admin")
    boss, boss_json = users.signed_in(role="super_admin")
    _, other_admin = users.signed_in(role="admin")
    response = admin.delete(f"/api/admin/users/{admin_json['id']}")
    assert response.status_code == 400
    assert response.get_json()["message"] == "You cannot delete your own account"
    response = admin.delete(f"/api/admin/users/{other_admin['id']}")
    assert response.status_code == 403
    assert response.get_json()["message"] == "Only a super admin can delete an administrator"
    assert admin.delete(f"/api/admin/users/{boss_json['id']}").status_code == 403
    assert boss.delete(f"/api/admin/users/{other_admin['id']}").status_code == 200
    assert admin.delete("/api/admin/users/999999").status_code == 404


# --- stories and videos --------------------------------------------------------------------------


def test_admin_stories_list_filter_search_toggle_delete(app, users, make_client):
    admin, _ = users.signed_in(role="admin")
    author, author_json = users.signed_in(first_name="Edith", last_name="Graves")
    public = make_story(author, title="The Drowned Choir")
    private = make_story(author, title="Secret Attic", isPublic=False)
    _, somebody = users.signed_in(first_name="Opal")

    def ids(query=""):
        response = admin.get("/api/admin/stories" + query)
        assert response.status_code == 200, response.get_json()
        return [s["id"] for s in response.get_json()], response

    all_ids, response = ids()
    assert all_ids == [private["id"], public["id"]]
    assert response.headers["X-Total-Count"] == "2"
    assert response.get_json()[0]["user"]["email"] == author_json["email"]
    assert ids("?filter=public")[0] == [public["id"]]
    assert ids("?filter=private")[0] == [private["id"]]
    assert ids("?search=drowned")[0] == [public["id"]]
    email = author_json["email"].upper()
    assert ids(f"?search={email}")[0] == [private["id"], public["id"]]  # the author's e-mail
    assert ids(f"?search={email}&filter=private")[0] == [private["id"]]
    assert ids("?search=attic&filter=public")[0] == []
    assert ids("?search=the%20choir")[0] == [public["id"]]
    assert ids("?search=zzz&page=2")[1].headers["X-Total-Count"] == "0"
    assert ids("?search=e&limit=1&page=2")[0] == [public["id"]]
    assert ids("?search=e&limit=1&page=3")[1].headers["X-Total-Count"] == "2"
    assert ids(f"?userId={somebody['id']}")[0] == []
    assert ids("?limit=1&page=2")[0] == [public["id"]]
    assert admin.get("/api/admin/stories?filter=pending").status_code == 400

    # hide a story: visitors no longer see it, the author still does
    visitor = make_client()
    response = admin.patch(f"/api/admin/stories/{public['id']}", json={"isPublic": False})
    assert response.status_code == 200 and response.get_json()["isPublic"] is False
    assert visitor.get(f"/api/stories/{public['id']}").status_code == 404
    assert author.get(f"/api/stories/{public['id']}").status_code == 200
    assert admin.patch(f"/api/admin/stories/{public['id']}", json={}).status_code == 400
    admin.patch(f"/api/admin/stories/{public['id']}", json={"isPublic": True})
    assert visitor.get(f"/api/stories/{public['id']}").status_code == 200

    response = admin.delete(f"/api/admin/stories/{private['id']}")
    assert response.status_code == 200
    assert response.get_json()["message"] == "Content deleted successfully"
    assert admin.delete(f"/api/admin/stories/{private['id']}").status_code == 404
    assert audit_actions(app) == ["story.visibility", "story.visibility", "story.delete"]
    assert orphans(app) == []


def test_admin_videos_list_filter_toggle_delete(app, users):
    admin, _ = users.signed_in(role="admin")
    _, author = users.signed_in(first_name="Lucian")
    done = make_video(app, author["id"], title="Fog Bound", status="completed")
    pending = make_video(app, author["id"], title="Salt Mines", is_public=False)
    engage_video(app, done, author["id"], text="mine")

    def ids(query=""):
        response = admin.get("/api/admin/videos" + query)
        assert response.status_code == 200, response.get_json()
        return [v["id"] for v in response.get_json()]

    assert ids() == [pending, done]
    assert ids("?filter=completed") == [done]
    assert ids("?filter=pending") == [pending]
    assert ids("?status=pending&filter=private") == [pending]
    assert ids("?filter=public") == [done]
    assert ids("?search=salt") == [pending]
    assert ids(f"?search={author['email']}") == [pending, done]
    row = admin.get("/api/admin/videos?filter=completed").get_json()[0]
    assert row["status"] == "completed" and row["user"]["firstName"] == "Lucian"
    assert row["likesCount"] == 1 and row["commentsCount"] == 1

    response = admin.patch(f"/api/admin/videos/{pending}", json={"isPublic": True})
    assert response.status_code == 200 and response.get_json()["isPublic"] is True
    folder = Path(app.config["MEDIA_DIR"]) / "videos" / str(done)
    assert folder.exists()
    assert admin.delete(f"/api/admin/videos/{done}").status_code == 200
    assert not folder.exists()
    assert ids() == [pending]
    assert orphans(app) == []
    assert audit_actions(app) == ["video.visibility", "video.delete"]


# --- audit log -----------------------------------------------------------------------------------


def test_audit_log_records_who_what_when_why_and_survives_deletions(app, users):
    boss, boss_json = users.signed_in(role="super_admin")
    admin, admin_json = users.signed_in(role="admin", first_name="Ada")
    _, target = users.signed_in(first_name="Target", last_name="Person")
    author, _ = users.signed_in()
    story = make_story(author, title="Hollow Bell")

    boss.patch(f"/api/admin/users/{target['id']}", json={"role": "admin"})
    boss.patch(f"/api/admin/users/{target['id']}", json={"role": "user"})
    admin.post(f"/api/admin/users/{target['id']}/ban", json={"reason": "Spam links",
                                                             "durationDays": 7})
    admin.post(f"/api/admin/users/{target['id']}/unban")
    admin.patch(f"/api/admin/stories/{story['id']}", json={"isPublic": False})
    admin.delete(f"/api/admin/stories/{story['id']}")
    admin.delete(f"/api/admin/users/{target['id']}")
    # the acting admin is deleted too: the entries keep the e-mail copy
    boss.delete(f"/api/admin/users/{admin_json['id']}")

    response = boss.get("/api/admin/audit")
    assert response.status_code == 200
    entries = response.get_json()
    assert response.headers["X-Total-Count"] == "8"
    assert [e["action"] for e in entries] == [
        "user.delete", "user.delete", "story.delete", "story.visibility", "user.unban",
        "user.ban", "user.role_change", "user.role_change"]
    ban = entries[5]
    assert ban["reason"] == "Spam links"
    assert ban["actorEmail"] == admin_json["email"]
    assert ban["actorId"] is None  # the admin is gone, the copy stays
    assert ban["targetId"] == target["id"] and "Target Person" in ban["targetLabel"]
    assert ban["details"]["expiresAt"].endswith("Z")
    assert ban["createdAt"]
    assert entries[6]["details"] == {"from": "admin", "to": "user"}
    assert entries[3]["targetLabel"] == "Hollow Bell" and entries[3]["details"]["isPublic"] is False
    assert entries[0]["actorEmail"] == boss_json["email"]
    # filters and pagination
    only_bans = boss.get("/api/admin/audit?action=user.ban").get_json()
    assert [e["action"] for e in only_bans] == ["user.ban"]
    by_target = boss.get(f"/api/admin/audit?targetType=user&targetId={target['id']}").get_json()
    assert len(by_target) == 5
    page = boss.get("/api/admin/audit?limit=3&page=3")
    assert [e["action"] for e in page.get_json()] == ["user.role_change", "user.role_change"]
    assert boss.get("/api/admin/audit?action=nope").status_code == 400
