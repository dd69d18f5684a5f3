"""Sample engagement plugin: posts events to operator-configured webhooks, queued on RQ.

::

    [webhooks]
    urls = ["https://example.com/hooks/dreadforge"]
    secret_env = "DREADFORGE_WEBHOOK_SECRET"   # optional: the NAME of the variable with the secret
    events = ["published", "liked", "commented", "shared"]   # default: all of EVENTS
    timeout = 10

With no ``urls`` the plugin does nothing. Each event is one POST of a JSON body, delivered by a
worker (``default`` queue) and retried 3 times (after 1, 5 and 30 seconds) when the receiver does
not answer 2xx. With a secret, ``X-Dreadforge-Signature: sha256=<hex>`` is the HMAC-SHA256 of the
raw body, as GitHub does it; receivers compare it with ``hmac.compare_digest``.
"""
import datetime as dt
import hashlib
import hmac
import json
import logging
import os
import urllib.error
import urllib.request
import uuid

import redis
from flask import current_app, has_request_context, request
from marshmallow import Schema, fields, validate
from rq import Queue, Retry

from core import job_queues
from core.hookspecs import hookimpl
from core.providers import Pluggable

log = logging.getLogger(__name__)

EVENTS = ("published", "liked", "commented", "shared", "followed", "video_made", "moderated",
          "report_closed", "series_part")
RETRY = {"max": 3, "interval": [1, 5, 30]}
SIGNATURE_HEADER = "X-Dreadforge-Signature"
EVENT_HEADER = "X-Dreadforge-Event"
DELIVERY_HEADER = "X-Dreadforge-Delivery"


class WebhookOptions(Schema):
    urls = fields.List(fields.Url(schemes={"http", "https"}, require_tld=False),
                       load_default=list)
    secret_env = fields.String(load_default=None)
    events = fields.List(fields.String(validate=validate.OneOf(EVENTS)),
                         load_default=lambda: list(EVENTS))
    timeout = fields.Float(load_default=10.0, validate=validate.Range(min=0.1, max=120))


class Webhooks(Pluggable):
    """The ``[webhooks]`` section of plugins.toml."""

    name = "webhooks"
    label = "Webhooks"
    Options = WebhookOptions
    secret_env_options = ("secret_env",)


#: plugin-owned sections of plugins.toml, validated by the plugin host
config_sections = [Webhooks]


# --- payloads ------------------------------------------------------------------------------------


def iso(value):
    return value.isoformat() if isinstance(value, (dt.datetime, dt.date)) else value


def person(user):
    if user is None:
        return None
    return {"id": user.id, "firstName": getattr(user, "first_name", None)}


def describe_content(content, kind):
    path = f"/{kind}/{content.id}"
    data = {"id": content.id, "kind": kind, "title": content.title, "path": path,
            "userId": content.user_id, "isPublic": content.is_public}
    if has_request_context():
        data["url"] = request.host_url.rstrip("/") + path
    return data


def sign(secret, body):
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def emit(host, event, payload):
    """Queue one delivery per configured URL; does nothing when no URL is configured."""
    settings = host.settings("webhooks")
    if not settings["urls"] or event not in settings["events"]:
        return []
    body = json.dumps({"event": event, "occurredAt": dt.datetime.now(dt.UTC).isoformat(),
                       **payload}, default=iso).encode()
    headers = {"Content-Type": "application/json", EVENT_HEADER: event,
               "User-Agent": "Dreadforge-Webhooks/1"}
    secret = os.environ.get(settings["secret_env"]) if settings["secret_env"] else None
    if secret:
        headers[SIGNATURE_HEADER] = sign(secret, body)
    queue = Queue(job_queues.queue_name("default"), connection=job_queues.app_connection(current_app))
    queued = []
    try:
        for url in settings["urls"]:
            delivery = uuid.uuid4().hex
            queued.append(queue.enqueue(
                "plugins.webhooks.deliver", url, body, {**headers, DELIVERY_HEADER: delivery},
                settings["timeout"], retry=Retry(**RETRY), job_id=f"webhook-{delivery}",
                result_ttl=86400, failure_ttl=7 * 86400, description=f"webhook {event} to {url}"))
    except (redis.RedisError, OSError) as exc:  # the action itself succeeded: never fail it
        log.warning("webhook %s not queued, the queue is unreachable: %s", event, exc)
    return queued


class DeliveryError(Exception):
    """The receiver did not answer 2xx (RQ retries the job)."""


def deliver(url, body, headers, timeout=10.0):
    """The RQ job: POST the body; raise (so RQ retries) unless the receiver answers 2xx."""
    req = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            status = response.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, OSError) as exc:
        raise DeliveryError(f"{url}: {exc}") from None
    if not 200 <= status < 300:
        raise DeliveryError(f"{url} answered {status}")
    return status


# --- hooks ---------------------------------------------------------------------------------------


@hookimpl
def on_published(content, kind, host):
    emit(host, "published", {"content": describe_content(content, kind)})


@hookimpl
def on_liked(content, kind, user, host):
    emit(host, "liked", {"content": describe_content(content, kind), "user": person(user)})


@hookimpl
def on_commented(comment, content, kind, host):
    emit(host, "commented", {"content": describe_content(content, kind),
                       "comment": {"id": comment.id, "parentId": comment.parent_id,
                                   "content": comment.content},
                       "user": person(getattr(comment, "user", None))})


@hookimpl
def on_shared(content, kind, platform, share_type, user, host):
    emit(host, "shared", {"content": describe_content(content, kind), "platform": platform,
                    "shareType": share_type, "user": person(user)})


@hookimpl
def on_followed(follower, followed, host):
    emit(host, "followed", {"user": person(follower), "followed": person(followed)})


@hookimpl
def on_video_made(video, story, host):
    emit(host, "video_made", {"content": describe_content(video, "video"),
                              "story": describe_content(story, "story")})


@hookimpl
def on_series_part(story, series, host):
    emit(host, "series_part", {"content": describe_content(story, "story"), "series": {
        "id": series.id, "title": series.title, "part": story.series_part}})


@hookimpl
def on_moderated(action, content, kind, host):
    emit(host, "moderated", {"action": action, "content": describe_content(content, kind)})


@hookimpl
def on_report_closed(report, host):
    emit(host, "report_closed", {"report": {
        "id": report.id, "status": report.status, "storyId": report.story_id,
        "videoId": report.video_id, "commentId": report.comment_id}})
