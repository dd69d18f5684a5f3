"""The deployment files in deploy/ cannot drift from the code: every `dreadforge` command and
option they run exists in the CLI (click's own command tree), every setting they pass is one the
site reads (core.config.VARIABLES) or one docs/configuration.md names as another library's, and
the workers' stop timeouts outlast the longest job."""
import json
import re
import shlex

import click
import pytest

from cli.main import main
from core.config import VARIABLES
from core.jobs import QUEUES
from core.testing import ROOT

yaml = pytest.importorskip("yaml")

DEPLOY = ROOT / "deploy"
COMPOSE = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
DOCKERFILE = (DEPLOY / "Dockerfile").read_text()
UNITS = {path.name: path.read_text() for path in (DEPLOY / "systemd").glob("*.service")}
CONFIGURATION = (ROOT / "docs" / "configuration.md").read_text()
DEPLOY_DOC = (ROOT / "docs" / "deploy.md").read_text()


def dreadforge_services():
    """The compose services that run the Dreadforge image."""
    return {name: service for name, service in COMPOSE["services"].items()
            if service.get("image", "").startswith("dreadforge")}


def check_command(args):
    """``args`` (after ``dreadforge``) name a command of the CLI with options it has."""
    command, rest = main, list(args)
    while isinstance(command, click.Group):
        assert rest, f"`dreadforge {' '.join(args)}` stops at a group"
        name = rest.pop(0)
        assert name in command.commands, f"`dreadforge {' '.join(args)}`: no command {name!r}"
        command = command.commands[name]
    options = {opt: param for param in command.params if isinstance(param, click.Option)
               for opt in param.opts}
    while rest:
        word = rest.pop(0)
        if not word.startswith("--"):
            continue
        assert word in options, f"`dreadforge {' '.join(args)}`: {command.name} has no {word}"
        if word == "--queues":
            assert set(rest[0].split(",")) <= set(QUEUES), rest[0]
        if not options[word].is_flag:
            rest.pop(0)
    return command


def unit_commands(text):
    """The `dreadforge ...` arguments of a unit's Exec lines (the shell's $q as its values)."""
    found = []
    for line in re.findall(r"^Exec\w+=(.*)$", text, re.M):
        line = re.sub(r'"\$\$q"', "stories,default", line)
        for match in re.finditer(r"/dreadforge ((?:[\w-]+|\"[^\"]*\"| )+)", line):
            found.append(shlex.split(match.group(1).replace("%H-%i", "name")))
    return found


def seconds(text):
    match = re.fullmatch(r"(?:(\d+)m)?(?:(\d+)s)?", str(text))
    return int(match.group(1) or 0) * 60 + int(match.group(2) or 0)


def test_compose_has_web_both_workers_and_the_services():
    services = COMPOSE["services"]
    assert {"web", "worker-stories", "worker-videos", "postgres", "redis", "minio"} <= set(services)
    assert set(dreadforge_services()) >= {"web", "worker-stories", "worker-videos", "migrate"}


@pytest.mark.parametrize("name", sorted(dreadforge_services()))
def test_every_compose_command_exists_in_the_cli(name):
    command = dreadforge_services()[name].get("command")
    assert command, f"{name} runs the image's default"
    check_command(command)


def test_the_image_default_command_exists_in_the_cli():
    cmd = json.loads(re.search(r"^CMD (\[.*\])$", DOCKERFILE, re.M).group(1))
    assert json.loads(re.search(r"^ENTRYPOINT (\[.*\])$", DOCKERFILE, re.M).group(1))[-1] == \
        "dreadforge"
    assert check_command(cmd).name == "run"


@pytest.mark.parametrize("unit", sorted(UNITS))
def test_every_systemd_command_exists_in_the_cli(unit):
    commands = unit_commands(UNITS[unit])
    assert commands, unit
    for args in commands:
        check_command(args)


def documented_elsewhere():
    """Variables docs/configuration.md lists as read by another library (boto3's AWS_*)."""
    section = CONFIGURATION.split("## Read by other libraries", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`([A-Z][A-Z0-9_]+)`", section))


def test_every_variable_deploy_files_set_is_a_setting():
    known = set(VARIABLES) | documented_elsewhere()
    used = {}
    for name, service in dreadforge_services().items():
        used.update({variable: name for variable in service.get("environment", {})})
    for unit, text in UNITS.items():
        used.update({variable: unit for variable in re.findall(r"^Environment=(\w+)=", text, re.M)})
    for block in re.findall(r"^ENV ((?:.*\\\n)*.*)$", DOCKERFILE, re.M):
        used.update({variable: "Dockerfile" for variable in re.findall(r"(\w+)=", block)
                     if variable != "PATH" and not variable.startswith("PYTHON")})
    unknown = {variable: where for variable, where in used.items() if variable not in known}
    assert unknown == {}
    assert used, "nothing found: the parsing is wrong"


def test_the_settings_every_machine_shares_are_settings():
    section = DEPLOY_DOC.split("## Settings every machine shares", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)`", section, re.M))
    assert {"SECRET_KEY", "DATABASE_URL", "REDIS_URL", "MEDIA_URL"} <= named
    assert named <= set(VARIABLES) | documented_elsewhere()


def test_workers_may_finish_the_longest_job_before_they_are_killed():
    longest_render = VARIABLES["DREADFORGE_JOB_TIMEOUT_VIDEO"].default
    longest_story = VARIABLES["DREADFORGE_JOB_TIMEOUT_STORY"].default
    unit = UNITS["dreadforge-worker@.service"]
    assert int(re.search(r"^TimeoutStopSec=(\d+)$", unit, re.M).group(1)) > longest_render
    services = COMPOSE["services"]
    assert seconds(services["worker-videos"]["stop_grace_period"]) > longest_render
    assert seconds(services["worker-stories"]["stop_grace_period"]) > longest_story
