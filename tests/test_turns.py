"""A web process's requests take turns computing, first come first served (issue 15)."""
import threading
import time

import pytest

from core.turns import Turns, away


def test_requests_are_served_in_the_order_they_came_and_one_at_a_time():
    turns, order, running, overlaps = Turns(), [], [], []
    first_in = threading.Event()

    def request(n):
        with turns.turn():
            if n == 0:
                first_in.set()
                time.sleep(0.3)  # the others line up meanwhile, in the order they arrive
            running.append(n)
            overlaps.append(len(running))
            time.sleep(0.01)
            order.append(n)
            running.remove(n)

    threads = [threading.Thread(target=request, args=(n,)) for n in range(8)]
    threads[0].start()
    first_in.wait()
    for thread in threads[1:]:
        thread.start()
        time.sleep(0.02)  # arrival order 1, 2, 3 …
    for thread in threads:
        thread.join()
    assert order == list(range(8))
    assert max(overlaps) == 1


def test_a_waiting_request_lets_the_next_one_run():
    def long_poll():
        with away():
            time.sleep(1)

    waiting, answered, order = quick_page_during(long_poll)
    waiting.join()
    assert answered < 0.5  # not behind the long-poll's second
    assert order == ["quick page", "waiting page"]


def test_away_without_a_turn_does_nothing():
    with away():
        pass  # a test client or the development server holds none: no error, no wait


def quick_page_during(wait, database=None):
    """``wait()`` run in one request's turn, and a second request asked for 0.2 s into it: (the
    first's thread, the seconds the second took to be served, the order the two finished in)."""
    turns, order, inside = Turns(), [], threading.Event()

    def waiting_page():
        with turns.turn():
            inside.set()
            wait()
            order.append("waiting page")
        if database is not None:
            database.close()  # this thread's connection back

    def quick_page():
        with turns.turn():
            order.append("quick page")

    waiting = threading.Thread(target=waiting_page)
    waiting.start()
    inside.wait()
    time.sleep(0.2)  # into its wait
    started = time.monotonic()
    quick = threading.Thread(target=quick_page)
    quick.start()
    quick.join(timeout=5)
    return waiting, time.monotonic() - started, order


@pytest.mark.parametrize("env", ["postgres"], indirect=True)
def test_a_query_running_on_postgresql_lets_the_process_serve_others(db):
    """PostgreSQL works in its own process: meanwhile the web process serves its next request,
    and the one whose query ran resumes ahead of new ones."""
    waiting, answered, order = quick_page_during(lambda: db.execute_sql("SELECT pg_sleep(1)"), db)
    waiting.join()
    assert answered < 0.5  # not behind the second-long query
    assert order == ["quick page", "waiting page"]


def test_a_request_back_from_a_wait_goes_ahead_of_new_ones():
    turns, order = Turns(), []
    back = threading.Event()

    def under_way():
        with turns.turn():
            with away(first=True):
                back.wait()  # meanwhile the new ones line up behind the turn taken below
            order.append("under way")

    def new(n):
        with turns.turn():
            order.append(f"new {n}")

    turns.take()  # a request computing while the others arrive
    first = threading.Thread(target=under_way)
    first.start()
    time.sleep(0.1)
    turns.give()
    newcomers = [threading.Thread(target=new, args=(n,)) for n in range(3)]
    turns.take()
    for thread in newcomers:
        thread.start()
    time.sleep(0.1)
    back.set()
    time.sleep(0.1)
    turns.give()
    for thread in [first, *newcomers]:
        thread.join()
    assert order[0] == "under way", order


def test_a_lock_held_by_a_request_that_is_away_is_waited_for_without_the_turn():
    """A page builder holds its lock while its query runs (away); a second request waiting for
    that lock must not keep the turn the builder needs back (the PostgreSQL bench froze so)."""
    from core.turns import holding
    turns, build, done = Turns(), threading.Lock(), []
    building = threading.Event()

    def builder():
        with turns.turn(), holding(build):
            building.set()
            with away(first=True):  # the query
                time.sleep(0.3)
            done.append("built")

    def reader():
        with turns.turn(), holding(build):
            done.append("read")

    threads = [threading.Thread(target=builder, daemon=True)]
    threads[0].start()
    building.wait()
    threads.append(threading.Thread(target=reader, daemon=True))
    threads[1].start()
    for thread in threads:
        thread.join(timeout=5)
    assert done == ["built", "read"]


@pytest.mark.parametrize("env", ["sqlite"], indirect=True)
def test_a_write_waiting_for_sqlite_s_lock_lets_the_process_serve_others(db):
    """Another process (a worker, the other web process) holds the file's write lock: the
    request waiting to write gives its turn to a reader meanwhile."""
    import sqlite3

    from core.db import write_transaction
    other = sqlite3.connect(db.database, timeout=10, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")

    def write():
        with write_transaction():
            pass

    try:
        waiting, answered, order = quick_page_during(write, db)
        time.sleep(0.3)
    finally:
        other.rollback()
        other.close()
    waiting.join()
    assert answered < 0.5
    assert order == ["quick page", "waiting page"]
