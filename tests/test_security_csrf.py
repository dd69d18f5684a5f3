"""CSRF, as a cross-site page would try it: every unsafe method (POST, PUT, PATCH, DELETE) is
refused without the session's token and changes nothing; the token itself, its cookie and its
renewal at sign-in; what the check leaves alone (reads, pages outside /api, 404 and 405)."""
import re

import pytest

from core.models import Story, User
from tests.helpers import PASSWORD, Auth, set_role
from tests.test_admin_helpers import make_story, models

REFUSED = "CSRF token missing or invalid"


def refused(response):
    return response.status_code == 403 and response.get_json()["message"] == REFUSED


def story_row(app, story_id):
    with models(app):
        return Story.get_or_none(Story.id == story_id)


def token_of(client):
    cookie = client.get_cookie("csrf_token")
    return cookie.value if cookie else None


@pytest.fixture
def admin_and_story(app, users):
    """A signed-in admin and one story of theirs, public."""
    client, user = users.signed_in()
    set_role(app, user["id"], "admin")
    return client, make_story(client, title="Under the stairs")


@pytest.mark.parametrize("token", [None, "", "forged-token"], ids=["none", "empty", "forged"])
def test_put_patch_delete_without_the_token_are_refused_and_change_nothing(
        app, admin_and_story, token):
    client, story = admin_and_story
    headers = {} if token is None else {"X-CSRF-Token": token}
    path = f"/api/stories/{story['id']}"
    calls = [("PUT", path, {"title": "Renamed by another site"}),
             ("PATCH", f"/api/admin/stories/{story['id']}", {"isPublic": False}),
             ("DELETE", path, None),
             ("POST", f"{path}/comments", {"content": "posted by another site"})]
    for method, call_path, body in calls:
        response = client.open(call_path, method=method, json=body, headers=headers,
                               no_csrf=True)
        assert refused(response), (method, response.status_code, response.get_json())
    row = story_row(app, story["id"])
    assert row is not None and row.title == "Under the stairs" and row.is_public
    assert client.get(f"{path}/comments").get_json() == []


def test_put_patch_delete_with_the_token_go_through(app, admin_and_story):
    client, story = admin_and_story
    path = f"/api/stories/{story['id']}"
    assert client.put(path, json={"title": "Renamed"}).status_code == 200
    assert client.patch(f"/api/admin/stories/{story['id']}",
                        json={"isPublic": False}).status_code == 200
    row = story_row(app, story["id"])
    assert row.title == "Renamed" and not row.is_public
    assert client.delete(path).status_code == 200
    assert story_row(app, story["id"]) is None


def test_a_visitor_without_a_session_is_refused_whatever_token_it_sends(make_client):
    for token in (None, "", "anything"):
        client = make_client()
        headers = {} if token is None else {"X-CSRF-Token": token}
        response = client.post("/api/auth/register", no_csrf=True, headers=headers, json={
            "email": "visitor@example.com", "password": PASSWORD, "firstName": "V"})
        assert refused(response), token


def test_reads_pages_and_missing_routes_are_not_checked(client):
    # reads need no token
    assert client.get("/api/stories").status_code == 200
    assert client.get("/api/auth/user").status_code == 200
    # an unknown API path or a method a route does not have is a 404 or 405, not a 403
    missing = client.post("/api/no-such-thing", no_csrf=True, json={})
    assert missing.status_code == 404 and missing.is_json
    assert client.delete("/api/no-such-thing", no_csrf=True).status_code == 404
    wrong_method = client.delete("/api/auth/user", no_csrf=True)
    assert wrong_method.status_code == 405 and wrong_method.is_json


def test_the_token_is_one_per_session_and_survives_more_reads(make_client):
    client = make_client()
    client.get("/api/auth/user")
    first = token_of(client)
    assert first and len(first) >= 43  # 32 random bytes, URL-safe
    # another tab of the same browser asks again: same token, no new cookie
    again = client.get("/api/auth/user")
    assert token_of(client) == first
    assert not [c for c in again.headers.getlist("Set-Cookie") if c.startswith("csrf_token=")]
    # so the first tab's token still passes
    assert Auth(client).register().get("id")
    # another browser has another token
    other = make_client()
    other.get("/api/auth/user")
    assert token_of(other) != first


def test_the_token_cookie_is_readable_by_the_page_and_same_site(client):
    response = client.get("/api/auth/user")
    cookie = next(c for c in response.headers.getlist("Set-Cookie")
                  if c.startswith("csrf_token="))
    assert "SameSite=Lax" in cookie
    assert "HttpOnly" not in cookie  # the web app reads it to echo it
    assert "Max-Age" not in cookie and "Expires" not in cookie  # a browser-session cookie
    assert "Secure" not in cookie  # plain HTTP here (HTTPS: tests/test_sessions.py)


def test_other_reads_leave_the_token_cookie_alone(users):
    client, _user = users.signed_in()
    token = token_of(client)
    for path in ("/api/stories", "/api/videos", "/api/auth/user"):
        response = client.get(path)
        assert not [c for c in response.headers.getlist("Set-Cookie")
                    if c.startswith("csrf_token=")], path
    assert token_of(client) == token
    assert client.post("/api/stories/1/like").status_code in (200, 404)  # the token still passes
    assert token_of(client) == token


def test_signing_in_renews_the_token(make_client, users):
    _owner, user = users.signed_in()
    client = make_client()
    client.get("/api/auth/user")
    before = token_of(client)
    assert Auth(client).login(user["email"]).status_code == 200
    after = token_of(client)
    assert after and after != before
    # the token known before signing in (a planted one, say) is worth nothing now
    response = client.post("/api/stories", no_csrf=True, headers={"X-CSRF-Token": before},
                           json={"content": "x"})
    assert refused(response)


def test_the_sign_in_and_sign_out_pages_carry_the_sessions_token(make_client, users):
    _owner, user = users.signed_in()
    client = make_client()
    page = client.get("/api/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert token == token_of(client)
    # a form post without the field is refused, with it signs in
    form = {"email": user["email"], "password": PASSWORD}
    assert client.post("/api/login", no_csrf=True, data=form).status_code == 403
    response = client.post("/api/login", no_csrf=True, data={**form, "csrf_token": token})
    assert response.status_code == 302
    assert client.get("/api/auth/user").get_json()["id"] == user["id"]
    page = client.get("/api/logout").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert token == token_of(client)
    forged = client.post("/api/logout", no_csrf=True, data={"csrf_token": "forged"})
    assert forged.status_code == 403
    assert client.post("/api/logout", no_csrf=True, data={"csrf_token": token}).status_code == 302
    assert client.get("/api/auth/user").get_json() is None


def test_new_passwords_are_hashed_with_the_configured_profile(app, users):
    from argon2 import profiles
    _client, user = users.signed_in()
    expected = getattr(profiles, app.config["PASSWORD_PROFILE"])
    with models(app):
        stored = User.get_by_id(user["id"]).password_hash
    assert stored.startswith("$argon2id$")
    assert f"m={expected.memory_cost},t={expected.time_cost},p={expected.parallelism}" in stored
