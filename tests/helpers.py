"""Helpers for tests (and for plugin authors' tests): CSRF-aware clients and accounts."""
import itertools

from flask.testing import FlaskClient

PASSWORD = "correct horse battery"
_counter = itertools.count(1)


class ApiClient(FlaskClient):
    """A test client that echoes the csrf_token cookie in X-CSRF-Token, as the web app does."""

    def open(self, *args, **kwargs):
        method = (kwargs.get("method") or "GET").upper()
        if method in ("POST", "PUT", "PATCH", "DELETE") and not kwargs.pop("no_csrf", False):
            cookie = self.get_cookie("csrf_token")
            if cookie is None:
                super().open("/api/share-targets")
                cookie = self.get_cookie("csrf_token")
            headers = dict(kwargs.pop("headers", None) or {})
            headers.setdefault("X-CSRF-Token", cookie.value)
            kwargs["headers"] = headers
        return super().open(*args, **kwargs)


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
