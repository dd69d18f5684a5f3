"""`dreadforge plugins`: list the plugins and check plugins.toml."""
import json

import click


def host():
    from core.config import load_config
    from core.plugins import PluginHost
    config = load_config()
    return PluginHost(config["PLUGINS_FILE"], load_entrypoints=config["LOAD_ENTRYPOINTS"])


@click.group()
def plugins():
    """Plugins: list them, check plugins.toml."""


@plugins.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def plugins_list(as_json):
    """Every registered plugin, its version and hooks, and the active provider per capability."""
    plugin_host = host()
    rows, active = plugin_host.describe(), plugin_host.active_providers()
    if as_json:
        click.echo(json.dumps({"plugins": rows, "active": active}, indent=2))
        return
    for row in rows:
        origin = "built-in" if row["builtin"] else row["package"]
        click.echo(f"{row['name']}  {row['version']}  ({origin})")
        click.echo(f"    hooks: {', '.join(row['hooks']) or '-'}")
    click.echo("")
    for capability, info in active.items():
        if "provider" in info:
            state = "options valid" if info["optionsValid"] else "; ".join(info["problems"])
            click.echo(f"{capability}: {info['provider']} ({state})")
        else:
            click.echo(f"{capability}: {', '.join(next(iter(info.values()))) or '-'}")


@plugins.command("check")
def plugins_check():
    """Validate plugins.toml; prints `file:key: problem` lines and exits 1 when any."""
    plugin_host = host()
    problems = plugin_host.problems()
    for problem in problems:
        click.echo(problem.format(plugin_host.config_path))
    if problems:
        raise SystemExit(1)
    click.echo(f"{plugin_host.config_path}: ok")
