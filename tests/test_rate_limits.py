"""Rate limits: each kind of call gives 429 with Retry-After past its limit (lowered here)."""
import pytest

from tests.helpers import PASSWORD, Auth
from tests.test_admin_helpers import make_story


@pytest.fixture
def limits(app, monkeypatch):
    """Turn the limits on for one test; ``limits(COMMENTS='2 per minute')`` lowers one."""
    monkeypatch.setitem(app.config, "RATELIMIT_ENABLED", True)

    def set_limits(**values):
        for name, value in values.items():
            monkeypatch.setitem(app.config, f"RATELIMIT_{name}", value)
    return set_limits


def assert_limited(response, window_seconds):
    assert response.status_code == 429, response.get_json()
    retry_after = int(response.headers["Retry-After"])
    assert 1 <= retry_after <= window_seconds + 1
    assert f"{retry_after} seconds" in response.get_json()["message"]


def test_comments_limit(users, limits):
    author, _ = users.signed_in()
    story = make_story(author)
    limits(COMMENTS="2 per minute")
    path = f"/api/stories/{story['id']}/comments"
    assert author.post(path, json={"content": "one"}).status_code == 201
    assert author.post(path, json={"content": "two"}).status_code == 201
    assert_limited(author.post(path, json={"content": "three"}), 60)
    # editing counts as a comment call too
    comment_id = author.get(path).get_json()[0]["id"]
    assert_limited(author.put(f"/api/stories/comments/{comment_id}", json={"content": "x"}), 60)
    # the limit is per user: someone else may still comment
    other, _ = users.signed_in()
    assert other.post(path, json={"content": "mine"}).status_code == 201


def test_likes_limit(users, limits):
    author, _ = users.signed_in()
    story = make_story(author)
    limits(LIKES="2 per minute")
    path = f"/api/stories/{story['id']}/like"
    assert author.post(path).status_code == 200
    assert author.delete(path).status_code == 200
    assert_limited(author.post(path), 60)


def test_shares_limit(users, limits):
    author, _ = users.signed_in()
    story = make_story(author)
    limits(SHARES="1 per minute")
    path = f"/api/stories/{story['id']}/share"
    body = {"platform": "clipboard", "shareType": "link"}
    assert author.post(path, json=body).status_code == 200
    assert_limited(author.post(path, json=body), 60)


def test_reports_limit(users, limits):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    first, second = make_story(author), make_story(author)
    limits(REPORTS="1 per hour")
    assert reader.post(f"/api/stories/{first['id']}/report",
                       json={"reason": "spam"}).status_code == 201
    assert_limited(reader.post(f"/api/stories/{second['id']}/report",
                               json={"reason": "spam"}), 3600)
    comment_id = author.post(f"/api/stories/{first['id']}/comments",
                             json={"content": "hi"}).get_json()["id"]
    assert_limited(reader.post(f"/api/comments/{comment_id}/report",
                               json={"reason": "spam"}), 3600)


def test_generation_limit(users, limits):
    writer, _ = users.signed_in()
    limits(GENERATION="1 per minute")
    form = {"genre": "Gothic Horror", "mood": "Eerie", "setting": "a crypt", "characters": "Ada"}
    assert writer.post("/api/stories/generate", json=form).status_code == 202
    assert_limited(writer.post("/api/stories/generate", json=form), 60)
    assert_limited(writer.post("/api/stories/suggestions", json={"content": "text"}), 60)
    assert_limited(writer.post("/api/stories/enhance",
                               json={"type": "expand", "content": "text"}), 60)


def test_sign_in_limit(users, make_client, limits):
    _, user = users.signed_in()
    limits(LOGIN="2 per minute")
    client = make_client()
    assert Auth(client).login(user["email"], "wrong password!").status_code == 401
    assert Auth(client).login(user["email"]).status_code == 200
    assert_limited(make_client().post("/api/auth/login", json={"email": user["email"],
                                                               "password": PASSWORD}), 60)


def test_registration_limit(make_client, limits):
    limits(REGISTER="1 per minute")
    assert make_client().post("/api/auth/register", json={
        "email": "first@example.com", "password": PASSWORD, "firstName": "A"}).status_code == 201
    assert_limited(make_client().post("/api/auth/register", json={
        "email": "second@example.com", "password": PASSWORD, "firstName": "B"}), 60)


def test_limits_off_by_config(users, app, monkeypatch):
    author, _ = users.signed_in()
    story = make_story(author)
    monkeypatch.setitem(app.config, "RATELIMIT_ENABLED", False)
    monkeypatch.setitem(app.config, "RATELIMIT_COMMENTS", "1 per minute")
    for _ in range(3):
        assert author.post(f"/api/stories/{story['id']}/comments",
                           json={"content": "ok"}).status_code == 201
