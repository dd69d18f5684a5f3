"""Drafts: the story being written on /create, kept on the server for its author only."""
from flask.views import MethodView

from core.auth import require_user
from core.errors import Blueprint
from core.schemas.drafts import DraftSchema, DraftWriteSchema
from core.services import drafts

blp = Blueprint("drafts", __name__, url_prefix="/api/drafts",
                description="Your draft: the story being written on /create, until saved or discarded")


@blp.route("/current")
class CurrentDraft(MethodView):
    @blp.response(200, DraftSchema)
    @blp.alt_response(204, description="You have no draft")
    def get(self):
        """Your draft (the form, title, text and plan), or 204 when you have none."""
        draft = drafts.current(require_user())
        if draft is None:
            return "", 204
        return drafts.shaped(draft)

    @blp.arguments(DraftWriteSchema)
    @blp.response(200, DraftSchema)
    def put(self, body):
        """Keep the story being written as your draft (the whole draft; it replaces the last)."""
        return drafts.shaped(drafts.save(require_user(), body))

    @blp.response(204)
    def delete(self):
        """Discard your draft (nothing happens when you have none)."""
        drafts.discard_current(require_user())


@blp.route("/<int:draft_id>")
class DraftById(MethodView):
    @blp.response(200, DraftSchema)
    def get(self, draft_id):
        """One of your drafts (another's is 404)."""
        return drafts.shaped(drafts.owned(draft_id, require_user()))

    @blp.response(204)
    def delete(self, draft_id):
        """Discard one of your drafts (another's is 404)."""
        drafts.discard(drafts.owned(draft_id, require_user()))
