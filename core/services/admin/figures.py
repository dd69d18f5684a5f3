"""Admin: the panel's figures (users, stories, videos, views, open reports)."""
from peewee import fn

from core.models import ADMIN_ROLES, Report, Story, User, Video
from core.services.admin.paging import counting, scalars
from core.services.admin.users import banned_now, clock, inactive


def stats():
    """The panel's figures in one statement of index-only counts (one snapshot): ranges of the
    status, role and visibility indexes; SQLite counts a whole table from its smallest index
    without reading the entries; the views are summed over the (is_public, views, id) indexes.
    Active users and public items are the whole less the (few) others: ``is_active`` and
    ``is_public`` are NOT NULL booleans."""
    now = clock()

    def views(model):
        return model.select(fn.COALESCE(fn.SUM(model.views), 0))

    (users, idle, active_banned, banned, admins, stories, private_stories, story_views, videos,
     private_videos, video_views, open_reports) = scalars(
        counting(User), counting(User, inactive()),
        counting(User, (User.is_active == True) & banned_now(now)),  # noqa: E712
        counting(User, banned_now(now)), counting(User, User.role.in_(ADMIN_ROLES)),
        counting(Story), counting(Story, Story.is_public == False),  # noqa: E712
        views(Story),
        counting(Video), counting(Video, Video.is_public == False),  # noqa: E712
        views(Video),
        counting(Report, Report.status == "open"))
    return {"totalUsers": users, "activeUsers": users - idle - active_banned,
            "inactiveUsers": idle, "bannedUsers": banned, "adminUsers": admins,
            "totalStories": stories, "publicStories": stories - private_stories,
            "totalVideos": videos, "publicVideos": videos - private_videos,
            "totalViews": int(story_views) + int(video_views), "openReports": open_reports}
