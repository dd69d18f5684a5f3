"""How limits count, as a guesser or an operator sees it: one sign-in counter per e-mail whatever
its case and spaces, an exact Retry-After, a moving window, the documented defaults, per address
for visitors and per account once signed in."""
import re
import time

from core.testing import ROOT
from tests.helpers import PASSWORD, Auth
from tests.test_admin_helpers import make_story


def documented_limits():
    """The defaults docs/moderation.md states ("`RATELIMIT_LOGIN` 20/minute"), as the app's
    config spells them ("20 per minute")."""
    text = (ROOT / "docs" / "moderation.md").read_text()
    return {name: f"{count} per {unit}" for name, count, unit
            in re.findall(r"`(RATELIMIT_[A-Z_]+)` (\d+)/(minute|hour)", text)}


DOCUMENTED = documented_limits()


def login(client, email, password="wrong password!", **kwargs):
    return client.post("/api/auth/login", json={"email": email, "password": password}, **kwargs)


def retry_after(response):
    assert response.status_code == 429, response.get_json()
    seconds = int(response.headers["Retry-After"])
    assert response.get_json()["message"] == (
        f"Too many requests. Please try again in {seconds} seconds.")
    return seconds


def test_the_documented_defaults_apply(app_factory):
    app = app_factory()
    assert len(DOCUMENTED) == 8, DOCUMENTED  # every kind of call is documented
    for name, value in DOCUMENTED.items():
        assert app.config[name] == value, name
    assert app.config["RATELIMIT_ENABLED"] is False  # as the test app asked


def test_an_email_in_another_case_or_with_spaces_shares_one_sign_in_counter(
        users, make_client, limits):
    _, user = users.signed_in()
    email = user["email"]
    limits(LOGIN="3 per minute")
    guesser = make_client()
    for variant in (email.upper(), f"  {email}  ", email.title()):
        assert login(guesser, variant).status_code == 401, variant
    # the right password, any spelling: still limited
    retry_after(login(guesser, email, PASSWORD))
    retry_after(login(guesser, f" {email.upper()} ", PASSWORD))
    # the form page counts the same attempts (its e-mail field is not trimmed by a schema)
    page = guesser.post("/api/login", no_csrf=True, data={
        "email": f" {email.upper()} ", "password": PASSWORD,
        "csrf_token": guesser.get_cookie("csrf_token").value})
    assert page.status_code == 429


def test_the_form_page_and_the_api_count_one_email_the_same_way(users, make_client, limits):
    _, user = users.signed_in()
    limits(LOGIN="2 per minute")
    guesser = make_client()
    guesser.get("/api/login")
    token = guesser.get_cookie("csrf_token").value
    for variant in (f"  {user['email'].upper()}", user["email"].capitalize() + " "):
        page = guesser.post("/api/login", no_csrf=True, data={
            "email": variant, "password": "wrong password!", "csrf_token": token})
        assert page.status_code == 401, variant
    retry_after(login(guesser, user["email"], PASSWORD))


def timed(call):
    """``(response, started, ended)``."""
    started = time.time()
    response = call()
    return response, started, time.time()


def test_retry_after_is_exact(users, make_client, limits):
    """Retry-After is the whole seconds until the oldest counted call leaves the window, plus
    one: the bounds below come from when the calls were sent and answered."""
    _, user = users.signed_in()
    limits(LOGIN="2 per minute")
    guesser = make_client()
    first, first_sent, first_answered = timed(lambda: login(guesser, user["email"]))
    assert first.status_code == 401
    assert login(guesser, user["email"]).status_code == 401
    third, third_sent, third_answered = timed(lambda: login(guesser, user["email"]))
    seconds = retry_after(third)
    assert int(60 - (third_answered - first_sent)) + 1 <= seconds
    assert seconds <= int(60 - (third_sent - first_answered)) + 1
    assert seconds <= 60
    # an hour's window says so in seconds
    author, _ = users.signed_in()
    reader, _ = users.signed_in()
    one, two = make_story(author), make_story(author)
    limits(REPORTS="1 per hour")
    report, report_sent, report_answered = timed(lambda: reader.post(
        f"/api/stories/{one['id']}/report", json={"reason": "spam"}))
    assert report.status_code == 201
    refused, refused_sent, refused_answered = timed(lambda: reader.post(
        f"/api/stories/{two['id']}/report", json={"reason": "spam"}))
    seconds = retry_after(refused)
    assert int(3600 - (refused_answered - report_sent)) + 1 <= seconds
    assert seconds <= int(3600 - (refused_sent - report_answered)) + 1


def test_sign_in_defaults_hold_per_email_and_per_address(users, make_client, limits, app):
    for name in ("LOGIN", "LOGIN_ADDRESS"):
        assert app.config[f"RATELIMIT_{name}"] == DOCUMENTED[f"RATELIMIT_{name}"]
    limits()
    _, user = users.signed_in()
    guesser = make_client()
    codes = [login(guesser, user["email"]).status_code for _ in range(21)]
    assert codes == [401] * 20 + [429]
    # one address trying many accounts: 30 attempts in all, whatever the e-mails
    codes += [login(guesser, f"nobody{i}@example.com").status_code for i in range(10)]
    assert codes[21:30] == [401] * 9 and codes[30] == 429


def test_visitors_count_per_address_and_signed_in_users_per_account(users, make_client, limits):
    author, _ = users.signed_in()
    first, second = users.signed_in()[0], users.signed_in()[0]
    limits(REGISTER="1 per minute", LOGIN_ADDRESS="1 per minute")

    def register(client, n, address):
        return client.post("/api/auth/register", environ_base={"REMOTE_ADDR": address}, json={
            "email": f"new{n}@example.com", "password": PASSWORD, "firstName": "N"})

    here, there = make_client(), make_client()
    assert register(here, 1, "10.0.0.1").status_code == 201
    Auth(here).logout()
    retry_after(register(here, 2, "10.0.0.1"))
    assert register(there, 3, "10.0.0.2").status_code == 201
    # a sign-in from another address is counted there
    assert login(make_client(), "new1@example.com", PASSWORD,
                 environ_base={"REMOTE_ADDR": "10.0.0.3"}).status_code == 200
    retry_after(login(make_client(), "new3@example.com", PASSWORD,
                      environ_base={"REMOTE_ADDR": "10.0.0.3"}))
    # signed in, two accounts behind one address have a counter each
    limits(COMMENTS="1 per minute")
    story = make_story(author)
    path = f"/api/stories/{story['id']}/comments"
    assert first.post(path, json={"content": "one"}).status_code == 201
    retry_after(first.post(path, json={"content": "two"}))
    assert second.post(path, json={"content": "mine"}).status_code == 201


def test_a_short_window_asks_for_one_second_and_then_lets_in(users, make_client, limits):
    _, user = users.signed_in()
    limits(LOGIN="1 per second")
    guesser = make_client()
    assert login(guesser, user["email"]).status_code == 401
    seconds = retry_after(login(guesser, user["email"]))
    assert seconds == 1
    time.sleep(seconds + 0.1)
    assert login(guesser, user["email"], PASSWORD).status_code == 200


def test_the_window_moves_with_each_attempt(users, make_client, limits):
    """The attempts of the last 4 seconds count, not those of the clock's current 4 seconds: no
    attempt is forgiven because a window's edge went by."""
    _, user = users.signed_in()
    limits(LOGIN="2 per 4 seconds")
    guesser = make_client()
    assert login(guesser, user["email"]).status_code == 401
    first_answered = time.time()
    time.sleep(2.0)
    assert login(guesser, user["email"]).status_code == 401
    assert login(guesser, user["email"]).status_code == 429
    time.sleep(max(0.0, first_answered + 4.1 - time.time()))
    # the first attempt has left the window, the second (2 s later) has not: one more only
    assert login(guesser, user["email"]).status_code == 401
    assert login(guesser, user["email"]).status_code == 429
