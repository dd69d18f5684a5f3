"""Rate limits: each kind of call gives 429 with Retry-After past its limit (lowered here), and
the stated limits hold in a real `dreadforge run` of several web processes."""

from tests.helpers import PASSWORD, Auth, SiteClient, standalone_env, start_site, stop_site
from tests.test_admin_helpers import STORY, make_story


def assert_limited(response, window_seconds):
    assert response.status_code == 429, response.get_json()
    retry_after = int(response.headers["Retry-After"])
    assert 1 <= retry_after <= window_seconds + 1
    assert f"{retry_after} seconds" in response.get_json()["message"]


def test_comments_limit(users, limits):
    author, _ = users.signed_in()
    story = make_story(author)
    limits(COMMENTS="2 per minute")
    path = f"/api/stories/{story['id']}/comments"
    assert author.post(path, json={"content": "one"}).status_code == 201
    assert author.post(path, json={"content": "two"}).status_code == 201
    assert_limited(author.post(path, json={"content": "three"}), 60)
    # editing counts as a comment call too
    comment_id = author.get(path).get_json()[0]["id"]
    assert_limited(author.put(f"/api/stories/comments/{comment_id}", json={"content": "x"}), 60)
    # the limit is per user: someone else may still comment
    other, _ = users.signed_in()
    assert other.post(path, json={"content": "mine"}).status_code == 201


def test_likes_limit(users, limits):
    author, _ = users.signed_in()
    story = make_story(author)
    limits(LIKES="2 per minute")
    path = f"/api/stories/{story['id']}/like"
    assert author.post(path).status_code == 200
    assert author.delete(path).status_code == 200
    assert_limited(author.post(path), 60)


def test_shares_limit(users, limits):
    author, _ = users.signed_in()
    story = make_story(author)
    limits(SHARES="1 per minute")
    path = f"/api/stories/{story['id']}/share"
    body = {"platform": "clipboard", "shareType": "link"}
    assert author.post(path, json=body).status_code == 200
    assert_limited(author.post(path, json=body), 60)


def test_reports_limit(users, limits):
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    first, second = make_story(author), make_story(author)
    limits(REPORTS="1 per hour")
    assert reader.post(f"/api/stories/{first['id']}/report",
                       json={"reason": "spam"}).status_code == 201
    assert_limited(reader.post(f"/api/stories/{second['id']}/report",
                               json={"reason": "spam"}), 3600)
    comment_id = author.post(f"/api/stories/{first['id']}/comments",
                             json={"content": "hi"}).get_json()["id"]
    assert_limited(reader.post(f"/api/comments/{comment_id}/report",
                               json={"reason": "spam"}), 3600)


def test_generation_limit(users, limits):
    writer, _ = users.signed_in()
    limits(GENERATION="1 per minute")
    form = {"genre": "Gothic Horror", "mood": "Eerie", "setting": "a crypt", "characters": "Ada"}
    assert writer.post("/api/stories/generate", json=form).status_code == 202
    assert_limited(writer.post("/api/stories/generate", json=form), 60)
    assert_limited(writer.post("/api/stories/suggestions", json={"content": "text"}), 60)
    assert_limited(writer.post("/api/stories/enhance",
                               json={"type": "expand", "content": "text"}), 60)


def test_sign_in_limit(users, make_client, limits):
    _, user = users.signed_in()
    limits(LOGIN="2 per minute")
    client = make_client()
    assert Auth(client).login(user["email"], "wrong password!").status_code == 401
    assert Auth(client).login(user["email"]).status_code == 200
    assert_limited(make_client().post("/api/auth/login", json={"email": user["email"],
                                                               "password": PASSWORD}), 60)


def test_registration_limit(make_client, limits):
    limits(REGISTER="1 per minute")
    assert make_client().post("/api/auth/register", json={
        "email": "first@example.com", "password": PASSWORD, "firstName": "A"}).status_code == 201
    assert_limited(make_client().post("/api/auth/register", json={
        "email": "second@example.com", "password": PASSWORD, "firstName": "B"}), 60)


def test_registering_and_signing_in_count_per_address_while_signed_in(users, make_client,
                                                                      limits):
    """Each registration (or sign-in) signs its caller in as someone else: counted per user, the
    next attempt would start on a fresh count, and one address could register without end."""
    _, victim = users.signed_in()
    limits(REGISTER="2 per minute", LOGIN="2 per minute")
    client = make_client()
    Auth(client).register()
    Auth(client).register()  # (signed in, as the first: 201)
    assert_limited(client.post("/api/auth/register", json={
        "email": "third@example.com", "password": PASSWORD, "firstName": "C"}), 60)
    for _ in range(2):
        assert Auth(client).login(victim["email"], "wrong password!").status_code == 401
    assert_limited(Auth(client).login(victim["email"], "wrong password!"), 60)


def test_limits_off_by_config(users, app, monkeypatch):
    author, _ = users.signed_in()
    story = make_story(author)
    monkeypatch.setitem(app.config, "RATELIMIT_ENABLED", False)
    monkeypatch.setitem(app.config, "RATELIMIT_COMMENTS", "1 per minute")
    for _ in range(3):
        assert author.post(f"/api/stories/{story['id']}/comments",
                           json={"content": "ok"}).status_code == 201


# --- the default deployment: `dreadforge run`, several web processes --------------------------


def stated(name):
    """The number of calls the stated (default) limit ``name`` allows."""
    from limits import parse

    from core.limits import DEFAULT_LIMITS
    return parse(DEFAULT_LIMITS[f"RATELIMIT_{name}"]).amount


def test_stated_limits_hold_across_the_web_processes_of_dreadforge_run(tmp_path):
    """Issue 44 item 1: `dreadforge run` forks a web process per core; each request on a fresh
    connection may reach either, and every limit still counts once (in the embedded queue), at
    the stated default. Each kind of call comes from an address of its own (through the proxy
    header a site behind a proxy trusts), so no limit eats into another's."""
    proc, base = start_site(standalone_env(tmp_path, DREADFORGE_PROXY_FIX="1",
                                           DREADFORGE_RATELIMIT="1"),
                            "--processes", "2", "--workers", "0")

    def client(address):
        site = SiteClient(base, headers={"X-Forwarded-For": address})
        site.call("GET", "/api/auth/user")  # (the CSRF cookie)
        return site

    def register(address, email):
        return client(address).call("POST", "/api/auth/register", {
            "email": email, "password": PASSWORD, "firstName": "Mara"})

    try:
        assert register("198.51.100.1", "victim@example.com")[0] == 201
        commenter = client("198.51.100.1")
        assert commenter.call("POST", "/api/auth/register", {
            "email": "talker@example.com", "password": PASSWORD, "firstName": "Tal"})[0] == 201

        # sign-in per e-mail: guesses at one account's password
        guesser = client("198.51.100.2")
        allowed = stated("LOGIN")
        seen = [guesser.call("POST", "/api/auth/login", {
            "email": "victim@example.com", "password": "not the password"})[0]
            for _ in range(allowed + 1)]
        assert seen == [401] * allowed + [429], seen
        # the right password too, now: the guessing is what is limited
        assert guesser.call("POST", "/api/auth/login", {
            "email": "victim@example.com", "password": PASSWORD})[0] == 429

        # sign-in per address: one address trying many accounts
        sprayer = client("198.51.100.3")
        allowed = stated("LOGIN_ADDRESS")
        seen = [sprayer.call("POST", "/api/auth/login", {
            "email": f"someone{n}@example.com", "password": "not the password"})[0]
            for n in range(allowed + 1)]
        assert seen == [401] * allowed + [429], seen

        # registration per address
        allowed = stated("REGISTER")
        seen = [register("198.51.100.4", f"new{n}@example.com")[0] for n in range(allowed + 1)]
        assert seen == [201] * allowed + [429], seen

        # comments per user
        status, story = commenter.call("POST", "/api/stories", STORY)
        assert status == 201, story
        allowed = stated("COMMENTS")
        seen = [commenter.call("POST", f"/api/stories/{story['id']}/comments",
                               {"content": f"comment {n}"})[0] for n in range(allowed + 1)]
        assert seen == [201] * allowed + [429], seen
    finally:
        stop_site(proc)
