"""The built-in share targets, their encoded URLs, and switching them in plugins.toml."""
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from plugins import share_targets
from tests.plugins import misbehaving

ALL = ["clipboard", "twitter", "facebook", "email", "reddit", "whatsapp"]
TITLE = 'Fear & "Loathing" #1 — la maison hantée?'
LINK = "https://dread.example/story/7?ref=a&b=c#top"


def menu(client, **params):
    response = client.get("/api/share-targets", query_string=params)
    assert response.status_code == 200
    return {target["id"]: target for target in response.get_json()}


def test_hook_register_share_targets(app_factory):
    """Built-ins come through the hook like any plugin's: disabling the plugin empties the menu."""
    assert [t.id for t in share_targets.register_share_targets()] == ALL
    app = app_factory(config={"plugins": {"disabled": ["plugins.share_targets"]},
                              "share": {"targets": []}})
    assert menu(app.test_client()) == {}


def test_every_target_declares_id_label_icon_and_share_type(app_factory):
    targets = menu(app_factory().test_client())
    assert list(targets) == ALL
    assert {t: targets[t]["shareType"] for t in ALL} == {
        "clipboard": "link", "twitter": "social", "facebook": "social", "email": "email",
        "reddit": "social", "whatsapp": "social"}
    assert all(targets[t]["label"] and targets[t]["icon"] for t in ALL)
    assert "url" not in targets["twitter"]  # without ?url= only the template is given


def test_share_urls_are_encoded(app_factory):
    targets = menu(app_factory().test_client(), title=TITLE, url=LINK)
    assert targets["clipboard"]["url"] == LINK
    twitter = parse_qs(urlsplit(targets["twitter"]["url"]).query)
    assert twitter == {"text": [TITLE], "url": [LINK]}
    assert urlsplit(targets["twitter"]["url"]).netloc == "twitter.com"
    assert parse_qs(urlsplit(targets["facebook"]["url"]).query) == {"u": [LINK]}
    assert parse_qs(urlsplit(targets["reddit"]["url"]).query) == {"url": [LINK], "title": [TITLE]}
    assert parse_qs(urlsplit(targets["whatsapp"]["url"]).query) == {"text": [f"{TITLE} {LINK}"]}
    mail = targets["email"]["url"]
    assert mail.startswith("mailto:?") and " " not in mail and "+" not in mail
    assert {k: v for k, v in (pair.split("=") for pair in mail[len("mailto:?"):].split("&"))} == {
        "subject": "Fear%20%26%20%22Loathing%22%20%231%20%E2%80%94%20la%20maison%20hant%C3%A9e%3F",
        "body": "https%3A%2F%2Fdread.example%2Fstory%2F7%3Fref%3Da%26b%3Dc%23top"}
    assert unquote(mail.split("subject=")[1].split("&")[0]) == TITLE
    for target in targets.values():
        assert "#" not in target["url"].split("?", 1)[-1] or target["id"] == "clipboard"


@pytest.mark.parametrize("enabled", [["email", "clipboard"], ["whatsapp"], []])
def test_plugins_toml_chooses_the_menu_and_its_order(app_factory, enabled):
    app = app_factory(config={"share": {"targets": enabled}})
    assert list(menu(app.test_client())) == enabled


def test_share_is_validated_against_the_enabled_targets(app_factory, signed_in_client):
    app = app_factory(config={"share": {"targets": ["clipboard", "email"]}})
    client, _user = signed_in_client(app)
    story = client.post("/api/stories", json={
        "content": "It knocked.", "genre": "Gothic Horror", "mood": "Eerie"}).get_json()
    share = f"/api/stories/{story['id']}/share"
    assert client.post(share, json={"platform": "email", "shareType": "email"}).get_json() == {
        "recorded": True, "sharesCount": 1}
    refused = client.post(share, json={"platform": "twitter", "shareType": "social"})
    assert refused.status_code == 400
    assert refused.get_json()["message"] == ("Unknown share platform 'twitter' "
                                             "(enabled: clipboard, email)")
    wrong_type = client.post(share, json={"platform": "email", "shareType": "social"})
    assert wrong_type.status_code == 400 and "expected 'email'" in wrong_type.get_json()["message"]
    assert client.get(f"/api/stories/{story['id']}/shares").get_json()[0]["platform"] == "email"


def test_a_plugin_raising_in_register_share_targets_leaves_the_others(app_factory):
    app = app_factory(plugins=[misbehaving])
    assert list(menu(app.test_client(), title="t", url="https://x.test/")) == ALL
