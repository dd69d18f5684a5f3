"""Users, stories, videos, comments, likes, shares, views and background jobs."""
from core.models import CORE_MODELS


def upgrade(db, migrator):
    db.create_tables(CORE_MODELS, safe=True)
