"""Pages of a list as a client reads them: ``X-Total-Count`` and ``X-Pagination`` (total, pages,
page, per page) for ``?page=``, ``X-Next-Cursor`` for ``?cursor=``, the bounds of ``limit`` and
``page``, and the admin lists' filters; then ``core.pagination``'s own checks, which stand behind
the schemas' for any caller."""
import json

import pytest
from werkzeug.exceptions import HTTPException

from core import pagination
from tests.helpers import set_role
from tests.test_admin_helpers import make_story

# --- core.pagination for any caller (the API's schemas check the same bounds first) ------------

def refusal(call, *args, **kwargs):
    with pytest.raises(HTTPException) as raised:
        call(*args, **kwargs)
    return raised.value.code, raised.value.data["message"]


def test_limit_defaults_to_20_and_stays_within_1_to_100():
    assert pagination.clamp_limit(None) == 20
    assert [pagination.clamp_limit(n) for n in (1, 2, 99, 100)] == [1, 2, 99, 100]
    for limit in (0, -1, 101):
        assert refusal(pagination.clamp_limit, limit) == (400, "limit must be between 1 and 100")


def test_page_args():
    assert pagination.page_args({}) == (1, 20)
    assert pagination.page_args({}, default_page=None) == (None, 20)
    assert pagination.page_args({"page": 3, "limit": 7}) == (3, 7)
    assert pagination.page_args({"page": 1}) == (1, 20)
    for page in (0, -2):
        assert refusal(pagination.page_args, {"page": page}) == (400, "page must be 1 or more")
    assert refusal(pagination.page_args, {"limit": 101})[0] == 400


def test_page_headers_of_a_page_by_hand():
    page = pagination.Page(["a", "b"], total=7, page=2, per_page=3)
    assert page.items == ["a", "b"] and page.total == 7
    assert page.headers() == {"X-Total-Count": "7", "X-Pagination": json.dumps(
        {"total": 7, "total_pages": 3, "page": 2, "per_page": 3})}
    assert pagination.Page([], next_cursor="abc").headers() == {"X-Next-Cursor": "abc"}
    assert pagination.Page([]).headers() == {}
    assert json.loads(pagination.Page([], total=4).headers()["X-Pagination"])["total_pages"] == 1


def test_page_by_ids_keeps_the_order_of_the_ids_and_skips_rows_gone_meanwhile():
    class Row:
        def __init__(self, row_id):
            self.id = row_id
    fetched = []

    def fetch(ids):
        fetched.append(list(ids))
        return [Row(i) for i in ids if i != 5]  # row 5 was deleted after the ids were read

    page = pagination.page_by_ids([9, 5, 2], fetch, total=3, page=1, limit=3)
    assert [row.id for row in page.items] == [9, 2]
    assert (page.total, page.page, page.per_page) == (3, 1, 3)
    empty = pagination.page_by_ids([], fetch, total=0, page=2, limit=3)
    assert empty.items == [] and fetched == [[9, 5, 2]]  # no query for no ids


def test_choice():
    allowed = ("all", "open", "closed")
    assert pagination.choice({"status": " Open "}, "status", allowed, "all") == "open"
    assert pagination.choice({}, "status", allowed, "all") == "all"
    assert pagination.choice({"status": ""}, "status", allowed, "all") == "all"
    assert refusal(pagination.choice, {"status": "x"}, "status", allowed, "all") == (
        400, "Unknown status 'x' (use all, open, closed)")
    assert refusal(pagination.choice, {"kind": "x"}, "kind", allowed, "all", "filter") == (
        400, "Unknown filter 'x' (use all, open, closed)")


# --- the API's lists ------------------------------------------------------------------------------

def pages(response):
    assert response.status_code == 200, response.get_json()
    assert "X-Next-Cursor" not in response.headers
    return json.loads(response.headers["X-Pagination"])


@pytest.fixture
def five_stories(users):
    client, user = users.signed_in()
    return client, user, [make_story(client, title=f"Story {i}") for i in range(5)]


def test_page_headers_tell_the_total_the_pages_and_where_we_are(five_stories, make_client):
    visitor = make_client()
    response = visitor.get("/api/stories?limit=2&page=2")
    assert [s["title"] for s in response.get_json()] == ["Story 2", "Story 1"]
    assert response.headers["X-Total-Count"] == "5"
    assert pages(response) == {"total": 5, "total_pages": 3, "page": 2, "per_page": 2}
    # pages that divide exactly, one item per page, one page for all
    assert pages(visitor.get("/api/stories?limit=5&page=1"))["total_pages"] == 1
    assert pages(visitor.get("/api/stories?limit=1&page=5")) == {
        "total": 5, "total_pages": 5, "page": 5, "per_page": 1}
    last = visitor.get("/api/stories?limit=2&page=3")
    assert [s["title"] for s in last.get_json()] == ["Story 0"]
    assert pages(last)["page"] == 3
    # past the end: empty, the same headers
    beyond = visitor.get("/api/stories?limit=2&page=9")
    assert beyond.get_json() == [] and pages(beyond)["total_pages"] == 3


def test_an_empty_list_has_one_page(make_client):
    response = make_client().get("/api/stories?page=1")
    assert response.get_json() == []
    assert response.headers["X-Total-Count"] == "0"
    assert pages(response) == {"total": 0, "total_pages": 1, "page": 1, "per_page": 20}


def test_cursor_pages_send_the_next_cursor_only(five_stories, make_client):
    visitor = make_client()
    seen, cursor = [], None
    while True:
        response = visitor.get("/api/stories?limit=2" + (f"&cursor={cursor}" if cursor else ""))
        assert "X-Total-Count" not in response.headers
        assert "X-Pagination" not in response.headers
        seen += [s["title"] for s in response.get_json()]
        cursor = response.headers.get("X-Next-Cursor")
        if not cursor:
            break
    assert seen == [f"Story {i}" for i in range(4, -1, -1)]
    # a page that holds the rest has no cursor
    assert "X-Next-Cursor" not in visitor.get("/api/stories?limit=5").headers
    assert len(visitor.get("/api/stories").get_json()) == 5  # 20 by default


def test_limit_and_page_bounds(five_stories, make_client):
    visitor = make_client()
    assert len(visitor.get("/api/stories?limit=1&page=1").get_json()) == 1
    assert len(visitor.get("/api/stories?limit=100&page=1").get_json()) == 5
    assert pages(visitor.get("/api/stories?limit=100&page=1"))["per_page"] == 100
    for query, message in (("limit=0", "limit must be between 1 and 100"),
                           ("limit=101", "limit must be between 1 and 100"),
                           ("limit=2&page=0", "page must be 1 or more")):
        response = visitor.get(f"/api/stories?{query}")
        assert response.status_code == 400, query
        assert message in response.get_json()["message"], query


def test_admin_lists_page_the_same_way(app, five_stories):
    admin, user, _stories = five_stories
    set_role(app, user["id"], "admin")
    stories = admin.get("/api/admin/stories?limit=2")
    assert [s["title"] for s in stories.get_json()] == ["Story 4", "Story 3"]
    assert pages(stories) == {"total": 5, "total_pages": 3, "page": 1, "per_page": 2}
    third = admin.get("/api/admin/stories?limit=2&page=3")
    assert [s["title"] for s in third.get_json()] == ["Story 0"]
    everyone = admin.get("/api/admin/users?limit=1&page=1")
    assert len(everyone.get_json()) == 1
    assert pages(everyone) == {"total": 1, "total_pages": 1, "page": 1, "per_page": 1}
    audit = admin.get("/api/admin/audit?limit=5")
    assert pages(audit)["page"] == 1 and pages(audit)["per_page"] == 5


def test_admin_filters_are_trimmed_lowercased_and_named_when_unknown(app, five_stories):
    admin, user, _stories = five_stories
    set_role(app, user["id"], "admin")
    assert len(admin.get("/api/admin/users?status= Active &role=USER").get_json()) == 0
    assert len(admin.get("/api/admin/users?status=ALL&role=admin").get_json()) == 1
    assert len(admin.get("/api/admin/users").get_json()) == 1  # "all" when absent
    assert len(admin.get("/api/admin/stories?filter=Public").get_json()) == 5
    assert admin.get("/api/admin/stories?filter=private").get_json() == []
    response = admin.get("/api/admin/users?status=sleeping")
    assert response.status_code == 400
    assert response.get_json()["message"] == (
        "Unknown status 'sleeping' (use all, active, inactive, banned, admin)")
    response = admin.get("/api/admin/stories?filter=Sideways")
    assert response.status_code == 400
    assert response.get_json()["message"].startswith("Unknown filter 'sideways' (use all, ")
