"""docs/plugins.md cannot drift from core/hookspecs.py, and every hook has a test (Datasette's
way: tests/test_docs.py)."""
import inspect
import re

import pytest

from cli.plugins_cmd import plugins as plugins_group
from core import hookspecs
from core.testing import ROOT

DOC = (ROOT / "docs" / "plugins.md").read_text()
HOOK_HEADING = re.compile(r"^### (\w+)\((.*)\)$", re.M)


def specs():
    return {name: fn for name, fn in inspect.getmembers(hookspecs, inspect.isfunction)
            if hasattr(fn, "dreadforge_spec")}


def sections():
    """``{hook name: (argument text, section body)}`` of the hook reference."""
    reference = DOC.split("## Hook reference", 1)[1].split("\n## ", 1)[0]
    found = {}
    matches = list(HOOK_HEADING.finditer(reference))
    for match, following in zip(matches, matches[1:] + [None]):
        end = following.start() if following else len(reference)
        found[match.group(1)] = (match.group(2), reference[match.end():end])
    return found


def one_line(text):
    return " ".join(text.split())


@pytest.mark.parametrize("name", sorted(specs()))
def test_every_hookspec_is_documented_with_its_arguments(name):
    assert name in sections(), f"docs/plugins.md has no '### {name}(...)' entry"
    arguments, _body = sections()[name]
    assert arguments == ", ".join(inspect.signature(specs()[name]).parameters)


@pytest.mark.parametrize("name", sorted(specs()))
def test_documentation_repeats_the_hookspec_docstring(name):
    _arguments, body = sections()[name]
    assert one_line(inspect.getdoc(specs()[name])) in one_line(body)


@pytest.mark.parametrize("name", sorted(specs()))
def test_documentation_says_whether_the_hook_is_firstresult(name):
    _arguments, body = sections()[name]
    firstresult = specs()[name].dreadforge_spec.get("firstresult", False)
    stated = re.search(r"^- firstresult: (yes|no)\b", body, re.M)
    assert stated, f"{name}: add a '- firstresult: yes|no' line"
    assert stated.group(1) == ("yes" if firstresult else "no")
    for label in ("- When:", "- Arguments:", "- Return:"):
        assert label in body, f"{name}: the entry needs '{label}'"


def test_no_documented_hook_is_missing_from_the_specs():
    assert set(sections()) <= set(specs())


def test_every_hookspec_has_a_test_named_test_hook_name():
    tests = "\n".join(path.read_text() for path in (ROOT / "tests").rglob("test_*.py"))
    missing = [name for name in specs() if not re.search(rf"def test_hook_{name}\b", tests)]
    assert missing == [], f"hooks without a test_hook_<name>: {missing}"


def test_every_plugins_subcommand_is_documented():
    for command in plugins_group.commands:
        assert f"`dreadforge plugins {command}" in DOC, command


def test_every_scaffold_kind_is_documented():
    from cli.plugins_cmd import KINDS
    for kind in KINDS:
        assert f"`{kind}`" in DOC, kind
        assert (ROOT / "cli" / "scaffold" / kind).is_dir()


def test_built_in_plugins_are_documented():
    from core.plugins import DEFAULT_PLUGINS
    for name in DEFAULT_PLUGINS:
        if name.startswith("plugins."):
            assert f"### {name}\n" in DOC, name


def test_every_built_in_providers_options_are_documented():
    """Each built-in story and video provider has a `#### `capability.name`` entry in
    docs/plugins.md naming every one of its options (a plugin author reads them there)."""
    from core.plugins import PluginHost
    from core.plugins.factory import CAPABILITIES
    host = PluginHost(config={}, load_entrypoints=False)
    for capability in ("story", "video"):
        assert capability in CAPABILITIES
        for name, cls in host.available(capability).items():
            heading = f"#### `{capability}.{name}`\n"
            assert heading in DOC, heading
            entry = DOC.split(heading, 1)[1].split("\n#", 1)[0]
            for option in cls.Options().fields:
                assert f"`{option}`" in entry, f"{capability}.{name}: {option}"


def test_every_environment_variable_is_in_the_configuration_table():
    """docs/configuration.md's table lists each variable ``core/config.py`` reads, once, with the
    same default and meaning, and nothing else reads the environment in core, cli or providers."""
    from core.config import VARIABLES
    table = (ROOT / "docs" / "configuration.md").read_text()
    for variable in VARIABLES.values():
        assert f"| `{variable.name}` | {variable.shown} | {variable.meaning} |" in table
        assert table.count(f"| `{variable.name}` |") == 1, f"{variable.name} is described twice"
    readers = [path.relative_to(ROOT).as_posix()
               for folder in ("core", "cli", "providers") for path in (ROOT / folder).rglob("*.py")
               if re.search(r"os\.environ\.get|os\.getenv|os\.environ\[[^]]+\](?!\s*=)",
                            path.read_text())]
    # besides core/config.py: the test kit, and the variables a plugin's options name (checked
    # by the plugin host's configuration validation, read by the providers that use them)
    allowed = {"core/config.py", "core/testing.py", "core/plugins/config.py",
               "providers/openai_story/client.py",
               "providers/stability_video/provider.py",
               "providers/video/imagery/openai_images.py"}
    assert [path for path in readers
            if path not in allowed and not path.startswith("core/plugins")] == []
