"""What a video sounds like: the voices, the narration on its timeline, the music and the mix."""
