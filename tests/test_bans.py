"""Bans that bite: signed out at the next request, no sign-in, no writes, until the ban expires."""
import datetime as dt

import pytest

from tests.helpers import Auth
from tests.test_admin_helpers import (
    audit_actions,
    comment,
    count,
    make_story,
    make_video,
    models,
    update_user,
    user_row,
)


def ban(admin, user_id, **body):
    return admin.post(f"/api/admin/users/{user_id}/ban", json=body)


def test_ban_requires_a_reason(users):
    admin, _ = users.signed_in(role="admin")
    _, victim = users.signed_in()
    for body in ({}, {"reason": ""}, {"reason": "   \n "}, {"reason": None},
                 {"reason": 42, "expiresAt": None}):
        response = ban(admin, victim["id"], **body)
        assert response.status_code == 400, body
        assert response.get_json()["message"] == "Ban reason is required"
        assert response.get_json()["errors"] == {"reason": ["Ban reason is required"]}
    assert user_row(admin.application, victim["id"]).is_banned is False


def test_ban_durations_and_expiry_validation(app, users):
    from core.models import utcnow
    admin, _ = users.signed_in(role="admin")
    _, victim = users.signed_in()
    vid = victim["id"]

    response = ban(admin, vid, reason="  Spam links  ", expiresAt=None)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["isBanned"] is True and body["banReason"] == "Spam links"
    assert body["banExpiresAt"] is None  # permanent
    row = user_row(app, vid)
    assert row.banned_at is not None and row.ban_expires_at is None

    for days in (1, 7, 30):
        response = ban(admin, vid, reason="Cool off", durationDays=days)
        assert response.status_code == 200
        expires = user_row(app, vid).ban_expires_at
        assert abs(expires - (utcnow() + dt.timedelta(days=days))) < dt.timedelta(minutes=1)

    future = (dt.datetime.now(dt.UTC) + dt.timedelta(days=3)).isoformat()
    response = ban(admin, vid, reason="Until Friday", expiresAt=future.replace("+00:00", "Z"))
    assert response.status_code == 200
    assert abs(user_row(app, vid).ban_expires_at - (utcnow() + dt.timedelta(days=3))) \
        < dt.timedelta(minutes=1)
    # a local offset is converted to UTC
    plus_two = (dt.datetime.now(dt.timezone(dt.timedelta(hours=2))) + dt.timedelta(hours=5))
    assert ban(admin, vid, reason="tz", expiresAt=plus_two.isoformat()).status_code == 200
    assert abs(user_row(app, vid).ban_expires_at - (utcnow() + dt.timedelta(hours=5))) \
        < dt.timedelta(minutes=1)

    past = (dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)).isoformat()
    for body, word in (({"expiresAt": past}, "future"), ({"expiresAt": "tomorrow"}, "ISO"),
                       ({"expiresAt": 12345}, "ISO"), ({"durationDays": 2}, "1, 7 or 30"),
                       ({"durationDays": True}, "1, 7 or 30"),
                       ({"durationDays": 7, "expiresAt": future}, "either")):
        response = ban(admin, vid, reason="x", **body)
        assert response.status_code == 400, body
        assert word in response.get_json()["message"], response.get_json()
    assert ban(admin, 999999, reason="x").status_code == 404
    assert audit_actions(app).count("user.ban") == 6


def test_ban_rules(users):
    admin, admin_json = users.signed_in(role="admin")
    boss, boss_json = users.signed_in(role="super_admin")
    _, other_admin = users.signed_in(role="admin")
    response = ban(admin, admin_json["id"], reason="oops")
    assert response.status_code == 400
    assert response.get_json()["message"] == "You cannot ban your own account"
    response = ban(admin, other_admin["id"], reason="rival")
    assert response.status_code == 403
    assert response.get_json()["message"] == "Only a super admin can ban an administrator"
    assert ban(admin, boss_json["id"], reason="coup").status_code == 403
    assert ban(boss, boss_json["id"], reason="oops").status_code == 400
    assert ban(boss, other_admin["id"], reason="rogue admin").status_code == 200


def test_banned_user_is_signed_out_at_next_request_with_reason_and_expiry(users, make_client):
    admin, _ = users.signed_in(role="admin")
    victim, victim_json = users.signed_in()
    assert victim.get("/api/auth/user").status_code == 200
    response = ban(admin, victim_json["id"], reason="Harassment", durationDays=7)
    expires = response.get_json()["banExpiresAt"]

    response = victim.get("/api/auth/user")
    assert response.status_code == 403
    body = response.get_json()
    assert body["reason"] == "Harassment"
    assert body["expiresAt"].startswith(expires[:16])
    assert "banned" in body["message"] and "Harassment" in body["message"]
    # the session is gone: writes are 401, and the sign-in page says why (once)
    assert victim.post("/api/stories/suggestions", json={"content": "x"}).status_code == 401
    page = victim.get("/api/login").get_data(as_text=True)
    assert "Reason: Harassment" in page and "banned until" in page
    assert victim.get("/api/auth/user").get_json() is None

    # and signing in again is refused with the same details
    response = Auth(make_client()).login(victim_json["email"])
    assert response.status_code == 403
    assert response.get_json()["errors"]["reason"] == "Harassment"
    assert response.get_json()["errors"]["expiresAt"]


def test_permanent_ban_message(users, make_client):
    admin, _ = users.signed_in(role="admin")
    _, victim = users.signed_in()
    ban(admin, victim["id"], reason="Spam", expiresAt=None)
    response = Auth(make_client()).login(victim["email"])
    assert response.status_code == 403
    assert "permanently" in response.get_json()["message"]
    assert response.get_json()["errors"]["expiresAt"] is None


def test_every_open_tab_of_a_banned_user_is_told_why(users, make_client):
    """Two browsers of one account; one reloads a page (no API call says why then), the other
    calls the API: both learn the reason and the end, "permanently" when the ban has none."""
    admin, _ = users.signed_in(role="admin")
    laptop, victim = users.signed_in()
    phone = make_client()
    assert Auth(phone).login(victim["email"]).status_code == 200
    assert ban(admin, victim["id"], reason="Gore in the comments",
               expiresAt=None).status_code == 200

    assert laptop.get("/").status_code == 200  # a page navigation: the web app loads
    for client in (laptop, phone):
        response = client.get("/api/auth/user")  # the web app's first call
        assert response.status_code == 403
        body = response.get_json()
        assert body["message"] == ("Your account has been banned permanently. "
                                   "Reason: Gore in the comments")
        assert body["account"] == "banned" and body["expiresAt"] is None
        assert body["reason"] == "Gore in the comments"
        assert client.post("/api/stories/suggestions", json={"content": "x"}).status_code == 401
        # the sign-in page the web app goes to shows it, then it has been said
        page = client.get("/api/login")
        assert page.status_code == 200
        assert "banned permanently. Reason: Gore in the comments" in page.get_data(as_text=True)
        assert client.get("/api/auth/user").get_json() is None


WRITES = [
    ("post", "/api/stories", lambda ids: {"genre": "Gothic Horror", "mood": "Eerie",
                                          "content": "banned words"}),
    ("put", "/api/stories/{story}", lambda ids: {"title": "Changed"}),
    ("delete", "/api/stories/{story}", lambda ids: None),
    ("post", "/api/stories/{other}/comments", lambda ids: {"content": "hi"}),
    ("post", "/api/stories/{other}/like", lambda ids: None),
    ("post", "/api/stories/{other}/report", lambda ids: {"reason": "spite"}),
    ("post", "/api/stories/generate", lambda ids: {"genre": "Gothic Horror", "mood": "Eerie",
                                                   "setting": "a crypt", "characters": "Ada"}),
    ("post", "/api/stories/suggestions", lambda ids: {"content": "text"}),
    ("post", "/api/stories/{story}/enhance", lambda ids: {"type": "expand", "content": "x"}),
    ("post", "/api/stories/{other}/share", lambda ids: {"platform": "clipboard",
                                                        "shareType": "link"}),
    ("put", "/api/stories/comments/{comment}", lambda ids: {"content": "edited"}),
    ("delete", "/api/stories/comments/{comment}", lambda ids: None),
    ("post", "/api/comments/{comment}/report", lambda ids: {"reason": "x"}),
    ("post", "/api/videos", lambda ids: {"creationMode": "direct", "title": "Mine",
                                         "genre": "Gothic Horror", "mood": "Eerie",
                                         "setting": "a crypt", "characters": "Ada"}),
    ("post", "/api/videos/{video}/generate", lambda ids: None),
    ("post", "/api/videos/{other_video}/like", lambda ids: None),
    ("post", "/api/videos/{other_video}/comments", lambda ids: {"content": "hi"}),
]


def test_every_write_of_a_banned_user_is_refused(app, users, make_client):
    from core.models import Comment, Job, Like, Report, Share, Story, Video
    models_ = (Story, Video, Comment, Like, Share, Report, Job)
    admin, _ = users.signed_in(role="admin")
    author, author_json = users.signed_in()
    other_story = make_story(author)
    victim, victim_json = users.signed_in()
    own_story = make_story(victim, title="Mine")
    own_comment = comment(victim, "story", other_story["id"], "before the ban")
    ids = {"story": own_story["id"], "other": other_story["id"], "comment": own_comment["id"],
           "video": make_video(app, victim_json["id"], with_file=False),
           "other_video": make_video(app, author_json["id"], with_file=False)}
    ban(admin, victim_json["id"], reason="Spam", durationDays=1)
    before = {model: count(app, model) for model in models_}

    for method, path, body in WRITES:
        # sign in again before each try (the ban's first refusal ends the session)
        update_user(app, victim_json["id"], is_banned=False)
        client = make_client()
        assert Auth(client).login(victim_json["email"]).status_code == 200
        update_user(app, victim_json["id"], is_banned=True)
        kwargs = {"json": body(ids)} if body(ids) is not None else {}
        response = getattr(client, method)(path.format(**ids), **kwargs)
        assert response.status_code == 403, (method, path, response.get_json())
        assert (response.get_json()["account"], response.get_json()["reason"]) == ("banned", "Spam")
    # the session a banned user already had is refused too (401 once signed out)
    assert victim.post(f"/api/stories/{ids['other']}/like").status_code == 403
    assert victim.post(f"/api/stories/{ids['other']}/like").status_code == 401

    after = {model: count(app, model) for model in models_}
    assert after == before
    with models(app):
        assert Story.get_by_id(own_story["id"]).title == "Mine"
        assert Comment.get_by_id(own_comment["id"]).content == "before the ban"
        assert Video.get_by_id(ids["video"]).status == "pending"


def test_banned_users_content_stays_visible(users, make_client):
    admin, _ = users.signed_in(role="admin")
    victim, victim_json = users.signed_in()
    story = make_story(victim)
    ban(admin, victim_json["id"], reason="Spam")
    assert victim.get("/api/auth/user").status_code == 403
    visitor = make_client()
    assert visitor.get(f"/api/stories/{story['id']}").status_code == 200
    assert story["id"] in [s["id"] for s in visitor.get("/api/stories").get_json()]
    # an admin hides it by making it private
    admin.patch(f"/api/admin/stories/{story['id']}", json={"isPublic": False})
    assert visitor.get(f"/api/stories/{story['id']}").status_code == 404


def test_ban_expires_on_its_own(app, users, make_client, monkeypatch):
    """A frozen clock moved past the expiry: the same session works again, and sign-in too."""
    import core.models.base
    admin, _ = users.signed_in(role="admin")
    victim, victim_json = users.signed_in()
    ban(admin, victim_json["id"], reason="Cool off", durationDays=1)
    assert Auth(make_client()).login(victim_json["email"]).status_code == 403

    real_now = core.models.base.utcnow()
    monkeypatch.setattr(core.models.base, "utcnow", lambda: real_now + dt.timedelta(hours=23))
    assert Auth(make_client()).login(victim_json["email"]).status_code == 403
    banned = [u["id"] for u in admin.get("/api/admin/users?status=banned").get_json()]
    assert banned == [victim_json["id"]]

    monkeypatch.setattr(core.models.base, "utcnow", lambda: real_now + dt.timedelta(days=1, minutes=1))
    # the ban list stops counting them as soon as the ban ends, before they come back
    assert admin.get("/api/admin/users?status=banned").get_json() == []
    assert admin.get("/api/admin/stats").get_json()["bannedUsers"] == 0
    # the session opened before the ban was never used while it applied: it just works again
    assert victim.get("/api/auth/user").status_code == 200
    client = make_client()
    response = Auth(client).login(victim_json["email"])
    assert response.status_code == 200
    assert user_row(app, victim_json["id"]).is_banned is False  # cleared at sign-in
    assert client.post("/api/stories", json={"genre": "Gothic Horror", "mood": "Eerie",
                                             "content": "I am back."}).status_code == 201


def test_expired_ban_set_in_the_past_does_not_bite(app, users):
    from core.models import utcnow
    admin, _ = users.signed_in(role="admin")
    victim, victim_json = users.signed_in()
    update_user(app, victim_json["id"], is_banned=True, ban_reason="old",
                ban_expires_at=utcnow() - dt.timedelta(seconds=1))
    assert victim.get("/api/auth/user").status_code == 200
    assert make_story(victim)["id"]
    listed = admin.get(f"/api/admin/users?search={victim_json['email']}").get_json()[0]
    assert listed["isBanned"] is False
    assert admin.get("/api/admin/stats").get_json()["bannedUsers"] == 0


def test_unban(app, users, make_client):
    admin, _ = users.signed_in(role="admin")
    _, victim = users.signed_in()
    ban(admin, victim["id"], reason="Spam")
    response = admin.post(f"/api/admin/users/{victim['id']}/unban")
    assert response.status_code == 200
    body = response.get_json()
    assert body["isBanned"] is False and body["banReason"] is None
    assert Auth(make_client()).login(victim["email"]).status_code == 200
    # unbanning again is harmless and not logged twice
    assert admin.post(f"/api/admin/users/{victim['id']}/unban").status_code == 200
    assert audit_actions(app) == ["user.ban", "user.unban"]
    assert admin.post("/api/admin/users/999999/unban").status_code == 404


@pytest.mark.parametrize("field", ["is_active"])
def test_inactive_account_cannot_sign_in(app, users, make_client, field):
    _, victim = users.signed_in()
    update_user(app, victim["id"], **{field: False})
    response = Auth(make_client()).login(victim["email"])
    assert response.status_code == 403
    assert "deactivated" in response.get_json()["message"]
