"""Reports (users to moderators), the admin queue, and the moderation filter hook (wordlist)."""
from typing import ClassVar

import pytest

from core.hookspecs import hookimpl
from core.providers import ModerationFilter, Verdict
from tests.helpers import recorded_sql
from tests.test_admin_helpers import audit_actions, comment, count, make_story, make_video, models


def has_route(app, rule):
    return any(r.rule == rule for r in app.url_map.iter_rules())


# --- users report ------------------------------------------------------------------------------


def test_report_a_story_once(app, users, client):
    from core.models import Report
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    second, _ = users.signed_in()
    story = make_story(author)
    path = f"/api/stories/{story['id']}/report"

    assert client.post(path, json={"reason": "gross"}).status_code == 401
    response = reader.post(path, json={"reason": "  "})
    assert response.status_code == 400
    assert response.get_json()["message"] == "Please give a reason for the report"
    response = reader.post(path, json={"reason": "Plagiarised from a classic"})
    assert response.status_code == 201
    assert response.get_json()["status"] == "open"
    response = reader.post(path, json={"reason": "Again"})
    assert response.status_code == 409
    assert response.get_json()["message"] == "You have already reported this"
    assert second.post(path, json={"reason": "Me too"}).status_code == 201
    assert reader.post("/api/stories/999999/report", json={"reason": "x"}).status_code == 404
    private = make_story(author, isPublic=False)
    assert reader.post(f"/api/stories/{private['id']}/report",
                       json={"reason": "x"}).status_code == 404
    assert count(app, Report) == 2


def test_report_a_comment_once(app, users, client):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    story = make_story(author)
    top = comment(author, "story", story["id"], "You will all regret this")
    reply = comment(author, "story", story["id"], "Truly", parent_id=top["id"])

    path = f"/api/comments/{top['id']}/report"
    assert client.post(path, json={"reason": "threat"}).status_code == 401
    assert reader.post(path, json={"reason": "threat"}).status_code == 201
    assert reader.post(path, json={"reason": "threat"}).status_code == 409
    assert reader.post(f"/api/comments/{reply['id']}/report",
                       json={"reason": "also"}).status_code == 201
    assert reader.post("/api/comments/999999/report", json={"reason": "x"}).status_code == 404
    assert reader.post(path, json={"reason": ""}).status_code == 400
    # a comment on a story the reporter cannot see is not found
    hidden = make_story(author, isPublic=False)
    secret = comment(author, "story", hidden["id"], "hidden")
    assert reader.post(f"/api/comments/{secret['id']}/report",
                       json={"reason": "x"}).status_code == 404


def test_report_a_video_once(app, users):
    if not has_route(app, "/api/videos/<int:content_id>/report"):
        pytest.skip("the video routes are not mounted yet")
    _, author = users.signed_in()
    reader, _ = users.signed_in()
    video = make_video(app, author["id"])
    path = f"/api/videos/{video}/report"
    assert reader.post(path, json={"reason": "too scary"}).status_code == 201
    assert reader.post(path, json={"reason": "too scary"}).status_code == 409


# --- the admin queue ---------------------------------------------------------------------------


def test_report_queue_resolve_and_dismiss(app, users):
    from core.models import Comment, Report
    admin, admin_json = users.signed_in(role="admin")
    author, author_json = users.signed_in(first_name="Edith", last_name="Graves")
    reader, _ = users.signed_in(first_name="Rita", last_name="Reporter")
    story = make_story(author, title="The Pale Well",
                       content="Down in the well something was breathing. " * 10)
    bad = comment(author, "story", story["id"], "A rude remark about everyone")
    video = make_video(app, author_json["id"], title="Salt Tide", description="A video")
    reader.post(f"/api/stories/{story['id']}/report", json={"reason": "Stolen text"})
    reader.post(f"/api/comments/{bad['id']}/report", json={"reason": "Rude"})
    with models(app):
        Report.create(reporter=None, video=video, reason="Flagged automatically: x")

    response = admin.get("/api/admin/reports")
    assert response.status_code == 200
    assert response.headers["X-Total-Count"] == "3"
    queue = response.get_json()
    assert [r["target"]["type"] for r in queue] == ["video", "comment", "story"]
    system, on_comment, on_story = queue
    assert system["isSystem"] is True and system["reporter"] is None
    assert system["target"]["title"] == "Salt Tide" and system["target"]["excerpt"] == "A video"
    assert on_story["reporterName"] == "Rita Reporter"
    assert on_story["reporter"]["name"] == "Rita Reporter"
    assert on_story["target"]["title"] == "The Pale Well"
    assert on_story["target"]["excerpt"].startswith("Down in the well")
    assert len(on_story["target"]["excerpt"]) <= 153
    assert on_story["target"]["authorName"] == "Edith Graves"
    assert on_comment["target"]["excerpt"] == "A rude remark about everyone"
    assert on_comment["target"]["title"] == "The Pale Well"
    assert on_comment["target"]["storyId"] == story["id"]
    assert on_comment["reason"] == "Rude" and on_comment["status"] == "open"
    assert [r["id"] for r in admin.get("/api/admin/reports?type=comment").get_json()] == [
        on_comment["id"]]

    response = admin.post(f"/api/admin/reports/{on_comment['id']}/resolve",
                          json={"note": "Comment removed"})
    assert response.status_code == 200 and response.get_json()["status"] == "resolved"
    response = admin.post(f"/api/admin/reports/{on_comment['id']}/dismiss")
    assert response.status_code == 409
    assert admin.post(f"/api/admin/reports/{system['id']}/dismiss").status_code == 200
    assert admin.post("/api/admin/reports/999999/resolve").status_code == 404

    assert [r["id"] for r in admin.get("/api/admin/reports").get_json()] == [on_story["id"]]
    resolved = admin.get("/api/admin/reports?status=resolved").get_json()
    assert [r["id"] for r in resolved] == [on_comment["id"]]
    assert resolved[0]["resolutionNote"] == "Comment removed"
    assert resolved[0]["resolvedBy"]["email"] == admin_json["email"]
    assert resolved[0]["resolvedAt"]
    dismissed = admin.get("/api/admin/reports?status=dismissed").get_json()
    assert [r["id"] for r in dismissed] == [system["id"]]
    assert dismissed[0]["resolutionNote"] is None
    assert len(admin.get("/api/admin/reports?status=all").get_json()) == 3
    assert admin.get("/api/admin/reports?status=closed").status_code == 400

    entries = admin.get("/api/admin/audit").get_json()
    assert [e["action"] for e in entries] == ["report.dismiss", "report.resolve"]
    assert entries[1]["reason"] == "Comment removed"
    assert entries[1]["targetType"] == "report" and entries[1]["targetId"] == on_comment["id"]
    assert entries[1]["details"]["targetType"] == "comment"
    # the reported content is gone: the report goes with it, the audit entry stays
    with models(app):
        Comment.delete().where(Comment.id == bad["id"]).execute()
    assert admin.get("/api/admin/reports?status=resolved").get_json() == []
    assert audit_actions(app) == ["report.resolve", "report.dismiss"]


def test_report_queue_makes_no_query_per_report(app, users):
    admin, _ = users.signed_in(role="admin")
    author, _ = users.signed_in()

    def queries():
        with recorded_sql() as statements:
            assert admin.get("/api/admin/reports?limit=50").status_code == 200
        return len(statements)

    def add_reports(n):
        for _ in range(n):
            reader, _ = users.signed_in()
            story = make_story(author)
            note = comment(author, "story", story["id"], "words")
            reader.post(f"/api/stories/{story['id']}/report", json={"reason": "r"})
            reader.post(f"/api/comments/{note['id']}/report", json={"reason": "r"})

    add_reports(1)
    few = queries()
    add_reports(4)
    assert queries() == few


# --- the moderation filter hook (built-in wordlist) -------------------------------------------


@pytest.fixture
def host(app):
    from core.plugins import plugin_host
    return plugin_host(app)


def set_wordlist(monkeypatch, host, action, words=("forbiddenword",)):
    moderation = host.config.setdefault("moderation", {})
    monkeypatch.setitem(moderation, "wordlist", {"action": action, "words": list(words)})
    monkeypatch.setattr(host, "_instances", {})  # filters are built again with these options


STORY = {"genre": "Gothic Horror", "mood": "Eerie", "setting": "a crypt", "characters": "Ada"}


def test_wordlist_reject_refuses_story_and_comment_with_422(app, users, host, monkeypatch):
    from core.models import Comment, Report, Story
    set_wordlist(monkeypatch, host, "reject")
    author, _ = users.signed_in()
    response = author.post("/api/stories", json={**STORY, "content": "A ForbiddenWord here."})
    assert response.status_code == 422
    assert response.get_json()["message"] == "Your story contains a blocked word: 'ForbiddenWord'"
    response = author.post("/api/stories", json={**STORY, "title": "forbiddenword",
                                                  "content": "clean"})
    assert response.status_code == 422
    story = make_story(author, content="Clean text")
    response = author.post(f"/api/stories/{story['id']}/comments",
                           json={"content": "so forbiddenword"})
    assert response.status_code == 422
    assert response.get_json()["message"] == "Your comment contains a blocked word: 'forbiddenword'"
    # words inside other words pass
    assert author.post(f"/api/stories/{story['id']}/comments",
                       json={"content": "unforbiddenwordly"}).status_code == 201
    assert count(app, Story) == 1 and count(app, Comment) == 1 and count(app, Report) == 0


def test_wordlist_flag_lets_it_through_and_opens_a_system_report(app, users, host, monkeypatch):
    from core.models import Report
    set_wordlist(monkeypatch, host, "flag")
    admin, _ = users.signed_in(role="admin")
    author, _ = users.signed_in()
    response = author.post("/api/stories", json={**STORY, "title": "Night",
                                                  "content": "The forbiddenword was spoken."})
    assert response.status_code == 201
    story = response.get_json()
    response = author.post(f"/api/stories/{story['id']}/comments",
                           json={"content": "forbiddenword again"})
    assert response.status_code == 201
    note = response.get_json()

    with models(app):
        reports = list(Report.select().order_by(Report.id))
    assert [(r.story_id, r.comment_id, r.reporter_id, r.status) for r in reports] == [
        (story["id"], None, None, "open"), (None, note["id"], None, "open")]
    assert reports[0].reason == "Flagged automatically: Your story contains a blocked word: " \
                                "'forbiddenword'"
    queue = admin.get("/api/admin/reports").get_json()
    assert [q["isSystem"] for q in queue] == [True, True]
    assert queue[1]["target"]["title"] == "Night"
    assert queue[1]["reporterName"] == "System (moderation filter)"


class VendorFilter(ModerationFilter):
    """What a vendor moderation API plug-in looks like (docs/moderation.md)."""

    name = "vendor"
    label = "Vendor API"
    calls: ClassVar[list] = []

    def check(self, text, kind):
        VendorFilter.calls.append((text, kind))
        if "toxic" in text.lower():
            return Verdict("reject", "This text breaks the community rules")
        if "borderline" in text.lower():
            return Verdict("flag", "The vendor scored this borderline")
        return None


class VendorPlugin:
    @staticmethod
    @hookimpl
    def register_moderation_filters():
        return [VendorFilter]


def test_a_vendor_filter_plugs_into_the_same_hook(app, users, host, monkeypatch):
    from core.models import Report
    host.pm.register(VendorPlugin, name="test-vendor")
    try:
        monkeypatch.setitem(host.config.setdefault("moderation", {}), "filters",
                            ["wordlist", "vendor"])
        monkeypatch.setattr(host, "_instances", {})
        assert [f.name for f in host.moderation_filters()] == ["wordlist", "vendor"]
        assert not [p for p in host.problems(check_env=False) if p.key.startswith("moderation")]
        author, _ = users.signed_in()
        response = author.post("/api/stories", json={**STORY, "content": "Very toxic"})
        assert response.status_code == 422
        assert response.get_json()["message"] == "This text breaks the community rules"
        story = make_story(author, content="clean")
        response = author.post(f"/api/stories/{story['id']}/comments",
                               json={"content": "borderline stuff"})
        assert response.status_code == 201
        assert ("borderline stuff", "comment") in VendorFilter.calls
        assert count(app, Report, Report.comment.is_null(False)) == 1
        # a reject beats a flag when two filters disagree
        response = author.post(f"/api/stories/{story['id']}/comments",
                               json={"content": "borderline forbiddenword"})
        assert response.status_code == 422
    finally:
        host.pm.unregister(name="test-vendor")
