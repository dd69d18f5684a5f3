"""One flask-smorest Blueprint per resource."""
from core.api import (admin, admin_jobs, ads, auth, comments, jobs, media, share_targets, stories,
                      story_ai, users, videos)

BLUEPRINTS = [auth.blp, story_ai.blp, stories.blp, videos.blp, users.blp, jobs.blp, admin.blp,
              admin_jobs.blp, share_targets.blp, ads.blp, media.blp, comments.blp]
