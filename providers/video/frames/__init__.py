"""The frames: scene layers, overlays, captions, transitions, title and end cards, YUV."""
