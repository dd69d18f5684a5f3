"""Built-in ad providers: ``none`` (empty slots), ``house`` (the site's own content and the
operator's cards; the default), ``script``.

``[ads] provider = "…"`` in plugins.toml picks one; its options live in ``[ads.<name>]``::

    [ads]
    provider = "house"
    [ads.house]
    file = "house-ads.json"        # relative to plugins.toml; default: the cards shipped here
    promote = true                 # also promote the site's stories (promotions.py)

    [ads]
    provider = "script"
    [ads.script]
    snippet = '<ins class="adsbygoogle" data-ad-client="…"></ins>'
    sources = ["https://pagead2.googlesyndication.com"]

A slot is ``banner`` (728x90 on the dashboard), ``feed`` (between explore cards, ``index`` is the
block's number: 0 after the 6th story, 1 after the 12th…) or ``sidebar`` (story page). A provider's
``render`` may take a ``context``: ``{"story": id of the story on the page or None, "viewer": the
signed-in user or None}``.
"""
import base64
import hashlib
import json
import re
import tomllib
from pathlib import Path

from marshmallow import Schema, fields, validate

from core.hookspecs import hookimpl
from core.providers import AdProvider
from plugins.ads.promotions import promotions

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_CARDS = DATA / "house.json"
SLOTS = ("banner", "feed", "sidebar")
SIZES = {"banner": (728, 90), "sidebar": (300, 250), "feed": (None, None)}
CARD_FIELDS = {"title", "body", "href", "image", "cta", "slots", "label"}
#: the label of the site's own cards (the shipped ones and the promotions)
HOUSE_LABEL = "From Dreadforge"
#: the label of the operator's cards unless a card names its own
SPONSOR_LABEL = "Advertisement"


def sized(slot, ad):
    width, height = SIZES[slot]
    return {**ad, "slot": slot, "width": width, "height": height}


class NoAds(AdProvider):
    name = "none"
    label = "No ads"

    def render(self, slot, index=0):
        return None


# --- house ---------------------------------------------------------------------------------------


class HouseOptions(Schema):
    file = fields.String(load_default=None)
    promote = fields.Boolean(load_default=True)


def load_cards(path):
    """The cards of a JSON list (or ``{"cards": [...]}``) or a TOML file of ``[[cards]]``."""
    path = Path(path)
    with path.open("rb") as fh:
        data = tomllib.load(fh) if path.suffix == ".toml" else json.load(fh)
    cards = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(cards, list) or not cards:
        raise ValueError("expected a non-empty list of cards")
    for number, card in enumerate(cards):
        if not isinstance(card, dict):
            raise ValueError(f"card {number} is not a table")
        unknown = set(card) - CARD_FIELDS
        if unknown:
            raise ValueError(f"card {number}: unknown field(s) {', '.join(sorted(unknown))}")
        if not card.get("title") or not card.get("href"):
            raise ValueError(f"card {number}: 'title' and 'href' are required")
        if not set(card.get("slots", SLOTS)) <= set(SLOTS):
            raise ValueError(f"card {number}: slots must be among {', '.join(SLOTS)}")
    return cards


class HouseAds(AdProvider):
    """The site's own content (the author's other stories, making a video from a story, trending
    stories), then the cards of ``file`` (default: the shipped ones), rotated by the slot index."""

    name = "house"
    label = "House ads"
    Options = HouseOptions

    @classmethod
    def cards_path(cls, options, base_dir):
        file = options.get("file")
        return DEFAULT_CARDS if not file else Path(base_dir or ".") / Path(file).expanduser()

    @classmethod
    def option_problems(cls, options, base_dir):
        path = cls.cards_path(options, base_dir)
        if not path.is_file():
            return {"file": f"file not found: {path}"}
        try:
            load_cards(path)
        except (ValueError, OSError, json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
            return {"file": f"{path}: {exc}"}
        return {}

    def cards(self, slot):
        if not hasattr(self, "_cards"):
            self._cards = load_cards(self.cards_path(self.options, getattr(self, "base_dir", None)))
        return [card for card in self._cards if slot in card.get("slots", SLOTS)]

    def render(self, slot, index=0, context=None):
        default_label = HOUSE_LABEL if not self.options.get("file") else SPONSOR_LABEL
        cards = [{**card, "label": card.get("label", default_label)} for card in self.cards(slot)]
        if self.options.get("promote", True):
            cards = [{**card, "label": HOUSE_LABEL} for card in promotions(context or {})] + cards
        if not cards:
            return None
        card = cards[index % len(cards)]
        ad = {"kind": "house", "title": card["title"], "body": card.get("body", ""),
              "href": card["href"], "image": card.get("image"), "cta": card.get("cta"),
              "label": card["label"]}
        return sized(slot, ad)


# --- script --------------------------------------------------------------------------------------


class ScriptOptions(Schema):
    snippet = fields.String(required=True, validate=validate.Length(min=1))
    sources = fields.List(fields.Url(schemes={"https", "http"}, require_tld=False),
                          load_default=list)
    slots = fields.List(fields.String(validate=validate.OneOf(SLOTS)),
                        load_default=lambda: list(SLOTS))


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)


class ScriptAds(AdProvider):
    """An ad network's snippet (HTML), served only in the ad slots; the page's CSP allows its
    ``sources`` and the hashes of the snippet's inline scripts."""

    name = "script"
    label = "Ad network snippet"
    Options = ScriptOptions

    def csp_sources(self):
        sources = list(self.options.get("sources", []))
        hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
                  for body in INLINE_SCRIPT.findall(self.options["snippet"])]
        return {"script-src": sources + hashes, "frame-src": sources, "img-src": sources,
                "connect-src": sources, "style-src": sources}

    def render(self, slot, index=0):
        if slot not in self.options.get("slots", SLOTS):
            return None
        return sized(slot, {"kind": "script", "html": self.options["snippet"]})


@hookimpl
def register_ad_providers():
    return [NoAds, HouseAds, ScriptAds]
