"""The plugin host of the running app, for code that has no host handed to it.

The app factory keeps the host in ``app.extensions["dreadforge.plugins"]``; services, API
resources and jobs (which run inside an app context) read it from there with ``plugin_host()``.
Hooks never need this: the host is their ``host`` argument.
"""
from flask import current_app

EXTENSION = "dreadforge.plugins"


def plugin_host(app=None):
    """The ``PluginHost`` of ``app``, by default of the current app."""
    return (app or current_app).extensions[EXTENSION]


def install(app, host):
    """Make ``host`` the plugin host of ``app``."""
    app.extensions[EXTENSION] = host
