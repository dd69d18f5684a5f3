"""The bell's notifications, written from the event hooks like any plugin would.

Each event becomes rows of ``notifications`` for the people it concerns, never for the one who
acted, never from a banned or deactivated account, only for someone who may see the content, and
only for kinds the recipient has not switched off (``users.notifications_off``). Likes of one item
stay one row while it is unread: the newest liker and how many people like it now who liked it since
the row was opened (``actors_count``), each counted once.
"""
from core.hookspecs import hookimpl
from core.models import Comment, Follow, Like, Notification, Series, User, utcnow

#: recipients of one new-story event are written in batches of this size
BATCH = 500


def acting(user):
    """May this account's actions notify others? (Not while banned or deactivated.)"""
    return user is not None and user.is_active and not user.ban_in_force()


def wants(user, kind):
    return kind not in (user.notifications_off or ())


def target(content, kind):
    return {"story": content.id} if kind == "story" else {"video": content.id}


def notify(recipient_id, kind, actor, content=None, content_kind=None, **extra):
    """One row for ``recipient_id`` unless it is the actor, cannot see ``content`` or opted out."""
    if actor is not None and recipient_id == actor.id:
        return None
    recipient = User.get_or_none(User.id == recipient_id)
    if recipient is None or not wants(recipient, kind):
        return None
    if content is not None and not content.is_visible_to(recipient):
        return None
    where = target(content, content_kind) if content is not None else {}
    return Notification.create(user=recipient.id, kind=kind, actor=actor.id if actor else None,
                               **where, **extra)


def like_field(model, kind):
    return model.story if kind == "story" else model.video


def liked_at(content, kind, user):
    """When ``user``'s like of ``content`` was made (now, should it be gone already)."""
    return (Like.select(Like.created_at)
            .where((like_field(Like, kind) == content.id) & (Like.user == user.id))
            .scalar()) or utcnow()


def likers_since(content, kind, since):
    """The people who like ``content`` now and liked it at or after ``since``, newest first: never
    its author, nobody banned or deactivated (as their likes tell nobody)."""
    ban_over = User.ban_expires_at.is_null(False) & (User.ban_expires_at <= utcnow())
    return (User.select(User.id)
            .join(Like, on=(Like.user == User.id))
            .where((like_field(Like, kind) == content.id) & (Like.created_at >= since)
                   & (User.id != content.user_id) & (User.is_active == True)  # noqa: E712
                   & ((User.is_banned == False) | ban_over))  # noqa: E712
            .order_by(Like.created_at.desc(), Like.id.desc()))


def regroup(group, content, kind, user):
    """Count the unread row's likers again: one who liked, unliked and liked again is one."""
    if group.likes_since is None:  # a row written before likes_since: counted as it was
        count, actor = Notification.actors_count + 1, user.id
    else:
        likers = likers_since(content, kind, group.likes_since)
        count = likers.count()
        newest = likers.first()  # (first() limits the query itself: counted before)
        actor = newest.id if newest else user.id
    (Notification.update({Notification.actor: actor, Notification.actors_count: count,
                          Notification.created_at: utcnow()})
     .where(Notification.id == group.id).execute())


@hookimpl
def on_liked(content, kind, user):
    if not acting(user) or content.user_id == user.id:
        return
    group = (Notification.select()
             .where((Notification.user == content.user_id) & (Notification.kind == "like")
                    & (Notification.is_read == False)  # noqa: E712
                    & (like_field(Notification, kind) == content.id))
             .first())
    if group is not None:
        regroup(group, content, kind, user)
    else:
        notify(content.user_id, "like", user, content, kind,
               likes_since=liked_at(content, kind, user))


@hookimpl
def on_commented(comment, content, kind):
    author = User.get_or_none(User.id == comment.user_id)
    if not acting(author):
        return
    told = set()
    if comment.parent_id is not None:
        parent = Comment.get_or_none(Comment.id == comment.parent_id)
        if parent is not None and notify(parent.user_id, "reply", author, content, kind,
                                         comment=comment.id):
            told.add(parent.user_id)
    if content.user_id not in told:
        notify(content.user_id, "comment", author, content, kind, comment=comment.id)


@hookimpl
def on_followed(follower, followed):
    if acting(follower):
        notify(followed.id, "follow", follower)


def tell_followers(author, kind, story, detail=""):
    """One row of ``kind`` for every follower of ``author`` who has not switched it off."""
    followers = (User.select(User.id, User.notifications_off)
                 .join(Follow, on=(Follow.follower == User.id))
                 .where(Follow.followed == author.id))
    rows = [{"user": follower.id, "kind": kind, "actor": author.id, "story": story.id,
             "detail": detail} for follower in followers if wants(follower, kind)]
    for start in range(0, len(rows), BATCH):
        Notification.insert_many(rows[start:start + BATCH]).execute()


@hookimpl
def on_published(content, kind):
    """A public story: every follower of its author who has not switched new stories off (a
    part of a series: new parts; nobody when the series is private)."""
    author = User.get_or_none(User.id == content.user_id)
    if kind != "story" or not content.is_public or not acting(author):
        return
    if content.series_id is not None:
        series = Series.get_or_none(Series.id == content.series_id)
        if series is not None:
            on_series_part(content, series)
        return
    tell_followers(author, "new_story", content)


@hookimpl
def on_series_part(story, series):
    """A public part of a public series: "Mara Vale published part 2 of The Harrow Tapes"."""
    author = User.get_or_none(User.id == story.user_id)
    if not (story.is_public and series.is_public and acting(author)):
        return
    tell_followers(author, "new_part", story,
                   f"part {story.series_part} of “{series.title}”"[:300])


@hookimpl
def on_video_made(video, story):
    """The story's author hears of it; the line opens the video if they may see it, else the story."""
    maker = User.get_or_none(User.id == video.user_id)
    if not acting(maker):
        return
    if video.is_visible_to(User.get_or_none(User.id == story.user_id)):
        notify(story.user_id, "video", maker, video, "video", story=story.id)
    else:
        notify(story.user_id, "video", maker, story, "story")


@hookimpl
def on_moderated(action, content, kind, reason):
    """Hidden (``removed``) or restored: the line opens the content and says the moderator's
    reason; deleted: only its title is left."""
    if action == "deleted":
        notify(content.user_id, "moderation", None, detail=f"{action}|{kind}|{content.title}"[:300])
    else:
        detail = f"{action}|{reason}" if reason else action
        notify(content.user_id, "moderation", None, content, kind, detail=detail[:300])


@hookimpl
def on_report_closed(report):
    if report.reporter_id is None:
        return
    where = {"story": report.story_id, "video": report.video_id, "comment": report.comment_id}
    notify(report.reporter_id, "report", None, detail=report.status,
           **{key: value for key, value in where.items() if value})
