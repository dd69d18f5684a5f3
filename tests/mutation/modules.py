"""What ``make mutation`` mutates, the tests it runs on each module (fast ones, the most pointed
first: a run stops at its first failure), and the mutants left out of the score because no test
could ever tell them apart from the module: each with the reason."""

MODULES = {
    "core/security.py": ["tests/test_security_csrf.py", "tests/test_auth.py",
                         "tests/test_sessions.py"],
    "core/limits.py": ["tests/test_limits_counting.py", "tests/test_rate_limits.py",
                       "tests/test_limits_storage.py"],
    "core/pagination.py": ["tests/test_pagination.py"],
}

# module: [(where, change, which of identical changes, why it changes nothing)], as the runner
# prints them
EQUIVALENT = {
}
