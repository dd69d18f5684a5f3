"""Records every engagement event it receives, in order: ``recorder.EVENTS``."""
from core.hookspecs import hookimpl

EVENTS = []


@hookimpl
def on_published(content, kind):
    EVENTS.append(("published", kind, content.id))


@hookimpl
def on_liked(content, kind, user):
    EVENTS.append(("liked", kind, content.id, user.id))


@hookimpl
def on_commented(comment, content, kind):
    EVENTS.append(("commented", kind, content.id, comment.content))


@hookimpl
def on_shared(content, kind, platform, share_type, user):
    EVENTS.append(("shared", kind, content.id, platform, share_type))
