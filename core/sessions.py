"""Sessions per browser: each sign-in makes a ``user_sessions`` row, and the session and
remember-me cookies carry ``"<user id>/<session id>"`` (``User.get_id``). Signing out deletes
this browser's row only; a ban, a deactivation or "sign out everywhere" bumps the account's
``session_version``, which every row of an older version no longer matches.

Cookies made before sessions had rows (``"<user id>:<version>"``, migration 0006) keep working:
on their next request they are moved onto one shared row of the account (``legacy``), and
signing that row out bumps the account's version (ending every such cookie, copies included)
while the account's other rows move to the new version and stay signed in.

"Last seen" is written at most once a minute per session (``TOUCH_EVERY``), not on every request.
"""
import datetime as dt
from functools import lru_cache

from flask import current_app, request, session
from flask_login import decode_cookie

from core import db, prepared
from core.models import User, UserSession, utcnow

TOUCH_EVERY = dt.timedelta(minutes=1)
USER_AGENT_LENGTH = UserSession.user_agent.max_length
# ua-parser's names where a reader expects another ("HeadlessChrome" is Chrome)
BROWSER_NAMES = {"HeadlessChrome": "Chrome", "Chrome Mobile": "Chrome", "Chrome Mobile iOS": "Chrome",
                 "Mobile Safari": "Safari", "Firefox Mobile": "Firefox", "Firefox iOS": "Firefox",
                 "Edge Mobile": "Edge"}
OS_NAMES = {"Mac OS X": "macOS"}


def session_key(user_id, session_id):
    return f"{user_id}/{session_id}"


def parse_key(key):
    """``(user id, session id, legacy version)``: one of the last two is None; None if malformed."""
    key = str(key)
    for separator in "/:":
        user_id, found, rest = key.partition(separator)
        if found and user_id.isdigit() and rest.isdigit() and len(key) < 40:
            return (int(user_id), int(rest), None) if separator == "/" else \
                (int(user_id), None, int(rest))
    return None


def start(user, legacy=False):
    """A new session of ``user`` for this browser; ``user.get_id()`` now names it."""
    agent = request.headers.get("User-Agent", "")[:USER_AGENT_LENGTH]
    with db.write_transaction():
        # rows an account-wide sign-out (a ban, a deactivation) ended and no cookie came back for
        UserSession.delete().where((UserSession.user == user.id)
                                   & (UserSession.version != user.session_version)).execute()
        row = UserSession.create(user=user.id, version=user.session_version, user_agent=agent,
                                 legacy=legacy)
    user.session_id = row.id
    return row


@lru_cache(maxsize=4)
def _session_user_sql(param):
    """The user of one session (with the session's version and last-seen time), compiled once
    per parameter style: it runs on every signed-in request."""
    sql, _params = (User.select(User, UserSession.version.alias("session_row_version"),
                                UserSession.last_seen_at.alias("session_last_seen"),
                                UserSession.legacy.alias("session_legacy"))
                    .join(UserSession, on=UserSession.user == User.id)
                    .where((UserSession.id == 0) & (UserSession.user == 0)).sql())
    return prepared.hot(sql)


def user_of_session(user_id, session_id):
    """The session's user, or None when the session was signed out; ``ended`` is the account
    whose session an account-wide sign-out (ban, deactivation, everywhere) ended."""
    user = next(iter(User.raw(_session_user_sql(db.database.param), session_id, user_id)), None)
    if user is None:
        return None
    if user.session_row_version != user.session_version:
        UserSession.delete().where(UserSession.id == session_id).execute()
        user.session_ended = True
        return user
    user.session_id, user.session_ended = session_id, False
    last_seen = UserSession.last_seen_at.python_value(user.session_last_seen)
    if last_seen is None or utcnow() - last_seen >= TOUCH_EVERY:
        UserSession.update(last_seen_at=utcnow()).where(UserSession.id == session_id).execute()
    return user


def adopt_legacy(user):
    """A cookie of before sessions had rows, still valid: onto the account's shared legacy row,
    and the cookies now name it (the remember-me one too, when it was the legacy one)."""
    legacy_key = user.get_id()
    row = (UserSession.select(UserSession.id)
           .where((UserSession.user == user.id) & UserSession.legacy
                  & (UserSession.version == user.session_version)).first())
    if row is None:
        start(user, legacy=True)
    else:
        user.session_id = row.id
    session["_user_id"] = user.get_id()
    remember = request.cookies.get(current_app.config.get("REMEMBER_COOKIE_NAME", "remember_token"))
    if remember and decode_cookie(remember) == legacy_key:
        session["_remember"] = "set"  # flask-login writes the cookie again with the new key
    return user


def end(user_id, session_id):
    """Sign one session out (this browser, or another one from the Sessions list). Returns
    whether it was the user's. A legacy row's cookies share no id: the account's version moves
    on (ending them, copies included) and its other sessions move along with it."""
    row = UserSession.get_or_none((UserSession.id == session_id) & (UserSession.user == user_id))
    if row is None:
        return False
    with db.write_transaction():
        UserSession.delete().where(UserSession.id == row.id).execute()
        if row.legacy:
            User.update(session_version=User.session_version + 1).where(
                User.id == user_id).execute()
            UserSession.update(version=UserSession.version + 1).where(
                UserSession.user == user_id).execute()
    return True


def end_all(user_id):
    """Every session and remember-me cookie of the account ends (legacy cookies too)."""
    with db.write_transaction():
        User.update(session_version=User.session_version + 1).where(User.id == user_id).execute()
        UserSession.delete().where(UserSession.user == user_id).execute()


def of_user(user):
    """The account's sessions in force, the most recently seen first."""
    return list(UserSession.select().where((UserSession.user == user.id)
                                           & (UserSession.version == user.session_version))
                .order_by(UserSession.last_seen_at.desc(), UserSession.id.desc()))


@lru_cache(maxsize=1024)
def browser_name(user_agent):
    """``"Chrome on Linux"`` from a User-Agent header (ua-parser's rules)."""
    from ua_parser import parse
    parsed = parse(user_agent or "")
    browser = parsed.user_agent.family if parsed.user_agent else ""
    system = parsed.os.family if parsed.os else ""
    browser = BROWSER_NAMES.get(browser, browser) if browser and browser != "Other" else ""
    system = OS_NAMES.get(system, system) if system and system != "Other" else ""
    if browser and system:
        return f"{browser} on {system}"
    return browser or (f"A browser on {system}" if system else "Unknown browser")
