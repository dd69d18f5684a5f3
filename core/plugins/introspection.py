"""What ``dreadforge plugins list`` shows: every registered plugin and the active providers."""
from core.plugins.config import Problem, option_problems
from core.plugins.factory import CAPABILITIES
from core.plugins.manager import DEFAULT_PLUGINS, package_version


def describe(host):
    """One row per registered plugin: name, version, origin, hooks and what it provides."""
    rows = []
    for name, plugin in sorted(host.pm.list_name_plugin(), key=lambda item: item[0] or ""):
        dist = host.pm.distributions.get(name)
        hooks = ([] if plugin is None else
                 sorted(caller.name for caller in host.pm.get_hookcallers(plugin) or []))
        rows.append({
            "name": name,
            "disabled": plugin is None,  # blocked by [plugins] disabled
            "version": dist.version if dist else package_version(),
            "builtin": name in DEFAULT_PLUGINS,
            "package": dist.metadata["Name"] if dist else "dreadforge",
            "hooks": hooks,
            "provides": provided_by(host, plugin, hooks),
        })
    return rows


def provided_by(host, plugin, hooks):
    """``["story:local", "share:twitter", "section:webhooks"]`` for one plugin: its own
    ``register_*`` hooks called through pluggy with every other plugin left out."""
    provided = []
    registers = {hook_name: capability
                 for capability, (hook_name, _base, _default) in CAPABILITIES.items()}
    registers.update(register_moderation_filters="moderation", register_share_targets="share")
    others = [other for other in host.pm.get_plugins() if other is not plugin]
    for hook_name in hooks:
        if hook_name not in registers:
            continue
        try:
            items = [item for found in host.pm.subset_hook_caller(hook_name, others)()
                     for item in found or []]
        except Exception as exc:
            provided.append(f"{registers[hook_name]}:<error: {exc.__class__.__name__}>")
            continue
        for item in items:
            provided.append(f"{registers[hook_name]}:{getattr(item, 'name', None) or item.id}")
    provided.extend(f"section:{cls.name}" for cls in getattr(plugin, "config_sections", ()))
    return provided


def active_providers(host):
    """Per capability: the active provider, the available ones and whether its options are
    valid; the moderation filters, share targets and plugin-owned sections."""
    active = {}
    for capability in CAPABILITIES:
        name = host.active_name(capability)
        available = host.available(capability)
        if name in available:
            problems = option_problems(host, f"{capability}.{name}", available[name],
                                       host.provider_options(capability, name), check_env=True)
        else:
            problems = [Problem(f"{capability}.provider", f"unknown provider '{name}'")]
        active[capability] = {
            "provider": name,
            "available": sorted(available),
            "optionsValid": not problems,
            "problems": [p.format(host.config_path) for p in problems],
        }
    active["moderation"] = {"filters": host.section("moderation").get("filters", [])}
    active["share"] = {"targets": [t.id for t in host.share_targets()]}
    for name, cls in sorted(host.section_classes().items()):
        problems = option_problems(host, name, cls, host.section(name), check_env=True)
        active[name] = {"section": name, "optionsValid": not problems,
                        "problems": [p.format(host.config_path) for p in problems]}
    return active
