"""Serves the built React app for the paths of its pages (compressed and cached:
``core.assets``; a visitor's landing page with its data inside: ``core.landing``), its files, and
Swagger UI's files for /api/docs; a story's or video's page with its share tags and data
(``core.share_pages``); Explore with its first cards (``core.page_data``); robots.txt, the
sitemap and cover cards (``core.seo``). Any other path (``/api/...`` unknown, ``/health``,
``/foo.php``) is a JSON 404, never the app's page."""
import re
from pathlib import Path

from flask import abort, make_response, request, send_from_directory
from werkzeug.exceptions import NotFound
from werkzeug.routing import Map

from core import assets, landing, page_data, seo, share_pages
from core.auth import viewer
from core.config import ROOT

PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dreadforge</title>
</head><body style="background:#0b0709;color:#efe6e8;font-family:system-ui;padding:40px">
<h1>Dreadforge</h1><p>The web app is not built yet: run <code>make run</code>.</p></body></html>"""

#: the web app's client-side routes (webapp/src/app/router.tsx; SPEC §2), ``:id`` one segment
PAGES = ("", "index.html", "explore", "story/:id", "story/:id/edit", "story-editor/:id", "create",
         "create-story", "create-video", "video/:id", "video-editor/:id", "profile", "admin",
         "link-story/:id", "link-video/:id", "u/:id", "notifications", "tags/:id", "series/:id")
_PAGE = re.compile("|".join(re.escape(page).replace(":id", "[^/]+") + "/?" if page else ""
                            for page in PAGES))


def data_page_caching():
    """A page with its data in it: a signed-in person's is never stored (after signing out on a
    shared computer, Back must not show it again); a visitor's is revalidated."""
    return "private, no-store" if viewer() is not None else "private, no-cache"


def is_page(path):
    """Whether ``path`` (without its leading slash) is a page of the web app."""
    return _PAGE.fullmatch(path) is not None


def wants_html():
    """Whether the request is a browser's page navigation (it prefers HTML to JSON); a probe or a
    script (``curl``, a load balancer, ``fetch``) gets the JSON 404."""
    accept = request.accept_mimetypes
    named = any(value == "text/html" and quality > 0 for value, quality in accept)
    return named and accept.best_match(["application/json", "text/html"]) == "text/html"


def init_app(app):
    swagger = ROOT / "webapp" / "node_modules" / "swagger-ui-dist"
    seo.init_app(app)  # /robots.txt, /sitemap.xml, the cover cards

    @app.route("/api/docs/static/<path:filename>")
    def swagger_static(filename):
        if not swagger.is_dir():
            abort(404)
        return send_from_directory(swagger, filename, max_age=86400)

    @app.route("/favicon.ico")
    def favicon():
        """The site's icon where a page names none (a JSON answer, the server's own pages)."""
        return send_from_directory(ROOT / "core" / "static", "favicon.svg",
                                   mimetype="image/svg+xml", max_age=86400)

    routes = {}

    def real_routes():
        """Every rule but the catch-alls (built once): what a path really allows."""
        if "map" not in routes:
            routes["map"] = Map([rule.empty() for rule in app.url_map.iter_rules()
                                 if rule.endpoint not in ("api_not_found", "spa")],
                                converters=app.url_map.converters)
        return routes["map"].bind("")

    @app.route("/api/<path:_rest>", methods=["GET", "POST", "PUT", "PATCH", "DELETE", "TRACE",
                                             "CONNECT"])
    def api_not_found(_rest):
        """A JSON 404, or a 405 naming the allowed methods when the path exists."""
        try:
            real_routes().match(request.path, method=request.method)  # raises 405 / 404
        except NotFound:
            pass
        abort(404, description="Not found")

    @app.after_request
    def options_allow(response):
        """``OPTIONS`` lists the methods of the path, not those of the /api catch-all."""
        if request.method == "OPTIONS" and request.path.startswith("/api/"):
            allowed = real_routes().allowed_methods(request.path)
            if allowed:
                response.headers["Allow"] = ", ".join(sorted(allowed))
        return response

    @app.route("/", defaults={"path": ""})
    @app.route("/<path:path>")
    def spa(path):
        dist = Path(app.config["WEBAPP_DIST"])
        if path and path != "index.html" and not path.startswith("media/") and (
                dist / path).is_file():
            return assets.send_asset(dist, path)
        if not is_page(path):  # (a media URL that matched no file route, e.g. a negative id)
            if not wants_html():
                abort(404, description="Not found")
            # a person's browser: the web app's own "not found" screen, as a 404
            response = (assets.send_asset(dist, "index.html") if (dist / "index.html").is_file()
                        else make_response(PLACEHOLDER))
            response.status_code = 404
            return response
        if (dist / "index.html").is_file():
            if path and share_pages.has_page(path):
                # a story or video: its share tags (and the story its data) in the page
                html = share_pages.render((dist / "index.html").read_text(encoding="utf-8"), path)
                response = make_response(html)
                response.headers["Cache-Control"] = data_page_caching()
                response.vary.add("Cookie")
                return assets.compress(response)
            if page_data.is_explore(path):
                # Explore's default view: its first cards (and a visitor's auth state) in the page
                response = make_response(page_data.with_explore_data(
                    (dist / "index.html").read_text(encoding="utf-8")))
                response.headers["Cache-Control"] = data_page_caching()
                response.vary.add("Cookie")
                return assets.compress(response)
            if path or viewer() is not None:
                return assets.send_asset(dist, "index.html")
            # a visitor's landing page carries its data (core.landing): made per request
            html = landing.with_data((dist / "index.html").read_text(encoding="utf-8"))
            response = make_response(html)
            response.headers["Cache-Control"] = "no-cache"
            return assets.compress(response)
        return PLACEHOLDER
