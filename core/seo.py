"""What search engines and link previews read: ``/robots.txt``, ``/sitemap.xml`` of the public
stories, videos and series, and the cover cards of ``core.cover_cards`` at ``/covers/{story|video}/{id}.png``.

The sitemap lists the public pages (the landing page, Explore, every public story and video with
its last change). Up to ``SITEMAP_PAGE_SIZE`` addresses (50,000, the protocol's limit) it is one
``urlset``; above, ``/sitemap.xml`` is a sitemap index of ``/sitemap-{stories|videos}-{n}.xml``.
What is private is in none of them, nor has a cover card (404, as the API answers).
"""
from xml.sax.saxutils import escape

from flask import abort, current_app, request, send_file

from core import cover_cards
from core.models import Series, Story, User, Video

SITEMAP_PAGE_SIZE = 50_000
XML = "application/xml; charset=utf-8"
KINDS = {"stories": (Story, "story"), "videos": (Video, "video"), "series": (Series, "series")}
PUBLIC_PAGES = ("", "explore")
#: what a crawler has no business in: the API, the signed-in screens, the editors
DISALLOWED = ("/api/", "/admin", "/profile", "/create", "/create-story", "/create-video",
              "/story-editor/", "/video-editor/", "/link-story/", "/link-video/", "/media/")


def robots():
    base = request.url_root.rstrip("/")
    lines = ["User-agent: *", "Allow: /", *(f"Disallow: {path}" for path in DISALLOWED),
             "Disallow: /story/*/edit", "", f"Sitemap: {base}/sitemap.xml", ""]
    response = current_app.response_class("\n".join(lines), mimetype="text/plain")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


def _public(model):
    return model.select().where(model.is_public == True)  # noqa: E712 - SQL


def _page_size():
    return int(current_app.config.get("SITEMAP_PAGE_SIZE", SITEMAP_PAGE_SIZE))


def _lastmod(value):
    return value.strftime("%Y-%m-%dT%H:%M:%SZ") if value else None


def _url(location, lastmod=None):
    modified = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
    return f"<url><loc>{escape(location)}</loc>{modified}</url>"


def _xml(body):
    response = current_app.response_class(
        '<?xml version="1.0" encoding="UTF-8"?>\n' + body, mimetype=XML)
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


def _urlset(urls):
    return _xml('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                + "".join(urls) + "</urlset>")


def _item_urls(kind, page=None):
    model, segment = KINDS[kind]
    base = request.url_root.rstrip("/")
    query = (_public(model).select(model.id, model.updated_at).order_by(model.id))
    if page is not None:
        query = query.paginate(page + 1, _page_size())
    return [_url(f"{base}/{segment}/{item_id}", _lastmod(updated))
            for item_id, updated in query.tuples().iterator()]


def sitemap():
    base = request.url_root.rstrip("/")
    counts = {kind: _public(model).count() for kind, (model, _s) in KINDS.items()}
    size = _page_size()
    if sum(counts.values()) + len(PUBLIC_PAGES) <= size:
        urls = [_url(f"{base}/{page}") for page in PUBLIC_PAGES]
        for kind in KINDS:
            urls += _item_urls(kind)
        return _urlset(urls)
    parts = [f"{base}/sitemap-{kind}-{n + 1}.xml" for kind, count in counts.items()
             for n in range((count + size - 1) // size)]
    return _xml('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                + "".join(f"<sitemap><loc>{escape(part)}</loc></sitemap>" for part in parts)
                + "</sitemapindex>")


def sitemap_part(kind, number):
    if kind not in KINDS or number < 1:
        abort(404, description="Not found")
    urls = _item_urls(kind, number - 1)
    if not urls:
        abort(404, description="Not found")
    return _urlset(urls)


def cover(kind, item_id):
    """A public story's or video's cover card (404 for what a visitor may not see)."""
    model = {"story": Story, "video": Video}[kind]  # (the route admits only these)
    row = model.select(model, User).join(User).where(model.id == item_id).first()
    if row is None or not row.is_visible_to(None):
        abort(404, description="Not found")
    author = " ".join(part for part in (row.user.first_name, row.user.last_name) if part)
    path = cover_cards.cover_file(current_app.config["DATA_DIR"], kind, row.id, row.title,
                                  author, row.genre)
    response = send_file(path, mimetype="image/png", max_age=3600, etag=True, conditional=True)
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


def init_app(app):
    app.add_url_rule("/robots.txt", "robots", robots)
    app.add_url_rule("/sitemap.xml", "sitemap", sitemap)
    app.add_url_rule("/sitemap-<kind>-<int:number>.xml", "sitemap_part", sitemap_part)
    app.add_url_rule("/covers/<any(story, video):kind>/<int:item_id>.png", "cover", cover)
