"""PostgreSQL: ``stories.content_vector`` (migration 0010) kept by a trigger instead of as a
generated column; nothing on SQLite.

The column's value is the same, ``strip(to_tsvector('simple', content))``, computed by the
trigger ``stories_content_vector`` before every insert and every update of the text. A generated
column cannot be written, so a bulk load (``dreadforge seed``) paid PostgreSQL's tokenizing of
every story's text, half a millisecond each: 577 of the 696 s a million stories took, while the
seed's stories share two hundred texts. A plain column lets the load write the words it computed
once per text, with the trigger dropped for the load (``core.bulk``).

``ALTER COLUMN … DROP EXPRESSION`` needs PostgreSQL 13; an older server keeps the generated
column (the seed then lets PostgreSQL compute it, as before).

Self-contained SQL: it names its table and columns and reads no model.
"""
import logging

log = logging.getLogger(__name__)

COLUMN = "content_vector"
TRIGGER = "stories_content_vector"
FUNCTION = "stories_content_vector"
NOT_IN_MODELS = ()


def upgrade(db, migrator):
    import peewee
    if isinstance(db, peewee.SqliteDatabase):
        return
    try:
        with db.atomic():  # a savepoint: the migration's transaction survives an old server
            db.execute_sql(f'ALTER TABLE "stories" ALTER COLUMN "{COLUMN}" DROP EXPRESSION')
    except Exception as error:  # noqa: BLE001 - PostgreSQL before 13
        log.warning("stories.%s stays a generated column (%s)", COLUMN, error)
        return
    db.execute_sql(f'CREATE OR REPLACE FUNCTION "{FUNCTION}"() RETURNS trigger '
                   "LANGUAGE plpgsql AS $$ BEGIN "
                   f"NEW.\"{COLUMN}\" := strip(to_tsvector('simple', NEW.\"content\")); "
                   "RETURN NEW; END $$")
    db.execute_sql(f'DROP TRIGGER IF EXISTS "{TRIGGER}" ON "stories"')
    db.execute_sql(f'CREATE TRIGGER "{TRIGGER}" BEFORE INSERT OR UPDATE OF "content" '
                   f'ON "stories" FOR EACH ROW EXECUTE FUNCTION "{FUNCTION}"()')
