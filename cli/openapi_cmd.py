"""`dreadforge openapi`: the served OpenAPI document, from which the web app's types are made."""
import json
import tempfile
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent.parent


def served_document():
    """The document ``GET /api/openapi.json`` serves with the repository's plugins.toml (and no
    installed entry-point or extra plugins), so the result depends only on the code."""
    from core.app import create_app
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app({"DATA_DIR": data_dir, "DATABASE_URL": "sqlite:///:memory:",
                          "PLUGINS_FILE": ROOT / "plugins.toml", "LOAD_ENTRYPOINTS": False,
                          "PLUGIN_MODULES": (), "REDIS_URL": None})
        return app.test_client().get("/api/openapi.json").get_json()


def document_text():
    return json.dumps(served_document(), indent=2, ensure_ascii=False) + "\n"


@click.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file (default: standard output).")
def openapi(output):
    """Print the OpenAPI document (then `npm run gen:types` in webapp/ makes the TypeScript)."""
    text = document_text()
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
