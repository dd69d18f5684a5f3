"""HTTP speed of the feeds and story pages against a bare Flask endpoint, on one database.

    python bench/bench_http.py --stories 100000            # seeds once (cached), then measures
    python bench/bench_http.py --stories 10000 --root before=/work/main --root after=.
    python bench/bench_http.py --database-url 'postgresql://postgres@127.0.0.1/test?options=-csearch_path%3Dbench'

The run seeds a SQLite database with `dreadforge seed` (kept in $DREADFORGE_BENCH_DIR, default
/tmp/dreadforge-bench, and reused), starts the bare reference (bench/bare_app.py under gunicorn,
one sync process per core) and Dreadforge exactly as `dreadforge run` starts it (one per ``--root``:
a checkout to run it from, to compare two versions on the same data), drives every endpoint with
the same load (wrk when installed, else a Python load generator with keep-alive connections) and
prints req/s, p50 and p99 per row with the ratio to the bare endpoint. ``--json FILE`` keeps the
figures; every server it starts is stopped at the end (Ctrl-C included).
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from pathlib import Path
from urllib.parse import quote

import psutil
import requests

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("DREADFORGE_BENCH_DIR",
                            Path(tempfile.gettempdir()) / "dreadforge-bench"))
BENCH_EMAIL, BENCH_PASSWORD = "bench@example.com", "bench-password-1"
BENCH_BROWSER = "dreadforge-bench/1"
FEED = "/api/stories/community/{genre}/{mood}/{sort}?limit=6"


def rows_for(story_id):
    """(label, path, signed in) of every measured row."""
    def feed(genre, mood, sort, query=""):
        return FEED.format(genre=quote(genre), mood=quote(mood), sort=sort) + query
    return [
        ("landing list", "/api/stories?limit=6", False),
        ("feed newest", feed("All Genres", "All Moods", "newest"), False),
        ("feed genre+mood+most viewed", feed("Gothic Horror", "Eerie", "most_viewed"), False),
        ("feed search q=", feed("All Genres", "All Moods", "newest", "&q=lighthouse"), False),
        ("story page (counts a view)", f"/api/stories/{story_id}", False),
        ("story community counts", f"/api/stories/{story_id}/community", False),
        ("video feed", "/api/videos/community/All%20Genres/All%20Moods/newest?limit=6", False),
        ("signed-in feed (isLikedByUser)", feed("All Genres", "All Moods", "newest"), True),
    ]


# --- processes ------------------------------------------------------------------------------------


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url, proc, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{url}: the server exited ({proc.returncode})")
        try:
            requests.get(url, timeout=2)
            return
        except requests.RequestException:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer in {timeout} s")


class Servers:
    """Starts servers in their own process groups; stops every one of them on exit."""

    def __init__(self):
        self.procs = []

    def start(self, cmd, env, cwd, log):
        proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=open(log, "ab"),
                                stderr=subprocess.STDOUT, start_new_session=True)
        self.procs.append(proc)
        return proc

    def stop(self, proc):
        """Ctrl-C, as a user stops it; then whatever it left behind (job workers and the queue
        run in sessions of their own) is killed."""
        try:
            family = psutil.Process(proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            family = []
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        _gone, alive = psutil.wait_procs(family, timeout=5)
        for leftover in alive:
            try:
                leftover.kill()
            except psutil.NoSuchProcess:
                pass
        self.procs.remove(proc)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for proc in reversed(list(self.procs)):  # the first site owns the queue the others share
            self.stop(proc)


#: ``--database-url``: the database every server of the run reads (default: the data folder's SQLite)
DATABASE = {"url": None}


def database_url(data_dir):
    """The run's database: ``--database-url``, else the data folder's SQLite file."""
    return DATABASE["url"] or f"sqlite:///{data_dir / 'dreadforge.db'}"


def base_env(data_dir):
    env = {**os.environ, "DREADFORGE_DATA": str(data_dir), "DREADFORGE_RATELIMIT": "0",
           "DREADFORGE_NO_ENTRYPOINTS": "1", "PYTHONPATH": ""}
    for name in ("REDIS_URL", "DATABASE_URL"):
        env.pop(name, None)
    if DATABASE["url"]:
        env["DATABASE_URL"] = DATABASE["url"]
        env.setdefault("SECRET_KEY", "bench")  # (required with a DATABASE_URL)
    return env


def seed(stories, videos, likes):
    """A data folder holding a database seeded by `dreadforge seed` (made once, then reused)."""
    where = f"-pg{zlib.crc32(DATABASE['url'].encode()):08x}" if DATABASE["url"] else ""
    data_dir = CACHE / f"http-s{stories}-v{videos}-l{likes}{where}"
    ready = data_dir / "seeded"
    if ready.exists():
        return data_dir
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True)
    env = base_env(data_dir)
    cli = [sys.executable, "-m", "cli"]
    started = time.perf_counter()
    subprocess.run([*cli, "seed", "--users", "1000", "--stories", str(stories), "--videos",
                    str(videos), "--likes", str(likes)], env=env, cwd=ROOT, check=True)
    print(f"seeded in {time.perf_counter() - started:.1f} s", flush=True)
    subprocess.run([*cli, "users", "create", "--email", BENCH_EMAIL, "--password", BENCH_PASSWORD],
                   env=env, cwd=ROOT, check=True)
    subprocess.run([sys.executable, "-c", "import sys; from playhouse.db_url import connect; "
                    "connect(sys.argv[1]).execute_sql('ANALYZE')", database_url(data_dir)], check=True)
    ready.touch()
    return data_dir


def start_bare(servers, data_dir, workers):
    port = free_port()
    env = {**base_env(data_dir), "DATABASE_URL": database_url(data_dir)}
    proc = servers.start([sys.executable, "-m", "gunicorn", "-w", str(workers), "-b",
                          f"127.0.0.1:{port}", "bench.bare_app:app"],
                         env, ROOT, data_dir / "bare.log")
    base = f"http://127.0.0.1:{port}"
    wait_for(base + "/newest", proc)
    return proc, base


def start_dreadforge(servers, data_dir, root, label, extra_args):
    """`dreadforge run` from the checkout ``root`` (its own data folder copy of the database is not
    needed: every version reads the same seeded file)."""
    port = free_port()
    env = base_env(data_dir)
    env["DREADFORGE_PLUGINS"] = str(Path(root) / "plugins.toml")
    proc = servers.start([sys.executable, "-m", "cli", "run", "--port", str(port), *extra_args],
                         env, root, data_dir / f"run-{label}.log")
    base = f"http://127.0.0.1:{port}"
    wait_for(base + "/api/stories?limit=1", proc)
    return proc, base


def sign_in(base):
    """The headers of a signed-in reader (the bench account): its session cookie and the browser
    it signed in with. flask-login marks a session coming from another browser as no longer fresh
    and sends a new cookie, which a load generator would never keep: every request would pay for
    one."""
    session = requests.Session()
    session.headers["User-Agent"] = BENCH_BROWSER
    session.get(base + "/api/auth/user")
    token = session.cookies.get("csrf_token", "")
    response = session.post(base + "/api/auth/login", json={
        "email": BENCH_EMAIL, "password": BENCH_PASSWORD}, headers={"X-CSRF-Token": token})
    response.raise_for_status()
    cookie = "; ".join(f"{name}={value}" for name, value in session.cookies.items())
    return [f"Cookie: {cookie}", f"User-Agent: {BENCH_BROWSER}"]


# --- load -----------------------------------------------------------------------------------------


def wrk_run(url, connections, seconds, headers):
    cmd = ["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for header in headers:
        cmd += ["-H", header]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)

    def pct(name):
        value, unit = re.search(rf"\s{name}%\s+([\d.]+)(us|ms|s)\b", out).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    return {"rps": rps, "p50": pct("50"), "p99": pct("99"),
            "errors": int(errors.group(1)) if errors else 0}


def python_run(url, connections, seconds, headers):
    """A keep-alive load generator: ``connections`` threads, each on its own connection."""
    import http.client
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    path = parts.path + ("?" + parts.query if parts.query else "")
    header_map = dict(h.split(": ", 1) for h in headers)
    samples, errors, stop = [], [0], time.perf_counter() + seconds
    lock = threading.Lock()

    def drive():
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        mine, bad = [], 0
        while time.perf_counter() < stop:
            started = time.perf_counter()
            conn.request("GET", path, headers=header_map)
            response = conn.getresponse()
            response.read()
            mine.append((time.perf_counter() - started) * 1000)
            bad += response.status >= 400
        with lock:
            samples.extend(mine)
            errors[0] += bad
    threads = [threading.Thread(target=drive) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    samples.sort()
    return {"rps": len(samples) / seconds, "p50": samples[len(samples) // 2],
            "p99": samples[int(len(samples) * 0.99)], "errors": errors[0]}


def load(url, args, headers=()):
    runner = wrk_run if shutil.which("wrk") and not args.python_load else python_run
    warm = requests.get(url, headers=dict(h.split(": ", 1) for h in headers))
    if warm.status_code != 200:
        raise RuntimeError(f"{url} answered {warm.status_code}: {warm.text[:200]}")
    return runner(url, args.connections, args.seconds, list(headers))


# --- the run --------------------------------------------------------------------------------------


def loadavg():
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stories", type=int, default=10_000)
    parser.add_argument("--videos", type=int, default=None, help="default: stories / 10")
    parser.add_argument("--likes", type=int, default=None, help="default: stories")
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=1, help="interleaved rounds (best kept)")
    parser.add_argument("--root", action="append", default=[],
                        help="LABEL=CHECKOUT to run Dreadforge from (repeatable; default this one)")
    parser.add_argument("--run-args", default="", help="extra `dreadforge run` arguments")
    parser.add_argument("--only", default="", help="comma-separated row labels to measure")
    parser.add_argument("--python-load", action="store_true", help="the Python load generator")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--database-url", help="seed and serve this database (an empty "
                        "PostgreSQL schema, say) instead of a SQLite file in the data folder")
    args = parser.parse_args()
    roots = dict(item.split("=", 1) for item in args.root) or {"dreadforge": str(ROOT)}
    videos = args.stories // 10 if args.videos is None else args.videos
    likes = args.stories if args.likes is None else args.likes
    DATABASE["url"] = args.database_url
    data_dir = seed(args.stories, videos, likes)
    (data_dir / "queue.sock").unlink(missing_ok=True)
    print(f"{args.stories:,} stories, {videos:,} videos, {likes:,} likes; "
          f"{args.connections} connections, {args.seconds} s per row; "
          f"load average before: {loadavg()}", flush=True)
    results = {"stories": args.stories, "rows": {}}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    with Servers() as servers:
        _bare_proc, bare = start_bare(servers, data_dir, os.cpu_count())
        sites = {label: start_dreadforge(servers, data_dir, Path(root).resolve(), label,
                                         args.run_args.split())[1]
                 for label, root in roots.items()}
        first = next(iter(sites.values()))
        story_id = requests.get(first + "/api/stories?limit=1").json()[0]["id"]
        signed_in = {label: sign_in(base) for label, base in sites.items()}
        rows = [row for row in rows_for(story_id)
                if not args.only or row[0] in args.only.split(",")]
        best = {}
        for _ in range(args.rounds):
            measure(best, "bare /newest", bare + "/newest", args)
            for label, path, signed in rows:
                for site, base in sites.items():
                    headers = signed_in[site] if signed else []
                    measure(best, f"{site}: {label}", base + path, args, headers)
        results["rows"] = best
    results["loadavg_after"] = loadavg()
    report(best, roots, rows)
    print(f"load average after: {results['loadavg_after']}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))


def measure(best, name, url, args, headers=()):
    figures = load(url, args, headers)
    if name not in best or figures["rps"] > best[name]["rps"]:
        best[name] = figures
    print(f"  {name:52} {figures['rps']:8.0f} req/s  p50 {figures['p50']:6.1f} ms  "
          f"p99 {figures['p99']:6.1f} ms" + (f"  ERRORS {figures['errors']}"
                                                if figures["errors"] else ""), flush=True)


def report(best, roots, rows):
    bare = best["bare /newest"]
    print(f"\n{'row':52} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'vs bare':>8}")
    print(f"{'bare Flask + peewee (6 newest with authors)':52} {bare['rps']:8.0f} "
          f"{bare['p50']:7.1f} {bare['p99']:7.1f} {'100 %':>8}")
    for label, _path, _signed in rows:
        for site in roots:
            figures = best[f"{site}: {label}"]
            print(f"{site + ': ' + label:52} {figures['rps']:8.0f} {figures['p50']:7.1f} "
                  f"{figures['p99']:7.1f} {100 * figures['rps'] / bare['rps']:6.0f} %")


if __name__ == "__main__":
    main()
