"""Sign-in: flask-login wiring, account rules (bans, inactive accounts) and who-may-do-what helpers."""
from functools import lru_cache

from flask import g, jsonify, request, session
from flask_login import LoginManager, current_user, login_user, logout_user
from peewee import IntegrityError

from core import db, prepared, sessions
from core.errors import abort
from core.models import User, utcnow
from core.security import burn_verify, hash_password, verify_password

login_manager = LoginManager()
REFUSAL_KEY = "_account_refused"  # in the session: why the account's session was ended
SIGN_IN_PAGES = ("/api/login", "/api/logout")


class AccountError(Exception):
    def __init__(self, status, message, **extra):
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


@lru_cache(maxsize=4)
def _user_sql(param):
    """The select of one user by id, compiled once per parameter style (``?`` on SQLite, ``%s``
    on PostgreSQL): it runs on every signed-in request."""
    sql, _params = User.select().where(User.id == 0).sql()
    return prepared.hot(sql)


def user_by_id(user_id):
    return next(iter(User.raw(_user_sql(db.database.param), user_id)), None)


@login_manager.user_loader
def load_user(key):
    """``"<id>/<session id>"`` (``User.get_id``): a signed-out session, or one an account-wide
    sign-out (ban, deactivation, "sign out everywhere") ended, no longer loads anyone. A cookie
    of before sessions had rows (``"<id>:<session version>"``) is moved onto one."""
    parsed = sessions.parse_key(key)
    if parsed is None:
        return None
    user_id, session_id, version = parsed
    if session_id is not None:
        user = sessions.user_of_session(user_id, session_id)
        if user is not None and not user.session_ended:
            return user
        # ended: if a ban or deactivation did it, the next request still says why
        g.ended_session_user = user or user_by_id(user_id)
        return None
    user = user_by_id(user_id)
    if user is None or user.session_version != version:
        g.ended_session_user = user
        return None
    return sessions.adopt_legacy(user)


def sign_in(user, remember=False):
    """A new session for this browser, beside the account's others."""
    sessions.start(user)
    session.pop(REFUSAL_KEY, None)
    login_user(user, remember=remember)


def end_sessions(user_id):
    """Sign the account out everywhere: every session and remember-me cookie stops working."""
    sessions.end_all(user_id)


def sign_out():
    """Sign this browser out; the account's other sessions stay (copied cookies of this one end)."""
    if current_user.is_authenticated and getattr(current_user, "session_id", None):
        sessions.end(current_user.id, current_user.session_id)
    logout_user()


def sign_out_everywhere():
    """Sign the account out here and on every other device (remember-me cookies included)."""
    end_sessions(require_user().id)
    logout_user()


@login_manager.unauthorized_handler
def unauthorized():
    return jsonify(code=401, status="Unauthorized", message="Unauthorized"), 401


def ban_message(user):
    until = (f" until {user.ban_expires_at.strftime('%Y-%m-%d %H:%M')} UTC"
             if user.ban_expires_at else " permanently")
    return f"Your account has been banned{until}. Reason: {user.ban_reason or 'not given'}"


def account_problem(user):
    """Why this account may not be used now, as an AccountError; None when it may."""
    if user.ban_in_force():
        return AccountError(403, ban_message(user), account="banned", reason=user.ban_reason,
                            expiresAt=user.ban_expires_at.isoformat() + "Z"
                            if user.ban_expires_at else None)
    if not user.is_active:
        return AccountError(403, "This account has been deactivated. Contact an administrator.",
                            account="deactivated")
    return None


def enforce_account_rules():
    """A banned or deactivated user is signed out at their next request (checked every time),
    and told why: that request, if it is an API call, answers 403 with the reason (and the ban's
    end), and the refusal is kept in the session until the sign-in page has shown it
    (``GET /api/auth/user`` answers it meanwhile: the web app's first call after a page load)."""
    if not current_user.is_authenticated:
        ended = g.pop("ended_session_user", None)
        problem = ended and account_problem(ended)
    else:
        problem = account_problem(current_user)
    if problem:
        logout_user()
        session[REFUSAL_KEY] = {"message": problem.message, **problem.extra}
    elif request.path != "/api/auth/user":
        return None
    refusal = session.get(REFUSAL_KEY)
    if refusal and request.path.startswith("/api/") and request.path not in SIGN_IN_PAGES:
        return jsonify({"code": 403, "status": "Forbidden", **refusal}), 403
    return None


def take_refusal():
    """The message of a ban or deactivation that ended this browser's session, once."""
    refusal = session.pop(REFUSAL_KEY, None)
    return refusal and refusal.get("message")


def register(email, password, first_name, last_name=""):
    email = email.strip().lower()
    password_hash = hash_password(password)  # slow on purpose: not while holding the write lock
    try:
        with db.write_transaction():
            return User.create(email=email, password_hash=password_hash,
                               first_name=first_name, last_name=last_name)
    except IntegrityError:
        raise AccountError(409, "An account with this email already exists") from None


def authenticate(email, password):
    user = User.get_or_none(User.email == email.strip().lower())
    if user is None:
        burn_verify(password)  # the same time as a wrong password: no e-mail enumeration
        raise AccountError(401, "Invalid email or password")
    if not verify_password(user.password_hash, password):
        raise AccountError(401, "Invalid email or password")
    problem = account_problem(user)
    if problem:
        raise problem
    if user.is_banned and not user.ban_in_force():
        User.update(is_banned=False, ban_reason=None, ban_expires_at=None,
                    updated_at=utcnow()).where(User.id == user.id).execute()
        user.is_banned = False
    return user


def require_user():
    """The signed-in user, or a 401 ``Unauthorized``."""
    if not current_user.is_authenticated:
        abort(401, message="Unauthorized")
    return current_user._get_current_object()


def require_admin():
    user = require_user()
    if not user.is_admin:
        abort(403, message="You don't have permission to access the admin panel.")
    return user


def viewer():
    """The signed-in user or None."""
    return current_user._get_current_object() if current_user.is_authenticated else None


def signed_out_entries():
    """A page's React Query entry saying "signed out" (``["auth", "user"]``: null), for a visitor;
    none for a browser whose session a ban or deactivation has just ended: its web app then asks
    ``GET /api/auth/user``, whose 403 says why, instead of silently looking signed out."""
    if viewer() is not None or REFUSAL_KEY in session:
        return []
    return [{"key": ["auth", "user"], "data": None}]


def init_app(app):
    login_manager.init_app(app)
    app.before_request(enforce_account_rules)


WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def writes_need_sign_in(public):
    """A blueprint's ``before_request``: every write (POST, PUT, PATCH, DELETE) answers a signed-out
    caller 401 ``Unauthorized`` before its body is read, except the endpoints named in ``public``."""
    def check():
        if request.method in WRITE_METHODS and request.endpoint not in public:
            require_user()
    return check
