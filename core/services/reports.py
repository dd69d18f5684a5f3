"""Reports of stories, videos and comments by users, for the moderators' queue."""
from peewee import IntegrityError

from core import db
from core.errors import abort
from core.models import Report

MAX_REASON = 1000


def report(user, reason, **target):
    """File a report on one item (``story=``, ``video=`` or ``comment=`` id); 409 if filed before."""
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        abort(400, message="Please give a reason for the report", errors={
            "reason": ["Please give a reason for the report"]})
    if len(reason) > MAX_REASON:
        abort(400, message=f"Reason must be at most {MAX_REASON:,} characters")
    try:
        with db.write_transaction():
            row = Report.create(reporter=user.id, reason=reason, **target)
    except IntegrityError:
        abort(409, message="You have already reported this")
    return {"id": row.id, "status": row.status, "message": "Thanks, the moderators will take a look."}
