"""No input causes a 500 or an unbounded read: huge bodies, huge ids and pages, forged cursors,
deep JSON, lone surrogates, NUL bytes, LIKE wildcards (issue 14 items 13-15)."""
import base64
import json
import re

import pytest

from tests.test_admin_helpers import make_story

HUGE_IDS = (2**63, 2**64 + 7, 10**30)
FEED = "/api/stories/community/All Genres/All Moods/newest"


def id_routes(app):
    """Every (method, rule, names of its integer arguments) of the app with an id in the path."""
    from werkzeug.routing import IntegerConverter
    for rule in app.url_map.iter_rules():
        ids = [name for name, converter in rule._converters.items()
               if isinstance(converter, IntegerConverter)]
        if ids:
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield method, rule, ids


def test_huge_ids_are_404_on_every_id_route(app, users):
    admin, _ = users.signed_in(role="super_admin")
    routes = list(id_routes(app))
    assert len(routes) >= 13
    for method, rule, ids in routes:
        for huge in HUGE_IDS:
            path = re.sub(r"<(?:int:)?([^>]+)>",
                          lambda m: str(huge) if m.group(1) in ids else "x", rule.rule)  # noqa: B023 (called in this iteration)
            response = admin.open(path, method=method, json={})
            assert response.status_code == 404, (method, path, response.get_json())
            assert response.is_json and response.get_json()["message"]


def test_huge_page_and_forged_cursors_are_400(client):
    for path in ("/api/stories", "/api/videos", FEED, "/api/stories/user/1"):
        response = client.get(path, query_string={"page": 2**70})
        assert response.status_code == 400 and "page must be at most" in response.get_json()["message"]
    forged = [base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")
              for value in (["2024-01-01T00:00:00", 2**70], [{"a": 1}, 1], [[1], 1],
                            ["not a date", 1], ["2024-01-01", "1"], [1e400, 1], "x")]
    forged += ["!!!", "W10", "a" * 4000, base64.urlsafe_b64encode(b"[" * 3000).decode()]
    for cursor in forged:
        for sort in ("newest", "most_liked"):
            response = client.get(f"/api/stories/community/All Genres/All Moods/{sort}",
                                  query_string={"cursor": cursor})
            assert response.status_code == 400, (cursor, sort, response.get_json())
            assert response.get_json()["message"] == "Invalid cursor"


def test_deep_json_and_lone_surrogates_are_400(users):
    author, _ = users.signed_in()
    deep = b'{"title": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    response = author.post("/api/stories", data=deep, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["message"] == "JSON is nested too deeply"
    body = ('{"genre": "Gothic Horror", "mood": "Eerie", "setting": "s", "characters": "c", '
            '"content": "bad \\ud800 text"}')
    response = author.post("/api/stories", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["message"] == "Text must be valid Unicode (no lone surrogates)"


def test_nul_bytes_are_400_everywhere(users, client):
    author, _ = users.signed_in()
    story = make_story(author)
    nul = "bad\x00text"
    message = "Text must not contain NUL characters"
    calls = [
        (client, "get", FEED, {"query_string": {"q": nul}}),
        (client, "get", "/api/videos", {"query_string": {"q": nul}}),
        (client, "post", "/api/auth/login", {"json": {"email": nul, "password": nul}}),
        (client, "post", "/api/auth/register",
         {"json": {"email": "n@example.com", "password": nul + "-long-enough", "firstName": nul}}),
        (author, "post", "/api/stories", {"json": {**story, "title": nul}}),
        (author, "post", f"/api/stories/{story['id']}/comments", {"json": {"content": nul}}),
        (author, "put", f"/api/stories/{story['id']}", {"json": {"content": nul}}),
    ]
    for who, method, path, kwargs in calls:
        response = getattr(who, method)(path, **kwargs)
        assert response.status_code == 400, (path, response.get_json())
        assert response.get_json()["message"] == message
    page = client.get("/api/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    response = client.post("/api/login", no_csrf=True,
                           data={"csrf_token": token, "email": nul, "password": nul})
    assert response.status_code == 400


def test_bodies_over_2_mb_are_413_before_anything_else(users, client):
    author, _ = users.signed_in()
    big = b'{"content": "' + b"a" * (3 * 1024 * 1024) + b'"}'
    for who, path in ((author, "/api/stories"), (client, "/api/auth/register"),
                      (client, "/api/auth/login")):
        response = who.post(path, data=big, content_type="application/json")
        assert response.status_code == 413, path
        assert response.get_json()["message"] == "The request body must be at most 2 MB"
    # a form post is refused before its CSRF token is even looked at
    response = client.post("/api/login", no_csrf=True, data={"password": "x" * (3 * 1024 * 1024)})
    assert response.status_code == 413


@pytest.mark.parametrize("wildcard", ["%", "_", "\\"])
def test_like_wildcards_in_search_are_plain_characters(users, client, wildcard):
    author, _ = users.signed_in()
    make_story(author, title="The cellar")
    make_story(author, title=f"Odds 100{wildcard} grim")
    titles = [s["title"] for s in client.get(FEED, query_string={"q": wildcard}).get_json()]
    assert titles == [f"Odds 100{wildcard} grim"]
