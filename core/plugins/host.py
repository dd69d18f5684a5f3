"""``PluginHost``: the plugins of one app or worker process, with their validated configuration.

``plugins.toml`` picks the active provider per capability and carries each provider's options::

    [story]
    provider = "local"          # or "openai", or a third-party provider's name
    [story.openai]
    model = "gpt-4o-mini"

Besides the capabilities, a plugin may own a whole section of the file (``[webhooks]``): it lists
``Pluggable`` subclasses in a module attribute ``config_sections``; the section is validated
against their ``Options`` like a provider's, and read with ``PluginHost.settings(name)``.
"""
from pathlib import Path

from core.plugins import introspection
from core.plugins.calls import call_each
from core.plugins.config import CORE_SECTIONS, PluginConfigError, read_config
from core.plugins.config import online_problems as config_online_problems
from core.plugins.config import problems as config_problems
from core.plugins.config import thorough_problems as config_thorough_problems
from core.plugins.factory import ProviderFactory
from core.plugins.manager import plugin_manager


class PluginHost(ProviderFactory):
    """The pluggy manager (``pm``), plugins.toml (``config``) and the providers it makes active."""

    def __init__(self, config_path="plugins.toml", load_entrypoints=True, extra_plugins=(),
                 config=None):
        self.config_path = Path(config_path)
        self.config = read_config(self.config_path) if config is None else config
        disabled = self.section("plugins").get("disabled", [])
        if not isinstance(disabled, list):
            disabled = []  # reported by problems(); start without disabling anything
        self.base_dir = self.config_path.parent
        self.pm = plugin_manager(load_entrypoints=load_entrypoints, disabled=disabled)
        self.extra_names = []
        for plugin in extra_plugins:
            name = getattr(plugin, "plugin_name", None) or getattr(plugin, "__name__", None)
            if name in disabled:
                continue
            if name is not None and self.pm.get_plugin(name) is not None:
                name = None
            self.extra_names.append(self.pm.register(plugin, name=name))
        self._instances = {}
        self._job_handlers = None

    # --- calling hooks (see core.plugins.calls) ------------------------------------------------

    def fire(self, event, **kwargs):
        """Call an ``on_*`` event hook, with this host as ``host``; one plugin raising never
        stops the rest."""
        call_each(self.pm, event, host=self, **kwargs)

    def collect(self, hook_name, **kwargs):
        """Call a hook plugin by plugin and return the non-None results, skipping (and logging)
        the plugins that raise."""
        return call_each(self.pm, hook_name, **kwargs)

    # --- configuration -------------------------------------------------------------------------

    def section(self, name):
        value = self.config.get(name, {})
        return value if isinstance(value, dict) else {}

    def section_classes(self):
        """``{section: Pluggable subclass}`` declared by plugins through ``config_sections``."""
        found = {}
        for plugin in self.pm.get_plugins():
            for cls in getattr(plugin, "config_sections", ()) or ():
                found.setdefault(cls.name, cls)
        return found

    def known_sections(self):
        return CORE_SECTIONS | set(self.section_classes())

    def problems(self, check_env=True):
        """Every problem of plugins.toml, as ``Problem(key, message)``; empty when it is right."""
        return config_problems(self, check_env)

    def thorough_problems(self):
        """Checks too slow for start-up (``plugins check``): a model file's whole header."""
        return config_thorough_problems(self)

    def online_problems(self, timeout=5.0):
        """What each active provider's endpoint answers (``plugins check --online``)."""
        return config_online_problems(self, timeout)

    def validate(self):
        """Raise ``PluginConfigError`` with the first problem, as one line."""
        problems = self.problems()
        if problems:
            raise PluginConfigError(problems[0].format(self.config_path))

    # --- introspection for `dreadforge plugins list` -------------------------------------------

    def describe(self):
        return introspection.describe(self)

    def active_providers(self):
        return introspection.active_providers(self)

