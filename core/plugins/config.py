"""plugins.toml: reading it and finding every problem in it, as ``Problem(key, message)``.

A wrong file stops start-up with one line ``plugins.toml:story.provider: unknown provider 'x'``.
Options are checked against each class's ``Options`` marshmallow schema; a class may add checks a
schema cannot make with a classmethod ``option_problems(options, base_dir)`` -> ``{option: message}``.
"""
import difflib
import logging
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from marshmallow import RAISE, ValidationError

from core.plugins.factory import CAPABILITIES
from core.plugins.manager import DEFAULT_PLUGINS, entry_point_names

log = logging.getLogger(__name__)

#: sections of plugins.toml the host itself reads (plugins may add theirs: ``config_sections``)
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


def did_you_mean(key, names, message="Unknown field."):
    """`` (did you mean 'temperature'?)`` for an unknown option close to a known one, else ``""``."""
    if message != "Unknown field.":
        return ""
    close = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def problems(host, check_env=True):
    """Every problem of the host's plugins.toml; empty when it is right."""
    found = []
    known = CORE_SECTIONS | set(host.section_classes())
    for key, value in host.config.items():
        if key not in known:
            found.append(Problem(key, "unknown section" + did_you_mean(key, sorted(known))))
        elif not isinstance(value, dict):
            found.append(Problem(key, "must be a table"))
    for capability in CAPABILITIES:
        if isinstance(host.config.get(capability, {}), dict):
            found.extend(_capability_problems(host, capability, check_env))
    found.extend(_moderation_problems(host, check_env))
    found.extend(_share_problems(host))
    found.extend(_section_problems(host, check_env))
    found.extend(_disabled_problems(host))
    return found


def _capability_problems(host, capability, check_env):
    available = host.available(capability)
    active = host.active_name(capability)
    if not isinstance(active, str):
        return [Problem(f"{capability}.provider", "must be a string")]
    found = []
    if active not in available:
        names = ", ".join(sorted(available)) or "none"
        found.append(Problem(f"{capability}.provider",
                             f"unknown provider '{active}' (available: {names})"))
    # under "auto", a provider that was not chosen is not checked for its files
    auto = host.chosen(capability) == "auto"
    if capability == "video":  # [video] images = ...: the scene pictures' source, its own table
        found.extend(_images_problems(host, available, check_env))
        available = {**image_sources(available), **available}
    found.extend(_tables_problems(host, capability, "provider", available, [active], "provider",
                                  check_env, extra=lambda key: key == active or not auto))
    return found


def image_sources(video_providers):
    """{``[video] images`` value: the class whose Options its ``[video.NAME]`` table holds}
    (``local`` has none)."""
    from providers.video.imagery.openai_images import OpenAIImages
    sources = {"openai": OpenAIImages}
    if "stability" in video_providers:
        sources["stability"] = video_providers["stability"]
    return sources


def _images_problems(host, video_providers, check_env):
    chosen = host.section("video").get("images", "local")
    sources = image_sources(video_providers)
    if chosen == "local":
        return []
    if chosen not in sources:
        names = ", ".join(["local"] + sorted(sources))
        return [Problem("video.images", f"unknown image source '{chosen}' (available: {names})")]
    if chosen in host.section("video"):
        return []  # its table is checked with the others (the key is in ``chosen`` there)
    return option_problems(host, f"video.{chosen}", sources[chosen], {}, check_env=check_env)


def _tables_problems(host, name, chooser, available, chosen, noun, check_env, extra):
    """The ``[name.key]`` tables of a section whose `chooser` key picks classes of `available`
    (a key that names none is an unknown `noun`); a chosen class with no table has all its
    options default (or missing). ``extra(key)``: whether that class's own check runs."""
    section = host.section(name)
    found = []
    images = section.get("images") if name == "video" else None
    for key, value in section.items():
        if key == chooser or (name == "video" and key == "images"):
            continue
        if key not in available:
            found.append(Problem(f"{name}.{key}", f"unknown {noun}"))
            continue
        found.extend(option_problems(host, f"{name}.{key}", available[key], value,
                                     check_env=check_env and (key in chosen or key == images),
                                     extra=extra(key)))
    for key in chosen:
        if key in available and key not in section:
            found.extend(option_problems(host, f"{name}.{key}", available[key], {},
                                         check_env=check_env))
    return found


def option_problems(host, prefix, cls, options, check_env, extra=True):
    """The problems of one class's options table (``prefix`` is its dotted key)."""
    if not isinstance(options, dict):
        return [Problem(prefix, "must be a table")]
    try:
        loaded = cls.Options(unknown=RAISE).load(options)
    except ValidationError as err:
        names = list(cls.Options().fields)
        return [Problem(f"{prefix}.{key}", humanize(text) + did_you_mean(key, names, text))
                for key, text in sorted(flatten_messages(err.messages))]
    found = []
    extra_check = getattr(cls, "option_problems", None) if extra else None
    if extra_check is not None:
        try:
            extra = extra_check(loaded, host.base_dir) or {}
        except Exception as exc:  # a plugin's own check must not crash the check
            log.exception("option_problems of %s failed", cls.__name__)
            extra = {"(options)": f"could not be checked: {exc}"}
        found.extend(Problem(f"{prefix}.{key}", message) for key, message in extra.items())
    if check_env:
        for option in cls.secret_env_options:
            env_name = loaded.get(option)
            if env_name and not os.environ.get(env_name):
                found.append(Problem(f"{prefix}.{option}",
                                     f"environment variable {env_name} is not set"))
    return found


def _section_problems(host, check_env):
    """Sections owned by plugins (``config_sections``), e.g. ``[webhooks]``."""
    found = []
    for name, cls in host.section_classes().items():
        value = host.config.get(name, {})
        if isinstance(value, dict):  # else already reported as "must be a table"
            found.extend(option_problems(host, name, cls, value, check_env))
    return found


def _disabled_problems(host):
    disabled = host.section("plugins").get("disabled", [])
    found = [Problem(f"plugins.{key}", "unknown option")
             for key in host.section("plugins") if key != "disabled"]
    if not isinstance(disabled, list) or not all(isinstance(n, str) for n in disabled):
        return found + [Problem("plugins.disabled", "must be a list of plugin names")]
    known = set(DEFAULT_PLUGINS) | set(entry_point_names()) | set(host.extra_names)
    for name in disabled:
        if name not in known:
            found.append(Problem("plugins.disabled", f"unknown plugin '{name}'"))
    return found


def _moderation_problems(host, check_env):
    section = host.section("moderation")
    available = host.moderation_filter_classes()
    found = []
    filters = section.get("filters", [])
    if not isinstance(filters, list):
        return [Problem("moderation.filters", "must be a list of filter names")]
    for name in filters:
        if name not in available:
            found.append(Problem("moderation.filters", f"unknown filter '{name}'"))
    found.extend(_tables_problems(host, "moderation", "filters", available, filters, "filter",
                                  check_env, extra=lambda key: True))
    return found


def _share_problems(host):
    section = host.section("share")
    targets = section.get("targets")
    found = [Problem(f"share.{key}", "unknown option") for key in section if key != "targets"]
    if targets is None:
        return found
    if not isinstance(targets, list):
        return found + [Problem("share.targets", "must be a list of target ids")]
    known = host.all_share_targets()
    for target in targets:
        if target not in known:
            found.append(Problem("share.targets", f"unknown share target '{target}'"))
    return found



def thorough_problems(host):
    """`plugins check`: each active provider's ``check_problems(options, base_dir)`` (a
    classmethod returning ``{option: message}``): checks too slow for every start-up, such as
    reading a model file's whole header."""
    return _active_provider_checks(host, "check_problems", lambda options: (options,
                                                                             host.base_dir))


def online_problems(host, timeout=5.0):
    """`plugins check --online`: each active provider's ``online_problems(options, timeout)``
    (a classmethod returning ``{option: message}``) tries the endpoint its options name."""
    return _active_provider_checks(host, "online_problems", lambda options: (options, timeout))


def _active_provider_checks(host, method, arguments):
    found = []
    for capability in CAPABILITIES:
        name = host.active_name(capability)
        cls = host.available(capability).get(name)
        check = getattr(cls, method, None)
        if check is None:
            continue
        try:
            options = cls.Options().load(host.provider_options(capability, name))
            messages = check(*arguments(options)) or {}
        except ValidationError:
            continue  # reported by problems()
        except Exception as exc:  # noqa: BLE001 - a plugin's own check must not crash the check
            log.exception("%s of %s failed", method, cls.__name__)
            messages = {"(options)": f"could not be checked: {exc}"}
        found.extend(Problem(f"{capability}.{name}.{key}", message)
                     for key, message in messages.items())
    return found
