"""The landing page's data inside its HTML: the first paint needs no second request.

For a signed-out visitor, ``GET /`` answers index.html with a ``<script type="application/json"
id="initial-data">`` holding what the landing page would fetch next, as React Query entries
``[{"key": queryKey, "data": …}]``: the auth state (``["auth", "user"]``: null) and the newest
public stories (``["stories", "list", {"limit": 6}]``, as ``GET /api/stories?limit=6`` answers).
The web app's entry point (webapp/src/main.tsx) puts them in its query cache before it renders.
A signed-in visitor gets the page as built (the app asks for its own data).
"""
import json
import logging

log = logging.getLogger(__name__)

FEATURED_STORIES = 6  # the landing page's FEATURED_STORIES (webapp/src/lib/constants.ts)
SCRIPT_ID = "initial-data"
# characters that could end the script element or confuse an HTML parser, as JSON escapes
_HTML_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                            "\u2028": "\\u2028", "\u2029": "\\u2029"})


def landing_entries():
    """The React Query entries of a signed-out visitor's landing page."""
    from core.auth import signed_out_entries
    from core.services import fast_feeds, mature, series_places
    page = fast_feeds.story_feed_dicts("All Genres", "All Moods", "newest",
                                       {"limit": FEATURED_STORIES})
    items = mature.gate_items(page.items, None)  # a visitor's: mature ones as gated cards
    series_places.hide_items(items, None)  # and no place in a private series
    return [*signed_out_entries(),
            {"key": ["stories", "list", {"limit": FEATURED_STORIES}], "data": items}]


def script(entries):
    """``entries`` as a JSON data block safe inside HTML."""
    text = json.dumps(entries, separators=(",", ":"), default=str).translate(_HTML_SAFE)
    return f'<script type="application/json" id="{SCRIPT_ID}">{text}</script>'


def with_data(html):
    """``html`` (index.html) with the landing's data before its first script; unchanged if the
    data cannot be read (the app then fetches it, as before)."""
    try:
        block = script(landing_entries())
    except Exception:  # noqa: BLE001 - the page must still load
        log.exception("landing data not inlined")
        return html
    return insert(html, block)


def insert(html, block):
    """``html`` with ``block`` before its first script (Parcel's minified page has no </head> to
    aim at)."""
    at = html.find("<script")
    return html + block if at < 0 else html[:at] + block + html[at:]
