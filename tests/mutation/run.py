"""``make mutation``: how many small changes to a core module its tests notice.

For each module of ``MODULES`` (``tests/mutation/modules.py``), each mutant
(``tests/mutation/mutants.py``) is written into a copy of the tree, and the module's tests run on
it (SQLite only, stopping at the first failure; each run a fork of this process with the
libraries already imported): a failure (or a run past its time) kills the mutant, a pass lets it
survive. Prints each module's score and its surviving mutants; exits 1
when a module scores under ``--min`` (85 %).

The working tree is never written to: the mutants live in a temporary copy, removed at the end
(also on Ctrl-C or SIGTERM).

    python -m tests.mutation.run                        # the three modules
    python -m tests.mutation.run core/limits.py -v      # one, printing each mutant's fate
"""
import argparse
import contextlib
import importlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.mutation.modules import EQUIVALENT, MODULES
from tests.mutation.mutants import find_mutants

ROOT = Path(__file__).resolve().parents[2]
COPY_IGNORE = shutil.ignore_patterns(".git", "node_modules", "dist", ".parcel-cache",
                                     "__pycache__", "*.pyc", "screenshots", ".venv", "*.db")
PROJECT = ("core", "cli", "providers", "plugins", "tests", "conftest")  # imported from the copy
PYTEST_ARGS = ["-x", "-q", "-p", "no:cacheprovider", "-k", "not postgres",
               "-W", "ignore::pytest.PytestUnknownMarkWarning"]


def copy_tree(target):
    shutil.copytree(ROOT, target, ignore=COPY_IGNORE, symlinks=True)


def pytest_command(tests):
    return [sys.executable, "-m", "pytest", *PYTEST_ARGS, *tests]


def is_project(name):
    return name.split(".")[0] in PROJECT


def preload(tree):
    """Import, in this process, the libraries the tests import (not the project's modules): each
    run is a fork of this process, so it starts with them loaded and imports only the project,
    mutant included, from ``tree``."""
    script = ("import sys, core.testing, tests.conftest, pytest; "
              f"core.testing.make_app({str(tree.parent / 'app')!r}); "
              "print(' '.join(sorted(sys.modules)))")
    listed = subprocess.run([sys.executable, "-c", script], cwd=tree, env=run_env(tree),
                            capture_output=True, text=True, check=True)
    for name in listed.stdout.split():
        if not is_project(name) and name != "__main__":
            with contextlib.suppress(Exception):  # optional: a run imports it if it needs it
                importlib.import_module(name)


def run_env(tree):
    """The environment of the runs: the copy first on the path, bytecode cached beside it (a
    mutant's own mtime keeps a stale one from being taken), no plugins but the suite's."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
           "PYTHONPYCACHEPREFIX": str(tree.parent / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def cache_bytecode(tree):
    """Compiling the project's modules again for every mutant costs seconds a run."""
    sys.dont_write_bytecode = False
    sys.pycache_prefix = run_env(tree)["PYTHONPYCACHEPREFIX"]


def run_tests(tree, tests, timeout):
    """``"passed"``, ``"failed"`` or ``"timeout"`` for the tests run on ``tree`` (in a fork of
    this process, in a session of its own, so that what the tests start ends with it)."""
    pid = os.fork()
    if pid == 0:  # the child: the project's modules from the copy, then pytest
        code = 3
        try:
            os.setsid()
            for name in [n for n in sys.modules if is_project(n)]:
                del sys.modules[name]
            sys.path[:] = [str(tree)] + [p for p in sys.path if p not in ("", str(ROOT))]
            os.chdir(tree)
            os.environ.clear()
            os.environ.update(run_env(tree))
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            import pytest
            code = int(pytest.main([*PYTEST_ARGS, *tests]))
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return "passed" if os.waitstatus_to_exitcode(status) == 0 else "failed"
            if time.monotonic() > deadline:
                stop(pid)
                return "timeout"
            time.sleep(0.05)
    except BaseException:
        stop(pid)
        raise


def stop(pid):
    """End a test run and what it started (its session), politely first."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pid, sig)
        except ProcessLookupError:
            break
        for _ in range(50):
            if os.waitpid(pid, os.WNOHANG)[0]:
                return
            time.sleep(0.1)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def keyed(mutants):
    """``(mutant, key)``: the key names the change without its line (lines move as the module
    is edited): where it is, what changes, and which of identical changes it is."""
    seen = Counter()
    for mutant in mutants:
        base = (mutant.where, mutant.change)
        seen[base] += 1
        yield mutant, (*base, seen[base])


def write(path, text, stamp):
    """Write the module with an mtime of its own, so no stale bytecode of another mutant (same
    size, same second) is taken for it."""
    path.write_text(text)
    os.utime(path, (stamp, stamp))


def mutate_module(tree, module, tests, verbose):
    """Score one module against ``tests``: ``(killed, survivors, equivalent, total)``."""
    path = tree / module
    source = path.read_text()
    equivalent = {(where, change, n): reason
                  for where, change, n, reason in EQUIVALENT.get(module, [])}
    stamp = time.time() + 10

    started = time.monotonic()
    if run_tests(tree, tests, timeout=600) != "passed":
        sys.exit(f"{module}: its tests fail without any mutant: "
                 f"{' '.join(pytest_command(tests))}")
    timeout = 3 * (time.monotonic() - started) + 30

    mutants = list(keyed(find_mutants(source)))
    for key in sorted(set(equivalent) - {key for _mutant, key in mutants}):
        print(f"  stale entry in EQUIVALENT (no such mutant any more): {key}")
    killed, survivors, excluded = 0, [], []
    try:
        for index, (mutant, key) in enumerate(mutants, 1):
            if key in equivalent:
                excluded.append((mutant, equivalent[key]))
                continue
            stamp += 1
            write(path, mutant.apply(source), stamp)
            mutant_started = time.monotonic()
            fate = run_tests(tree, tests, timeout)
            if fate == "passed":
                survivors.append(mutant)
            else:
                killed += 1
            if verbose:
                seconds = time.monotonic() - mutant_started
                print(f"  [{index}/{len(mutants)}] {fate:7} {seconds:4.0f} s  line {mutant.line}: "
                      f"{mutant.change}", flush=True)
    finally:
        write(path, source, stamp + 1)
    return killed, survivors, excluded, len(mutants)


def interrupt(_signum, _frame):
    raise KeyboardInterrupt


def main(argv=None):
    signal.signal(signal.SIGTERM, interrupt)  # like Ctrl-C: the copy is removed
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", default=list(MODULES),
                        help="modules to mutate (default: all of MODULES)")
    parser.add_argument("--min", type=float, default=85.0, help="lowest score that passes (%%)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every mutant")
    parser.add_argument("--tests", nargs="+", metavar="FILE",
                        help="run these test files instead of the module's own list")
    args = parser.parse_args(argv)
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        parser.error(f"not in tests/mutation/modules.py: {', '.join(unknown)}")

    started, results = time.monotonic(), []
    with tempfile.TemporaryDirectory(prefix="dreadforge-mutation-") as tmp:
        tree = Path(tmp) / "tree"
        copy_tree(tree)
        cache_bytecode(tree)
        preload(tree)
        for module in args.modules:
            tests = args.tests or MODULES[module]
            print(f"{module}: {' '.join(tests)}", flush=True)
            module_started = time.monotonic()
            killed, survivors, excluded, total = mutate_module(tree, module, tests, args.verbose)
            scored = total - len(excluded)
            score = 100.0 * killed / scored if scored else 100.0
            results.append((module, score))
            seconds = time.monotonic() - module_started
            print(f"{module}: {killed}/{scored} mutants killed = {score:.1f} % "
                  f"({len(excluded)} equivalent left out, {seconds:.0f} s)")
            for mutant in survivors:
                print(f"  survived  line {mutant.line} ({mutant.where}): {mutant.change}")
            for mutant, reason in excluded:
                print(f"  equivalent line {mutant.line} ({mutant.where}): {mutant.change}: "
                      f"{reason}")
    print(f"\nmutation score ({time.monotonic() - started:.0f} s):")
    for module, score in results:
        print(f"  {module:24} {score:5.1f} %{'' if score >= args.min else '  < ' + str(args.min)}")
    return 0 if all(score >= args.min for _module, score in results) else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("interrupted (the working tree was not touched)")
