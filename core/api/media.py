"""Media files (filled in by the video pipeline)."""
from core.errors import Blueprint

blp = Blueprint("media", __name__, url_prefix="/media", description="Media files")
