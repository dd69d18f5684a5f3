"""Rate limits (flask-limiter): per user when signed in, else per address; counted in Redis, the
one every web process reaches (``REDIS_URL``, or the embedded queue `dreadforge run` starts), in
the process's memory only while that Redis is unreachable (or when there is none at all)."""
import time

import redis
from flask import current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import current_user
from limits import parse
from limits.errors import StorageError

from core.errors import abort

limiter = Limiter(key_func=get_remote_address, headers_enabled=True)

# The limit of each kind of call; overridable in the app config (tests lower them to prove them).
DEFAULT_LIMITS = {
    # sign-in attempts per address and e-mail (password guessing), new accounts per address
    "RATELIMIT_LOGIN": "20 per minute",
    # sign-in attempts per address whatever the e-mail (one address trying many accounts)
    "RATELIMIT_LOGIN_ADDRESS": "30 per minute",
    "RATELIMIT_REGISTER": "100 per minute",
    "RATELIMIT_COMMENTS": "30 per minute",
    "RATELIMIT_LIKES": "120 per minute",
    "RATELIMIT_SHARES": "60 per minute",
    "RATELIMIT_REPORTS": "20 per hour",
    "RATELIMIT_GENERATION": "60 per hour",
}


#: kinds of call counted per address even for a signed-in caller: signing in (or registering)
#: changes who is signed in, which would otherwise start each next attempt on a fresh count
PER_ADDRESS = {"login", "login_address", "register"}


def caller_key(name=None):
    if name not in PER_ADDRESS and current_user and current_user.is_authenticated:
        return f"user:{current_user.id}"
    return f"addr:{get_remote_address()}"


def enforce(name, about=None):
    """Count one call of kind ``name`` (e.g. "comments") for the caller, and for ``about`` when
    given (the e-mail a sign-in is for); 429 past the limit."""
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return
    if limiter._storage_dead:
        limiter._check_request_limit()  # counting in memory: asks whether the storage is back
    item = parse(current_app.config[f"RATELIMIT_{name.upper()}"])
    key = caller_key(name) if about is None else f"{caller_key(name)}|{about.strip().lower()}"
    counter = limiter.limiter
    try:
        allowed = counter.hit(item, name, key)
    except (StorageError, redis.RedisError, OSError):
        counter = fall_back_to_memory()
        allowed = counter.hit(item, name, key)
    if not allowed:
        reset_at, _remaining = counter.get_window_stats(item, name, key)
        retry_after = max(1, int(reset_at - time.time()) + 1)
        abort(429, message=f"Too many requests. Please try again in {retry_after} seconds.",
              headers={"Retry-After": str(retry_after)})


def fall_back_to_memory():
    """The storage (Redis) is unreachable: count in this process's memory until it answers again.
    flask-limiter's own fallback (``RATELIMIT_IN_MEMORY_FALLBACK_ENABLED``) does the switching
    and, on later requests, the switching back; this tells it the storage failed."""
    if not limiter._storage_dead:
        current_app.logger.warning("rate limit storage unreachable: counting in memory")
        limiter._storage_dead = True
    return limiter.limiter


def enforce_login(email):
    """A sign-in attempt counts per address and e-mail, and per address across e-mails."""
    enforce("login_address")
    enforce("login", about=email)


def storage_uri(redis_url):
    """The limiter's storage for a queue URL: the same Redis (a unix socket's URL as the limits
    library spells it), else this process's memory."""
    redis_url = redis_url or ""
    if redis_url.startswith(("redis://", "rediss://")):
        return redis_url
    if redis_url.startswith("unix://"):
        return "redis+unix://" + redis_url[len("unix://"):]
    return "memory://"


def count_in(app, redis_url):
    """Count the limits in ``redis_url`` from now on: `dreadforge run` calls this once it has
    started its embedded queue (after the app was made), before it forks its web processes, so
    that they all count in one place, not each in its own memory."""
    app.config["RATELIMIT_STORAGE_URI"] = storage_uri(redis_url)
    _set_up_storage(app)


def init_app(app):
    for key, value in DEFAULT_LIMITS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", storage_uri(app.config.get("REDIS_URL")))
    app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_connect_timeout": 2})
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    # a limit counts the calls of the last minute (or hour), not of the clock's: no burst of twice
    # the limit across a window's edge, and no attempt forgiven because the clock turned over
    app.config.setdefault("RATELIMIT_STRATEGY", "moving-window")
    _set_up_storage(app)
    _unhook_per_request_checks(app)


def _set_up_storage(app):
    """flask-limiter's set-up (again, for a new storage: its hooks are added once per app)."""
    # RATELIMIT_ENABLED switches `enforce` on and off at run time (tests flip it), so the
    # limiter's storage is always set up, whatever the switch said at start-up.
    switch = app.config.get("RATELIMIT_ENABLED", True)
    app.config["RATELIMIT_ENABLED"] = True
    limiter.init_app(app)
    limiter._storage_dead = False  # a new storage: counted in from the first call
    app.config["RATELIMIT_ENABLED"] = switch


def _unhook_per_request_checks(app):
    """Every limit is counted by ``enforce`` (there are no default or decorated limits), so what
    flask-limiter does around every request (check the limits, add their headers, clear its
    state) finds nothing to do, in about a tenth of a millisecond of every feed and story page:
    its hooks are taken out. ``enforce`` makes its check while the storage is down, which is
    where flask-limiter notices (with its back-off) that the storage answers again."""
    def of_limiter(hook):
        return (getattr(hook, "__self__", None) is limiter  # a method
                or getattr(hook, "args", ())[:1] == (limiter,))  # a partial
    for hooks in (app.before_request_funcs, app.after_request_funcs,
                  app.teardown_request_funcs):
        hooks[None] = [hook for hook in hooks.get(None, []) if not of_limiter(hook)]
