"""The encoder: frames and sound into an MP4 (the bundled ffmpeg)."""
