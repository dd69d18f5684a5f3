"""The plugin host: pluggy manager, built-in plugins, third-party entry points and plugins.toml.

``plugins.toml`` picks the active provider per capability and carries each provider's options::

    [story]
    provider = "local"          # or "openai", or a third-party provider's name
    [story.openai]
    model = "gpt-4o-mini"

A wrong file stops start-up with one line ``plugins.toml:story.provider: unknown provider 'x'``.

Besides the capabilities, a plugin may own a whole section of the file (``[webhooks]``): it lists
``Pluggable`` subclasses in a module attribute ``config_sections``; the section is validated
against their ``Options`` like a provider's, and read with ``PluginHost.settings(name)``.
A provider class may also define ``option_problems(options, base_dir)`` (a classmethod returning
``{option: message}``) for checks a schema cannot make, such as "this file exists".
"""
import importlib
import logging
import os
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pluggy
from marshmallow import RAISE, ValidationError

from core import hookspecs
from core.providers import AdProvider, StoryProvider, VideoProvider

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "dreadforge.plugins"

DEFAULT_PLUGINS = (
    "providers.local_story",
    "providers.local_video",
    "providers.openai_story",
    "providers.llama_cpp_story",
    "providers.stability_video",
    "plugins.share_targets",
    "plugins.ads",
    "plugins.wordlist",
    "plugins.webhooks",
)

# capability -> (hook that registers classes, base class, default provider)
CAPABILITIES = {
    "story": ("register_story_providers", StoryProvider, "local"),
    "video": ("register_video_providers", VideoProvider, "local"),
    "ads": ("register_ad_providers", AdProvider, "none"),
}
CORE_SECTIONS = {"story", "video", "ads", "moderation", "share", "plugins"}



class PluginConfigError(Exception):
    """plugins.toml is wrong; the message is one line: ``file:key: problem``."""


@dataclass
class Problem:
    key: str
    message: str

    def format(self, path):
        return f"{path}:{self.key}: {self.message}"


def read_config(path):
    path = Path(path)
    if not path.exists():
        return {}
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise PluginConfigError(f"{path}:(file): not valid TOML: {exc}") from None


def entry_point_names():
    """Names of the installed ``dreadforge.plugins`` entry points (without importing them)."""
    return sorted({ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)})


def flatten_messages(messages, prefix=""):
    """marshmallow's nested error dict → ``[(dotted.key, message)]``."""
    if isinstance(messages, dict):
        found = []
        for key, value in messages.items():
            found.extend(flatten_messages(value, f"{prefix}.{key}" if prefix else str(key)))
        return found
    if isinstance(messages, list) and messages and all(isinstance(m, str) for m in messages):
        return [(prefix, messages[0])]
    return [(prefix, str(messages))]


def humanize(message):
    """``'Not a valid integer.'`` → ``'not a valid integer'``; marshmallow's wording, one style."""
    special = {"Unknown field.": "unknown option",
               "Missing data for required field.": "missing required option"}
    if message in special:
        return special[message]
    message = message.rstrip(".")
    return message[:1].lower() + message[1:] if message[1:2].islower() else message


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


class PluginHost:
    """The plugins of one app or worker process, with their validated configuration."""

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

    # --- discovery -----------------------------------------------------------------------------

    def _collect(self, hook_name):
        """Call a ``register_*`` hook plugin by plugin, skipping (and logging) broken ones."""
        found = []
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():
            try:
                found.extend(impl.function() or [])
            except Exception:
                log.exception("plugin %s failed in %s", impl.plugin_name, hook_name)
        return found

    def available(self, capability):
        hook_name, _base, _default = CAPABILITIES[capability]
        return {cls.name: cls for cls in self._collect(hook_name)}

    def moderation_filter_classes(self):
        return {cls.name: cls for cls in self._collect("register_moderation_filters")}

    def all_share_targets(self):
        return {target.id: target for target in self._collect("register_share_targets")}

    def section_classes(self):
        """``{section: Pluggable subclass}`` declared by plugins through ``config_sections``."""
        found = {}
        for plugin in self.pm.get_plugins():
            for cls in getattr(plugin, "config_sections", ()) or ():
                found.setdefault(cls.name, cls)
        return found

    def known_sections(self):
        return CORE_SECTIONS | set(self.section_classes())

    # --- configuration -------------------------------------------------------------------------

    def section(self, name):
        value = self.config.get(name, {})
        return value if isinstance(value, dict) else {}

    def active_name(self, capability):
        name = self.section(capability).get("provider", CAPABILITIES[capability][2])
        return self.auto_choice(capability) if name == "auto" else name

    def auto_choice(self, capability):
        """``provider = "auto"``: the first provider (by name) whose ``auto_ready(options,
        base_dir)`` says it can run here (a pulled model), else the capability's default."""
        for name, cls in sorted(self.available(capability).items()):
            ready = getattr(cls, "auto_ready", None)
            if ready is not None and ready(self.provider_options(capability, name), self.base_dir):
                return name
        return CAPABILITIES[capability][2]

    def provider_options(self, section, name):
        options = self.section(section).get(name, {})
        return options if isinstance(options, dict) else {}

    def problems(self, check_env=True):
        """Every problem of plugins.toml, as ``Problem(key, message)``; empty when it is right."""
        problems = []
        known = self.known_sections()
        for key, value in self.config.items():
            if key not in known:
                problems.append(Problem(key, "unknown section"))
            elif not isinstance(value, dict):
                problems.append(Problem(key, "must be a table"))
        for capability in CAPABILITIES:
            if not isinstance(self.config.get(capability, {}), dict):
                continue
            available = self.available(capability)
            active = self.active_name(capability)
            if not isinstance(active, str):
                problems.append(Problem(f"{capability}.provider", "must be a string"))
                continue
            if active not in available:
                names = ", ".join(sorted(available)) or "none"
                problems.append(Problem(f"{capability}.provider",
                                        f"unknown provider '{active}' (available: {names})"))
            for key, value in self.section(capability).items():
                if key == "provider":
                    continue
                if key not in available:
                    problems.append(Problem(f"{capability}.{key}", "unknown provider"))
                    continue
                # under "auto", a provider that was not chosen is not checked for its files
                auto = self.section(capability).get("provider") == "auto"
                problems.extend(self._option_problems(
                    f"{capability}.{key}", available[key], value,
                    check_env=check_env and key == active, extra=key == active or not auto))
            if active in available and active not in self.section(capability):
                # no [capability.active] table: its options are all defaults (or missing)
                problems.extend(self._option_problems(f"{capability}.{active}", available[active],
                                                      {}, check_env=check_env))
        problems.extend(self._moderation_problems(check_env))
        problems.extend(self._share_problems())
        problems.extend(self._section_problems(check_env))
        problems.extend(self._disabled_problems())
        return problems

    def _option_problems(self, prefix, cls, options, check_env, extra=True):
        if not isinstance(options, dict):
            return [Problem(prefix, "must be a table")]
        try:
            loaded = cls.Options(unknown=RAISE).load(options)
        except ValidationError as err:
            return [Problem(f"{prefix}.{key}", humanize(text))
                    for key, text in sorted(flatten_messages(err.messages))]
        problems = []
        extra_check = getattr(cls, "option_problems", None) if extra else None
        if extra_check is not None:
            try:
                extra = extra_check(loaded, self.base_dir) or {}
            except Exception as exc:  # a plugin's own check must not crash the check
                log.exception("option_problems of %s failed", cls.__name__)
                extra = {"(options)": f"could not be checked: {exc}"}
            problems.extend(Problem(f"{prefix}.{key}", message) for key, message in extra.items())
        if check_env:
            for option in cls.secret_env_options:
                env_name = loaded.get(option)
                if env_name and not os.environ.get(env_name):
                    problems.append(Problem(f"{prefix}.{option}",
                                            f"environment variable {env_name} is not set"))
        return problems

    def _section_problems(self, check_env):
        """Sections owned by plugins (``config_sections``), e.g. ``[webhooks]``."""
        problems = []
        for name, cls in self.section_classes().items():
            value = self.config.get(name, {})
            if isinstance(value, dict):  # else already reported as "must be a table"
                problems.extend(self._option_problems(name, cls, value, check_env))
        return problems

    def _disabled_problems(self):
        disabled = self.section("plugins").get("disabled", [])
        problems = [Problem(f"plugins.{key}", "unknown option")
                    for key in self.section("plugins") if key != "disabled"]
        if not isinstance(disabled, list) or not all(isinstance(n, str) for n in disabled):
            return problems + [Problem("plugins.disabled", "must be a list of plugin names")]
        known = set(DEFAULT_PLUGINS) | set(entry_point_names()) | set(self.extra_names)
        for name in disabled:
            if name not in known:
                problems.append(Problem("plugins.disabled", f"unknown plugin '{name}'"))
        return problems

    def _moderation_problems(self, check_env):
        section = self.section("moderation")
        available = self.moderation_filter_classes()
        problems = []
        filters = section.get("filters", [])
        if not isinstance(filters, list):
            return [Problem("moderation.filters", "must be a list of filter names")]
        for name in filters:
            if name not in available:
                problems.append(Problem("moderation.filters", f"unknown filter '{name}'"))
        for key, value in section.items():
            if key == "filters":
                continue
            if key not in available:
                problems.append(Problem(f"moderation.{key}", "unknown filter"))
                continue
            problems.extend(self._option_problems(f"moderation.{key}", available[key], value,
                                                  check_env and key in filters))
        for name in filters:
            if name in available and name not in section:
                problems.extend(self._option_problems(f"moderation.{name}", available[name], {},
                                                      check_env))
        return problems

    def _share_problems(self):
        section = self.section("share")
        targets = section.get("targets")
        problems = [Problem(f"share.{key}", "unknown option")
                    for key in section if key != "targets"]
        if targets is None:
            return problems
        if not isinstance(targets, list):
            return problems + [Problem("share.targets", "must be a list of target ids")]
        known = self.all_share_targets()
        for target in targets:
            if target not in known:
                problems.append(Problem("share.targets", f"unknown share target '{target}'"))
        return problems

    def validate(self):
        """Raise ``PluginConfigError`` with the first problem, as one line."""
        problems = self.problems()
        if problems:
            raise PluginConfigError(problems[0].format(self.config_path))

    # --- active providers ----------------------------------------------------------------------

    def _instance(self, key, cls, options):
        if key not in self._instances:
            instance = cls(cls.Options().load(options))
            instance.base_dir = self.base_dir
            self._instances[key] = instance
        return self._instances[key]

    def settings(self, section):
        """The validated options of a plugin-owned section (defaults filled in), as a dict."""
        cls = self.section_classes()[section]
        return self._instance(("section", section), cls, self.section(section)).options

    def provider(self, capability):
        name = self.active_name(capability)
        cls = self.available(capability)[name]
        return self._instance((capability, name), cls, self.provider_options(capability, name))

    def story_provider(self) -> StoryProvider:
        return self.provider("story")

    def video_provider(self) -> VideoProvider:
        return self.provider("video")

    def ad_provider(self) -> AdProvider:
        return self.provider("ads")

    def moderation_filters(self) -> list:
        section = self.section("moderation")
        classes = self.moderation_filter_classes()
        names = section.get("filters", [])
        return [self._instance(("moderation", name), classes[name], section.get(name, {}))
                for name in names if name in classes]

    def share_targets(self):
        known = self.all_share_targets()
        enabled = self.section("share").get("targets")
        if enabled is None:
            return list(known.values())
        return [known[target_id] for target_id in enabled if target_id in known]

    # --- calling hooks safely ------------------------------------------------------------------

    def moderate(self, text, kind):
        """The strongest verdict of the enabled filters: a reject beats a flag; None if clean."""
        verdicts = []
        for moderation_filter in self.moderation_filters():
            try:
                verdict = moderation_filter.check(text, kind)
            except Exception:
                log.exception("moderation filter %s failed", moderation_filter.name)
                continue
            if verdict is not None:
                verdicts.append(verdict)
        verdicts.sort(key=lambda verdict: verdict.action != "reject")
        return verdicts[0] if verdicts else None

    def fire(self, event, **kwargs):
        """Call an ``on_*`` event hook on every plugin; one plugin raising never stops the rest."""
        for impl in getattr(self.pm.hook, event).get_hookimpls():
            try:
                impl.function(**{name: kwargs[name] for name in impl.argnames})
            except Exception:
                log.exception("plugin %s failed in %s", impl.plugin_name, event)

    def collect(self, hook_name, **kwargs):
        """Call a hook plugin by plugin and return the results, logging (and skipping) failures."""
        results = []
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():
            try:
                result = impl.function(**{name: kwargs[name] for name in impl.argnames})
            except Exception:
                log.exception("plugin %s failed in %s", impl.plugin_name, hook_name)
                continue
            if result is not None:
                results.append(result)
        return results

    # --- introspection for `dreadforge plugins list` -------------------------------------------

    def describe(self):
        """One row per registered plugin: name, version, origin, hooks and what it provides."""
        rows = []
        for name, plugin in sorted(self.pm.list_name_plugin(), key=lambda item: item[0] or ""):
            dist = self.pm.distributions.get(name)
            hooks = ([] if plugin is None else
                     sorted(caller.name for caller in self.pm.get_hookcallers(plugin) or []))
            rows.append({
                "name": name,
                "disabled": plugin is None,  # blocked by [plugins] disabled
                "version": dist.version if dist else package_version(),
                "builtin": name in DEFAULT_PLUGINS,
                "package": dist.metadata["Name"] if dist else "dreadforge",
                "hooks": hooks,
                "provides": self._provided_by(plugin, hooks),
            })
        return rows

    def _provided_by(self, plugin, hooks):
        """``["story:local", "share:twitter", "section:webhooks"]`` for one plugin."""
        provided = []
        registers = {hook_name: capability
                     for capability, (hook_name, _base, _default) in CAPABILITIES.items()}
        registers.update(register_moderation_filters="moderation",
                         register_share_targets="share")
        for hook_name in hooks:
            if hook_name not in registers:
                continue
            impls = [impl for impl in getattr(self.pm.hook, hook_name).get_hookimpls()
                     if impl.plugin is plugin]
            try:
                items = [item for impl in impls for item in impl.function() or []]
            except Exception as exc:
                provided.append(f"{registers[hook_name]}:<error: {exc.__class__.__name__}>")
                continue
            for item in items:
                provided.append(f"{registers[hook_name]}:{getattr(item, 'name', None) or item.id}")
        provided.extend(f"section:{cls.name}" for cls in getattr(plugin, "config_sections", ()))
        return provided

    def active_providers(self):
        active = {}
        for capability in CAPABILITIES:
            name = self.active_name(capability)
            available = self.available(capability)
            problems = []
            if name in available:
                problems = self._option_problems(
                    f"{capability}.{name}", available[name],
                    self.provider_options(capability, name), check_env=True)
            else:
                problems = [Problem(f"{capability}.provider", f"unknown provider '{name}'")]
            active[capability] = {
                "provider": name,
                "available": sorted(available),
                "optionsValid": not problems,
                "problems": [p.format(self.config_path) for p in problems],
            }
        active["moderation"] = {"filters": self.section("moderation").get("filters", [])}
        active["share"] = {"targets": [t.id for t in self.share_targets()]}
        for name, cls in sorted(self.section_classes().items()):
            problems = self._option_problems(name, cls, self.section(name), check_env=True)
            active[name] = {"section": name, "optionsValid": not problems,
                            "problems": [p.format(self.config_path) for p in problems]}
        return active


def package_version():
    try:
        return metadata.version("dreadforge")
    except metadata.PackageNotFoundError:
        return "0.0.0"
