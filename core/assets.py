"""The built web app's files, compressed: ``NAME.br`` / ``NAME.gz`` written next to each file at
build time (webapp/scripts/compress.mjs) are sent when the request's ``Accept-Encoding`` takes
them (brotli first), with ``Content-Encoding`` and ``Vary: Accept-Encoding``.

Parcel names every asset by its content's hash (``app.1a2b3c4d.js``): those are cached for a year
and marked ``immutable``; anything else (``index.html``) is revalidated on every visit.
``compress(body)`` compresses a page made at request time (the landing page with its data).
"""
import gzip
import re

from flask import request, send_from_directory

try:  # optional: without it pages made at request time go out gzipped
    import brotli
except ImportError:  # pragma: no cover - depends on the environment
    brotli = None

HASHED = re.compile(r"\.[0-9a-f]{8}\.[A-Za-z0-9]+$")
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
YEAR = 31536000


def accepted(encoding):
    return request.accept_encodings.quality(encoding) > 0


def send_asset(dist, path):
    """``dist/path`` in the best encoding the client accepts, with its caching headers."""
    hashed = bool(HASHED.search(path))
    response = None
    for encoding, suffix in ENCODINGS:
        if accepted(encoding) and (dist / (path + suffix)).is_file():
            response = send_from_directory(dist, path + suffix, max_age=YEAR if hashed else 0,
                                           mimetype=_mimetype(path), etag=True)
            response.headers["Content-Encoding"] = encoding
            break
    if response is None:
        response = send_from_directory(dist, path, max_age=YEAR if hashed else 0)
    if (dist / (path + ".gz")).is_file():
        response.vary.add("Accept-Encoding")
    if hashed:
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response


def _mimetype(path):
    import mimetypes
    kind, _ = mimetypes.guess_type(path)
    if kind and (kind.startswith("text/") or kind in ("application/javascript",
                                                      "application/json", "image/svg+xml")):
        return f"{kind}; charset=utf-8"
    return kind or "application/octet-stream"


def compress(response):
    """Compress a page made at request time (brotli when available, else gzip) when the client
    takes it; ``Vary: Accept-Encoding`` either way."""
    response.vary.add("Accept-Encoding")
    body = response.get_data()
    if brotli is not None and accepted("br"):
        response.set_data(brotli.compress(body, quality=5))
        response.headers["Content-Encoding"] = "br"
    elif accepted("gzip"):
        response.set_data(gzip.compress(body, compresslevel=6, mtime=0))
        response.headers["Content-Encoding"] = "gzip"
    return response
