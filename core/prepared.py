"""PostgreSQL: the hot reads sent as server-side prepared statements.

The server parses and plans a plain query every time it comes. For the story page's select of
one story with its author (33 columns, a join, a table with 14 indexes) that was most of the
server's work: pgbench on 10k stories, 4 clients, sent that select 4,600-5,800 times a second
as plain queries and 17,000-20,500 times prepared. A query marked ``hot(sql)`` (the story page's,
a signed-in reader's user and likes, the feeds') is prepared once per connection (``PREPARE``)
and then sent as ``EXECUTE`` with its parameters.

Only outside a transaction: a statement the server no longer has (``DISCARD ALL``, a pooler's
reset) or whose tables changed shape since it was prepared fails, and is prepared again, which
inside a transaction would have ended it. A parameter is typed by the column it is compared with:
a value that type cannot hold (a story id past 2^31) fails, and that query is sent plainly (which
finds nothing, as before). ``DREADFORGE_DB_PREPARE=0`` sends every query plainly
(behind a pooler in transaction mode, whose server connections do not keep what a client
prepared).
"""
import hashlib
import re
import weakref

import peewee
from psycopg2 import errors

_statements = {}  # the SQL of a hot query (``%s`` parameters) -> (its name, its PREPARE)
_prepared = weakref.WeakKeyDictionary()  # a connection -> the names it has prepared
_PARAM = re.compile(r"%[s%]")
_GONE = (errors.InvalidSqlStatementName, errors.FeatureNotSupported)


def hot(sql):
    """Mark ``sql`` as a hot read and return it. PostgreSQL's ``%s`` parameters become ``$1``,
    ``$2`` …; SQL in another parameter style (SQLite's ``?``) is left plain."""
    if sql not in _statements and "%s" in sql:
        numbers = iter(range(1, sql.count("%s") + 1))
        text = _PARAM.sub(lambda m: "%" if m.group() == "%%" else f"${next(numbers)}", sql)
        name = "df_" + hashlib.blake2s(sql.encode(), digest_size=8).hexdigest()
        _statements[sql] = (name, f"PREPARE {name} AS {text}")
    return sql


def is_hot(sql):
    """Whether ``sql`` was marked a hot read."""
    return sql in _statements


def install(db):
    """Send ``db``'s hot queries as prepared statements (a PostgreSQL database)."""
    plain = db.execute_sql

    def execute_sql(sql, params=None):
        statement = _statements.get(sql)
        if statement is None or db.in_transaction():
            return plain(sql, params)
        try:
            return _execute(db, sql, statement, params or ())
        except peewee.DataError:  # a value its parameter's type cannot hold (an id past int4):
            return plain(sql, params)  # as plain SQL, which compares it as the value it is
    db.execute_sql = execute_sql


def _execute(db, sql, statement, params):
    name, prepare = statement
    execute = f"EXECUTE {name}({', '.join(['%s'] * len(params))})" if params else f"EXECUTE {name}"
    db._log_query(sql, params)
    with peewee.__exception_wrapper__:
        cursor = db.cursor()
        prepared = _prepared.setdefault(db.connection(), set())
        for again in (True, False):
            try:
                if name not in prepared:
                    cursor.execute(prepare)
                    prepared.add(name)
                cursor.execute(execute, params)
                return cursor
            except _GONE:  # discarded, or its tables changed: prepare again (once)
                if not again:
                    raise
                cursor.execute("DEALLOCATE ALL")
                prepared.clear()
