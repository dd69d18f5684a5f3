"""Tags, content warnings and mature gating, through the API on both databases."""
import json

from tests.helpers import set_role
from tests.test_videos_api import make_video, put_media

FEED = "/api/stories/community/All Genres/All Moods/newest"
VIDEO_FEED = "/api/videos/community/All Genres/All Moods/newest"


def new_story(client, **fields):
    body = {"title": "Tide", "content": "It rose over the sea wall.", "genre": "Cosmic Horror",
            "mood": "Ominous", **fields}
    response = client.post("/api/stories", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def titles(response):
    assert response.status_code == 200, response.get_json()
    return [item["title"] for item in response.get_json()]


def message(response):
    return json.dumps(response.get_json())


def test_tags_are_trimmed_lower_cased_and_kept_once(users):
    client, _ = users.signed_in()
    story = new_story(client, tags=["  Ghost   Story ", "ghost story", "Lighthouse"],
                      contentWarnings=["gore", "drowning", "gore"], isMature=True)
    assert story["tags"] == ["ghost story", "lighthouse"]
    assert story["contentWarnings"] == ["gore", "drowning"]
    assert story["isMature"] is True and story["matureGate"] is False

    changed = client.put(f"/api/stories/{story['id']}", json={"tags": ["sea"]}).get_json()
    assert changed["tags"] == ["sea"] and changed["contentWarnings"] == ["gore", "drowning"]
    assert titles(client.get(FEED, query_string={"tag": "lighthouse"})) == []
    assert titles(client.get(FEED, query_string={"tag": "Sea"})) == ["Tide"]


def test_bad_tags_and_warnings_are_refused_with_a_message(users):
    client, _ = users.signed_in()
    cases = [({"tags": [f"t{n}" for n in range(11)]}, "At most 10 tags (11 given)"),
             ({"tags": ["x" * 31]}, "A tag is at most 30 characters"),
             ({"tags": ["<b>"]}, "a tag is letters, digits, spaces and hyphens"),
             ({"tags": ["   "]}, "A tag cannot be empty"),
             ({"tags": "ghost"}, "Tags must be a list of words"),
             ({"contentWarnings": ["spoilers"]}, "Unknown content warning 'spoilers'")]
    for fields, expected in cases:
        response = client.post("/api/stories", json={"content": "x", "genre": "Slasher",
                                                     "mood": "Dark", **fields})
        assert response.status_code == 400 and expected in message(response), fields
    assert client.get(FEED, query_string={"tag": "a" * 31}).status_code == 400
    assert titles(client.get(FEED, query_string={"tag": "<b>"})) == []  # no tag: nothing has it
    hide = client.get(FEED, query_string={"hideWarnings": "gore,spoilers"})
    assert hide.status_code == 400 and "Unknown content warning 'spoilers'" in message(hide)


def test_feeds_filter_by_tag_and_leave_out_warnings(users):
    author, me = users.signed_in()
    new_story(author, title="Lamp", tags=["lighthouse"], contentWarnings=["drowning"])
    new_story(author, title="Keeper", tags=["lighthouse", "sea"])
    new_story(author, title="Barn", tags=["farm"], contentWarnings=["animal-death", "gore"])
    reader, _ = users.signed_in()
    reader.post(f"/api/users/{me['id']}/follow")

    assert titles(reader.get(FEED, query_string={"tag": "lighthouse"})) == ["Keeper", "Lamp"]
    assert titles(reader.get("/api/stories", query_string={"tag": "farm"})) == ["Barn"]
    assert titles(reader.get(f"/api/stories/user/{me['id']}", query_string={"tag": "sea"})) == [
        "Keeper"]
    assert titles(reader.get("/api/feed/following", query_string={"tag": "farm"})) == ["Barn"]
    assert titles(reader.get(FEED, query_string={"hideWarnings": "gore"})) == ["Keeper", "Lamp"]
    assert titles(reader.get(FEED, query_string={"hideWarnings": "drowning,gore"})) == ["Keeper"]
    assert titles(reader.get(FEED, query_string={"tag": "lighthouse", "q": "Lamp"})) == ["Lamp"]
    assert titles(reader.get(FEED, query_string={"tag": "nothing"})) == []

    video = author.post("/api/videos", json={
        "creationMode": "direct", "title": "Fog", "genre": "Slasher", "mood": "Dark",
        "setting": "a pier", "characters": "a keeper", "tags": ["Lighthouse"],
        "contentWarnings": ["drowning"]})
    assert video.status_code == 201 and video.get_json()["tags"] == ["lighthouse"]
    assert titles(reader.get(VIDEO_FEED, query_string={"tag": "lighthouse"})) == ["Fog"]
    assert titles(reader.get(VIDEO_FEED, query_string={"hideWarnings": "drowning"})) == []


def test_suggestions_count_public_stories_and_videos_only(client, users):
    visitor = client
    client, _ = users.signed_in()
    new_story(client, tags=["ghost story", "ghosts"])
    new_story(client, tags=["ghost story"])
    new_story(client, tags=["ghost ship"], isPublic=False)
    client.post("/api/videos", json={"creationMode": "direct", "title": "Fog", "genre": "Slasher",
                                     "mood": "Dark", "setting": "a pier", "characters": "a keeper",
                                     "tags": ["ghosts", "ghost story"]})
    found = visitor.get("/api/tags", query_string={"prefix": " Gho"}).get_json()
    assert found == [{"tag": "ghost story", "count": 3}, {"tag": "ghosts", "count": 2}]
    assert client.get("/api/tags", query_string={"prefix": "ghost s"}).get_json() == [
        {"tag": "ghost story", "count": 3}]
    assert client.get("/api/tags", query_string={"prefix": "%"}).get_json() == []
    assert client.get("/api/tags", query_string={"limit": 0}).status_code == 400
    warnings = client.get("/api/tags/warnings").get_json()
    assert {"key": "self-harm", "label": "Self-harm"} in warnings
    assert [w["key"] for w in warnings][:3] == ["gore", "self-harm", "suicide"]


def test_a_mature_story_is_a_card_until_the_reader_opts_in(app, client, users):
    author, me = users.signed_in()
    story = new_story(author, title="Red Room", content="The walls were wet with it.",
                      isMature=True, contentWarnings=["gore"])
    reader, _ = users.signed_in()
    admin, admin_user = users.signed_in()
    set_role(app, admin_user["id"], "admin")

    def seen(who):
        one = who.get(f"/api/stories/{story['id']}").get_json()
        community = who.get(f"/api/stories/{story['id']}/community").get_json()
        card = next(item for item in who.get(FEED).get_json() if item["id"] == story["id"])
        listed = who.get(f"/api/stories/user/{me['id']}").get_json()[0]
        assert one["matureGate"] == community["matureGate"] == card["matureGate"] \
            == listed["matureGate"]
        if one["matureGate"]:
            assert one["content"] is None and community["content"] is None
            assert listed["content"] is None and card["excerpt"] == ""
            assert one["title"] == card["title"] == "Red Room" and one["isMature"] is True
        else:
            assert one["content"] == listed["content"] == "The walls were wet with it."
            assert card["excerpt"] == "The walls were wet with it."
        return one["matureGate"]

    assert seen(client) is True  # a visitor
    assert seen(reader) is True  # signed in, not opted in
    assert seen(author) is False and seen(admin) is False
    opted = reader.patch("/api/users/me", json={"showMature": True})
    assert opted.status_code == 200 and opted.get_json()["showMature"] is True
    assert reader.get("/api/auth/user").get_json()["showMature"] is True
    assert seen(reader) is False
    assert seen(client) is True  # the visitors' cached page stays gated
    assert reader.patch("/api/users/me", json={"showMature": "maybe"}).status_code == 400


def test_a_mature_video_hides_its_files_and_a_mature_story_its_videos(users):
    author, _ = users.signed_in()
    story = new_story(author, isMature=True, tags=["sea"])
    video = author.post("/api/videos", json={"creationMode": "from_story", "storyId": story["id"],
                                             "title": "Tide, read"}).get_json()
    assert video["isMature"] is True and video["tags"] == ["sea"]  # from its story
    reader, _ = users.signed_in()
    made = reader.post("/api/videos", json={"creationMode": "from_story", "storyId": story["id"],
                                            "title": "Mine"})
    assert made.status_code == 403 and "mature (18+)" in made.get_json()["message"]

    gated = reader.get(f"/api/videos/{video['id']}").get_json()
    assert gated["matureGate"] is True and gated["content"] is None
    assert gated["videoUrl"] is None and gated["posterUrl"] is None and gated["script"] == []
    card = reader.get(VIDEO_FEED).get_json()[0]
    assert card["matureGate"] is True and card["excerpt"] == ""
    assert author.get(f"/api/videos/{video['id']}").get_json()["matureGate"] is False


def test_a_mature_videos_files_are_served_only_to_who_may_see_it(app, client, users):
    author, _ = users.signed_in()
    video = make_video(author, isMature=True, allowDownload=True)
    put_media(app, video["id"], data=b"frames", poster=b"\xff\xd8poster")
    url = author.get(f"/api/videos/{video['id']}").get_json()["videoUrl"]
    reader, _ = users.signed_in()
    for who in (client, reader):
        for path in (url, f"/media/videos/{video['id']}/poster.jpg",
                     f"/api/videos/{video['id']}/download"):
            refused = who.get(path)
            assert refused.status_code == 403 and "mature (18+)" in refused.get_json()["message"]
    assert author.get(url).data == b"frames"
    reader.patch("/api/users/me", json={"showMature": True})
    assert reader.get(url).data == b"frames"
    assert reader.get(f"/api/videos/{video['id']}/download").status_code == 200


def test_share_pages_name_a_tag_and_never_show_a_mature_text(app, client, users, tmp_path,
                                                            monkeypatch):
    folder = tmp_path / "dist"
    folder.mkdir()
    (folder / "index.html").write_text(
        '<!DOCTYPE html><html><meta name=description content="Site">'
        "<title>Dreadforge — Craft Your Nightmare</title><body><div id=root></div>"
        "<script type=module src=/webapp.js></script>")
    monkeypatch.setitem(app.config, "WEBAPP_DIST", folder)
    author, _ = users.signed_in(first_name="Wren", last_name="Sable")
    story = new_story(author, content="The walls were wet with it.", isMature=True)

    page = client.get("/tags/Flooded%20House").get_data(as_text=True)
    assert "<title>#flooded house — Dreadforge</title>" in page
    assert 'content="Horror stories and videos tagged “flooded house” on Dreadforge."' in page
    assert 'href="http://localhost/tags/flooded%20house"' in page
    shared = client.get(f"/story/{story['id']}").get_data(as_text=True)
    assert "wet with it" not in shared
    assert "A mature (18+) Cosmic Horror story by Wren Sable." in shared
    landing = client.get("/").get_data(as_text=True)  # a visitor's landing page carries its feed
    assert "Tide" in landing and "wet with it" not in landing


def test_a_mature_storys_comments_are_gated_like_its_text(client, users):
    author, _ = users.signed_in()
    story = new_story(author, isMature=True)
    comments = f"/api/stories/{story['id']}/comments"
    said = author.post(comments, json={"content": "The wet walls were my favourite part."})
    assert said.status_code == 201
    video = make_video(author, isMature=True)
    video_comments = f"/api/videos/{video['id']}/comments"
    assert author.post(video_comments, json={"content": "Frame 3 is the one."}).status_code == 201
    reader, _ = users.signed_in()

    for who in (client, reader):
        for path, noun in ((comments, "story"), (video_comments, "video")):
            refused = who.get(path)
            assert refused.status_code == 403, refused.get_json()
            assert f"This {noun} is mature (18+)" in message(refused)
            assert "wet walls" not in message(refused) and "Frame 3" not in message(refused)
    posted = reader.post(comments, json={"content": "Let me in."})
    assert posted.status_code == 403 and "mature (18+)" in message(posted)
    reported = reader.post(f"/api/comments/{said.get_json()['id']}/report",
                           json={"reason": "spam"})
    assert reported.status_code == 403
    assert client.post(comments, json={"content": "x"}).status_code == 401

    reader.patch("/api/users/me", json={"showMature": True})
    assert [c["content"] for c in reader.get(comments).get_json()] == [
        "The wet walls were my favourite part."]
    assert reader.post(comments, json={"content": "Let me in."}).status_code == 201
    assert len(author.get(video_comments).get_json()) == 1


def test_tag_suggestions_find_their_prefix_through_an_index(app, db, users):
    """A prefix is an index range on both databases (migration 0024), not a read of every tag."""
    from core.models import Story, StoryTag
    from core.services import tags
    _, me = users.signed_in()
    words = ["ghost", "grave", "attic", "moor", "wolf", "drown", "crypt", "fog"]
    with db.atomic():
        Story.insert_many([{"user": me["id"], "title": f"T{n}", "content": "x", "genre": "Slasher",
                            "mood": "Dark", "is_public": True} for n in range(1500)]).execute()
        ids = [story_id for (story_id,) in Story.select(Story.id).tuples()]
        StoryTag.insert_many([{"story": story_id, "tag": f"{words[n % 8]} {n % 300}"}
                              for n, story_id in enumerate(ids)]).execute()
    db.execute_sql("ANALYZE" if app.config["DATABASE_URL"].startswith("sqlite") else
                   'ANALYZE "stories", "story_tags", "videos", "video_tags"')
    query = tags.suggestions("Ghost 1", 8)
    found = [tag for tag, _n in query]
    assert len(found) == 8 and all(tag.startswith("ghost 1") for tag in found), found
    sql, params = query.sql()
    if app.config["DATABASE_URL"].startswith("sqlite"):
        plan = "\n".join(str(row) for row in db.execute_sql("EXPLAIN QUERY PLAN " + sql, params))
        assert "story_tags_tag_prefix" in plan, plan
    else:
        plan = "\n".join(row[0] for row in db.execute_sql("EXPLAIN " + sql, params))
        assert "story_tags_tag_prefix" in plan and "~>=~ 'ghost 1'" in plan, plan
