"""The community search (``?q=``) finds text in a story's title, characters or setting, in any
case, or every word of it in the story's text (the last one as a prefix), the same whether the
text is rare (read by id from the index) or common (the feed walks its sort order and tests each
story)."""
import pytest

from core import content_search, search_walk, story_search
from tests.test_admin_helpers import make_story

FEED = "/api/stories/community/All Genres/All Moods/newest"


def titles(client, q, **query):
    response = client.get(FEED, query_string={"q": q, **query})
    assert response.status_code == 200, response.get_json()
    return [story["title"] for story in response.get_json()]


@pytest.fixture
def library(users):
    author, _ = users.signed_in()
    make_story(author, title="The Lighthouse Keeper", setting="a rock at sea",
               characters="Mara, Elias")
    make_story(author, title="Salt", setting="the salt mines under Vell", characters="Ivy")
    make_story(author, title="Ashes", setting="Hollow Creek asylum", characters="Dorian, Mara")
    make_story(author, title="Private lighthouse", setting="nowhere", isPublic=False)
    make_story(author, title="Quiet", setting="home", characters="Nobody",
               content="The lighthouse in this story's text only.")
    return author


@pytest.mark.parametrize("few", [story_search.FEW, 1])
def test_search_finds_title_characters_and_setting_in_any_case(library, client, monkeypatch,
                                                               few):
    monkeypatch.setattr(story_search, "FEW", few)  # 1: every text counts as common
    monkeypatch.setattr(content_search, "FEW", few)
    # the title of one, the text of the other; not the private one
    assert titles(client, "lighthouse") == ["Quiet", "The Lighthouse Keeper"]
    assert titles(client, "MARA") == ["Ashes", "The Lighthouse Keeper"]
    assert titles(client, "creek asy") == ["Ashes"]
    assert titles(client, "salt mines") == ["Salt"]
    assert titles(client, "ma") == ["Ashes", "The Lighthouse Keeper"]  # 2 letters: no index
    assert titles(client, "zzqxnomatch") == []
    assert titles(client, "mara", limit=1) == ["Ashes"]


def test_search_pages_by_cursor_through_many_matches(users, client, monkeypatch):
    monkeypatch.setattr(story_search, "FEW", 4)
    author, _ = users.signed_in()
    for i in range(7):
        make_story(author, title=f"Night train {i}")
    make_story(author, title="Day trip")
    first = client.get(FEED, query_string={"q": "night train", "limit": 5})
    assert [s["title"] for s in first.get_json()] == [f"Night train {i}" for i in (6, 5, 4, 3, 2)]
    rest = client.get(FEED, query_string={"q": "night train", "limit": 5,
                                          "cursor": first.headers["X-Next-Cursor"]})
    assert [s["title"] for s in rest.get_json()] == ["Night train 1", "Night train 0"]
    paged = client.get(FEED, query_string={"q": "night train", "limit": 5, "page": 1})
    assert paged.headers["X-Total-Count"] == "7"


@pytest.mark.parametrize("sort", ["newest", "oldest", "most_viewed"])
@pytest.mark.parametrize("window, sparse, slack", [(2, search_walk.SPARSE, 0), (3, 0, 0),
                                                   (1, search_walk.SPARSE, 0.5)])
def test_common_words_page_through_the_feed_in_windows(users, client, monkeypatch, sort, window,
                                                       sparse, slack):
    # every text counts as common: the feed reads its order in windows of 2 or 3 stories and asks
    # the index per window's id range; SPARSE 0: no window is read by id range (row by row);
    # slack 0.5: the first window sized by the matches' density, for half a page
    monkeypatch.setattr(content_search, "FEW", 2)
    monkeypatch.setattr(content_search, "MANY", 1)
    monkeypatch.setattr(content_search, "WINDOWED", 1)
    monkeypatch.setattr(content_search, "SLACK", slack)
    monkeypatch.setattr(content_search, "WINDOW", window)
    monkeypatch.setattr(content_search, "POSTGRES_WINDOW", window)
    monkeypatch.setattr(search_walk, "SPARSE", sparse)
    author, _ = users.signed_in()
    for i in range(14):
        make_story(author, title=f"Mill {i}", isPublic=i != 4,
                   content="A quiet mill." if i % 3 == 1 else "The haunted mill groaned.")
    haunted = [f"Mill {i}" for i in range(14) if i % 3 != 1 and i != 4]
    expected = haunted[::-1] if sort != "oldest" else haunted  # no views: newest first
    feed = f"/api/stories/community/All Genres/All Moods/{sort}"
    seen, cursor = [], None
    for _ in range(10):
        query = {"q": "haunt", "limit": 3, **({"cursor": cursor} if cursor else {})}
        response = client.get(feed, query_string=query)
        assert response.status_code == 200
        seen += [story["title"] for story in response.get_json()]
        cursor = response.headers.get("X-Next-Cursor")
        if not cursor:
            break
    assert seen == expected


@pytest.mark.parametrize("first_window", [2, 3])
def test_a_page_gathers_matches_past_windows_without_any(users, client, monkeypatch,
                                                         first_window):
    # matches in the text and a title, windows apart, with none in between; on PostgreSQL, when
    # a first window holds none of the text's words, the page is read through the index's ids
    monkeypatch.setattr(content_search, "FEW", 1)
    monkeypatch.setattr(content_search, "MANY", 1)
    monkeypatch.setattr(content_search, "WINDOWED", 1)
    monkeypatch.setattr(content_search, "SLACK", 0)
    monkeypatch.setattr(content_search, "WINDOW", first_window)
    monkeypatch.setattr(content_search, "POSTGRES_WINDOW", first_window)
    author, _ = users.signed_in()
    make_story(author, title="Storm glass", content="The barometer fell all night.")
    for i in range(4):
        make_story(author, title=f"Quiet {i}", content="Nothing happened.")
    make_story(author, title="The Barometer Maker", content="Nothing happened.")
    for i in range(3):
        make_story(author, title=f"Calm {i}", content="Nothing happened at all.")
    make_story(author, title="Gauge", content="The barometer rose.")
    found = ["Gauge", "The Barometer Maker", "Storm glass"]  # text, title, text
    assert titles(client, "barometer") == found
    assert titles(client, "fell") == ["Storm glass"]
    assert titles(client, "fell night") == ["Storm glass"]
    first = client.get(FEED, query_string={"q": "barometer", "limit": 2})
    assert [story["title"] for story in first.get_json()] == found[:2]
    rest = titles(client, "barometer", limit=2, cursor=first.headers["X-Next-Cursor"])
    assert rest == found[2:]
    assert titles(client, "barometer", page=2, limit=2) == found[2:]


def test_how_many_stories_hold_a_word_is_estimated_from_the_newest(users, monkeypatch):
    # SQLite: the index's FEW-th newest match says how many match; the feed picks its way by it
    from core import db
    from core.models import Story
    if not db.is_sqlite():
        pytest.skip("PostgreSQL's planner reads its own statistics")
    monkeypatch.setattr(content_search, "FEW", 5)
    author, _ = users.signed_in()
    for i in range(60):
        make_story(author, title=f"Night {i}",
                   content="A raven on the sill." if i % 4 == 0 else "Snow on the road.")
    raven = content_search.TextSearch(Story, "raven")
    assert 12 <= raven.matches <= 18 and raven.ids is None  # 15 of 60
    snow = content_search.TextSearch(Story, "snow")
    assert 40 <= snow.matches <= 50  # 45
    rare = content_search.TextSearch(Story, "sill road")
    assert rare.matches == 0 and rare.ids == []


@pytest.fixture
def texts(users):
    author, _ = users.signed_in()
    make_story(author, title="Tide", content="The keeper climbed the lighthouse stairs at dawn.")
    make_story(author, title="Orchard", content="Apples rotted under the church's crooked trees.")
    make_story(author, title="Hidden", isPublic=False,
               content="A barometer fell in the lighthouse; nobody saw it.")
    return author


@pytest.mark.parametrize("few, windowed, many", [
    (content_search.FEW, content_search.WINDOWED, content_search.MANY),
    (1, 10**6, 10**6),  # the rows walked tested against the set of matches
    (1, 10**6, 1),  # each row walked looked up in the index
    (1, 1, 1),  # the feed read in windows of its order
])
def test_search_finds_every_word_of_a_story_text(texts, client, monkeypatch, few, windowed,
                                                 many):
    monkeypatch.setattr(content_search, "FEW", few)
    monkeypatch.setattr(content_search, "WINDOWED", windowed)
    monkeypatch.setattr(content_search, "MANY", many)
    assert titles(client, "stairs") == ["Tide"]
    assert titles(client, "LIGHTH") == ["Tide"]  # the last word as a prefix; not the private one
    assert titles(client, "dawn keeper") == ["Tide"]  # any order
    assert titles(client, "the") == ["Orchard", "Tide"]
    # words in nearly every story ("the", "under", "at"; PostgreSQL's index leaves them out),
    # alone, beside others, and as the prefix that begins one ("th", "und")
    assert titles(client, "the stairs") == ["Tide"]
    assert titles(client, "stairs th") == ["Tide"]
    assert titles(client, "under the") == ["Orchard"]
    assert titles(client, "church und") == ["Orchard"]
    assert titles(client, "at apples") == []
    assert titles(client, "stairs und") == []  # Tide has the stairs, not "under"
    assert titles(client, "under keeper") == []
    assert titles(client, "church crooked") == ["Orchard"]  # "church's": the word before the '
    assert titles(client, "apples dawn") == []  # every word in the same story
    assert titles(client, "barometer") == []  # only in the private story
    assert titles(client, "eeper") == []  # words, not substrings, of the text
    assert titles(client, "lighth keeper") == []  # only the last word is a prefix


@pytest.mark.parametrize("field, before, after", [
    ("title", "Before the fog", "After the storm"),  # substring of the title
    ("content", "A foghorn moaned over the harbour.", "A gull screamed."),  # words of the text
])
def test_an_edited_or_deleted_story_is_searched_at_once(texts, client, field, before, after):
    author = texts
    story = make_story(author, **{"title": "Fog", field: before})
    old_words, new_words = before.lower().rstrip("."), after.lower().rstrip(".")
    assert titles(client, old_words) == [story["title"]]
    response = author.put(f"/api/stories/{story['id']}", json={field: after})
    assert response.status_code == 200
    new_title = after if field == "title" else story["title"]
    assert titles(client, old_words) == []
    assert titles(client, new_words) == [new_title]
    assert author.delete(f"/api/stories/{story['id']}").status_code == 200
    assert titles(client, new_words) == []


TIDE_WORDS = ['"stairs', "stairs*", "st:*", "stairs | dawn", "!stairs", "(stairs", "stairs)",
              "-stairs", "^stairs", "stairs +dawn", "dawn & stairs", 'climbed "the']


@pytest.mark.parametrize("q", [*TIDE_WORDS, '"', "*", "lighthouse:", "a & b", "stairs NEAR dawn",
                               "NEAR(stairs dawn)", "stairs AND NOT", "'", "\\", "%", "_",
                               "{content}: x", "stairs:* & !", "x' || '1"])
def test_query_operators_are_plain_characters(texts, client, q):
    found = titles(client, q)  # 200, never a 500
    if q in TIDE_WORDS:  # its words are Tide's words (NEAR, AND, NOT are words too)
        assert found == ["Tide"]


def test_postgres_words_common_in_its_statistics_are_found_by_walking(users, client, monkeypatch):
    """PostgreSQL: once ``ANALYZE`` lists a word among the stored words' most common ones, the
    search walks the feed instead of reading the index first, and finds the same stories; a
    rarer word is still found by its prefix."""
    from core import db
    if db.is_sqlite():
        pytest.skip("the statistics of the stored words are PostgreSQL's")
    author, _ = users.signed_in()
    for i in range(12):
        make_story(author, title=f"Tale {i}",
                   content="The lantern swung." if i % 2 else "Fog over the moor.")
    make_story(author, title="Odd one", content="A barometer in the lantern room.")
    db.database.execute_sql('ANALYZE "stories"')
    monkeypatch.setattr(content_search, "STATS_SECONDS", 0)  # the new statistics at once
    assert content_search.postgres_common(["lantern"])
    with_lantern = ["Odd one", *(f"Tale {i}" for i in (11, 9, 7, 5, 3, 1))]
    assert titles(client, "lantern") == with_lantern
    assert titles(client, "lant", limit=3) == with_lantern[:3]
    assert titles(client, "barom") == ["Odd one"]
    # two such words: walked when the newest stories hold them together, else read by id
    assert titles(client, "swung lantern") == with_lantern[1:]
    assert titles(client, "lantern fog") == []
