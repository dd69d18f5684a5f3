"""A story's plan (``stories.plan``, JSON text of ``core.story_plan.StoryPlanSchema``): the cast,
places, key elements, twist and beats it was written from, NULL for the stories made before (and
for stories written by hand). A database created from the current models by 0001 already has it:
the column is only added when missing. Plain nullable ``ADD COLUMN`` on both backends."""
import peewee


def upgrade(db, migrator):
    from playhouse.migrate import migrate
    if "plan" not in {column.name for column in db.get_columns("stories")}:
        migrate(migrator.add_column("stories", "plan", peewee.TextField(null=True)))
