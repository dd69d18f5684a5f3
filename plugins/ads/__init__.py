"""Built-in ad providers: none (empty slots), house (the operator's own cards), script."""
from core.hookspecs import hookimpl
from core.providers import AdProvider


class NoAds(AdProvider):
    name = "none"
    label = "No ads"

    def render(self, slot, index=0):
        return None


@hookimpl
def register_ad_providers():
    return [NoAds]
