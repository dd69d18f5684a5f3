"""A web process's requests take turns computing, first come first served (issue 15)."""
import threading
import time

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
    turns, done = Turns(), []
    waiting = threading.Event()

    def long_poll():
        with turns.turn():
            with away():
                waiting.set()
                time.sleep(1)
            done.append("long-poll")

    def quick():
        with turns.turn():
            done.append("quick")

    poll = threading.Thread(target=long_poll)
    poll.start()
    waiting.wait()
    started = time.monotonic()
    quick_one = threading.Thread(target=quick)
    quick_one.start()
    quick_one.join()
    assert time.monotonic() - started < 0.5  # not behind the long-poll's second
    poll.join()
    assert done == ["quick", "long-poll"]


def test_away_without_a_turn_does_nothing():
    with away():
        pass  # a test client or the development server holds none: no error, no wait
