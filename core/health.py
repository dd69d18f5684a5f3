"""What a load balancer or an orchestrator asks a web process (docs/operations.md).

* ``GET /healthz``: the process answers (it asks nothing else): ``{"status": "ok"}``.
* ``GET /readyz``: the database, the job queue and the media store are reachable: 200
  ``{"status": "ready", "checks": {...}}``, else 503 with ``"message"`` naming what failed and, in
  ``checks``, why (each check: ``{"ok": true}`` or ``{"ok": false, "error": "..."}``).

Both are JSON, never the web app's page, and take no session, cookie or rate limit."""
import logging
import os

import redis
from flask import jsonify

from core.config import setting
from core.db import database
from core.storage import get_storage
from core.storage.local import LocalStorage

log = logging.getLogger(__name__)

#: seconds a readiness check waits for the queue before it counts as unreachable
QUEUE_TIMEOUT = 2
#: a key no file has: an object store is asked for it (its answer, "missing", says it is there)
MEDIA_PROBE = "readyz-probe"

_queues = {}  # REDIS_URL -> a client with short timeouts, for the probes only


def check_database(_app):
    database.execute_sql("SELECT 1").fetchone()


def check_queue(app):
    url = app.config.get("REDIS_URL") or setting("REDIS_URL")
    if not url:
        raise RuntimeError("no queue configured (REDIS_URL)")
    if url not in _queues:
        _queues[url] = redis.Redis.from_url(url, socket_connect_timeout=QUEUE_TIMEOUT,
                                            socket_timeout=QUEUE_TIMEOUT)
    _queues[url].ping()


def check_media(app):
    storage = get_storage(app)
    if isinstance(storage, LocalStorage):
        if not os.access(storage.root, os.W_OK | os.X_OK):
            raise RuntimeError(f"the media folder is missing or not writable: {storage.root}")
        return
    head = getattr(storage, "head", None)  # an object store: one request, "missing" is fine
    if head is not None:
        head(MEDIA_PROBE)
    else:
        storage.exists(MEDIA_PROBE)


#: what readiness needs, in the order they are checked
CHECKS = {"database": check_database, "queue": check_queue, "media": check_media}


def readiness(app):
    """``(ready, checks)``: each check's outcome, with the reason of those that failed."""
    results = {}
    for name, check in CHECKS.items():
        try:
            check(app)
            results[name] = {"ok": True}
        except Exception as exc:  # noqa: BLE001 - whatever fails, the answer says it and goes on
            reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
            results[name] = {"ok": False, "error": f"{type(exc).__name__}: {reason}"}
            log.warning("not ready: %s: %s", name, reason)
    return all(result["ok"] for result in results.values()), results


def init_app(app):
    @app.route("/healthz")
    def healthz():
        return jsonify(status="ok")

    @app.route("/readyz")
    def readyz():
        ready, checks = readiness(app)
        if ready:
            response = jsonify(status="ready", checks=checks)
        else:
            failed = [name for name, result in checks.items() if not result["ok"]]
            response = jsonify(status="not ready", checks=checks,
                               message=f"Not ready: {', '.join(failed)} unreachable.")
            response.status_code = 503
            response.headers["Retry-After"] = "5"
        response.headers["Cache-Control"] = "no-store"
        return response
