"""`dreadforge plugins`: list, check, enable, disable, and scaffold new plugin packages.

``enable`` and ``disable`` edit plugins.toml with tomlkit (comments and order are kept) and work
on whatever NAME is: a share target (``[share] targets``), a moderation filter (``[moderation]
filters``), a provider (``[story|video|ads] provider``) or a whole plugin (``[plugins]
disabled``). When NAME is several of these (``local`` is a story and a video provider), say
which with ``--capability``.
"""
import json
import re
from pathlib import Path

import click

from core.config import setting

KINDS = ("story-provider", "video-provider", "share-target", "ads", "moderation")
CAPABILITY_CHOICES = ("story", "video", "ads", "moderation", "share", "plugin")
SCAFFOLD = Path(__file__).resolve().parent / "scaffold"


def config_file():
    """The plugins.toml in use: ``DREADFORGE_PLUGINS`` or ./plugins.toml."""
    return setting("DREADFORGE_PLUGINS").resolve()


def host(path=None):
    from core.plugins import PluginHost
    return PluginHost(path or config_file(),
                      load_entrypoints=not setting("DREADFORGE_NO_ENTRYPOINTS"))


def load_host(path=None):
    from core.plugins import PluginConfigError
    try:
        return host(path)
    except PluginConfigError as err:
        raise click.ClickException(str(err)) from None


@click.group()
def plugins():
    """Plugins: list them, check plugins.toml, enable or disable them, scaffold a new one."""


# --- list / check --------------------------------------------------------------------------------


@plugins.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def plugins_list(as_json):
    """Every registered plugin (built-in or entry point) with its version, hooks and what it
    provides, then the active provider per capability and whether its options are valid."""
    plugin_host = load_host()
    rows, active = plugin_host.describe(), plugin_host.active_providers()
    if as_json:
        click.echo(json.dumps({"config": str(plugin_host.config_path), "plugins": rows,
                               "active": active}, indent=2))
        return
    for row in rows:
        origin = "built-in" if row["builtin"] else row["package"]
        state = "  [disabled in plugins.toml]" if row["disabled"] else ""
        click.echo(f"{row['name']}  {row['version']}  ({origin}){state}")
        click.echo(f"    hooks: {', '.join(row['hooks']) or '-'}")
        if row["provides"]:
            click.echo(f"    provides: {', '.join(row['provides'])}")
    click.echo("")
    click.echo(f"{plugin_host.config_path}:")
    for capability, info in active.items():
        if "provider" in info:
            state = "options valid" if info["optionsValid"] else "; ".join(info["problems"])
            click.echo(f"  {capability}: {info['provider']} ({state})")
        elif "section" in info:
            state = "options valid" if info["optionsValid"] else "; ".join(info["problems"])
            click.echo(f"  [{capability}] ({state})")
        else:
            click.echo(f"  {capability}: {', '.join(next(iter(info.values()))) or '-'}")


@plugins.command("check")
@click.option("--online", is_flag=True,
              help="Also try each active provider's endpoint (its base_url or host) and its key.")
def plugins_check(online):
    """Validate plugins.toml against every plugin's declared options.

    Prints one `file:key: problem` line per problem (unknown provider, section or option, with the
    nearest known name; bad type; missing required option; API-key variable not set; a model file
    that is not a whole GGUF model; an unknown chat format) and exits 1 when there is any. With
    --online, an endpoint that cannot be reached or refuses the key is a problem too."""
    plugin_host = load_host()
    problems = plugin_host.problems() or plugin_host.thorough_problems()
    if online and not problems:
        problems = plugin_host.online_problems()
    for problem in problems:
        click.echo(problem.format(plugin_host.config_path))
    if problems:
        raise SystemExit(1)
    click.echo(f"{plugin_host.config_path}: ok")


# --- enable / disable ----------------------------------------------------------------------------


def plugin_names(plugin_host):
    from core.plugins import DEFAULT_PLUGINS, entry_point_names
    registered = {name for name, _plugin in plugin_host.pm.list_name_plugin() if name}
    disabled = plugin_host.section("plugins").get("disabled", [])
    return set(DEFAULT_PLUGINS) | set(entry_point_names()) | registered | set(disabled)


def what_is(plugin_host, name, capability=None):
    """The kinds of thing NAME is: a subset of CAPABILITY_CHOICES, in that order."""
    from core.plugins import CAPABILITIES
    found = []
    for cap in CAPABILITIES:
        if name in plugin_host.available(cap):
            found.append(cap)
    if name in plugin_host.moderation_filter_classes():
        found.append("moderation")
    if name in plugin_host.all_share_targets():
        found.append("share")
    if name in plugin_names(plugin_host):
        found.append("plugin")
    if capability is not None:
        found = [kind for kind in found if kind == capability]
    return found


def resolve(plugin_host, name, capability):
    """What NAME is; a plugin named after what it provides (a scaffolded ``bluesky`` plugin
    offers the ``bluesky`` share target) means the thing it provides unless ``--capability
    plugin`` says otherwise (a disabled plugin provides nothing, so it is found as a plugin)."""
    found = what_is(plugin_host, name, capability)
    if len(found) > 1 and "plugin" in found:
        found.remove("plugin")
    if not found:
        where = f" as {capability}" if capability else ""
        raise click.ClickException(
            f"unknown plugin, provider, filter or share target '{name}'{where} "
            "(see `dreadforge plugins list`)")
    if len(found) > 1:
        options = " or ".join(f"--capability {kind}" for kind in found)
        raise click.ClickException(f"'{name}' is ambiguous ({', '.join(found)}): add {options}")
    return found[0]


def read_document(path):
    import tomlkit
    return tomlkit.parse(path.read_text()) if path.exists() else tomlkit.document()


def table(doc, name):
    import tomlkit
    if name not in doc:
        doc.add(name, tomlkit.table())
    return doc[name]


def string_list(tbl, key):
    import tomlkit
    if key not in tbl:
        tbl[key] = tomlkit.array()
    return tbl[key]


def set_member(items, name, member):
    """Put ``name`` in the list ``items`` (``member``) or take it out; False if it already was."""
    if member == (name in items):
        return False
    if member:
        items.append(name)
    else:
        items.remove(name)
    return True


def fill_examples(doc, kind, name, cls):
    """Write the plugin's example value (``metadata={"example": ...}`` on the option's field) for
    each required option ``[kind.name]`` lacks, so that enabling a provider leaves a valid file;
    returns the dotted keys written. Options with no example (a secret, an ad network's snippet)
    are left for the operator, and `check` names them."""
    import tomlkit
    options = getattr(cls, "Options", None)
    if options is None:
        return []
    missing = {key: field.metadata["example"] for key, field in options().fields.items()
               if field.required and field.metadata.get("example") is not None}
    if not missing:
        return []
    section = table(doc, kind)
    if name not in section:
        section[name] = tomlkit.table()
    written = []
    for key, example in missing.items():
        if key not in section[name]:
            section[name][key] = example
            written.append(f"{kind}.{name}.{key}")
    return written


def edit(name, capability, enable):
    """Apply enable/disable to plugins.toml; returns ``(message, whether the file changed)``."""
    import tomlkit

    from core.plugins import CAPABILITIES
    from core.plugins.factory import DEFAULT_CHOICE
    path = config_file()
    plugin_host = load_host(path)
    kind = resolve(plugin_host, name, capability)
    doc = read_document(path)
    message = None
    if kind in CAPABILITIES:
        section = table(doc, kind)
        active = plugin_host.active_name(kind)
        # back to "auto" (story) or the fallback; under "auto", the fallback (auto chose `name`)
        default = DEFAULT_CHOICE.get(kind, CAPABILITIES[kind][2])
        if plugin_host.chosen(kind) == default:
            default = CAPABILITIES[kind][2]
        if enable:
            if active == name:
                return f"{kind} provider is already '{name}'", False
            section["provider"] = name
            message = f"{kind} provider: {active} -> {name}"
            filled = fill_examples(doc, kind, name, plugin_host.available(kind)[name])
            if filled:
                message += f" (set {', '.join(filled)} to the plugin's example: edit to taste)"
        else:
            if active != name:
                return f"'{name}' is not the active {kind} provider ({active} is)", False
            if name == default:
                raise click.ClickException(
                    f"'{name}' is the default {kind} provider: enable another one instead, "
                    f"e.g. `dreadforge plugins enable NAME --capability {kind}`")
            section["provider"] = default
            message = f"{kind} provider: {name} -> {default} (the default)"
    elif kind in ("moderation", "share"):
        if kind == "moderation":
            label, items = "moderation filter", string_list(table(doc, "moderation"), "filters")
        else:
            label, section = "share target", table(doc, "share")
            if "targets" not in section:  # no list means every known target: make it explicit
                section["targets"] = tomlkit.array()
                section["targets"].extend(target.id for target in plugin_host.share_targets())
            items = section["targets"]
        state = "on" if enable else "off"
        if not set_member(items, name, enable):
            return f"{label} '{name}' is already {state}", False
        message = f"{label} '{name}' {state}"
    else:
        state = "enabled" if enable else "disabled"
        if not set_member(string_list(table(doc, "plugins"), "disabled"), name, not enable):
            return f"plugin '{name}' is already {state}", False
        message = f"plugin '{name}' {state}"
    path.write_text(tomlkit.dumps(doc))
    return message, True


def report_after_edit(outcome):
    message, changed = outcome
    click.echo(f"{config_file()}: {message}")
    if not changed:
        return
    plugin_host = load_host()
    for problem in plugin_host.problems():
        click.echo(f"warning: {problem.format(plugin_host.config_path)}", err=True)
    click.echo("restart the server and workers for the change to take effect")


@plugins.command("enable")
@click.argument("name")
@click.option("--capability", type=click.Choice(CAPABILITY_CHOICES),
              help="What NAME is, when it is ambiguous (e.g. `local` is a story and a video "
                   "provider).")
def plugins_enable(name, capability):
    """Turn NAME on in plugins.toml: a share target, a moderation filter, a provider (it becomes
    the active one of its capability) or a plugin that was disabled."""
    report_after_edit(edit(name, capability, enable=True))


@plugins.command("disable")
@click.argument("name")
@click.option("--capability", type=click.Choice(CAPABILITY_CHOICES),
              help="What NAME is, when it is ambiguous.")
def plugins_disable(name, capability):
    """Turn NAME off in plugins.toml: a share target, a moderation filter, the active provider
    (its capability goes back to the default provider) or a whole plugin (`[plugins] disabled`)."""
    report_after_edit(edit(name, capability, enable=False))


# --- new -----------------------------------------------------------------------------------------


def names_for(name):
    """``"Ghost Writer"``/``"dreadforge-ghost-writer"`` → the names a plugin package uses."""
    short = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    short = re.sub(r"^dreadforge-", "", short)
    if not short or not short[0].isalpha():
        raise click.BadParameter("NAME must start with a letter", param_hint="NAME")
    words = short.split("-")
    return {
        "name": short,
        "dist": f"dreadforge-{short}",
        "module": "dreadforge_" + "_".join(words),
        "title": " ".join(word.capitalize() for word in words),
        "camel": "".join(word.capitalize() for word in words),
    }


def render_tree(source, target, variables):
    """Copy ``source`` to ``target``, substituting ``${var}`` in every ``*.tmpl`` file and in
    path names (``__module__`` becomes the package name)."""
    from string import Template
    written = []
    for item in sorted(source.rglob("*")):
        if item.is_dir():
            continue
        relative = str(item.relative_to(source)).replace("__module__", variables["module"])
        if relative.endswith(".tmpl"):
            relative = relative[:-len(".tmpl")]
            text = Template(item.read_text()).substitute(variables)
        else:
            text = item.read_text()
        out = target / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
        written.append(out)
    return written


@plugins.command("new")
@click.argument("name")
@click.option("--kind", type=click.Choice(KINDS), default="story-provider", show_default=True,
              help="What the plugin provides.")
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Where to create the package [default: ./dreadforge-NAME].")
def plugins_new(name, kind, directory):
    """Scaffold a pip-installable plugin package NAME (setup.cfg with the `dreadforge.plugins`
    entry point, hook implementations, a passing test and a README)."""
    variables = {**names_for(name), "kind": kind}
    target = (directory or Path(variables["dist"])).resolve()
    if target.exists() and any(target.iterdir()):
        raise click.ClickException(f"{target} exists and is not empty")
    files = render_tree(SCAFFOLD / "common", target, variables)
    files += render_tree(SCAFFOLD / kind, target, variables)
    click.echo(f"created {variables['dist']} ({kind}) in {target}:")
    for path in files:
        click.echo(f"  {path.relative_to(target)}")
    click.echo("next:")
    click.echo(f"  pip install -e {target}")
    click.echo(f"  (cd {target} && python -m pytest)")
    click.echo("  dreadforge plugins list")


if __name__ == "__main__":  # `python -m cli.plugins_cmd …`, the same as `dreadforge plugins …`
    plugins(prog_name="dreadforge plugins")
