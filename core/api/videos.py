"""Videos (filled in by the video pipeline)."""
from core.errors import Blueprint

blp = Blueprint("videos", __name__, url_prefix="/api/videos", description="Videos")
