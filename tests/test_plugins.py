"""The plugin host: plugins.toml validation, start-up failures, misbehaving plugins, and one
``test_hook_<name>`` per hookspec (tests/test_docs.py checks that none is missing)."""
import logging
import os
import subprocess
import sys

import pytest

from core import worker
from core.plugins import DEFAULT_PLUGINS, PluginConfigError, PluginHost, plugin_host
from core.providers import StoryRequest
from core.testing import ROOT
from tests.plugins import extras, misbehaving, recorder


def host_for(config, *plugins):
    return PluginHost("plugins.toml", load_entrypoints=False, extra_plugins=plugins,
                      config=config)


def problems(config, *plugins):
    return [p.format("plugins.toml") for p in host_for(config, *plugins).problems()]


def new_story(client, **fields):
    body = {"title": "The Lantern", "content": "It flickered.", "genre": "Gothic Horror",
            "mood": "Eerie", "setting": "a lighthouse", "characters": "Mara", **fields}
    response = client.post("/api/stories", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


@pytest.fixture
def events():
    recorder.EVENTS.clear()
    yield recorder.EVENTS
    recorder.EVENTS.clear()


# --- plugins.toml --------------------------------------------------------------------------------


def test_shipped_plugins_toml_names_only_known_things():
    host = PluginHost(ROOT / "plugins.toml", load_entrypoints=False)
    unknown = [p for p in host.problems(check_env=False) if "unknown" in p.message
               and not p.key.startswith("video.stability")]  # providers/ is being written
    assert unknown == []


@pytest.mark.parametrize("config, expected", [
    ({"story": {"provider": "nope"}},
     "plugins.toml:story.provider: unknown provider 'nope' (available: echo, llama_cpp, local, openai)"),
    ({"story": {"provider": 3}}, "plugins.toml:story.provider: must be a string"),
    ({"spooky": {}}, "plugins.toml:spooky: unknown section"),
    ({"share": "all"}, "plugins.toml:share: must be a table"),
    ({"story": {"openai": {"temperature": "hot"}}},
     "plugins.toml:story.openai.temperature: not a valid number"),
    ({"story": {"openai": {"colour": "red"}}}, "plugins.toml:story.openai.colour: unknown option"),
    ({"story": {"provider": "echo"}}, "plugins.toml:story.echo.prefix: missing required option"),
    ({"moderation": {"filters": ["wordlist"], "wordlist": {"words": ["ok", 3]}}},
     "plugins.toml:moderation.wordlist.words.1: not a valid string"),
    ({"moderation": {"filters": ["nope"]}},
     "plugins.toml:moderation.filters: unknown filter 'nope'"),
    ({"share": {"targets": ["twitter", "myspace"]}},
     "plugins.toml:share.targets: unknown share target 'myspace'"),
    ({"plugins": {"disabled": ["plugins.nope"]}},
     "plugins.toml:plugins.disabled: unknown plugin 'plugins.nope'"),
    ({"webhooks": {"urls": ["not a url"]}}, "plugins.toml:webhooks.urls.0: not a valid URL"),
    ({"ads": {"provider": "house", "house": {"file": "missing.json"}}},
     "plugins.toml:ads.house.file: file not found: missing.json"),
])
def test_problems_name_file_key_and_problem(config, expected):
    found = problems(config, extras)
    assert len(found) == 1 and found[0].replace(str(ROOT) + "/", "") == expected, found


def test_missing_api_key_variable_is_a_problem_only_for_the_active_provider(monkeypatch):
    monkeypatch.delenv("NO_SUCH_KEY", raising=False)
    options = {"echo": {"prefix": "x", "key_env": "NO_SUCH_KEY"}}
    assert problems({"story": {"provider": "local", **options}}, extras) == []
    assert problems({"story": {"provider": "echo", **options}}, extras) == [
        "plugins.toml:story.echo.key_env: environment variable NO_SUCH_KEY is not set"]
    monkeypatch.setenv("NO_SUCH_KEY", "sk-test")
    assert problems({"story": {"provider": "echo", **options}}, extras) == []


def test_create_app_refuses_a_wrong_plugins_toml_with_one_line(app_factory):
    with pytest.raises(PluginConfigError) as err:
        app_factory(config={"video": {"provider": "hologram"}})
    message = str(err.value)
    assert "\n" not in message
    assert message.endswith("plugins.toml:video.provider: unknown provider 'hologram' "
                            "(available: local, stability)")


def test_dreadforge_run_stops_with_the_problem(tmp_path):
    (tmp_path / "plugins.toml").write_text('[story]\nprovider = "local"\n[story.openai]\n'
                                           'temperature = "hot"\n')
    env = {**os.environ, "DREADFORGE_PLUGINS": str(tmp_path / "plugins.toml"),
           "DREADFORGE_DATA": str(tmp_path / "data"), "REDIS_URL": "redis://127.0.0.1:1/0",
           "DREADFORGE_NO_ENTRYPOINTS": "1", "SECRET_KEY": "x"}
    result = subprocess.run([sys.executable, "-m", "cli", "run", "--workers", "0"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == (
        f"Error: {tmp_path / 'plugins.toml'}:story.openai.temperature: not a valid number")


def test_unknown_options_of_a_plugin_section_are_reported():
    assert problems({"webhooks": {"url": "https://x.test"}}) == [
        "plugins.toml:webhooks.url: unknown option (did you mean 'urls'?)"]
    assert problems({"webhooks": {"retries": 2}}) == [
        "plugins.toml:webhooks.retries: unknown option"]  # nothing near enough to suggest


def test_disabled_plugin_is_not_registered():
    host = host_for({"plugins": {"disabled": ["plugins.ads"]}, "ads": {"provider": "none"}})
    assert host.pm.get_plugin("plugins.ads") is None
    row = next(row for row in host.describe() if row["name"] == "plugins.ads")
    assert row["disabled"] is True and row["hooks"] == []
    assert "none" not in host.available("ads")
    assert problems({"plugins": {"disabled": ["plugins.ads"]}})[0].startswith(
        "plugins.toml:ads.provider: unknown provider 'none'")


def test_describe_lists_builtins_with_hooks_and_what_they_provide():
    rows = {row["name"]: row for row in host_for({}, extras, misbehaving).describe()}
    assert set(DEFAULT_PLUGINS) <= set(rows)
    assert rows["plugins.share_targets"]["builtin"] is True
    assert rows["plugins.share_targets"]["hooks"] == ["register_share_targets"]
    assert "share:twitter" in rows["plugins.share_targets"]["provides"]
    assert rows["plugins.webhooks"]["provides"] == ["section:webhooks"]
    assert rows["tests.plugins.extras"]["builtin"] is False
    assert {"story:echo", "video:still", "moderation:shout"} <= set(
        rows["tests.plugins.extras"]["provides"])
    assert rows["tests.plugins.misbehaving"]["provides"] == ["ads:exploding",
                                                             "share:<error: Broken>"]


def test_active_providers_reports_option_validity():
    active = host_for({"story": {"provider": "echo"}}, extras).active_providers()
    assert active["story"]["provider"] == "echo" and active["story"]["optionsValid"] is False
    assert active["video"] == {"provider": "local", "available": ["local", "stability", "still"],
                               "optionsValid": True, "problems": []}
    assert active["webhooks"]["optionsValid"] is True


# --- a misbehaving plugin ------------------------------------------------------------------------


def test_misbehaving_plugin_does_not_take_the_site_down(app_factory, signed_in_client, caplog):
    app = app_factory(plugins=[misbehaving, recorder])
    client, _user = signed_in_client(app)
    story = new_story(client)
    caplog.set_level(logging.ERROR)
    recorder.EVENTS.clear()

    liked = client.post(f"/api/stories/{story['id']}/like")
    assert liked.status_code == 200 and liked.get_json()["likesCount"] == 1
    assert ("liked", "story", story["id"], _user["id"]) in recorder.EVENTS  # the others still ran
    assert "plugin tests.plugins.misbehaving failed in on_liked" in caplog.text

    menu = client.get("/api/share-targets")
    assert menu.status_code == 200 and len(menu.get_json()) == 6
    assert "failed in register_share_targets" in caplog.text

    comment = client.post(f"/api/stories/{story['id']}/comments", json={"content": "Brr"})
    assert comment.status_code == 201
    assert client.get("/api/ads/banner").status_code == 204
    recorder.EVENTS.clear()


def test_plugin_failing_at_import_of_entry_point_is_skipped(monkeypatch, caplog):
    from importlib import metadata

    class BrokenEntryPoint:
        name = "broken"

        def load(self):
            raise ImportError("no module named spooky_dependency")

    real = metadata.entry_points
    monkeypatch.setattr(metadata, "entry_points",
                        lambda group=None: [BrokenEntryPoint()] if group == "dreadforge.plugins"
                        else real(group=group))
    host = PluginHost("plugins.toml", load_entrypoints=True, config={})
    assert host.pm.get_plugin("broken") is None
    assert "could not load plugin broken" in caplog.text


# --- one test per hook ---------------------------------------------------------------------------


def test_hook_register_story_providers(app_factory):
    app = app_factory(plugins=[extras], config={"story": {"provider": "echo",
                                                          "echo": {"prefix": "Tale of"}}})
    provider = plugin_host(app).story_provider()
    result = provider.generate(StoryRequest(genre="Slasher", mood="Dark", setting="the mill",
                                            characters="Ada"))
    assert (result.title, result.content) == ("Tale of the mill", "Ada")


def test_hook_register_video_providers(app_factory):
    app = app_factory(plugins=[extras], config={"video": {"provider": "still"}})
    assert plugin_host(app).video_provider().name == "still"
    assert set(plugin_host(app).available("video")) == {"local", "stability", "still"}


def test_hook_register_moderation_filters(app_factory, signed_in_client):
    app = app_factory(plugins=[extras], config={"moderation": {"filters": ["shout"]}})
    client, _user = signed_in_client(app)
    story = new_story(client)
    refused = client.post(f"/api/stories/{story['id']}/comments", json={"content": "GET OUT"})
    assert refused.status_code == 422 and refused.get_json()["message"] == "no shouting"
    assert client.post(f"/api/stories/{story['id']}/comments",
                       json={"content": "Get out"}).status_code == 201


def test_hook_register_blueprints(app_factory):
    app = app_factory(plugins=[extras, misbehaving])  # one raises: the other is still mounted
    assert app.test_client().get("/extras/ping").get_json() == {"pong": True}


def test_hook_register_jobs(app_factory, signed_in_client, monkeypatch):
    app = app_factory(plugins=[extras])
    _client, user = signed_in_client(app)
    monkeypatch.setattr(worker, "create_app", lambda config=None: app)
    monkeypatch.setattr(worker, "_worker_app", None)
    assert worker.worker_app() is app
    from core.db import database
    from core.models import Job
    with app.app_context():
        database.connect(reuse_if_open=True)
        job = Job.create(kind="extras.count_words", user=user["id"], queue="default",
                         payload={"text": "the dark is deep"}, message="Waiting")
        worker._run(job.id, app)
        done = Job.get_by_id(job.id)
        database.close()
    assert (done.status, done.result) == ("completed", {"words": 4})
    # the core's kinds come from the same hook (its built-in plugin), and are never replaced
    assert {"story.generate", "story.suggest", "story.enhance", "video.render",
            "extras.count_words"} <= set(plugin_host(app).job_handlers())


def test_hook_on_published(app_factory, signed_in_client, events):
    app = app_factory(plugins=[recorder])
    client, _user = signed_in_client(app)
    private = new_story(client, isPublic=False)
    public = new_story(client)
    assert events == [("published", "story", public["id"])]
    client.put(f"/api/stories/{private['id']}", json={"isPublic": True})
    assert events[-1] == ("published", "story", private["id"])


def test_hook_on_liked(app_factory, signed_in_client, events):
    app = app_factory(plugins=[recorder])
    client, user = signed_in_client(app)
    story = new_story(client)
    client.post(f"/api/stories/{story['id']}/like")
    client.post(f"/api/stories/{story['id']}/like")  # already liked: no second event
    assert [e for e in events if e[0] == "liked"] == [("liked", "story", story["id"], user["id"])]


def test_hook_on_commented(app_factory, signed_in_client, events):
    app = app_factory(plugins=[recorder])
    client, _user = signed_in_client(app)
    story = new_story(client)
    client.post(f"/api/stories/{story['id']}/comments", json={"content": "  Chilling  "})
    assert events[-1] == ("commented", "story", story["id"], "Chilling")


def test_hook_on_shared(app_factory, signed_in_client, events):
    app = app_factory(plugins=[recorder])
    client, _user = signed_in_client(app)
    story = new_story(client)
    response = client.post(f"/api/stories/{story['id']}/share",
                           json={"platform": "reddit", "shareType": "social"})
    assert response.get_json() == {"recorded": True, "sharesCount": 1}
    assert events[-1] == ("shared", "story", story["id"], "reddit", "social")


# --- the built-in word list ----------------------------------------------------------------------


@pytest.mark.parametrize("action, status", [("reject", 422), ("flag", 201)])
def test_wordlist_rejects_or_flags(app_factory, signed_in_client, action, status):
    from core.db import database
    from core.models import Report
    app = app_factory(config={"moderation": {"filters": ["wordlist"],
                                             "wordlist": {"action": action, "words": ["Cthulhu"]}}})
    client, _user = signed_in_client(app)
    story = new_story(client)
    response = client.post(f"/api/stories/{story['id']}/comments",
                           json={"content": "Ph'nglui CTHULHU fhtagn"})
    assert response.status_code == status
    with app.app_context():
        database.connect(reuse_if_open=True)
        reasons = [report.reason for report in Report.select()]
        database.close()
    if action == "reject":
        assert response.get_json()["message"] == "Your comment contains a blocked word: 'CTHULHU'"
        assert reasons == []
    else:
        assert reasons == ["Flagged automatically: Your comment contains a blocked word: 'CTHULHU'"]
