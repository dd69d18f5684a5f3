"""Faults a deployment meets: parallel writers on SQLite, the queue going away and coming back."""
import threading

import pytest

from core.testing import PASSWORD


@pytest.mark.parametrize("env", ["sqlite"], indirect=True)
def test_fifty_parallel_registrations_all_succeed_on_sqlite(app, make_client):
    """Every write path takes SQLite's write lock up front, so no writer fails "database is
    locked" (registration used a deferred transaction while the others did not)."""
    statuses, lock = [], threading.Lock()
    emails = iter(f"crowd{n}@example.com" for n in range(50))

    def register_some():
        client = make_client()
        while True:
            with lock:
                email = next(emails, None)
            if email is None:
                return
            response = client.post("/api/auth/register", json={
                "email": email, "password": PASSWORD, "firstName": "Crowd"})
            with lock:
                statuses.append((response.status_code, response.get_json().get("message")))
            client.post("/api/auth/logout")

    threads = [threading.Thread(target=register_some) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [s for s in statuses if s[0] != 201] == []
    assert len(statuses) == 50
