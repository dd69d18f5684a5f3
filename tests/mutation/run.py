"""``make mutation``: how many small changes to a core module its tests notice.

For each module of ``MODULES`` (``tests/mutation/modules.py``), each mutant
(``tests/mutation/mutants.py``) is written into a copy of the tree, and the module's tests run on
it (SQLite only, stopping at the first failure): a failure (or a run past its time) kills the
mutant, a pass lets it survive. Prints each module's score and its surviving mutants; exits 1
when a module scores under ``--min`` (85 %).

The working tree is never written to: the mutants live in a temporary copy, removed at the end
(also on Ctrl-C or SIGTERM).

    python -m tests.mutation.run                        # the three modules
    python -m tests.mutation.run core/limits.py -v      # one, printing each mutant's fate
"""
import argparse
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


def copy_tree(target):
    shutil.copytree(ROOT, target, ignore=COPY_IGNORE, symlinks=True)


def pytest_command(tests):
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
            "-k", "not postgres", "-W", "ignore::pytest.PytestUnknownMarkWarning", *tests]


def run_tests(tree, tests, timeout):
    """``"passed"``, ``"failed"`` or ``"timeout"`` for the tests run on ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    proc = subprocess.Popen(pytest_command(tests), cwd=tree, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        stop(proc)
        return "timeout"
    except BaseException:
        stop(proc)
        raise
    return "passed" if code == 0 else "failed"


def stop(proc):
    """End the test run and what it started (its session), politely first."""
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, None)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


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


def mutate_module(tree, module, verbose):
    """Score one module: ``(killed, survivors, equivalent, total)``."""
    tests = MODULES[module]
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
    killed, survivors, excluded = 0, [], []
    try:
        for index, (mutant, key) in enumerate(mutants, 1):
            if key in equivalent:
                excluded.append((mutant, equivalent[key]))
                continue
            stamp += 1
            write(path, mutant.apply(source), stamp)
            fate = run_tests(tree, tests, timeout)
            if fate == "passed":
                survivors.append(mutant)
            else:
                killed += 1
            if verbose:
                print(f"  [{index}/{len(mutants)}] {fate:7} line {mutant.line}: {mutant.change}",
                      flush=True)
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
    args = parser.parse_args(argv)
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        parser.error(f"not in tests/mutation/modules.py: {', '.join(unknown)}")

    started, results = time.monotonic(), []
    with tempfile.TemporaryDirectory(prefix="dreadforge-mutation-") as tmp:
        tree = Path(tmp) / "tree"
        copy_tree(tree)
        for module in args.modules:
            print(f"{module}: {len(MODULES[module])} test files", flush=True)
            module_started = time.monotonic()
            killed, survivors, excluded, total = mutate_module(tree, module, args.verbose)
            scored = total - len(excluded)
            score = 100.0 * killed / scored if scored else 100.0
            results.append((module, score))
            print(f"{module}: {killed}/{scored} mutants killed = {score:.1f} % "
                  f"({len(excluded)} equivalent left out, {time.monotonic() - module_started:.0f} s)")
            for mutant in survivors:
                print(f"  survived  line {mutant.line} ({mutant.where}): {mutant.change}")
            for mutant, reason in excluded:
                print(f"  equivalent line {mutant.line} ({mutant.where}): {mutant.change}: {reason}")
    print(f"\nmutation score ({time.monotonic() - started:.0f} s):")
    for module, score in results:
        print(f"  {module:24} {score:5.1f} %{'' if score >= args.min else '  < ' + str(args.min)}")
    return 0 if all(score >= args.min for _module, score in results) else 1


if __name__ == "__main__":
    sys.exit(main())
