"""Prometheus metrics on ``/metrics`` with ``DREADFORGE_METRICS=1`` (docs/operations.md); off, no
hook is installed and no request pays for them, and ``/metrics`` is a 404.

prometheus-client's multi-process mode: each process (a gunicorn web process, a worker) writes
its counts into files of ``$DREADFORGE_DATA/metrics`` (``PROMETHEUS_MULTIPROC_DIR``), and a scrape
adds them up. `dreadforge run` removes the files of processes no longer running when it starts
(``clean``). RQ runs each job in a forked work horse: the horses of one worker write one file,
``<worker pid>-jobs`` (one after the other, never together), not one file per job.

Queue depth and the workers alive per queue are read from Redis at each scrape (all machines'
workers); the job counts and durations are those of the workers sharing this data folder."""
import hmac
import logging
import os
import time
from pathlib import Path

from flask import g, request

from core.config import setting

log = logging.getLogger("dreadforge.jobs")

FOLDER = "metrics"
#: seconds: a web request (the feed: a few ms; a long-poll: up to a minute)
REQUEST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)
#: seconds: a job (a suggestion: seconds; a story: a minute; a render: many minutes)
JOB_BUCKETS = (1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600)

_state = {"pid": None, "jobs_of": None, "metrics": None}


def enabled():
    return setting("DREADFORGE_METRICS")


def folder(data_dir):
    return Path(data_dir) / FOLDER


def _process_identifier():
    """The file a process writes: its pid; a job's work horse, its worker's (``in_job``)."""
    return _state["jobs_of"] or os.getpid()


def setup(data_dir):
    """Multi-process mode in ``data_dir``/metrics, for this process and those it starts."""
    path = folder(data_dir)
    path.mkdir(parents=True, exist_ok=True)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(path)
    from prometheus_client import values
    if _state["metrics"] is None:
        values.ValueClass = values.MultiProcessValue(process_identifier=_process_identifier)
        _state["metrics"] = _define()
    _state["pid"] = os.getpid()
    return path


def clean(data_dir):
    """Remove the files of processes that no longer run (`dreadforge run` at its start)."""
    import psutil
    path = folder(data_dir)
    for file in path.glob("*.db") if path.is_dir() else ():
        owner = file.stem.rsplit("_", 1)[-1].split("-", 1)[0]
        if not owner.isdigit() or not psutil.pid_exists(int(owner)) or int(owner) == os.getpid():
            file.unlink(missing_ok=True)


def _define():
    from prometheus_client import Counter, Histogram
    return {
        "requests": Counter("dreadforge_http_requests", "HTTP requests answered, by route (the "
                            "URL rule), method and status", ["route", "method", "status"]),
        "latency": Histogram("dreadforge_http_request_duration_seconds", "Time to answer a "
                             "request, by route and method", ["route", "method"],
                             buckets=REQUEST_BUCKETS),
        "jobs": Counter("dreadforge_jobs", "Jobs run by the workers, by queue, kind and outcome "
                        "(completed, failed)", ["queue", "kind", "outcome"]),
        "job_seconds": Histogram("dreadforge_job_duration_seconds", "Time a job ran, by queue "
                                 "and kind (video.render: renders, story.generate: stories)",
                                 ["queue", "kind"], buckets=JOB_BUCKETS),
    }


# --- web requests --------------------------------------------------------------------------------


def _start():
    g.metrics_started = time.perf_counter()


def _record(response):
    started = g.get("metrics_started")
    if started is not None:
        rule = request.url_rule
        route = rule.rule if rule is not None else "(none)"
        metrics = _state["metrics"]
        metrics["requests"].labels(route, request.method, str(response.status_code)).inc()
        metrics["latency"].labels(route, request.method).observe(time.perf_counter() - started)
    return response


def exposition(app):
    """The text a scrape reads: every process's counts, then the queues as Redis has them."""
    from prometheus_client import CollectorRegistry, generate_latest, multiprocess
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    registry.register(QueueCollector(app))
    return generate_latest(registry)


class QueueCollector:
    """``dreadforge_queue_depth`` and ``dreadforge_workers_alive`` per queue, read at the
    scrape (RQ's worker registry: a worker that stops heartbeating drops out of it)."""

    def __init__(self, app):
        self.app = app

    def collect(self):
        import redis
        from prometheus_client.core import GaugeMetricFamily
        from rq import Queue, Worker

        from core import job_queues, jobs
        depth = GaugeMetricFamily("dreadforge_queue_depth", "Jobs waiting in each queue",
                                  labels=["queue"])
        alive = GaugeMetricFamily("dreadforge_workers_alive", "Workers serving each queue",
                                  labels=["queue"])
        up = GaugeMetricFamily("dreadforge_queue_up", "1 when the queue (Redis) answered")
        try:
            conn = job_queues.app_connection(self.app)
            workers = Worker.all(connection=conn)
            for name in jobs.QUEUES:
                queue = Queue(job_queues.queue_name(name), connection=conn)
                depth.add_metric([name], queue.count)
                alive.add_metric([name], sum(1 for worker in workers
                                             if queue.name in worker.queue_names()))
            up.add_metric([], 1)
        except (redis.RedisError, OSError) as exc:  # the counts are still scraped
            log.warning("metrics: the queue did not answer: %s", exc)
            up.add_metric([], 0)
        yield from (depth, alive, up)


def _authorized():
    token = setting("DREADFORGE_METRICS_TOKEN")
    if not token:
        return True
    sent = request.headers.get("Authorization", "")
    return hmac.compare_digest(sent.encode(), f"Bearer {token}".encode())


def init_app(app):
    """Off (the default): nothing. On: the multi-process files, the request hooks, /metrics."""
    if not enabled():
        return
    setup(app.config["DATA_DIR"])
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_record)

    @app.route("/metrics")
    def metrics():
        from flask import Response, jsonify
        from prometheus_client import CONTENT_TYPE_LATEST
        if not _authorized():
            response = jsonify(code=401, status="Unauthorized", message="Unauthorized")
            response.status_code = 401
            response.headers["WWW-Authenticate"] = "Bearer"
            return response
        response = Response(exposition(app), mimetype=None)
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        response.headers["Cache-Control"] = "no-store"
        return response


# --- jobs (core.worker) --------------------------------------------------------------------------


def in_job():
    """Called as a job starts: a work horse forked from its worker writes the worker's jobs
    file (``<worker pid>-jobs``), not a file of its own per job."""
    if _state["metrics"] is not None and os.getpid() != _state["pid"]:
        _state["jobs_of"] = f"{_state['pid']}-jobs"


def job_finished(job_id, seconds):
    """The job's outcome logged (with the request id of ``core.request_id``) and counted."""
    from core.models import Job
    try:
        job = Job.get_or_none(Job.id == job_id)
    except Exception:
        log.exception("job %s: its outcome could not be read", job_id)
        return
    if job is None:
        return
    log.info("job %s (%s, queue %s) %s in %.1f s%s", job.id, job.kind, job.queue, job.status,
             seconds, f": {job.error}" if job.error else "")
    metrics = _state["metrics"]
    if metrics is not None:
        metrics["jobs"].labels(job.queue, job.kind, str(job.status)).inc()
        metrics["job_seconds"].labels(job.queue, job.kind).observe(seconds)
