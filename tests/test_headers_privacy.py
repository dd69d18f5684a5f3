"""Security headers on every response, and authors' e-mails only to themselves and admins
(issue 14 items 16-17)."""
from tests.test_admin_helpers import comment, make_story

EXPECTED = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
}


def test_security_headers_on_every_kind_of_response(client):
    responses = {
        "page": client.get("/"),
        "deep link": client.get("/story/123"),
        "sign-in page": client.get("/api/login"),
        "json": client.get("/api/stories"),
        "json 404": client.get("/api/stories/999"),
        "unknown api": client.get("/api/nothing-here"),
        "405": client.open("/api/stories", method="TRACE"),
        "csrf 403": client.post("/api/auth/register", no_csrf=True, json={}),
        "openapi": client.get("/api/openapi.json"),
    }
    for name, response in responses.items():
        for header, value in EXPECTED.items():
            assert response.headers.get(header) == value, (name, header)
        policy = response.headers.get("Content-Security-Policy", "")
        assert "frame-ancestors 'none'" in policy, name
        assert "default-src 'self'" in policy and "object-src 'none'" in policy, name
        assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0], name
        assert "Server" not in response.headers or "/" not in response.headers["Server"], name


def test_trace_is_405_with_allow(client):
    response = client.open("/api/stories", method="TRACE")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"] and "TRACE" not in response.headers["Allow"]


def test_ad_sources_are_added_to_the_page_policy(app_factory):
    app = app_factory(config={"ads": {"provider": "script", "script": {
        "snippet": "<div>ad</div>", "sources": ["https://ads.example"]}}})
    policy = app.test_client().get("/").headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy
    assert "https://ads.example" in policy.split("script-src")[1].split(";")[0]


def emails_in(value):
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "email":
                found.append(item)
            found += emails_in(item)
    elif isinstance(value, list):
        for item in value:
            found += emails_in(item)
    return found


def test_authors_emails_are_not_public(users, make_client):
    author, author_json = users.signed_in()
    reader, reader_json = users.signed_in()
    admin, _ = users.signed_in(role="super_admin")
    story = make_story(author, title="Whose address?")
    comment(reader, "story", story["id"], "Who wrote this?")
    reader.post(f"/api/stories/{story['id']}/like")
    visitor = make_client()
    public_reads = [f"/api/stories/{story['id']}", "/api/stories",
                    "/api/stories/community/All Genres/All Moods/newest",
                    f"/api/stories/user/{author_json['id']}",
                    f"/api/stories/{story['id']}/comments", f"/api/stories/{story['id']}/likes",
                    "/api/videos"]
    for who in (visitor, reader, admin):
        for path in public_reads:
            response = who.get(path)
            assert response.status_code == 200, path
            assert emails_in(response.get_json()) == [], path
    # the user sees their own address, admins see everyone's in the admin panel
    assert author.get("/api/auth/user").get_json()["email"] == author_json["email"]
    listed = admin.get("/api/admin/stories").get_json()
    assert listed[0]["user"]["email"] == author_json["email"]
