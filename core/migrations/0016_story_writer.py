"""``stories.writer``: which writer wrote a generated story, in a reader's words ("Offline
engine", "Gemma 3 4B IT (llama.cpp)", "gpt-4o-mini (OpenAI-compatible)"); empty for a story
written by hand or saved before this migration.

One ``ADD COLUMN … NOT NULL DEFAULT ''`` on both backends, as in 0006 (no table rebuild)."""


def upgrade(db, migrator):
    columns = {column.name for column in db.get_columns("stories")}
    if "writer" not in columns:
        db.execute_sql('ALTER TABLE "stories" ADD COLUMN "writer" VARCHAR(80) NOT NULL '
                       "DEFAULT ''")
