"""Reports queue and admin audit log, as first made (frozen: see 0001)."""
import datetime as dt

import peewee


def tables(db):
    """The tables this revision adds, bound to ``db`` (``users``, ``stories``, ``videos`` and
    ``comments`` only as the targets of foreign keys: they exist since 0001)."""

    class Frozen(peewee.Model):
        class Meta:
            database = db
            legacy_table_names = False

    def existing(name):
        class Table(Frozen):
            class Meta:
                table_name = name
        return Table

    users, stories, videos, comments = (existing(name)
                                        for name in ("users", "stories", "videos", "comments"))

    class Report(Frozen):
        reporter = peewee.ForeignKeyField(users, null=True, on_delete="CASCADE")
        story = peewee.ForeignKeyField(stories, null=True, on_delete="CASCADE")
        video = peewee.ForeignKeyField(videos, null=True, on_delete="CASCADE")
        comment = peewee.ForeignKeyField(comments, null=True, on_delete="CASCADE")
        reason = peewee.TextField()
        status = peewee.CharField(max_length=20, default="open")
        resolved_by = peewee.ForeignKeyField(users, null=True, on_delete="SET NULL",
                                             backref="resolved")
        resolution_note = peewee.TextField(null=True)
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)
        resolved_at = peewee.DateTimeField(null=True)

        class Meta:
            table_name = "reports"
            indexes = (
                (("reporter", "story"), True),
                (("reporter", "video"), True),
                (("reporter", "comment"), True),
                (("status", "created_at"), False),
            )

    class AuditEntry(Frozen):
        actor = peewee.ForeignKeyField(users, null=True, on_delete="SET NULL")
        actor_email = peewee.CharField(max_length=254, default="")
        action = peewee.CharField(max_length=50)
        target_type = peewee.CharField(max_length=20)
        target_id = peewee.IntegerField(null=True)
        target_label = peewee.CharField(max_length=300, default="")
        reason = peewee.TextField(null=True)
        details = peewee.TextField(null=True)
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow, index=True)

        class Meta:
            table_name = "audit_log"

    return [Report, AuditEntry]


def upgrade(db, migrator):
    db.create_tables(tables(db), safe=True)
