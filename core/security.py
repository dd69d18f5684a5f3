"""Password hashing (argon2) and double-submit CSRF protection."""
import hmac
import os
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import request
from werkzeug.exceptions import Forbidden

# The test suite sets DREADFORGE_FAST_HASH=1: the same algorithm at its cheapest cost.
hasher = (PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
          if os.environ.get("DREADFORGE_FAST_HASH") == "1" else PasswordHasher())

CSRF_COOKIE = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def hash_password(password):
    return hasher.hash(password)


def verify_password(password_hash, password):
    try:
        return hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


class CSRFError(Forbidden):
    description = "CSRF token missing or invalid"


def check_csrf():
    """Every unsafe call under /api echoes the csrf_token cookie (header, or form field)."""
    if request.method not in UNSAFE_METHODS or not request.path.startswith("/api"):
        return
    cookie = request.cookies.get(CSRF_COOKIE, "")
    sent = request.headers.get(CSRF_HEADER) or request.form.get("csrf_token", "")
    if not cookie or not sent or not hmac.compare_digest(cookie, sent):
        raise CSRFError()


def csrf_token():
    """The token of this request (the cookie's, or a new one the response will set)."""
    from flask import g
    if "csrf_token" not in g:
        g.csrf_token = request.cookies.get(CSRF_COOKIE) or secrets.token_urlsafe(32)
    return g.csrf_token


def set_csrf_cookie(response):
    if not request.cookies.get(CSRF_COOKIE):
        response.set_cookie(CSRF_COOKIE, csrf_token(), samesite="Lax", httponly=False,
                            secure=request.is_secure, max_age=60 * 60 * 24 * 30)
    return response


def init_app(app):
    app.before_request(check_csrf)
    app.after_request(set_csrf_cookie)
