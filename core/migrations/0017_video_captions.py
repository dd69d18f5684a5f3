"""``videos.captions``: subtitles a cue at a time (``phrase``, what every video made before had)
or with the spoken word highlighted and timed in the WebVTT (``word``). Plain ``ADD COLUMN``,
NOT NULL with a default, on both backends (as in 0014)."""


def upgrade(db, migrator):
    columns = {column.name for column in db.get_columns("videos")}
    if "captions" not in columns:
        db.execute_sql("ALTER TABLE \"videos\" ADD COLUMN \"captions\" VARCHAR(10) NOT NULL "
                       "DEFAULT 'phrase'")
