"""Counting views off the hot path: in Redis at once, folded into ``views`` in batches.

With a Redis (``REDIS_URL``, the embedded queue of `dreadforge run` included) and
``VIEW_BATCH_SECONDS`` above 0 (``DREADFORGE_VIEW_BATCH``, 1 by default), a view costs the story
page one Redis call (a script, ``COUNT``) and no database write: a key per viewer and item for
the hour (the same rule, once per viewer per hour), the view queued, and a pending count per item
that every page adds to the stored ``views`` (the viewer sees their own view at once). Each web
process folds the queue into the ``views`` table and counters every ``VIEW_BATCH_SECONDS`` (one
process at a time, under a Redis lock), and once more when it exits. Without Redis (or with 0),
views are written at once (``core.services.engagement.count_view``).
"""
import atexit
import datetime as dt
import hashlib
import logging
import os
import threading
import time
from collections import Counter

import redis
from flask import current_app

from core import db
from core.config import setting
from core.models import Story, Video, View

log = logging.getLogger(__name__)
WINDOW_SECONDS = 3600
MODELS = {"story": Story, "video": Video}
REDIS_DOWN_PAUSE = 5
_clients, _folders = {}, {}
#: a view counted unless this viewer's was within the window, in one round trip: (counted, the
#: item's pending views)
COUNT = """
if redis.call('SET', KEYS[1], 1, 'NX', 'EX', ARGV[1]) then
  redis.call('RPUSH', KEYS[2], ARGV[2])
  return {1, redis.call('HINCRBY', KEYS[3], ARGV[3], 1)}
end
return {0, tonumber(redis.call('HGET', KEYS[3], ARGV[3]) or '0')}
"""
_down_until = [0.0]


def enabled(app=None):
    app = app or current_app
    return (bool(app.config.get("REDIS_URL")) and float(app.config.get("VIEW_BATCH_SECONDS", 0)) > 0
            and time.monotonic() >= _down_until[0])  # Redis that failed is left alone a moment


def _namespace(app=None):
    """Keys of this database (tests share one Redis between databases and runs)."""
    app = app or current_app
    digest = hashlib.blake2s(str(app.config["DATABASE_URL"]).encode(), digest_size=6).hexdigest()
    return f"{setting('DREADFORGE_QUEUE_PREFIX')}views:{digest}:"


def _connection(app):
    """``(client, COUNT on it)``: this process's Redis client and its counting script; starts
    the folding thread of this database on first use."""
    url, pid = app.config["REDIS_URL"], os.getpid()
    if (pid, url) not in _clients:
        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=2)
        _clients[(pid, url)] = client, client.register_script(COUNT)
    namespace = _namespace(app)
    if (pid, namespace) not in _folders:
        real = app._get_current_object() if hasattr(app, "_get_current_object") else app
        _folders[(pid, namespace)] = start_folder(real)
    return _clients[(pid, url)]


def _client(app):
    return _connection(app)[0]


def count(content, kind, viewer_key):
    """Count a view of ``content`` by ``viewer_key`` unless counted within the hour; sets
    ``content.views`` to the stored count plus the pending ones. None when Redis fails (the
    caller then writes the view itself)."""
    count_script = _connection(current_app)[1]
    ns, item = _namespace(), f"{kind}:{content.id}"
    try:
        counted, pending = count_script(
            keys=[f"{ns}seen:{item}:{viewer_key}", f"{ns}queue", f"{ns}pending"],
            args=[WINDOW_SECONDS, f"{item}:{viewer_key}:{time.time()}", item])
    except (redis.RedisError, OSError):
        _down_until[0] = time.monotonic() + REDIS_DOWN_PAUSE
        return None
    content.views = (content.views or 0) + int(pending)
    return bool(counted)


def pending_views(kind, content_id):
    """Views of an item not folded yet (0 without batching or when Redis does not answer)."""
    if not enabled():
        return 0
    try:
        return int(_client(current_app).hget(f"{_namespace()}pending", f"{kind}:{content_id}") or 0)
    except (redis.RedisError, OSError):
        return 0


def fold(app):
    """Move the queued views into the database: View rows and ``views`` counters, in one
    transaction."""
    client, ns = _client(app), _namespace(app)
    if not client.set(f"{ns}fold-lock", os.getpid(), nx=True, px=30_000):
        return 0
    try:
        pipe = client.pipeline(transaction=True)
        pipe.lrange(f"{ns}queue", 0, -1)
        pipe.delete(f"{ns}queue")
        entries = pipe.execute()[0]
        if not entries:
            return 0
        views = [parse(entry.decode()) for entry in entries]
        with app.app_context():
            db.database.connect(reuse_if_open=True)
            try:
                _write(views)
            except Exception:
                client.rpush(f"{ns}queue", *entries)  # kept for the next fold
                raise
            finally:
                if not db.is_sqlite():
                    db.database.close()
        done = Counter(f"{kind}:{content_id}" for kind, content_id, _v, _s in views)
        pipe = client.pipeline(transaction=True)
        for item, n in done.items():
            pipe.hincrby(f"{ns}pending", item, -n)
        pipe.execute()
        return len(views)
    finally:
        client.delete(f"{ns}fold-lock")


def parse(entry):
    """``(kind, content id, viewer key, unix time)`` of a queued view (viewer keys have colons)."""
    kind, content_id, rest = entry.split(":", 2)
    viewer, stamp = rest.rsplit(":", 1)
    return kind, int(content_id), viewer, float(stamp)


def _write(views):
    with db.write_transaction():
        for kind, model in MODELS.items():
            wanted = {content_id for k, content_id, _v, _s in views if k == kind}
            if not wanted:
                continue
            alive = {row_id for (row_id,) in model.select(model.id)
                     .where(model.id.in_(list(wanted))).tuples()}
            rows = [{kind: content_id, "viewer": viewer, "created_at": dt.datetime.fromtimestamp(
                        stamp, dt.UTC).replace(tzinfo=None)}
                    for k, content_id, viewer, stamp in views if k == kind and content_id in alive]
            if rows:
                View.insert_many(rows).execute()
            for content_id, n in Counter(row[kind] for row in rows).items():
                model.update(views=model.views + n).where(model.id == content_id).execute()


def start_folder(app):
    """This process's folding thread (and a last fold at exit)."""
    stop = threading.Event()
    period = float(app.config.get("VIEW_BATCH_SECONDS", 1))

    def loop():
        while not stop.wait(period):
            try:
                fold(app)
            except Exception as exc:  # noqa: BLE001 (retried: the views stay queued)
                log.warning("folding views failed: %s: %s", exc.__class__.__name__, exc)

    def last_fold():
        stop.set()
        try:
            fold(app)
        except Exception:  # noqa: BLE001
            pass
    threading.Thread(target=loop, name="view-folder", daemon=True).start()
    atexit.register(last_fold)
    return stop
