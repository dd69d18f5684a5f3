"""The pictures of each scene: what it shows, and the painting of it."""
