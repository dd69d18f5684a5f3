"""Where jobs queue: the Redis connection, the queue names, the identity of the queue a job row
was put on, and which workers serve which queues (what the admin's Jobs tab and a waiting job's
notice read)."""
import json
import os
import socket
import time
import uuid

import redis

from core.config import setting

# --- connections ---------------------------------------------------------------------------------

_connections = {}


def queue_prefix():
    return setting("DREADFORGE_QUEUE_PREFIX")


def queue_name(name):
    return f"{queue_prefix()}{name}"


#: seconds a read may wait for Redis's answer. RQ's worker waits for a job in BLPOP up to its
#: dequeue timeout (405 s) and wants 10 s more on its connection; redis-py 8 reads for 5 s by
#: default, and the connections made before RQ raised that kept 5 s: every idle worker's wait
#: was cut short and logged as an error ("could not connect to Redis instance: Timeout reading
#: from socket"), then retried after a pause of up to 4 s (a job enqueued then waited for it).
READ_TIMEOUT = 420


def connection(url=None):
    """The Redis connection for ``url`` (``redis://…`` or ``unix://…``)."""
    url = url or setting("REDIS_URL")
    if not url:
        raise RuntimeError("REDIS_URL is not set: start the embedded queue with `dreadforge run`")
    if url not in _connections:
        # a queue that is down answers at once; a host that is gone is given up after 3 s
        _connections[url] = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=READ_TIMEOUT)
    return _connections[url]


def app_connection(app):
    """The app's queue: REDIS_URL, or else the embedded server of its data folder (started now
    if `dreadforge run` did not start it already)."""
    url = app.config.get("REDIS_URL") or setting("REDIS_URL")
    if not url:
        from core.queue_server import start_embedded_redis
        _process, url = start_embedded_redis(app.config["DATA_DIR"])
        app.config["REDIS_URL"] = url
    return connection(url)


# --- which queue (a job row names the queue it was put on) ---------------------------------------
#
# Every Redis a site's processes use carries an identity, a random name the first process to use
# it writes there; a job row stores the identity (with the queue prefix) of the queue it was put
# on, and only processes of that queue reconcile it. A worker started with another REDIS_URL (a
# wrong db number, the other side of a Redis migration) but the same database then leaves the
# other queue's jobs alone instead of failing them as "lost". A Redis that restarted empty gets
# its identity back from the first process that knew it; if a fresh one wrote a new identity
# first, the old one is recorded beside it (``ALIASES_KEY``) and still counts as this queue's.

IDENTITY_KEY = "dreadforge:queue-identity"
ALIASES_KEY = "dreadforge:queue-identity:previous"
IDENTITY_CACHE_SECONDS = 2.0
_seen = {}  # Redis connection -> the identities read through it, newest last
_own = {}  # (Redis connection, prefix) -> (monotonic time, identities of that queue)


def redis_identity(conn):
    """The identity of the Redis behind ``conn`` (written there now if it has none), or the last
    one seen through it when Redis cannot be reached (None if none was)."""
    seen = _seen.setdefault(conn, [])
    try:
        current = conn.get(IDENTITY_KEY)
        if current is None:  # a new Redis, or one that restarted empty
            conn.set(IDENTITY_KEY, seen[-1] if seen else uuid.uuid4().hex[:16], nx=True)
            current = conn.get(IDENTITY_KEY)
        current = current.decode()
        if seen and current != seen[-1]:  # a process new to it wrote another first: same queue
            conn.sadd(ALIASES_KEY, *seen)
    except (redis.RedisError, AttributeError):
        return seen[-1] if seen else None
    if current not in seen:
        seen.append(current)
    return current


def queue_identity(conn):
    """What a job row put on ``conn``'s queues stores: ``{Redis identity}/{queue prefix}``."""
    identity = redis_identity(conn)
    return None if identity is None else f"{identity}/{queue_prefix()}"


def own_identities(conn):
    """Every ``queue_identity`` that names the queue behind ``conn`` (briefly cached)."""
    key = (conn, queue_prefix())
    cached = _own.get(key)
    if cached and time.monotonic() - cached[0] < IDENTITY_CACHE_SECONDS:
        return cached[1]
    redis_identity(conn)
    identities = set(_seen.get(conn, ()))
    try:
        identities |= {alias.decode() for alias in conn.smembers(ALIASES_KEY)}
    except redis.RedisError:
        pass
    own = frozenset(f"{identity}/{key[1]}" for identity in identities)
    _own[key] = (time.monotonic(), own)
    return own


def is_own(job, conn):
    """Whether ``job`` was put on the queue behind ``conn`` (rows from before migration 0014
    name no queue: every process may reconcile them, as then)."""
    return job.queue_ident is None or job.queue_ident in own_identities(conn)


# --- workers (each says which queues it serves, every few seconds) -------------------------------

WORKERS_KEY = "dreadforge:workers"
#: a worker not heard of for this long is forgotten
FORGET_AFTER = 86400


def announce(conn, queues, ttl, name=None):
    """Record that this process serves ``queues`` (short names) and is alive for ``ttl`` s."""
    now = _redis_time(conn)
    me = f"{socket.gethostname()}:{os.getpid()}"
    conn.hset(queue_name(WORKERS_KEY), me, json.dumps(
        {"name": name or me, "host": socket.gethostname(), "pid": os.getpid(),
         "queues": list(queues), "seen": now, "ttl": ttl}))


def withdraw(conn):
    """This process no longer serves any queue (it stops)."""
    conn.hdel(queue_name(WORKERS_KEY), f"{socket.gethostname()}:{os.getpid()}")


def workers(conn):
    """The workers that announced themselves on this queue, each a dict: name, host, pid,
    queues, lastSeen (seconds since the epoch), alive (heard of within its own ttl)."""
    key = queue_name(WORKERS_KEY)
    now = _redis_time(conn)
    found, forgotten = [], []
    for field, value in conn.hgetall(key).items():
        try:
            entry = json.loads(value)
            seen = float(entry["seen"])
        except (ValueError, KeyError, TypeError):
            forgotten.append(field)
            continue
        if now - seen > FORGET_AFTER:
            forgotten.append(field)
            continue
        found.append({"name": entry.get("name") or field.decode(), "host": entry.get("host"),
                      "pid": entry.get("pid"), "queues": entry.get("queues") or [],
                      "lastSeen": seen, "alive": now - seen <= float(entry.get("ttl") or 30)})
    if forgotten:
        conn.hdel(key, *forgotten)
    return sorted(found, key=lambda w: (not w["alive"], w["name"]))


def serving(conn, queue):
    """The live workers of ``queue`` (a short name), or None when Redis cannot say."""
    try:
        return [w for w in workers(conn) if w["alive"] and queue in w["queues"]]
    except redis.RedisError:
        return None


def _redis_time(conn):
    seconds, micros = conn.time()  # one clock for every machine
    return seconds + micros / 1e6
