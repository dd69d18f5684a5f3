"""A page's first data inside its HTML, as the API answers this visitor: the page paints with no
request behind the app.

Explore: ``GET /explore`` (its default view: no choices in the address) carries, in
``core.landing``'s initial-data block, the first page of the community feeds of stories and videos as React Query
infinite-query entries (``["stories", "list", "pages", params]``: ``{"pages": [{"items",
"nextCursor"}], "pageParams": [null]}``, the shape of webapp/src/lib/feed.ts), the ads shown
between its story cards, the content warnings' labels, and a signed-out visitor's auth state
(null).

Each feed is the API's own answer to this visitor: its view is called in place, in a request for
the API's path made with this request's cookie (``api_answer``), so the same code decides what it
holds (the mature gate, the visitor's likes, the feed cache) and nothing differs from what the
app would have fetched. The story page (``core.share_pages``) adds what it asks for once drawn
(``story_extras``: comments, warning labels, the sidebar's ad).
"""
import logging
from urllib.parse import quote

from flask import current_app, request
from werkzeug.exceptions import HTTPException

from core import landing
from core.auth import signed_out_entries

log = logging.getLogger(__name__)

EXPLORE_PAGE_SIZE = 24  # the Explore page's EXPLORE_PAGE_SIZE (webapp/src/lib/constants.ts)
AD_EVERY_N_STORIES = 6  # Explore's AD_EVERY_N_STORIES (webapp/src/lib/constants.ts)
#: Explore's default view: its feed parameters (webapp/src/app/routes/explore.tsx ``feedParams``)
EXPLORE_PARAMS = {"genre": "All Genres", "mood": "All Moods", "sort": "newest",
                  "limit": EXPLORE_PAGE_SIZE}
FEEDS = (("stories", "/api/stories/community"), ("videos", "/api/videos/community"))
WARNINGS_KEY = ["tags", "warnings"]  # webapp/src/lib/tags.ts
# what a view may read of the request besides its path: who is asking and from where
_CARRIED = ("Cookie", "User-Agent", "Accept-Language")


def api_answer(path, query=None):
    """``(json, headers)`` of ``GET path?query`` as the API answers the visitor of this request,
    or None when it answers anything but 200."""
    headers = {name: request.headers[name] for name in _CARRIED if name in request.headers}
    with current_app.test_request_context(
            path, query_string=query, headers=headers,
            environ_base={"REMOTE_ADDR": request.remote_addr or ""}) as context:
        inner = context.request
        if inner.routing_exception is not None:
            return None
        try:
            answer = current_app.view_functions[inner.url_rule.endpoint](**inner.view_args)
        except HTTPException:
            return None
        response = current_app.make_response(answer)
    if response.status_code == 204:  # nothing to show (an ad slot): the app's null
        return None, response.headers
    if response.status_code != 200 or not response.is_json:
        return None
    return response.get_json(), response.headers


def api_entry(key, path, query=None):
    """The React Query entry ``key`` holding ``api_answer(path, query)``, or None when the API
    refuses it or fails (the app then asks, and shows what it gets, as before)."""
    try:
        answer = api_answer(path, query)
    except Exception:  # noqa: BLE001 - the page keeps the rest of its data
        log.exception("%s not inlined", path)
        return None
    return None if answer is None else {"key": key, "data": answer[0]}


def story_extras(story_id):
    """What the story page asks for once it is drawn, in its HTML instead: the story's comments,
    the content warnings' labels and the sidebar's ad about the story
    (webapp/src/app/routes/content-layout.tsx)."""
    wanted = ((["stories", "comments", story_id], f"/api/stories/{story_id}/comments", None),
              (WARNINGS_KEY, "/api/tags/warnings", None),
              (["ads", "sidebar", 0, {"story": story_id}], "/api/ads/sidebar",
               {"story": story_id}))
    return [entry for entry in (api_entry(*item) for item in wanted) if entry is not None]


def explore_entries():
    """The React Query entries of Explore's default view for this visitor."""
    entries = []
    for root, base in FEEDS:
        path = "/".join((base, quote(EXPLORE_PARAMS["genre"]), quote(EXPLORE_PARAMS["mood"]),
                         EXPLORE_PARAMS["sort"]))
        answer = api_answer(path, {"limit": EXPLORE_PAGE_SIZE})
        if answer is None:
            continue
        items, headers = answer
        page = {"items": items, "nextCursor": headers.get("X-Next-Cursor")}
        entries.append({"key": [root, "list", "pages", EXPLORE_PARAMS],
                        "data": {"pages": [page], "pageParams": [None]}})
        if root == "stories":  # the ad after every AD_EVERY_N_STORIES-th story card
            ads = (api_entry(["ads", "feed", index, {}], "/api/ads/feed", {"index": index})
                   for index in range(len(items) // AD_EVERY_N_STORIES))
            entries += [ad for ad in ads if ad is not None]
    warnings = api_entry(WARNINGS_KEY, "/api/tags/warnings")  # the labels' choices
    entries += [warnings] if warnings else []
    return entries + signed_out_entries()


def is_explore(path):
    """Whether ``path`` (without its leading slash) with this request's query is Explore's
    default view."""
    return path.rstrip("/") == "explore" and not request.query_string


def with_explore_data(html):
    """``html`` (index.html) with Explore's data before its first script; unchanged if the data
    cannot be read (the app then fetches it, as before)."""
    try:
        entries = explore_entries()
    except Exception:  # noqa: BLE001 - the page must still load
        log.exception("Explore's data not inlined")
        return html
    return landing.insert(html, landing.script(entries)) if entries else html
