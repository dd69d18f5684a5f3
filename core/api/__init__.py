"""One flask-smorest Blueprint per resource.

Every write (POST, PUT, PATCH, DELETE) of these blueprints answers a signed-out caller 401 before
its body is read (``core.auth.writes_need_sign_in``), except the public writes named here.
"""
from core.api import (
    admin,
    admin_jobs,
    ads,
    auth,
    comments,
    drafts,
    jobs,
    media,
    notifications,
    reading,
    series,
    share_targets,
    stories,
    story_ai,
    tags,
    users,
    videos,
)
from core.auth import writes_need_sign_in

BLUEPRINTS = [auth.blp, story_ai.blp, stories.blp, videos.blp, users.blp, jobs.blp, admin.blp,
              admin_jobs.blp, share_targets.blp, ads.blp, media.blp, comments.blp,
              notifications.blp, notifications.feed_blp, tags.blp, series.blp, reading.blp,
              drafts.blp]

PUBLIC_WRITES = {
    "auth.Register": "creating an account is how a visitor signs in",
    "auth.Login": "signing in",
    "auth.login_page": "the sign-in page's form",
    "auth.Logout": "signing out when already signed out is no error (204)",
    "auth.logout_page": "the sign-out page's form: home, signed in or not",
    "stories.ContentShare": "visitors share too (recorded for signed-in users only)",
    "videos.ContentShare": "visitors share too (recorded for signed-in users only)",
}

for _blueprint in BLUEPRINTS:
    _blueprint.before_request(writes_need_sign_in(PUBLIC_WRITES))
