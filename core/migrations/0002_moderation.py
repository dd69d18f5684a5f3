"""Reports queue and admin audit log."""
from core.models import MODERATION_MODELS


def upgrade(db, migrator):
    db.create_tables(MODERATION_MODELS, safe=True)
