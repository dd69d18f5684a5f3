"""`dreadforge db upgrade` brings a database made at an older revision up to date, keeping rows."""
import pytest
from playhouse.db_url import connect

from core import migrations
from core.db import database
from core.models import Report, Story, User
from tests.conftest import PG_URL


@pytest.fixture(params=["sqlite", "postgres"])
def blank_database(request, tmp_path):
    """A brand-new empty database (its own file, or its own PostgreSQL schema)."""
    previous = database.obj
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.db'}"
    else:
        schema = f"mig_{tmp_path.name[-20:].replace('-', '_')}".lower()
        admin = connect(PG_URL)
        admin.execute_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        admin.execute_sql(f'CREATE SCHEMA "{schema}"')
        admin.close()
        url = f"{PG_URL}?options=-csearch_path%3D{schema}"
    from core.db import bind
    db = bind(url)
    db.connect()
    yield db
    db.close()
    if request.param == "postgres":
        admin = connect(PG_URL)
        admin.execute_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        admin.close()
    database.initialize(previous)


def test_upgrade_from_first_revision_keeps_data(blank_database):
    assert migrations.upgrade(target="0001_initial") == ["0001_initial"]
    assert not blank_database.table_exists("reports")
    user = User.create(email="old@example.com", password_hash="x", first_name="Old")
    Story.create(user=user, title="Before the upgrade", content="Still here.",
                 genre="Slasher", mood="Dark")

    applied = migrations.upgrade()

    assert applied == [name for name in migrations.available() if name != "0001_initial"]
    assert migrations.pending() == []
    assert Story.get().title == "Before the upgrade"
    assert User.get().email == "old@example.com"
    Report.create(reporter=user, story=Story.get(), reason="now possible")
    assert Report.select().count() == 1


def test_upgrade_is_idempotent(blank_database):
    first = migrations.upgrade()
    assert first == migrations.available()
    assert migrations.upgrade() == []
