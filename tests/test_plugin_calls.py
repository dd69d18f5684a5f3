"""Hooks are called the pluggy way: ``tryfirst`` plugins run first, ``wrapper=True`` plugins run
around the call and may change its result, and one plugin raising does not stop the others, both
for an event hook (``on_liked``) and a collecting one (``register_share_targets``)."""
import dataclasses

import pytest

from core.hookspecs import hookimpl
from core.providers import ShareTarget
from tests.plugins import misbehaving

CALLS = []


@pytest.fixture(autouse=True)
def calls():
    CALLS.clear()
    yield CALLS
    CALLS.clear()


def target(target_id):
    return ShareTarget(target_id, target_id.title(), "link", "social",
                       "https://share.example/?u={url}")


class Early:
    plugin_name = "early"

    @hookimpl(tryfirst=True)
    def register_share_targets(self):
        return [target("early")]

    @hookimpl(tryfirst=True)
    def on_liked(self, content, kind, host):
        CALLS.append(("early", kind, host.section("share").get("targets")))


class Late:
    plugin_name = "late"

    @hookimpl
    def register_share_targets(self):
        return [target("late")]

    @hookimpl
    def on_liked(self, content, kind):
        CALLS.append(("late", kind))


class Shouting:
    """A wrapper: it sees each result and returns another (the labels in capitals)."""

    plugin_name = "shouting"

    @hookimpl(wrapper=True)
    def register_share_targets(self):
        results = yield
        return [[dataclasses.replace(t, label=t.label.upper()) for t in targets]
                for targets in results]

    @hookimpl(wrapper=True)
    def on_liked(self):
        CALLS.append("before")
        try:
            return (yield)
        finally:
            CALLS.append("after")


# registered in this order, pluggy calls: early (tryfirst), misbehaving (registered last of the
# plain ones, it raises), late, then the built-in plugins; the wrapper runs around each of them
PLUGINS = [Late(), misbehaving, Early(), Shouting()]


def test_collecting_hook_honours_tryfirst_and_wrappers_and_contains_a_failure(app_factory):
    app = app_factory(plugins=PLUGINS)
    response = app.test_client().get("/api/share-targets")
    assert response.status_code == 200
    targets = response.get_json()
    assert [t["id"] for t in targets][:2] == ["early", "late"]  # tryfirst first; late survived
    assert "twitter" in [t["id"] for t in targets]  # the built-ins too
    assert all(t["label"] == t["label"].upper() for t in targets)  # the wrapper's change
    assert targets[0]["label"] == "EARLY"


def test_event_hook_honours_tryfirst_and_wrappers_and_contains_a_failure(app_factory,
                                                                         signed_in_client):
    app = app_factory(plugins=PLUGINS, config={"share": {"targets": ["early", "twitter"]}})
    client, _user = signed_in_client(app)
    story = client.post("/api/stories", json={
        "title": "The Lantern", "content": "It flickered.", "genre": "Gothic Horror",
        "mood": "Eerie", "setting": "a lighthouse", "characters": "Mara"}).get_json()
    assert client.post(f"/api/stories/{story['id']}/like").status_code == 200
    # early ran first, with the host handed to it; misbehaving raised; late still ran
    assert [c for c in CALLS if c not in ("before", "after")] == [
        ("early", "story", ["early", "twitter"]), ("late", "story")]
    # the wrapper ran around every plugin's call, the raising one included
    assert CALLS[:3] == ["before", ("early", "story", ["early", "twitter"]), "after"]
    assert CALLS[3:6] == ["before", "after", "before"]
