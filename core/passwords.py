"""The password rules: 8 to 128 characters, not a common one, not the user's e-mail or name.

"Common" is judged by zxcvbn (Dropbox's strength estimator, from PyPI): a score below 2 means
the password falls to a guessing attack within about a million tries (top lists, keyboard runs,
dates, l33t variants of dictionary words).
"""
from zxcvbn import zxcvbn

MIN_LENGTH, MAX_LENGTH = 8, 128
MIN_SCORE = 2


def password_problem(password, email="", first_name="", last_name=""):
    """The message that refuses ``password``, or None when it is acceptable."""
    if len(password) < MIN_LENGTH:
        return f"Password must be at least {MIN_LENGTH} characters"
    if len(password) > MAX_LENGTH:
        return f"Password must be at most {MAX_LENGTH} characters"
    lowered = password.lower()
    email = (email or "").strip().lower()
    personal = [email, email.split("@")[0], (first_name or "").strip().lower(),
                (last_name or "").strip().lower()]
    if any(len(word) >= 3 and word in lowered for word in personal):
        return "Password must not contain your email or name"
    # zxcvbn judges at most 72 characters; a longer one is judged by its start
    guessable = zxcvbn(password[:72], user_inputs=[word for word in personal if word])
    if guessable["score"] < MIN_SCORE:
        return "This password is too common or easy to guess. Try a longer phrase."
    return None
