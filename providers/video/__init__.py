"""The video pipeline, grouped by stage (script, imagery, audio, frames, encode): the renderer the
``local`` and ``stability`` video providers share. ``pipeline.render`` runs the stages in order."""
