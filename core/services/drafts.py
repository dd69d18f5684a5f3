"""Drafts: an author's story in the making on /create, kept until saved as a story or discarded."""
import peewee

from core import db
from core.errors import abort
from core.models import Draft, utcnow
from core.story_plan import dump_plan, load_plan


def current(user):
    """The author's draft, or None."""
    return Draft.get_or_none(Draft.user == user.id)


def owned(draft_id, user):
    """Draft ``draft_id`` if it is ``user``'s: 404 otherwise (another's draft is not shown to exist)."""
    draft = Draft.get_or_none((Draft.id == draft_id) & (Draft.user == user.id))
    if draft is None:
        abort(404, message="Draft not found")
    return draft


def _columns(body):
    plan = body.get("plan")
    return {"settings": body["settings"], "title": body["title"], "content": body["content"],
            "writer": body["writer"], "plan": None if plan is None else dump_plan(plan)}


CHANGED_ELSEWHERE = ("Your draft was changed in another tab or window since this one last "
                     "saved it: keep this text or load the newer one")


def save(user, body):
    """Keep ``body`` (loaded ``DraftWriteSchema``) as the author's draft: the one draft is
    rewritten in place (its id stays, its revision counts one more), or made when there is none.

    With ``baseRevision`` (the revision the text was written from; null: no draft was known),
    a draft written since by another tab or window is not overwritten: 409 (with ``baseDraftId``,
    nor a draft made since the known one went). Without it, the
    save replaces whatever is there."""
    columns = _columns(body)
    checked = "baseRevision" in body
    base = body.get("baseRevision")
    base_id = body.get("baseDraftId")
    for _attempt in range(2):
        if not checked or base is not None:
            with db.write_transaction():
                query = Draft.update(**columns, revision=Draft.revision + 1, updated_at=utcnow())
                query = query.where(Draft.user == user.id)
                if checked:
                    query = query.where(Draft.revision == base)
                    if base_id is not None:  # the revision of another, older draft is no match
                        query = query.where(Draft.id == base_id)
                if query.execute():
                    return current(user)
        if checked and current(user) is not None:
            abort(409, message=CHANGED_ELSEWHERE)
        try:
            with db.write_transaction():
                return Draft.create(user=user.id, **columns)
        except peewee.IntegrityError:  # made meanwhile by another request
            if checked:
                abort(409, message=CHANGED_ELSEWHERE)
            continue
    abort(409, message="The draft changed meanwhile, please try again")


def discard(draft):
    Draft.delete().where(Draft.id == draft.id).execute()


def discard_of(user, draft_id, revision):
    """Remove draft ``draft_id`` if it is ``user``'s and still at ``revision`` (the story
    written from it was saved); saved since in another tab or window, the draft is kept."""
    Draft.delete().where((Draft.id == draft_id) & (Draft.user == user.id)
                         & (Draft.revision == revision)).execute()


def discard_current(user):
    """Remove the author's draft (if any); True when there was one."""
    return bool(Draft.delete().where(Draft.user == user.id).execute())


def shaped(draft):
    """The API's shape (``DraftSchema``): the plan typed again from its JSON."""
    return {"id": draft.id, "settings": draft.settings or {}, "title": draft.title,
            "content": draft.content, "writer": draft.writer, "revision": draft.revision,
            "plan": None if draft.plan is None else load_plan(draft.plan),
            "created_at": draft.created_at, "updated_at": draft.updated_at}
