"""Domain services. Importing this package registers the built-in job handlers."""
from core.services import story_ai, video_render  # noqa: F401
