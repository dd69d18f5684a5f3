"""The pluggy manager: the hookspecs, the built-in plugins and the installed entry points."""
import importlib
import logging
from importlib import metadata

import pluggy

from core import hookspecs

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "dreadforge.plugins"

#: registered in this order, each exactly as a third-party plugin would be (``pm.register``)
DEFAULT_PLUGINS = (
    "core.services.job_handlers",
    "providers.local_story",
    "providers.local_video",
    "providers.openai_story",
    "providers.llama_cpp_story",
    "providers.stability_video",
    "plugins.share_targets",
    "plugins.ads",
    "plugins.wordlist",
    "plugins.webhooks",
    "plugins.notifications",
)


def entry_point_names():
    """Names of the installed ``dreadforge.plugins`` entry points (without importing them)."""
    return sorted({ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)})


def plugin_manager(load_entrypoints=True, disabled=()):
    """Build a pluggy manager with the hookspecs, the built-ins and (optionally) entry points."""
    pm = pluggy.PluginManager("dreadforge")
    pm.distributions = {}  # plugin name -> importlib.metadata.Distribution (entry points)
    pm.add_hookspecs(hookspecs)
    for name in disabled:
        pm.set_blocked(name)
    for module_name in DEFAULT_PLUGINS:
        if module_name in disabled:
            continue
        pm.register(importlib.import_module(module_name), name=module_name)
    if load_entrypoints:
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            if ep.name in disabled or pm.get_plugin(ep.name) is not None:
                continue
            try:
                pm.register(ep.load(), name=ep.name)
                pm.distributions[ep.name] = ep.dist
            except Exception:  # a broken third-party package must not take the site down
                log.exception("could not load plugin %s from entry point", ep.name)
    return pm


def package_version():
    try:
        return metadata.version("dreadforge")
    except metadata.PackageNotFoundError:
        return "0.0.0"
