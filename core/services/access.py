"""Who may read and who may change a story or video (spec §6)."""
import functools

from core.errors import abort


def load_visible(model, content_id, user):
    """The content if ``user`` may see it; 404 otherwise (private content of others included)."""
    content = model.get_or_none(model.id == content_id)
    if content is None or not content.is_visible_to(user):
        abort(404, message=f"{model.__name__} not found")
    return content


def load_owned(model, content_id, user, message):
    """The content if ``user`` owns it: 404 as ``load_visible``, 403 ``message`` if another's."""
    content = load_visible(model, content_id, user)
    if content.user_id != user.id:
        abort(403, message=message)
    return content


def before_the_body(check):
    """A view decorator, above ``@blp.arguments``: ``check(**view_args)`` runs before the body is
    read, so who may do what is answered first (another's story: 403, a missing one: 404, never
    a 400 about a body that could not have been used anyway)."""
    def decorate(view):
        @functools.wraps(view)
        def checked(*args, **kwargs):
            check(**kwargs)
            return view(*args, **kwargs)
        return checked
    return decorate
