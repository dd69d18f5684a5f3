"""Security headers on every response, Secure cookies over HTTPS, and the opt-in ProxyFix.

* ``Content-Security-Policy`` (``BASE_POLICY``; the active ad provider adds its sources to HTML
  pages, see ``core.api.ads``), ``X-Frame-Options: DENY``, ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy: strict-origin-when-cross-origin``.
* Every ``Set-Cookie`` gets ``Secure`` when the request came over HTTPS (as the WSGI server, or
  ProxyFix, reports it) or when ``DREADFORGE_HTTPS=1``.
* ``DREADFORGE_PROXY_FIX=1``: trust one proxy's ``X-Forwarded-For/-Proto/-Host/-Prefix``.
"""
from werkzeug.middleware.proxy_fix import ProxyFix

CSP_HEADER = "Content-Security-Policy"
BASE_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
# Swagger UI (/api/docs) starts itself with an inline script and loads its own CSS inline.
DOCS_POLICY = {**BASE_POLICY, "script-src": ["'self'", "'unsafe-inline'"]}
STATIC_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
}


def format_policy(policy):
    return "; ".join(" ".join([name, *values]) for name, values in policy.items())


def add_security_headers(response):
    from flask import request
    for name, value in STATIC_HEADERS.items():
        response.headers.setdefault(name, value)
    if "Content-Security-Policy" not in response.headers:
        docs = request.path.rstrip("/") == "/api/docs"
        response.headers[CSP_HEADER] = format_policy(DOCS_POLICY if docs else BASE_POLICY)
    return response


class SecureCookies:
    """WSGI middleware: ``Secure`` on every cookie of an HTTPS request (or always, ``force``)."""

    def __init__(self, wsgi_app, force=False):
        self.wsgi_app, self.force = wsgi_app, force

    def __call__(self, environ, start_response):
        if not (self.force or environ.get("wsgi.url_scheme") == "https"):
            return self.wsgi_app(environ, start_response)

        def secure_start_response(status, headers, exc_info=None):
            headers = [(name, value + "; Secure" if name.lower() == "set-cookie"
                        and "; secure" not in value.lower() else value)
                       for name, value in headers]
            return start_response(status, headers, exc_info)
        return self.wsgi_app(environ, secure_start_response)


def init_app(app):
    app.wsgi_app = SecureCookies(app.wsgi_app, force=app.config.get("HTTPS", False))
    if app.config.get("PROXY_FIX"):
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1, x_prefix=1)
    app.after_request(add_security_headers)
