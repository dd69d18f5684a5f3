"""Serves the built React app for every non-API path (compressed and cached: ``core.assets``; a
visitor's landing page with its data inside: ``core.landing``), and Swagger UI's files for
/api/docs."""
from pathlib import Path

from flask import abort, make_response, request, send_from_directory
from werkzeug.routing import Map

from core import assets, landing
from core.auth import viewer
from core.config import ROOT

PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dreadforge</title>
</head><body style="background:#0b0709;color:#efe6e8;font-family:system-ui;padding:40px">
<h1>Dreadforge</h1><p>The web app is not built yet: run <code>make run</code>.</p></body></html>"""


def init_app(app):
    swagger = ROOT / "webapp" / "node_modules" / "swagger-ui-dist"

    @app.route("/api/docs/static/<path:filename>")
    def swagger_static(filename):
        if not swagger.is_dir():
            abort(404)
        return send_from_directory(swagger, filename, max_age=86400)

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
        real_routes().match(request.path, method=request.method)  # raises 405 / 404
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
        if path.startswith("media/"):
            abort(404)  # a media URL that matched no file route (e.g. a negative id)
        dist = Path(app.config["WEBAPP_DIST"])
        if path and path != "index.html" and (dist / path).is_file():
            return assets.send_asset(dist, path)
        if (dist / "index.html").is_file():
            if path or viewer() is not None:
                return assets.send_asset(dist, "index.html")
            # a visitor's landing page carries its data (core.landing): made per request
            html = landing.with_data((dist / "index.html").read_text(encoding="utf-8"))
            response = make_response(html)
            response.headers["Cache-Control"] = "no-cache"
            return assets.compress(response)
        return PLACEHOLDER
