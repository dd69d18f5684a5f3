"""The video's narration script and its last render's scenes (``videos.script``, ``videos.scenes``,
JSON text, NULL for the videos made before). A database created from the current models by
0001 already has both columns: only the missing ones are added."""
import peewee

COLUMNS = ("script", "scenes")


def upgrade(db, migrator):
    from playhouse.migrate import migrate
    present = {column.name for column in db.get_columns("videos")}
    operations = [migrator.add_column("videos", name, peewee.TextField(null=True))
                  for name in COLUMNS if name not in present]
    if operations:
        migrate(*operations)
