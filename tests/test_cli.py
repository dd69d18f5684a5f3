"""The `dreadforge` command: db upgrade, users create, seed, and `run` with its embedded queue."""
import subprocess
import sys
import urllib.request

import pytest

from tests.conftest import ROOT
from tests.helpers import SiteClient, standalone_env, start_site, stop_site


def dreadforge(args, data_dir, input_text=None, **env):
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT,
                          env=standalone_env(data_dir, **env), input=input_text,
                          capture_output=True, text=True, timeout=120)


def test_db_upgrade_creates_then_reports_up_to_date(tmp_path):
    first = dreadforge(["db", "upgrade"], tmp_path)
    assert first.returncode == 0, first.stderr
    assert "0001_initial" in first.stdout
    assert (tmp_path / "dreadforge.db").exists()
    again = dreadforge(["db", "upgrade"], tmp_path)
    assert "database is up to date" in again.stdout


def test_users_create_prompts_for_the_password(tmp_path):
    result = dreadforge(["users", "create", "--email", "root@example.com", "--role",
                         "super_admin"], tmp_path, input_text="s3cret-pass\ns3cret-pass\n")
    assert result.returncode == 0, result.stderr
    assert "created super_admin root@example.com" in result.stdout
    duplicate = dreadforge(["users", "create", "--email", "root@example.com", "--password",
                            "another-pass"], tmp_path)
    assert duplicate.returncode != 0
    assert "already exists" in duplicate.stderr


def test_seed_makes_browsable_content(tmp_path):
    result = dreadforge(["seed", "--users", "5", "--stories", "40", "--videos", "3",
                         "--likes", "60"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "40 stories" in result.stdout and "60 likes" in result.stdout


def test_wrong_plugins_toml_stops_start_up_with_one_line(tmp_path):
    bad = tmp_path / "plugins.toml"
    bad.write_text('[story]\nprovider = "nonesuch"\n')
    result = dreadforge(["db", "upgrade"], tmp_path, DREADFORGE_PLUGINS=str(bad))
    assert result.returncode != 0
    error_lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert error_lines == [f"Error: {bad}:story.provider: unknown provider 'nonesuch' "
                           "(available: llama_cpp, local, openai)"]


@pytest.fixture
def running_site(tmp_path):
    """`dreadforge run` on a free port, with no REDIS_URL: SQLite and the embedded queue."""
    proc, base = start_site(standalone_env(tmp_path))
    yield base
    stop_site(proc)


def test_run_serves_the_site_and_runs_jobs_without_any_server(running_site):
    visitor = SiteClient(running_site)
    with urllib.request.urlopen(running_site + "/") as page:
        assert "<html" in page.read().decode().lower()
        assert "/" not in page.headers.get("Server", "")  # no server version (docs/security.md)
        assert page.headers["X-Frame-Options"] == "DENY"
    status, body = visitor.call("GET", "/api/auth/user")
    assert status == 200 and body is None  # signed out
    status, user = visitor.call("POST", "/api/auth/register", {
        "email": "runner@example.com", "password": "long enough", "firstName": "Run"})
    assert status == 201
    visitor.call("POST", "/api/auth/logout")
    status, _ = visitor.call("POST", "/api/auth/login", {"email": "runner@example.com",
                                                         "password": "long enough"})
    assert status == 200
    assert visitor.call("GET", "/api/auth/user")[1]["email"] == "runner@example.com"
    status, story = visitor.call("POST", "/api/stories/generate?wait=25", {
        "genre": "Paranormal", "mood": ["Eerie"], "setting": "a lighthouse",
        "characters": "Wren", "storyLength": "short"})
    assert status == 200, story
    assert story["content"]
