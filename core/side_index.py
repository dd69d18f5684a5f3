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
insert: one more than the largest so far, in insert order. Rows that draw their text from a few
shared ones (``core.bulk.insert_drawn``: the seed's story pool) reach the thread as the shared
texts once and then one JSON text of draws per chunk, which SQLite joins in C (with each row handed
over in Python, the loading thread's million rows took 47-50 s beside this thread, 36.5 s
without it; now 29-35 s beside it); an index that keeps only which rows hold a word gets each
shared text as its distinct words (``_Loader``).
"""
import logging
import os
import queue
import re
import shutil
import sqlite3
import tempfile
import threading
import time

log = logging.getLogger(__name__)

#: chunks of rows waiting for the tokenizing thread (each is ``core.bulk.CHUNK`` rows): the
#: rows go in faster than they are tokenized, and the loading thread goes on to the B-tree
#: indexes meanwhile (drawn rows wait as JSON texts of their draws, ~1 MB a chunk)
BACKLOG = 64
_END = None
_ROWS, _SHARE, _DRAWN = "rows", "share", "drawn"  # the kinds of chunk
#: FTS5 options under which an index is the same for a text and for its distinct words
WORDS_ONLY = re.compile(r"detail\s*=\s*'?none'?.*columnsize\s*=\s*'?0'?|"
                        r"columnsize\s*=\s*'?0'?.*detail\s*=\s*'?none'?", re.I | re.S)


class _Loader:
    """Writes the chunks into the FTS5 table ``name`` on ``connection`` (the side thread's).

    Drawn rows are joined in SQLite to the shared rows, stored once in a temporary table. When
    the index keeps only which rows hold a word (``detail=none, columnsize=0``: the stories'
    text), each shared text is stored as its distinct words, as the tokenizer gives them (a
    story of 450 words holds ~220): the index is the same, built in half the time. Only the
    words' total, kept for ranking, then counts each word once; ``count_every_token`` sets it to
    what the whole texts hold, as a ``rebuild`` would."""

    def __init__(self, connection, number, name, sql, columns):
        self.connection, self.name, self.sql, self.columns = connection, name, sql, columns
        self.shared = f"temp.shared_{number}"
        self.stage = f"words_stage_{number}"
        self.words_only = bool(WORDS_ONLY.search(sql))
        self.tokens = None  # per shared row: (tokens of each column, distinct words of each)
        self.missing = [0] * len(columns)  # tokens the distinct words left out, per column
        names = ", ".join(f'"{column}"' for column in columns)
        self.insert = (f'INSERT INTO "{name}" (rowid, {names}) '
                       f'VALUES (?{", ?" * len(columns)})')
        shared = ", ".join(f"s.c{i}" for i in range(len(columns)))
        self.insert_drawn = (
            f'INSERT INTO "{name}" (rowid, {names}) SELECT ? + j.key, {shared} '
            f"FROM json_each(?) AS j CROSS JOIN {self.shared} AS s "
            "ON s.k = json_extract(j.value, '$[0]')")

    def take(self, kind, *args):
        if kind == _ROWS:
            self.connection.executemany(self.insert, args[0])
        elif kind == _SHARE:
            self._share(args[0])
        else:
            first_id, picks = args
            self.connection.execute(self.insert_drawn, (first_id, picks))
            if self.words_only:
                for k, times in self.connection.execute(
                        "SELECT json_extract(value, '$[0]'), count(*) FROM json_each(?) "
                        "GROUP BY 1", (picks,)):
                    full, distinct = self.tokens[k]
                    for i in range(len(self.columns)):
                        self.missing[i] += times * (full[i] - distinct[i])

    def _share(self, shared):
        columns = ", ".join(f"c{i}" for i in range(len(self.columns)))
        self.connection.execute(f"DROP TABLE IF EXISTS {self.shared}")
        self.connection.execute(f"CREATE TABLE {self.shared} (k INTEGER PRIMARY KEY, {columns})")
        if self.words_only:
            shared, self.tokens = self._distinct_words(shared)
        self.connection.executemany(
            f"INSERT INTO {self.shared} VALUES (?{', ?' * len(self.columns)})",
            ((k, *row) for k, row in enumerate(shared)))

    def _distinct_words(self, shared):
        """Each shared row's texts as their distinct words (tokenized by a contentless copy of
        the table), with how many tokens each text and its words hold."""
        stage, vocab = f"temp.{self.stage}", f"temp.{self.stage}_vocab"
        tokenize = re.search(r"tokenize\s*=\s*('(?:[^']|'')*'|\"[^\"]*\")", self.sql)
        options = f", tokenize={tokenize.group(1)}" if tokenize else ""
        self.connection.execute(f"CREATE VIRTUAL TABLE {stage} USING fts5(text, content='', "
                                f"detail=none{options})")
        self.connection.execute(f"CREATE VIRTUAL TABLE {vocab} USING fts5vocab("
                                f"temp, {self.stage}, row)")
        rows, tokens = [], []
        for row in shared:
            texts, full, distinct = [], [], []
            for text in row:
                self.connection.execute(f"INSERT INTO {stage} (rowid, text) VALUES (1, ?)",
                                        (text,))
                words = [term for (term,) in self.connection.execute(f"SELECT term FROM {vocab}")]
                (averages,) = self.connection.execute(
                    f"SELECT block FROM temp.{self.stage}_data WHERE id = 1").fetchone()
                self.connection.execute(f"INSERT INTO {stage} ({self.stage}) "
                                        "VALUES ('delete-all')")
                texts.append(" ".join(words))
                full.append(read_varints(averages)[1] if averages else 0)
                distinct.append(len(words))
            rows.append(tuple(texts))
            tokens.append((full, distinct))
        return rows, tokens

    def count_every_token(self):
        """The index's averages record (rows, then tokens per column) counting every token of
        the whole texts, not only their distinct words."""
        if not any(self.missing):
            return
        data = f'"{self.name}_data"'
        (block,) = self.connection.execute(f"SELECT block FROM {data} WHERE id = 1").fetchone()
        rows, *totals = read_varints(block)
        totals = [total + missing for total, missing in zip(totals, self.missing)]
        self.connection.execute(f"UPDATE {data} SET block = ? WHERE id = 1",
                                (b"".join(varint(value) for value in (rows, *totals)),))


def varint(value):
    """``value`` (0 to 2**56 - 1) as SQLite's variable-length integer (FTS5's records use it)."""
    if value < 0x80:
        return bytes([value])
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    return bytes(reversed(out))


def read_varints(block):
    """The SQLite variable-length integers of ``block``, in order."""
    values, value = [], 0
    for byte in block:
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            values.append(value)
            value = 0
    return values


class SideIndex(threading.Thread):
    """Builds the FTS5 tables ``indexes`` (``(name, sql, columns)`` each: its definition and the
    columns of ``table`` it indexes) in a file of its own from the rows ``feed`` (or ``share``
    and ``feed_drawn``) gives it, one after the other per chunk; ``finish()`` once they are all
    given, then ``copy_into(path)``. A failure is kept (``error``): the load then rebuilds them
    as before."""

    def __init__(self, table, indexes, hash_bytes):
        self.names = [name for name, _sql, _columns in indexes]
        super().__init__(name=f"side-index-{table}", daemon=True)
        self.table, self.indexes, self.hash_bytes = table, indexes, hash_bytes
        self.folder = tempfile.mkdtemp(prefix="dreadforge-side-")
        self.path = os.path.join(self.folder, "side.db")
        self.chunks = queue.Queue(BACKLOG)
        self.error = None

    def _places(self, columns):
        """Where each index's columns are in ``columns``; None (and the error kept) when one
        is not there."""
        places = {column: i for i, column in enumerate(columns)}
        wanted = {column for _name, _sql, own in self.indexes for column in own}
        if not wanted <= set(places):
            self.error = f"the load does not give {', '.join(sorted(wanted - set(places)))}"
            return None
        return [[places[column] for column in own] for _name, _sql, own in self.indexes]

    def share(self, columns, shared):
        """Rows to come through ``feed_drawn`` draw their values for ``columns`` from ``shared``
        (``core.bulk.insert_drawn``)."""
        if self.error is None and (places := self._places(columns)) is not None:
            self.chunks.put((_SHARE, [[tuple(row[j] for j in at) for row in shared]
                                      for at in places]))

    def feed_drawn(self, first_id, picks):
        """Rows just inserted, the first with id ``first_id``: ``picks`` the JSON array of their
        draws (``[index into the shared rows, …]`` each), joined to the shared rows in SQLite."""
        if self.error is None:
            self.chunks.put((_DRAWN, first_id, picks))

    def feed(self, columns, first_id, rows):
        """Rows ``rows`` (tuples in the order of ``columns``) just inserted into the table, the
        first with id ``first_id``."""
        if self.error is None and (places := self._places(columns)) is not None:
            self.chunks.put((_ROWS, [[(first_id + i, *(row[j] for j in at))
                                      for i, row in enumerate(rows)] for at in places]))

    def run(self):
        """Tokenize each chunk as it comes until ``_END``; after a failure, only drain them."""
        connection = sqlite3.connect(self.path)
        loaders = []
        try:
            connection.execute("PRAGMA journal_mode = OFF")
            connection.execute("PRAGMA synchronous = OFF")
            for i, (name, sql, columns) in enumerate(self.indexes):
                connection.execute(sql)
                connection.execute(f"INSERT INTO \"{name}\" (\"{name}\", rank) "
                                   "VALUES ('hashsize', ?)", (self.hash_bytes,))
                loaders.append(_Loader(connection, i, name, sql, columns))
        except sqlite3.Error as error:
            self.error = repr(error)
        while (message := self.chunks.get()) is not _END:
            if self.error is None:
                try:
                    kind, *args = message
                    for i, loader in enumerate(loaders):
                        loader.take(kind, *(args if kind == _DRAWN else [args[0][i]]))
                except sqlite3.Error as error:
                    self.error = repr(error)
        try:
            connection.commit()
            for loader in loaders:
                loader.count_every_token()
            connection.commit()
        except sqlite3.Error as error:
            self.error = self.error or repr(error)
        connection.close()

    def finish(self):
        """Wait for the last rows to be tokenized; True when the index is whole."""
        self.chunks.put(_END)
        started = time.perf_counter()
        self.join()
        log.info("search index %s done %.1f s after the rows%s", ", ".join(self.names),
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
            for name in self.names:
                for (shadow,) in target.execute(
                        "SELECT name FROM side.sqlite_master WHERE type = 'table' AND name > ? "
                        "AND name < ?", (f"{name}_", f"{name}_\uffff")).fetchall():
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
