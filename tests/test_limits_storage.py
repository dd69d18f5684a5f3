"""Where limits count, seen from two real processes: with ``REDIS_URL`` every process counts in
Redis (a guesser gains nothing by landing on another one); while Redis is unreachable each counts
in its memory, still refusing at the limit, and says so in the log."""
import json
import os
import re
import subprocess
import sys
import uuid

from core.testing import ROOT
from tests.conftest import REDIS_URL
from tests.helpers import SUITE_ENV

ATTEMPTS = """
import json, logging, sys, tempfile
from core.testing import make_app
app = make_app(tempfile.mkdtemp(), REDIS_URL=sys.argv[1], RATELIMIT_ENABLED=True,
               RATELIMIT_LOGIN="2 per minute", RATELIMIT_LOGIN_ADDRESS="10000 per minute")
client = app.test_client()
codes = [client.post("/api/auth/login", json={"email": sys.argv[2],
                                              "password": "wrong password!"}).status_code
         for _ in range(int(sys.argv[3]))]
print(json.dumps(codes))
"""


def attempts(redis_url, email, count):
    """The status codes of ``count`` wrong sign-ins for ``email`` (unknown: each test its own, the
    counts live on in the shared Redis), made by a new process."""
    done = subprocess.run([sys.executable, "-c", ATTEMPTS, redis_url, email, str(count)],
                          check=False, cwd=ROOT, env={**os.environ, **SUITE_ENV},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


def test_with_redis_every_process_sees_the_same_count():
    email = f"ghost-{uuid.uuid4().hex[:8]}@example.com"
    first, _ = attempts(REDIS_URL, email, 2)
    second, _ = attempts(REDIS_URL, email, 1)
    assert first + second == [401, 401, 429]


def test_while_redis_is_unreachable_a_process_counts_in_memory_and_logs_it():
    codes, log = attempts("redis://127.0.0.1:1/0", f"ghost-{uuid.uuid4().hex[:8]}@example.com", 4)
    assert codes == [401, 401, 429, 429]
    # one line, saying just that
    assert len(re.findall(r"(?m)\brate limit storage unreachable: counting in memory$", log)) == 1
