"""Numbered schema migrations, applied in order and recorded in ``schema_migrations``.

Each module ``NNNN_name.py`` defines ``upgrade(db, migrator)``. A migration only ever adds to what
the ones before it made, so a database at any older revision upgrades without losing rows. Once a
migration has shipped, a later change to a model needs a new migration (``migrator.add_column`` …).

Migrations are frozen: each one describes its own tables and columns (peewee models declared in
the migration, raw SQL, or ``migrator`` operations), never ``core.models``, so that a change to a
model cannot change what an old migration makes. tests/test_migrations.py migrates an empty
database to the head and compares its schema with ``create_tables`` on the current models; what a
migration makes that no model declares (search tables, expression indexes) it names in
``NOT_IN_MODELS`` (tables, their FTS shadow tables by prefix, and indexes).
"""
import importlib
import pkgutil
from contextlib import contextmanager

import peewee
from playhouse.migrate import PostgresqlMigrator, SqliteMigrator

from core import bulk_postgres
from core.db import BaseModel, database
from core.models import utcnow


class SchemaMigration(BaseModel):
    version = peewee.CharField(max_length=100, primary_key=True)
    applied_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "schema_migrations"


def available():
    """Migration module names in order, e.g. ``['0001_initial', '0002_moderation']``."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if info.name[:4].isdigit())


def applied():
    if not database.table_exists(SchemaMigration._meta.table_name):
        return []
    return sorted(row.version for row in SchemaMigration.select())


def pending():
    done = set(applied())
    return [name for name in available() if name not in done]


def _migrator(db):
    return SqliteMigrator(db) if isinstance(db, peewee.SqliteDatabase) else PostgresqlMigrator(db)


@contextmanager
def foreign_keys_off(db, wanted):
    """SQLite without foreign key enforcement (when ``wanted``), for a migration that rebuilds a
    table other tables point at: dropping the old table must not delete (cascade) their rows.
    The pragma is ignored inside a transaction, so it is checked rather than trusted."""
    if not (wanted and isinstance(db, peewee.SqliteDatabase)):
        yield
        return
    db.execute_sql("PRAGMA foreign_keys = OFF")
    try:
        if db.execute_sql("PRAGMA foreign_keys").fetchone()[0]:
            raise RuntimeError("foreign keys cannot be turned off inside a transaction: "
                               "run the migration on its own")
        yield
    finally:
        db.execute_sql("PRAGMA foreign_keys = ON")


def check_foreign_keys(db):
    """SQLite: every foreign key still finds its row (after a rebuild), or nothing is committed."""
    if isinstance(db, peewee.SqliteDatabase):
        broken = db.execute_sql("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise RuntimeError(f"foreign keys without their row: {broken[:5]}")


def upgrade(target=None):
    """Apply every pending migration (up to ``target`` inclusive); returns the names applied.
    Then make the indexes a bulk load dropped and did not make again (it was cut short after its
    commit: ``core.bulk_postgres.build_pending``)."""
    db = database.obj
    database.create_tables([SchemaMigration], safe=True)
    done = []
    for name in pending():
        if target is not None and name > target:
            break
        module = importlib.import_module(f"{__name__}.{name}")
        with foreign_keys_off(db, getattr(module, "FOREIGN_KEYS_OFF", False)):
            with database.atomic():
                module.upgrade(db, _migrator(db))
                check_foreign_keys(db)
                SchemaMigration.create(version=name)
        done.append(name)
    bulk_postgres.build_pending()
    return done
