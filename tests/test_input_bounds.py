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
    forged += ["!!!", "W10", "a" * 4000, base64.urlsafe_b64encode(b"[" * 3000).decode(),
               "1.2.3", "-1.2", "1.-2", "1e3.4", "1.", ".1", "1" * 19 + ".1", "1." + "9" * 19]
    for cursor in forged:
        for sort in ("newest", "most_liked"):
            for q in ("", "hollow"):
                response = client.get(f"/api/stories/community/All Genres/All Moods/{sort}",
                                      query_string={"cursor": cursor, "q": q})
                assert response.status_code == 400, (cursor, sort, response.get_json())
                assert response.get_json()["message"] == "Invalid cursor"


def test_every_cursor_the_schema_allows_answers_a_page(users, client):
    """The document's pattern is the whole rule: any cursor it allows is a place in the order
    (the largest count, the year 9999 and beyond, id 0), never a 400."""
    author, _ = users.signed_in()
    for title in ("One", "Two", "Three"):
        make_story(author, title=title)
    spec = client.get("/api/openapi.json").get_json()
    cursor = next(p for p in spec["paths"]["/api/stories"]["get"]["parameters"]
                  if p["name"] == "cursor")
    pattern = re.compile(cursor["schema"]["pattern"])
    allowed = ["0.0", "1.1", "9" * 18 + "." + "9" * 18, "253402300799999999.5",
               "253402300800000000.1", "000000000000000001.000000000000000001"]
    for sort in ("newest", "oldest", "most_liked", "most_viewed", "most_commented"):
        for value in allowed:
            assert pattern.match(value), value
            for genre, q in (("All Genres", ""), ("Gothic Horror", "one")):
                response = client.get(f"/api/stories/community/{genre}/All Moods/{sort}",
                                      query_string={"cursor": value, "limit": 2, "q": q})
                assert response.status_code == 200, (sort, value, response.get_json())
    for path in ("/api/stories", "/api/videos", "/api/stories/user/1", "/api/videos/user/1"):
        assert client.get(path, query_string={"cursor": "9" * 18 + ".1"}).status_code == 200


def test_cursors_walk_every_sort_to_the_end(users, client):
    author, _ = users.signed_in()
    made = {make_story(author, title=f"Story {n}")["id"] for n in range(5)}
    for sort in ("newest", "oldest", "most_liked"):
        for q in ("", "story"):
            seen, cursor = [], None
            while True:
                response = client.get(f"/api/stories/community/All Genres/All Moods/{sort}",
                                      query_string={"limit": 2, "q": q,
                                                    **({"cursor": cursor} if cursor else {})})
                assert response.status_code == 200, response.get_json()
                seen += [story["id"] for story in response.get_json()]
                cursor = response.headers.get("X-Next-Cursor")
                if not cursor:
                    break
                assert re.fullmatch(r"[0-9]{1,18}\.[0-9]{1,18}", cursor), cursor
            assert sorted(seen) == sorted(made) and len(seen) == len(made), (sort, q, seen)


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


# --- text that shows nothing (issue 44 item 5) ---------------------------------------------------

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
INVISIBLE = ["\u200b", "\u200b\u200b", ZERO_WIDTH, BIDI, " \u200b \u2060\n", "\u202e\u202c"]


def refused(response, message, field):
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["message"] == message
    assert response.get_json()["errors"][field] == [message]


def test_names_lose_invisible_characters_and_need_a_visible_one(client):
    from core.testing import PASSWORD
    for n, name in enumerate(INVISIBLE):
        response = client.post("/api/auth/register", json={
            "email": f"ghost{n}@example.com", "password": PASSWORD, "firstName": name})
        refused(response, "First name is required", "firstName")
    response = client.post("/api/auth/register", json={
        "email": "anna@example.com", "password": PASSWORD, "firstName": "\u202eAn\u200bna\u2069 ",
        "lastName": "\u200b\u200f"})
    assert response.status_code == 201, response.get_json()
    assert (response.get_json()["firstName"], response.get_json()["lastName"]) == ("Anna", "")


def test_titles_comments_and_reasons_need_a_visible_character(users, client):
    from tests.test_videos_api import make_video
    author, _ = users.signed_in()
    other, _ = users.signed_in(first_name="Ivo")
    admin, _ = users.signed_in(role="admin")
    story = make_story(author)
    video = make_video(author)
    top = author.post(f"/api/stories/{story['id']}/comments", json={"content": "Hm."}).get_json()
    for text in INVISIBLE:
        refused(author.post("/api/stories", json={"content": text, "genre": "Slasher",
                                                  "mood": "Eerie"}),
                "Content is required", "content")
        refused(author.post(f"/api/stories/{story['id']}/comments", json={"content": text}),
                "Please enter a comment", "content")
        refused(author.post(f"/api/videos/{video['id']}/comments",
                            json={"content": text, "parentId": None}),
                "Please enter a comment", "content")
        refused(author.post(f"/api/stories/{story['id']}/comments",
                            json={"content": text, "parentId": top["id"]}),
                "Please enter a reply", "content")
        refused(author.put(f"/api/stories/comments/{top['id']}", json={"content": text}),
                "Please enter comment content", "content")
        refused(author.patch(f"/api/videos/{video['id']}", json={"title": text}),
                "Title is required", "title")
        refused(author.post("/api/videos", json={"storyId": story["id"], "title": text}),
                "Title is required", "title")
        refused(other.post(f"/api/stories/{story['id']}/report", json={"reason": text}),
                "Please give a reason for the report", "reason")
        refused(admin.post(f"/api/admin/users/{other.get('/api/auth/user').get_json()['id']}/ban",
                           json={"reason": text}),
                "Ban reason is required", "reason")
    # an optional title that shows nothing is a title left out: the spec's default applies
    made = author.post("/api/stories", json={"title": "\u200b\u200b", "content": "Boo.",
                                             "genre": "Slasher", "mood": "Eerie",
                                             "setting": "a barn"})
    assert made.status_code == 201 and made.get_json()["title"] == "Slasher Story in a barn"
    # visible text keeps its joiners (emoji sequences, Persian words): only names lose them
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    kept = author.post(f"/api/stories/{story['id']}/comments", json={"content": family})
    assert kept.status_code == 201 and kept.get_json()["content"] == family


def test_the_document_says_which_text_must_show_something(client):
    spec = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    pattern = re.compile(spec["CommentBody"]["properties"]["content"]["pattern"])
    for field in (spec["StoryWrite"]["properties"]["content"],
                  spec["Register"]["properties"]["firstName"],
                  spec["ReportBody"]["properties"]["reason"],
                  spec["BanBody"]["properties"]["reason"],
                  spec["VideoEdit"]["properties"]["title"]):
        assert re.compile(field["pattern"]).pattern == pattern.pattern
    for text in INVISIBLE + ["", "a\x00"]:
        assert not pattern.match(text), text
    for text in ("a", " \u200b a", "\U0001F480", "\u0645\u200c\u06cc"):
        assert pattern.match(text), text


def test_ban_end_dates_at_the_edges_of_the_calendar_are_not_a_500(users):
    admin, _ = users.signed_in(role="admin")
    _, victim = users.signed_in(first_name="Ivo")
    path = f"/api/admin/users/{victim['id']}/ban"
    early = admin.post(path, json={"reason": "x", "expiresAt": "0001-01-01T00:00:00+14:00"})
    assert early.status_code == 400 and "future" in early.get_json()["message"]
    late = admin.post(path, json={"reason": "x", "expiresAt": "9999-12-31T23:59:59-14:00"})
    assert late.status_code == 200, late.get_json()
    assert late.get_json()["banExpiresAt"].startswith("9999-12-31T23:59:59")
