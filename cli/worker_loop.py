"""`dreadforge worker`: an RQ worker that outlives Redis restarts, with a reaper beside it.

RQ retries a lost connection for a while and then gives up; a deployment wants the worker back as
soon as Redis is, so ``work`` starts RQ again with a growing pause (one log line per attempt). The
reaper thread fails the jobs the queue lost (a Redis restart empties it), so every list shows them
failed with a reason, not "processing" forever.
"""
import signal
import threading
import time

import click
import redis

from core.config import setting

#: pauses between attempts to reach the queue again (seconds); the last one repeats, so a worker
#: takes jobs again at most 15 s after the queue is back
BACKOFF = (1, 2, 4, 8, 15)
#: RQ ran this long without a fault: the next fault starts the backoff from the beginning
STEADY_SECONDS = 60


def reap_seconds():
    return setting("DREADFORGE_REAP_SECONDS")


def start_reaper(app, conn, stop, queues=(), name=None):
    """Every few seconds, say that this worker serves ``queues`` (short names: the admin's Jobs
    tab and a waiting job's notice read it) and fail the jobs of its queue whose worker died or
    that the queue lost (a render the queue lost is put on it again once)."""
    from core import job_queues, job_reaper
    from core.db import database

    def tick():
        try:
            with app.app_context():
                database.connect(reuse_if_open=True)
                try:
                    job_reaper.reap(conn, queues, ttl=3 * reap_seconds() + 5, name=name)
                finally:
                    database.close()
        except Exception as exc:  # keep reaping; a passing database error is not fatal
            click.echo(f"reaper: {exc.__class__.__name__}: {exc}", err=True)

    def loop():
        try:
            with app.app_context():
                # learn the queue's identity now: a Redis that restarts empty is given it back
                # (or told it as an alias) by a process that knew it, this one included
                job_queues.redis_identity(conn)
                job_queues.announce(conn, queues, ttl=3 * reap_seconds() + 5, name=name)
        except Exception as exc:  # noqa: BLE001  (the next tick says it again)
            click.echo(f"reaper: {exc.__class__.__name__}: {exc}", err=True)
        while not stop.wait(reap_seconds()):
            tick()

    thread = threading.Thread(target=loop, daemon=True, name="reaper")
    thread.start()
    return thread


def withdraw(conn):
    """This worker stops: it no longer serves its queues."""
    from core import job_queues
    try:
        job_queues.withdraw(conn)
    except redis.RedisError:
        pass  # its entry goes stale and reads as not alive


def work(make_worker, burst=False, where="the queue", sleep=time.sleep):
    """Run ``make_worker()``'s RQ worker until it stops on its own (signal, burst done),
    starting it again whenever Redis cannot be reached."""
    attempt = 0
    while True:
        started = time.monotonic()
        worker = None
        try:
            worker = make_worker()  # RQ asks Redis for the client's address here already
            worker.work(burst=burst, logging_level="INFO", with_scheduler=True)
            return
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            if worker is not None and stop_was_requested(worker):  # RQ's stop handler failed
                return  # to reach Redis: still stop
            if time.monotonic() - started > STEADY_SECONDS:
                attempt = 0
            pause = BACKOFF[min(attempt, len(BACKOFF) - 1)]
            attempt += 1
            click.echo(f"worker: cannot reach {where} ({exc.__class__.__name__}); attempt "
                       f"{attempt}, next try in {pause} s", err=True)
            # RQ's stop handlers talk to Redis: between attempts a stop request just ends it
            signal.signal(signal.SIGTERM, _quit)
            signal.signal(signal.SIGINT, _quit)
            sleep(pause)


def stop_was_requested(worker):
    """Whether a SIGTERM/SIGINT reached RQ's handler (which records the time before it talks to
    Redis, so a stop asked for while Redis is down is not lost to the next attempt)."""
    return getattr(worker, "_shutdown_requested_date", None) is not None


def _quit(*_args):
    raise SystemExit(0)
