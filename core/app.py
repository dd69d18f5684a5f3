"""The Flask app factory: small, it wires the parts together."""
import importlib

from flask import Flask

from core import (
    auth,
    bounds,
    compression,
    db,
    feed_cache,
    headers,
    health,
    limits,
    logging_setup,
    metrics,
    request_id,
    routing,
    security,
    web,
)
from core.api import BLUEPRINTS
from core.config import load_config
from core.errors import Api
from core.plugins import PluginHost, current


def create_app(config=None):
    settings = load_config(config)
    app = Flask(__name__, static_folder=None, template_folder="templates")
    app.config.update(settings)
    app.json.sort_keys = False
    logging_setup.configure()

    host = PluginHost(app.config["PLUGINS_FILE"],
                      load_entrypoints=app.config["LOAD_ENTRYPOINTS"],
                      extra_plugins=extra_plugins(app.config),
                      config=app.config.get("PLUGINS_CONFIG"))
    host.validate()
    current.install(app, host)

    request_id.init_app(app)
    db.init_app(app)
    from core.storage import get_storage
    get_storage(app)  # a wrong MEDIA_URL stops start-up
    headers.init_app(app)
    bounds.init_app(app)
    security.init_app(app)
    auth.init_app(app)
    limits.init_app(app)
    feed_cache.init_app(app)
    compression.init_app(app)

    api = Api(app)
    routing.init_app(app, api)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    for blueprints in host.collect("register_blueprints", app=app):
        for blueprint in blueprints:
            if hasattr(blueprint, "_docs"):
                api.register_blueprint(blueprint)
            else:
                app.register_blueprint(blueprint)
    health.init_app(app)
    metrics.init_app(app)
    web.init_app(app)
    return app


def extra_plugins(config):
    """Plugins given in the config, plus the modules named in ``PLUGIN_MODULES``
    (``DREADFORGE_PLUGIN_MODULES``), for plugins that are not installed as packages."""
    return [*config.get("EXTRA_PLUGINS", ()),
            *(importlib.import_module(name) for name in config.get("PLUGIN_MODULES", ()))]

