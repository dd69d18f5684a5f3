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


def test_session_version_is_added_to_an_older_users_table(blank_database):
    """0006: a users table made before sessions had versions gets the column, rows keep 0."""
    migrations.upgrade(target="0004_search_indexes")
    blank_database.execute_sql('ALTER TABLE "users" DROP COLUMN "session_version"')
    blank_database.execute_sql(
        "INSERT INTO users (email, password_hash, first_name, last_name, role, is_active, "
        "is_banned, created_at, updated_at) VALUES ('old@example.com', 'x', 'Old', '', 'user', "
        "true, false, '2024-01-01 00:00:00', '2024-01-01 00:00:00')")
    assert "0006_session_version" in migrations.upgrade()
    user = User.get(User.email == "old@example.com")
    assert user.session_version == 0 and user.get_id() == f"{user.id}:0"
