"""Calling hooks, always through pluggy, so its order and its wrappers hold.

pluggy calls the implementations of a hook ``tryfirst`` ones first, ``trylast`` ones last and
otherwise the last registered first, and runs ``wrapper=True`` (and old-style ``hookwrapper``)
implementations around them. There are two ways to call a hook here:

``pm.hook.<name>(...)``
    pluggy's own call: every implementation in one call, the first exception stops the rest and
    reaches the caller. For hooks whose failure must be seen, and ``firstresult`` hooks.

``call_each(pm, name, ...)``
    the *contained* call, for the event hooks (``on_*``) and the ``register_*`` hooks, where one
    broken plugin must not take the others (or the site) down. It calls the hook once per plugin,
    in pluggy's order, each time through ``pm.subset_hook_caller(name, <every other plugin>)``:
    a plugin that raises is logged and skipped and the next one still runs. Wrappers are never
    removed from a subset, so a wrapper runs around *each* plugin's call: it sees that plugin's
    result (a list of one item, or none for an event) and may replace it, or handle its exception.
"""
import logging

log = logging.getLogger(__name__)


def call_each(pm, name, **kwargs):
    """Call hook ``name`` plugin by plugin (see the module's text); the list of the non-None
    results, in pluggy's order, without those of the plugins that raised."""
    caller = getattr(pm.hook, name)
    plugins = callees(caller)
    if not plugins:
        return _contained("(wrappers)", caller, kwargs)  # wrappers alone still run, as in pluggy
    results = []
    for plugin in plugins:
        others = [other for other in plugins if other is not plugin]
        results.extend(_contained(pm.get_name(plugin), pm.subset_hook_caller(name, others), kwargs))
    return results


def callees(caller):
    """The plugins with a plain (not wrapper) implementation of a hook, in pluggy's call order
    (``get_hookimpls()`` lists them in the reverse order, wrappers last)."""
    found = []
    for impl in reversed(caller.get_hookimpls()):
        if not (impl.wrapper or impl.hookwrapper) and impl.plugin not in found:
            found.append(impl.plugin)
    return found


def _contained(plugin_name, caller, kwargs):
    try:
        return caller(**kwargs)
    except Exception:
        log.exception("plugin %s failed in %s", plugin_name, caller.name)
        return []
