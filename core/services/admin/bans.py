"""Admin: banning a user (for 1, 7 or 30 days, until a date, or for good) and lifting a ban."""
import datetime as dt

from core import db
from core.errors import abort
from core.models import User
from core.services import audit
from core.services.admin.users import attach_counts, clock, get_user, guard

BAN_DURATIONS = (1, 7, 30)


MAX_BAN_REASON = 1000


def parse_ban(body, now):
    """``(reason, expires_at)`` from ``{reason, expiresAt}`` or ``{reason, durationDays}``."""
    reason = body.get("reason")
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        abort(400, message="Ban reason is required", errors={"reason": ["Ban reason is required"]})
    if len(reason) > MAX_BAN_REASON:
        message = f"Ban reason must be at most {MAX_BAN_REASON:,} characters"
        abort(400, message=message, errors={"reason": [message]})
    expires_raw, days = body.get("expiresAt"), body.get("durationDays")
    if expires_raw in ("", "permanent"):
        expires_raw = None
    if days in ("", "permanent"):
        days = None
    if expires_raw is not None and days is not None:
        abort(400, message="Give either expiresAt or durationDays, not both")
    if days is not None:
        if isinstance(days, str) and days.strip().isdigit():
            days = int(days.strip())
        if isinstance(days, bool) or not isinstance(days, int) or days not in BAN_DURATIONS:
            message = "durationDays must be 1, 7 or 30 (or null for a permanent ban)"
            abort(400, message=message, errors={"durationDays": [message]})
        return reason, now + dt.timedelta(days=days)
    if expires_raw is None:
        return reason, None
    message = "expiresAt must be an ISO date and time in the future (or null for a permanent ban)"
    if not isinstance(expires_raw, str):
        abort(400, message=message, errors={"expiresAt": [message]})
    try:
        expires = dt.datetime.fromisoformat(expires_raw.strip())
    except ValueError:
        abort(400, message=message, errors={"expiresAt": [message]})
    if expires.tzinfo is not None:
        try:
            expires = expires.astimezone(dt.UTC).replace(tzinfo=None)
        except OverflowError:  # beyond the years 1-9999 once in UTC: the first or the last day
            expires = dt.datetime.min if expires.year == 1 else dt.datetime.max
    if expires <= now:
        abort(400, message="The ban must end in the future", errors={"expiresAt": [message]})
    return reason, expires


def ban_user(actor, user_id, body):
    target = get_user(user_id)
    now = clock()
    reason, expires = parse_ban(body, now)
    guard(actor, target, "ban")
    with db.write_transaction():
        User.update({User.is_banned: True, User.ban_reason: reason, User.ban_expires_at: expires,
                     User.banned_at: now, User.updated_at: now,
                     User.session_version: User.session_version + 1}).where(
            User.id == target.id).execute()
        audit.record(actor, "user.ban", "user", target.id, audit.user_label(target), reason,
                     details={"expiresAt": expires.isoformat() + "Z" if expires else None,
                              "permanent": expires is None})
    return attach_counts([User.get_by_id(target.id)])[0]


def unban_user(actor, user_id):
    target = get_user(user_id)
    if target.is_admin and actor.role != "super_admin" and target.id != actor.id:
        abort(403, message="Only a super admin can unban an administrator")
    if target.is_banned:
        with db.write_transaction():
            User.update({User.is_banned: False, User.ban_reason: None, User.ban_expires_at: None,
                         User.banned_at: None, User.updated_at: clock()}).where(
                User.id == target.id).execute()
            audit.record(actor, "user.unban", "user", target.id, audit.user_label(target),
                         details={"previousReason": target.ban_reason})
    return attach_counts([User.get_by_id(target.id)])[0]
