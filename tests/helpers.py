"""Account helpers for the suite's tests (plugin authors: see core.testing)."""
import itertools
import logging
from contextlib import contextmanager

from core.testing import PASSWORD

_counter = itertools.count(1)


class Auth:
    def __init__(self, client):
        self.client = client

    def register(self, email=None, password=PASSWORD, first_name="Mara", last_name="Vale"):
        email = email or f"user{next(_counter)}@example.com"
        response = self.client.post("/api/auth/register", json={
            "email": email, "password": password, "firstName": first_name,
            "lastName": last_name})
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def login(self, email, password=PASSWORD):
        return self.client.post("/api/auth/login", json={"email": email, "password": password})

    def logout(self):
        return self.client.post("/api/auth/logout")


class Users:
    def __init__(self, app, make_client):
        self.app, self.make_client = app, make_client

    def signed_in(self, role="user", first_name="Mara", last_name="Vale"):
        client = self.make_client()
        user = Auth(client).register(first_name=first_name, last_name=last_name)
        if role != "user":
            set_role(self.app, user["id"], role)
            user["role"] = role
        return client, user


def set_role(app, user_id, role):
    from core.db import database
    from core.models import User
    database.connect(reuse_if_open=True)
    User.update(role=role).where(User.id == user_id).execute()


@contextmanager
def recorded_sql():
    """Collect the SQL statements peewee runs inside the block (it logs each one at DEBUG)."""
    statements = []

    class Recorder(logging.Handler):
        def emit(self, record):
            statements.append(record.msg[0] if isinstance(record.msg, tuple) else str(record.msg))

    logger, recorder = logging.getLogger("peewee"), Recorder(logging.DEBUG)
    level = logger.level
    logger.addHandler(recorder)
    logger.setLevel(logging.DEBUG)
    try:
        yield statements
    finally:
        logger.removeHandler(recorder)
        logger.setLevel(level)
