"""docs/api.md cannot drift from the API: the shapes it lists are the OpenAPI document's, and the
list headers it describes are the ones the feeds and the admin lists send."""
import json
import re

import pytest

from core.testing import ROOT

DOC = (ROOT / "docs" / "api.md").read_text()
SCHEMAS = json.loads((ROOT / "webapp" / "openapi.json").read_text())["components"]["schemas"]

#: where docs/api.md gives a shape (the text just before its ``{...}``) -> the schema it is
SHAPES = {
    "User: `": "User",
    "Story: `": "Story",
    "Comment: `": "Comment",
    "Profile: `": "Profile",
    "Notification: `": "Notification",
    "Series:\n`": "Series",
    "a part: `": "SeriesPart",
    "`GET /api/jobs/{jobId}` (`?wait=N`) | `": "Job",
    "`POST /api/stories/generate` (the creation form, `plan?`) | 202 `": "JobStarted",
    "`GET /api/admin/check` | 200 `": "AdminCheck",
    "`GET /api/admin/stats` | `": "AdminStats",
    "`GET /api/users/{userId}/stats` → `": "Stats",
    "idempotent → `": "LikeState",
    "recorded only when signed in → `": "ShareResult",
    "`GET /api/share-targets?title=&url=` → `[": "ShareTarget",
}


def fields_after(marker):
    """The top-level field names of the ``{...}`` that follows ``marker`` in docs/api.md."""
    start = DOC.index(marker) + len(marker)
    assert DOC[start] == "{", marker
    depth, names, current = 0, [], ""
    for char in DOC[start:]:
        if char == "{":
            depth += 1
            if depth == 1:
                continue
        elif char == "}":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and char == ",":
            names.append(current)
            current = ""
        elif depth == 1:
            current += char
    names.append(current)
    return {name for item in names for name in re.match(r"\s*([\w|]+)", item).group(1).split("|")}


@pytest.mark.parametrize("marker", sorted(SHAPES))
def test_the_shapes_in_the_api_doc_are_the_schemas(marker):
    assert fields_after(marker) == set(SCHEMAS[SHAPES[marker]]["properties"]), SHAPES[marker]


def test_feeds_count_only_when_asked_for_a_page_and_admin_lists_always(users):
    admin, _ = users.signed_in(role="super_admin")
    visitor = users.make_client()
    for title in ("One", "Two"):
        assert admin.post("/api/stories", json={
            "title": title, "content": "The house waited in the rain.", "genre": "Gothic Horror",
            "mood": "Eerie", "setting": "a house", "characters": "Ann"}).status_code == 201
    first = visitor.get("/api/stories?limit=1")
    assert "X-Total-Count" not in first.headers and "X-Pagination" not in first.headers
    last = visitor.get(f"/api/stories?limit=1&cursor={first.headers['X-Next-Cursor']}")
    assert len(last.get_json()) == 1 and "X-Next-Cursor" not in last.headers
    paged = visitor.get("/api/stories?limit=1&page=2")
    assert paged.headers["X-Total-Count"] == "2"
    assert json.loads(paged.headers["X-Pagination"]) == {"total": 2, "total_pages": 2, "page": 2,
                                                         "per_page": 1}
    assert admin.get("/api/admin/stories").headers["X-Total-Count"] == "2"
    assert "X-Total-Count" not in visitor.get(f"/api/stories/{last.get_json()[0]['id']}/comments").headers
