"""Drafts: the story being written on /create is kept for its author until saved or discarded,
through the API on both databases."""
import json

PLAN = {"cast": [{"id": "c1", "name": "Wren", "role": "protagonist"}],
        "places": [{"id": "p1", "name": "the hollow house"}],
        "beats": [{"id": "b1", "text": "Wren opens the door.", "place": "p1", "who": ["c1"]}]}

DRAFT = {"settings": {"genre": "Cosmic Horror", "mood": "Ominous", "setting": "A drowned town",
                      "characters": "Wren, a diver", "intensity": 7, "storyLength": 800,
                      "title": "Suggested"},
         "title": "Tide", "content": "The water rose past the church bells.", "plan": PLAN}


def put(client, body):
    return client.put("/api/drafts/current", json=body)


def messages(response):
    return json.dumps(response.get_json())


def test_a_draft_is_saved_and_read_back_with_its_form_text_and_plan(users):
    client, _ = users.signed_in()
    assert client.get("/api/drafts/current").status_code == 204

    saved = put(client, DRAFT)
    assert saved.status_code == 200, saved.get_json()
    back = client.get("/api/drafts/current").get_json()
    assert back["id"] == saved.get_json()["id"]
    assert (back["title"], back["content"]) == ("Tide", "The water rose past the church bells.")
    assert back["settings"]["setting"] == "A drowned town" and back["settings"]["intensity"] == 7
    assert back["settings"]["title"] == "Suggested"
    assert back["plan"]["beats"][0]["text"] == "Wren opens the door."
    assert back["createdAt"].endswith("+00:00")
    assert client.get(f"/api/drafts/{back['id']}").get_json()["content"] == back["content"]


def test_saving_again_rewrites_the_one_draft_keeping_its_id(users):
    client, _ = users.signed_in()
    first = put(client, DRAFT).get_json()
    without_plan = {key: value for key, value in DRAFT.items() if key != "plan"}
    second = put(client, {**without_plan, "content": "The bells rang underwater."}).get_json()
    assert second["id"] == first["id"]
    back = client.get("/api/drafts/current").get_json()
    assert back["content"] == "The bells rang underwater." and back["plan"] is None


def test_a_half_filled_form_is_a_draft_too(users):
    client, _ = users.signed_in()
    saved = put(client, {"settings": {"setting": "A lighthouse"}})
    assert saved.status_code == 200, saved.get_json()
    draft = saved.get_json()
    assert draft["content"] == "" and draft["settings"]["genre"] == ""
    assert draft["settings"]["setting"] == "A lighthouse"


def test_drafts_are_bounded_and_bad_input_is_a_clear_400(users):
    client, _ = users.signed_in()
    cases = [({**DRAFT, "content": "x" * 50_001}, "Story must be at most 50,000 characters"),
             ({**DRAFT, "title": "x" * 201}, "Title must be at most 200 characters"),
             ({**DRAFT, "settings": {"genre": "Romance"}}, "Unknown genre 'Romance'"),
             ({**DRAFT, "settings": {"intensity": 11}}, "Intensity must be between 1 and 10"),
             ({**DRAFT, "settings": {"setting": "x" * 2001}}, "Setting must be at most 2,000"),
             ({**DRAFT, "plan": {"cast": "nobody"}}, "plan"),
             ({**DRAFT, "content": "nul\x00byte"}, "content")]
    for body, message in cases:
        response = put(client, body)
        assert response.status_code == 400, body
        assert message in messages(response), (message, response.get_json())
    assert client.get("/api/drafts/current").status_code == 204  # nothing half written


def test_only_the_author_sees_or_discards_a_draft(users, client):
    author, _ = users.signed_in()
    other, _ = users.signed_in()
    draft = put(author, DRAFT).get_json()

    assert other.get(f"/api/drafts/{draft['id']}").status_code == 404
    assert other.delete(f"/api/drafts/{draft['id']}").get_json()["message"] == "Draft not found"
    assert other.get("/api/drafts/current").status_code == 204
    assert client.get("/api/drafts/current").status_code == 401
    assert client.put("/api/drafts/current", json=DRAFT).status_code == 401
    assert author.get("/api/drafts/current").get_json()["id"] == draft["id"]


def test_saving_the_story_removes_its_draft_and_discard_removes_it_too(users):
    client, _ = users.signed_in()
    draft = put(client, DRAFT).get_json()
    story = client.post("/api/stories", json={
        "title": "Tide", "content": DRAFT["content"], "genre": "Cosmic Horror", "mood": "Ominous",
        "plan": PLAN, "draftId": draft["id"], "draftRevision": draft["revision"]})
    assert story.status_code == 201, story.get_json()
    assert client.get("/api/drafts/current").status_code == 204
    assert client.get(f"/api/drafts/{draft['id']}").status_code == 404

    again = put(client, DRAFT).get_json()
    assert again["id"] > draft["id"]  # a removed draft's id is never given again
    assert client.delete("/api/drafts/current").status_code == 204
    assert client.get("/api/drafts/current").status_code == 204
    assert client.delete("/api/drafts/current").status_code == 204


def test_a_story_saved_with_another_users_draft_id_leaves_that_draft(users):
    author, _ = users.signed_in()
    other, _ = users.signed_in()
    draft = put(author, DRAFT).get_json()
    saved = other.post("/api/stories", json={"content": "Mine.", "genre": "Cosmic Horror",
                                             "mood": "Ominous", "draftId": draft["id"]})
    assert saved.status_code == 201
    assert author.get("/api/drafts/current").get_json()["id"] == draft["id"]


def test_two_tabs_never_overwrite_each_others_draft(users):
    """Each save names the revision it was written from: a tab behind the draft gets a 409 and
    writes nothing; it may then keep its text (saving from the newer revision) or load that."""
    client, _ = users.signed_in()
    first = put(client, {**DRAFT, "baseRevision": None})
    assert first.status_code == 200 and first.get_json()["revision"] == 1
    tab_a = put(client, {**DRAFT, "content": "Tab A's bells.", "baseRevision": 1}).get_json()
    assert tab_a["revision"] == 2 and tab_a["id"] == first.get_json()["id"]

    for stale in (1, None):  # tab B wrote from revision 1, or knew of no draft at all
        refused = put(client, {**DRAFT, "content": "Tab B's water.", "baseRevision": stale})
        assert refused.status_code == 409, refused.get_json()
        assert "changed in another tab or window" in messages(refused)
    back = client.get("/api/drafts/current").get_json()
    assert (back["content"], back["revision"]) == ("Tab A's bells.", 2)

    kept = put(client, {**DRAFT, "content": "Tab B's water.", "baseRevision": back["revision"]})
    assert kept.status_code == 200 and kept.get_json()["revision"] == 3
    assert put(client, {**DRAFT, "baseRevision": 0}).status_code == 400
    assert put(client, {**DRAFT, "baseRevision": "two"}).status_code == 400
    client.delete("/api/drafts/current")  # discarded in another tab: this one's text is kept anew
    again = put(client, {**DRAFT, "content": "Tab A's bells.", "baseRevision": 3})
    assert again.status_code == 200 and again.get_json()["revision"] == 1
    legacy = put(client, {**DRAFT, "content": "No revision named."})  # replaces, as before
    assert legacy.status_code == 200 and legacy.get_json()["revision"] == 2


def test_saving_the_story_keeps_a_draft_saved_since_in_another_tab(users):
    """The story names the draft's revision it was written from: a draft another tab or window
    saved since is newer writing, and stays."""
    client, _ = users.signed_in()
    draft = put(client, {**DRAFT, "baseRevision": None}).get_json()
    newer = put(client, {**DRAFT, "content": "Tab B went on.", "baseRevision": 1,
                         "baseDraftId": draft["id"]}).get_json()
    assert newer["revision"] == 2
    story = {"content": DRAFT["content"], "genre": "Cosmic Horror", "mood": "Ominous",
             "draftId": draft["id"]}
    for sent in ({"draftRevision": 1}, {}):  # behind the draft, or no revision named
        saved = client.post("/api/stories", json={**story, **sent})
        assert saved.status_code == 201, saved.get_json()
        kept = client.get("/api/drafts/current").get_json()
        assert (kept["id"], kept["content"]) == (draft["id"], "Tab B went on.")
    assert client.post("/api/stories", json={**story, "draftRevision": 0}).status_code == 400
    saved = client.post("/api/stories", json={**story, "draftRevision": 2})
    assert saved.status_code == 201
    assert client.get("/api/drafts/current").status_code == 204


def test_a_tab_behind_a_removed_draft_never_overwrites_the_next_one(users):
    """A tab holding revision 1 of a draft that was then saved as a story is refused when a
    new draft (its revision 1 too) was made meanwhile."""
    client, _ = users.signed_in()
    old = put(client, {**DRAFT, "baseRevision": None}).get_json()
    assert client.delete("/api/drafts/current").status_code == 204
    new = put(client, {**DRAFT, "content": "The new draft.", "baseRevision": None}).get_json()
    assert new["revision"] == old["revision"] == 1 and new["id"] != old["id"]
    behind = put(client, {**DRAFT, "content": "The old tab.", "baseRevision": 1,
                          "baseDraftId": old["id"]})
    assert behind.status_code == 409
    assert "changed in another tab or window" in messages(behind)
    assert client.get("/api/drafts/current").get_json()["content"] == "The new draft."
    on = put(client, {**DRAFT, "content": "Went on.", "baseRevision": 1, "baseDraftId": new["id"]})
    assert on.status_code == 200 and on.get_json()["revision"] == 2
    assert put(client, {**DRAFT, "baseRevision": 2, "baseDraftId": 0}).status_code == 400
