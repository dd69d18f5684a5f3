"""The web app's files: compressed by Accept-Encoding, hashed assets cached for good, and the
landing page's data inside its HTML (no second request before the first paint)."""
import gzip
import json
import re
import shutil
import subprocess

import pytest

from tests.conftest import ROOT
from tests.test_admin_helpers import make_story

SCRIPT = '<script type=module src=/webapp.1a2b3c4d.js></script>'
# as Parcel minifies it: no </head>, no </body>
INDEX = ('<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Dreadforge</title>'
         f'<link rel=stylesheet href=/webapp.5e6f7a8b.css><body><div id=root></div>{SCRIPT}')
JS = "export const answer = 42;\n" + "console.log('a nightmare, compressed');\n" * 200
CSS = "body { background: #0b0709; color: #efe6e8; }\n" * 100


def brotli_decode(data):
    """Decoded by Node's zlib (what the build used to compress, independent of the server)."""
    return subprocess.run(
        ["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
                       "require('fs').readFileSync(0)))"],
        input=data, capture_output=True, check=True).stdout


@pytest.fixture
def dist(app, tmp_path, monkeypatch):
    """A built web app (its files compressed by the build's own script), served by ``app``."""
    if shutil.which("node") is None:
        pytest.skip("no node")
    folder = tmp_path / "dist"
    folder.mkdir()
    (folder / "index.html").write_text(INDEX)
    (folder / "webapp.1a2b3c4d.js").write_text(JS)
    (folder / "webapp.5e6f7a8b.css").write_text(CSS)
    subprocess.run(["node", str(ROOT / "webapp" / "scripts" / "compress.mjs"), str(folder)],
                   check=True, capture_output=True)
    monkeypatch.setitem(app.config, "WEBAPP_DIST", folder)
    return folder


@pytest.mark.parametrize("path, body", [("/webapp.1a2b3c4d.js", JS),
                                        ("/webapp.5e6f7a8b.css", CSS)])
def test_assets_are_sent_compressed_as_the_client_accepts(dist, client, path, body):
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and plain.get_data(as_text=True) == body
    assert "Content-Encoding" not in plain.headers
    assert "Accept-Encoding" in plain.headers["Vary"]

    zipped = client.get(path, headers={"Accept-Encoding": "gzip, deflate"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.get_data()).decode() == body
    assert len(zipped.get_data()) < len(body) / 3

    brotli = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert brotli.headers["Content-Encoding"] == "br"
    assert brotli_decode(brotli.get_data()).decode() == body
    assert "Accept-Encoding" in brotli.headers["Vary"]
    kind = "javascript" if path.endswith(".js") else "text/css"
    assert all(kind in response.headers["Content-Type"] for response in (plain, zipped, brotli))


def test_hashed_assets_are_immutable_and_the_page_is_revalidated(dist, client):
    asset = client.get("/webapp.1a2b3c4d.js")
    assert asset.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for path in ("/", "/explore", "/story/12"):
        page = client.get(path, headers={"Accept-Encoding": "identity"})
        assert page.status_code == 200 and SCRIPT in page.get_data(as_text=True)
        assert "immutable" not in page.headers["Cache-Control"]
        assert "no-cache" in page.headers["Cache-Control"]


def landing_data(html):
    found = re.search(r'<script type="application/json" id="initial-data">(.*?)</script>', html)
    assert found, html
    return {json.dumps(entry["key"]): entry["data"] for entry in json.loads(found.group(1))}


def test_the_landing_page_carries_its_data(dist, users, make_client):
    author, _ = users.signed_in()
    for i in range(8):
        make_story(author, title=f"Tale {i} </script><b>&")
    make_story(author, title="Hidden draft", isPublic=False)
    visitor = make_client()
    page = visitor.get("/", headers={"Accept-Encoding": "identity"})
    data = landing_data(page.get_data(as_text=True))
    assert data['["auth", "user"]'] is None
    # the same list the landing page would ask for next, byte for byte
    stories = data['["stories", "list", {"limit": 6}]']
    assert stories == visitor.get("/api/stories?limit=6").get_json()
    assert [story["title"] for story in stories] == [f"Tale {i} </script><b>&"
                                                     for i in range(7, 1, -1)]

    zipped = visitor.get("/", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert gzip.decompress(zipped.get_data()) == page.get_data()


def test_a_signed_in_member_gets_the_page_without_a_visitors_data(dist, users):
    member, _ = users.signed_in()
    html = member.get("/", headers={"Accept-Encoding": "identity"}).get_data(as_text=True)
    assert "initial-data" not in html and SCRIPT in html
