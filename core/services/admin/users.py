"""Admin: the user list and the changes of role and activation (the rules: see the package)."""
from peewee import fn

from core import db
from core import search as text_search
from core.choices import USER_FILTERS
from core.errors import abort
from core.models import ADMIN_ROLES, Story, User, Video
from core.models import base as model_base
from core.pagination import choice, page_of
from core.services import audit
from core.services.admin.paging import (
    all_of,
    count_rows,
    counting,
    scalars,
    search_page,
    windowed_page,
)


def clock():
    """Now, in UTC (naive), read through ``core.models`` so a test's frozen clock applies here."""
    return model_base.utcnow()


def banned_now(now=None):
    """SQL condition: a ban in force at ``now`` (an expired ban does not count)."""
    now = now or clock()
    return (User.is_banned == True) & (  # noqa: E712
        User.ban_expires_at.is_null() | (User.ban_expires_at > now))


def active_now(now=None):
    return (User.is_active == True) & ~banned_now(now)  # noqa: E712


def inactive():
    """``is_active`` false, written so that the (is_banned, is_active, …) index answers it: both
    columns are NOT NULL booleans, so ``is_banned IN (false, true)`` is every row and the index
    is read as two ranges."""
    return User.is_banned.in_([False, True]) & (User.is_active == False)  # noqa: E712


def count_active(now):
    """Users active now: every user - the inactive ones - the active ones banned now (is_active
    is a NOT NULL boolean); three index counts instead of testing every user."""
    total, idle, active_banned = scalars(
        counting(User), counting(User, inactive()),
        counting(User, (User.is_active == True) & banned_now(now)))  # noqa: E712
    return total - idle - active_banned


def get_user(user_id):
    user = User.get_or_none(User.id == user_id)
    if user is None:
        abort(404, message="User not found")
    return user




USER_ROLES = ("all", "user", "admin", "super_admin")


def list_users(args):
    """Filters: ``status`` all, active, inactive, banned, admin; ``role`` all, user, admin (both
    admin roles), super_admin; ``search`` by name or e-mail. Newest first. Two more queries count
    the stories and videos of the users on the page (never one per user)."""
    now = clock()
    status = choice(args, "status", USER_FILTERS, "all")
    role = choice(args, "role", USER_ROLES, "all")
    conditions = []
    if status == "active":
        conditions.append(active_now(now))
    elif status == "inactive":
        conditions.append(inactive())
    elif status == "banned":
        conditions.append(banned_now(now))
    elif status == "admin":
        conditions.append(User.role.in_(ADMIN_ROLES))
    if role == "admin":
        conditions.append(User.role.in_(ADMIN_ROLES))
    elif role in ("user", "super_admin"):
        conditions.append(User.role == role)
    search = (args.get("search") or "").strip()

    def fetch(ids):
        return User.select().where(User.id.in_(ids))

    condition = all_of(conditions)
    if search:
        page = search_page(User, text_search.matching(User, search), condition, args, fetch)
    elif status in ("inactive", "banned", "admin") or role in ("admin", "super_admin"):
        page = windowed_page(User, condition, args, fetch)
    else:
        # every user, or the active ones (nearly all): the page walks the newest-first index
        total = (count_active(now) if status == "active" and role == "all"
                 else count_rows(User, condition))
        query = User.select() if condition is None else User.select().where(condition)
        page = page_of(query, (User.created_at.desc(), User.id.desc()), args, total)
    attach_counts(page.items)
    return page


def attach_counts(users):
    """``stories_count`` and ``videos_count`` on each user: one grouped query per kind."""
    ids = [user.id for user in users]
    counts = {Story: {}, Video: {}}
    if ids:
        for model in counts:
            counts[model] = dict(model.select(model.user, fn.COUNT(model.id))
                                 .where(model.user.in_(ids)).group_by(model.user).tuples())
    for user in users:
        user.stories_count = counts[Story].get(user.id, 0)
        user.videos_count = counts[Video].get(user.id, 0)
    return users


def usable_super_admins(excluding=None):
    query = User.select().where((User.role == "super_admin") & active_now())
    if excluding is not None:
        query = query.where(User.id != excluding)
    return query.count()


def guard(actor, target, verb):
    """Refuse acting on yourself, an admin without being super_admin, or the last super_admin."""
    if target.id == actor.id:
        abort(400, message=f"You cannot {verb} your own account")
    if target.is_admin and actor.role != "super_admin":
        abort(403, message=f"Only a super admin can {verb} an administrator")
    if target.role == "super_admin" and usable_super_admins(excluding=target.id) == 0:
        abort(400, message=f"You cannot {verb} the last super admin")


def update_user(actor, user_id, body):
    """``role`` and/or ``isActive``; returns the user with counts."""
    if "role" not in body and "isActive" not in body:
        abort(400, message="Nothing to update: send role and/or isActive")
    target = get_user(user_id)
    new_role = body.get("role", target.role)
    new_active = body.get("isActive", target.is_active)
    if new_role != target.role:
        if actor.role != "super_admin":
            abort(403, message="Only a super admin can grant or remove admin roles")
        if target.id == actor.id:
            abort(400, message="You cannot change your own role")
        if (target.role == "super_admin"
                and usable_super_admins(excluding=target.id) == 0):
            abort(400, message="You cannot demote the last super admin")
    if new_active != target.is_active and not new_active:
        guard(actor, target, "deactivate")
    elif new_active != target.is_active and target.is_admin and actor.role != "super_admin":
        abort(403, message="Only a super admin can activate an administrator")
    label = audit.user_label(target)
    with db.write_transaction():
        changes = {}
        if new_role != target.role:
            changes[User.role] = new_role
            audit.record(actor, "user.role_change", "user", target.id, label,
                         details={"from": target.role, "to": new_role})
        if new_active != target.is_active:
            changes[User.is_active] = new_active
            if not new_active:  # deactivation ends every session of the account
                changes[User.session_version] = User.session_version + 1
            audit.record(actor, "user.activate" if new_active else "user.deactivate", "user",
                         target.id, label)
        if changes:
            changes[User.updated_at] = clock()
            User.update(changes).where(User.id == target.id).execute()
    return attach_counts([User.get_by_id(target.id)])[0]
