"""``jobs``: which queue a job was put on, how often it ran again, and its time limit.

* ``queue_ident``: the identity of the Redis the job was enqueued on (``core.jobs.queue_identity``)
  and the queue prefix, so a worker's reaper only ever touches jobs of its own queue;
* ``retries``: how many times the job was put on the queue again (automatically after the queue
  lost it, or by an admin);
* ``timeout``: its time limit in seconds, to enqueue it again with the same one.

Plain ``ADD COLUMN`` on both backends (nullable, or NOT NULL with a default), as in 0006."""

COLUMNS = (("queue_ident", 'VARCHAR(120)'), ("retries", "INTEGER NOT NULL DEFAULT 0"),
           ("timeout", "INTEGER"))


def upgrade(db, migrator):
    columns = {column.name for column in db.get_columns("jobs")}
    for name, kind in COLUMNS:
        if name not in columns:
            db.execute_sql(f'ALTER TABLE "jobs" ADD COLUMN "{name}" {kind}')
