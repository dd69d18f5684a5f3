"""The web app's types are generated from the served OpenAPI document and committed: these fail
when the committed ``webapp/openapi.json`` or ``webapp/src/types/api.gen.ts`` is stale (fix:
``python -m cli openapi -o webapp/openapi.json && (cd webapp && npm run gen:types)``), and when
the web app does not type-check."""
import shutil
import subprocess
from pathlib import Path

import pytest

from cli.openapi_cmd import document_text

ROOT = Path(__file__).resolve().parent.parent
WEBAPP = ROOT / "webapp"
REGENERATE = "python -m cli openapi -o webapp/openapi.json && (cd webapp && npm run gen:types)"


def node_tool(package):
    node = shutil.which("node")
    if node is None or not (WEBAPP / "node_modules" / package).exists():
        pytest.fail(f"needs node and webapp/node_modules/{package} (cd webapp && npm ci)")
    return node

def test_committed_openapi_document_is_the_served_one():
    committed = (WEBAPP / "openapi.json").read_text(encoding="utf-8")
    assert committed == document_text(), f"webapp/openapi.json is stale: run {REGENERATE}"

def test_committed_types_are_generated_from_the_document(tmp_path):
    node = node_tool("openapi-typescript")
    document = tmp_path / "openapi.json"
    document.write_text(document_text(), encoding="utf-8")
    generated = tmp_path / "api.gen.ts"
    subprocess.run([node, "scripts/gen-types.mjs", str(document), str(generated)], cwd=WEBAPP,
                   check=True, capture_output=True, timeout=300)
    committed = (WEBAPP / "src" / "types" / "api.gen.ts").read_text(encoding="utf-8")
    assert committed == generated.read_text(encoding="utf-8"), (
        f"webapp/src/types/api.gen.ts is stale: run {REGENERATE}")

def test_web_app_type_checks():
    node = node_tool("typescript")
    result = subprocess.run([node, "node_modules/typescript/bin/tsc", "--noEmit"], cwd=WEBAPP,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
