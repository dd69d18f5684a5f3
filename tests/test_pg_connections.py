"""PostgreSQL's pooled connections (issue 15): the pool hands out a connection without asking the
server first, and the hot reads are prepared once per connection; neither may cost a reader
their page when the server ended a connection or forgot what it prepared."""
import psycopg2
import pytest

from tests.conftest import PG_URL
from tests.test_stories_api import create

FEED = "/api/stories/community/All%20Genres/All%20Moods/newest?limit=6"


@pytest.fixture
def pg(app):
    from core import db
    if db.is_sqlite():
        pytest.skip("PostgreSQL's connections")
    return db.database


def pooled_connection_runs(pg, sql):
    """``sql`` run on the pool's idle connection (the one the requests used: they ran one at a
    time), which then goes back to the pool."""
    try:
        cursor = pg.execute_sql(sql)
        return cursor.fetchall() if cursor.description else None
    finally:
        pg.close()


def pages(client, reader, story_id):
    return [client.get(f"/api/stories/{story_id}/community"), reader.get(FEED),
            client.get(f"/api/stories/{story_id}")]


def test_a_connection_the_server_ended_in_the_pool_is_replaced_unseen(pg, client, users):
    author, _ = users.signed_in()
    story = create(author, title="The Tide Clock")
    assert client.get(f"/api/stories/{story['id']}").status_code == 200
    [(pid,)] = pooled_connection_runs(pg, "SELECT pg_backend_pid()")
    admin = psycopg2.connect(PG_URL)
    try:
        admin.autocommit = True
        cursor = admin.cursor()
        cursor.execute("SELECT pg_terminate_backend(%s, 5000)", [pid])  # waits for its end
        assert cursor.fetchone() == (True,)
    finally:
        admin.close()
    response = client.get(f"/api/stories/{story['id']}")
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["title"] == "The Tide Clock"
    assert pooled_connection_runs(pg, "SELECT pg_backend_pid()") != [(pid,)]


def test_statements_the_server_forgot_are_prepared_again(pg, client, users):
    author, _ = users.signed_in()
    story = create(author, title="The Tide Clock")
    reader, _ = users.signed_in(first_name="Reader")
    reader.post(f"/api/stories/{story['id']}/like")
    client.get(f"/api/stories/{story['id']}")  # its view counted: the pages below stay the same
    before = [response.get_json() for response in pages(client, reader, story["id"])]
    assert before[1][0]["isLikedByUser"] is True
    assert pooled_connection_runs(pg, "SELECT count(*) FROM pg_prepared_statements") != [(0,)]

    pooled_connection_runs(pg, "DEALLOCATE ALL")  # as a pooler's reset or DISCARD ALL does
    after = pages(client, reader, story["id"])
    assert [response.status_code for response in after] == [200, 200, 200]
    assert [response.get_json() for response in after] == before
    assert pooled_connection_runs(pg, "SELECT count(*) FROM pg_prepared_statements") != [(0,)]


def test_an_id_past_the_columns_range_is_not_found(pg, client, users):
    """A prepared statement's parameter has its column's type (4 bytes): a larger id is still
    a story that does not exist, not a failed query."""
    reader, _ = users.signed_in()
    for path in ("/api/stories/2147483648", "/api/stories/9223372036854775807/community"):
        for who in (client, reader):
            response = who.get(path)
            assert response.status_code == 404, response.get_json()
            assert response.get_json()["message"] == "Story not found"
