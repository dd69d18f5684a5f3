"""The plugin host, one module per job:

- ``manager``: the pluggy manager with the hookspecs, the built-in plugins and entry points;
- ``calls``: calling hooks through pluggy, contained per plugin where one may fail;
- ``config``: reading and validating plugins.toml;
- ``factory``: the provider classes offered, the active ones and their instances;
- ``host``: ``PluginHost``, which puts the above together for one process;
- ``introspection``: what ``dreadforge plugins list`` shows;
- ``current``: ``plugin_host()``, the host of the running Flask app.
"""
from core.plugins.calls import call_each
from core.plugins.config import PluginConfigError, Problem, read_config
from core.plugins.current import plugin_host
from core.plugins.factory import CAPABILITIES
from core.plugins.host import PluginHost
from core.plugins.manager import DEFAULT_PLUGINS, ENTRY_POINT_GROUP, entry_point_names

__all__ = ["CAPABILITIES", "DEFAULT_PLUGINS", "ENTRY_POINT_GROUP", "PluginConfigError",
           "PluginHost", "Problem", "call_each", "entry_point_names", "plugin_host",
           "read_config"]
