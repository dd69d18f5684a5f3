"""API conventions: OpenAPI, docs, JSON errors everywhere, the web app for every other path."""
import pytest
from flask import Blueprint

from core.app import create_app
from core.hookspecs import hookimpl


def test_openapi_document_lists_the_api(client):
    spec = client.get("/api/openapi.json").get_json()
    assert spec["info"]["title"] == "Dreadforge API"
    for path in ("/api/stories", "/api/stories/community/{genre}/{mood}/{sort}",
                 "/api/auth/user", "/api/jobs/{job_id}"):
        assert path in spec["paths"], path


def test_interactive_docs_page(client):
    response = client.get("/api/docs")
    assert response.status_code == 200
    assert "swagger" in response.get_data(as_text=True).lower()


@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_unknown_api_route_is_json_404(client, method):
    response = getattr(client, method)("/api/no/such/thing")
    assert response.status_code == 404
    assert response.is_json and response.get_json()["message"]


def test_other_paths_serve_the_web_app(client):
    for path in ("/", "/explore", "/story/12", "/admin"):
        response = client.get(path)
        assert response.status_code == 200
        assert "<html" in response.get_data(as_text=True).lower()


def test_malformed_json_is_a_400(users):
    client, _ = users.signed_in()
    response = client.post("/api/stories", data="{not json",
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.is_json


class CrashingPlugin:
    """Mounts a route that fails with an unexpected exception."""

    @hookimpl
    def register_blueprints(self, app):
        broken = Blueprint("boom", __name__)

        @broken.route("/boom")
        def boom():
            raise RuntimeError("secret internals")

        return [broken]


def test_unexpected_errors_are_json_without_a_trace(env):
    app = create_app({"DATA_DIR": env.data_dir, "DATABASE_URL": env.database_url,
                      "PLUGINS_FILE": env.app.config["PLUGINS_FILE"], "LOAD_ENTRYPOINTS": False,
                      "EXTRA_PLUGINS": [CrashingPlugin()], "SECRET_KEY": "x"})
    response = app.test_client().get("/boom")
    assert response.status_code == 500
    body = response.get_data(as_text=True)
    assert "secret internals" not in body and "Traceback" not in body
    assert response.get_json()["message"] == "Something went wrong on our side. Please try again."


WRITES = {"POST", "PUT", "PATCH", "DELETE"}


def write_routes(app):
    """(method, url, endpoint) of every write in the URL map, path arguments filled with 1."""
    urls = app.url_map.bind("localhost")
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "api_not_found":
            continue
        for method in sorted(rule.methods & WRITES):
            url = urls.build(rule.endpoint, {name: 1 for name in rule.arguments}, method=method)
            yield method, url, rule.endpoint


@pytest.mark.parametrize("body", [{}, "{not json"], ids=["empty", "malformed"])
def test_every_write_answers_401_signed_out_before_reading_the_body(client, body):
    from core.api import PUBLIC_WRITES
    routes = list(write_routes(client.application))
    assert PUBLIC_WRITES.keys() <= {endpoint for _, _, endpoint in routes}
    checked = []
    for method, url, endpoint in routes:
        if endpoint in PUBLIC_WRITES:
            continue
        kwargs = ({"json": body} if isinstance(body, dict)
                  else {"data": body, "headers": {"Content-Type": "application/json"}})
        response = client.open(url, method=method, **kwargs)
        assert (response.status_code, response.get_json()) == (
            401, {"code": 401, "status": "Unauthorized", "message": "Unauthorized"}), (method, url)
        checked.append(endpoint)
    assert len(checked) >= 35
