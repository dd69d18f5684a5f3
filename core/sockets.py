"""Whether a socket has something to read, without reading it."""
import select


def readable(source, timeout=0.0):
    """Whether ``source`` (a socket, or anything with ``fileno()``) has something to read (or
    was closed by its peer) now, or within ``timeout`` seconds."""
    poll = select.poll()
    poll.register(source, select.POLLIN)
    return bool(poll.poll(timeout * 1000))
