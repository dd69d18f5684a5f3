"""PostgreSQL's connection pool: peewee's, without a round trip to the server at each checkout.

peewee 4's pool asks the server ``SELECT 1`` every time it hands out an idle connection, holding
the pool's lock meanwhile: one round trip per request, the server's work for it, and the
process's other threads waiting for the lock. An idle connection has nothing to read: a server
that ended it (a restart, ``pg_terminate_backend``, an idle timeout) sent its goodbye and closed
the socket, which makes it readable. So a connection whose socket has nothing to read is handed
out at once; one with something to read is asked as before (and dropped when it fails).
"""
from playhouse.pool import PooledPostgresqlDatabase
from psycopg2.extensions import TRANSACTION_STATUS_IDLE

from core.sockets import readable


class PostgresPool(PooledPostgresqlDatabase):
    def connection_at_hand(self):
        """Whether this thread's next query has a connection without making one: it holds one,
        or the pool has an idle one."""
        return not self.is_closed() or bool(self._connections)

    def _is_closed(self, conn):
        if not conn.closed and conn.get_transaction_status() == TRANSACTION_STATUS_IDLE \
                and not readable(conn):
            return False
        return super()._is_closed(conn)
