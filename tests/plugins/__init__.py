"""Sample third-party plugins for the tests, registered with ``app_factory(plugins=[...])``."""
