"""`dreadforge db upgrade` brings a database made at an older revision up to date, keeping rows."""

from core import migrations
from core.models import Report, Story, User


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
