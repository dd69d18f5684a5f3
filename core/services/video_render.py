"""Video rendering jobs (filled in by the video pipeline)."""
