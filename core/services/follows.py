"""Authors' public pages and following: counts, follow / unfollow, the Following feed."""
from peewee import fn

from core import db
from core.errors import abort
from core.models import Follow, Like, Story, User, Video
from core.plugins import plugin_host
from core.services import feeds, mature, series_places, tags

SELF_FOLLOW = "You cannot follow yourself"


def load_user(user_id):
    """The user (404 "User not found" otherwise). Banned or deactivated accounts keep their page
    and their public work, as the feeds and ``/api/users/{id}/stats`` show them."""
    user = User.get_or_none(User.id == user_id)
    if user is None:
        abort(404, message="User not found")
    return user


def counts(user_id):
    """``(followers, following)`` of one user, two index-only counts."""
    followers = Follow.select().where(Follow.followed == user_id).count()
    following = Follow.select().where(Follow.follower == user_id).count()
    return followers, following


def profile(user_id, viewer):
    user = load_user(user_id)
    everything = viewer is not None and (viewer.id == user.id or viewer.is_admin)
    works = {}
    for model in (Story, Video):
        query = model.select(fn.COUNT(model.id)).where(model.user == user.id)
        if not everything:
            query = query.where(model.is_public == True)  # noqa: E712
        works[model] = query.scalar() or 0
    followers, following = counts(user.id)
    followed = viewer is not None and Follow.select().where(
        (Follow.follower == viewer.id) & (Follow.followed == user.id)).exists()
    shown = {"id": user.id, "first_name": user.first_name, "last_name": user.last_name,
             "profile_image_url": user.profile_image_url, "bio": user.bio or "",
             "created_at": user.created_at, "followersCount": followers,
             "followingCount": following, "isFollowedByUser": followed,
             "storiesCount": works[Story], "videosCount": works[Video]}
    if everything:
        shown["email"] = user.email
    if viewer is not None and viewer.id == user.id:
        shown["showMature"] = bool(user.show_mature)
    return shown


def follow(follower, followed_id):
    """Follow (idempotent); 400 for oneself. ``on_followed`` fires for a new follow only."""
    followed = load_user(followed_id)
    if followed.id == follower.id:
        abort(400, message=SELF_FOLLOW)
    with db.write_transaction():
        query = Follow.insert(follower=follower.id, followed=followed.id).on_conflict_ignore()
        inserted = db.database.execute(query).rowcount
    if inserted:
        plugin_host().fire("on_followed", follower=follower, followed=followed)
    return {"following": True, "followersCount": counts(followed.id)[0]}


def unfollow(follower, followed_id):
    """Stop following (idempotent)."""
    followed = load_user(followed_id)
    if followed.id == follower.id:
        abort(400, message=SELF_FOLLOW)
    with db.write_transaction():
        Follow.delete().where((Follow.follower == follower.id)
                              & (Follow.followed == followed.id)).execute()
    return {"following": False, "followersCount": counts(followed.id)[0]}


def following_feed(user, args):
    """Public stories of the authors ``user`` follows, newest first (``?limit=&cursor=``)."""
    followed = Follow.select(Follow.followed).where(Follow.follower == user.id)
    query = (feeds.with_authors(Story)
             .where((Story.is_public == True) & Story.user.in_(followed),  # noqa: E712
                    *tags.conditions(Story, args)))
    page = feeds.paginate(query, Story, "newest", args)
    feeds.mark_liked(page.items, user, Like.story)
    mature.gate_rows(page.items, user)
    series_places.hide_rows(page.items, user)
    return page


def edit_me(user, body):
    """``PATCH /api/users/me``: the bio and the avatar's address."""
    if "bio" in body:
        user.bio = body["bio"]
    if "profileImageUrl" in body:
        user.profile_image_url = body["profileImageUrl"] or None
    if "showMature" in body:
        user.show_mature = body["showMature"]
    with db.write_transaction():
        User.update(bio=user.bio, profile_image_url=user.profile_image_url,
                    show_mature=user.show_mature).where(User.id == user.id).execute()
    return profile(user.id, user)
