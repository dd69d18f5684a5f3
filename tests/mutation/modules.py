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
    "core/security.py": [
        ("module", "PasswordHasher() -> None", 1,
         "init_app always replaces the hasher (use_profile) before anything is hashed"),
        ("module", "\"_csrf\" -> 'XX_csrfXX'", 1,
         "the session key's name is read only through CSRF_SESSION_KEY: any name works alike"),
        ("verify_password", "return False -> return None", 1,
         "its one caller tests `not verify_password(...)`: None and False are both false"),
        ("burn_verify", "16 -> 17", 1,
         "the length of the throw-away hash's random password: no one ever sees or matches it"),
        ("check_csrf", "\"\" -> 'XXXX'", 2,
         ("the sent token's default when neither header nor field has one: '' or 'XXXX', it "
          "never equals a session's random 43-character token, and no token passes without one")),
        ("csrf_token", "32 -> 33", 1,
         "a token of 33 random bytes instead of 32: as unguessable, and nothing reads its length"),
    ],
    "core/limits.py": [
        ("module", "True -> False", 1,
         ("headers_enabled: flask-limiter adds its headers in its after-request hook, which "
          "init_app takes out; enforce sets Retry-After itself")),
        ("caller_key", "f\"user:{current_user.id}\" -> (\"XX\" + f\"user:{current_user.id}\")", 1,
         "the counter's key text: every call of a kind builds it alike, so it counts alike"),
        ("caller_key",
         "f\"addr:{get_remote_address()}\" -> (\"XX\" + f\"addr:{get_remote_address()}\")", 1,
         "the counter's key text: every call of a kind builds it alike, so it counts alike"),
        ("enforce", ("f\"{caller_key(name)}|{about.strip().lower()}\" -> "
                     "(\"XX\" + f\"{caller_key(name)}|{about.strip().lower()}\")"), 1,
         "the counter's key text: every call of a kind builds it alike, so it counts alike"),
        ("storage_uri", "\"\" -> 'XXXX'", 1,
         ("REDIS_URL's stand-in when unset, only tested for a redis:// or unix:// prefix: '' "
          "and 'XXXX' both lack it")),
    ],
}
