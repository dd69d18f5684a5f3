"""Every request has an id: the caller's ``X-Request-ID`` when it is a plain token, else a new
one. It is returned on the response, put on each log line of the request, and carried into the
meta of the job the request enqueues (``core.jobs.enqueue``), whose worker logs it on the lines of
that job (``of_job``)."""
import contextvars
import os
import re

from flask import g, has_request_context, request

HEADER = "X-Request-ID"
ACCEPTED = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")

_job = contextvars.ContextVar("request_id", default=None)  # the id of the job being run


def current():
    """The id of the request being served, else of the job being run, else None."""
    if has_request_context():
        return g.get("request_id")
    return _job.get()


def of_job(rq_job):
    """The job's lines are logged with the id of the request that enqueued it."""
    _job.set((rq_job.meta or {}).get("request_id") if rq_job is not None else None)


def _take():
    sent = request.environ.get("HTTP_X_REQUEST_ID")  # (werkzeug's header lookup costs more)
    g.request_id = sent if sent and ACCEPTED.fullmatch(sent) else os.urandom(16).hex()


def _give(response):
    response.headers[HEADER] = g.get("request_id") or ""
    return response


def init_app(app):
    app.before_request_funcs.setdefault(None, []).insert(0, _take)  # before any hook logs
    app.after_request(_give)
