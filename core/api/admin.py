"""Admin (filled in by the moderation work)."""
from core.errors import Blueprint

blp = Blueprint("admin", __name__, url_prefix="/api/admin", description="Administration")
