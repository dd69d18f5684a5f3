"""Password hashing (argon2) and CSRF protection bound to the session.

The CSRF token is a random secret kept in the signed session cookie; the readable ``csrf_token``
cookie is only its copy for the web app to echo in ``X-CSRF-Token``. An unsafe call passes when
the echoed token equals the session's, so a ``csrf_token`` cookie planted by a sibling subdomain
(which cannot forge the signed session) does not pass. The token is issued only by the calls that
need one (``GET /api/auth/user``, the sign-in and sign-out pages): other GETs set no cookie.
"""
import hmac
import secrets

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from flask import g, request, session
from werkzeug.exceptions import Forbidden

from core.turns import away

# argon2 with the cost profile of the app's PASSWORD_PROFILE (set by ``init_app``); verifying
# reads the cost from the hash itself, so hashes made under another profile keep working.
hasher = PasswordHasher()

CSRF_COOKIE = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
CSRF_SESSION_KEY = "_csrf"
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
_dummy_hash = None


def hash_password(password):
    with away():  # argon2 computes in C without the GIL: the process serves others meanwhile
        return hasher.hash(password)


def verify_password(password_hash, password):
    try:
        with away():
            return hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def burn_verify(password):
    """Verify against a throw-away hash: an unknown e-mail costs as much as a known one."""
    global _dummy_hash
    if _dummy_hash is None:
        _dummy_hash = hasher.hash(secrets.token_urlsafe(16))
    verify_password(_dummy_hash, password)


class CSRFError(Forbidden):
    description = "CSRF token missing or invalid"


def check_csrf():
    """Every unsafe call under /api echoes the session's token (header, or form field)."""
    if request.method not in UNSAFE_METHODS or not request.path.startswith("/api"):
        return
    if request.routing_exception is not None or request.endpoint == "api_not_found":
        return  # a 404 or 405 follows: nothing would run
    expected = session.get(CSRF_SESSION_KEY, "")
    sent = request.headers.get(CSRF_HEADER) or request.form.get("csrf_token", "")
    if not expected or not sent or not hmac.compare_digest(str(expected), str(sent)):
        raise CSRFError()


def csrf_token():
    """This session's token (created on first use); the response will copy it into the cookie."""
    token = session.get(CSRF_SESSION_KEY)
    if not token:
        token = session[CSRF_SESSION_KEY] = secrets.token_urlsafe(32)
    g.csrf_token = token
    return token


def new_csrf_token(*_args, **_kwargs):
    """A fresh token for the session (at sign-in: a token known before it is worth nothing)."""
    session.pop(CSRF_SESSION_KEY, None)
    return csrf_token()


def set_csrf_cookie(response):
    token = g.get("csrf_token")
    if token and request.cookies.get(CSRF_COOKIE) != token:
        # No max-age: the copy lives as long as the browser session, like the session cookie.
        response.set_cookie(CSRF_COOKIE, token, samesite="Lax", httponly=False,
                            secure=request.is_secure)
    return response


def use_profile(name):
    """Hash new passwords with argon2-cffi's profile ``name`` (``argon2.profiles``)."""
    global hasher
    hasher = PasswordHasher.from_parameters(getattr(profiles, name))


def init_app(app):
    from flask_login import user_logged_in
    use_profile(app.config["PASSWORD_PROFILE"])
    user_logged_in.connect(new_csrf_token, app)
    app.before_request(check_csrf)
    app.after_request(set_csrf_cookie)
