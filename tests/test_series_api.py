"""Series through the API on both databases: create, add and reorder parts, who may see and
change what, the followers told of a new part, and the next part written from the series so far."""
import json
import re

import pytest

from tests.test_community_api import bell, new_story
from tests.test_explore_page import dist  # noqa: F401 (the built web app, as a fixture)


def new_series(client, **fields):
    response = client.post("/api/series", json={"title": "The Harrow Tapes",
                                                "description": "Found on a dead man's shelf.",
                                                **fields})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def join(client, story_id, series_id, **extra):
    return client.put(f"/api/stories/{story_id}", json={"seriesId": series_id, **extra})


def parts(client, series_id):
    response = client.get(f"/api/series/{series_id}")
    assert response.status_code == 200, response.get_json()
    return [(p["title"], p["seriesPart"]) for p in response.get_json()["parts"]]


def message(response):
    return json.dumps(response.get_json())


def test_parts_join_in_order_and_the_story_says_where_it_stands(users, client):
    author, me = users.signed_in(first_name="Wren", last_name="Sable")
    series = new_series(author)
    assert (series["title"], series["partsCount"], series["parts"], series["isOwner"]) == (
        "The Harrow Tapes", 0, [], True)
    one, two = new_story(author, title="Tape One"), new_story(author, title="Tape Two")
    assert join(author, one["id"], series["id"]).get_json()["seriesPart"] == 1
    joined = join(author, two["id"], series["id"]).get_json()
    assert (joined["seriesId"], joined["seriesPart"]) == (series["id"], 2)
    # written straight into the series, between the two
    middle = new_story(author, title="Tape One and a Half", seriesId=series["id"], seriesPart=2)
    assert middle["seriesPart"] == 2
    assert parts(client, series["id"]) == [("Tape One", 1), ("Tape One and a Half", 2),
                                           ("Tape Two", 3)]
    story = client.get(f"/api/stories/{two['id']}").get_json()  # a visitor reads it
    assert (story["seriesId"], story["seriesPart"]) == (series["id"], 3)
    seen = client.get(f"/api/series/{series['id']}").get_json()
    assert seen["user"]["firstName"] == "Wren" and seen["isOwner"] is False
    assert seen["firstStoryId"] == one["id"] and "email" not in seen["user"]

    listed = client.get(f"/api/users/{me['id']}/series").get_json()
    assert [(s["title"], s["partsCount"]) for s in listed] == [("The Harrow Tapes", 3)]


def test_reorder_takes_exactly_the_series_stories(users):
    author, _ = users.signed_in()
    series = new_series(author)
    ids = [new_story(author, title=f"Part {n}", seriesId=series["id"])["id"] for n in (1, 2, 3)]
    other = new_story(author, title="Elsewhere")["id"]

    moved = author.put(f"/api/series/{series['id']}/parts", json={"storyIds": ids[::-1]})
    assert moved.status_code == 200
    assert [p["id"] for p in moved.get_json()["parts"]] == ids[::-1]
    assert [p["seriesPart"] for p in moved.get_json()["parts"]] == [1, 2, 3]

    for bad, says in (([ids[0], ids[1]], f"missing: {ids[2]}"),
                      ([*ids, other], f"not parts of this series: {other}"),
                      ([ids[0], ids[0], ids[1], ids[2]], "only once"),
                      ("nope", "Not a valid list")):
        response = author.put(f"/api/series/{series['id']}/parts", json={"storyIds": bad})
        assert response.status_code == 400 and says in message(response), response.get_json()
    missing = author.put(f"/api/series/{series['id']}/parts", json={})
    assert missing.status_code == 400 and "storyIds is required" in message(missing)
    assert [p[0] for p in parts(author, series["id"])] == ["Part 3", "Part 2", "Part 1"]


def test_leaving_deleting_a_part_and_deleting_the_series_close_the_gaps(users):
    author, _ = users.signed_in()
    series = new_series(author)
    ids = [new_story(author, title=f"Part {n}", seriesId=series["id"])["id"] for n in (1, 2, 3, 4)]
    left = author.put(f"/api/stories/{ids[1]}", json={"seriesId": None}).get_json()
    assert (left["seriesId"], left["seriesPart"]) == (None, None)
    assert author.delete(f"/api/stories/{ids[0]}").status_code == 200
    assert parts(author, series["id"]) == [("Part 3", 1), ("Part 4", 2)]
    moved = author.put(f"/api/stories/{ids[3]}", json={"seriesPart": 1}).get_json()
    assert moved["seriesPart"] == 1
    assert parts(author, series["id"]) == [("Part 4", 1), ("Part 3", 2)]

    assert author.delete(f"/api/series/{series['id']}").status_code == 200
    assert author.get(f"/api/series/{series['id']}").status_code == 404
    kept = author.get(f"/api/stories/{ids[2]}").get_json()
    assert (kept["title"], kept["seriesId"], kept["seriesPart"]) == ("Part 3", None, None)
    # a new series never takes the deleted one's id
    assert new_series(author)["id"] > series["id"]


def test_bad_input_is_a_clear_400_and_nothing_is_written(users):
    author, _ = users.signed_in()
    series = new_series(author)
    for body, says in (({"title": "   "}, "Title is required"), ({}, "Title is required"),
                       ({"title": "x" * 201}, "at most 200"),
                       ({"title": "Ok", "description": "x" * 2001}, "at most 2,000")):
        response = author.post("/api/series", json=body)
        assert response.status_code == 400 and says in message(response), response.get_json()
    story = new_story(author, title="Alone")
    no_series = author.put(f"/api/stories/{story['id']}", json={"seriesPart": 2})
    assert no_series.status_code == 409 and "needs a seriesId" in message(no_series)
    unknown = join(author, story["id"], 987654)
    assert unknown.status_code == 404 and "Series not found" in message(unknown)
    created = author.post("/api/stories", json={"title": "Lost", "content": "x", "genre": "Slasher",
                                                 "mood": "Dark", "seriesId": 987654})
    assert created.status_code == 404
    mine = author.get(f"/api/stories/user/{story['userId']}").get_json()
    assert [s["title"] for s in mine] == ["Alone"]  # the refused story was not half-written
    assert author.get(f"/api/stories/{story['id']}").get_json()["seriesId"] is None
    too_far = join(author, story["id"], series["id"], seriesPart=3)  # past the end: the last part
    assert too_far.status_code == 200 and too_far.get_json()["seriesPart"] == 1


def test_private_series_and_parts_and_someone_elses_series(users, client):
    author, me = users.signed_in()
    other, _ = users.signed_in(first_name="Ivo")
    admin, _ = users.signed_in(role="admin")
    hidden = new_series(author, title="Drafts of Dread", isPublic=False)
    shown = new_series(author)
    new_story(author, title="Open part", seriesId=shown["id"])
    new_story(author, title="Secret part", seriesId=shown["id"], isPublic=False)

    for reader in (client, other):  # a visitor, another user
        assert reader.get(f"/api/series/{hidden['id']}").status_code == 404
        assert parts(reader, shown["id"]) == [("Open part", 1)]
        assert [s["title"] for s in reader.get(f"/api/users/{me['id']}/series").get_json()] == [
            "The Harrow Tapes"]
    for reader in (author, admin):
        assert parts(reader, shown["id"]) == [("Open part", 1), ("Secret part", 2)]
        assert len(reader.get(f"/api/users/{me['id']}/series").get_json()) == 2
    assert parts(admin, hidden["id"]) == []

    theirs = new_story(other, title="Not yours")
    refused = join(other, theirs["id"], shown["id"])
    assert refused.status_code == 403 and "your own series" in message(refused)
    assert other.put(f"/api/series/{shown['id']}", json={"title": "Mine now"}).status_code == 403
    assert other.put(f"/api/series/{shown['id']}/parts", json={"storyIds": []}).status_code == 403
    assert other.delete(f"/api/series/{shown['id']}").status_code == 403
    assert other.get(f"/api/series/{shown['id']}/next").status_code == 403
    assert client.post("/api/series", json={"title": "Visitor"}).status_code == 401
    assert client.delete(f"/api/series/{shown['id']}").status_code == 401
    assert client.get("/api/users/987654/series").status_code == 404
    renamed = author.put(f"/api/series/{shown['id']}", json={"title": "  The Harrow Reels "})
    assert renamed.get_json()["title"] == "The Harrow Reels"


def test_followers_hear_of_a_new_part(users):
    author, me = users.signed_in(first_name="Wren", last_name="Sable")
    follower, _ = users.signed_in()
    assert follower.post(f"/api/users/{me['id']}/follow").status_code == 200
    series = new_series(author)
    new_story(author, title="Tape One", seriesId=series["id"])  # written into the series
    two = new_story(author, title="Tape Two")  # published alone, then added
    join(author, two["id"], series["id"])
    new_story(author, title="Private tape", seriesId=series["id"], isPublic=False)

    lines = [(n["kind"], n["text"], n["link"]) for n in bell(follower)]
    assert lines == [
        ("new_part", "Wren Sable published part 2 of “The Harrow Tapes”: “Tape Two”",
         f"/story/{two['id']}"),
        ("new_story", "Wren Sable published a new story: “Tape Two”", f"/story/{two['id']}"),
        ("new_part", "Wren Sable published part 1 of “The Harrow Tapes”: “Tape One”",
         lines[-1][2]),
    ]
    hidden = new_series(author, title="Hidden", isPublic=False)
    new_story(author, title="Unseen", seriesId=hidden["id"])
    assert len(bell(follower)) == 3  # a private series tells no one


FORM = {"genre": "Cosmic Horror", "mood": "Eerie", "setting": "the lighthouse on Raven Point",
        "characters": "I, Tom, the keeper", "storyLength": 600, "seed": 7,
        "keyElements": "a music box, a brass telescope", "timeOfDay": "Midnight"}


def test_the_next_part_is_planned_from_the_series_so_far(users, worker):
    """Part 1 written by the engine (its narrator given a name); the next part's form and plan
    keep the cast, places and key elements, and start from what happened."""
    author, _ = users.signed_in()
    series = new_series(author)
    written = author.post("/api/stories/generate?wait=30", json=FORM)
    assert written.status_code == 200, written.get_json()
    first = written.get_json()
    # the author renamed the narrator and a place in part 1's plan: the next part keeps them
    hero = next(p for p in first["plan"]["cast"] if p["role"] == "protagonist")
    hero.update(name="Ashling Moore", handle="Ashling", look="a drowned oilskin coat")
    first["plan"]["places"][0].update(name="the lantern gallery", handle="the gallery")
    new_story(author, title=first["title"], content=first["content"], plan=first["plan"],
              seriesId=series["id"], setting=FORM["setting"], characters=FORM["characters"],
              keyElements=FORM["keyElements"], intensity=8)

    ahead = author.get(f"/api/series/{series['id']}/next").get_json()
    assert (ahead["part"], ahead["seriesTitle"]) == (2, "The Harrow Tapes")
    form = ahead["form"]
    assert (form["setting"], form["intensity"], form["suggestedTitle"]) == (
        FORM["setting"], 8, "The Harrow Tapes: Part 2")

    outline = author.post("/api/stories/outline?wait=30",
                          json={**form, "seed": 99, "seriesId": series["id"]})
    assert outline.status_code == 200, outline.get_json()
    plan, before = outline.get_json()["plan"], first["plan"]
    assert {p["name"] for p in before["cast"]} <= {p["name"] for p in plan["cast"]}
    hero = next(p for p in plan["cast"] if p["role"] == "protagonist")
    assert (hero["name"], hero["look"]) == ("Ashling Moore", "a drowned oilskin coat")
    assert "the lantern gallery" in {p["name"] for p in plan["places"]}
    assert {p["name"] for p in before["places"]} <= {p["name"] for p in plan["places"]}
    assert {e["name"] for e in before["elements"]} <= {e["name"] for e in plan["elements"]}
    assert plan["premise"].startswith(f"After “{before['title']}”")

    part_two = author.post("/api/stories/generate?wait=30",
                           json={**form, "seed": 99, "seriesId": series["id"]})
    assert part_two.status_code == 200, part_two.get_json()
    assert "Ashling" in part_two.get_json()["content"]
    assert "Ashling Moore" in {p["name"] for p in part_two.get_json()["plan"]["cast"]}
    assert author.post("/api/stories/outline?wait=30",
                       json={**form, "seriesId": 987654}).status_code == 404


def test_hook_on_series_part(users):
    """A published story moved into a series: its followers hear of the part, unless they
    switched new parts off; a private story joining tells no one."""
    author, me = users.signed_in(first_name="Wren", last_name="Sable")
    keen, _ = users.signed_in()
    quiet, _ = users.signed_in()
    for follower in (keen, quiet):
        follower.post(f"/api/users/{me['id']}/follow")
    assert quiet.put("/api/notifications/settings", json={"off": ["new_part"]}).status_code == 200
    series = new_series(author)
    published, private = new_story(author, title="Tape"), new_story(author, isPublic=False)
    join(author, private["id"], series["id"])
    join(author, published["id"], series["id"])
    assert [n["kind"] for n in bell(keen)] == ["new_part", "new_story"]
    assert bell(keen)[0]["text"] == "Wren Sable published part 2 of “The Harrow Tapes”: “Tape”"
    assert [n["kind"] for n in bell(quiet)] == ["new_story"]


def test_a_series_page_shares_its_title_description_and_first_cover(users, make_client, app,
                                                                     tmp_path, monkeypatch):
    from tests.test_share_pages import INDEX, page_of, tags
    (tmp_path / "index.html").write_text(INDEX)
    monkeypatch.setitem(app.config, "WEBAPP_DIST", tmp_path)
    author, _ = users.signed_in(first_name="Wren", last_name="Sable")
    series = new_series(author)
    new_story(author, title="Hidden first", seriesId=series["id"], isPublic=False)
    shown = new_story(author, title="Shown", seriesId=series["id"])

    story_page = page_of(make_client, f"/story/{shown['id']}")  # its place paints with it
    data = json.loads(re.search(r'<script type="application/json" id="initial-data">(.*?)'
                                r"</script>", story_page).group(1))
    entry = next(e for e in data if e["key"] == ["series", "detail", series["id"]])
    assert [p["title"] for p in entry["data"]["parts"]] == ["Shown"]  # as a visitor sees it

    found = tags(page_of(make_client, f"/series/{series['id']}"))
    assert found["og:title"] == found["twitter:title"] == "The Harrow Tapes"
    assert found["og:description"] == "Found on a dead man's shelf."
    assert found["og:image"] == f"http://localhost/covers/story/{shown['id']}.png"
    assert found["og:url"] == f"http://localhost/series/{series['id']}"

    private = new_series(author, title="Secret Reels", isPublic=False)
    page = page_of(make_client, f"/series/{private['id']}")
    assert "og:title" not in page and "Secret Reels" not in page
    bare = tags(page_of(make_client, f"/series/{new_series(author, title='Empty')['id']}"))
    assert bare["og:title"] == "Empty" and "og:image" not in bare
    sitemap = make_client().get("/sitemap.xml").get_data(as_text=True)
    assert f"<loc>http://localhost/series/{series['id']}</loc>" in sitemap
    assert f"/series/{private['id']}<" not in sitemap


def test_deleting_an_author_deletes_their_series_and_leaves_others_parts(users):
    admin, _ = users.signed_in(role="admin")
    doomed, gone = users.signed_in(first_name="Doomed")
    other, _ = users.signed_in()
    theirs, kept = new_series(doomed), new_series(other, title="Kept")
    new_story(doomed, seriesId=theirs["id"])
    survivor = new_story(other, title="Still part 1", seriesId=kept["id"])
    assert admin.delete(f"/api/admin/users/{gone['id']}").status_code == 200
    assert admin.get(f"/api/series/{theirs['id']}").status_code == 404
    assert parts(admin, kept["id"]) == [("Still part 1", 1)]
    assert other.get(f"/api/stories/{survivor['id']}").get_json()["seriesPart"] == 1


@pytest.mark.usefixtures("dist")
def test_a_public_story_keeps_its_private_series_to_its_author(users, client):
    """Its place (seriesId, seriesPart) goes to no one who may not see the series: not on the
    story, its community view, any feed card, the author's list, the following feed or a reading
    list."""
    author, me = users.signed_in()
    admin, _ = users.signed_in(role="admin")
    reader, _ = users.signed_in(first_name="Ivo")
    secret = new_series(author, title="Drafts of Dread", isPublic=False)
    story = new_story(author, title="Open door", seriesId=secret["id"])
    reader.post(f"/api/users/{me['id']}/follow")
    reader.post(f"/api/stories/{story['id']}/bookmark")
    author.post(f"/api/stories/{story['id']}/bookmark")
    feed = "/api/stories/community/All Genres/All Moods/newest"

    def places(who):
        def mine(items):
            return next(item for item in items if item["id"] == story["id"])
        found = [who.get(f"/api/stories/{story['id']}").get_json(),
                 who.get(f"/api/stories/{story['id']}/community").get_json(),
                 mine(who.get(feed).get_json()), mine(who.get("/api/stories?limit=6").get_json()),
                 mine(who.get(f"/api/stories/user/{me['id']}").get_json())]
        if who is not client:
            found.append(mine(who.get("/api/feed/following").get_json()
                              if who is reader else who.get(feed).get_json()))
            found += [entry["story"] for entry in
                      who.get("/api/users/me/bookmarks").get_json() if entry.get("story")]
        return {(item["seriesId"], item["seriesPart"]) for item in found}

    assert places(client) == places(reader) == {(None, None)}
    page = client.get(f"/story/{story['id']}").get_data(as_text=True)
    assert "Drafts of Dread" not in page and f'"seriesId":{secret["id"]}' not in page
    # the page did carry the story's data (so the absence above says something)
    assert f'"id":{story["id"]}' in page and '"title":"Open door"' in page
    assert '"seriesId":null' in page
    own = author.get(f"/story/{story['id']}").get_data(as_text=True)
    assert f'"seriesId":{secret["id"]}' in own  # its author's page does carry it
    assert places(author) == places(admin) == {(secret["id"], 1)}
    author.put(f"/api/series/{secret['id']}", json={"isPublic": True})
    assert places(reader) == {(secret["id"], 1)}


def test_a_series_page_keeps_a_mature_parts_text_from_who_may_not_read_it(users, client):
    author, _ = users.signed_in()
    series = new_series(author)
    new_story(author, title="Red Tape", content="The walls were wet with it.",
              seriesId=series["id"], isMature=True, contentWarnings=["gore"])
    reader, _ = users.signed_in(first_name="Ivo")

    def part(who):
        return who.get(f"/api/series/{series['id']}").get_json()["parts"][0]

    def excerpt(who):
        return part(who)["excerpt"]

    assert excerpt(client) == excerpt(reader) == ""  # the title stays, as on its card
    # and it says why: mature, gated, with its warnings (the page shows the 18+ and CW badges)
    for who, gated in ((client, True), (reader, True), (author, False)):
        shown = part(who)
        assert (shown["isMature"], shown["matureGate"], shown["contentWarnings"]) == \
            (True, gated, ["gore"])
    assert excerpt(author) == "The walls were wet with it."
    reader.patch("/api/users/me", json={"showMature": True})
    assert excerpt(reader) == "The walls were wet with it."
    assert part(reader)["matureGate"] is False
