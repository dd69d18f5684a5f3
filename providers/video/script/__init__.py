"""What a video says and shows: the narration script and its scenes."""
