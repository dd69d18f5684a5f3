"""Drafts gain a revision (``drafts.revision``, 1 for the drafts already kept): every save of a
draft counts one more, and a save made from an older revision (another tab or window of the same
author wrote the draft since) is refused instead of overwriting it.

Plain ``ADD COLUMN`` with a default on both backends, as in 0019."""


def upgrade(db, migrator):
    if "revision" not in {column.name for column in db.get_columns("drafts")}:
        db.execute_sql('ALTER TABLE "drafts" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 1')
