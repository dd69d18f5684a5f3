"""Notifications gain ``likes_since``: on a row of grouped likes, when the like that opened the
group was made. The row's count is then the people who like the item now and liked it since,
each once (a like, an unlike and a like again by one reader had counted two).

Plain nullable ``ADD COLUMN`` on both backends; rows written before it keep counting as before."""
import peewee


def upgrade(db, migrator):
    kind = "DATETIME" if isinstance(db, peewee.SqliteDatabase) else "TIMESTAMP"
    if "likes_since" not in {column.name for column in db.get_columns("notifications")}:
        db.execute_sql(f'ALTER TABLE "notifications" ADD COLUMN "likes_since" {kind}')
