"""The admin audit log: who did what to which item, when and why.

Entries copy the actor's e-mail and a label of the target, so they stay readable after the actor or
the target is deleted (``actor`` becomes NULL, ``target_id`` is a plain integer, not a foreign key).
Write an entry inside the same transaction as the action it records.
"""
from core.choices import AUDIT_ACTIONS as ACTIONS
from core.choices import AUDIT_TARGET_TYPES as TARGET_TYPES
from core.errors import abort
from core.models import AuditEntry
from core.pagination import page_of

MAX_LABEL = 300


def user_label(user):
    """``Name <email>`` for a user, as copied into the log."""
    name = " ".join(part for part in (user.first_name, user.last_name) if part)
    return (f"{name} <{user.email}>" if name else user.email)[:MAX_LABEL]


def record(actor, action, target_type, target_id=None, target_label="", reason=None,
           details=None):
    """Add one entry; ``actor`` is the signed-in admin (a User)."""
    assert action in ACTIONS, action
    return AuditEntry.create(
        actor=actor.id if actor is not None else None,
        actor_email=(actor.email if actor is not None else "")[:254],
        action=action, target_type=target_type, target_id=target_id,
        target_label=(target_label or "")[:MAX_LABEL], reason=reason or None, details=details)


def listing(args):
    """Newest first, paginated by ``?limit=&page=``; filters ``action``, ``targetType``,
    ``targetId`` and ``actorId``."""
    query = AuditEntry.select()
    action = args.get("action")
    if action:
        if action not in ACTIONS:
            abort(400, message=f"Unknown action '{action}' (use {', '.join(ACTIONS)})")
        query = query.where(AuditEntry.action == action)
    target_type = args.get("targetType")
    if target_type:
        if target_type not in TARGET_TYPES:
            abort(400, message=f"Unknown target type '{target_type}'")
        query = query.where(AuditEntry.target_type == target_type)
    if args.get("targetId") is not None:
        query = query.where(AuditEntry.target_id == args["targetId"])
    if args.get("actorId") is not None:
        query = query.where(AuditEntry.actor == args["actorId"])
    return page_of(query, (AuditEntry.created_at.desc(), AuditEntry.id.desc()), args)
