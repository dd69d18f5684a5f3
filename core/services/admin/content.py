"""Admin: every story and video (private ones too), their visibility and their deletion."""
from peewee import JOIN

from core import db
from core import search as text_search
from core.choices import STORY_FILTERS, VIDEO_FILTERS
from core.errors import abort
from core.models import Story, User, Video
from core.pagination import choice
from core.plugins import plugin_host
from core.services import audit
from core.services import stories as story_service
from core.services.admin.paging import materialized_page, search_page, two_step_page, windowed_page
from core.services.admin.removal import remove_video_files
from core.services.admin.users import clock


def list_content(model, args):
    """Every story or video (private ones too), newest first, with the author in the same query.
    ``filter`` all, public, private (videos also a status); ``search`` in the title, or an exact
    author e-mail address; ``userId`` for one author."""
    allowed = STORY_FILTERS if model is Story else VIDEO_FILTERS
    condition = None

    def add(term):
        nonlocal condition
        condition = term if condition is None else (condition & term)

    for name in ("filter", "status"):
        value = choice(args, name, allowed, "all", "filter")
        if value == "public":
            add(model.is_public == True)  # noqa: E712
        elif value == "private":
            add(model.is_public == False)  # noqa: E712
        elif value != "all":
            add(model.status == value)
    if args.get("userId") is not None:
        add(model.user == args["userId"])

    def with_author():
        return model.select(model, User).join(User, JOIN.INNER, on=(model.user == User.id))

    search = (args.get("search") or "").strip()
    if search:
        def fetch(ids):
            return with_author().where(model.id.in_(ids))

        match = text_search.matching(model, search)
        # or the items of the author with exactly that e-mail address (looked up first: an
        # index can serve ``title matches OR user_id = n``, not ``OR user_id IN (SELECT …)``)
        author = (User.select(User.id).where(User.email == search.lower()).scalar()
                  if "@" in search else None)
        if author is None:
            page = search_page(model, match, condition, args, fetch)
        elif match.ids is not None and match.rest is None:
            match.union(model.select(model.id).where(model.user == author))
            page = search_page(model, match, condition, args, fetch)
        else:
            add(match.condition() | (model.user == author))
            page = (windowed_page if db.is_sqlite() else materialized_page)(
                model, condition, args, fetch)
    else:
        page = two_step_page(model, condition, args,
                             lambda ids: with_author().where(model.id.in_(ids)))
    for row in page.items:
        row.is_liked_by_user = False
    return page


def get_content(model, content_id):
    row = (model.select(model, User).join(User, JOIN.INNER, on=(model.user == User.id))
           .where(model.id == content_id).first())
    if row is None:
        abort(404, message=f"{model.__name__} not found")
    return row


def set_visibility(actor, model, content_id, is_public, reason=None):
    content = get_content(model, content_id)
    kind = model.__name__.lower()
    if content.is_public != is_public:
        with db.write_transaction():
            model.update({model.is_public: is_public, model.updated_at: clock()}).where(
                model.id == content.id).execute()
            audit.record(actor, f"{kind}.visibility", kind, content.id, content.title,
                         details={"isPublic": is_public, "authorId": content.user_id,
                                  "authorEmail": content.user.email, "reason": reason})
        content.is_public = is_public
        plugin_host().fire("on_moderated", action="restored" if is_public else "removed",
                           content=content, kind=kind, reason=reason)
    content.is_liked_by_user = False
    return content


def delete_content(actor, model, content_id):
    content = get_content(model, content_id)
    kind = model.__name__.lower()
    with db.write_transaction():
        if model is Story:
            story_service.delete(content)
        else:
            Video.delete().where(Video.id == content.id).execute()
        audit.record(actor, f"{kind}.delete", kind, content.id, content.title,
                     details={"authorId": content.user_id, "authorEmail": content.user.email})
    plugin_host().fire("on_moderated", action="deleted", content=content, kind=kind, reason=None)
    if model is Video:
        remove_video_files([content.id])
    return {"message": "Content deleted successfully"}
