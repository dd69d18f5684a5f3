"""`dreadforge plugins`: list, check, enable, disable, new (with the install round trip)."""
import json
import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli.plugins_cmd import plugins
from core.testing import ROOT

PYTHON = sys.executable


@pytest.fixture
def toml(tmp_path, monkeypatch):
    """A copy of the shipped plugins.toml that the commands read and edit."""
    path = tmp_path / "plugins.toml"
    shutil.copy(ROOT / "plugins.toml", path)
    # providers/stability_video is being written elsewhere: keep its section out of the way
    text = path.read_text().replace('[video.stability]\napi_key_env = "STABILITY_KEY"\n', "")
    path.write_text(text)
    monkeypatch.setenv("DREADFORGE_PLUGINS", str(path))
    monkeypatch.setenv("DREADFORGE_NO_ENTRYPOINTS", "1")
    return path


def run(*args):
    return CliRunner().invoke(plugins, list(args), catch_exceptions=False)


def test_plugins_group_is_mounted_on_dreadforge():
    from cli.main import main
    assert "plugins" in main.commands


def test_list_shows_every_plugin_and_the_active_providers(toml):
    result = run("list")
    assert result.exit_code == 0
    assert "plugins.share_targets  0.1.0  (built-in)" in result.output.replace("0.0.0", "0.1.0")
    assert ("    hooks: on_commented, on_followed, on_liked, on_moderated, on_published, on_report_closed, "
            "on_series_part, on_shared, on_video_made") in result.output
    assert "    provides: ads:none, ads:house, ads:script" in result.output
    assert "  story: local (options valid)" in result.output
    assert "  share: clipboard, twitter, facebook, email, reddit, whatsapp" in result.output


def test_list_json(toml):
    data = json.loads(run("list", "--json").output)
    names = {row["name"]: row for row in data["plugins"]}
    assert names["plugins.webhooks"]["hooks"] == ["on_commented", "on_followed", "on_liked", "on_moderated",
                                                 "on_published", "on_report_closed", "on_series_part",
                                                 "on_shared", "on_video_made"]
    assert data["active"]["ads"]["provider"] == "house" and data["active"]["ads"]["optionsValid"]
    assert data["config"] == str(toml)


def test_check_ok(toml):
    result = run("check")
    assert (result.exit_code, result.output) == (0, f"{toml}: ok\n")


def test_check_prints_every_problem_and_fails(toml, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    text = toml.read_text().replace('provider = "auto"             # "auto" (the default',
                                    'provider = "openai"  #')
    text = text.replace("temperature = 0.9", 'temperature = "warm"')
    text = text.replace('provider = "house"', 'provider = "banners"')
    toml.write_text(text.replace("[webhooks]\n", "[webhooks]\nretries = 2\n"))
    result = run("check")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{toml}:story.openai.temperature: not a valid number",
        f"{toml}:ads.provider: unknown provider 'banners' (available: house, none, script)",
        f"{toml}:webhooks.retries: unknown option",
    ]


def test_check_reports_a_missing_api_key_variable(toml, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    toml.write_text(toml.read_text().replace('provider = "auto"             # "auto" (the def',
                                             'provider = "openai"           # "auto" (the def'))
    result = run("check")
    assert result.output == (f"{toml}:story.openai.api_key_env: environment variable "
                             "OPENAI_API_KEY is not set\n")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert run("check").exit_code == 0


def test_disable_and_enable_a_share_target_keep_comments_and_order(toml):
    before = toml.read_text()
    result = run("disable", "reddit")
    assert result.exit_code == 0 and "share target 'reddit' off" in result.output
    text = toml.read_text()
    assert 'targets = ["clipboard", "twitter", "facebook", "email", "whatsapp"]' in text
    assert text.replace('"email", "whatsapp"', '"email", "reddit", "whatsapp"') == before
    again = run("disable", "reddit").output
    assert again == f"{toml}: share target 'reddit' is already off\n"
    run("enable", "reddit")
    assert '"email", "whatsapp", "reddit"]' in toml.read_text()


def test_enable_a_provider_needs_capability_when_ambiguous(toml):
    result = CliRunner().invoke(plugins, ["enable", "local"])
    assert result.exit_code == 1
    assert ("'local' is ambiguous (story, video): add --capability story or --capability video"
            in result.output)


def test_enable_and_disable_a_provider(toml, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    result = run("enable", "openai")
    assert "story provider: local -> openai" in result.output  # what auto chose: no model here
    assert 'provider = "openai"             # "auto" (the default' in toml.read_text()
    result = run("disable", "openai")
    assert "story provider: openai -> auto (the default)" in result.output
    assert 'provider = "auto"             # "auto" (the default' in toml.read_text()
    result = CliRunner().invoke(plugins, ["disable", "local", "--capability", "video"])
    assert result.exit_code == 1 and "is the default video provider" in result.output
    run("enable", "none", "--capability", "ads")
    assert 'provider = "none"            # "house" (the site' in toml.read_text()


def test_enable_a_provider_with_missing_options_warns(toml):
    result = run("enable", "script")
    assert result.exit_code == 0 and 'provider = "script"' in toml.read_text()
    assert result.stderr == f"warning: {toml}:ads.script.snippet: missing required option\n"


def test_disable_and_enable_a_moderation_filter_and_a_plugin(toml):
    run("disable", "wordlist")
    assert "filters = []" in toml.read_text()
    run("enable", "wordlist")
    assert 'filters = ["wordlist"]' in toml.read_text()
    run("disable", "plugins.webhooks")
    assert 'disabled = ["plugins.webhooks"]                 # plugin names' in toml.read_text()
    assert "plugins.webhooks  0.1.0  (built-in)  [disabled in plugins.toml]" in run(
        "list").output.replace("0.0.0", "0.1.0")
    listed = json.loads(run("list", "--json").output)
    assert {row["name"]: row["disabled"] for row in listed["plugins"]}["plugins.webhooks"]
    result = run("enable", "plugins.webhooks")
    assert "plugin 'plugins.webhooks' enabled" in result.output
    assert "disabled = []" in toml.read_text()


def test_enable_an_unknown_name_fails(toml):
    result = CliRunner().invoke(plugins, ["enable", "myspace"])
    assert result.exit_code == 1
    assert "unknown plugin, provider, filter or share target 'myspace'" in result.output


def test_new_refuses_a_non_empty_directory(tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "keep").write_text("")
    result = CliRunner().invoke(plugins, ["new", "x", "--dir", str(tmp_path / "x")])
    assert result.exit_code == 1 and "is not empty" in result.output


@pytest.mark.parametrize("kind", ["story-provider", "video-provider", "share-target", "ads",
                                  "moderation"])
def test_new_scaffolds_a_package_whose_tests_pass(tmp_path, kind):
    target = tmp_path / "pkg"
    result = run("new", f"Night {kind}", "--kind", kind, "--dir", str(target))
    module = "dreadforge_night_" + kind.replace("-", "_")
    assert result.exit_code == 0, result.output
    assert {p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file()} == {
        "README.md", "setup.cfg", "pyproject.toml", "conftest.py", f"{module}/__init__.py",
        f"tests/test_{module}.py"}
    setup_cfg = (target / "setup.cfg").read_text()
    assert f"dreadforge.plugins =\n    night-{kind} = {module}" in setup_cfg
    source = (target / module / "__init__.py").read_text()
    assert "@hookimpl" in source and '"""' in source.split("@hookimpl", 1)[1]  # docstrings
    tested = subprocess.run([PYTHON, "-m", "pytest", "-q", "-p", "no:randomly"], cwd=target,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                            text=True, timeout=300)
    assert tested.returncode == 0, tested.stdout[-3000:]


def test_new_package_installs_with_pip_and_shows_up_in_list(tmp_path):
    target = tmp_path / "dreadforge-ghostly-tales"
    assert run("new", "ghostly-tales", "--dir", str(target)).exit_code == 0
    config = tmp_path / "plugins.toml"
    config.write_text('[story]\nprovider = "ghostly-tales"\n[story.ghostly-tales]\n'
                      'signature = "fin"\n')
    env = {key: value for key, value in os.environ.items() if key != "DREADFORGE_NO_ENTRYPOINTS"}
    env.update(DREADFORGE_PLUGINS=str(config), PYTHONPATH=str(ROOT))
    install = subprocess.run([PYTHON, "-m", "pip", "install", "-q", "--no-deps",
                              "--no-build-isolation", "-e", str(target)],
                             capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr[-3000:]
    try:
        listed = subprocess.run([PYTHON, "-m", "cli.plugins_cmd", "list", "--json"], cwd=ROOT,
                                env=env, capture_output=True, text=True, timeout=120)
        assert listed.returncode == 0, listed.stderr[-3000:]
        data = json.loads(listed.stdout)
        row = {row["name"]: row for row in data["plugins"]}["ghostly-tales"]
        assert (row["version"], row["package"], row["builtin"]) == (
            "0.1.0", "dreadforge-ghostly-tales", False)
        assert row["hooks"] == ["register_story_providers"]
        assert row["provides"] == ["story:ghostly-tales"]
        assert data["active"]["story"]["provider"] == "ghostly-tales"
        assert data["active"]["story"]["optionsValid"] is True
        checked = subprocess.run([PYTHON, "-m", "cli.plugins_cmd", "check"], cwd=ROOT, env=env,
                                 capture_output=True, text=True, timeout=120)
        assert checked.stdout == f"{config}: ok\n", checked.stdout + checked.stderr
        tested = subprocess.run([PYTHON, "-m", "pytest", "-q"], cwd=target, env=env,
                                capture_output=True, text=True, timeout=300)
        assert tested.returncode == 0, tested.stdout[-3000:]
        assert "3 passed" in tested.stdout
    finally:
        subprocess.run([PYTHON, "-m", "pip", "uninstall", "-y", "-q", "dreadforge-ghostly-tales"],
                       capture_output=True, timeout=120)


# --- plugin authors: what `enable` and `check` tell them ------------------------------------------


def fake_distribution(site, name, module, source):
    """A real, importable plugin package with a `dreadforge.plugins` entry point, as pip would
    leave it (a module and its .dist-info), in ``site`` (put on PYTHONPATH)."""
    (site / f"{module}.py").write_text(source)
    info = site / f"{module}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[dreadforge.plugins]\n{name} = {module}\n")


def scaffolded(tmp_path, name, kind):
    """The module a `plugins new NAME --kind KIND` package holds."""
    target = tmp_path / f"scaffold-{name}"
    assert run("new", name, "--kind", kind, "--dir", str(target)).exit_code == 0
    module = "dreadforge_" + name.replace("-", "_")
    return module, (target / module / "__init__.py").read_text()


def cli_run(config, site, *args):
    env = {key: value for key, value in os.environ.items() if key != "DREADFORGE_NO_ENTRYPOINTS"}
    env.update(DREADFORGE_PLUGINS=str(config), PYTHONPATH=f"{site}{os.pathsep}{ROOT}")
    return subprocess.run([PYTHON, "-m", "cli.plugins_cmd", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_enable_a_scaffolded_share_target_and_ad_provider_by_name(toml, tmp_path):
    """Documented as `dreadforge plugins enable bluesky`: it failed with "'bluesky' is ambiguous
    (share, plugin)" for every scaffolded plugin; and the scaffolded ad provider, once enabled,
    left plugins.toml invalid until its required option was written by hand."""
    site = tmp_path / "site"
    site.mkdir()
    for name, kind in (("bluesky", "share-target"), ("candle-ads", "ads")):
        module, source = scaffolded(tmp_path, name, kind)
        fake_distribution(site, name, module, source)

    shared = cli_run(toml, site, "enable", "bluesky")
    assert shared.returncode == 0, shared.stderr
    assert "share target 'bluesky' on" in shared.stdout
    assert '"whatsapp", "bluesky"]' in toml.read_text()

    ads = cli_run(toml, site, "enable", "candle-ads")
    assert ads.returncode == 0, ads.stderr
    assert "ads provider: house -> candle-ads (set ads.candle-ads.message" in ads.stdout
    assert ads.stderr == ""  # no warning: the file is valid
    assert cli_run(toml, site, "check").stdout == f"{toml}: ok\n"

    # the whole plugin is still reachable by saying so
    whole = cli_run(toml, site, "disable", "bluesky", "--capability", "plugin")
    assert "plugin 'bluesky' disabled" in whole.stdout
    assert cli_run(toml, site, "enable", "bluesky").stdout.endswith(
        "plugin 'bluesky' enabled\nrestart the server and workers for the change to take effect\n")


def test_check_suggests_the_nearest_option_and_section(toml):
    text = toml.read_text().replace("temperature = 0.9", "temprature = 0.9")
    toml.write_text(text + "\n[webhook]\nurls = []\n")
    result = run("check")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{toml}:webhook: unknown section (did you mean 'webhooks'?)",
        f"{toml}:story.openai.temprature: unknown option (did you mean 'temperature'?)",
    ]


def openai_config(toml, base_url, key_env="DREADFORGE_TEST_ONLINE_KEY"):
    text = toml.read_text().replace('provider = "auto"             # "auto" (the def',
                                    'provider = "openai"           # "auto" (the def')
    text = text.replace('base_url = "https://api.openai.com/v1"', f'base_url = "{base_url}"')
    toml.write_text(text.replace('api_key_env = "OPENAI_API_KEY"', f'api_key_env = "{key_env}"'))


def test_check_online_tries_the_story_endpoint_and_its_key(toml, monkeypatch):
    from tests.fakes.openai_server import FakeOpenAIServer
    monkeypatch.setenv("DREADFORGE_TEST_ONLINE_KEY", "sk-right")
    with FakeOpenAIServer() as server:
        server.accepted_keys = {"sk-right"}
        openai_config(toml, server.base_url)
        assert run("check").output == f"{toml}: ok\n"  # offline: the endpoint is not tried
        assert not server.requests
        assert run("check", "--online").output == f"{toml}: ok\n"
        assert [(r.method, r.path) for r in server.requests] == [("GET", "/v1/models")]

        monkeypatch.setenv("DREADFORGE_TEST_ONLINE_KEY", "sk-wrong")
        refused = run("check", "--online")
        assert refused.exit_code == 1
        assert refused.output == (f"{toml}:story.openai.base_url: {server.base_url}: "
                                  "The story service rejected the API key.\n")
        closed = server.base_url
    unreachable = run("check", "--online")
    assert unreachable.exit_code == 1
    port = closed.split(":")[2].split("/")[0]
    assert unreachable.output == (f"{toml}:story.openai.base_url: {closed}: Could not reach the "
                                  f"story service at 127.0.0.1:{port}.\n")


def test_check_online_a_keyless_server(toml):
    """A keyless local server (llama.cpp's, Ollama) with `api_key_env = ""`."""
    from tests.fakes.openai_server import FakeOpenAIServer
    with FakeOpenAIServer() as server:
        openai_config(toml, server.base_url, key_env="")
        assert run("check", "--online").output == f"{toml}: ok\n"
        assert server.requests[0].headers["authorization"] == "Bearer sk-no-key-required"
