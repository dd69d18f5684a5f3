"""The reading list (bookmarks of stories and videos) and how far a reader got in a story.

A reader's list is theirs only: every call takes the signed-in user, and nothing reads another
user's bookmarks or progress. An item that stops being visible to its reader (made private by
its author) leaves their list until it is visible again."""
from types import SimpleNamespace

from peewee import JOIN

from core import db
from core.models import Bookmark, Like, ReadingProgress, Story, Video, utcnow
from core.pagination import page_of
from core.schemas.content import excerpt
from core.services import feeds, mature, series_places, videos


def _fk(content):
    return Bookmark.story if isinstance(content, Story) else Bookmark.video


def bookmark(content, user):
    """Put ``content`` on ``user``'s reading list (idempotent)."""
    with db.write_transaction():
        db.database.execute(Bookmark.insert({_fk(content): content.id, Bookmark.user: user.id})
                            .on_conflict_ignore())
    return {"bookmarked": True}


def unbookmark(content, user):
    """Take ``content`` off ``user``'s reading list (idempotent)."""
    with db.write_transaction():
        Bookmark.delete().where((_fk(content) == content.id) & (Bookmark.user == user.id)).execute()
    return {"bookmarked": False}


def is_bookmarked(content_id, kind, user):
    if user is None:
        return False
    field = Bookmark.story if kind == "story" else Bookmark.video
    return Bookmark.select().where((Bookmark.user == user.id) & (field == content_id)).exists()


def progress_of(story_id, user):
    """How far ``user`` read the story (0 to 1), None when never (or signed out)."""
    if user is None:
        return None
    return (ReadingProgress.select(ReadingProgress.position)
            .where((ReadingProgress.user == user.id) & (ReadingProgress.story == story_id))
            .scalar())


def save_progress(story, user, position):
    """Remember how far ``user`` read ``story`` (one row per reader and story, last write wins),
    to a ten-thousandth (finer means nothing on a page, and PostgreSQL refuses a denormal float)."""
    position = round(position, 4)
    now = utcnow()
    with db.write_transaction():
        query = (ReadingProgress.insert(user=user.id, story=story.id, position=position,
                                        updated_at=now)
                 .on_conflict(conflict_target=[ReadingProgress.user, ReadingProgress.story],
                              update={ReadingProgress.position: position,
                                      ReadingProgress.updated_at: now}))
        db.database.execute(query)
    return {"position": position, "updatedAt": now}


def mark_story(item, user):
    """``isBookmarked`` and ``readingProgress`` on a dumped story (the community view)."""
    item["isBookmarked"] = is_bookmarked(item["id"], "story", user)
    item["readingProgress"] = progress_of(item["id"], user)
    return item


def mark_video(video, user):
    video.is_bookmarked = is_bookmarked(video.id, "video", user)
    return video


def _visible(user):
    """The conditions of the bookmarks whose item ``user`` may still see (admins: every item)."""
    if user.is_admin:
        return []
    story = Bookmark.story.is_null(False) & ((Story.is_public == True)  # noqa: E712
                                             | (Story.user == user.id))
    video = Bookmark.video.is_null(False) & ((Video.is_public == True)  # noqa: E712
                                             | (Video.user == user.id))
    return [story | video]


def reading_list(user, args):
    """``user``'s bookmarks, newest first (``?page=&limit=``): each a story or video card, a
    story's with how far they read it."""
    query = (Bookmark.select(Bookmark.id, Bookmark.story, Bookmark.video, Bookmark.created_at)
             .join(Story, JOIN.LEFT_OUTER, on=(Bookmark.story == Story.id))
             .join_from(Bookmark, Video, JOIN.LEFT_OUTER, on=(Bookmark.video == Video.id))
             .where(Bookmark.user == user.id, *_visible(user)))
    page = page_of(query, (Bookmark.id.desc(),), args)
    story_ids = [row.story_id for row in page.items if row.story_id]
    video_ids = [row.video_id for row in page.items if row.video_id]
    stories = {story.id: story for story in
               feeds.with_authors(Story).where(Story.id.in_(story_ids))} if story_ids else {}
    found = {video.id: video for video in
             feeds.with_authors(Video).where(Video.id.in_(video_ids))} if video_ids else {}
    feeds.mark_liked(list(stories.values()), user, Like.story)
    videos.decorate_many(list(found.values()), user)
    series_places.hide_rows(list(stories.values()), user)
    # bookmarked while they could read it: a reader who has turned mature content off since
    mature.gate_rows([*stories.values(), *found.values()], user)
    for story in stories.values():
        story.excerpt = "" if story.mature_gate else excerpt(story.content)
    for video in found.values():
        video.excerpt = "" if video.mature_gate else excerpt(video.description or video.content)
    progress = dict(ReadingProgress.select(ReadingProgress.story, ReadingProgress.position)
                    .where((ReadingProgress.user == user.id)
                           & ReadingProgress.story.in_(story_ids)).tuples()) if story_ids else {}
    page.items = [SimpleNamespace(
        id=row.id, kind="story" if row.story_id else "video", created_at=row.created_at,
        story=stories.get(row.story_id), video=found.get(row.video_id),
        reading_progress=progress.get(row.story_id)) for row in page.items]
    return page

