"""What `dreadforge run` starts beside its web server, and stops after it.

The embedded queue server (unless ``REDIS_URL`` is set) and the job workers run in their own
process sessions, so a Ctrl-C in the terminal reaches only `dreadforge run`; it then stops them in
order (the web server first, then the workers, then the queue they talk to), nothing is left
behind and nobody prints a traceback about a queue that went away under it.
"""
import os
import subprocess
import sys

import psutil

from core.config import setting

SHORT_JOBS = "stories,default"
RENDERS = "videos"
#: a worker finishing its job is given this long after a stop request, then told to drop it
GRACE_SECONDS = 5


def worker_queues(count):
    """The queues of each of ``count`` workers: short jobs never wait behind a render."""
    if count <= 0:
        return []
    if count == 1:
        return [f"{SHORT_JOBS},{RENDERS}"]
    return [SHORT_JOBS] + [RENDERS] * (count - 1)


class Site:
    def __init__(self, app, job_workers):
        self.app, self.job_workers = app, job_workers
        self.queue_server, self.workers = None, []

    def __enter__(self):
        url = setting("REDIS_URL")
        if not url:
            from core.queue_server import start_embedded_redis
            self.queue_server, url = start_embedded_redis(self.app.config["DATA_DIR"])
            os.environ["REDIS_URL"] = url  # the workers this site starts inherit it
        self.redis_url = self.app.config["REDIS_URL"] = url
        return self

    @property
    def queue_label(self):
        url = self.redis_url
        return "embedded" if url.startswith("unix://") else url

    @property
    def worker_label(self):
        return ", ".join(worker_queues(self.job_workers)) or "none"

    def start_workers(self):
        for queues in worker_queues(self.job_workers):
            self.workers.append(subprocess.Popen(
                [sys.executable, "-m", "cli", "worker", "--queues", queues],
                env=os.environ.copy(), start_new_session=True))

    def __exit__(self, exc_type, exc, traceback):
        self.stop()
        return exc_type is KeyboardInterrupt  # Ctrl-C before the web server took over

    def stop(self):
        stop_workers(self.workers)
        if self.queue_server is not None:
            stop_process(self.queue_server)


def stop_workers(workers):
    """RQ's warm stop (finish the current job) for a moment, then its cold stop (which ends the
    work horse too), then SIGKILL for whatever is left."""
    family = {}
    for proc in workers:
        try:
            family[proc.pid] = psutil.Process(proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            family[proc.pid] = []
    for _attempt in range(2):
        for proc in workers:
            if proc.poll() is None:
                proc.terminate()
        for proc in workers:
            try:
                proc.wait(timeout=GRACE_SECONDS)
            except subprocess.TimeoutExpired:
                pass
    for proc in workers:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for child in family[proc.pid]:
            try:
                child.kill()
            except psutil.NoSuchProcess:
                pass


def stop_process(proc):
    proc.terminate()
    try:
        proc.wait(timeout=GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
