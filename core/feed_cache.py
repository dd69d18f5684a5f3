"""A short-lived cache of anonymous feed pages, and the HTTP caching headers of hot responses.

A page a visitor gets (no one signed in) is the same for every visitor: it is kept for
``FEED_CACHE_SECONDS`` (``DREADFORGE_FEED_CACHE``, 2 by default, 0 turns the cache off) in the
shared Redis when the app has one (``REDIS_URL``, the embedded queue of `dreadforge run` included:
every web process sees the same pages) and in the process's memory otherwise. Every write request
that succeeds (publishing, editing or deleting a story or video, a like, a comment, a moderation)
calls ``invalidate()`` once it is committed: the cache moves to a new generation, so a new story
is in the feed at the next request (what workers change, a render's progress, shows within the
cache's seconds). A signed-in reader's story feed is the visitors' page with their own likes
marked on it (one query), so it shares the cache too. When a page runs out, one thread per
process builds it again and the others asking for it wait for that page. Redis that does not
answer is skipped (the page is built as without a cache) for a few seconds.

Every hot response carries an ``ETag`` (a 304 when it matches ``If-None-Match``); anonymous feed
pages are ``Cache-Control: public, max-age=FEED_MAX_AGE`` (1 s) with ``Vary: Cookie`` (signed in,
``isLikedByUser`` differs), the rest ``private, no-cache``.
"""
import hashlib
import json
import os
import threading
import time
import tomllib
from pathlib import Path

import redis
from flask import current_app, request

from core.config import setting
from core.turns import holding

REDIS_DOWN_PAUSE = 5
WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
#: URL rule -> the write methods on it that leave the feeds as they are
NEUTRAL_WRITES = tomllib.loads(
    (Path(__file__).with_name("data") / "feed_neutral_writes.toml").read_text("utf-8"))["rules"]
#: the generation and the page in one round trip
LOOKUP = """
local generation = redis.call('GET', KEYS[1]) or '0'
return {generation, redis.call('HGET', KEYS[2] .. generation, ARGV[1])}
"""

_local = {"generation": 0, "pages": {}}
_lock = threading.Lock()
_building = {}  # page key -> the lock of whoever builds it
_read = {}  # a visitors' page's body -> its items, read once per process (a page lives seconds)
_redis = {"pid": None, "url": None, "client": None, "script": None, "down_until": 0.0}


def seconds(app=None):
    return float((app or current_app).config.get("FEED_CACHE_SECONDS", 2))


def _namespace(app):
    """Keys of this database (tests share one Redis between databases and runs)."""
    digest = hashlib.blake2s(str(app.config["DATABASE_URL"]).encode(), digest_size=6).hexdigest()
    return f"{setting('DREADFORGE_QUEUE_PREFIX')}feedcache:{digest}:"


def _client(app):
    url = app.config.get("REDIS_URL")
    if not url or time.monotonic() < _redis["down_until"]:
        return None
    if _redis["pid"] != os.getpid() or _redis["url"] != url:
        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        _redis.update(pid=os.getpid(), url=url, client=client,
                      script=client.register_script(LOOKUP))
    return _redis["client"]


def _redis_failed():
    _redis["down_until"] = time.monotonic() + REDIS_DOWN_PAUSE


def lookup(key):
    """``(generation, page or None)``; generation None: no cache now."""
    app = current_app._get_current_object()
    if seconds(app) <= 0:
        return None, None
    client = _client(app)
    if client is None:
        with _lock:
            generation = _local["generation"]
            entry = _local["pages"].get((_namespace(app), key))
        if entry and entry[0] == generation and entry[1] > time.monotonic():
            return generation, entry[2]
        return generation, None
    namespace = _namespace(app)
    try:
        generation, raw = _redis["script"](keys=[namespace + "gen", namespace + "pages:"],
                                           args=[key])
    except (redis.RedisError, OSError):
        _redis_failed()
        return None, None
    page = None if raw is None else Page.decode(raw)
    if page is not None and time.time() - page.built_at > seconds(app):
        page = None  # the hash outlives its first pages while new ones keep arriving
    return generation, page


def store(key, generation, page):
    app = current_app._get_current_object()
    ttl = seconds(app)
    if generation is None or ttl <= 0:
        return
    client = _client(app)
    if client is None:
        with _lock:
            pages = _local["pages"]
            if len(pages) > 2000:
                pages.clear()
            pages[(_namespace(app), key)] = (generation, time.monotonic() + ttl, page)
        return
    if isinstance(generation, bytes):
        generation = generation.decode()
    name = f"{_namespace(app)}pages:{generation}"
    try:
        pipe = client.pipeline(transaction=False)
        pipe.hset(name, key, page.encode())
        pipe.pexpire(name, int(ttl * 1000))
        pipe.execute()
    except (redis.RedisError, OSError):
        _redis_failed()


def invalidate(app=None):
    """Every cached page is out of date (a story or video was published, changed or deleted)."""
    app = app or current_app._get_current_object()
    if seconds(app) <= 0:
        return  # no cache here (nor, then, in the other processes of this site)
    with _lock:
        _local["generation"] += 1
        _local["pages"].clear()
    client = _client(app)
    if client is not None:
        try:
            client.incr(_namespace(app) + "gen")
        except (redis.RedisError, OSError):
            _redis_failed()


class Page:
    """A built response: its body, its headers and when it was built."""

    def __init__(self, body, headers, built_at=None):
        self.body, self.headers = body, headers
        self.built_at = built_at or time.time()

    def encode(self):
        head = "\n".join(f"{name}: {value}" for name, value in self.headers.items())
        return f"{self.built_at}\n{len(head)}\n{head}".encode() + self.body

    @classmethod
    def decode(cls, raw):
        built_at, length, rest = raw.split(b"\n", 2)
        head, body = rest[:int(length)].decode(), rest[int(length):]
        headers = dict(line.split(": ", 1) for line in head.split("\n") if line)
        return cls(body, headers, float(built_at))


def cache_key():
    return request.path + "?" + "&".join(
        f"{name}={value}" for name, value in sorted(request.args.items(multi=True)))


def respond(page, public):
    """The response of a page: ETag, 304 when the client has it, caching headers."""
    response = current_app.response_class(page.body, mimetype="application/json",
                                          headers=page.headers)
    if public:
        response.headers["Cache-Control"] = (
            f"public, max-age={int(current_app.config.get('FEED_MAX_AGE', 1))}")
        response.vary.add("Cookie")
        response.last_modified = page.built_at
    else:
        response.headers["Cache-Control"] = "private, no-cache"
    response.add_etag()
    return response.make_conditional(request)


def json_page(data, headers=None):
    body = current_app.json.response(data).get_data()
    return Page(body, dict(headers or {}))


def _build_lock(key):
    with _lock:
        lock = _building.get(key)
        if lock is None:
            if len(_building) > 2000:
                _building.clear()
            lock = _building[key] = threading.Lock()
        return lock


def visitors_page(build):
    """This request's page as a visitor gets it: cached when there is one, else ``build()``
    (a Page), kept for the next visitors. When a page runs out, one thread of the process builds
    it again while the others asking for it wait for that page (not one build each)."""
    key = cache_key()
    generation, page = lookup(key)
    if page is not None:
        return page
    if generation is None:  # no cache now: nothing to wait for
        return build()
    with holding(_build_lock(key)):  # the builder's queries give its turn away meanwhile
        generation, page = lookup(key)
        if page is None:
            page = build()
            store(key, generation, page)
    return page


def cached_page(build, public):
    """The response for this request: the visitors' page for a visitor, else ``build()``."""
    if not public:
        return respond(build(), public=False)
    return respond(visitors_page(build), public=True)


def feed_page(build, user, personalise):
    """A feed's response: the visitors' page (``build()`` for a visitor, cached); for a signed-in
    reader the same page with ``personalise(items, user)`` applied to its items (their likes; it
    may set an item's own keys: each is a copy), never cached, never shared."""
    page = visitors_page(build)
    if user is None:
        return respond(page, public=True)
    visitors = _items(page)
    items = personalise([dict(item) for item in visitors], user)
    if items == visitors:  # the reader liked none of them: the visitors' body as it is
        return respond(page, public=False)
    return respond(json_page(items, page.headers), public=False)


def _items(page):
    """The items of a visitors' page, read from its JSON once per process: a signed-in reader's
    feed asks for them on every request (reading and writing the JSON again was an eighth of
    that request's time)."""
    items = _read.get(page.body)
    if items is None:
        if len(_read) > 256:
            _read.clear()
        items = _read[page.body] = json.loads(page.body)
    return items


def changes_no_card():
    """The request is a write that cannot change a feed card (``data/feed_neutral_writes.toml``:
    a reading place, a draft autosave, a sign-in...)."""
    rule = request.url_rule
    return rule is not None and request.method in NEUTRAL_WRITES.get(rule.rule, ())


def invalidate_after_writes(response):
    """A write that succeeded may change a feed (a story, a like, a moderation): new generation."""
    if request.method in WRITE_METHODS and response.status_code < 400 \
            and request.path.startswith("/api/") and not changes_no_card():
        invalidate()
    return response


def init_app(app):
    app.after_request(invalidate_after_writes)
