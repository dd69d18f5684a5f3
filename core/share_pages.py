"""What a page of the web app says about itself before any script runs: its share preview (Open
Graph and Twitter card tags, title, description) and, for the story page, its data.

``PREVIEWS`` maps a page (the first segment of its path: ``story``, ``video``; an author or a
series page adds its own function) to a function ``(item_id) -> Preview | None``. A preview is
made as a signed-out visitor would see the item (the API's visibility): a private story, or one
that does not exist, gets the site's own tags and nothing of the item.

The story page also carries the story (``core.landing``'s initial-data block: the React Query
entries of ``GET /api/stories/{id}`` and its ``/community``), so it paints at once with no request
behind the auth call; opening the page counts the view the API call would have counted.
"""
import html
import logging
import re
from dataclasses import dataclass
from urllib.parse import quote, unquote, urljoin

from flask import request

from core import content_tags, landing, page_data
from core.auth import signed_out_entries, viewer
from core.schemas.content import excerpt

log = logging.getLogger(__name__)

SITE_NAME = "Dreadforge"
DESCRIPTION_LENGTH = 200
_TITLE = re.compile(r"<title>.*?</title>", re.S)
_DESCRIPTION = re.compile(r'<meta name="?description"? content=("[^"]*"|[^ >]*)>')


@dataclass
class Preview:
    title: str
    description: str
    image: str  # a path or an absolute URL
    kind: str = "article"  # og:type
    image_alt: str = ""


def _author(user):
    name = " ".join(part for part in (user.first_name, user.last_name) if part).strip()
    return name or "anonymous"


def story_preview(story_id):
    from core.models import Story, User
    row = (Story.select(Story, User).join(User).where(Story.id == story_id).first())
    if row is None or not row.is_visible_to(None):
        return None
    text = (f"A mature (18+) {row.genre or 'horror'} story by {_author(row.user)}."
            if row.is_mature else " ".join(row.content.split()))
    return Preview(title=row.title, description=excerpt(text, DESCRIPTION_LENGTH),
                   image=f"/covers/story/{row.id}.png",
                   image_alt=f"{row.title}: a {row.genre or 'horror'} story by {_author(row.user)}")


def video_preview(video_id):
    from core.models import User, Video
    from core.services import videos
    row = (Video.select(Video, User).join(User).where(Video.id == video_id).first())
    if row is None or not row.is_visible_to(None):
        return None
    poster = (videos.media_url(row, row.poster_file, "poster.jpg")
              if row.poster_file and not row.is_mature else None)
    text = (f"A mature (18+) video by {_author(row.user)}." if row.is_mature
            else " ".join((row.description or row.content).split()))
    return Preview(title=row.title, description=excerpt(text, DESCRIPTION_LENGTH),
                   image=poster or f"/covers/video/{row.id}.png", kind="video.other",
                   image_alt=f"Poster of {row.title}")


def tag_preview(tag):
    tag = content_tags.normal_tag(unquote(tag))
    if content_tags.tag_problem(tag):
        return None
    return Preview(title=f"#{tag}", description=f"Horror stories and videos tagged “{tag}” on "
                   f"{SITE_NAME}.", image="", kind="website")


def series_preview(series_id):
    """A public series: its title and description, its first public part's cover card."""
    from core.models import Series, Story, User
    row = Series.select(Series, User).join(User).where(Series.id == series_id).first()
    if row is None or not row.is_visible_to(None):
        return None
    first = (Story.select(Story.id).where((Story.series == row.id) & (Story.is_public == True))  # noqa: E712
             .order_by(Story.series_part, Story.id).first())
    about = row.description or f"A horror series by {_author(row.user)}"
    return Preview(title=row.title, description=excerpt(" ".join(about.split()), DESCRIPTION_LENGTH),
                   image=f"/covers/story/{first.id}.png" if first else "",
                   image_alt=f"{row.title}: a series by {_author(row.user)}")


PREVIEWS = {"story": story_preview, "video": video_preview, "series": series_preview}
_PAGE = re.compile(r"(?P<page>[a-z-]+)/(?P<id>\d{1,18})/?")
_TAG_PAGE = re.compile(r"tags/(?P<tag>[^/]{1,120})/?")


def head_tags(preview, url):
    """The Open Graph and Twitter card tags of ``preview``, the page being at ``url``."""
    image = urljoin(url, preview.image) if preview.image else ""
    tags = [("property", "og:site_name", SITE_NAME), ("property", "og:type", preview.kind),
            ("property", "og:title", preview.title),
            ("property", "og:description", preview.description), ("property", "og:url", url),
            ("property", "og:image", image), ("property", "og:image:alt", preview.image_alt),
            ("name", "twitter:card", "summary_large_image" if image else "summary"),
            ("name", "twitter:title", preview.title),
            ("name", "twitter:description", preview.description),
            ("name", "twitter:image", image), ("name", "twitter:image:alt", preview.image_alt)]
    if preview.image.startswith("/covers/"):
        tags += [("property", "og:image:width", "1200"), ("property", "og:image:height", "630"),
                 ("property", "og:image:type", "image/png")]
    meta = "".join(f'<meta {attribute}="{name}" content="{html.escape(value, quote=True)}">'
                   for attribute, name, value in tags if value)
    return meta + f'<link rel="canonical" href="{html.escape(url, quote=True)}">'


def with_preview(page_html, preview, url):
    """``page_html`` (index.html) titled and described as ``preview``, with its tags."""
    title = html.escape(f"{preview.title} — {SITE_NAME}")
    page_html = _TITLE.sub(lambda _m: f"<title>{title}</title>", page_html, count=1)
    description = html.escape(preview.description, quote=True)
    page_html = _DESCRIPTION.sub(lambda _m: f'<meta name="description" content="{description}">',
                                 page_html, count=1)
    at = page_html.find("</title>")
    at = at + len("</title>") if at >= 0 else page_html.find("<script")
    tags = head_tags(preview, url)
    return tags + page_html if at < 0 else page_html[:at] + tags + page_html[at:]


def story_entries(story_id):
    """The story page's React Query entries for the viewer (or None: the app fetches them)."""
    from core.api.stories import visible_story_item
    from core.services import reading
    item = visible_story_item(story_id, viewer(), count_view=True)
    if item is None:
        return None
    # the community view also says whether the reader bookmarked it and how far they read
    # ("Continue reading" on a page opened by its address)
    community = reading.mark_story(dict(item), viewer())
    entries = [{"key": ["stories", "detail", story_id], "data": item},
               {"key": ["stories", "detail", story_id, "community"], "data": community}]
    series = series_entry(item.get("seriesId"))
    if series is not None:  # the part's place ("Part 2 of 5") paints with the story
        entries.append(series)
    entries += page_data.story_extras(story_id)
    return entries + signed_out_entries()


def series_entry(series_id):
    """The React Query entry of ``GET /api/series/{id}`` for the viewer, or None."""
    from core.models import Series
    from core.schemas.series import SeriesSchema
    from core.services import series as series_service
    found = Series.get_or_none(Series.id == series_id) if series_id else None
    if found is None or not found.is_visible_to(viewer()):
        return None
    data = SeriesSchema().dump(series_service.detail(found, viewer()))
    return {"key": ["series", "detail", found.id], "data": data}


def has_page(path):
    """Whether ``path`` is a page with a preview (``story/12``)."""
    match = _PAGE.fullmatch(path)
    return (match is not None and match["page"] in PREVIEWS) or _TAG_PAGE.fullmatch(path) is not None


def render(page_html, path):
    """index.html for ``path``: with the page's preview and data when it has them."""
    tag = _TAG_PAGE.fullmatch(path)
    if tag is not None:  # a tag's page: its title and description only
        preview = tag_preview(tag["tag"])
        name = quote(content_tags.normal_tag(unquote(tag["tag"])))
        url = f'{request.url_root.rstrip("/")}/tags/{name}'  # canonical: the tag as stored
        return page_html if preview is None else with_preview(page_html, preview, url)
    match = _PAGE.fullmatch(path)
    if match is None or match["page"] not in PREVIEWS:
        return page_html
    item_id = int(match["id"])
    try:
        preview = PREVIEWS[match["page"]](item_id)
        if preview is not None:
            page_html = with_preview(page_html, preview, request.url_root.rstrip("/") + "/"
                                     + path.rstrip("/"))
        entries = story_entries(item_id) if match["page"] == "story" else None
    except Exception:  # noqa: BLE001 - the page must still load, as it was
        log.exception("page preview of %s not made", path)
        return page_html
    return landing.insert(page_html, landing.script(entries)) if entries else page_html
