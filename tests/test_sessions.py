"""Sessions that really end, CSRF bound to the session, Secure cookies, sign-in limits and the
password rules (issue 14 items 1-6; docs/security.md)."""
import datetime as dt
import re

import pytest

from tests.helpers import PASSWORD, Auth

STORY = {"genre": "Gothic Horror", "mood": "Eerie", "setting": "the old observatory",
         "characters": "Mara", "content": "The bell tolled thirteen times and nobody counted."}


def signed_in_user(make_client, remember=False):
    """A new account, then a fresh sign-in (with or without "remember me")."""
    client = make_client()
    auth = Auth(client)
    user = auth.register()
    auth.logout()
    response = client.post("/api/auth/login", json={"email": user["email"], "password": PASSWORD,
                                                     "remember": remember})
    assert response.status_code == 200, response.get_json()
    return client, user


def copy_cookies(source, target, names=("session", "remember_token", "csrf_token")):
    for name in names:
        cookie = source.get_cookie(name)
        if cookie is not None:
            target.set_cookie(name, cookie.value)


def me(client):
    return client.get("/api/auth/user").get_json()


def test_sign_out_ends_copied_session_and_remember_cookies(make_client):
    client, user = signed_in_user(make_client, remember=True)
    session_copy, remember_copy = make_client(), make_client()
    copy_cookies(client, session_copy)
    copy_cookies(client, remember_copy, names=("remember_token",))
    assert me(session_copy)["id"] == user["id"]
    assert me(remember_copy)["id"] == user["id"]

    assert client.post("/api/auth/logout").status_code == 204

    assert me(session_copy) is None
    assert session_copy.post("/api/stories", json=STORY).status_code == 401
    assert me(remember_copy) is None
    fresh = make_client()
    copy_cookies(client, fresh, names=("remember_token",))
    assert me(fresh) is None


def test_sign_out_everywhere(make_client):
    phone, user = signed_in_user(make_client)
    laptop = make_client()
    assert Auth(laptop).login(user["email"]).status_code == 200
    assert make_client().post("/api/auth/logout-all").status_code in (401, 403)

    assert laptop.post("/api/auth/logout-all").status_code == 204

    assert me(laptop) is None and me(phone) is None
    assert Auth(phone).login(user["email"]).status_code == 200  # signing in again works
    assert me(phone)["id"] == user["id"]


CHROME_LINUX = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                "Chrome/131.0.0.0 Safari/537.36")
FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"


def two_devices(make_client, remember=False):
    """One account signed in on a laptop (Chrome on Linux) and a phone (Firefox on Windows)."""
    laptop, user = signed_in_user(make_client, remember=remember)
    phone = make_client()
    assert laptop.post("/api/auth/logout").status_code == 204
    for client, agent in ((laptop, CHROME_LINUX), (phone, FIREFOX_WINDOWS)):
        client.environ_base["HTTP_USER_AGENT"] = agent
        response = client.post("/api/auth/login", json={
            "email": user["email"], "password": PASSWORD, "remember": remember})
        assert response.status_code == 200
    return laptop, phone, user


def session_list(client):
    response = client.get("/api/auth/sessions")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_sign_out_ends_this_browser_only(make_client):
    laptop, phone, user = two_devices(make_client, remember=True)
    copy = make_client()
    copy_cookies(phone, copy)
    assert laptop.post("/api/auth/logout").status_code == 204
    assert me(laptop) is None
    assert me(phone)["id"] == user["id"] and me(copy)["id"] == user["id"]
    assert phone.post("/api/stories", json=STORY).status_code == 201
    assert [s["browser"] for s in session_list(phone)] == ["Firefox on Windows"]
    # the sign-out page (a page navigation) ends this browser only, and says so
    html = phone.get("/api/logout").get_data(as_text=True)
    assert "in this browser" in html and "every device" not in html
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    assert phone.post("/api/logout", no_csrf=True, data={"csrf_token": token}).status_code == 302
    assert me(phone) is None and me(copy) is None  # the copied cookies of that session too
    laptop.post("/api/auth/login", json={"email": user["email"], "password": PASSWORD})
    assert me(laptop)["id"] == user["id"]


def test_revoke_all_ends_every_session(make_client):
    laptop, phone, user = two_devices(make_client, remember=True)
    remember_copy = make_client()
    copy_cookies(phone, remember_copy, names=("remember_token",))
    assert make_client().post("/api/auth/sessions/revoke-all").status_code == 401
    assert laptop.post("/api/auth/sessions/revoke-all", no_csrf=True).status_code == 403
    assert me(laptop)["id"] == user["id"]

    assert laptop.post("/api/auth/sessions/revoke-all").status_code == 204

    assert me(laptop) is None and me(phone) is None and me(remember_copy) is None
    assert Auth(phone).login(user["email"]).status_code == 200
    assert len(session_list(phone)) == 1


def test_sessions_list_and_signing_one_out_from_another(make_client):
    laptop, phone, user = two_devices(make_client)
    listed = session_list(laptop)
    assert [(s["browser"], s["current"]) for s in listed] == [
        ("Firefox on Windows", False), ("Chrome on Linux", True)]  # the last seen first
    for item in listed:
        assert set(item) == {"id", "browser", "createdAt", "lastSeenAt", "current"}
        created, seen = (dt.datetime.fromisoformat(item[key]) for key in ("createdAt", "lastSeenAt"))
        assert created.utcoffset() == dt.timedelta(0) and seen >= created
    phone_id = listed[0]["id"]
    assert [s["current"] for s in session_list(phone)] == [True, False]

    # a stranger cannot see or end them; a DELETE without this session's CSRF token is refused
    stranger, _ = signed_in_user(make_client)
    assert len(session_list(stranger)) == 1
    assert stranger.delete(f"/api/auth/sessions/{phone_id}").status_code == 404
    assert laptop.delete(f"/api/auth/sessions/{phone_id}", no_csrf=True).status_code == 403
    assert make_client().get("/api/auth/sessions").status_code == 401
    assert me(phone)["id"] == user["id"]

    response = laptop.delete(f"/api/auth/sessions/{phone_id}")
    assert response.status_code == 204
    assert me(phone) is None
    assert me(laptop)["id"] == user["id"]
    assert [s["browser"] for s in session_list(laptop)] == ["Chrome on Linux"]
    response = laptop.delete(f"/api/auth/sessions/{phone_id}")
    assert response.status_code == 404 and response.get_json()["message"] == "Session not found"
    # its own id: this browser signs out
    own = session_list(laptop)[0]["id"]
    assert laptop.delete(f"/api/auth/sessions/{own}").status_code == 204
    assert me(laptop) is None


def test_last_seen_is_written_at_most_once_a_minute(app, make_client):
    from core.models import UserSession
    laptop, user = signed_in_user(make_client)
    row = UserSession.get(UserSession.user == user["id"])
    for _ in range(5):
        assert me(laptop)["id"] == user["id"]
    assert UserSession.get_by_id(row.id).last_seen_at == row.last_seen_at  # no write
    an_hour_ago = row.last_seen_at - dt.timedelta(hours=1)
    UserSession.update(last_seen_at=an_hour_ago).where(UserSession.id == row.id).execute()
    me(laptop)
    seen = UserSession.get_by_id(row.id).last_seen_at
    assert seen > an_hour_ago + dt.timedelta(minutes=59)
    me(laptop)
    assert UserSession.get_by_id(row.id).last_seen_at == seen


def test_a_signed_out_session_id_is_never_given_again(make_client):
    laptop, user = signed_in_user(make_client)
    old = session_list(laptop)[0]["id"]
    copy = make_client()
    copy_cookies(laptop, copy)
    assert laptop.post("/api/auth/logout").status_code == 204  # the newest row is deleted
    assert Auth(laptop).login(user["email"]).status_code == 200
    assert session_list(laptop)[0]["id"] > old
    assert me(copy) is None


def legacy_cookie(app, user_id, version=0):
    """A remember-me cookie as made before sessions had rows: ``"<id>:<version>"``."""
    from flask_login.utils import encode_cookie
    with app.test_request_context():
        return encode_cookie(f"{user_id}:{version}")


def test_cookies_of_before_the_upgrade_stay_signed_in(app, make_client):
    laptop, phone, user = two_devices(make_client)
    old_tablet, old_desktop = make_client(), make_client()
    for client in (old_tablet, old_desktop):
        client.set_cookie("remember_token", legacy_cookie(app, user["id"]))
        assert me(client)["id"] == user["id"]  # not signed out by the upgrade
    old_tablet.get("/api/auth/user")
    # the remember-me cookie now names the session
    assert ":" not in old_tablet.get_cookie("remember_token").value.split("|")[0]
    assert len(session_list(laptop)) == 3  # the two old cookies share one session
    assert old_tablet.post("/api/stories", json=STORY).status_code == 201

    assert old_tablet.post("/api/auth/logout").status_code == 204

    # as before the upgrade, every cookie of that kind ends (copies included)...
    assert me(old_desktop) is None
    stale = make_client()
    stale.set_cookie("remember_token", legacy_cookie(app, user["id"]))
    assert me(stale) is None
    # ...and the sessions made since stay signed in
    assert me(laptop)["id"] == user["id"] and me(phone)["id"] == user["id"]
    assert len(session_list(phone)) == 2


@pytest.mark.parametrize("end, undo", [
    (("patch", "", {"isActive": False}), ("patch", "", {"isActive": True})),
    (("post", "/ban", {"reason": "spam", "durationDays": 1}), ("post", "/unban", None)),
])
def test_ban_and_deactivation_end_sessions_for_good(users, make_client, end, undo):
    admin, _ = users.signed_in(role="super_admin")
    victim, victim_json = signed_in_user(make_client, remember=True)
    path = f"/api/admin/users/{victim_json['id']}"
    method, suffix, body = end
    assert getattr(admin, method)(path + suffix, json=body).status_code == 200
    method, suffix, body = undo
    assert getattr(admin, method)(path + suffix, json=body).status_code == 200
    # lifted before the victim came back: the old session and remember cookie stay ended
    assert me(victim) is None
    assert Auth(make_client()).login(victim_json["email"]).status_code == 200


def test_remember_me_only_when_ticked(make_client):
    client, user = signed_in_user(make_client, remember=False)
    assert client.get_cookie("remember_token") is None
    client, user = signed_in_user(make_client, remember=True)
    assert client.get_cookie("remember_token") is not None
    # the sign-in page: a "Remember me" box, honoured only when ticked
    page = make_client()
    html = page.get("/api/login").get_data(as_text=True)
    assert re.search(r'<input type="checkbox" name="remember"', html) and "Remember me" in html
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    form = {"csrf_token": token, "email": user["email"], "password": PASSWORD}
    assert page.post("/api/login", no_csrf=True, data=form).status_code == 302
    assert page.get_cookie("remember_token") is None
    ticked = make_client()
    html = ticked.get("/api/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    response = ticked.post("/api/login", no_csrf=True,
                           data={**form, "csrf_token": token, "remember": "on"})
    assert response.status_code == 302 and ticked.get_cookie("remember_token") is not None


def test_get_logout_asks_first_and_post_with_token_signs_out(make_client):
    client, user = signed_in_user(make_client)
    page = client.get("/api/logout")
    assert page.status_code == 200 and me(client)["id"] == user["id"]  # a link cannot sign out
    html = page.get_data(as_text=True)
    assert '<form method="post" action="/api/logout">' in html
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    assert client.post("/api/logout", no_csrf=True).status_code == 403  # cross-site: no token
    assert me(client)["id"] == user["id"]
    response = client.post("/api/logout", no_csrf=True, data={"csrf_token": token})
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert me(client) is None


def test_csrf_cookie_planted_by_a_sibling_site_does_not_pass(client, make_client):
    # a sibling subdomain can set a csrf_token cookie for the parent domain and echo it
    client.set_cookie("csrf_token", "planted-by-evil.example")
    response = client.post("/api/auth/register", headers={"X-CSRF-Token": "planted-by-evil.example"},
                           json={"email": "x@example.com", "password": PASSWORD, "firstName": "X"})
    assert response.status_code == 403
    # another session's genuine token does not pass either
    other = make_client()
    other.get("/api/auth/user")
    foreign = other.get_cookie("csrf_token").value
    client.set_cookie("csrf_token", foreign)
    response = client.post("/api/auth/register", headers={"X-CSRF-Token": foreign},
                           json={"email": "x@example.com", "password": PASSWORD, "firstName": "X"})
    assert response.status_code == 403


def test_public_reads_set_no_cookie(client):
    for path in ("/api/stories", "/api/videos", "/api/share-targets", "/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers.getlist("Set-Cookie") == [], path
    # the current-user call hands out the CSRF token (the web app's first call)
    response = client.get("/api/auth/user")
    assert response.status_code == 200 and response.get_json() is None
    assert client.get_cookie("csrf_token") is not None


def cookie_flags(response):
    return {line.split("=", 1)[0]: line for line in response.headers.getlist("Set-Cookie")}


def test_cookies_are_secure_over_https(app_factory):
    app = app_factory()
    client = app.test_client()
    plain = cookie_flags(client.get("/api/auth/user"))
    assert "Secure" not in plain["session"]
    client = app.test_client()
    client.get("/api/auth/user", base_url="https://localhost")
    response = client.post("/api/auth/register", base_url="https://localhost", json={
        "email": "tls@example.com", "password": PASSWORD, "firstName": "Tls"})
    assert response.status_code == 201
    assert all("; Secure" in line for line in response.headers.getlist("Set-Cookie"))
    assert "session" in cookie_flags(response)


def test_https_setting_and_proxy_fix(app_factory):
    forced = app_factory(HTTPS=True).test_client()
    flags = cookie_flags(forced.get("/api/auth/user"))
    assert all("; Secure" in line for line in flags.values()) and "csrf_token" in flags
    # behind a proxy: X-Forwarded-Proto counts only with DREADFORGE_PROXY_FIX=1
    https_proxy = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    ignored = app_factory().test_client().get("/api/auth/user", headers=https_proxy)
    assert not any("Secure" in line for line in ignored.headers.getlist("Set-Cookie"))
    trusted = app_factory(PROXY_FIX=True).test_client().get("/api/auth/user", headers=https_proxy)
    assert all("; Secure" in line for line in trusted.headers.getlist("Set-Cookie"))


def test_sign_in_attempts_are_limited_per_address_across_emails(app, client, monkeypatch):
    monkeypatch.setitem(app.config, "RATELIMIT_ENABLED", True)
    statuses = [Auth(client).login(f"guess{i}@example.com", "wrong-password").status_code
                for i in range(40)]
    assert statuses.count(429) >= 1 and set(statuses) == {401, 429}
    assert statuses.index(429) == 30  # RATELIMIT_LOGIN_ADDRESS: 30 per minute


def test_unknown_email_costs_one_password_verification_like_a_known_one(client, auth, monkeypatch):
    """Unknown and known e-mails take the same time: both verify one argon2 hash (the times
    themselves are measured by bench/login_timing.py)."""
    from core import security
    auth.register(email="known@example.com")
    auth.logout()
    calls, real = [], security.hasher

    class CountingHasher:
        def hash(self, password):
            return real.hash(password)

        def verify(self, hashed, password):
            calls.append(hashed)
            return real.verify(hashed, password)
    monkeypatch.setattr(security, "hasher", CountingHasher())
    assert auth.login("known@example.com", "wrong-password").status_code == 401
    assert auth.login("ghost@example.com", "wrong-password").status_code == 401
    assert len(calls) == 2


@pytest.mark.parametrize("password, message", [
    ("short1!", "Password must be at least 8 characters"),
    ("x" * 129, "Password must be at most 128 characters"),
    ("password123", "This password is too common or easy to guess. Try a longer phrase."),
    ("qwertyuiop", "This password is too common or easy to guess. Try a longer phrase."),
    ("iloveyou2", "This password is too common or easy to guess. Try a longer phrase."),
    ("raven.blackwood@example.com", "Password must not contain your email or name"),
    ("xx-Blackwood-42-xx", "Password must not contain your email or name"),
])
def test_weak_passwords_are_refused(client, password, message):
    response = client.post("/api/auth/register", json={
        "email": "raven.blackwood@example.com", "password": password, "firstName": "Raven",
        "lastName": "Blackwood"})
    assert response.status_code == 400
    assert response.get_json()["message"] == message
    assert response.get_json()["errors"]["password"] == [message]


def test_long_passphrase_is_accepted(client):
    response = client.post("/api/auth/register", json={
        "email": "long@example.com", "password": "the moon drowned in the cistern " * 4,
        "firstName": "Long"})
    assert response.status_code == 201


def test_signing_in_replaces_the_csrf_token(make_client):
    """A token learnt before sign-in (e.g. from a planted session) is worthless after it."""
    client = make_client()
    user = Auth(client).register()
    Auth(client).logout()
    before = client.get_cookie("csrf_token").value
    assert Auth(client).login(user["email"]).status_code == 200
    after = client.get_cookie("csrf_token").value
    assert after != before
    response = client.post("/api/stories", json=STORY, headers={"X-CSRF-Token": before})
    assert response.status_code == 403
    assert client.post("/api/stories", json=STORY).status_code == 201
