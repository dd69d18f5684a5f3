"""Serves the built React app for every non-API path, and Swagger UI's files for /api/docs."""
from pathlib import Path

from flask import abort, send_from_directory

from core.config import ROOT

PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dreadforge</title>
</head><body style="background:#0b0709;color:#efe6e8;font-family:system-ui;padding:40px">
<h1>Dreadforge</h1><p>The web app is not built yet: run <code>make run</code>.</p></body></html>"""


def init_app(app):
    dist = Path(app.config["WEBAPP_DIST"])
    swagger = ROOT / "webapp" / "node_modules" / "swagger-ui-dist"

    @app.route("/api/docs/static/<path:filename>")
    def swagger_static(filename):
        if not swagger.is_dir():
            abort(404)
        return send_from_directory(swagger, filename, max_age=86400)

    @app.route("/api/<path:_rest>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
    def api_not_found(_rest):
        abort(404, description="Not found")

    @app.route("/", defaults={"path": ""})
    @app.route("/<path:path>")
    def spa(path):
        if path and (dist / path).is_file():
            # Parcel names every asset by content hash: safe to cache for a year.
            max_age = 0 if path.endswith(".html") else 31536000
            return send_from_directory(dist, path, max_age=max_age)
        if (dist / "index.html").is_file():
            response = send_from_directory(dist, "index.html", max_age=0)
            response.headers["Cache-Control"] = "no-cache"
            return response
        return PLACEHOLDER
