"""An FTS5 index of an SQLite table built on another core while a bulk load writes the table.

A bulk load (``core.bulk.loading``) builds a table's FTS5 indexes once its rows are in: a
``rebuild`` reads every row back and tokenizes it, on the one core that also writes the rows and
builds the B-tree indexes (a million stories: 39 of 94 s). Instead, while the rows go into an
empty table, a ``SideIndex`` per FTS5 table tokenizes the same rows into a table of the same
definition in a file of its own, in a thread with its own connection (SQLite runs without
Python's lock while it tokenizes), and at the end its shadow tables (the index's pages) are
copied into the database's, emptied first: the index a ``rebuild`` makes of those rows. Only for
tables that were empty when the load began: a ``rebuild`` also indexes the rows already there.

The rows' ids are the ones SQLite gives a table with an integer primary key and no id in the
insert: one more than the largest so far, in insert order.
"""
import logging
import os
import queue
import shutil
import sqlite3
import tempfile
import threading
import time

log = logging.getLogger(__name__)

#: chunks of rows waiting for the tokenizing thread (each is ``core.bulk.CHUNK`` rows): the
#: rows go in faster than they are tokenized, and the loading thread goes on to the B-tree
#: indexes meanwhile (a million stories wait as ~200 MB of tuples of the pool's shared texts)
BACKLOG = 64
_END = None


class SideIndex(threading.Thread):
    """Builds the FTS5 table ``name`` (its ``sql``; indexing ``columns`` of ``table``) in a file
    of its own from the rows ``feed`` gives it; ``finish()`` once they are all given, then
    ``copy_into(path)``. A failure is kept (``error``): the load then rebuilds as before."""

    def __init__(self, name, sql, columns, table, hash_bytes):
        super().__init__(name=f"side-index-{name}", daemon=True)
        self.name, self.sql, self.columns, self.table = name, sql, columns, table
        self.hash_bytes = hash_bytes
        self.folder = tempfile.mkdtemp(prefix="dreadforge-side-")
        self.path = os.path.join(self.folder, "side.db")
        self.chunks = queue.Queue(BACKLOG)
        self.error = None

    def feed(self, columns, first_id, rows):
        """Rows ``rows`` (tuples in the order of ``columns``) just inserted into the table, the
        first with id ``first_id``."""
        if self.error is not None:
            return
        places = {column: i for i, column in enumerate(columns)}
        if any(column not in places for column in self.columns):
            self.error = f"the load does not give {', '.join(self.columns)}"
            return
        at = [places[column] for column in self.columns]
        self.chunks.put([(first_id + i, *(row[j] for j in at)) for i, row in enumerate(rows)])

    def run(self):
        """Tokenize each chunk as it comes until ``_END``; after a failure, only drain them."""
        connection = sqlite3.connect(self.path)
        names = ", ".join(f'"{column}"' for column in self.columns)
        insert = (f'INSERT INTO "{self.name}" (rowid, {names}) '
                  f'VALUES (?{", ?" * len(self.columns)})')
        try:
            connection.execute("PRAGMA journal_mode = OFF")
            connection.execute("PRAGMA synchronous = OFF")
            connection.execute(self.sql)
            connection.execute(f"INSERT INTO \"{self.name}\" (\"{self.name}\", rank) "
                               "VALUES ('hashsize', ?)", (self.hash_bytes,))
        except sqlite3.Error as error:
            self.error = repr(error)
        while (rows := self.chunks.get()) is not _END:
            if self.error is None:
                try:
                    connection.executemany(insert, rows)
                except sqlite3.Error as error:
                    self.error = repr(error)
        try:
            connection.commit()
        except sqlite3.Error as error:
            self.error = self.error or repr(error)
        connection.close()

    def finish(self):
        """Wait for the last rows to be tokenized; True when the index is whole."""
        self.chunks.put(_END)
        started = time.perf_counter()
        self.join()
        log.info("search index %s done %.1f s after the rows%s", self.name,
                 time.perf_counter() - started, f" (failed: {self.error})" if self.error else "")
        return self.error is None

    def copy_into(self, path):
        """Replace the index's pages in the database at ``path`` with the ones built, in one
        transaction of a connection of its own (one that used the index before would keep its
        old pages in memory; this one's commit tells every other connection to read them)."""
        target = sqlite3.connect(path, timeout=10, isolation_level=None)
        try:
            target.execute("PRAGMA synchronous = OFF")
            target.execute("ATTACH DATABASE ? AS side", (self.path,))
            target.execute("BEGIN IMMEDIATE")
            for (shadow,) in target.execute(
                    "SELECT name FROM side.sqlite_master WHERE type = 'table' AND name > ? "
                    "AND name < ?", (f"{self.name}_", f"{self.name}_\uffff")).fetchall():
                target.execute(f'DELETE FROM main."{shadow}"')
                target.execute(f'INSERT INTO main."{shadow}" SELECT * FROM side."{shadow}"')
            target.execute("COMMIT")
        finally:
            target.close()

    def remove(self):
        """Stop the thread if the load ended before ``finish()`` (it failed), delete the file."""
        if self.is_alive():
            self.chunks.put(_END)
            self.join()
        shutil.rmtree(self.folder, ignore_errors=True)
