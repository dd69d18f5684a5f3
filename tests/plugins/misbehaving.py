"""A third-party plugin that raises in every hook it implements; the site must stay up."""
from core.hookspecs import hookimpl
from core.providers import AdProvider


class Broken(Exception):
    pass


@hookimpl
def register_share_targets():
    raise Broken("share targets exploded")


@hookimpl
def on_liked(content, kind, user):
    raise Broken("on_liked exploded")


@hookimpl
def on_commented(comment, content, kind):
    raise Broken("on_commented exploded")


@hookimpl
def register_blueprints(app):
    raise Broken("blueprints exploded")


class ExplodingAds(AdProvider):
    """An ad provider whose every call raises."""

    name = "exploding"

    def render(self, slot, index=0):
        raise Broken("ads exploded")

    def csp_sources(self):
        raise Broken("csp exploded")


@hookimpl
def register_ad_providers():
    return [ExplodingAds]
