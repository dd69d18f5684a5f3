"""What `dreadforge run` starts beside its web server, and stops after it.

The embedded queue server (unless ``REDIS_URL`` is set) and the job workers run in their own
process sessions, so a Ctrl-C in the terminal reaches only `dreadforge run`; it then stops them in
order (the web server first, then the workers, then the queue they talk to), nothing is left
behind and nobody prints a traceback about a queue that went away under it.

While the site runs it watches what it started: a job worker or the embedded queue that dies is
started again after a pause that grows with each death in a row (``BACKOFF``), with a log line
each time, so a killed video worker does not leave every later render waiting for a worker.
"""
import os
import signal
import subprocess
import sys
import threading
import time

import click
import psutil

from cli.worker_loop import BACKOFF, STEADY_SECONDS
from core.config import setting

SHORT_JOBS = "stories,default"
RENDERS = "videos"
#: a worker finishing its job is given this long after a stop request, then told to drop it
GRACE_SECONDS = 5
#: how often the site looks whether what it started is still alive (seconds)
WATCH_SECONDS = 0.5


def worker_queues(count):
    """The queues of each of ``count`` workers: short jobs never wait behind a render."""
    if count <= 0:
        return []
    if count == 1:
        return [f"{SHORT_JOBS},{RENDERS}"]
    return [SHORT_JOBS] + [RENDERS] * (count - 1)


class Child:
    """A process the site started, and starts again (``start()``) when it dies."""

    def __init__(self, label, start, process):
        self.label, self.start = label, start
        self.process, self.started = process, time.monotonic()
        self.deaths = 0  # in a row: the pause before the next start grows with them
        self.restart_at = None  # while dead: when it is started again

    def watch(self, now):
        """Notice a death (kill what the dead process left in its session, say so, schedule
        the start) or, when its pause is over, start it again."""
        if self.process is None:
            return
        if self.restart_at is None:
            code = self.process.poll()
            if code is None:
                return
            _kill_session(self.process.pid)
            if now - self.started > STEADY_SECONDS:
                self.deaths = 0
            pause = BACKOFF[min(self.deaths, len(BACKOFF) - 1)]
            self.deaths += 1
            self.restart_at = now + pause
            log(f"{self.label} (pid {self.process.pid}) {_ending(code)}; starting it again in "
                f"{pause} s (death {self.deaths} in a row)")
        elif now >= self.restart_at:
            self.process, self.started, self.restart_at = self.start(), now, None
            if self.process is None:  # the embedded queue: another `run` of the folder has it
                log(f"{self.label}: another process serves it now; no longer watched")
            else:
                log(f"{self.label} started again (pid {self.process.pid})")


def log(message):
    click.echo(f"site: {message}", err=True)


def _ending(code):
    if code < 0:
        try:
            return f"was killed ({signal.Signals(-code).name})"
        except ValueError:
            return f"was killed (signal {-code})"
    # 0 also when the web server's reaper of child processes (gunicorn's, which waits for any
    # child) collected it first: its exit status is lost then
    return f"exited with code {code}" if code else "stopped"


def _kill_session(pid):
    """A worker runs in a session of its own: what it leaves there (RQ's work horse, still
    rendering) is killed with it, so the worker started in its place is alone."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def job_worker(queues):
    """A `dreadforge worker` draining ``queues``, in a session of its own."""
    def start():
        return subprocess.Popen([sys.executable, "-m", "cli", "worker", "--queues", queues],
                                env=os.environ.copy(), start_new_session=True)
    label = "the video worker" if queues == RENDERS else f"the worker of {queues}"
    return Child(label, start, start())


class Site:
    def __init__(self, app, job_workers):
        self.app, self.job_workers = app, job_workers
        self.queue, self.job_workers_started = None, []
        self.pid = os.getpid()  # the web server's forked processes inherit this object
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.watcher = None

    def __enter__(self):
        url = setting("REDIS_URL")
        if not url:
            from core.limits import count_in
            from core.queue_server import start_embedded_redis
            data_dir = self.app.config["DATA_DIR"]
            process, url = start_embedded_redis(data_dir)  # (None: another `run` has it)
            self.queue = Child("the embedded queue",
                               lambda: start_embedded_redis(data_dir)[0], process)
            os.environ["REDIS_URL"] = url  # the workers this site starts inherit it
            count_in(self.app, url)  # every web process counts the rate limits there
        self.redis_url = self.app.config["REDIS_URL"] = url
        return self

    @property
    def queue_server(self):
        return self.queue.process if self.queue else None

    @property
    def workers(self):
        return [child.process for child in self.job_workers_started]

    @property
    def queue_label(self):
        url = self.redis_url
        return "embedded" if url.startswith("unix://") else url

    @property
    def worker_label(self):
        return ", ".join(worker_queues(self.job_workers)) or "none"

    def start_workers(self):
        """Start the job workers, and watch them (and the embedded queue) from now on."""
        self.job_workers_started = [job_worker(queues)
                                    for queues in worker_queues(self.job_workers)]
        self.watcher = threading.Thread(target=self._watch, daemon=True, name="site-watcher")
        self.watcher.start()

    def _watch(self):
        while not self.stopping.wait(WATCH_SECONDS):
            with self.lock:
                if self.stopping.is_set():
                    return
                # the queue first: a worker started again finds it there
                for child in ([self.queue] if self.queue else []) + self.job_workers_started:
                    try:
                        child.watch(time.monotonic())
                    except Exception as exc:  # a start that failed: tried again next time
                        child.restart_at = time.monotonic() + BACKOFF[-1]
                        log(f"{child.label} could not be started ({exc}); next try in "
                            f"{BACKOFF[-1]} s")

    def __exit__(self, exc_type, exc, traceback):
        if os.getpid() == self.pid:  # not in a web process leaving (it inherited the site)
            self.stop()
        return exc_type is KeyboardInterrupt  # Ctrl-C before the web server took over

    def stop(self):
        self.stopping.set()
        with self.lock:  # a start under way ends first; none follows
            pass
        stop_workers([worker for worker in self.workers if worker is not None])
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
