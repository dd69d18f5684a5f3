"""Domain services: what the API resources (``core.api``) do, on the models (``core.models``).

Services read the plugin host with ``core.plugins.plugin_host()``, never from ``core.app``; their
job handlers are registered by the built-in plugin ``core.services.job_handlers``."""
